// The JWS algorithms implemented (RFC 7518 §3.1), and how a header's "alg" is read.

/// A JWS signature algorithm.
public enum JWTAlgorithm: String, Sendable, Hashable, Codable, CaseIterable {
    /// ECDSA P-256 with SHA-256 (RFC 7518 §3.4): Apple client secrets.
    case es256 = "ES256"
    /// RSASSA-PKCS1-v1_5 with SHA-256 (§3.3): Apple identity tokens. Verification only.
    case rs256 = "RS256"
    /// HMAC with SHA-256 (§3.2).
    case hs256 = "HS256"

    /// The algorithm named by a header's "alg", refusing "none" in any letter case.
    static func fromHeader(_ name: String) throws(JWTError) -> JWTAlgorithm {
        if name.lowercased() == "none" { throw JWTError(.algorithmNone) }
        guard let algorithm = JWTAlgorithm(rawValue: name) else { throw JWTError(.unsupportedAlgorithm(name)) }
        return algorithm
    }
}

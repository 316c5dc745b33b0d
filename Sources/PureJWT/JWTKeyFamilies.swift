// Keys for a family of algorithms. An RSA key signs and verifies RS256/384/512 (PKCS#1 v1.5) and
// PS256/384/512 (PSS) alike, and an HMAC secret any HS algorithm its length allows, so a key read from a
// PEM file or a JWK without "alg" may be given the whole family — or an explicit list that narrows it,
// which is what a verifier should do whenever it knows what its issuer signs with. The key still decides:
// a token's "alg" outside the list is refused before any signature arithmetic.

import PureRSA
import PureSHA2

extension JWTKey {
    /// RS256, RS384, RS512, PS256, PS384 and PS512: every algorithm an RSA key can be used with.
    public static let rsaAlgorithms: [JWTAlgorithm] = [.rs256, .rs384, .rs512, .ps256, .ps384, .ps512]
    /// HS256, HS384 and HS512.
    public static let hmacAlgorithms: [JWTAlgorithm] = [.hs256, .hs384, .hs512]

    /// An RSA public key that verifies tokens of the listed algorithms (default: every RS and PS one).
    /// Throws when the list is empty or names an algorithm that is not RSA.
    public static func rsa(_ key: RSA.Signing.PublicKey, algorithms: [JWTAlgorithm] = rsaAlgorithms,
                           keyID: String? = nil) throws(JWTError) -> JWTKey {
        JWTKey(material: .rsa(key), keyID: keyID, algorithms: try checked(algorithms, within: rsaAlgorithms, "an RSA key"))
    }

    /// An RSA private key for the listed algorithms (default: every RS and PS one): it signs with the
    /// first unless a header names another of them, and verifies all of them.
    public static func rsa(_ key: RSA.Signing.PrivateKey, algorithms: [JWTAlgorithm] = rsaAlgorithms,
                           keyID: String? = nil) throws(JWTError) -> JWTKey {
        JWTKey(material: .rsaPrivate(key), keyID: keyID, algorithms: try checked(algorithms, within: rsaAlgorithms, "an RSA key"))
    }

    /// An HMAC secret for the listed HS algorithms; without a list, every HS algorithm whose hash output
    /// the secret is at least as long as (RFC 7518 §3.2: 32 bytes for HS256, 48 for HS384, 64 for HS512).
    /// Throws when the secret is shorter than 32 bytes, or than the hash output of a listed algorithm.
    public static func hmac(_ secret: SymmetricKey, algorithms: [JWTAlgorithm]? = nil,
                            keyID: String? = nil) throws(JWTError) -> JWTKey {
        let length = secret.bitCount / 8
        let listed: [JWTAlgorithm]
        if let algorithms {
            listed = try checked(algorithms, within: hmacAlgorithms, "an HMAC secret")
        } else {
            listed = hmacAlgorithms.filter { length >= minimumSecretLength($0) }
        }
        // Without a list, a secret too short for any HS algorithm is refused as too short for HS256.
        for algorithm in listed.isEmpty ? [.hs256] : listed where length < minimumSecretLength(algorithm) {
            throw JWTError(.invalidKey("an \(algorithm.rawValue) secret must be at least \(minimumSecretLength(algorithm)) bytes (RFC 7518 §3.2: no shorter than the hash output); this one is \(length). Generate a longer random secret"))
        }
        return JWTKey(material: .hmac(HMACSecret(secret, for: listed)), keyID: keyID, algorithms: listed)
    }

    /// `hmac(_:algorithms:keyID:)` with the secret given as bytes.
    public static func hmac(_ secret: [UInt8], algorithms: [JWTAlgorithm]? = nil, keyID: String? = nil) throws(JWTError) -> JWTKey {
        try hmac(SymmetricKey(data: secret), algorithms: algorithms, keyID: keyID)
    }

    /// The same key allowed only those of `algorithms` it already allows, in the order given (so the first
    /// of them the key allows is the one it signs with by default). Throws when the key allows none of them.
    public func restricted(to algorithms: [JWTAlgorithm]) throws(JWTError) -> JWTKey {
        var kept: [JWTAlgorithm] = []
        for algorithm in algorithms where self.algorithms.contains(algorithm) && !kept.contains(algorithm) { kept.append(algorithm) }
        guard !kept.isEmpty else {
            throw JWTError(.invalidKey("the key is for \(algorithmNames), none of \(algorithms.map(\.rawValue).joined(separator: ", "))"))
        }
        return JWTKey(material: material, keyID: keyID, algorithms: kept)
    }

    /// The same key with another key ID.
    public func withKeyID(_ keyID: String?) -> JWTKey {
        JWTKey(material: material, keyID: keyID, algorithms: algorithms)
    }

    private static func minimumSecretLength(_ algorithm: JWTAlgorithm) -> Int {
        switch algorithm {
        case .hs384: return 48
        case .hs512: return 64
        default: return 32
        }
    }

    /// `algorithms` without repeats, every one of them in `family`, at least one.
    private static func checked(_ algorithms: [JWTAlgorithm], within family: [JWTAlgorithm], _ kind: String) throws(JWTError) -> [JWTAlgorithm] {
        var unique: [JWTAlgorithm] = []
        for algorithm in algorithms where !unique.contains(algorithm) {
            guard family.contains(algorithm) else {
                throw JWTError(.invalidKey("\(kind) cannot be used with \(algorithm.rawValue); its algorithms are \(family.map(\.rawValue).joined(separator: ", "))"))
            }
            unique.append(algorithm)
        }
        guard !unique.isEmpty else {
            throw JWTError(.invalidKey("\(kind) needs at least one algorithm (\(family.map(\.rawValue).joined(separator: ", ")))"))
        }
        return unique
    }
}

/// An HMAC secret and its keyed states (both key blocks already compressed, copied per use) for the hashes
/// of the algorithms the key allows; nil for the others.
struct HMACSecret: Sendable {
    let secret: SymmetricKey
    let sha256: HMAC<SHA256>?
    let sha384: HMAC<SHA384>?
    let sha512: HMAC<SHA512>?

    init(_ secret: SymmetricKey, for algorithms: [JWTAlgorithm]) {
        self.secret = secret
        sha256 = algorithms.contains(.hs256) ? HMAC<SHA256>(key: secret) : nil
        sha384 = algorithms.contains(.hs384) ? HMAC<SHA384>(key: secret) : nil
        sha512 = algorithms.contains(.hs512) ? HMAC<SHA512>(key: secret) : nil
    }
}

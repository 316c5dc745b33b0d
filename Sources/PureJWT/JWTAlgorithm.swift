// The JWS algorithms implemented (RFC 7518 §3.1, RFC 8037 §3.1, RFC 8812 §3.2, RFC 9864 §2.2, RFC 9964), and how a header's "alg"
// is read.
//
// A struct with static members rather than an enum: algorithms are added in minor versions (ES384, RS512),
// and adding a case to a public enum would break every exhaustive `switch` in code that uses the package.

/// A JWS signature algorithm: the value of a header's "alg" (RFC 7518 §3.1).
///
/// Compare with the static members (`key.algorithm == .es256`). The set grows in minor versions; a `switch`
/// over algorithms needs a `default:`.
public struct JWTAlgorithm: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The registered name, as it appears in "alg" ("ES256").
    public let rawValue: String

    /// The algorithm with this registered name, if PureJWT implements it; `nil` for any other name,
    /// "none" included.
    public init?(rawValue: String) {
        guard let known = Self.implemented.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = known
    }

    init(registeredName: String) { rawValue = registeredName }

    /// ECDSA P-256 with SHA-256 (RFC 7518 §3.4): Apple client secrets.
    public static let es256 = JWTAlgorithm(registeredName: "ES256")
    /// RSASSA-PKCS1-v1_5 with SHA-256 (§3.3): Apple identity tokens, GitHub Apps, Google service accounts.
    public static let rs256 = JWTAlgorithm(registeredName: "RS256")
    /// HMAC with SHA-256 (§3.2).
    public static let hs256 = JWTAlgorithm(registeredName: "HS256")
    /// ECDSA P-384 with SHA-384 (§3.4).
    public static let es384 = JWTAlgorithm(registeredName: "ES384")
    /// RSASSA-PKCS1-v1_5 with SHA-384 (§3.3).
    public static let rs384 = JWTAlgorithm(registeredName: "RS384")
    /// RSASSA-PKCS1-v1_5 with SHA-512 (§3.3).
    public static let rs512 = JWTAlgorithm(registeredName: "RS512")
    /// ECDSA P-521 with SHA-512 (§3.4; the signature is r ‖ s, 66 bytes each).
    public static let es512 = JWTAlgorithm(registeredName: "ES512")
    /// ECDSA secp256k1 with SHA-256 (RFC 8812 §3.2; the signature is r ‖ s, 32 bytes each): an EC key with
    /// "crv" "secp256k1".
    public static let es256k = JWTAlgorithm(registeredName: "ES256K")
    /// HMAC with SHA-384 (§3.2).
    public static let hs384 = JWTAlgorithm(registeredName: "HS384")
    /// HMAC with SHA-512 (§3.2).
    public static let hs512 = JWTAlgorithm(registeredName: "HS512")

    /// RSASSA-PSS with SHA-256, MGF1 over SHA-256 and a 32-byte salt (RFC 7518 §3.5).
    public static let ps256 = JWTAlgorithm(registeredName: "PS256")
    /// RSASSA-PSS with SHA-384 (48-byte salt).
    public static let ps384 = JWTAlgorithm(registeredName: "PS384")
    /// RSASSA-PSS with SHA-512 (64-byte salt).
    public static let ps512 = JWTAlgorithm(registeredName: "PS512")

    /// EdDSA (RFC 8037 §3.1): an OKP key with "crv" "Ed25519" or "Ed448", whose curve decides the
    /// signature. RFC 9864 deprecates this polymorphic name in favour of ``ed25519`` and ``ed448``.
    public static let eddsa = JWTAlgorithm(registeredName: "EdDSA")
    /// Ed25519 (RFC 9864 §2.2): the fully specified name of what "EdDSA" means with an Ed25519 key — the
    /// same key, the same signature. An Ed25519 key verifies tokens of either name.
    public static let ed25519 = JWTAlgorithm(registeredName: "Ed25519")
    /// Ed448 (RFC 9864 §2.3): the fully specified name of what "EdDSA" means with an Ed448 key (RFC 8032
    /// §5.2, empty context). An Ed448 key verifies tokens of either name.
    public static let ed448 = JWTAlgorithm(registeredName: "Ed448")

    /// Every algorithm this version implements.
    public static let implemented: [JWTAlgorithm] = [.es256, .rs256, .hs256, .es384, .es512, .rs384, .rs512, .hs384, .hs512, .eddsa, .ed25519, .ps256, .ps384, .ps512,
                                                     .es256k, .ed448, .mldsa44, .mldsa65, .mldsa87]

    /// Whether the algorithm uses a shared secret (HS256/384/512) rather than a public key.
    public var isSymmetric: Bool { self == .hs256 || self == .hs384 || self == .hs512 }

    /// The registered name ("ES256").
    public var description: String { rawValue }

    /// Decodes a registered name, refusing names PureJWT does not implement.
    public init(from decoder: any Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let algorithm = JWTAlgorithm(rawValue: name) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "\"\(name)\" is not a JWS algorithm PureJWT implements (\(Self.implemented.map(\.rawValue).joined(separator: ", ")))"))
        }
        self = algorithm
    }

    /// Encodes the registered name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The algorithm named by a header's "alg", refusing "none" in any letter case.
    static func fromHeader(_ name: String) throws(JWTError) -> JWTAlgorithm {
        if name.lowercased() == "none" { throw JWTError(.algorithmNone) }
        guard let algorithm = JWTAlgorithm(rawValue: name) else { throw JWTError(.unsupportedAlgorithm(name)) }
        return algorithm
    }
}

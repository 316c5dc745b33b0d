// COSE algorithm identifiers (IANA "COSE Algorithms"; RFC 9053 §2, RFC 8812, RFC 8230, RFC 9864, RFC 9964) for the
// signatures WebAuthn and App Attest carry.

/// A COSE algorithm identifier: the integer in a COSE key's label 3 and in WebAuthn's `alg` fields.
///
/// Any integer can be held, so that an algorithm a client offers but no key here uses can still be named
/// in an error; the constants are the ones PureJWT verifies.
public struct COSEAlgorithm: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int64

    public init(rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// ECDSA with SHA-256 on P-256 (RFC 9053 §2.1; WebAuthn requires P-256).
    public static let es256 = COSEAlgorithm(rawValue: -7)
    /// ECDSA with SHA-384 on P-384.
    public static let es384 = COSEAlgorithm(rawValue: -35)
    /// ECDSA with SHA-512 on P-521.
    public static let es512 = COSEAlgorithm(rawValue: -36)
    /// ECDSA using P-256 and SHA-256, the fully specified identifier (RFC 9864 §2.1): what ES256 means
    /// with an EC2 P-256 key.
    public static let esp256 = COSEAlgorithm(rawValue: -9)
    /// ECDSA using P-384 and SHA-384 (RFC 9864 §2.1).
    public static let esp384 = COSEAlgorithm(rawValue: -51)
    /// ECDSA using P-521 and SHA-512 (RFC 9864 §2.1).
    public static let esp512 = COSEAlgorithm(rawValue: -52)
    /// ECDSA with SHA-256 on secp256k1 (RFC 8812 §3.2): an EC2 key with crv 8.
    public static let es256k = COSEAlgorithm(rawValue: -47)
    /// EdDSA (RFC 9053 §2.2): an OKP key on Ed25519 or Ed448, whose curve decides.
    public static let edDSA = COSEAlgorithm(rawValue: -8)
    /// Ed25519, the fully specified identifier (RFC 9864).
    public static let ed25519 = COSEAlgorithm(rawValue: -19)
    /// Ed448, the fully specified identifier (RFC 9864 §2.2): pure Ed448 (RFC 8032 §5.2), empty context.
    public static let ed448 = COSEAlgorithm(rawValue: -53)
    /// RSASSA-PKCS1-v1_5 with SHA-256 (RFC 8812 §2).
    public static let rs256 = COSEAlgorithm(rawValue: -257)
    /// RSASSA-PKCS1-v1_5 with SHA-384.
    public static let rs384 = COSEAlgorithm(rawValue: -258)
    /// RSASSA-PKCS1-v1_5 with SHA-512.
    public static let rs512 = COSEAlgorithm(rawValue: -259)
    /// RSASSA-PSS with SHA-256 and MGF1 with SHA-256 (RFC 8230 §2).
    public static let ps256 = COSEAlgorithm(rawValue: -37)
    /// RSASSA-PSS with SHA-384.
    public static let ps384 = COSEAlgorithm(rawValue: -38)
    /// RSASSA-PSS with SHA-512.
    public static let ps512 = COSEAlgorithm(rawValue: -39)
    /// ML-DSA-44 (FIPS 204; RFC 9964 §4): an AKP key.
    public static let mldsa44 = COSEAlgorithm(rawValue: -48)
    /// ML-DSA-65 (RFC 9964 §4).
    public static let mldsa65 = COSEAlgorithm(rawValue: -49)
    /// ML-DSA-87 (RFC 9964 §4).
    public static let mldsa87 = COSEAlgorithm(rawValue: -50)
    /// RSASSA-PKCS1-v1_5 with SHA-1 (RFC 8812 §2): found in attestation statements of older TPMs and
    /// authenticators only; never accepted for a credential's own key.
    public static let rs1 = COSEAlgorithm(rawValue: -65535)

    /// The algorithm's registered name ("ES256", "RS1", …), or nil for one not listed above.
    public var name: String? {
        switch rawValue {
        case -7: return "ES256"
        case -35: return "ES384"
        case -36: return "ES512"
        case -9: return "ESP256"
        case -51: return "ESP384"
        case -52: return "ESP512"
        case -47: return "ES256K"
        case -8: return "EdDSA"
        case -19: return "Ed25519"
        case -53: return "Ed448"
        case -257: return "RS256"
        case -258: return "RS384"
        case -259: return "RS512"
        case -37: return "PS256"
        case -38: return "PS384"
        case -39: return "PS512"
        case -48: return "ML-DSA-44"
        case -49: return "ML-DSA-65"
        case -50: return "ML-DSA-87"
        case -65535: return "RS1"
        default: return nil
        }
    }

    public var description: String {
        if let name { return "\(name) (\(rawValue))" }
        return "COSE algorithm \(rawValue)"
    }
}

// The JWE algorithms (RFC 7518 §4 key management, §5 content encryption), as structs with static members
// like JWTAlgorithm: algorithms may be added in minor versions without breaking anyone's `switch`.

/// A JWE key-management algorithm: the value of a JWE header's "alg" (RFC 7518 §4.1).
///
/// The key decides which of these it may be used with (`JWEKey.algorithms`). "RSA1_5" is not one of them:
/// RSAES-PKCS1-v1_5 key transport falls to Bleichenbacher's attack, and a token naming it is refused.
public struct JWEKeyManagementAlgorithm: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The registered name ("ECDH-ES+A256KW").
    public let rawValue: String

    /// The algorithm with this registered name, if PureJWT implements it; `nil` for any other name.
    public init?(rawValue: String) {
        guard let known = Self.all.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = known
    }

    private init(registeredName: String) { rawValue = registeredName }

    /// The content-encryption key itself, shared in advance (§4.5).
    public static let direct = Self(registeredName: "dir")
    /// AES Key Wrap (RFC 3394) with a 128-, 192- or 256-bit shared key (§4.4).
    public static let a128KW = Self(registeredName: "A128KW")
    /// AES Key Wrap with a 192-bit key.
    public static let a192KW = Self(registeredName: "A192KW")
    /// AES Key Wrap with a 256-bit key.
    public static let a256KW = Self(registeredName: "A256KW")
    /// AES-GCM key wrapping with a 128-bit shared key, "iv" and "tag" in the header (§4.7).
    public static let a128GCMKW = Self(registeredName: "A128GCMKW")
    /// AES-GCM key wrapping with a 192-bit key.
    public static let a192GCMKW = Self(registeredName: "A192GCMKW")
    /// AES-GCM key wrapping with a 256-bit key.
    public static let a256GCMKW = Self(registeredName: "A256GCMKW")
    /// RSAES-OAEP with SHA-1 and MGF1-SHA-1 (§4.3).
    public static let rsaOAEP = Self(registeredName: "RSA-OAEP")
    /// RSAES-OAEP with SHA-256 and MGF1-SHA-256.
    public static let rsaOAEP256 = Self(registeredName: "RSA-OAEP-256")
    /// RSAES-OAEP with SHA-384 and MGF1-SHA-384 (registered in the IANA JOSE registry).
    public static let rsaOAEP384 = Self(registeredName: "RSA-OAEP-384")
    /// RSAES-OAEP with SHA-512 and MGF1-SHA-512.
    public static let rsaOAEP512 = Self(registeredName: "RSA-OAEP-512")
    /// ECDH-ES, the derived key used directly as the content-encryption key (§4.6).
    public static let ecdhES = Self(registeredName: "ECDH-ES")
    /// ECDH-ES, the derived key wrapping the content-encryption key with AES Key Wrap (128-bit).
    public static let ecdhESA128KW = Self(registeredName: "ECDH-ES+A128KW")
    /// ECDH-ES with a 192-bit AES Key Wrap.
    public static let ecdhESA192KW = Self(registeredName: "ECDH-ES+A192KW")
    /// ECDH-ES with a 256-bit AES Key Wrap.
    public static let ecdhESA256KW = Self(registeredName: "ECDH-ES+A256KW")
    /// A password through PBKDF2 with HMAC-SHA-256, wrapping with 128-bit AES Key Wrap (§4.8).
    public static let pbes2HS256A128KW = Self(registeredName: "PBES2-HS256+A128KW")
    /// PBKDF2 with HMAC-SHA-384 and 192-bit AES Key Wrap.
    public static let pbes2HS384A192KW = Self(registeredName: "PBES2-HS384+A192KW")
    /// PBKDF2 with HMAC-SHA-512 and 256-bit AES Key Wrap.
    public static let pbes2HS512A256KW = Self(registeredName: "PBES2-HS512+A256KW")

    /// Every key-management algorithm PureJWT implements.
    public static let all: [JWEKeyManagementAlgorithm] = [
        .direct, .a128KW, .a192KW, .a256KW, .a128GCMKW, .a192GCMKW, .a256GCMKW,
        .rsaOAEP, .rsaOAEP256, .rsaOAEP384, .rsaOAEP512,
        .ecdhES, .ecdhESA128KW, .ecdhESA192KW, .ecdhESA256KW,
        .pbes2HS256A128KW, .pbes2HS384A192KW, .pbes2HS512A256KW,
    ]

    public var description: String { rawValue }

    /// The AES key size in bytes of the key wrap this algorithm ends in (A*KW, A*GCMKW, ECDH-ES+A*KW,
    /// PBES2-*+A*KW); nil for dir, RSA-OAEP and ECDH-ES.
    var wrappingKeyByteCount: Int? {
        switch rawValue {
        case "A128KW", "A128GCMKW", "ECDH-ES+A128KW", "PBES2-HS256+A128KW": 16
        case "A192KW", "A192GCMKW", "ECDH-ES+A192KW", "PBES2-HS384+A192KW": 24
        case "A256KW", "A256GCMKW", "ECDH-ES+A256KW", "PBES2-HS512+A256KW": 32
        default: nil
        }
    }
}

/// A JWE content-encryption algorithm: the value of a JWE header's "enc" (RFC 7518 §5.1).
public struct JWEContentEncryptionAlgorithm: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The registered name ("A256GCM").
    public let rawValue: String

    /// The algorithm with this registered name, if PureJWT implements it; `nil` for any other name.
    public init?(rawValue: String) {
        guard let known = Self.all.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = known
    }

    private init(registeredName: String) { rawValue = registeredName }

    /// AES-128 in GCM (§5.3): 96-bit IV, 128-bit tag.
    public static let a128GCM = Self(registeredName: "A128GCM")
    /// AES-192 in GCM.
    public static let a192GCM = Self(registeredName: "A192GCM")
    /// AES-256 in GCM.
    public static let a256GCM = Self(registeredName: "A256GCM")
    /// AES-128-CBC with HMAC-SHA-256, truncated to 128 bits (§5.2.3): a 256-bit key.
    public static let a128CBCHS256 = Self(registeredName: "A128CBC-HS256")
    /// AES-192-CBC with HMAC-SHA-384 (§5.2.4): a 384-bit key.
    public static let a192CBCHS384 = Self(registeredName: "A192CBC-HS384")
    /// AES-256-CBC with HMAC-SHA-512 (§5.2.5): a 512-bit key.
    public static let a256CBCHS512 = Self(registeredName: "A256CBC-HS512")

    /// Every content-encryption algorithm PureJWT implements.
    public static let all: [JWEContentEncryptionAlgorithm] = [.a128GCM, .a192GCM, .a256GCM, .a128CBCHS256, .a192CBCHS384, .a256CBCHS512]

    public var description: String { rawValue }

    /// The content-encryption key's length in bytes.
    public var keyByteCount: Int {
        switch rawValue {
        case "A128GCM": 16
        case "A192GCM": 24
        case "A256GCM", "A128CBC-HS256": 32
        case "A192CBC-HS384": 48
        default: 64
        }
    }
}

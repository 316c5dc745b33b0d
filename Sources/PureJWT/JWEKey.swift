// A key for JWE together with the key-management algorithms it may be used with. As for JWS (JWTKey.swift),
// the key decides the algorithm: a token's "alg" must be one of the key's, so an RSA key never doubles as
// a "dir" or "A*KW" secret and a key made for ECDH-ES+A256KW does not open an ECDH-ES token.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureCurve25519
import PureCurve448
import PureP256
import PureP384
import PureP521
import PureRSA
import PureSHA2

/// A JWE encryption key (public or shared) or decryption key (private or shared), and the key-management
/// algorithms (`alg`) it may be used with. Descriptions never show secret material.
public struct JWEKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    enum Material: Sendable {
        case symmetric([UInt8])
        case password([UInt8])
        case rsaPublic(RSA.Encryption.PublicKey)
        case rsaPrivate(RSA.Encryption.PrivateKey)
        case agreementPublic(AgreementPublicKey)
        case agreementPrivate(AgreementPrivateKey)
    }

    let material: Material
    /// The key ID written to (and matched against) a token's "kid".
    public let keyID: String?
    /// The key-management algorithms this key may be used with, in order of preference; never empty. A key
    /// encrypts with the first unless told another of these.
    public let algorithms: [JWEKeyManagementAlgorithm]

    init(material: Material, keyID: String?, algorithms: [JWEKeyManagementAlgorithm]) {
        self.material = material
        self.keyID = keyID
        self.algorithms = algorithms
    }

    public var description: String {
        let kind: String
        switch material {
        case .symmetric(let bytes): kind = "\(bytes.count * 8)-bit shared key (redacted)"
        case .password: kind = "password (redacted)"
        case .rsaPublic: kind = "RSA public key"
        case .rsaPrivate: kind = "RSA private key (redacted)"
        case .agreementPublic(let key): kind = "\(key.curve) public key"
        case .agreementPrivate(let key): kind = "\(key.curve) private key (redacted)"
        }
        return "JWEKey(\(kind), algorithms: \(algorithms.map(\.rawValue)), kid: \(keyID.map { "\"\($0)\"" } ?? "none"))"
    }

    public var debugDescription: String { description }

    /// What `dump` and debuggers show: the description's fields, never the material (a shared key's or a
    /// password's bytes would otherwise be listed one by one).
    public var customMirror: Mirror {
        Mirror(self, children: ["algorithms": algorithms.map(\.rawValue), "keyID": keyID as Any], displayStyle: .struct)
    }

    /// A shared AES key for `dir` (its length must be the content encryption's), `A*KW` or `A*GCMKW` (its
    /// length must be the algorithm's).
    public static func symmetric(_ key: SymmetricKey, algorithm: JWEKeyManagementAlgorithm, keyID: String? = nil) throws(JWTError) -> JWEKey {
        let bytes = key.withUnsafeBytes { Array($0) }
        switch algorithm {
        case .direct:
            guard JWEContentEncryptionAlgorithm.all.contains(where: { $0.keyByteCount == bytes.count }) else {
                throw JWTError(.invalidKey("a \"dir\" key must be 128, 192, 256, 384 or 512 bits (the content encryption's key), not \(bytes.count * 8)"))
            }
        case .a128KW, .a192KW, .a256KW, .a128GCMKW, .a192GCMKW, .a256GCMKW:
            let expected = algorithm.wrappingKeyByteCount ?? 0
            guard bytes.count == expected else {
                throw JWTError(.invalidKey("\(algorithm) needs a \(expected * 8)-bit key, not \(bytes.count * 8) bits"))
            }
        default:
            throw JWTError(.invalidKey("a shared AES key is for dir, A*KW or A*GCMKW, not \(algorithm)"))
        }
        return JWEKey(material: .symmetric(bytes), keyID: keyID, algorithms: [algorithm])
    }

    /// A password for PBES2 (RFC 7518 §4.8), its UTF-8 bytes, with one of the three PBES2 algorithms.
    public static func password(_ password: String, algorithm: JWEKeyManagementAlgorithm = .pbes2HS256A128KW,
                                keyID: String? = nil) throws(JWTError) -> JWEKey {
        guard algorithm.rawValue.hasPrefix("PBES2-") else { throw JWTError(.invalidKey("a password is for PBES2, not \(algorithm)")) }
        guard !password.isEmpty else { throw JWTError(.invalidKey("the PBES2 password is empty")) }
        return JWEKey(material: .password(Array(password.utf8)), keyID: keyID, algorithms: [algorithm])
    }

    /// An RSA public key to encrypt for, with RSA-OAEP-256 unless told another OAEP variant.
    public static func rsa(_ key: RSA.Encryption.PublicKey, algorithms: [JWEKeyManagementAlgorithm] = [.rsaOAEP256],
                           keyID: String? = nil) throws(JWTError) -> JWEKey {
        JWEKey(material: .rsaPublic(key), keyID: keyID, algorithms: try rsaAlgorithms(algorithms))
    }

    /// An RSA private key to decrypt with.
    public static func rsa(_ key: RSA.Encryption.PrivateKey, algorithms: [JWEKeyManagementAlgorithm] = [.rsaOAEP256],
                           keyID: String? = nil) throws(JWTError) -> JWEKey {
        JWEKey(material: .rsaPrivate(key), keyID: keyID, algorithms: try rsaAlgorithms(algorithms))
    }

    static let rsaFamily: [JWEKeyManagementAlgorithm] = [.rsaOAEP256, .rsaOAEP, .rsaOAEP384, .rsaOAEP512]
    /// The names of the RSA-OAEP algorithms (for tools deciding what key to make).
    package static var rsaFamilyNames: Set<String> { Set(rsaFamily.map(\.rawValue)) }
    static let ecdhFamily: [JWEKeyManagementAlgorithm] = [.ecdhESA256KW, .ecdhES, .ecdhESA128KW, .ecdhESA192KW]

    static func rsaAlgorithms(_ algorithms: [JWEKeyManagementAlgorithm]) throws(JWTError) -> [JWEKeyManagementAlgorithm] {
        guard !algorithms.isEmpty, algorithms.allSatisfy(rsaFamily.contains) else {
            throw JWTError(.invalidKey("an RSA key is for RSA-OAEP, RSA-OAEP-256, -384 or -512, not \(algorithms.map(\.rawValue))"))
        }
        return algorithms
    }

    static func ecdhAlgorithms(_ algorithms: [JWEKeyManagementAlgorithm]) throws(JWTError) -> [JWEKeyManagementAlgorithm] {
        guard !algorithms.isEmpty, algorithms.allSatisfy(ecdhFamily.contains) else {
            throw JWTError(.invalidKey("a key-agreement key is for ECDH-ES or ECDH-ES+A128KW/A192KW/A256KW, not \(algorithms.map(\.rawValue))"))
        }
        return algorithms
    }

    /// A P-256 public key to encrypt for with ECDH-ES (ECDH-ES+A256KW unless told others).
    public static func ecdh(_ key: P256.KeyAgreement.PublicKey, algorithms: [JWEKeyManagementAlgorithm] = [.ecdhESA256KW], keyID: String? = nil) throws(JWTError) -> JWEKey {
        JWEKey(material: .agreementPublic(.p256(key)), keyID: keyID, algorithms: try ecdhAlgorithms(algorithms))
    }
    /// A P-384 public key to encrypt for with ECDH-ES.
    public static func ecdh(_ key: P384.KeyAgreement.PublicKey, algorithms: [JWEKeyManagementAlgorithm] = [.ecdhESA256KW], keyID: String? = nil) throws(JWTError) -> JWEKey {
        JWEKey(material: .agreementPublic(.p384(key)), keyID: keyID, algorithms: try ecdhAlgorithms(algorithms))
    }
    /// A P-521 public key to encrypt for with ECDH-ES.
    public static func ecdh(_ key: P521.KeyAgreement.PublicKey, algorithms: [JWEKeyManagementAlgorithm] = [.ecdhESA256KW], keyID: String? = nil) throws(JWTError) -> JWEKey {
        JWEKey(material: .agreementPublic(.p521(key)), keyID: keyID, algorithms: try ecdhAlgorithms(algorithms))
    }
    /// An X25519 public key to encrypt for with ECDH-ES (RFC 8037 §4.3).
    public static func ecdh(_ key: Curve25519.KeyAgreement.PublicKey, algorithms: [JWEKeyManagementAlgorithm] = [.ecdhESA256KW], keyID: String? = nil) throws(JWTError) -> JWEKey {
        JWEKey(material: .agreementPublic(.x25519(key)), keyID: keyID, algorithms: try ecdhAlgorithms(algorithms))
    }
    /// An X448 public key to encrypt for with ECDH-ES (RFC 8037 §4.3).
    public static func ecdh(_ key: Curve448.KeyAgreement.PublicKey, algorithms: [JWEKeyManagementAlgorithm] = [.ecdhESA256KW], keyID: String? = nil) throws(JWTError) -> JWEKey {
        JWEKey(material: .agreementPublic(.x448(key)), keyID: keyID, algorithms: try ecdhAlgorithms(algorithms))
    }
    /// A P-256 private key to decrypt with.
    public static func ecdh(_ key: P256.KeyAgreement.PrivateKey, algorithms: [JWEKeyManagementAlgorithm] = [.ecdhESA256KW], keyID: String? = nil) throws(JWTError) -> JWEKey {
        JWEKey(material: .agreementPrivate(.p256(key)), keyID: keyID, algorithms: try ecdhAlgorithms(algorithms))
    }
    /// A P-384 private key to decrypt with.
    public static func ecdh(_ key: P384.KeyAgreement.PrivateKey, algorithms: [JWEKeyManagementAlgorithm] = [.ecdhESA256KW], keyID: String? = nil) throws(JWTError) -> JWEKey {
        JWEKey(material: .agreementPrivate(.p384(key)), keyID: keyID, algorithms: try ecdhAlgorithms(algorithms))
    }
    /// A P-521 private key to decrypt with.
    public static func ecdh(_ key: P521.KeyAgreement.PrivateKey, algorithms: [JWEKeyManagementAlgorithm] = [.ecdhESA256KW], keyID: String? = nil) throws(JWTError) -> JWEKey {
        JWEKey(material: .agreementPrivate(.p521(key)), keyID: keyID, algorithms: try ecdhAlgorithms(algorithms))
    }
    /// An X25519 private key to decrypt with.
    public static func ecdh(_ key: Curve25519.KeyAgreement.PrivateKey, algorithms: [JWEKeyManagementAlgorithm] = [.ecdhESA256KW], keyID: String? = nil) throws(JWTError) -> JWEKey {
        JWEKey(material: .agreementPrivate(.x25519(key)), keyID: keyID, algorithms: try ecdhAlgorithms(algorithms))
    }
    /// An X448 private key to decrypt with.
    public static func ecdh(_ key: Curve448.KeyAgreement.PrivateKey, algorithms: [JWEKeyManagementAlgorithm] = [.ecdhESA256KW], keyID: String? = nil) throws(JWTError) -> JWEKey {
        JWEKey(material: .agreementPrivate(.x448(key)), keyID: keyID, algorithms: try ecdhAlgorithms(algorithms))
    }
}

/// A key-agreement public key of any curve JWE's ECDH-ES uses.
enum AgreementPublicKey: Sendable {
    case p256(P256.KeyAgreement.PublicKey)
    case p384(P384.KeyAgreement.PublicKey)
    case p521(P521.KeyAgreement.PublicKey)
    case x25519(Curve25519.KeyAgreement.PublicKey)
    case x448(Curve448.KeyAgreement.PublicKey)

    var curve: String {
        switch self {
        case .p256: "P-256"
        case .p384: "P-384"
        case .p521: "P-521"
        case .x25519: "X25519"
        case .x448: "X448"
        }
    }

    /// The SubjectPublicKeyInfo PEM (RFC 5480; RFC 8410 for X25519 and X448).
    var pemRepresentation: String {
        switch self {
        case .p256(let key): key.pemRepresentation
        case .p384(let key): key.pemRepresentation
        case .p521(let key): key.pemRepresentation
        case .x25519(let key): key.pemRepresentation
        case .x448(let key): key.pemRepresentation
        }
    }
}

/// A key-agreement private key of any curve JWE's ECDH-ES uses.
enum AgreementPrivateKey: Sendable {
    case p256(P256.KeyAgreement.PrivateKey)
    case p384(P384.KeyAgreement.PrivateKey)
    case p521(P521.KeyAgreement.PrivateKey)
    case x25519(Curve25519.KeyAgreement.PrivateKey)
    case x448(Curve448.KeyAgreement.PrivateKey)

    /// The curve's name, without computing the public key (X25519's and X448's are a scalar multiplication).
    var curve: String {
        switch self {
        case .p256: "P-256"
        case .p384: "P-384"
        case .p521: "P-521"
        case .x25519: "X25519"
        case .x448: "X448"
        }
    }

    var publicKey: AgreementPublicKey {
        switch self {
        case .p256(let key): .p256(key.publicKey)
        case .p384(let key): .p384(key.publicKey)
        case .p521(let key): .p521(key.publicKey)
        case .x25519(let key): .x25519(key.publicKey)
        case .x448(let key): .x448(key.publicKey)
        }
    }

    /// A fresh ephemeral key on the same curve as `peer`.
    static func ephemeral(for peer: AgreementPublicKey) -> AgreementPrivateKey {
        switch peer {
        case .p256: .p256(P256.KeyAgreement.PrivateKey())
        case .p384: .p384(P384.KeyAgreement.PrivateKey())
        case .p521: .p521(P521.KeyAgreement.PrivateKey())
        case .x25519: .x25519(Curve25519.KeyAgreement.PrivateKey())
        case .x448: .x448(Curve448.KeyAgreement.PrivateKey())
        }
    }

    /// Z, the shared secret's bytes, with `peer` on the same curve; nil when the curves differ or the
    /// agreement fails (X25519's and X448's all-zero result).
    func sharedSecret(with peer: AgreementPublicKey) -> SharedSecret? {
        switch (self, peer) {
        case (.p256(let key), .p256(let other)): try? key.sharedSecretFromKeyAgreement(with: other)
        case (.p384(let key), .p384(let other)): try? key.sharedSecretFromKeyAgreement(with: other)
        case (.p521(let key), .p521(let other)): try? key.sharedSecretFromKeyAgreement(with: other)
        case (.x25519(let key), .x25519(let other)): try? key.sharedSecretFromKeyAgreement(with: other)
        case (.x448(let key), .x448(let other)): try? key.sharedSecretFromKeyAgreement(with: other)
        default: nil
        }
    }
}

extension JWEKey {
    /// A key from PEM: an RSA key (PKCS#8, PKCS#1 or SubjectPublicKeyInfo; RSA-OAEP), an EC key on
    /// P-256, P-384 or P-521 (PKCS#8, SEC 1 or SubjectPublicKeyInfo; ECDH-ES) or an X25519 or X448 key
    /// (PKCS#8 or SubjectPublicKeyInfo, RFC 8410; ECDH-ES). `algorithms` nil: every algorithm of the key's family,
    /// RSA-OAEP-256 or ECDH-ES+A256KW first.
    public init(pemRepresentation pem: String, algorithms: [JWEKeyManagementAlgorithm]? = nil, keyID: String? = nil) throws(JWTError) {
        if let key = try? RSA.Encryption.PrivateKey(pemRepresentation: pem) {
            self = try .rsa(key, algorithms: algorithms ?? Self.rsaFamily, keyID: keyID)
        } else if let key = try? RSA.Encryption.PublicKey(pemRepresentation: pem) {
            self = try .rsa(key, algorithms: algorithms ?? Self.rsaFamily, keyID: keyID)
        } else if let key = try? P256.KeyAgreement.PrivateKey(pemRepresentation: pem) {
            self = try .ecdh(key, algorithms: algorithms ?? Self.ecdhFamily, keyID: keyID)
        } else if let key = try? P256.KeyAgreement.PublicKey(pemRepresentation: pem) {
            self = try .ecdh(key, algorithms: algorithms ?? Self.ecdhFamily, keyID: keyID)
        } else if let key = try? P384.KeyAgreement.PrivateKey(pemRepresentation: pem) {
            self = try .ecdh(key, algorithms: algorithms ?? Self.ecdhFamily, keyID: keyID)
        } else if let key = try? P384.KeyAgreement.PublicKey(pemRepresentation: pem) {
            self = try .ecdh(key, algorithms: algorithms ?? Self.ecdhFamily, keyID: keyID)
        } else if let key = try? P521.KeyAgreement.PrivateKey(pemRepresentation: pem) {
            self = try .ecdh(key, algorithms: algorithms ?? Self.ecdhFamily, keyID: keyID)
        } else if let key = try? P521.KeyAgreement.PublicKey(pemRepresentation: pem) {
            self = try .ecdh(key, algorithms: algorithms ?? Self.ecdhFamily, keyID: keyID)
        } else if let key = try? Curve25519.KeyAgreement.PrivateKey(pemRepresentation: pem) {
            self = try .ecdh(key, algorithms: algorithms ?? Self.ecdhFamily, keyID: keyID)
        } else if let key = try? Curve25519.KeyAgreement.PublicKey(pemRepresentation: pem) {
            self = try .ecdh(key, algorithms: algorithms ?? Self.ecdhFamily, keyID: keyID)
        } else if let key = try? Curve448.KeyAgreement.PrivateKey(pemRepresentation: pem) {
            self = try .ecdh(key, algorithms: algorithms ?? Self.ecdhFamily, keyID: keyID)
        } else if let key = try? Curve448.KeyAgreement.PublicKey(pemRepresentation: pem) {
            self = try .ecdh(key, algorithms: algorithms ?? Self.ecdhFamily, keyID: keyID)
        } else {
            throw JWTError(.invalidKey("not an RSA key, an EC key on P-256, P-384 or P-521, or an X25519 or X448 key in PEM (PKCS#8, PKCS#1, SEC 1 or SubjectPublicKeyInfo)"))
        }
    }

    /// The public key as a SubjectPublicKeyInfo PEM ("PUBLIC KEY"), for senders: RSA, EC and X25519 keys (a
    /// private key gives its public half); nil for a shared key or a password, which have no public half.
    public var publicKeyPEMRepresentation: String? {
        switch material {
        case .symmetric, .password: nil
        case .rsaPublic(let key): key.pemRepresentation
        case .rsaPrivate(let key): key.publicKey.pemRepresentation
        case .agreementPublic(let key): key.pemRepresentation
        case .agreementPrivate(let key): key.publicKey.pemRepresentation
        }
    }

    /// Whether this key can decrypt (a private, shared or password key) rather than only encrypt.
    public var canDecrypt: Bool {
        switch material {
        case .rsaPublic, .agreementPublic: false
        default: true
        }
    }
}

// A key together with the algorithms it may be used with. The key decides the algorithm: a token's "alg"
// must be one of the key's, so an RSA public key can never be used as an HMAC secret ("algorithm
// confusion"), and a key made for RS256 does not verify an RS512 token. EC keys have exactly one algorithm
// (the curve decides it), Ed25519 and Ed448 keys the two names of one algorithm ("EdDSA", RFC 8037, and
// "Ed25519" or "Ed448", RFC 9864); RSA keys and HMAC secrets may be given several of their family (JWTKeyFamilies.swift), and
// then the first is the one they sign with unless a header says otherwise.

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
import PureSecp256k1
import PureRSA
import PureSHA2

/// A verification key, and a signing key when it holds a private key or an HMAC secret.
public struct JWTKey: Sendable {
    enum Material: Sendable {
        case rsa(RSA.Signing.PublicKey)
        case rsaPrivate(RSA.Signing.PrivateKey)
        case p256Public(P256.Signing.PublicKey)
        case p256Private(P256.Signing.PrivateKey)
        case p384Public(P384.Signing.PublicKey)
        case p384Private(P384.Signing.PrivateKey)
        case p521Public(P521.Signing.PublicKey)
        case p521Private(P521.Signing.PrivateKey)
        case secp256k1Public(Secp256k1.Signing.PublicKey)
        case secp256k1Private(Secp256k1.Signing.PrivateKey)
        case ed25519Public(Curve25519.Signing.PublicKey)
        case ed25519Private(Curve25519.Signing.PrivateKey)
        case ed448Public(Curve448.Signing.PublicKey)
        case ed448Private(Curve448.Signing.PrivateKey)
        case hmac(HMACSecret)
        case mldsaPublic(MLDSAVerifyingKey)
        case mldsaPrivate(MLDSASigningKey)
    }

    let material: Material
    /// The key ID matched against a token's "kid".
    public let keyID: String?
    /// The algorithms this key may be used with, in order of preference; never empty. One for EC keys;
    /// "EdDSA" and "Ed25519" (or one of them) for Ed25519 keys, "EdDSA" and "Ed448" for Ed448 keys; one or more of the RS/PS family for RSA
    /// keys, of the HS family for HMAC secrets.
    public let algorithms: [JWTAlgorithm]

    /// The algorithm this key signs with when the header does not name another of its `algorithms`: the
    /// first of them (a key made for one algorithm has only that one).
    public var algorithm: JWTAlgorithm { algorithms[0] }

    init(material: Material, keyID: String?, algorithms: [JWTAlgorithm]) {
        self.material = material
        self.keyID = keyID
        self.algorithms = algorithms
    }

    /// Whether a token signed with `algorithm` may be verified with this key.
    @inline(__always)
    public func allows(_ algorithm: JWTAlgorithm) -> Bool { algorithms.contains(algorithm) }

    /// An RS256 verification key.
    public static func rs256(_ key: RSA.Signing.PublicKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .rsa(key), keyID: keyID, algorithms: [.rs256])
    }

    /// An RS384 verification key.
    public static func rs384(_ key: RSA.Signing.PublicKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .rsa(key), keyID: keyID, algorithms: [.rs384])
    }

    /// An RS512 verification key.
    public static func rs512(_ key: RSA.Signing.PublicKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .rsa(key), keyID: keyID, algorithms: [.rs512])
    }

    /// An RS256 private key: signs with PKCS#1 v1.5 and SHA-256 (constant-time, blinded), and verifies.
    public static func rs256(_ key: RSA.Signing.PrivateKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .rsaPrivate(key), keyID: keyID, algorithms: [.rs256])
    }

    /// An RS384 private key.
    public static func rs384(_ key: RSA.Signing.PrivateKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .rsaPrivate(key), keyID: keyID, algorithms: [.rs384])
    }

    /// An RS512 private key.
    public static func rs512(_ key: RSA.Signing.PrivateKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .rsaPrivate(key), keyID: keyID, algorithms: [.rs512])
    }

    /// A PS256 public key (RSASSA-PSS, SHA-256; RFC 7518 §3.5): verifies "PS256" tokens.
    public static func ps256(_ key: RSA.Signing.PublicKey, keyID: String? = nil) -> JWTKey { JWTKey(material: .rsa(key), keyID: keyID, algorithms: [.ps256]) }
    /// A PS384 public key.
    public static func ps384(_ key: RSA.Signing.PublicKey, keyID: String? = nil) -> JWTKey { JWTKey(material: .rsa(key), keyID: keyID, algorithms: [.ps384]) }
    /// A PS512 public key.
    public static func ps512(_ key: RSA.Signing.PublicKey, keyID: String? = nil) -> JWTKey { JWTKey(material: .rsa(key), keyID: keyID, algorithms: [.ps512]) }
    /// A PS256 private key: signs with a fresh random salt each time, and verifies.
    public static func ps256(_ key: RSA.Signing.PrivateKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .rsaPrivate(key), keyID: keyID, algorithms: [.ps256])
    }
    /// A PS384 private key.
    public static func ps384(_ key: RSA.Signing.PrivateKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .rsaPrivate(key), keyID: keyID, algorithms: [.ps384])
    }
    /// A PS512 private key.
    public static func ps512(_ key: RSA.Signing.PrivateKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .rsaPrivate(key), keyID: keyID, algorithms: [.ps512])
    }

    /// An ES256 verification key.
    public static func es256(_ key: P256.Signing.PublicKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .p256Public(key), keyID: keyID, algorithms: [.es256])
    }

    /// An ES256 signing key (it verifies too).
    public static func es256(_ key: P256.Signing.PrivateKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .p256Private(key), keyID: keyID, algorithms: [.es256])
    }

    /// An ES384 verification key.
    public static func es384(_ key: P384.Signing.PublicKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .p384Public(key), keyID: keyID, algorithms: [.es384])
    }

    /// An ES384 signing key (RFC 6979 nonces, constant-time); it verifies too.
    public static func es384(_ key: P384.Signing.PrivateKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .p384Private(key), keyID: keyID, algorithms: [.es384])
    }

    /// An ES512 (P-521, SHA-512) verification key.
    public static func es512(_ key: P521.Signing.PublicKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .p521Public(key), keyID: keyID, algorithms: [.es512])
    }

    /// An ES512 signing key (RFC 6979 nonces, constant-time); it verifies too.
    public static func es512(_ key: P521.Signing.PrivateKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .p521Private(key), keyID: keyID, algorithms: [.es512])
    }

    /// An ES256K (secp256k1, SHA-256; RFC 8812) verification key.
    public static func es256k(_ key: Secp256k1.Signing.PublicKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .secp256k1Public(key), keyID: keyID, algorithms: [.es256k])
    }

    /// An ES256K signing key (RFC 6979 nonces, constant-time); it verifies too.
    public static func es256k(_ key: Secp256k1.Signing.PrivateKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .secp256k1Private(key), keyID: keyID, algorithms: [.es256k])
    }

    /// An Ed25519 public key (RFC 8037): verifies "EdDSA" tokens and "Ed25519" ones (RFC 9864's name for
    /// the same signature). `restricted(to: [.eddsa])` accepts only the one name.
    public static func eddsa(_ key: Curve25519.Signing.PublicKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .ed25519Public(key), keyID: keyID, algorithms: ed25519Names)
    }

    /// An Ed25519 private key: signs tokens with "alg" "EdDSA" (RFC 8037, what every JOSE library reads;
    /// deterministic, constant-time) and verifies "EdDSA" and "Ed25519" ones.
    public static func eddsa(_ key: Curve25519.Signing.PrivateKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .ed25519Private(key), keyID: keyID, algorithms: ed25519Names)
    }

    /// An Ed25519 public key under RFC 9864's fully specified name: the same key as `eddsa(_:keyID:)`,
    /// verifying "Ed25519" and "EdDSA" tokens.
    public static func ed25519(_ key: Curve25519.Signing.PublicKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .ed25519Public(key), keyID: keyID, algorithms: ed25519Names.reversed())
    }

    /// An Ed25519 private key that signs with "alg" "Ed25519" (RFC 9864 §2.2; verifiers that know only RFC
    /// 8037 read "EdDSA") and verifies tokens of either name.
    public static func ed25519(_ key: Curve25519.Signing.PrivateKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .ed25519Private(key), keyID: keyID, algorithms: ed25519Names.reversed())
    }

    /// The two names of Ed25519 signatures, RFC 8037's first.
    static let ed25519Names: [JWTAlgorithm] = [.eddsa, .ed25519]

    /// An Ed448 public key (RFC 8037, RFC 8032 §5.2): verifies "EdDSA" tokens and "Ed448" ones (RFC 9864's
    /// name for the same signature).
    public static func eddsa(_ key: Curve448.Signing.PublicKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .ed448Public(key), keyID: keyID, algorithms: ed448Names)
    }

    /// An Ed448 private key: signs tokens with "alg" "EdDSA" (deterministic, constant-time) and verifies
    /// "EdDSA" and "Ed448" ones.
    public static func eddsa(_ key: Curve448.Signing.PrivateKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .ed448Private(key), keyID: keyID, algorithms: ed448Names)
    }

    /// An Ed448 public key under RFC 9864's fully specified name, verifying "Ed448" and "EdDSA" tokens.
    public static func ed448(_ key: Curve448.Signing.PublicKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .ed448Public(key), keyID: keyID, algorithms: ed448Names.reversed())
    }

    /// An Ed448 private key that signs with "alg" "Ed448" (RFC 9864 §2.3) and verifies tokens of either name.
    public static func ed448(_ key: Curve448.Signing.PrivateKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .ed448Private(key), keyID: keyID, algorithms: ed448Names.reversed())
    }

    /// The two names of Ed448 signatures, RFC 8037's first.
    static let ed448Names: [JWTAlgorithm] = [.eddsa, .ed448]

    /// An HS256 secret of at least 32 bytes (RFC 7518 §3.2: a key of the hash's output size or larger).
    public static func hs256(_ secret: SymmetricKey, keyID: String? = nil) throws(JWTError) -> JWTKey {
        try hmac(secret, algorithms: [.hs256], keyID: keyID)
    }

    /// An HS384 secret of at least 48 bytes (RFC 7518 §3.2).
    public static func hs384(_ secret: SymmetricKey, keyID: String? = nil) throws(JWTError) -> JWTKey {
        try hmac(secret, algorithms: [.hs384], keyID: keyID)
    }

    /// An HS512 secret of at least 64 bytes (RFC 7518 §3.2).
    public static func hs512(_ secret: SymmetricKey, keyID: String? = nil) throws(JWTError) -> JWTKey {
        try hmac(secret, algorithms: [.hs512], keyID: keyID)
    }

    /// An HS256 secret given as bytes (no key type to import: what a framework app has at hand); at least
    /// 32 bytes.
    public static func hs256(_ secret: [UInt8], keyID: String? = nil) throws(JWTError) -> JWTKey {
        try hs256(SymmetricKey(data: secret), keyID: keyID)
    }

    /// An HS384 secret given as bytes; at least 48 bytes.
    public static func hs384(_ secret: [UInt8], keyID: String? = nil) throws(JWTError) -> JWTKey {
        try hs384(SymmetricKey(data: secret), keyID: keyID)
    }

    /// An HS512 secret given as bytes; at least 64 bytes.
    public static func hs512(_ secret: [UInt8], keyID: String? = nil) throws(JWTError) -> JWTKey {
        try hs512(SymmetricKey(data: secret), keyID: keyID)
    }

    /// Whether `signature` is valid for `signingInput` under this key with `algorithm`, one the key
    /// allows (the caller checked).
    func verify(signature: [UInt8], signingInput: ArraySlice<UInt8>, algorithm: JWTAlgorithm) throws(JWTError) -> Bool {
        switch material {
        case .rsa(let key):
            return Self.verifyRSA(key, algorithm, signature, signingInput)
        case .rsaPrivate(let key):
            return Self.verifyRSA(key.publicKey, algorithm, signature, signingInput)
        case .p256Public(let key):
            return try Self.verifyECDSA(signature, length: 64, { try P256.Signing.ECDSASignature(rawRepresentation: $0) },
                                        verify: { key.isValidSignature($0, for: signingInput) })
        case .p256Private(let key):
            return try Self.verifyECDSA(signature, length: 64, { try P256.Signing.ECDSASignature(rawRepresentation: $0) },
                                        verify: { key.publicKey.isValidSignature($0, for: signingInput) })
        case .p384Public(let key):
            return try Self.verifyECDSA(signature, length: 96, { try P384.Signing.ECDSASignature(rawRepresentation: $0) },
                                        verify: { key.isValidSignature($0, for: signingInput) })
        case .p384Private(let key):
            return try Self.verifyECDSA(signature, length: 96, { try P384.Signing.ECDSASignature(rawRepresentation: $0) },
                                        verify: { key.publicKey.isValidSignature($0, for: signingInput) })
        case .p521Public(let key):
            return try Self.verifyECDSA(signature, length: 132, { try P521.Signing.ECDSASignature(rawRepresentation: $0) },
                                        verify: { key.isValidSignature($0, for: signingInput) })
        case .p521Private(let key):
            return try Self.verifyECDSA(signature, length: 132, { try P521.Signing.ECDSASignature(rawRepresentation: $0) },
                                        verify: { key.publicKey.isValidSignature($0, for: signingInput) })
        case .secp256k1Public(let key):
            return try Self.verifyECDSA(signature, length: 64, { try Secp256k1.Signing.ECDSASignature(rawRepresentation: $0) },
                                        verify: { key.isValidSignature($0, for: signingInput) })
        case .secp256k1Private(let key):
            return try Self.verifyECDSA(signature, length: 64, { try Secp256k1.Signing.ECDSASignature(rawRepresentation: $0) },
                                        verify: { key.publicKey.isValidSignature($0, for: signingInput) })
        case .ed25519Public(let key):
            guard signature.count == 64 else { throw JWTError(.invalidSignatureEncoding(length: signature.count)) }
            return key.isValidSignature(signature, for: signingInput)
        case .ed25519Private(let key):
            guard signature.count == 64 else { throw JWTError(.invalidSignatureEncoding(length: signature.count)) }
            return key.publicKey.isValidSignature(signature, for: signingInput)
        case .ed448Public(let key):
            guard signature.count == 114 else { throw JWTError(.invalidSignatureEncoding(length: signature.count)) }
            return key.isValidSignature(signature, for: signingInput)
        case .ed448Private(let key):
            guard signature.count == 114 else { throw JWTError(.invalidSignatureEncoding(length: signature.count)) }
            return key.publicKey.isValidSignature(signature, for: signingInput)
        case .mldsaPublic(let key):
            return try Self.verifyMLDSA(key, signature, signingInput)
        case .mldsaPrivate(let key):
            return try Self.verifyMLDSA(key.publicKey, signature, signingInput)
        case .hmac(let secret):
            switch algorithm {
            case .hs384: return Self.matches(secret.sha384, signature, signingInput)
            case .hs512: return Self.matches(secret.sha512, signature, signingInput)
            default: return Self.matches(secret.sha256, signature, signingInput)
            }
        }
    }

    /// Constant-time in the bytes; a wrong length (public) is refused at once.
    private static func verifyRSA(_ key: RSA.Signing.PublicKey, _ algorithm: JWTAlgorithm, _ signature: [UInt8],
                                  _ signingInput: ArraySlice<UInt8>) -> Bool {
        let rsaSignature = RSA.Signing.RSASignature(rawRepresentation: signature)
        switch algorithm {
        case .rs384: return key.isValidSignature(rsaSignature, for: SHA384.hash(data: signingInput))
        case .rs512: return key.isValidSignature(rsaSignature, for: SHA512.hash(data: signingInput))
        case .ps256: return key.isValidSignature(rsaSignature, for: SHA256.hash(data: signingInput), padding: .PSS)
        case .ps384: return key.isValidSignature(rsaSignature, for: SHA384.hash(data: signingInput), padding: .PSS)
        case .ps512: return key.isValidSignature(rsaSignature, for: SHA512.hash(data: signingInput), padding: .PSS)
        default: return key.isValidSignature(rsaSignature, for: signingInput)
        }
    }

    /// A state is nil only for an algorithm the key does not allow, which the caller has excluded.
    private static func matches<H: HashFunction>(_ keyed: HMAC<H>?, _ signature: [UInt8], _ signingInput: ArraySlice<UInt8>) -> Bool {
        guard var mac = keyed else { return false }
        signingInput.withUnsafeBytes { mac.update(bufferPointer: $0) }
        return signature.count == H.Digest.byteCount
            && mac.finalize().withUnsafeBytes { expected in signature.withUnsafeBytes { constantTimeEqual(expected, $0) } }
    }

    /// σ of exactly the parameter set's length (RFC 9964 §3); any other length is an encoding error.
    private static func verifyMLDSA(_ key: MLDSAVerifyingKey, _ signature: [UInt8],
                                    _ signingInput: ArraySlice<UInt8>) throws(JWTError) -> Bool {
        guard signature.count == key.signatureLength else { throw JWTError(.invalidSignatureEncoding(length: signature.count)) }
        return key.isValid(signature, signingInput)
    }

    /// r ‖ s of `length` bytes in all (RFC 7518 §3.4, RFC 8812 §3.2) read by the curve's `parse`, then
    /// `verify`; any other length is an encoding error, not a forgery.
    private static func verifyECDSA<Signature>(_ signature: [UInt8], length: Int, _ parse: ([UInt8]) throws -> Signature,
                                               verify: (Signature) -> Bool) throws(JWTError) -> Bool {
        guard signature.count == length, let parsed = try? parse(signature) else {
            throw JWTError(.invalidSignatureEncoding(length: signature.count))
        }
        return verify(parsed)
    }

    /// The longest signature this key makes, in bytes (a token buffer is sized with it).
    var maximumSignatureLength: Int {
        switch material {
        case .rsa(let key): return (key.keySizeInBits + 7) / 8
        case .rsaPrivate(let key): return (key.publicKey.keySizeInBits + 7) / 8
        case .p256Public, .p256Private, .secp256k1Public, .secp256k1Private, .ed25519Public, .ed25519Private, .hmac: return 64
        case .p384Public, .p384Private: return 96
        case .p521Public, .p521Private: return 132
        case .ed448Public, .ed448Private: return 114
        case .mldsaPublic(let key): return key.signatureLength
        case .mldsaPrivate(let key): return key.publicKey.signatureLength
        }
    }

    /// Whether the key can sign: a private key or an HMAC secret (not a public key).
    public var canSign: Bool {
        switch material {
        case .p256Private, .p384Private, .p521Private, .secp256k1Private, .ed25519Private, .ed448Private, .rsaPrivate, .hmac, .mldsaPrivate:
            return true
        case .rsa, .p256Public, .p384Public, .p521Public, .secp256k1Public, .ed25519Public, .ed448Public, .mldsaPublic: return false
        }
    }

    /// The signature of `signingInput` with `algorithm` (one the key allows: the caller checked), for
    /// keys that can sign.
    func sign(_ signingInput: [UInt8], algorithm: JWTAlgorithm) throws(JWTError) -> [UInt8] {
        func mac<H: HashFunction>(_ keyed: HMAC<H>?) throws(JWTError) -> [UInt8] {
            guard var mac = keyed else { throw JWTError(.algorithmMismatch(header: algorithm.rawValue, key: algorithmNames)) }
            signingInput.withUnsafeBytes { mac.update(bufferPointer: $0) }
            return mac.finalize().withUnsafeBytes { Array($0) }
        }
        switch material {
        case .p256Private(let key): return key.signature(for: signingInput).rawRepresentation
        case .p384Private(let key): return key.signature(for: signingInput).rawRepresentation
        case .p521Private(let key): return key.signature(for: signingInput).rawRepresentation
        case .secp256k1Private(let key): return key.signature(for: signingInput).rawRepresentation
        case .ed25519Private(let key): return key.signature(for: signingInput)
        case .ed448Private(let key): return key.signature(for: signingInput)
        case .mldsaPrivate(let key):
            do { return try key.sign(signingInput) } catch { throw JWTError(.invalidKey(error.description)) }
        case .hmac(let secret):
            switch algorithm {
            case .hs384: return try mac(secret.sha384)
            case .hs512: return try mac(secret.sha512)
            default: return try mac(secret.sha256)
            }
        case .rsaPrivate(let key):
            do {
                switch algorithm {
                case .rs384: return try key.signature(for: SHA384.hash(data: signingInput)).rawRepresentation
                case .rs512: return try key.signature(for: SHA512.hash(data: signingInput)).rawRepresentation
                case .ps256: return try key.signature(for: SHA256.hash(data: signingInput), padding: .PSS).rawRepresentation
                case .ps384: return try key.signature(for: SHA384.hash(data: signingInput), padding: .PSS).rawRepresentation
                case .ps512: return try key.signature(for: SHA512.hash(data: signingInput), padding: .PSS).rawRepresentation
                default: return try key.signature(for: SHA256.hash(data: signingInput)).rawRepresentation
                }
            } catch {
                throw JWTError(.invalidKey(error.description))
            }
        case .rsa:
            throw JWTError(.invalidKey("an RSA public key cannot sign; load the private key (PKCS#8, PKCS#1 or a JWK with d, p, q, dp, dq, qi)"))
        case .p256Public, .p384Public, .p521Public, .secp256k1Public, .ed25519Public, .ed448Public, .mldsaPublic:
            throw JWTError(.invalidKey("a public key cannot sign; load the private key (e.g. the .p8 file, a PKCS#8 PEM or a JWK with \"d\")"))
        }
    }
}

// A key never prints its material: a private scalar or HMAC state in a log line or a `dump` is a leaked
// key. What is shown is what a person needs to tell keys apart: the algorithm, the kind, the kid.
extension JWTKey: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    private var kind: String {
        switch material {
        case .rsa, .p256Public, .p384Public, .p521Public, .secp256k1Public, .ed25519Public, .ed448Public, .mldsaPublic: return "public"
        case .p256Private, .p384Private, .p521Private, .secp256k1Private, .ed25519Private, .ed448Private, .rsaPrivate, .mldsaPrivate:
            return "private, redacted"
        case .hmac: return "secret, redacted"
        }
    }

    /// The key's algorithms as a list for messages: "RS256, PS256".
    var algorithmNames: String { algorithms.map(\.rawValue).joined(separator: ", ") }

    public var description: String {
        "JWTKey(\(algorithmNames) \(kind)" + (keyID.map { ", kid \"\($0)\"" } ?? "") + ")"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: ["algorithms": algorithms, "keyID": keyID as Any], displayStyle: .struct)
    }
}

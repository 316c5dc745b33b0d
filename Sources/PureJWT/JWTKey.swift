// A key together with the one algorithm it may be used with. The key decides the algorithm: a token's
// "alg" must match it, so an RSA public key can never be used as an HMAC secret ("algorithm confusion"),
// and an RS256 key does not verify an RS512 token.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureCurve25519
import PureP256
import PureP384
import PureP521
import PureRSA
import PureSHA2

/// A verification key, and a signing key when it holds a private key or an HMAC secret.
public struct JWTKey: Sendable {
    enum Material: Sendable {
        case rsa(RSA.Signing.PublicKey, JWTAlgorithm)
        case rsaPrivate(RSA.Signing.PrivateKey, JWTAlgorithm)
        case p256Public(P256.Signing.PublicKey)
        case p256Private(P256.Signing.PrivateKey)
        case p384Public(P384.Signing.PublicKey)
        case p384Private(P384.Signing.PrivateKey)
        case p521Public(P521.Signing.PublicKey)
        case p521Private(P521.Signing.PrivateKey)
        case ed25519Public(Curve25519.Signing.PublicKey)
        case ed25519Private(Curve25519.Signing.PrivateKey)
        /// Secrets as keyed HMAC states (both key blocks already compressed), copied per use, and the
        /// secret itself, for writing the key as a JWK.
        case hmac256(HMAC<SHA256>, SymmetricKey)
        case hmac384(HMAC<SHA384>, SymmetricKey)
        case hmac512(HMAC<SHA512>, SymmetricKey)
    }

    let material: Material
    /// The key ID matched against a token's "kid".
    public let keyID: String?

    /// The algorithm this key is for.
    public var algorithm: JWTAlgorithm {
        switch material {
        case .rsa(_, let algorithm), .rsaPrivate(_, let algorithm): return algorithm
        case .p256Public, .p256Private: return .es256
        case .p384Public, .p384Private: return .es384
        case .p521Public, .p521Private: return .es512
        case .ed25519Public, .ed25519Private: return .eddsa
        case .hmac256: return .hs256
        case .hmac384: return .hs384
        case .hmac512: return .hs512
        }
    }

    /// An RS256 verification key.
    public static func rs256(_ key: RSA.Signing.PublicKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .rsa(key, .rs256), keyID: keyID)
    }

    /// An RS384 verification key.
    public static func rs384(_ key: RSA.Signing.PublicKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .rsa(key, .rs384), keyID: keyID)
    }

    /// An RS512 verification key.
    public static func rs512(_ key: RSA.Signing.PublicKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .rsa(key, .rs512), keyID: keyID)
    }

    /// An RS256 private key: signs with PKCS#1 v1.5 and SHA-256 (constant-time, blinded), and verifies.
    public static func rs256(_ key: RSA.Signing.PrivateKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .rsaPrivate(key, .rs256), keyID: keyID)
    }

    /// An RS384 private key.
    public static func rs384(_ key: RSA.Signing.PrivateKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .rsaPrivate(key, .rs384), keyID: keyID)
    }

    /// An RS512 private key.
    public static func rs512(_ key: RSA.Signing.PrivateKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .rsaPrivate(key, .rs512), keyID: keyID)
    }

    /// A PS256 public key (RSASSA-PSS, SHA-256; RFC 7518 §3.5): verifies "PS256" tokens.
    public static func ps256(_ key: RSA.Signing.PublicKey, keyID: String? = nil) -> JWTKey { JWTKey(material: .rsa(key, .ps256), keyID: keyID) }
    /// A PS384 public key.
    public static func ps384(_ key: RSA.Signing.PublicKey, keyID: String? = nil) -> JWTKey { JWTKey(material: .rsa(key, .ps384), keyID: keyID) }
    /// A PS512 public key.
    public static func ps512(_ key: RSA.Signing.PublicKey, keyID: String? = nil) -> JWTKey { JWTKey(material: .rsa(key, .ps512), keyID: keyID) }
    /// A PS256 private key: signs with a fresh random salt each time, and verifies.
    public static func ps256(_ key: RSA.Signing.PrivateKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .rsaPrivate(key, .ps256), keyID: keyID)
    }
    /// A PS384 private key.
    public static func ps384(_ key: RSA.Signing.PrivateKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .rsaPrivate(key, .ps384), keyID: keyID)
    }
    /// A PS512 private key.
    public static func ps512(_ key: RSA.Signing.PrivateKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .rsaPrivate(key, .ps512), keyID: keyID)
    }

    /// An ES256 verification key.
    public static func es256(_ key: P256.Signing.PublicKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .p256Public(key), keyID: keyID)
    }

    /// An ES256 signing key (it verifies too).
    public static func es256(_ key: P256.Signing.PrivateKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .p256Private(key), keyID: keyID)
    }

    /// An ES384 verification key.
    public static func es384(_ key: P384.Signing.PublicKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .p384Public(key), keyID: keyID)
    }

    /// An ES384 signing key (RFC 6979 nonces, constant-time); it verifies too.
    public static func es384(_ key: P384.Signing.PrivateKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .p384Private(key), keyID: keyID)
    }

    /// An ES512 (P-521, SHA-512) verification key.
    public static func es512(_ key: P521.Signing.PublicKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .p521Public(key), keyID: keyID)
    }

    /// An ES512 signing key (RFC 6979 nonces, constant-time); it verifies too.
    public static func es512(_ key: P521.Signing.PrivateKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .p521Private(key), keyID: keyID)
    }

    /// An EdDSA (Ed25519, RFC 8037) public key: verifies "EdDSA" tokens.
    public static func eddsa(_ key: Curve25519.Signing.PublicKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .ed25519Public(key), keyID: keyID)
    }

    /// An EdDSA (Ed25519) private key: signs "EdDSA" tokens (deterministic, constant-time) and verifies them.
    public static func eddsa(_ key: Curve25519.Signing.PrivateKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .ed25519Private(key), keyID: keyID)
    }

    /// An HS256 secret of at least 32 bytes (RFC 7518 §3.2: a key of the hash's output size or larger).
    public static func hs256(_ secret: SymmetricKey, keyID: String? = nil) throws(JWTError) -> JWTKey {
        try checkSecret(secret, bytes: 32, "HS256")
        return JWTKey(material: .hmac256(HMAC<SHA256>(key: secret), secret), keyID: keyID)
    }

    /// An HS384 secret of at least 48 bytes (RFC 7518 §3.2).
    public static func hs384(_ secret: SymmetricKey, keyID: String? = nil) throws(JWTError) -> JWTKey {
        try checkSecret(secret, bytes: 48, "HS384")
        return JWTKey(material: .hmac384(HMAC<SHA384>(key: secret), secret), keyID: keyID)
    }

    /// An HS512 secret of at least 64 bytes (RFC 7518 §3.2).
    public static func hs512(_ secret: SymmetricKey, keyID: String? = nil) throws(JWTError) -> JWTKey {
        try checkSecret(secret, bytes: 64, "HS512")
        return JWTKey(material: .hmac512(HMAC<SHA512>(key: secret), secret), keyID: keyID)
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

    private static func checkSecret(_ secret: SymmetricKey, bytes: Int, _ name: String) throws(JWTError) {
        guard secret.bitCount >= bytes * 8 else {
            throw JWTError(.invalidKey("an \(name) secret must be at least \(bytes) bytes (RFC 7518 §3.2); this one is \(secret.bitCount / 8)"))
        }
    }

    /// Whether `signature` is valid for `signingInput` under this key.
    func verify(signature: [UInt8], signingInput: ArraySlice<UInt8>) throws(JWTError) -> Bool {
        switch material {
        case .rsa(let key, let algorithm):
            return Self.verifyRSA(key, algorithm, signature, signingInput)
        case .rsaPrivate(let key, let algorithm):
            return Self.verifyRSA(key.publicKey, algorithm, signature, signingInput)
        case .p256Public(let key):
            return try Self.verifyES256(key, signature, signingInput)
        case .p256Private(let key):
            return try Self.verifyES256(key.publicKey, signature, signingInput)
        case .p384Public(let key):
            return try Self.verifyES384(key, signature, signingInput)
        case .p384Private(let key):
            return try Self.verifyES384(key.publicKey, signature, signingInput)
        case .p521Public(let key):
            return try Self.verifyES512(key, signature, signingInput)
        case .p521Private(let key):
            return try Self.verifyES512(key.publicKey, signature, signingInput)
        case .ed25519Public(let key):
            guard signature.count == 64 else { throw JWTError(.invalidSignatureEncoding(length: signature.count)) }
            return key.isValidSignature(signature, for: signingInput)
        case .ed25519Private(let key):
            guard signature.count == 64 else { throw JWTError(.invalidSignatureEncoding(length: signature.count)) }
            return key.publicKey.isValidSignature(signature, for: signingInput)
        case .hmac256(let keyed, _): return Self.matches(keyed, signature, signingInput)
        case .hmac384(let keyed, _): return Self.matches(keyed, signature, signingInput)
        case .hmac512(let keyed, _): return Self.matches(keyed, signature, signingInput)
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

    private static func matches<H: HashFunction>(_ keyed: HMAC<H>, _ signature: [UInt8], _ signingInput: ArraySlice<UInt8>) -> Bool {
        var mac = keyed
        signingInput.withUnsafeBytes { mac.update(bufferPointer: $0) }
        return signature.count == H.Digest.byteCount
            && mac.finalize().withUnsafeBytes { expected in signature.withUnsafeBytes { constantTimeEqual(expected, $0) } }
    }

    private static func verifyES256(_ key: P256.Signing.PublicKey, _ signature: [UInt8],
                                    _ signingInput: ArraySlice<UInt8>) throws(JWTError) -> Bool {
        guard signature.count == 64, let parsed = try? P256.Signing.ECDSASignature(rawRepresentation: signature) else {
            throw JWTError(.invalidSignatureEncoding(length: signature.count))
        }
        return key.isValidSignature(parsed, for: signingInput)
    }

    /// r ‖ s of 48 bytes each (RFC 7518 §3.4); any other length is an encoding error, not a forgery.
    private static func verifyES384(_ key: P384.Signing.PublicKey, _ signature: [UInt8],
                                    _ signingInput: ArraySlice<UInt8>) throws(JWTError) -> Bool {
        guard signature.count == 96, let parsed = try? P384.Signing.ECDSASignature(rawRepresentation: signature) else {
            throw JWTError(.invalidSignatureEncoding(length: signature.count))
        }
        return key.isValidSignature(parsed, for: signingInput)
    }

    /// r ‖ s of 66 bytes each (RFC 7518 §3.4).
    private static func verifyES512(_ key: P521.Signing.PublicKey, _ signature: [UInt8],
                                    _ signingInput: ArraySlice<UInt8>) throws(JWTError) -> Bool {
        guard signature.count == 132, let parsed = try? P521.Signing.ECDSASignature(rawRepresentation: signature) else {
            throw JWTError(.invalidSignatureEncoding(length: signature.count))
        }
        return key.isValidSignature(parsed, for: signingInput)
    }

    /// Whether the key can sign: a private key or an HMAC secret (not a public key).
    public var canSign: Bool {
        switch material {
        case .p256Private, .p384Private, .p521Private, .ed25519Private, .rsaPrivate, .hmac256, .hmac384, .hmac512: return true
        case .rsa, .p256Public, .p384Public, .p521Public, .ed25519Public: return false
        }
    }

    /// The signature of `signingInput`, for keys that can sign.
    func sign(_ signingInput: [UInt8]) throws(JWTError) -> [UInt8] {
        func mac<H: HashFunction>(_ keyed: HMAC<H>) -> [UInt8] {
            var mac = keyed
            signingInput.withUnsafeBytes { mac.update(bufferPointer: $0) }
            return mac.finalize().withUnsafeBytes { Array($0) }
        }
        switch material {
        case .p256Private(let key): return key.signature(for: signingInput).rawRepresentation
        case .p384Private(let key): return key.signature(for: signingInput).rawRepresentation
        case .p521Private(let key): return key.signature(for: signingInput).rawRepresentation
        case .ed25519Private(let key): return key.signature(for: signingInput)
        case .hmac256(let keyed, _): return mac(keyed)
        case .hmac384(let keyed, _): return mac(keyed)
        case .hmac512(let keyed, _): return mac(keyed)
        case .rsaPrivate(let key, let algorithm):
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
        case .p256Public, .p384Public, .p521Public, .ed25519Public:
            throw JWTError(.invalidKey("a public key cannot sign; load the private key (e.g. the .p8 file, a PKCS#8 PEM or a JWK with \"d\")"))
        }
    }
}

// A key never prints its material: a private scalar or HMAC state in a log line or a `dump` is a leaked
// key. What is shown is what a person needs to tell keys apart: the algorithm, the kind, the kid.
extension JWTKey: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    private var kind: String {
        switch material {
        case .rsa, .p256Public, .p384Public, .p521Public, .ed25519Public: return "public"
        case .p256Private, .p384Private, .p521Private, .ed25519Private, .rsaPrivate: return "private, redacted"
        case .hmac256, .hmac384, .hmac512: return "secret, redacted"
        }
    }

    public var description: String {
        "JWTKey(\(algorithm.rawValue) \(kind)" + (keyID.map { ", kid \"\($0)\"" } ?? "") + ")"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: ["algorithm": algorithm, "keyID": keyID as Any], displayStyle: .struct)
    }
}

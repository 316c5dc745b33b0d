// A key together with the one algorithm it may be used with. The key decides the algorithm: a token's
// "alg" must match it, so an RSA public key can never be used as an HMAC secret ("algorithm confusion").

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureP256
import PureRSA
import PureSHA2

/// A verification (and, for ES256 private keys and HS256 secrets, signing) key.
public struct JWTKey: Sendable {
    enum Material: Sendable {
        case rsa(RSA.Signing.PublicKey)
        case p256Public(P256.Signing.PublicKey)
        case p256Private(P256.Signing.PrivateKey)
        /// The secret as a keyed HMAC state (both key blocks already compressed), copied per use.
        case hmac(HMAC<SHA256>)
    }

    let material: Material
    /// The key ID matched against a token's "kid".
    public let keyID: String?

    /// The algorithm this key is for.
    public var algorithm: JWTAlgorithm {
        switch material {
        case .rsa: return .rs256
        case .p256Public, .p256Private: return .es256
        case .hmac: return .hs256
        }
    }

    /// An RS256 verification key.
    public static func rs256(_ key: RSA.Signing.PublicKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .rsa(key), keyID: keyID)
    }

    /// An ES256 verification key.
    public static func es256(_ key: P256.Signing.PublicKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .p256Public(key), keyID: keyID)
    }

    /// An ES256 signing key (it verifies too).
    public static func es256(_ key: P256.Signing.PrivateKey, keyID: String? = nil) -> JWTKey {
        JWTKey(material: .p256Private(key), keyID: keyID)
    }

    /// An HS256 secret of at least 32 bytes (RFC 7518 §3.2: a key of the hash's output size or larger).
    public static func hs256(_ secret: SymmetricKey, keyID: String? = nil) throws(JWTError) -> JWTKey {
        guard secret.bitCount >= 256 else {
            throw JWTError(.invalidKey("an HS256 secret must be at least 32 bytes (RFC 7518 §3.2); this one is \(secret.bitCount / 8)"))
        }
        return JWTKey(material: .hmac(HMAC<SHA256>(key: secret)), keyID: keyID)
    }

    /// Whether `signature` is valid for `signingInput` under this key.
    func verify(signature: [UInt8], signingInput: ArraySlice<UInt8>) throws(JWTError) -> Bool {
        switch material {
        case .rsa(let key):
            return key.isValidSignature(RSA.Signing.RSASignature(rawRepresentation: signature), for: signingInput)
        case .p256Public(let key):
            return try Self.verifyES256(key, signature, signingInput)
        case .p256Private(let key):
            return try Self.verifyES256(key.publicKey, signature, signingInput)
        case .hmac(let keyed):
            var mac = keyed
            signingInput.withUnsafeBytes { mac.update(bufferPointer: $0) }
            // Constant-time in the bytes; a wrong length (public) is refused at once.
            return signature.count == SHA256.byteCount
                && mac.finalize().withUnsafeBytes { expected in signature.withUnsafeBytes { constantTimeEqual(expected, $0) } }
        }
    }

    private static func verifyES256(_ key: P256.Signing.PublicKey, _ signature: [UInt8],
                                    _ signingInput: ArraySlice<UInt8>) throws(JWTError) -> Bool {
        guard signature.count == 64, let parsed = try? P256.Signing.ECDSASignature(rawRepresentation: signature) else {
            throw JWTError(.invalidSignatureEncoding(length: signature.count))
        }
        return key.isValidSignature(parsed, for: signingInput)
    }

    /// Whether the key can sign: an ES256 private key or an HS256 secret (not a public key, not RSA).
    public var canSign: Bool {
        switch material {
        case .p256Private, .hmac: return true
        case .rsa, .p256Public: return false
        }
    }

    /// The signature of `signingInput`, for keys that can sign.
    func sign(_ signingInput: [UInt8]) throws(JWTError) -> [UInt8] {
        switch material {
        case .p256Private(let key):
            return key.signature(for: signingInput).rawRepresentation
        case .hmac(let keyed):
            var mac = keyed
            signingInput.withUnsafeBytes { mac.update(bufferPointer: $0) }
            return mac.finalize().withUnsafeBytes { Array($0) }
        case .rsa:
            throw JWTError(.invalidKey("RS256 signing is not offered: PureJWT verifies Apple's RS256 tokens but never signs with RSA"))
        case .p256Public:
            throw JWTError(.invalidKey("a public key cannot sign; load the private key (e.g. the .p8 file)"))
        }
    }
}

// A key never prints its material: a private scalar or HMAC state in a log line or a `dump` is a leaked
// key. What is shown is what a person needs to tell keys apart: the algorithm, the kind, the kid.
extension JWTKey: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    private var kind: String {
        switch material {
        case .rsa: return "public"
        case .p256Public: return "public"
        case .p256Private: return "private, redacted"
        case .hmac: return "secret, redacted"
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

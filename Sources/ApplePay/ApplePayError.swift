// The one error type of ApplePay: which check a payment token failed, in words a merchant's engineer can
// act on. No message carries a byte of the payment data, the keys or the decrypted plaintext.

import PureX509

/// Why a payment token was refused, or a decrypter could not be configured.
public struct ApplePayError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong. Cases may be added in minor versions: switch with a `default:`.
    public enum Reason: Hashable, Sendable {
        /// The token's JSON, or a member of it (base64, hex, the header's shape), is not what Apple sends.
        case malformedToken(String)
        /// A `version` other than `EC_v1` and `RSA_v1` (the value, shortened).
        case unsupportedVersion(String)
        /// The token's version does not fit the merchant certificate its `publicKeyHash` names (an
        /// `RSA_v1` token for an EC certificate, or the reverse).
        case versionDoesNotFitCertificate(version: String, certificateKey: String)
        /// The `signature` is not a CMS SignedData as Apple makes it (what is wrong).
        case malformedSignature(String)
        /// The signature does not verify over the token's fields (a field was changed), or the signed
        /// message digest is not of them.
        case invalidSignature
        /// The signing certificate lacks Apple's Apple Pay leaf marker 1.2.840.113635.100.6.29.
        case signerNotMarked
        /// The signer's issuer lacks Apple's intermediate marker 1.2.840.113635.100.6.2.14.
        case intermediateNotMarked
        /// The signer's chain does not lead to the trusted root at the verification time (PureX509's words).
        case untrustedChain(String)
        /// The signature has no signing-time attribute.
        case signingTimeMissing
        /// The signing time is further from the verification time than the window allows (seconds since
        /// 1970, UTC; the window in seconds).
        case signingTimeOutsideWindow(signingTime: Int64, verificationTime: Int64, window: Int64)
        /// No configured certificate has the token's `publicKeyHash` (base64, as in the token).
        case unknownMerchantCertificate(publicKeyHash: String)
        /// The `ephemeralPublicKey` is not a valid P-256 public key (why).
        case invalidEphemeralPublicKey(String)
        /// The data did not decrypt: the authentication tag does not match (a wrong merchant certificate or
        /// key, or altered data), or the wrapped key does not unwrap.
        case decryptionFailed
        /// The decrypted payment data is not the JSON Apple documents (which member).
        case malformedPaymentData(String)
        /// A certificate, key or setting given to the decrypter is unusable (why).
        case invalidConfiguration(String)
    }

    /// What was wrong.
    public let reason: Reason

    /// An error for `reason`.
    public init(_ reason: Reason) { self.reason = reason }

    public var description: String {
        switch reason {
        case .malformedToken(let what):
            return "not an Apple Pay payment token: \(what); pass the paymentData object Apple Pay JS or PassKit gives (version, data, signature, header)"
        case .unsupportedVersion(let version):
            return "the token's version \"\(version)\" is not EC_v1 or RSA_v1"
        case .versionDoesNotFitCertificate(let version, let key):
            return "the token is \(version), but the merchant certificate its publicKeyHash names has \(key) key; "
                + "EC_v1 needs an EC P-256 payment processing certificate, RSA_v1 an RSA one"
        case .malformedSignature(let what):
            return "the token's signature is not a CMS SignedData as Apple makes it: \(what)"
        case .invalidSignature:
            return "the token's signature does not verify over its fields: the token was altered, or is not from Apple"
        case .signerNotMarked:
            return "the token's signing certificate lacks Apple's Apple Pay marker 1.2.840.113635.100.6.29: not signed by Apple Pay"
        case .intermediateNotMarked:
            return "the signing certificate's issuer lacks Apple's intermediate marker 1.2.840.113635.100.6.2.14"
        case .untrustedChain(let why):
            return "the token's signing certificate does not chain to the trusted root at the verification time: \(why)"
        case .signingTimeMissing:
            return "the token's signature has no signing time, which Apple's always carry"
        case .signingTimeOutsideWindow(let signed, let time, let window):
            return "the token was signed at \(X509Error.utc(signed)), more than \(window) seconds from the verification time "
                + "\(X509Error.utc(time)): refused as stale or replayed; decrypt tokens as they arrive, or pass the time they arrived"
        case .unknownMerchantCertificate(let hash):
            return "no configured payment processing certificate has the token's publicKeyHash \(hash); configure the certificate "
                + "the token was made for (during a rotation, both)"
        case .invalidEphemeralPublicKey(let why):
            return "the token's ephemeralPublicKey is not a valid P-256 public key: \(why)"
        case .decryptionFailed:
            return "the token's data did not decrypt: the authentication tag does not match (wrong merchant certificate or key for "
                + "this token, or altered data)"
        case .malformedPaymentData(let what):
            return "the decrypted payment data is not the JSON Apple documents: \(what)"
        case .invalidConfiguration(let why):
            return "the Apple Pay decrypter cannot be configured: \(why)"
        }
    }
}

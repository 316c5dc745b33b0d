// The one error type of PureRSA.

/// Why an RSA public key was refused.
public struct RSAError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong with the key. Cases may be added in minor versions: switch with a `default:`.
    public enum Reason: Hashable, Sendable {
        /// The modulus has fewer than 2048 bits (the policy minimum); the size is given.
        case modulusTooSmall(bits: Int)
        /// The modulus has more than 16384 bits (refused so that hostile keys cannot cost unbounded time).
        case modulusTooLarge(bits: Int)
        /// The modulus is even, so it is not an RSA modulus.
        case evenModulus
        /// The exponent is even, 1, or not below the modulus.
        case invalidExponent
        /// The exponent is wider than 33 bits (as in BoringSSL): refused to bound verification time.
        case exponentTooLarge(bits: Int)
        /// The key container could not be read (the PureASN1 message is given).
        case invalidKeyEncoding(String)
        /// The modulus has the fingerprint of the weak Infineon key generator (ROCA, CVE-2017-15361).
        case weakKeyROCA
        /// A private key's members disagree (p·q ≠ n, dp ≠ d mod (p − 1), …); says which.
        case inconsistentPrivateKey(String)
        /// The signature computed did not verify with the public key (a fault during signing); nothing
        /// was returned.
        case signingFault
        /// A key size other than 2048, 3072 or 4096 bits was asked of key generation.
        case unsupportedKeySize(Int)
        /// A message too long for RSA-OAEP with this key and hash (at most k − 2·hLen − 2 bytes).
        case messageTooLong(maximum: Int)
        /// An RSA-OAEP ciphertext could not be decrypted: wrong length, out of range, or its padding is not
        /// OAEP with this hash and label. One reason for all, so that no attacker learns which (Manger 2001).
        case decryptionFailed
    }

    /// What was wrong.
    public let reason: Reason

    /// An error for `reason`.
    public init(_ reason: Reason) { self.reason = reason }

    public var description: String {
        switch reason {
        case .modulusTooSmall(let bits):
            return "the RSA modulus has \(bits) bits; keys below 2048 bits are refused as too weak"
        case .modulusTooLarge(let bits):
            return "the RSA modulus has \(bits) bits; keys above 16384 bits are refused"
        case .evenModulus:
            return "the RSA modulus is even, so this is not an RSA public key"
        case .invalidExponent:
            return "the RSA public exponent must be odd, greater than 1 and below the modulus (65537 in practice)"
        case .exponentTooLarge(let bits):
            return "the RSA public exponent has \(bits) bits; at most 33 are accepted (65537 in practice)"
        case .invalidKeyEncoding(let message):
            return "the RSA key could not be read: \(message)"
        case .weakKeyROCA:
            return "the RSA key comes from a generator broken by ROCA (CVE-2017-15361): its private key can be recovered; replace the key"
        case .inconsistentPrivateKey(let what):
            return "the RSA private key is inconsistent: \(what); the key file is corrupted or was assembled from two keys"
        case .unsupportedKeySize(let bits):
            return "RSA keys are generated with 2048, 3072 or 4096 bits, not \(bits)"
        case .messageTooLong(let maximum):
            return "RSA-OAEP encrypts at most \(maximum) bytes with this key and hash: encrypt a content key with RSA and the data with it (as JWE does)"
        case .decryptionFailed:
            return "the RSA-OAEP ciphertext could not be decrypted: it was not made for this key, with this padding, or it was altered"
        case .signingFault:
            return "the RSA signature did not verify with the public key (a fault during signing); no signature was returned — retry, and if it persists, check the hardware"
        }
    }
}

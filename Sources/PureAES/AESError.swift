// The one error type of PureAES.

/// What went wrong encrypting, decrypting, wrapping or unwrapping with AES.
///
/// Decryption and unwrapping fail with ``Reason/authenticationFailure`` alone, whatever part of the input
/// was wrong: saying more would tell an attacker which guess came closer.
public struct AESError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Reason: Hashable, Sendable {
        /// The key is not 16, 24 or 32 bytes (AES-128, AES-192, AES-256), or not the size the mode needs.
        case incorrectKeySize(expected: [Int], found: Int)
        /// A GCM nonce was empty (NIST SP 800-38D §5.2.1.1 requires at least one bit).
        case emptyNonce
        /// A GCM tag was not 16 bytes; shorter tags are refused (RFC 7518 §5.3 uses 128-bit tags).
        case incorrectTagSize(found: Int)
        /// An initialization vector of the wrong size for the mode (A*CBC-HS* takes 16 bytes).
        case incorrectIVSize(expected: Int, found: Int)
        /// A combined GCM box (nonce ‖ ciphertext ‖ tag) was shorter than a 12-byte nonce and a 16-byte tag.
        case combinedTooShort(found: Int)
        /// A GCM message or additional data longer than NIST SP 800-38D §5.2.1.1 allows under one nonce.
        case messageTooLong
        /// A key to wrap, or a wrapped key, whose length RFC 3394 does not allow.
        case incorrectKeyWrapSize(String)
        /// The ciphertext or wrapped key could not be authenticated; nothing was decrypted.
        case authenticationFailure
    }

    /// Why.
    public let reason: Reason

    /// An error for `reason`.
    public init(_ reason: Reason) { self.reason = reason }

    /// What went wrong and what to do about it, in a sentence.
    public var description: String {
        switch reason {
        case .incorrectKeySize(let expected, let found):
            let sizes = expected.map(String.init).joined(separator: ", ")
            return "the key is \(found) bytes, but this operation takes keys of \(sizes) bytes: check that the right key was given (a JWK's \"k\" is base64url, not hex or text)"
        case .emptyNonce:
            return "a GCM nonce must not be empty: use AES.GCM.Nonce() for 12 fresh random bytes"
        case .incorrectTagSize(let found):
            return "a GCM tag is 16 bytes, but \(found) were given: truncated tags are refused"
        case .incorrectIVSize(let expected, let found):
            return "the initialization vector is \(found) bytes, but this mode takes \(expected): draw a fresh random one of that size"
        case .combinedTooShort(let found):
            return "a combined GCM box is a 12-byte nonce, the ciphertext and a 16-byte tag (28 bytes at least), but \(found) bytes were given"
        case .messageTooLong:
            return "GCM encrypts at most 2^36 - 32 bytes (and authenticates at most 2^61 - 1 bytes of additional data) under one nonce: split the message"
        case .incorrectKeyWrapSize(let message):
            return "AES key wrap (RFC 3394): \(message)"
        case .authenticationFailure:
            return "the ciphertext could not be authenticated: the key, nonce, additional data, ciphertext or tag differs from what was sealed; nothing was decrypted"
        }
    }
}

// GENERATED from scripts/curve-keys/EdwardsError.swift.template by scripts/generate-curve-keys.swift: do not
// edit; change the template and run `swift scripts/generate-curve-keys.swift` (CI checks the two agree).
//
// The one error type of PureCurve448.

/// What went wrong reading an Ed448 or X448 key, signing with a context, or agreeing on an X448 secret.
public struct Curve448Error: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Reason: Hashable, Sendable {
        /// A raw key was not the length its kind has (Ed448 keys are 57 bytes, X448 keys 56).
        case invalidLength(expected: Int, found: Int)
        /// A public key's 57 bytes encode no point of edwards448 (RFC 8032 §5.2.3).
        case invalidPoint
        /// A DER or PEM key could not be read, or is not a key of the algorithm asked for (an X448 file read
        /// as Ed448, or an Ed25519 file, …).
        case invalidKeyEncoding(String)
        /// A private key file's public key does not belong to its private key.
        case inconsistentKey
        /// An Ed448 context was longer than the 255 bytes RFC 8032 §5.2 allows.
        case contextTooLong(Int)
        /// An X448 key agreement gave the all-zero secret: the peer's public key is a point of small
        /// order (RFC 7748 §6.2).
        case zeroSharedSecret
    }

    /// Why.
    public let reason: Reason

    /// An error for `reason`.
    public init(_ reason: Reason) { self.reason = reason }

    public var description: String {
        switch reason {
        case .invalidLength(let expected, let found):
            return "the key must be \(expected) bytes (Ed448 keys are 57 bytes, X448 keys 56), but \(found) were given"
        case .invalidPoint:
            return "the 57 bytes do not encode a point of edwards448 (RFC 8032 §5.2.3): the public key is corrupted or not an Ed448 key"
        case .invalidKeyEncoding(let message):
            return "the key could not be read: \(message)"
        case .inconsistentKey:
            return "the key file's public key is not the public key of its private key: the file is corrupted or was assembled from two keys"
        case .contextTooLong(let count):
            return "an Ed448 context is at most 255 bytes (RFC 8032 §5.2), but \(count) were given"
        case .zeroSharedSecret:
            return "the X448 key agreement gave all zeros: the peer's public key is a point of small order, which is refused (RFC 7748 §6.2); ask the peer for a real key"
        }
    }
}

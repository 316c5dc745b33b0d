// GENERATED from scripts/curve-keys/EdwardsError.swift.template by scripts/generate-curve-keys.swift: do not
// edit; change the template and run `swift scripts/generate-curve-keys.swift` (CI checks the two agree).
//
// The one error type of PureCurve25519.

/// What went wrong reading an Ed25519 or X25519 key, or agreeing on an X25519 secret.
public struct Curve25519Error: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Reason: Hashable, Sendable {
        /// A raw key was not the length its kind has (Ed25519 and X25519 keys are 32 bytes).
        case invalidLength(expected: Int, found: Int)
        /// A public key's 32 bytes encode no point of edwards25519 (RFC 8032 §5.1.3).
        case invalidPoint
        /// A DER or PEM key could not be read, or is not a key of the algorithm asked for (an X25519 file read
        /// as Ed25519, or an Ed448 file, …).
        case invalidKeyEncoding(String)
        /// A private key file's public key does not belong to its private key.
        case inconsistentKey
        /// An X25519 key agreement gave the all-zero secret: the peer's public key is a point of small
        /// order (RFC 7748 §6.1).
        case zeroSharedSecret
    }

    /// Why.
    public let reason: Reason

    /// An error for `reason`.
    public init(_ reason: Reason) { self.reason = reason }

    public var description: String {
        switch reason {
        case .invalidLength(let expected, let found):
            return "the key must be \(expected) bytes (Ed25519 and X25519 keys are 32 bytes), but \(found) were given"
        case .invalidPoint:
            return "the 32 bytes do not encode a point of edwards25519 (RFC 8032 §5.1.3): the public key is corrupted or not an Ed25519 key"
        case .invalidKeyEncoding(let message):
            return "the key could not be read: \(message)"
        case .inconsistentKey:
            return "the key file's public key is not the public key of its private key: the file is corrupted or was assembled from two keys"
        case .zeroSharedSecret:
            return "the X25519 key agreement gave all zeros: the peer's public key is a point of small order, which is refused (RFC 7748 §6.1); ask the peer for a real key"
        }
    }
}

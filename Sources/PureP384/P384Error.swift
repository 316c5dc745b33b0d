// The one error type of PureP384.

/// Why a P-384 key or signature was refused.
public struct P384Error: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong. Cases may be added in minor versions: switch with a `default:`.
    public enum Reason: Hashable, Sendable {
        /// Bytes of the wrong length for the representation (expected, found).
        case invalidLength(expected: Int, found: Int)
        /// A point encoding whose first byte is not 02, 03 or 04 as the representation requires.
        case invalidPointEncoding
        /// A coordinate not below p.
        case coordinateOutOfRange
        /// A point that is not on the curve.
        case pointNotOnCurve
        /// Malformed DER or a component too large.
        case invalidSignature(String)
        /// The key container could not be read (the PureASN1 message is given).
        case invalidKeyEncoding(String)
    }

    /// What was wrong.
    public let reason: Reason

    /// An error for `reason`.
    public init(_ reason: Reason) { self.reason = reason }

    public var description: String {
        switch reason {
        case .invalidLength(let expected, let found):
            return "expected \(expected) bytes but found \(found)"
        case .invalidPointEncoding:
            return "the point encoding must start with 04 (uncompressed) or 02/03 (compressed), SEC 1 §2.3.3"
        case .coordinateOutOfRange:
            return "a point coordinate is not below the field prime p"
        case .pointNotOnCurve:
            return "the point is not on the P-384 curve; the public key is corrupted or belongs to another curve"
        case .invalidSignature(let what):
            return "invalid ECDSA signature: \(what)"
        case .invalidKeyEncoding(let message):
            return "the key could not be read: \(message)"
        }
    }
}

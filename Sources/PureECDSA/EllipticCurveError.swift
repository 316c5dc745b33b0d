// The one error type of the NIST curves (PureP256's P256Error, PureP384's P384Error and PureP521's
// P521Error are names for it).

/// Why a key or signature on a NIST curve was refused.
public struct EllipticCurveError: Error, Hashable, Sendable, CustomStringConvertible {
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
        /// A private scalar equal to 0 or not below n.
        case invalidPrivateKey
        /// Malformed DER or a component too large.
        case invalidSignature(String)
        /// The key container could not be read (the PureASN1 message is given).
        case invalidKeyEncoding(String)
        /// The private key file's public key does not match its private scalar.
        case inconsistentKey
        /// A key agreement whose result is the point at infinity (impossible with keys this library
        /// validated; reported rather than returned as a secret).
        case sharedSecretAtInfinity
    }

    /// What was wrong.
    public let reason: Reason
    /// The curve, "P-256", "P-384" or "P-521" (empty when not known).
    public let curve: String

    /// An error for `reason` on `curve`.
    public init(_ reason: Reason, curve: String = "") {
        self.reason = reason
        self.curve = curve
    }

    /// Errors are equal when their reasons are: the curve only names, for the message, where it happened.
    /// So `P256Error(.pointNotOnCurve)` equals the error a P-256 key throws, as it did when each curve
    /// module had an error type of its own.
    public static func == (a: Self, b: Self) -> Bool { a.reason == b.reason }

    /// Hashes the reason alone, in step with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(reason) }

    public var description: String {
        let on = curve.isEmpty ? "" : " (\(curve))"
        switch reason {
        case .invalidLength(let expected, let found):
            return "expected \(expected) bytes but found \(found)\(on)"
        case .invalidPointEncoding:
            return "the point encoding must start with 04 (uncompressed) or 02/03 (compressed), SEC 1 §2.3.3"
        case .coordinateOutOfRange:
            return "a point coordinate is not below the field prime p\(on)"
        case .pointNotOnCurve:
            return "the point is not on the \(curve.isEmpty ? "expected" : curve) curve; the public key is corrupted or belongs to another curve"
        case .invalidPrivateKey:
            return "the private scalar must be in [1, n − 1]\(on); the key is corrupted"
        case .invalidSignature(let what):
            return "invalid ECDSA signature\(on): \(what)"
        case .invalidKeyEncoding(let message):
            return "the key could not be read: \(message)"
        case .inconsistentKey:
            return "the key file's public key does not belong to its private key\(on); the file is corrupted or was assembled from two keys"
        case .sharedSecretAtInfinity:
            return "the key agreement gave the point at infinity\(on); the peer's public key is not a valid point of the curve's group"
        }
    }
}

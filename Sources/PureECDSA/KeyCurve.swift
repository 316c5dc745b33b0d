// What the key and signature encodings of KeyCores.swift need from a curve: its names and sizes, and the
// four things only its arithmetic can do — check a point, find y from x, check a private scalar, and
// multiply the generator by it. Everything else about keys (raw, x963, compressed, SPKI, PKCS#8, SEC 1,
// PEM, the consistency of a key file's two halves, redaction) and signatures (r ‖ s, DER) is written
// once over this protocol.
//
// Two kinds of curve conform. The curves of this module's generic arithmetic (`WeierstrassCurve`: P-384,
// P-521) get all four from the generic code below. P-256 keeps its own arithmetic — a field tuned for
// that prime, a signed-digit generator table and a wNAF verifier that the generic code does not match
// for speed — and conforms directly with its own point and scalar types (PureP256's P256Curve.swift).

import PureASN1

/// A curve whose keys and signatures `ECPublicKeyCore`, `ECPrivateKeyCore` and `ECDSASignatureCore`
/// encode. Conformances are `@inlinable`, so the cores are specialised to each curve's own types.
@usableFromInline package protocol ECKeyCurve: Sendable {
    /// A validated public point in the form the curve's verification uses.
    associatedtype PublicPoint: Sendable
    /// A validated private scalar in the form the curve's signing uses. A secret.
    associatedtype PrivateScalar: Sendable

    /// "P-256", for error messages.
    static var name: String { get }
    /// The curve's object identifier in keys (RFC 5480 §2.1.1.1).
    static var objectIdentifier: ASN1ObjectIdentifier { get }
    /// Bytes of a coordinate and of a scalar (32, 48 and 66 for P-256, P-384 and P-521).
    static var byteCount: Int { get }
    /// Bits of the group order n (qlen in RFC 6979).
    static var orderBitCount: Int { get }

    /// The point (x, y) from two `byteCount`-byte big-endian coordinates; throws `.coordinateOutOfRange`
    /// for a coordinate not below p and `.pointNotOnCurve`.
    static func publicPoint(x: [UInt8], y: [UInt8]) throws(EllipticCurveError) -> PublicPoint
    /// y, `byteCount` bytes, of the point with this x whose y has the given parity (SEC 1 §2.3.4); throws
    /// `.coordinateOutOfRange` or `.pointNotOnCurve` when there is none. May be variable-time (public data).
    static func decompressedY(x: [UInt8], odd: Bool) throws(EllipticCurveError) -> [UInt8]
    /// p − y (0 for 0), `byteCount` bytes, for a coordinate y below p of `byteCount` bytes: the other point
    /// with the same x has it. For public points (compact keys), so it may be variable-time.
    static func negatedCoordinate(_ y: [UInt8]) -> [UInt8]
    /// The scalar of `byteCount` big-endian bytes, or nil unless it is in [1, n − 1]. Constant-time.
    static func privateScalar(_ raw: [UInt8]) -> PrivateScalar?
    /// scalar·G and its coordinates, `byteCount` bytes each. Constant-time in the scalar; `raw` is the
    /// scalar's bytes, for curves whose fixed-base multiplication reads bytes.
    static func publicKey(of scalar: PrivateScalar, raw: [UInt8]) -> (point: PublicPoint, x: [UInt8], y: [UInt8])
    /// The x-coordinate, `byteCount` bytes, of scalar·point (ECDH's shared secret, SP 800-56A §5.7.1.2);
    /// nil for the identity, which a validated point of these prime-order curves and a scalar in
    /// [1, n − 1] never give. Constant-time in the scalar; `raw` is its bytes.
    static func sharedSecret(_ scalar: PrivateScalar, raw: [UInt8], with point: PublicPoint) -> [UInt8]?
}

extension WeierstrassCurve {
    @inlinable
    package static func publicPoint(x: [UInt8], y: [UInt8]) throws(EllipticCurveError) -> AffinePoint<Self> {
        guard let fx = x.withUnsafeBytes({ Field(canonicalBigEndian: $0) }),
              let fy = y.withUnsafeBytes({ Field(canonicalBigEndian: $0) }) else {
            throw EllipticCurveError(.coordinateOutOfRange, curve: name)
        }
        guard AffinePoint<Self>.isOnCurve(x: fx, y: fy) else { throw EllipticCurveError(.pointNotOnCurve, curve: name) }
        return AffinePoint(x: fx, y: fy)
    }

    @inlinable
    package static func decompressedY(x: [UInt8], odd: Bool) throws(EllipticCurveError) -> [UInt8] {
        guard let fx = x.withUnsafeBytes({ Field(canonicalBigEndian: $0) }) else {
            throw EllipticCurveError(.coordinateOutOfRange, curve: name)
        }
        let (root, exists) = AffinePoint<Self>.rightSide(fx).squareRoot()
        guard exists else { throw EllipticCurveError(.pointNotOnCurve, curve: name) }
        let rootIsOdd = (root.canonicalBigEndianBytes.last ?? 0) & 1 == 1
        return (rootIsOdd == odd ? root : -root).canonicalBigEndianBytes
    }

    @inlinable
    package static func negatedCoordinate(_ y: [UInt8]) -> [UInt8] {
        guard let fy = y.withUnsafeBytes({ Field(canonicalBigEndian: $0) }) else { return y }
        return (-fy).canonicalBigEndianBytes
    }

    @inlinable
    package static func privateScalar(_ raw: [UInt8]) -> Scalar? {
        guard let scalar = Scalar(canonicalBigEndian: raw), scalar.isZeroMask == 0 else { return nil }
        return scalar
    }

    @inlinable
    package static func publicKey(of scalar: Scalar, raw: [UInt8]) -> (point: AffinePoint<Self>, x: [UInt8], y: [UInt8]) {
        // Never the identity: the scalar is in [1, n − 1].
        let affine = generatorComb.multiply(bigEndianScalar: raw).affine() ?? AffinePoint(x: .zero, y: .zero)
        return (affine, affine.x.canonicalBigEndianBytes, affine.y.canonicalBigEndianBytes)
    }

    @inlinable
    package static func sharedSecret(_ scalar: Scalar, raw: [UInt8], with point: AffinePoint<Self>) -> [UInt8]? {
        JacobianPoint(point).multipliedConstantTime(bigEndianScalar: raw).affineXBytes
    }
}

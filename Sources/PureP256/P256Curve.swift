// P-256 for PureECDSA's key and signature encodings (`ECKeyCurve`): its constants, and the four operations
// those encodings need, done with this module's own arithmetic (the P-256 field, the signed-digit
// generator table). Keys, key files, signature encodings and errors are PureECDSA's, shared with P-384
// and P-521; signing and verification stay here (ECDSA.swift), specialised to P-256.

import PureASN1
import PureECDSA

/// NIST P-256 for PureECDSA's key and signature cores.
enum P256Curve: ECKeyCurve {
    /// A private scalar in the two forms signing uses: Montgomery form mod n, and the plain integer for
    /// RFC 6979 and the fixed-base multiplication. A secret.
    struct PrivateScalar: Sendable {
        let scalar: Scalar
        let d: U256
    }

    /// Public points are kept with Z = 1 (ECDSA.swift's verification reads x and y directly).
    typealias PublicPoint = ProjectivePoint

    static var name: String { "P-256" }
    static var objectIdentifier: ASN1ObjectIdentifier { .prime256v1 }
    static var byteCount: Int { 32 }
    static var orderBitCount: Int { 256 }

    static func publicPoint(x: [UInt8], y: [UInt8]) throws(EllipticCurveError) -> ProjectivePoint {
        guard let ux = U256(bigEndianBytes: x), let uy = U256(bigEndianBytes: y),
              let fx = FieldElement(canonical: ux), let fy = FieldElement(canonical: uy) else {
            throw EllipticCurveError(.coordinateOutOfRange, curve: name)
        }
        guard ProjectivePoint.isOnCurve(x: fx, y: fy) else { throw EllipticCurveError(.pointNotOnCurve, curve: name) }
        return ProjectivePoint(x: fx, y: fy, z: .one)
    }

    static func decompressedY(x: [UInt8], odd: Bool) throws(EllipticCurveError) -> [UInt8] {
        guard let ux = U256(bigEndianBytes: x), let fx = FieldElement(canonical: ux) else {
            throw EllipticCurveError(.coordinateOutOfRange, curve: name)
        }
        let (root, isSquare) = (fx.squared * fx - fx.tripled + FieldElement.b).squareRoot()
        guard isSquare else { throw EllipticCurveError(.pointNotOnCurve, curve: name) }
        return (root.isOdd == odd ? root : -root).canonical.bigEndianBytes
    }

    static func negatedCoordinate(_ y: [UInt8]) -> [UInt8] {
        guard let uy = U256(bigEndianBytes: y), let fy = FieldElement(canonical: uy) else { return y }
        return (-fy).canonical.bigEndianBytes
    }

    static func privateScalar(_ raw: [UInt8]) -> PrivateScalar? {
        guard let d = U256(bigEndianBytes: raw), let scalar = Scalar(canonical: d), scalar.isZeroMask == 0 else { return nil }
        return PrivateScalar(scalar: scalar, d: d)
    }

    static func publicKey(of scalar: PrivateScalar, raw: [UInt8]) -> (point: ProjectivePoint, x: [UInt8], y: [UInt8]) {
        // Never the identity: the scalar is in [1, n − 1].
        let affine = ProjectivePoint.generatorMultiplied(by: scalar.d).affine() ?? (FieldElement.zero, FieldElement.zero)
        let x = affine.x.canonical, y = affine.y.canonical
        return (ProjectivePoint(x: affine.x, y: affine.y, z: .one), x.bigEndianBytes, y.bigEndianBytes)
    }

    static func sharedSecret(_ scalar: PrivateScalar, raw: [UInt8], with point: ProjectivePoint) -> [UInt8]? {
        JacobianPoint(x: point.x, y: point.y, z: point.z).multipliedConstantTime(bigEndianScalar: raw).affineXBytes
    }
}

extension U256 {
    /// From exactly 32 big-endian bytes; nil for any other length (the cores check lengths first, but
    /// the other curves' field types refuse a wrong length too, so a new caller cannot read past the end).
    init?(bigEndianBytes bytes: [UInt8]) {
        guard bytes.count == 32 else { return nil }
        self = bytes.withUnsafeBytes { U256(bigEndian: $0) }
    }
}

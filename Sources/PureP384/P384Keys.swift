// The public API, named as in swift-crypto: P384.Signing.PublicKey and ECDSASignature. Verification only:
// what App Store signed data (Apple's root and intermediate certificates) and JWS "ES384" need.

import PureASN1
import PureSHA2

/// NIST P-384 (secp384r1): ECDSA verification with SHA-384 (JWS "ES384") or another digest.
public enum P384 {
    /// ECDSA P-384 public keys and signatures, as in swift-crypto.
    public enum Signing {}
}

extension P384.Signing {
    /// A P-384 public key: a validated point (coordinates below p, on the curve, not the point at infinity,
    /// which has no encoding here).
    public struct PublicKey: Sendable {
        let point: AffinePoint
        /// The affine coordinates as canonical integers.
        let x: U384, y: U384

        init(validatedX x: U384, y: U384) throws(P384Error) {
            guard let fx = FieldElement(canonical: x), let fy = FieldElement(canonical: y) else {
                throw P384Error(.coordinateOutOfRange)
            }
            guard fy.squared == FieldElement.curveRightSide(fx) else { throw P384Error(.pointNotOnCurve) }
            point = AffinePoint(x: fx, y: fy)
            self.x = x
            self.y = y
        }

        /// From x ‖ y (96 bytes).
        public init<Bytes: Collection>(rawRepresentation bytes: Bytes) throws(P384Error) where Bytes.Element == UInt8 {
            let raw = Array(bytes)
            guard raw.count == 96 else { throw P384Error(.invalidLength(expected: 96, found: raw.count)) }
            let (x, y) = raw.withUnsafeBytes { (U384(bigEndian: UnsafeRawBufferPointer(rebasing: $0[0..<48])),
                                                U384(bigEndian: UnsafeRawBufferPointer(rebasing: $0[48..<96]))) }
            try self.init(validatedX: x, y: y)
        }

        /// From 04 ‖ x ‖ y (97 bytes, SEC 1 §2.3.3 uncompressed).
        public init<Bytes: Collection>(x963Representation bytes: Bytes) throws(P384Error) where Bytes.Element == UInt8 {
            let raw = Array(bytes)
            guard raw.count == 97 else { throw P384Error(.invalidLength(expected: 97, found: raw.count)) }
            guard raw[0] == 0x04 else { throw P384Error(.invalidPointEncoding) }
            try self.init(rawRepresentation: raw.dropFirst())
        }

        /// From 02/03 ‖ x (49 bytes, SEC 1 §2.3.3 compressed), recovering y (§2.3.4).
        public init<Bytes: Collection>(compressedRepresentation bytes: Bytes) throws(P384Error) where Bytes.Element == UInt8 {
            let raw = Array(bytes)
            guard raw.count == 49 else { throw P384Error(.invalidLength(expected: 49, found: raw.count)) }
            guard raw[0] == 0x02 || raw[0] == 0x03 else { throw P384Error(.invalidPointEncoding) }
            let x = raw.withUnsafeBytes { U384(bigEndian: UnsafeRawBufferPointer(rebasing: $0[1..<49])) }
            guard let fx = FieldElement(canonical: x) else { throw P384Error(.coordinateOutOfRange) }
            let (root, isSquare) = FieldElement.curveRightSide(fx).squareRoot()
            guard isSquare else { throw P384Error(.pointNotOnCurve) }
            let wantOdd = raw[0] == 0x03
            let y = root.canonical.isOdd == wantOdd ? root : -root
            try self.init(validatedX: x, y: y.canonical)
        }

        /// From a SubjectPublicKeyInfo (DER) on secp384r1, with an uncompressed or compressed point.
        public init(derRepresentation: [UInt8]) throws(P384Error) {
            let material: ECPublicKeyMaterial
            do { material = try ECPublicKeyMaterial(derRepresentation: derRepresentation, curve: .secp384r1) } catch {
                throw P384Error(.invalidKeyEncoding(error.description))
            }
            try self.init(sec1Point: material.point)
        }

        /// From a PEM "PUBLIC KEY" block.
        public init(pemRepresentation: String) throws(P384Error) {
            let material: ECPublicKeyMaterial
            do { material = try ECPublicKeyMaterial(pemRepresentation: pemRepresentation, curve: .secp384r1) } catch {
                throw P384Error(.invalidKeyEncoding(error.description))
            }
            try self.init(sec1Point: material.point)
        }

        /// From a SEC 1 point encoding of either form.
        init(sec1Point point: [UInt8]) throws(P384Error) {
            switch point.first {
            case 0x04: try self.init(x963Representation: point)
            case 0x02, 0x03: try self.init(compressedRepresentation: point)
            default: throw P384Error(.invalidPointEncoding)
            }
        }

        /// x ‖ y, 48 bytes each, big-endian.
        public var rawRepresentation: [UInt8] { x.bigEndianBytes + y.bigEndianBytes }
        /// 04 ‖ x ‖ y, the uncompressed point (ANSI X9.63, SEC 1 §2.3.3).
        public var x963Representation: [UInt8] { [0x04] + rawRepresentation }
        /// 02 or 03 (the parity of y) ‖ x, the compressed point (SEC 1 §2.3.3).
        public var compressedRepresentation: [UInt8] { [y.isOdd ? 0x03 : 0x02] + x.bigEndianBytes }

        /// SubjectPublicKeyInfo DER.
        public var derRepresentation: [UInt8] {
            SubjectPublicKeyInfo(algorithm: .ecPublicKey(curve: .secp384r1), subjectPublicKey: x963Representation).derRepresentation
        }

        /// "PUBLIC KEY" PEM.
        public var pemRepresentation: String { PEM.encode(label: "PUBLIC KEY", derBytes: derRepresentation) }

        /// Whether `signature` is valid for the SHA-384 digest of `data`.
        public func isValidSignature<Bytes: Sequence>(_ signature: ECDSASignature, for data: Bytes) -> Bool
        where Bytes.Element == UInt8 {
            isValidSignature(signature, for: SHA384.hash(data: data))
        }

        /// Whether `signature` is valid for a precomputed digest: all of a SHA-384 digest, the leftmost
        /// 384 bits of a longer one, a shorter one whole (FIPS 186-5 §6.4.2).
        public func isValidSignature<D: Digest>(_ signature: ECDSASignature, for digest: D) -> Bool {
            ECDSA.verify(e: ECDSA.digestInteger(digest), r: signature.r, s: signature.s, publicKey: point)
        }
    }
}

extension P384.Signing.PublicKey: Equatable {
    /// Keys are equal when their points are.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.x == rhs.x && lhs.y == rhs.y }
}

// Keys and signatures for any curve of this module, in every encoding swift-crypto's P-curve keys have:
// raw (x ‖ y, or the scalar), x963 (04 ‖ x ‖ y), compressed (02/03 ‖ x, SEC 1 §2.3.3), DER and PEM
// (SubjectPublicKeyInfo, RFC 5480; PKCS#8, RFC 5208, with the SEC 1 ECPrivateKey of RFC 5915 inside;
// "EC PRIVATE KEY" read too). The curve modules' public key types wrap these.

import PureASN1
import PureSHA2

/// A validated public point: coordinates below p, on the curve, not the identity (which has no
/// encoding here).
@usableFromInline package struct ECPublicKeyCore<C: WeierstrassCurve>: Sendable, Equatable {
    @usableFromInline package let point: AffinePoint<C>
    /// The coordinates, `byteCount` bytes each, big-endian.
    @usableFromInline package let x: [UInt8], y: [UInt8]

    @inlinable
    package static func == (a: Self, b: Self) -> Bool { a.x == b.x && a.y == b.y }

    @inlinable
    static func error(_ reason: EllipticCurveError.Reason) -> EllipticCurveError { EllipticCurveError(reason, curve: C.name) }

    @inlinable
    package init(x: [UInt8], y: [UInt8]) throws(EllipticCurveError) {
        guard let fx = x.withUnsafeBytes({ C.Field(canonicalBigEndian: $0) }),
              let fy = y.withUnsafeBytes({ C.Field(canonicalBigEndian: $0) }) else { throw Self.error(.coordinateOutOfRange) }
        guard AffinePoint<C>.isOnCurve(x: fx, y: fy) else { throw Self.error(.pointNotOnCurve) }
        point = AffinePoint(x: fx, y: fy)
        self.x = x
        self.y = y
    }

    /// The public key of a point computed from a valid private key (never the identity).
    @inlinable
    package init(derivedFrom point: ProjectivePoint<C>) {
        let affine = point.affine() ?? AffinePoint(x: .zero, y: .zero)
        self.point = affine
        x = affine.x.canonicalBigEndianBytes
        y = affine.y.canonicalBigEndianBytes
    }

    @inlinable
    package init(rawRepresentation raw: [UInt8]) throws(EllipticCurveError) {
        let n = C.byteCount
        guard raw.count == 2 * n else { throw Self.error(.invalidLength(expected: 2 * n, found: raw.count)) }
        try self.init(x: Array(raw[0..<n]), y: Array(raw[n...]))
    }

    @inlinable
    package init(x963Representation raw: [UInt8]) throws(EllipticCurveError) {
        let n = C.byteCount
        guard raw.count == 2 * n + 1 else { throw Self.error(.invalidLength(expected: 2 * n + 1, found: raw.count)) }
        guard raw[0] == 0x04 else { throw Self.error(.invalidPointEncoding) }
        try self.init(rawRepresentation: Array(raw.dropFirst()))
    }

    /// From 02/03 ‖ x, recovering y (SEC 1 §2.3.4).
    @inlinable
    package init(compressedRepresentation raw: [UInt8]) throws(EllipticCurveError) {
        let n = C.byteCount
        guard raw.count == n + 1 else { throw Self.error(.invalidLength(expected: n + 1, found: raw.count)) }
        guard raw[0] == 0x02 || raw[0] == 0x03 else { throw Self.error(.invalidPointEncoding) }
        let x = Array(raw.dropFirst())
        guard let fx = x.withUnsafeBytes({ C.Field(canonicalBigEndian: $0) }) else { throw Self.error(.coordinateOutOfRange) }
        let (root, exists) = AffinePoint<C>.rightSide(fx).squareRoot()
        guard exists else { throw Self.error(.pointNotOnCurve) }
        let wantOdd = raw[0] == 0x03
        let rootIsOdd = (root.canonicalBigEndianBytes.last ?? 0) & 1 == 1
        try self.init(x: x, y: (rootIsOdd == wantOdd ? root : -root).canonicalBigEndianBytes)
    }

    /// From a SEC 1 point of either form.
    @inlinable
    package init(sec1Point point: [UInt8]) throws(EllipticCurveError) {
        switch point.first {
        case 0x04: try self.init(x963Representation: point)
        case 0x02, 0x03: try self.init(compressedRepresentation: point)
        default: throw Self.error(.invalidPointEncoding)
        }
    }

    @inlinable
    package init(derRepresentation der: [UInt8]) throws(EllipticCurveError) {
        let material: ECPublicKeyMaterial
        do { material = try ECPublicKeyMaterial(derRepresentation: der, curve: C.objectIdentifier) } catch {
            throw Self.error(.invalidKeyEncoding(error.description))
        }
        try self.init(sec1Point: material.point)
    }

    @inlinable
    package init(pemRepresentation pem: String) throws(EllipticCurveError) {
        let material: ECPublicKeyMaterial
        do { material = try ECPublicKeyMaterial(pemRepresentation: pem, curve: C.objectIdentifier) } catch {
            throw Self.error(.invalidKeyEncoding(error.description))
        }
        try self.init(sec1Point: material.point)
    }

    @inlinable package var rawRepresentation: [UInt8] { x + y }
    @inlinable package var x963Representation: [UInt8] { [0x04] + x + y }
    @inlinable package var compressedRepresentation: [UInt8] { [(y.last ?? 0) & 1 == 1 ? 0x03 : 0x02] + x }
    @inlinable
    package var derRepresentation: [UInt8] {
        SubjectPublicKeyInfo(algorithm: .ecPublicKey(curve: C.objectIdentifier), subjectPublicKey: x963Representation).derRepresentation
    }
    @inlinable package var pemRepresentation: String { PEM.encode(label: "PUBLIC KEY", derBytes: derRepresentation) }

    /// Whether (r, s) is valid for `digest` (its leftmost bit-length-of-n bits, FIPS 186-5 §6.4.2 step 2).
    @inlinable
    package func isValidSignature(_ signature: ECDSASignatureCore<C>, digest: [UInt8]) -> Bool {
        ECDSA<C>.verify(digest: digest, r: signature.r, s: signature.s, publicKey: point)
    }
}

/// A private scalar in [1, n − 1] and its public key. The scalar is handled in constant time.
@usableFromInline package struct ECPrivateKeyCore<C: WeierstrassCurve>: Sendable {
    @usableFromInline package let scalar: C.Scalar
    /// The scalar, `byteCount` bytes big-endian. A secret.
    @usableFromInline package let d: [UInt8]
    @usableFromInline package let publicKey: ECPublicKeyCore<C>

    @inlinable
    static func error(_ reason: EllipticCurveError.Reason) -> EllipticCurveError { EllipticCurveError(reason, curve: C.name) }

    /// A new random key: rejection sampling of `byteCount` random bytes, masked to n's bit length, in
    /// [1, n − 1] (FIPS 186-5 A.2.2, the rejection method).
    @inlinable
    package init() {
        var generator = SystemRandomNumberGenerator()
        let excessBits = C.byteCount * 8 - C.orderBitCount
        while true {
            var candidate = (0..<C.byteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            candidate[0] &= UInt8(0xff) >> UInt8(excessBits)
            if let key = try? Self(rawRepresentation: candidate) { self = key; return }
        }
    }

    @inlinable
    package init(rawRepresentation raw: [UInt8]) throws(EllipticCurveError) {
        guard raw.count == C.byteCount else { throw Self.error(.invalidLength(expected: C.byteCount, found: raw.count)) }
        guard let scalar = C.Scalar(canonicalBigEndian: raw), scalar.isZeroMask == 0 else { throw Self.error(.invalidPrivateKey) }
        self.scalar = scalar
        d = raw
        publicKey = ECPublicKeyCore(derivedFrom: C.generatorComb.multiply(bigEndianScalar: raw))
    }

    @inlinable
    package init(derRepresentation der: [UInt8]) throws(EllipticCurveError) {
        let material: ECPrivateKeyMaterial
        do { material = try ECPrivateKeyMaterial(derRepresentation: der, curve: C.objectIdentifier) } catch {
            throw Self.error(.invalidKeyEncoding(error.description))
        }
        try self.init(material: material)
    }

    @inlinable
    package init(pemRepresentation pem: String) throws(EllipticCurveError) {
        let material: ECPrivateKeyMaterial
        do { material = try ECPrivateKeyMaterial(pemRepresentation: pem, curve: C.objectIdentifier) } catch {
            throw Self.error(.invalidKeyEncoding(error.description))
        }
        try self.init(material: material)
    }

    @inlinable
    init(material: ECPrivateKeyMaterial) throws(EllipticCurveError) {
        // RFC 5915 writes the scalar in exactly byteCount bytes; shorter encodings are left-padded.
        guard let raw = BigEndian.padded(material.privateKey, to: C.byteCount) else {
            throw Self.error(.invalidLength(expected: C.byteCount, found: material.privateKey.count))
        }
        try self.init(rawRepresentation: raw)
        if let stored = material.publicKey, stored != publicKey.x963Representation, stored != publicKey.compressedRepresentation {
            throw Self.error(.inconsistentKey)
        }
    }

    /// PKCS#8 DER with the public key inside the SEC 1 structure, as OpenSSL writes it.
    @inlinable
    package var derRepresentation: [UInt8] {
        let sec1 = SEC1ECPrivateKey(privateKey: d, curve: nil, publicKey: publicKey.x963Representation)
        return PKCS8PrivateKey(algorithm: .ecPublicKey(curve: C.objectIdentifier), privateKey: sec1.derRepresentation).derRepresentation
    }

    @inlinable package var pemRepresentation: String { PEM.encode(label: "PRIVATE KEY", derBytes: derRepresentation) }

    /// Signs `digest` with an RFC 6979 nonce, hedged with `extraEntropy` when it is not empty (§3.6).
    @inlinable
    package func signature(digest: [UInt8], extraEntropy: [UInt8] = []) -> ECDSASignatureCore<C> {
        signature(digest: digest, hash: C.Hash.self, extraEntropy: extraEntropy)
    }

    /// Signs a digest made by `hash` with an RFC 6979 nonce whose HMAC uses the same hash (RFC 6979
    /// A.2's pairings of a curve with another hash).
    @inlinable
    package func signature<H: HashFunction>(digest: [UInt8], hash: H.Type, extraEntropy: [UInt8] = []) -> ECDSASignatureCore<C> {
        var nonces = RFC6979Nonces<C, H>(privateKey: d, digest: digest, extra: extraEntropy)
        while true {
            if let (r, s) = ECDSA<C>.sign(digest: digest, privateKey: scalar, nonce: nonces.next()) {
                return ECDSASignatureCore(r: r, s: s)
            }
        }
    }

    /// Signs with a caller-chosen nonce (NIST's SigGen vectors); nil for a nonce out of range.
    @inlinable
    package func signature(digest: [UInt8], nonce k: [UInt8]) -> ECDSASignatureCore<C>? {
        guard let k = BigEndian.padded(k, to: C.byteCount) else { return nil }
        return ECDSA<C>.sign(digest: digest, privateKey: scalar, nonce: k).map { ECDSASignatureCore(r: $0.r, s: $0.s) }
    }
}

/// An ECDSA signature (r, s), each `byteCount` bytes big-endian, read and written as r ‖ s (JWS, RFC
/// 7518 §3.4) or DER (RFC 3279 §2.2.3, X.509). Range checks happen at verification.
@usableFromInline package struct ECDSASignatureCore<C: WeierstrassCurve>: Sendable, Hashable {
    @usableFromInline package let r: [UInt8], s: [UInt8]

    @inlinable
    package init(r: [UInt8], s: [UInt8]) { (self.r, self.s) = (r, s) }

    @inlinable
    package init(rawRepresentation raw: [UInt8]) throws(EllipticCurveError) {
        let n = C.byteCount
        guard raw.count == 2 * n else { throw EllipticCurveError(.invalidLength(expected: 2 * n, found: raw.count), curve: C.name) }
        r = Array(raw[0..<n])
        s = Array(raw[n...])
    }

    /// From strict DER: minimal, non-negative INTEGERs that fit in `byteCount` bytes.
    @inlinable
    package init(derRepresentation der: [UInt8]) throws(EllipticCurveError) {
        let n = C.byteCount
        do {
            (r, s) = try DER.parse(der).sequence { (children) throws(ASN1Error) -> ([UInt8], [UInt8]) in
                let r = try children.next("r").integerMagnitude()
                let s = try children.next("s").integerMagnitude()
                guard let r = BigEndian.padded(r, to: n), let s = BigEndian.padded(s, to: n) else {
                    throw ASN1Error(.integerTooLarge, at: children.offset)
                }
                return (r, s)
            }
        } catch {
            throw EllipticCurveError(.invalidSignature(error.description), curve: C.name)
        }
    }

    @inlinable package var rawRepresentation: [UInt8] { r + s }

    @inlinable
    package var derRepresentation: [UInt8] {
        var writer = DERWriter()
        writer.writeSequence { inner in
            inner.writeInteger(magnitude: r)
            inner.writeInteger(magnitude: s)
        }
        return writer.bytes
    }
}

extension ECPrivateKeyCore {
    /// "TypeName(redacted; public key x963 04ab…)": what a private key prints instead of its scalar.
    @inlinable
    package func redactedDescription(typeName: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in publicKey.x963Representation.prefix(9) { out += [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]] }
        return "\(typeName)(redacted; public key x963 \(String(decoding: out, as: UTF8.self))…)"
    }
}

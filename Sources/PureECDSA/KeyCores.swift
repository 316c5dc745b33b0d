// Keys and signatures for any curve of this module, in every encoding swift-crypto's P-curve keys have:
// raw (x ‖ y, or the scalar), x963 (04 ‖ x ‖ y), compressed (02/03 ‖ x, SEC 1 §2.3.3), DER and PEM
// (SubjectPublicKeyInfo, RFC 5480; PKCS#8, RFC 5208, with the SEC 1 ECPrivateKey of RFC 5915 inside;
// "EC PRIVATE KEY" read too). The curve modules' public key types wrap these. They need from a curve only
// what `ECKeyCurve` (KeyCurve.swift) gives; signing and verification are in extensions for the curves of
// the generic arithmetic (P-256 signs and verifies with its own).

import PureASN1
import PureSHA2

/// A validated public point: coordinates below p, on the curve, not the identity (which has no
/// encoding here).
@usableFromInline package struct ECPublicKeyCore<C: ECKeyCurve>: Sendable, Equatable {
    @usableFromInline package let point: C.PublicPoint
    /// The coordinates, `byteCount` bytes each, big-endian.
    @usableFromInline package let x: [UInt8], y: [UInt8]

    @inlinable
    package static func == (a: Self, b: Self) -> Bool { a.x == b.x && a.y == b.y }

    @inlinable
    static func error(_ reason: EllipticCurveError.Reason) -> EllipticCurveError { EllipticCurveError(reason, curve: C.name) }

    /// From coordinates of exactly `byteCount` bytes each.
    @inlinable
    package init(x: [UInt8], y: [UInt8]) throws(EllipticCurveError) {
        point = try C.publicPoint(x: x, y: y)
        self.x = x
        self.y = y
    }

    /// A point the curve computed (a private key's), with its coordinates.
    @inlinable
    package init(point: C.PublicPoint, x: [UInt8], y: [UInt8]) { (self.point, self.x, self.y) = (point, x, y) }

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
        try self.init(x: Array(raw[1...n]), y: Array(raw[(n + 1)...]))
    }

    /// From 02/03 ‖ x, recovering y (SEC 1 §2.3.4).
    @inlinable
    package init(compressedRepresentation raw: [UInt8]) throws(EllipticCurveError) {
        let n = C.byteCount
        guard raw.count == n + 1 else { throw Self.error(.invalidLength(expected: n + 1, found: raw.count)) }
        guard raw[0] == 0x02 || raw[0] == 0x03 else { throw Self.error(.invalidPointEncoding) }
        let x = Array(raw.dropFirst())
        try self.init(x: x, y: C.decompressedY(x: x, odd: raw[0] == 0x03))
    }

    /// From x alone, y being the smaller of the two square roots, min(y, p − y) (draft-jivsov-ecc-compact-05
    /// §4.1, swift-crypto's `compactRepresentation`).
    @inlinable
    package init(compactRepresentation x: [UInt8]) throws(EllipticCurveError) {
        let n = C.byteCount
        guard x.count == n else { throw Self.error(.invalidLength(expected: n, found: x.count)) }
        let root = try C.decompressedY(x: x, odd: false), other = C.negatedCoordinate(root)
        try self.init(x: x, y: other.lexicographicallyPrecedes(root) ? other : root)
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
    /// x alone when y is the smaller root, y ≤ p − y (draft-jivsov-ecc-compact-05 §4.2.1); nil otherwise, since
    /// x would then be read back as the other point. Big-endian byte strings of one length compare as numbers.
    @inlinable package var compactRepresentation: [UInt8]? { C.negatedCoordinate(y).lexicographicallyPrecedes(y) ? nil : x }
    @inlinable
    package var derRepresentation: [UInt8] {
        SubjectPublicKeyInfo(algorithm: .ecPublicKey(curve: C.objectIdentifier), subjectPublicKey: x963Representation).derRepresentation
    }
    @inlinable package var pemRepresentation: String { PEM.encode(label: "PUBLIC KEY", derBytes: derRepresentation) }
}

extension ECPublicKeyCore where C: WeierstrassCurve {
    /// Whether (r, s) is valid for `digest` (its leftmost bit-length-of-n bits, FIPS 186-5 §6.4.2 step 2).
    @inlinable
    package func isValidSignature<Digest: Collection>(_ signature: ECDSASignatureCore<C>, digest: Digest) -> Bool
    where Digest.Element == UInt8 {
        let raw = signature.rawRepresentation
        return ECDSA<C>.verify(digest: digest, r: raw[..<C.byteCount], s: raw[C.byteCount...], publicKey: point)
    }
}

/// A private scalar in [1, n − 1] and its public key. The scalar is handled in constant time.
@usableFromInline package struct ECPrivateKeyCore<C: ECKeyCurve>: Sendable {
    @usableFromInline package let scalar: C.PrivateScalar
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
            // Eight bytes from each 64-bit draw (one system call each, not one per byte).
            var candidate: [UInt8] = []
            candidate.reserveCapacity(C.byteCount + 7)
            while candidate.count < C.byteCount { withUnsafeBytes(of: generator.next()) { candidate += $0 } }
            candidate.removeLast(candidate.count - C.byteCount)
            candidate[0] &= UInt8(0xff) >> UInt8(excessBits)
            if let key = try? Self(rawRepresentation: candidate) { self = key; return }
        }
    }

    @inlinable
    package init(rawRepresentation raw: [UInt8]) throws(EllipticCurveError) {
        guard raw.count == C.byteCount else { throw Self.error(.invalidLength(expected: C.byteCount, found: raw.count)) }
        guard let scalar = C.privateScalar(raw) else { throw Self.error(.invalidPrivateKey) }
        self.scalar = scalar
        d = raw
        let (point, x, y) = C.publicKey(of: scalar, raw: raw)
        publicKey = ECPublicKeyCore(point: point, x: x, y: y)
    }

    /// From 04 ‖ x ‖ y ‖ d: the public key's uncompressed point, then the scalar (ANSI X9.63's form, as
    /// Apple's Security framework exports an EC private key). The point must be d's public key.
    @inlinable
    package init(x963Representation raw: [UInt8]) throws(EllipticCurveError) {
        let n = C.byteCount
        guard raw.count == 3 * n + 1 else { throw Self.error(.invalidLength(expected: 3 * n + 1, found: raw.count)) }
        guard raw[0] == 0x04 else { throw Self.error(.invalidPointEncoding) }
        try self.init(rawRepresentation: Array(raw[(2 * n + 1)...]))
        guard raw[...(2 * n)].elementsEqual(publicKey.x963Representation) else { throw Self.error(.inconsistentKey) }
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

    /// 04 ‖ x ‖ y ‖ d (ANSI X9.63). A secret.
    @inlinable package var x963Representation: [UInt8] { publicKey.x963Representation + d }
}

extension ECPrivateKeyCore {
    /// ECDH (SP 800-56A §5.7.1.2): the x-coordinate of d·Q for the peer's validated public key Q.
    /// Constant-time in d.
    @inlinable
    package func sharedSecret(with peer: ECPublicKeyCore<C>) throws(EllipticCurveError) -> SharedSecret {
        guard let x = C.sharedSecret(scalar, raw: d, with: peer.point) else { throw Self.error(.sharedSecretAtInfinity) }
        return SharedSecret(bytes: x)
    }
}

extension ECPrivateKeyCore where C: WeierstrassCurve {
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
/// 7518 §3.4) or DER (RFC 3279 §2.2.3, X.509). Kept as r ‖ s in one array: a JWS signature is read and
/// written without copying it into two. Range checks happen at verification.
@usableFromInline package struct ECDSASignatureCore<C: ECKeyCurve>: Sendable, Hashable {
    /// r ‖ s, `byteCount` bytes each.
    @usableFromInline package let rawRepresentation: [UInt8]

    @inlinable
    package init(r: [UInt8], s: [UInt8]) { rawRepresentation = r + s }

    /// r ‖ s as a curve's signing computed it (exactly 2 · `byteCount` bytes).
    @inlinable
    package init(computed raw: [UInt8]) { rawRepresentation = raw }

    @inlinable
    package init(rawRepresentation raw: [UInt8]) throws(EllipticCurveError) {
        let n = C.byteCount
        guard raw.count == 2 * n else { throw EllipticCurveError(.invalidLength(expected: 2 * n, found: raw.count), curve: C.name) }
        rawRepresentation = raw
    }

    /// r, `byteCount` bytes.
    @inlinable package var r: [UInt8] { Array(rawRepresentation[..<C.byteCount]) }
    /// s, `byteCount` bytes.
    @inlinable package var s: [UInt8] { Array(rawRepresentation[C.byteCount...]) }

    /// From strict DER: minimal, non-negative INTEGERs that fit in `byteCount` bytes.
    @inlinable
    package init(derRepresentation der: [UInt8]) throws(EllipticCurveError) {
        let n = C.byteCount
        do {
            rawRepresentation = try DER.parse(der).sequence { (children) throws(ASN1Error) -> [UInt8] in
                let r = try children.next("r").integerMagnitude()
                let s = try children.next("s").integerMagnitude()
                guard r.count <= n, s.count <= n else { throw ASN1Error(.integerTooLarge, at: children.offset) }
                var raw = [UInt8](repeating: 0, count: 2 * n)
                raw.replaceSubrange((n - r.count)..<n, with: r)
                raw.replaceSubrange((2 * n - s.count)..<(2 * n), with: s)
                return raw
            }
        } catch {
            throw EllipticCurveError(.invalidSignature(error.description), curve: C.name)
        }
    }

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

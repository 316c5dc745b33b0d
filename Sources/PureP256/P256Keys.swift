// The public API, named as in swift-crypto: P256.Signing.PrivateKey, PublicKey and ECDSASignature.

import PureASN1
import PureSHA2

/// NIST P-256 (secp256r1, prime256v1): ECDSA signing and verification with SHA-256 (JWS "ES256").
public enum P256 {
    /// ECDSA P-256 keys and signatures, as in swift-crypto.
    public enum Signing {}
}

extension P256.Signing {
    /// A P-256 public key: a validated point (coordinates below p, on the curve, not the identity).
    public struct PublicKey: Sendable {
        let point: ProjectivePoint
        /// The affine coordinates as canonical integers.
        let x: U256, y: U256

        init(validatedX x: U256, y: U256) throws(P256Error) {
            guard let fx = FieldElement(canonical: x), let fy = FieldElement(canonical: y) else {
                throw P256Error(.coordinateOutOfRange)
            }
            guard ProjectivePoint.isOnCurve(x: fx, y: fy) else { throw P256Error(.pointNotOnCurve) }
            point = ProjectivePoint(x: fx, y: fy, z: .one)
            self.x = x
            self.y = y
        }

        init(point: ProjectivePoint) {
            // Only called with points derived from a valid private key, never the identity.
            let affine = point.affine() ?? (FieldElement.zero, FieldElement.zero)
            self.point = ProjectivePoint(x: affine.x, y: affine.y, z: .one)
            x = affine.x.canonical
            y = affine.y.canonical
        }

        /// From x ‖ y (64 bytes).
        public init<Bytes: Collection>(rawRepresentation bytes: Bytes) throws(P256Error) where Bytes.Element == UInt8 {
            let raw = Array(bytes)
            guard raw.count == 64 else { throw P256Error(.invalidLength(expected: 64, found: raw.count)) }
            let (x, y) = raw.withUnsafeBytes { (U256(bigEndian: UnsafeRawBufferPointer(rebasing: $0[0..<32])),
                                                U256(bigEndian: UnsafeRawBufferPointer(rebasing: $0[32..<64]))) }
            try self.init(validatedX: x, y: y)
        }

        /// From 04 ‖ x ‖ y (65 bytes, SEC 1 §2.3.3 uncompressed).
        public init<Bytes: Collection>(x963Representation bytes: Bytes) throws(P256Error) where Bytes.Element == UInt8 {
            let raw = Array(bytes)
            guard raw.count == 65 else { throw P256Error(.invalidLength(expected: 65, found: raw.count)) }
            guard raw[0] == 0x04 else { throw P256Error(.invalidPointEncoding) }
            try self.init(rawRepresentation: raw.dropFirst())
        }

        /// From 02/03 ‖ x (33 bytes, SEC 1 §2.3.3 compressed), recovering y (§2.3.4).
        public init<Bytes: Collection>(compressedRepresentation bytes: Bytes) throws(P256Error) where Bytes.Element == UInt8 {
            let raw = Array(bytes)
            guard raw.count == 33 else { throw P256Error(.invalidLength(expected: 33, found: raw.count)) }
            guard raw[0] == 0x02 || raw[0] == 0x03 else { throw P256Error(.invalidPointEncoding) }
            let x = raw.withUnsafeBytes { U256(bigEndian: UnsafeRawBufferPointer(rebasing: $0[1..<33])) }
            guard let fx = FieldElement(canonical: x) else { throw P256Error(.coordinateOutOfRange) }
            let (root, isSquare) = (fx.squared * fx - fx.tripled + FieldElement.b).squareRoot()
            guard isSquare else { throw P256Error(.pointNotOnCurve) }
            let wantOdd = raw[0] == 0x03
            let y = root.isOdd == wantOdd ? root : -root
            try self.init(validatedX: x, y: y.canonical)
        }

        /// From a SubjectPublicKeyInfo (DER), with an uncompressed or compressed point.
        public init(derRepresentation: [UInt8]) throws(P256Error) {
            let material: ECPublicKeyMaterial
            do { material = try ECPublicKeyMaterial(derRepresentation: derRepresentation, curve: .prime256v1) } catch {
                throw P256Error(.invalidKeyEncoding(error.description))
            }
            try self.init(sec1Point: material.point)
        }

        /// From a PEM "PUBLIC KEY" block.
        public init(pemRepresentation: String) throws(P256Error) {
            let material: ECPublicKeyMaterial
            do { material = try ECPublicKeyMaterial(pemRepresentation: pemRepresentation, curve: .prime256v1) } catch {
                throw P256Error(.invalidKeyEncoding(error.description))
            }
            try self.init(sec1Point: material.point)
        }

        /// From a SEC 1 point encoding of either form.
        init(sec1Point point: [UInt8]) throws(P256Error) {
            switch point.first {
            case 0x04: try self.init(x963Representation: point)
            case 0x02, 0x03: try self.init(compressedRepresentation: point)
            default: throw P256Error(.invalidPointEncoding)
            }
        }

        /// x ‖ y, 32 bytes each, big-endian.
        public var rawRepresentation: [UInt8] { x.bigEndianBytes + y.bigEndianBytes }
        /// 04 ‖ x ‖ y, the uncompressed point (ANSI X9.63, SEC 1 §2.3.3).
        public var x963Representation: [UInt8] { [0x04] + rawRepresentation }
        /// 02 or 03 (the parity of y) ‖ x, the compressed point (SEC 1 §2.3.3).
        public var compressedRepresentation: [UInt8] { [y.w0 & 1 == 1 ? 0x03 : 0x02] + x.bigEndianBytes }

        /// SubjectPublicKeyInfo DER.
        public var derRepresentation: [UInt8] {
            SubjectPublicKeyInfo(algorithm: .ecPublicKey(curve: .prime256v1), subjectPublicKey: x963Representation).derRepresentation
        }

        /// "PUBLIC KEY" PEM.
        public var pemRepresentation: String { PEM.encode(label: "PUBLIC KEY", derBytes: derRepresentation) }

        /// Whether `signature` is valid for the SHA-256 digest of `data`.
        public func isValidSignature<Bytes: Sequence>(_ signature: ECDSASignature, for data: Bytes) -> Bool
        where Bytes.Element == UInt8 {
            isValidSignature(signature, for: SHA256.hash(data: data))
        }

        /// Whether `signature` is valid for a precomputed SHA-256 digest.
        public func isValidSignature(_ signature: ECDSASignature, for digest: SHA256Digest) -> Bool {
            ECDSA.verify(digest: ECDSA.digestInteger(digest), r: signature.r, s: signature.s, publicKey: point)
        }

        /// Whether `signature` is valid for a precomputed SHA-384 digest (its leftmost 256 bits, FIPS 186-5
        /// §6.4.2 step 2), as certificates signed ecdsa-with-SHA384 by a P-256 key use.
        public func isValidSignature(_ signature: ECDSASignature, for digest: SHA384Digest) -> Bool {
            ECDSA.verify(digest: ECDSA.leftmostDigestInteger(digest), r: signature.r, s: signature.s, publicKey: point)
        }

        /// Whether `signature` is valid for a precomputed SHA-512 digest (its leftmost 256 bits).
        public func isValidSignature(_ signature: ECDSASignature, for digest: SHA512Digest) -> Bool {
            ECDSA.verify(digest: ECDSA.leftmostDigestInteger(digest), r: signature.r, s: signature.s, publicKey: point)
        }
    }

    /// A P-256 private key. Its scalar is handled in constant time (see Docs/Security.md).
    public struct PrivateKey: Sendable {
        let scalar: Scalar
        let d: U256
        /// The public key of this private key.
        public let publicKey: PublicKey

        /// A new random key from `SystemRandomNumberGenerator` (rejection sampling in [1, n − 1]).
        public init() {
            var generator = SystemRandomNumberGenerator()
            while true {
                let candidate = U256(generator.next(), generator.next(), generator.next(), generator.next())
                if let key = try? Self(scalar: candidate) { self = key; return }
            }
        }

        init(scalar d: U256) throws(P256Error) {
            guard let scalar = Scalar(canonical: d), scalar.isZeroMask == 0 else { throw P256Error(.invalidPrivateKey) }
            self.scalar = scalar
            self.d = d
            publicKey = PublicKey(point: ProjectivePoint.generatorMultiplied(by: d))
        }

        /// From the 32-byte big-endian scalar.
        public init<Bytes: Collection>(rawRepresentation bytes: Bytes) throws(P256Error) where Bytes.Element == UInt8 {
            let raw = Array(bytes)
            guard raw.count == 32 else { throw P256Error(.invalidLength(expected: 32, found: raw.count)) }
            try self.init(scalar: raw.withUnsafeBytes { U256(bigEndian: $0) })
        }

        /// From PKCS#8 (Apple's .p8 body) or SEC 1 DER.
        public init(derRepresentation: [UInt8]) throws(P256Error) {
            let material: ECPrivateKeyMaterial
            do { material = try ECPrivateKeyMaterial(derRepresentation: derRepresentation, curve: .prime256v1) } catch {
                throw P256Error(.invalidKeyEncoding(error.description))
            }
            try self.init(material: material)
        }

        /// From PEM: "PRIVATE KEY" (PKCS#8, Apple's .p8) or "EC PRIVATE KEY" (SEC 1).
        public init(pemRepresentation: String) throws(P256Error) {
            let material: ECPrivateKeyMaterial
            do { material = try ECPrivateKeyMaterial(pemRepresentation: pemRepresentation, curve: .prime256v1) } catch {
                throw P256Error(.invalidKeyEncoding(error.description))
            }
            try self.init(material: material)
        }

        private init(material: ECPrivateKeyMaterial) throws(P256Error) {
            // RFC 5915 writes the scalar in exactly 32 bytes; accept shorter encodings by left-padding.
            guard material.privateKey.count <= 32 else {
                throw P256Error(.invalidLength(expected: 32, found: material.privateKey.count))
            }
            try self.init(rawRepresentation: [UInt8](repeating: 0, count: 32 - material.privateKey.count) + material.privateKey)
            if let stored = material.publicKey, stored != publicKey.x963Representation, stored != publicKey.compressedRepresentation {
                throw P256Error(.inconsistentKey)
            }
        }

        /// The private scalar, 32 bytes big-endian. A secret: never log it.
        public var rawRepresentation: [UInt8] { d.bigEndianBytes }

        /// PKCS#8 DER (with the public key inside the SEC 1 structure, as OpenSSL writes it).
        public var derRepresentation: [UInt8] {
            let sec1 = SEC1ECPrivateKey(privateKey: rawRepresentation, curve: nil, publicKey: publicKey.x963Representation)
            return PKCS8PrivateKey(algorithm: .ecPublicKey(curve: .prime256v1), privateKey: sec1.derRepresentation).derRepresentation
        }

        /// PKCS#8 "PRIVATE KEY" PEM, the form of Apple's .p8 files.
        public var pemRepresentation: String { PEM.encode(label: "PRIVATE KEY", derBytes: derRepresentation) }

        /// Signs the SHA-256 digest of `data` with an RFC 6979 deterministic nonce.
        public func signature<Bytes: Sequence>(for data: Bytes) -> ECDSASignature where Bytes.Element == UInt8 {
            signature(for: SHA256.hash(data: data))
        }

        /// Signs a precomputed SHA-256 digest with an RFC 6979 deterministic nonce.
        public func signature(for digest: SHA256Digest) -> ECDSASignature {
            sign(digest: digest, extraEntropy: [])
        }

        /// Signs with an RFC 6979 nonce hedged with 32 fresh random bytes (RFC 6979 §3.6): still safe if the
        /// random generator fails, and resistant to fault attacks on deterministic signing.
        public func hedgedSignature<Bytes: Sequence>(for data: Bytes) -> ECDSASignature where Bytes.Element == UInt8 {
            var generator = SystemRandomNumberGenerator()
            let extra = (0..<4).flatMap { _ in withUnsafeBytes(of: generator.next()) { Array($0) } }
            return sign(digest: SHA256.hash(data: data), extraEntropy: extra)
        }

        func sign(digest: SHA256Digest, extraEntropy: [UInt8]) -> ECDSASignature {
            let e = ECDSA.digestInteger(digest)
            var nonces = RFC6979Nonces(privateKey: d, digest: e, extra: extraEntropy)
            while true {
                if let (r, s) = ECDSA.sign(digest: e, privateKey: scalar, nonce: nonces.next()) {
                    return ECDSASignature(r: r, s: s)
                }
            }
        }

        /// Signs with a caller-chosen nonce: for NIST's SigGen vectors only (`package` access).
        package func signature(for digest: SHA256Digest, nonce k: [UInt8]) -> ECDSASignature? {
            guard k.count == 32 else { return nil }
            let nonce = k.withUnsafeBytes { U256(bigEndian: $0) }
            return ECDSA.sign(digest: ECDSA.digestInteger(digest), privateKey: scalar, nonce: nonce).map { ECDSASignature(r: $0.r, s: $0.s) }
        }
    }
}

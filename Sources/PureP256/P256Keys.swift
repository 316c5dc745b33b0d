// The public API, named as in swift-crypto: P256.Signing.PrivateKey, PublicKey and ECDSASignature, on
// PureECDSA's curve-independent keys and signatures (the encodings P-384 and P-521 share); signing and
// verification with this module's P-256 arithmetic.

import PureASN1
import PureECDSA
import PureSHA2

/// NIST P-256 (secp256r1, prime256v1): ECDSA signing and verification with SHA-256 (JWS "ES256").
public enum P256 {
    /// ECDSA P-256 keys and signatures, as in swift-crypto.
    public enum Signing {}
}

/// Why a P-256 key or signature was refused (the error type every curve module shares; until 1.2.0 a
/// type of its own with the same cases).
public typealias P256Error = EllipticCurveError

extension P256.Signing {
    /// A P-256 public key: a validated point (coordinates below p, on the curve, not the point at infinity,
    /// which has no encoding here).
    public struct PublicKey: Sendable, Equatable {
        let core: ECPublicKeyCore<P256Curve>

        init(core: ECPublicKeyCore<P256Curve>) { self.core = core }

        /// From x ‖ y (64 bytes).
        public init<Bytes: Collection>(rawRepresentation bytes: Bytes) throws(P256Error) where Bytes.Element == UInt8 {
            core = try ECPublicKeyCore(rawRepresentation: Array(bytes))
        }

        /// From 04 ‖ x ‖ y (65 bytes, SEC 1 §2.3.3 uncompressed).
        public init<Bytes: Collection>(x963Representation bytes: Bytes) throws(P256Error) where Bytes.Element == UInt8 {
            core = try ECPublicKeyCore(x963Representation: Array(bytes))
        }

        /// From 02/03 ‖ x (33 bytes, SEC 1 §2.3.3 compressed), recovering y (§2.3.4).
        public init<Bytes: Collection>(compressedRepresentation bytes: Bytes) throws(P256Error) where Bytes.Element == UInt8 {
            core = try ECPublicKeyCore(compressedRepresentation: Array(bytes))
        }

        /// From a SubjectPublicKeyInfo (DER) on prime256v1, with an uncompressed or compressed point.
        public init(derRepresentation: [UInt8]) throws(P256Error) {
            core = try ECPublicKeyCore(derRepresentation: derRepresentation)
        }

        /// From a PEM "PUBLIC KEY" block.
        public init(pemRepresentation: String) throws(P256Error) {
            core = try ECPublicKeyCore(pemRepresentation: pemRepresentation)
        }

        /// x ‖ y, 32 bytes each, big-endian.
        public var rawRepresentation: [UInt8] { core.rawRepresentation }
        /// 04 ‖ x ‖ y, the uncompressed point (ANSI X9.63, SEC 1 §2.3.3).
        public var x963Representation: [UInt8] { core.x963Representation }
        /// 02 or 03 (the parity of y) ‖ x, the compressed point (SEC 1 §2.3.3).
        public var compressedRepresentation: [UInt8] { core.compressedRepresentation }
        /// SubjectPublicKeyInfo DER.
        public var derRepresentation: [UInt8] { core.derRepresentation }
        /// "PUBLIC KEY" PEM.
        public var pemRepresentation: String { core.pemRepresentation }

        /// Whether `signature` is valid for the SHA-256 digest of `data`.
        public func isValidSignature<Bytes: Sequence>(_ signature: ECDSASignature, for data: Bytes) -> Bool
        where Bytes.Element == UInt8 {
            isValidSignature(signature, for: SHA256.hash(data: data))
        }

        /// Whether `signature` is valid for a precomputed SHA-256 digest.
        public func isValidSignature(_ signature: ECDSASignature, for digest: SHA256Digest) -> Bool {
            verify(signature, ECDSA.digestInteger(digest))
        }

        /// Whether `signature` is valid for a precomputed SHA-384 digest (its leftmost 256 bits, FIPS 186-5
        /// §6.4.2 step 2), as certificates signed ecdsa-with-SHA384 by a P-256 key use.
        public func isValidSignature(_ signature: ECDSASignature, for digest: SHA384Digest) -> Bool {
            verify(signature, ECDSA.leftmostDigestInteger(digest))
        }

        /// Whether `signature` is valid for a precomputed SHA-512 digest (its leftmost 256 bits).
        public func isValidSignature(_ signature: ECDSASignature, for digest: SHA512Digest) -> Bool {
            verify(signature, ECDSA.leftmostDigestInteger(digest))
        }

        private func verify(_ signature: ECDSASignature, _ e: U256) -> Bool {
            let (r, s) = signature.components
            return ECDSA.verify(digest: e, r: r, s: s, publicKey: core.point)
        }
    }

    /// A P-256 private key. Its scalar is handled in constant time (see Docs/Security.md); its description
    /// never shows it.
    public struct PrivateKey: Sendable {
        let core: ECPrivateKeyCore<P256Curve>

        /// A new random key from `SystemRandomNumberGenerator` (rejection sampling in [1, n − 1]).
        public init() { core = ECPrivateKeyCore() }

        /// From the 32-byte big-endian scalar, which must be in [1, n − 1].
        public init<Bytes: Collection>(rawRepresentation bytes: Bytes) throws(P256Error) where Bytes.Element == UInt8 {
            core = try ECPrivateKeyCore(rawRepresentation: Array(bytes))
        }

        /// From PKCS#8 (Apple's .p8 body) or SEC 1 DER on prime256v1; a public key stored in the file must match.
        public init(derRepresentation: [UInt8]) throws(P256Error) {
            core = try ECPrivateKeyCore(derRepresentation: derRepresentation)
        }

        /// From PEM: "PRIVATE KEY" (PKCS#8, Apple's .p8) or "EC PRIVATE KEY" (SEC 1).
        public init(pemRepresentation: String) throws(P256Error) {
            core = try ECPrivateKeyCore(pemRepresentation: pemRepresentation)
        }

        /// The public key of this private key.
        public var publicKey: PublicKey { PublicKey(core: core.publicKey) }

        /// The private scalar, 32 bytes big-endian. A secret: never log it.
        public var rawRepresentation: [UInt8] { core.d }
        /// PKCS#8 DER (with the public key inside the SEC 1 structure, as OpenSSL writes it).
        public var derRepresentation: [UInt8] { core.derRepresentation }
        /// PKCS#8 "PRIVATE KEY" PEM, the form of Apple's .p8 files.
        public var pemRepresentation: String { core.pemRepresentation }

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
            var nonces = RFC6979Nonces(privateKey: core.scalar.d, digest: e, extra: extraEntropy)
            while true {
                if let (r, s) = ECDSA.sign(digest: e, privateKey: core.scalar.scalar, nonce: nonces.next()) {
                    return ECDSASignature(r: r, s: s)
                }
            }
        }

        /// Signs with a caller-chosen nonce: for NIST's SigGen vectors only (`package` access).
        package func signature(for digest: SHA256Digest, nonce k: [UInt8]) -> ECDSASignature? {
            guard let nonce = U256(bigEndianBytes: k) else { return nil }
            return ECDSA.sign(digest: ECDSA.digestInteger(digest), privateKey: core.scalar.scalar, nonce: nonce)
                .map { ECDSASignature(r: $0.r, s: $0.s) }
        }
    }
}

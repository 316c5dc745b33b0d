// GENERATED from scripts/curve-keys/CurveKeys.swift.template by scripts/generate-curve-keys.swift: do not
// edit; change the template and run `swift scripts/generate-curve-keys.swift` (CI checks the two agree).
//
// The public API of P-384, named as in swift-crypto: P384.Signing (ECDSA) and P384.KeyAgreement
// (ECDH), each with PrivateKey and PublicKey, and P384.Signing.ECDSASignature, on PureECDSA's
// curve-independent keys, signatures and key agreement.
// Signing and verification are PureECDSA's generic ECDSA, specialised to P-384.

import PureASN1
import PureECDSA
import PureSHA2

@_exported import struct PureSHA2.SharedSecret

/// NIST P-384 (secp384r1): ECDSA signing and verification with SHA-384 (JWS "ES384"), and ECDH key
/// agreement (JWE "ECDH-ES" on crv "P-384").
public enum P384 {
    /// ECDSA P-384 keys and signatures, as in swift-crypto.
    public enum Signing {}
    /// ECDH P-384 keys, as in swift-crypto.
    public enum KeyAgreement {}
}

/// Why a P-384 key, signature or key agreement was refused (the error type every curve module shares).
public typealias P384Error = EllipticCurveError

extension P384.Signing {
    /// A P-384 public key: a validated point (coordinates below p, on the curve, not the point at infinity,
    /// which has no encoding here).
    public struct PublicKey: Sendable, Equatable {
        let core: ECPublicKeyCore<P384Curve>

        init(core: ECPublicKeyCore<P384Curve>) { self.core = core }

        /// From x ‖ y (96 bytes).
        public init<Bytes: Collection>(rawRepresentation bytes: Bytes) throws(P384Error) where Bytes.Element == UInt8 {
            core = try ECPublicKeyCore(rawRepresentation: Array(bytes))
        }

        /// From 04 ‖ x ‖ y (97 bytes, SEC 1 §2.3.3 uncompressed).
        public init<Bytes: Collection>(x963Representation bytes: Bytes) throws(P384Error) where Bytes.Element == UInt8 {
            core = try ECPublicKeyCore(x963Representation: Array(bytes))
        }

        /// From 02/03 ‖ x (49 bytes, SEC 1 §2.3.3 compressed), recovering y (§2.3.4).
        public init<Bytes: Collection>(compressedRepresentation bytes: Bytes) throws(P384Error) where Bytes.Element == UInt8 {
            core = try ECPublicKeyCore(compressedRepresentation: Array(bytes))
        }

        /// From x alone (48 bytes), y being the smaller of its two values, min(y, p − y): the compact
        /// form of draft-jivsov-ecc-compact-05 §4.1, as swift-crypto reads it.
        public init<Bytes: Collection>(compactRepresentation bytes: Bytes) throws(P384Error) where Bytes.Element == UInt8 {
            core = try ECPublicKeyCore(compactRepresentation: Array(bytes))
        }

        /// From a SubjectPublicKeyInfo (DER) on secp384r1, with an uncompressed or compressed point.
        public init(derRepresentation: [UInt8]) throws(P384Error) {
            core = try ECPublicKeyCore(derRepresentation: derRepresentation)
        }

        /// From a PEM "PUBLIC KEY" block.
        public init(pemRepresentation: String) throws(P384Error) {
            core = try ECPublicKeyCore(pemRepresentation: pemRepresentation)
        }

        /// x ‖ y, 48 bytes each, big-endian.
        public var rawRepresentation: [UInt8] { core.rawRepresentation }
        /// 04 ‖ x ‖ y, the uncompressed point (ANSI X9.63, SEC 1 §2.3.3).
        public var x963Representation: [UInt8] { core.x963Representation }
        /// 02 or 03 (the parity of y) ‖ x, the compressed point (SEC 1 §2.3.3).
        public var compressedRepresentation: [UInt8] { core.compressedRepresentation }
        /// x alone, when y is the smaller of y and p − y (draft-jivsov-ecc-compact-05 §4.2.1); nil for the
        /// other half of keys, whose x would be read back as the other point. `PrivateKey(compactRepresentable:)`
        /// makes keys that have one.
        public var compactRepresentation: [UInt8]? { core.compactRepresentation }
        /// SubjectPublicKeyInfo DER.
        public var derRepresentation: [UInt8] { core.derRepresentation }
        /// "PUBLIC KEY" PEM.
        public var pemRepresentation: String { core.pemRepresentation }

        /// Whether `signature` is valid for the SHA-384 digest of `data`.
        public func isValidSignature<Bytes: Sequence>(_ signature: ECDSASignature, for data: Bytes) -> Bool
        where Bytes.Element == UInt8 {
            isValidSignature(signature, for: SHA384.hash(data: data))
        }

        /// Whether `signature` is valid for a precomputed digest: all of a SHA-384 digest, the leftmost
        /// 384 bits of a longer one, a shorter one whole (FIPS 186-5 §6.4.2).
        public func isValidSignature<D: Digest>(_ signature: ECDSASignature, for digest: D) -> Bool {
            digest.withUnsafeBytes { core.isValidSignature(signature.core, digest: $0) }
        }
    }

    /// A P-384 private key. Its scalar is handled in constant time (see Docs/Security.md); its description
    /// never shows it.
    public struct PrivateKey: Sendable {
        let core: ECPrivateKeyCore<P384Curve>

        /// A new random key from `SystemRandomNumberGenerator` (rejection sampling in [1, n − 1]).
        public init() { core = ECPrivateKeyCore() }

        /// A new random key whose public key has a `compactRepresentation` when `compactRepresentable` (as
        /// swift-crypto's default does: keys are drawn until one has, half of them on average); any new key
        /// otherwise, as `init()`.
        public init(compactRepresentable: Bool = true) {
            var core = ECPrivateKeyCore<P384Curve>()
            while compactRepresentable && core.publicKey.compactRepresentation == nil { core = ECPrivateKeyCore() }
            self.core = core
        }

        /// From the 48-byte big-endian scalar, which must be in [1, n − 1].
        public init<Bytes: Collection>(rawRepresentation bytes: Bytes) throws(P384Error) where Bytes.Element == UInt8 {
            core = try ECPrivateKeyCore(rawRepresentation: Array(bytes))
        }

        /// From 04 ‖ x ‖ y ‖ d (145 bytes, ANSI X9.63: the public key's x963 form, then the
        /// scalar), the form Apple's Security framework exports EC private keys in; the point must be the
        /// scalar's public key.
        public init<Bytes: Collection>(x963Representation bytes: Bytes) throws(P384Error) where Bytes.Element == UInt8 {
            core = try ECPrivateKeyCore(x963Representation: Array(bytes))
        }

        /// From PKCS#8 or SEC 1 DER on secp384r1; a public key stored in the file must match.
        public init(derRepresentation: [UInt8]) throws(P384Error) {
            core = try ECPrivateKeyCore(derRepresentation: derRepresentation)
        }

        /// From PEM: "PRIVATE KEY" (PKCS#8) or "EC PRIVATE KEY" (SEC 1).
        public init(pemRepresentation: String) throws(P384Error) {
            core = try ECPrivateKeyCore(pemRepresentation: pemRepresentation)
        }

        /// The public key of this private key.
        public var publicKey: PublicKey { PublicKey(core: core.publicKey) }

        /// The private scalar, 48 bytes big-endian. A secret: never log it.
        public var rawRepresentation: [UInt8] { core.d }
        /// 04 ‖ x ‖ y ‖ d, 145 bytes (ANSI X9.63). A secret: never log it.
        public var x963Representation: [UInt8] { core.x963Representation }
        /// PKCS#8 DER (with the public key inside the SEC 1 structure, as OpenSSL writes it).
        public var derRepresentation: [UInt8] { core.derRepresentation }
        /// PKCS#8 "PRIVATE KEY" PEM.
        public var pemRepresentation: String { core.pemRepresentation }

        /// Signs the SHA-384 digest of `data` with an RFC 6979 deterministic nonce (JWS "ES384").
        public func signature<Bytes: Sequence>(for data: Bytes) -> ECDSASignature where Bytes.Element == UInt8 {
            signature(for: SHA384.hash(data: data))
        }

        /// Signs a precomputed SHA-384 digest with an RFC 6979 deterministic nonce.
        public func signature(for digest: SHA384Digest) -> ECDSASignature {
            ECDSASignature(core: core.signature(digest: digest.withUnsafeBytes { Array($0) }))
        }

        /// Signs with an RFC 6979 nonce hedged with 32 fresh random bytes (RFC 6979 §3.6): still safe if the
        /// random generator fails, and resistant to fault attacks on deterministic signing.
        public func hedgedSignature<Bytes: Sequence>(for data: Bytes) -> ECDSASignature where Bytes.Element == UInt8 {
            var generator = SystemRandomNumberGenerator()
            let extra = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            return ECDSASignature(core: core.signature(digest: SHA384.hash(data: data).withUnsafeBytes { Array($0) }, extraEntropy: extra))
        }

        /// Signs a digest of another hash with an RFC 6979 nonce derived with that hash: for RFC 6979's
        /// vectors only (`package` access).
        package func signature<H: HashFunction>(for digest: H.Digest, hash: H.Type) -> ECDSASignature {
            ECDSASignature(core: core.signature(digest: digest.withUnsafeBytes { Array($0) }, hash: hash))
        }

        /// Signs a digest with a caller-chosen nonce: for NIST's SigGen vectors only (`package` access).
        package func signature(forDigestBytes digest: [UInt8], nonce k: [UInt8]) -> ECDSASignature? {
            core.signature(digest: digest, nonce: k).map(ECDSASignature.init(core:))
        }
    }
}

// A private key never prints its scalar: not through `description` (string interpolation, print, most
// loggers), `debugDescription` (`String(reflecting:)`, the debugger's summary) nor a `Mirror` (`dump`). The
// public key is shown, so a person can still tell keys apart. Embedded Swift has no reflection, so the
// Mirror part is left out there.
extension P384.Signing.PrivateKey: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String { core.redactedDescription(typeName: "P384.Signing.PrivateKey") }
    public var debugDescription: String { description }
}

#if !hasFeature(Embedded)
extension P384.Signing.PrivateKey: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, children: ["publicKey": publicKey, "privateScalar": "redacted"], displayStyle: .struct)
    }
}
#endif

extension P384.KeyAgreement {
    /// A P-384 public key: a validated point (coordinates below p, on the curve, not the point at infinity,
    /// which has no encoding here).
    public struct PublicKey: Sendable, Equatable {
        let core: ECPublicKeyCore<P384Curve>

        init(core: ECPublicKeyCore<P384Curve>) { self.core = core }

        /// From x ‖ y (96 bytes).
        public init<Bytes: Collection>(rawRepresentation bytes: Bytes) throws(P384Error) where Bytes.Element == UInt8 {
            core = try ECPublicKeyCore(rawRepresentation: Array(bytes))
        }

        /// From 04 ‖ x ‖ y (97 bytes, SEC 1 §2.3.3 uncompressed).
        public init<Bytes: Collection>(x963Representation bytes: Bytes) throws(P384Error) where Bytes.Element == UInt8 {
            core = try ECPublicKeyCore(x963Representation: Array(bytes))
        }

        /// From 02/03 ‖ x (49 bytes, SEC 1 §2.3.3 compressed), recovering y (§2.3.4).
        public init<Bytes: Collection>(compressedRepresentation bytes: Bytes) throws(P384Error) where Bytes.Element == UInt8 {
            core = try ECPublicKeyCore(compressedRepresentation: Array(bytes))
        }

        /// From x alone (48 bytes), y being the smaller of its two values, min(y, p − y): the compact
        /// form of draft-jivsov-ecc-compact-05 §4.1, as swift-crypto reads it.
        public init<Bytes: Collection>(compactRepresentation bytes: Bytes) throws(P384Error) where Bytes.Element == UInt8 {
            core = try ECPublicKeyCore(compactRepresentation: Array(bytes))
        }

        /// From a SubjectPublicKeyInfo (DER) on secp384r1, with an uncompressed or compressed point.
        public init(derRepresentation: [UInt8]) throws(P384Error) {
            core = try ECPublicKeyCore(derRepresentation: derRepresentation)
        }

        /// From a PEM "PUBLIC KEY" block.
        public init(pemRepresentation: String) throws(P384Error) {
            core = try ECPublicKeyCore(pemRepresentation: pemRepresentation)
        }

        /// x ‖ y, 48 bytes each, big-endian.
        public var rawRepresentation: [UInt8] { core.rawRepresentation }
        /// 04 ‖ x ‖ y, the uncompressed point (ANSI X9.63, SEC 1 §2.3.3).
        public var x963Representation: [UInt8] { core.x963Representation }
        /// 02 or 03 (the parity of y) ‖ x, the compressed point (SEC 1 §2.3.3).
        public var compressedRepresentation: [UInt8] { core.compressedRepresentation }
        /// x alone, when y is the smaller of y and p − y (draft-jivsov-ecc-compact-05 §4.2.1); nil for the
        /// other half of keys, whose x would be read back as the other point. `PrivateKey(compactRepresentable:)`
        /// makes keys that have one.
        public var compactRepresentation: [UInt8]? { core.compactRepresentation }
        /// SubjectPublicKeyInfo DER.
        public var derRepresentation: [UInt8] { core.derRepresentation }
        /// "PUBLIC KEY" PEM.
        public var pemRepresentation: String { core.pemRepresentation }
    }

    /// A P-384 private key. Its scalar is handled in constant time (see Docs/Security.md); its description
    /// never shows it.
    public struct PrivateKey: Sendable {
        let core: ECPrivateKeyCore<P384Curve>

        /// A new random key from `SystemRandomNumberGenerator` (rejection sampling in [1, n − 1]).
        public init() { core = ECPrivateKeyCore() }

        /// A new random key whose public key has a `compactRepresentation` when `compactRepresentable` (as
        /// swift-crypto's default does: keys are drawn until one has, half of them on average); any new key
        /// otherwise, as `init()`.
        public init(compactRepresentable: Bool = true) {
            var core = ECPrivateKeyCore<P384Curve>()
            while compactRepresentable && core.publicKey.compactRepresentation == nil { core = ECPrivateKeyCore() }
            self.core = core
        }

        /// From the 48-byte big-endian scalar, which must be in [1, n − 1].
        public init<Bytes: Collection>(rawRepresentation bytes: Bytes) throws(P384Error) where Bytes.Element == UInt8 {
            core = try ECPrivateKeyCore(rawRepresentation: Array(bytes))
        }

        /// From 04 ‖ x ‖ y ‖ d (145 bytes, ANSI X9.63: the public key's x963 form, then the
        /// scalar), the form Apple's Security framework exports EC private keys in; the point must be the
        /// scalar's public key.
        public init<Bytes: Collection>(x963Representation bytes: Bytes) throws(P384Error) where Bytes.Element == UInt8 {
            core = try ECPrivateKeyCore(x963Representation: Array(bytes))
        }

        /// From PKCS#8 or SEC 1 DER on secp384r1; a public key stored in the file must match.
        public init(derRepresentation: [UInt8]) throws(P384Error) {
            core = try ECPrivateKeyCore(derRepresentation: derRepresentation)
        }

        /// From PEM: "PRIVATE KEY" (PKCS#8) or "EC PRIVATE KEY" (SEC 1).
        public init(pemRepresentation: String) throws(P384Error) {
            core = try ECPrivateKeyCore(pemRepresentation: pemRepresentation)
        }

        /// The public key of this private key.
        public var publicKey: PublicKey { PublicKey(core: core.publicKey) }

        /// The private scalar, 48 bytes big-endian. A secret: never log it.
        public var rawRepresentation: [UInt8] { core.d }
        /// 04 ‖ x ‖ y ‖ d, 145 bytes (ANSI X9.63). A secret: never log it.
        public var x963Representation: [UInt8] { core.x963Representation }
        /// PKCS#8 DER (with the public key inside the SEC 1 structure, as OpenSSL writes it).
        public var derRepresentation: [UInt8] { core.derRepresentation }
        /// PKCS#8 "PRIVATE KEY" PEM.
        public var pemRepresentation: String { core.pemRepresentation }

        /// ECDH (SP 800-56A §5.7.1.2): the x-coordinate of d·Q for the peer's public key Q, 48 bytes.
        /// Constant-time in this key's scalar; the peer's point was validated when its key was built, and
        /// P-384 has prime order, so no small-subgroup or invalid-curve point can reach here. Derive keys
        /// from the result (HKDF, X9.63, the Concat KDF); never use it as a key.
        public func sharedSecretFromKeyAgreement(with publicKeyShare: PublicKey) throws(P384Error) -> SharedSecret {
            try core.sharedSecret(with: publicKeyShare.core)
        }
    }
}

// A private key never prints its scalar: not through `description` (string interpolation, print, most
// loggers), `debugDescription` (`String(reflecting:)`, the debugger's summary) nor a `Mirror` (`dump`). The
// public key is shown, so a person can still tell keys apart. Embedded Swift has no reflection, so the
// Mirror part is left out there.
extension P384.KeyAgreement.PrivateKey: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String { core.redactedDescription(typeName: "P384.KeyAgreement.PrivateKey") }
    public var debugDescription: String { description }
}

#if !hasFeature(Embedded)
extension P384.KeyAgreement.PrivateKey: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, children: ["publicKey": publicKey, "privateScalar": "redacted"], displayStyle: .struct)
    }
}
#endif

extension P384.Signing {
    /// An ECDSA P-384 signature (r, s), read and written as r ‖ s (JWS) or DER (X.509).
    public struct ECDSASignature: Sendable, Hashable {
        let core: ECDSASignatureCore<P384Curve>

        init(core: ECDSASignatureCore<P384Curve>) { self.core = core }

        /// From r ‖ s, 48 bytes each. Range checks happen at verification, which refuses 0 and values ≥ n.
        public init<Bytes: Collection>(rawRepresentation bytes: Bytes) throws(P384Error) where Bytes.Element == UInt8 {
            core = try ECDSASignatureCore(rawRepresentation: Array(bytes))
        }

        /// From strict DER. INTEGERs must be minimal and non-negative and fit in 48 bytes.
        public init<Bytes: Collection>(derRepresentation bytes: Bytes) throws(P384Error) where Bytes.Element == UInt8 {
            core = try ECDSASignatureCore(derRepresentation: Array(bytes))
        }

        /// r ‖ s, 48 bytes each, big-endian: the form JWS uses (RFC 7518 §3.4).
        public var rawRepresentation: [UInt8] { core.rawRepresentation }
        /// DER `SEQUENCE { r INTEGER, s INTEGER }` (RFC 3279 §2.2.3), minimal encoding.
        public var derRepresentation: [UInt8] { core.derRepresentation }
    }
}

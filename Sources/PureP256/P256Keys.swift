// GENERATED from scripts/curve-keys/CurveKeys.swift.template by scripts/generate-curve-keys.swift: do not
// edit; change the template and run `swift scripts/generate-curve-keys.swift` (CI checks the two agree).
//
// The public API of P-256, named as in swift-crypto: P256.Signing (ECDSA) and P256.KeyAgreement
// (ECDH), each with PrivateKey and PublicKey, and P256.Signing.ECDSASignature, on PureECDSA's
// curve-independent keys, signatures and key agreement.
// Signing and verification use this module's own P-256 arithmetic: P256Signing.swift.

import PureASN1
import PureECDSA
import PureSHA2

@_exported import struct PureSHA2.SharedSecret

/// NIST P-256 (prime256v1): ECDSA signing and verification with SHA-256 (JWS "ES256"), and ECDH key
/// agreement (JWE "ECDH-ES" on crv "P-256").
public enum P256 {
    /// ECDSA P-256 keys and signatures, as in swift-crypto.
    public enum Signing {}
    /// ECDH P-256 keys, as in swift-crypto.
    public enum KeyAgreement {}
}

/// Why a P-256 key, signature or key agreement was refused (the error type every curve module shares;
/// until 1.2.0 a type of its own with the same cases).
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

        /// From x alone (32 bytes), y being the smaller of its two values, min(y, p − y): the compact
        /// form of draft-jivsov-ecc-compact-05 §4.1, as swift-crypto reads it.
        public init<Bytes: Collection>(compactRepresentation bytes: Bytes) throws(P256Error) where Bytes.Element == UInt8 {
            core = try ECPublicKeyCore(compactRepresentation: Array(bytes))
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
        /// x alone, when y is the smaller of y and p − y (draft-jivsov-ecc-compact-05 §4.2.1); nil for the
        /// other half of keys, whose x would be read back as the other point. `PrivateKey(compactRepresentable:)`
        /// makes keys that have one.
        public var compactRepresentation: [UInt8]? { core.compactRepresentation }
        /// SubjectPublicKeyInfo DER.
        public var derRepresentation: [UInt8] { core.derRepresentation }
        /// "PUBLIC KEY" PEM.
        public var pemRepresentation: String { core.pemRepresentation }
    }

    /// A P-256 private key. Its scalar is handled in constant time (see Docs/Security.md); its description
    /// never shows it.
    public struct PrivateKey: Sendable {
        let core: ECPrivateKeyCore<P256Curve>

        /// A new random key from `SystemRandomNumberGenerator` (rejection sampling in [1, n − 1]).
        public init() { core = ECPrivateKeyCore() }

        /// A new random key whose public key has a `compactRepresentation` when `compactRepresentable` (as
        /// swift-crypto's default does: keys are drawn until one has, half of them on average); any new key
        /// otherwise, as `init()`.
        public init(compactRepresentable: Bool = true) {
            var core = ECPrivateKeyCore<P256Curve>()
            while compactRepresentable && core.publicKey.compactRepresentation == nil { core = ECPrivateKeyCore() }
            self.core = core
        }

        /// From the 32-byte big-endian scalar, which must be in [1, n − 1].
        public init<Bytes: Collection>(rawRepresentation bytes: Bytes) throws(P256Error) where Bytes.Element == UInt8 {
            core = try ECPrivateKeyCore(rawRepresentation: Array(bytes))
        }

        /// From 04 ‖ x ‖ y ‖ d (97 bytes, ANSI X9.63: the public key's x963 form, then the
        /// scalar), the form Apple's Security framework exports EC private keys in; the point must be the
        /// scalar's public key.
        public init<Bytes: Collection>(x963Representation bytes: Bytes) throws(P256Error) where Bytes.Element == UInt8 {
            core = try ECPrivateKeyCore(x963Representation: Array(bytes))
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
        /// 04 ‖ x ‖ y ‖ d, 97 bytes (ANSI X9.63). A secret: never log it.
        public var x963Representation: [UInt8] { core.x963Representation }
        /// PKCS#8 DER (with the public key inside the SEC 1 structure, as OpenSSL writes it).
        public var derRepresentation: [UInt8] { core.derRepresentation }
        /// PKCS#8 "PRIVATE KEY" PEM, the form of Apple's .p8 files.
        public var pemRepresentation: String { core.pemRepresentation }
    }
}

// A private key never prints its scalar: not through `description` (string interpolation, print, most
// loggers), `debugDescription` (`String(reflecting:)`, the debugger's summary) nor a `Mirror` (`dump`). The
// public key is shown, so a person can still tell keys apart. Embedded Swift has no reflection, so the
// Mirror part is left out there.
extension P256.Signing.PrivateKey: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String { core.redactedDescription(typeName: "P256.Signing.PrivateKey") }
    public var debugDescription: String { description }
}

#if !hasFeature(Embedded)
extension P256.Signing.PrivateKey: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, children: ["publicKey": publicKey, "privateScalar": "redacted"], displayStyle: .struct)
    }
}
#endif

extension P256.KeyAgreement {
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

        /// From x alone (32 bytes), y being the smaller of its two values, min(y, p − y): the compact
        /// form of draft-jivsov-ecc-compact-05 §4.1, as swift-crypto reads it.
        public init<Bytes: Collection>(compactRepresentation bytes: Bytes) throws(P256Error) where Bytes.Element == UInt8 {
            core = try ECPublicKeyCore(compactRepresentation: Array(bytes))
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
        /// x alone, when y is the smaller of y and p − y (draft-jivsov-ecc-compact-05 §4.2.1); nil for the
        /// other half of keys, whose x would be read back as the other point. `PrivateKey(compactRepresentable:)`
        /// makes keys that have one.
        public var compactRepresentation: [UInt8]? { core.compactRepresentation }
        /// SubjectPublicKeyInfo DER.
        public var derRepresentation: [UInt8] { core.derRepresentation }
        /// "PUBLIC KEY" PEM.
        public var pemRepresentation: String { core.pemRepresentation }
    }

    /// A P-256 private key. Its scalar is handled in constant time (see Docs/Security.md); its description
    /// never shows it.
    public struct PrivateKey: Sendable {
        let core: ECPrivateKeyCore<P256Curve>

        /// A new random key from `SystemRandomNumberGenerator` (rejection sampling in [1, n − 1]).
        public init() { core = ECPrivateKeyCore() }

        /// A new random key whose public key has a `compactRepresentation` when `compactRepresentable` (as
        /// swift-crypto's default does: keys are drawn until one has, half of them on average); any new key
        /// otherwise, as `init()`.
        public init(compactRepresentable: Bool = true) {
            var core = ECPrivateKeyCore<P256Curve>()
            while compactRepresentable && core.publicKey.compactRepresentation == nil { core = ECPrivateKeyCore() }
            self.core = core
        }

        /// From the 32-byte big-endian scalar, which must be in [1, n − 1].
        public init<Bytes: Collection>(rawRepresentation bytes: Bytes) throws(P256Error) where Bytes.Element == UInt8 {
            core = try ECPrivateKeyCore(rawRepresentation: Array(bytes))
        }

        /// From 04 ‖ x ‖ y ‖ d (97 bytes, ANSI X9.63: the public key's x963 form, then the
        /// scalar), the form Apple's Security framework exports EC private keys in; the point must be the
        /// scalar's public key.
        public init<Bytes: Collection>(x963Representation bytes: Bytes) throws(P256Error) where Bytes.Element == UInt8 {
            core = try ECPrivateKeyCore(x963Representation: Array(bytes))
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
        /// 04 ‖ x ‖ y ‖ d, 97 bytes (ANSI X9.63). A secret: never log it.
        public var x963Representation: [UInt8] { core.x963Representation }
        /// PKCS#8 DER (with the public key inside the SEC 1 structure, as OpenSSL writes it).
        public var derRepresentation: [UInt8] { core.derRepresentation }
        /// PKCS#8 "PRIVATE KEY" PEM, the form of Apple's .p8 files.
        public var pemRepresentation: String { core.pemRepresentation }

        /// ECDH (SP 800-56A §5.7.1.2): the x-coordinate of d·Q for the peer's public key Q, 32 bytes.
        /// Constant-time in this key's scalar; the peer's point was validated when its key was built, and
        /// P-256 has prime order, so no small-subgroup or invalid-curve point can reach here. Derive keys
        /// from the result (HKDF, X9.63, the Concat KDF); never use it as a key.
        public func sharedSecretFromKeyAgreement(with publicKeyShare: PublicKey) throws(P256Error) -> SharedSecret {
            try core.sharedSecret(with: publicKeyShare.core)
        }
    }
}

// A private key never prints its scalar: not through `description` (string interpolation, print, most
// loggers), `debugDescription` (`String(reflecting:)`, the debugger's summary) nor a `Mirror` (`dump`). The
// public key is shown, so a person can still tell keys apart. Embedded Swift has no reflection, so the
// Mirror part is left out there.
extension P256.KeyAgreement.PrivateKey: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String { core.redactedDescription(typeName: "P256.KeyAgreement.PrivateKey") }
    public var debugDescription: String { description }
}

#if !hasFeature(Embedded)
extension P256.KeyAgreement.PrivateKey: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, children: ["publicKey": publicKey, "privateScalar": "redacted"], displayStyle: .struct)
    }
}
#endif

extension P256.Signing {
    /// An ECDSA P-256 signature (r, s), read and written as r ‖ s (JWS) or DER (X.509).
    public struct ECDSASignature: Sendable, Hashable {
        let core: ECDSASignatureCore<P256Curve>

        init(core: ECDSASignatureCore<P256Curve>) { self.core = core }

        /// From r ‖ s, 32 bytes each. Range checks happen at verification, which refuses 0 and values ≥ n.
        public init<Bytes: Collection>(rawRepresentation bytes: Bytes) throws(P256Error) where Bytes.Element == UInt8 {
            core = try ECDSASignatureCore(rawRepresentation: Array(bytes))
        }

        /// From strict DER. INTEGERs must be minimal and non-negative and fit in 32 bytes.
        public init<Bytes: Collection>(derRepresentation bytes: Bytes) throws(P256Error) where Bytes.Element == UInt8 {
            core = try ECDSASignatureCore(derRepresentation: Array(bytes))
        }

        /// r ‖ s, 32 bytes each, big-endian: the form JWS uses (RFC 7518 §3.4).
        public var rawRepresentation: [UInt8] { core.rawRepresentation }
        /// DER `SEQUENCE { r INTEGER, s INTEGER }` (RFC 3279 §2.2.3), minimal encoding.
        public var derRepresentation: [UInt8] { core.derRepresentation }
    }
}

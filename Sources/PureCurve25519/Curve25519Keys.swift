// GENERATED from scripts/curve-keys/EdwardsKeys.swift.template by scripts/generate-curve-keys.swift: do not
// edit; change the template and run `swift scripts/generate-curve-keys.swift` (CI checks the two agree).
//
// The public key types of Ed25519 and X25519, named as swift-crypto names Curve25519's: Curve25519.Signing
// and Curve25519.KeyAgreement, each with PrivateKey and PublicKey and their representation pairs — raw
// bytes, PKCS#8 and SubjectPublicKeyInfo in DER and PEM (RFC 8410: id-Ed25519 1.3.101.112, id-X25519
// 1.3.101.110; PureASN1's RFC8410KeyFormat.swift writes the layouts out and reads and writes them).
//
// Accepted byte layouts:
//   signing, private, raw:    the 32-byte seed (RFC 8032 §5.1.5's private key)
//   signing, public, raw:     the 32-byte encoding of A (RFC 8032 §5.1.2)
//   agreement, private, raw:  32 bytes, as given (clamped when used, RFC 7748 §5)
//   agreement, public, raw:   the 32-byte u-coordinate (RFC 7748 §5)
//   private, DER:             PrivateKeyInfo / OneAsymmetricKey (RFC 5958) { version 0 or 1, AlgorithmIdentifier
//                             with parameters absent (RFC 8410 §3), privateKey OCTET STRING { CurvePrivateKey },
//                             [1] publicKey (version 1 only; must be this key's) }; PEM label "PRIVATE KEY"
//   public, DER:              SubjectPublicKeyInfo { AlgorithmIdentifier, BIT STRING }; PEM label "PUBLIC KEY"
//
// A private key never prints its secret: not through `description` (string interpolation, print, most
// loggers), `debugDescription` nor a `Mirror` (`dump`). An Ed25519 key shows its public key, so a person
// can still tell keys apart; an X25519 key shows none (computing it is a scalar multiplication, which
// printing a key should not cost). Embedded Swift has no reflection, so the Mirror part is left out there.

import PureASN1

/// Curve25519's signature scheme, Ed25519 (RFC 8032), and its key agreement, X25519 (RFC 7748), with
/// swift-crypto's names.
public enum Curve25519 {
    /// Ed25519 signing keys.
    public enum Signing {}
    /// X25519 key agreement (RFC 7748).
    public enum KeyAgreement {}
}

extension Curve25519.Signing {
    /// An Ed25519 private key: signs deterministically and in constant time. Never printed: its description is
    /// redacted.
    public struct PrivateKey: Sendable {
        let seed: [UInt8]
        let expanded: Ed25519.ExpandedKey
        /// The public key A = [s]B, decoded once: a private key that verifies (a JWT key) would otherwise
        /// decode its point, a square root, on every call.
        public let publicKey: PublicKey

        /// A new random key, from `SystemRandomNumberGenerator`.
        public init() {
            var generator = SystemRandomNumberGenerator()
            self.init(validatedSeed: (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        }

        /// The key of a 32-byte seed (RFC 8032's private key).
        public init<Bytes: Collection>(rawRepresentation bytes: Bytes) throws(Curve25519Error) where Bytes.Element == UInt8 {
            let seed = Array(bytes)
            guard seed.count == 32 else { throw Curve25519Error(.invalidLength(expected: 32, found: seed.count)) }
            self.init(validatedSeed: seed)
        }

        init(validatedSeed seed: [UInt8]) {
            self.seed = seed
            expanded = Ed25519.ExpandedKey(seed: seed)
            publicKey = PublicKey(validatedEncoding: expanded.publicKey)
        }

        /// A PKCS#8 key in DER (RFC 8410). A version 1 key's public key must be this key's.
        public init(derRepresentation: [UInt8]) throws(Curve25519Error) {
            try self.init(pkcs8: try Curve25519KeyFormat.pkcs8(derRepresentation: derRepresentation))
        }

        /// A PEM "PRIVATE KEY" (PKCS#8, as `openssl genpkey -algorithm ed25519` writes it).
        public init(pemRepresentation: String) throws(Curve25519Error) {
            try self.init(pkcs8: try Curve25519KeyFormat.pkcs8(pemRepresentation: pemRepresentation))
        }

        init(pkcs8 info: PKCS8PrivateKey) throws(Curve25519Error) {
            try self.init(rawRepresentation: try Curve25519KeyFormat.privateKeyBytes(info, .ed25519))
            if let publicKey = info.publicKey, publicKey != expanded.publicKey { throw Curve25519Error(.inconsistentKey) }
        }

        /// The 32-byte seed. A secret: store it as you would the key file.
        public var rawRepresentation: [UInt8] { seed }

        /// PKCS#8 version 0 in DER (RFC 8410 §7).
        public var derRepresentation: [UInt8] { RFC8410KeyFormat.ed25519.pkcs8DER(seed) }

        /// PKCS#8 in PEM, label "PRIVATE KEY".
        public var pemRepresentation: String { PEM.encode(label: "PRIVATE KEY", derBytes: derRepresentation) }

        /// The 64-byte signature of `data` (RFC 8032 §5.1.6): deterministic, constant-time.
        public func signature<Bytes: Sequence>(for data: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
            Ed25519.sign(Array(data), with: expanded)
        }
    }

    /// An Ed25519 public key: verifies signatures.
    public struct PublicKey: Sendable, Hashable {
        let encoding: [UInt8]
        let point: EdwardsPoint

        /// The key of a 32-byte encoded point; refused when it encodes no point (non-canonical y, no
        /// square root, or x = 0 with the sign bit set: RFC 8032 §5.1.3).
        public init<Bytes: Collection>(rawRepresentation bytes: Bytes) throws(Curve25519Error) where Bytes.Element == UInt8 {
            let encoding = Array(bytes)
            guard encoding.count == 32 else { throw Curve25519Error(.invalidLength(expected: 32, found: encoding.count)) }
            guard let point = EdwardsPoint(decodingVartime: encoding) else { throw Curve25519Error(.invalidPoint) }
            self.encoding = encoding
            self.point = point
        }

        init(validatedEncoding encoding: [UInt8]) {
            self.encoding = encoding
            // The encoding of [s]B always decodes.
            point = EdwardsPoint(decodingVartime: encoding) ?? .identity
        }

        /// A SubjectPublicKeyInfo in DER (RFC 8410 §4).
        public init(derRepresentation: [UInt8]) throws(Curve25519Error) {
            try self.init(rawRepresentation: try Curve25519KeyFormat.publicKeyBytes(derRepresentation: derRepresentation, .ed25519))
        }

        /// A PEM "PUBLIC KEY".
        public init(pemRepresentation: String) throws(Curve25519Error) {
            try self.init(rawRepresentation: try Curve25519KeyFormat.publicKeyBytes(pemRepresentation: pemRepresentation, .ed25519))
        }

        /// The 32-byte encoded point.
        public var rawRepresentation: [UInt8] { encoding }

        /// SubjectPublicKeyInfo in DER.
        public var derRepresentation: [UInt8] { RFC8410KeyFormat.ed25519.spkiDER(encoding) }

        /// SubjectPublicKeyInfo in PEM, label "PUBLIC KEY".
        public var pemRepresentation: String { PEM.encode(label: "PUBLIC KEY", derBytes: derRepresentation) }

        /// Whether `signature` (64 bytes, R ‖ S) is this key's signature of `data` (RFC 8032 §5.1.7,
        /// cofactorless; S ≥ L refused — see Ed25519.swift). Anything malformed is simply invalid.
        public func isValidSignature<Signature: Collection, Bytes: Sequence>(_ signature: Signature, for data: Bytes) -> Bool
        where Signature.Element == UInt8, Bytes.Element == UInt8 {
            // The message is hashed where it lies when it is contiguous (a token's signing input is).
            let signatureBytes = Array(signature)
            if let result = data.withContiguousStorageIfAvailable({ Ed25519.verify(signatureBytes, UnsafeRawBufferPointer($0), publicKey: encoding, point: point) }) {
                return result
            }
            return Array(data).withUnsafeBytes { Ed25519.verify(signatureBytes, $0, publicKey: encoding, point: point) }
        }

        public static func == (lhs: PublicKey, rhs: PublicKey) -> Bool { lhs.encoding == rhs.encoding }
        public func hash(into hasher: inout Hasher) { hasher.combine(encoding) }
    }
}

extension Curve25519.KeyAgreement {
    /// An X25519 private key: 32 random bytes (clamped when used, as RFC 7748 says). Never printed: its
    /// description is redacted.
    public struct PrivateKey: Sendable {
        let scalar: [UInt8]

        /// The matching public key, X25519(k, 9), computed when asked for (a key used only to agree,
        /// as a JWE recipient's, never pays for it).
        public var publicKey: PublicKey { PublicKey(validatedBytes: X25519.scalarMultiply(scalar, X25519.basePoint)) }

        /// A new random key from `SystemRandomNumberGenerator`.
        public init() {
            var generator = SystemRandomNumberGenerator()
            self.init(validatedScalar: (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
        }

        /// A key from its 32 bytes.
        public init<Bytes: Collection>(rawRepresentation bytes: Bytes) throws(Curve25519Error) where Bytes.Element == UInt8 {
            let scalar = Array(bytes)
            guard scalar.count == 32 else { throw Curve25519Error(.invalidLength(expected: 32, found: scalar.count)) }
            self.init(validatedScalar: scalar)
        }

        init(validatedScalar scalar: [UInt8]) { self.scalar = scalar }

        /// A PKCS#8 X25519 key in DER (RFC 8410, as `openssl genpkey -algorithm x25519` writes it). A version 1
        /// key's public key must be this key's.
        public init(derRepresentation: [UInt8]) throws(Curve25519Error) {
            try self.init(pkcs8: try Curve25519KeyFormat.pkcs8(derRepresentation: derRepresentation))
        }

        /// A PEM "PRIVATE KEY" holding an X25519 key (PKCS#8).
        public init(pemRepresentation: String) throws(Curve25519Error) {
            try self.init(pkcs8: try Curve25519KeyFormat.pkcs8(pemRepresentation: pemRepresentation))
        }

        init(pkcs8 info: PKCS8PrivateKey) throws(Curve25519Error) {
            try self.init(rawRepresentation: try Curve25519KeyFormat.privateKeyBytes(info, .x25519))
            if let publicKey = info.publicKey, publicKey != self.publicKey.rawRepresentation { throw Curve25519Error(.inconsistentKey) }
        }

        /// The key's 32 bytes, as given (unclamped). A secret: store it as you would the key file.
        public var rawRepresentation: [UInt8] { scalar }

        /// PKCS#8 version 0 in DER (RFC 8410 §7).
        public var derRepresentation: [UInt8] { RFC8410KeyFormat.x25519.pkcs8DER(scalar) }

        /// PKCS#8 in PEM, label "PRIVATE KEY".
        public var pemRepresentation: String { PEM.encode(label: "PRIVATE KEY", derBytes: derRepresentation) }

        /// X25519 with the peer's public key. Throws ``Curve25519Error/Reason/zeroSharedSecret`` when the
        /// result is all zeros: the peer sent a point of small order, which a key agreement must refuse
        /// (RFC 7748 §6.1), since the result would not depend on this key.
        public func sharedSecretFromKeyAgreement(with publicKeyShare: PublicKey) throws(Curve25519Error) -> SharedSecret {
            let shared = X25519.scalarMultiply(scalar, publicKeyShare.bytes)
            var any: UInt8 = 0
            for byte in shared { any |= byte }
            guard any != 0 else { throw Curve25519Error(.zeroSharedSecret) }
            return SharedSecret(bytes: shared)
        }
    }

    /// An X25519 public key: a 32-byte u-coordinate.
    public struct PublicKey: Sendable, Hashable {
        let bytes: [UInt8]

        /// A public key from its 32 bytes. Every 32-byte string is accepted (RFC 7748 §5: the top bit
        /// is ignored, non-canonical values are reduced); small-order points are refused when the
        /// shared secret comes out zero.
        public init<Bytes: Collection>(rawRepresentation bytes: Bytes) throws(Curve25519Error) where Bytes.Element == UInt8 {
            let raw = Array(bytes)
            guard raw.count == 32 else { throw Curve25519Error(.invalidLength(expected: 32, found: raw.count)) }
            self.bytes = raw
        }

        init(validatedBytes: [UInt8]) { bytes = validatedBytes }

        /// An X25519 SubjectPublicKeyInfo in DER (RFC 8410 §4).
        public init(derRepresentation: [UInt8]) throws(Curve25519Error) {
            try self.init(rawRepresentation: try Curve25519KeyFormat.publicKeyBytes(derRepresentation: derRepresentation, .x25519))
        }

        /// A PEM "PUBLIC KEY" holding an X25519 key.
        public init(pemRepresentation: String) throws(Curve25519Error) {
            try self.init(rawRepresentation: try Curve25519KeyFormat.publicKeyBytes(pemRepresentation: pemRepresentation, .x25519))
        }

        /// The 32 bytes, as given.
        public var rawRepresentation: [UInt8] { bytes }

        /// SubjectPublicKeyInfo in DER.
        public var derRepresentation: [UInt8] { RFC8410KeyFormat.x25519.spkiDER(bytes) }

        /// SubjectPublicKeyInfo in PEM, label "PUBLIC KEY".
        public var pemRepresentation: String { PEM.encode(label: "PUBLIC KEY", derBytes: derRepresentation) }
    }
}

/// PureASN1's RFC 8410 reader, its failures as ``Curve25519Error``.
enum Curve25519KeyFormat {
    static func pkcs8(derRepresentation der: [UInt8]) throws(Curve25519Error) -> PKCS8PrivateKey {
        try mapped { () throws(RFC8410KeyFormat.Failure) in try RFC8410KeyFormat.pkcs8(derRepresentation: der) }
    }

    static func pkcs8(pemRepresentation pem: String) throws(Curve25519Error) -> PKCS8PrivateKey {
        try mapped { () throws(RFC8410KeyFormat.Failure) in try RFC8410KeyFormat.pkcs8(pemRepresentation: pem) }
    }

    /// The key bytes of a PKCS#8 key of `format`'s algorithm; their length is the key type's to check.
    static func privateKeyBytes(_ info: PKCS8PrivateKey, _ format: RFC8410KeyFormat) throws(Curve25519Error) -> [UInt8] {
        try mapped { () throws(RFC8410KeyFormat.Failure) in try format.privateKeyBytes(info) }
    }

    static func publicKeyBytes(derRepresentation der: [UInt8], _ format: RFC8410KeyFormat) throws(Curve25519Error) -> [UInt8] {
        try mapped { () throws(RFC8410KeyFormat.Failure) in try format.publicKeyBytes(derRepresentation: der) }
    }

    static func publicKeyBytes(pemRepresentation pem: String, _ format: RFC8410KeyFormat) throws(Curve25519Error) -> [UInt8] {
        try mapped { () throws(RFC8410KeyFormat.Failure) in try format.publicKeyBytes(pemRepresentation: pem) }
    }

    private static func mapped<T>(_ body: () throws(RFC8410KeyFormat.Failure) -> T) throws(Curve25519Error) -> T {
        do { return try body() } catch { throw Curve25519Error(.invalidKeyEncoding(error.message)) }
    }
}

extension Curve25519.Signing.PrivateKey: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String { "Curve25519.Signing.PrivateKey(redacted; public key \(hex(expanded.publicKey.prefix(8)))…)" }
    public var debugDescription: String { description }
}

#if !hasFeature(Embedded)
extension Curve25519.Signing.PrivateKey: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, children: ["publicKey": publicKey, "seed": "redacted"], displayStyle: .struct)
    }
}
#endif

extension Curve25519.Signing.PublicKey: CustomStringConvertible {
    public var description: String { "Curve25519.Signing.PublicKey(\(hex(encoding)))" }
}

extension Curve25519.KeyAgreement.PrivateKey: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String { "Curve25519.KeyAgreement.PrivateKey(redacted)" }
    public var debugDescription: String { description }
}

#if !hasFeature(Embedded)
extension Curve25519.KeyAgreement.PrivateKey: CustomReflectable {
    public var customMirror: Mirror { Mirror(self, children: ["scalar": "redacted"], displayStyle: .struct) }
}
#endif

extension Curve25519.KeyAgreement.PublicKey: CustomStringConvertible {
    public var description: String { "Curve25519.KeyAgreement.PublicKey(\(hex(bytes)))" }
}

private func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    for byte in bytes { out += [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]] }
    return String(decoding: out, as: UTF8.self)
}

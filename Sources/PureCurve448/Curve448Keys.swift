// GENERATED from scripts/curve-keys/EdwardsKeys.swift.template by scripts/generate-curve-keys.swift: do not
// edit; change the template and run `swift scripts/generate-curve-keys.swift` (CI checks the two agree).
//
// The public key types of Ed448 and X448, named as swift-crypto names Curve25519's: Curve448.Signing
// and Curve448.KeyAgreement, each with PrivateKey and PublicKey and their representation pairs — raw
// bytes, PKCS#8 and SubjectPublicKeyInfo in DER and PEM (RFC 8410: id-Ed448 1.3.101.113, id-X448
// 1.3.101.111; PureASN1's RFC8410KeyFormat.swift writes the layouts out and reads and writes them).
//
// Accepted byte layouts:
//   signing, private, raw:    the 57-byte secret (RFC 8032 §5.2.5's private key)
//   signing, public, raw:     the 57-byte encoding of A (RFC 8032 §5.2.2)
//   agreement, private, raw:  56 bytes, as given (clamped when used, RFC 7748 §5)
//   agreement, public, raw:   the 56-byte u-coordinate (RFC 7748 §5)
//   private, DER:             PrivateKeyInfo / OneAsymmetricKey (RFC 5958) { version 0 or 1, AlgorithmIdentifier
//                             with parameters absent (RFC 8410 §3), privateKey OCTET STRING { CurvePrivateKey },
//                             [1] publicKey (version 1 only; must be this key's) }; PEM label "PRIVATE KEY"
//   public, DER:              SubjectPublicKeyInfo { AlgorithmIdentifier, BIT STRING }; PEM label "PUBLIC KEY"
//
// A private key never prints its secret: not through `description` (string interpolation, print, most
// loggers), `debugDescription` nor a `Mirror` (`dump`). An Ed448 key shows its public key, so a person
// can still tell keys apart; an X448 key shows none (computing it is a scalar multiplication, which
// printing a key should not cost). Embedded Swift has no reflection, so the Mirror part is left out there.

import PureASN1

/// Curve448's signature scheme, Ed448 (RFC 8032 §5.2), and its key agreement, X448 (RFC 7748).
public enum Curve448 {
    /// Ed448 signing keys.
    public enum Signing {}
    /// X448 key agreement (RFC 7748).
    public enum KeyAgreement {}
}

extension Curve448.Signing {
    /// An Ed448 private key: signs deterministically and in constant time. Never printed: its description is
    /// redacted.
    public struct PrivateKey: Sendable {
        let secret: [UInt8]
        let expanded: Ed448.ExpandedKey
        /// The public key A = [s]B, decoded once: a private key that verifies (a JWT key) would otherwise
        /// decode its point, a square root, on every call.
        public let publicKey: PublicKey

        /// A new random key, from `SystemRandomNumberGenerator`.
        public init() {
            var generator = SystemRandomNumberGenerator()
            self.init(validatedSecret: (0..<57).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        }

        /// The key of a 57-byte secret (RFC 8032's private key).
        public init<Bytes: Collection>(rawRepresentation bytes: Bytes) throws(Curve448Error) where Bytes.Element == UInt8 {
            let secret = Array(bytes)
            guard secret.count == 57 else { throw Curve448Error(.invalidLength(expected: 57, found: secret.count)) }
            self.init(validatedSecret: secret)
        }

        init(validatedSecret secret: [UInt8]) {
            self.secret = secret
            expanded = Ed448.ExpandedKey(secret: secret)
            publicKey = PublicKey(validatedEncoding: expanded.publicKey)
        }

        /// A PKCS#8 key in DER (RFC 8410). A version 1 key's public key must be this key's.
        public init(derRepresentation: [UInt8]) throws(Curve448Error) {
            try self.init(pkcs8: try Curve448KeyFormat.pkcs8(derRepresentation: derRepresentation))
        }

        /// A PEM "PRIVATE KEY" (PKCS#8, as `openssl genpkey -algorithm ed448` writes it).
        public init(pemRepresentation: String) throws(Curve448Error) {
            try self.init(pkcs8: try Curve448KeyFormat.pkcs8(pemRepresentation: pemRepresentation))
        }

        init(pkcs8 info: PKCS8PrivateKey) throws(Curve448Error) {
            try self.init(rawRepresentation: try Curve448KeyFormat.privateKeyBytes(info, .ed448))
            if let publicKey = info.publicKey, publicKey != expanded.publicKey { throw Curve448Error(.inconsistentKey) }
        }

        /// The 57-byte secret. A secret: store it as you would the key file.
        public var rawRepresentation: [UInt8] { secret }

        /// PKCS#8 version 0 in DER (RFC 8410 §7).
        public var derRepresentation: [UInt8] { RFC8410KeyFormat.ed448.pkcs8DER(secret) }

        /// PKCS#8 in PEM, label "PRIVATE KEY".
        public var pemRepresentation: String { PEM.encode(label: "PRIVATE KEY", derBytes: derRepresentation) }

        /// The 114-byte Ed448 signature of `data` (RFC 8032 §5.2.6, empty context): deterministic,
        /// constant-time.
        public func signature<Bytes: Sequence>(for data: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
            Ed448.sign(Array(data), context: [], with: expanded)
        }

        /// The signature of `data` under a context string (RFC 8032 §5.2: at most 255 bytes, agreed with
        /// the verifier; JOSE and COSE use none).
        public func signature<Bytes: Sequence, Context: Collection>(for data: Bytes, context: Context) throws(Curve448Error) -> [UInt8]
        where Bytes.Element == UInt8, Context.Element == UInt8 {
            let contextBytes = Array(context)
            guard contextBytes.count <= 255 else { throw Curve448Error(.contextTooLong(contextBytes.count)) }
            return Ed448.sign(Array(data), context: contextBytes, with: expanded)
        }
    }

    /// An Ed448 public key: verifies signatures.
    public struct PublicKey: Sendable, Hashable {
        let encoding: [UInt8]
        let point: EdwardsPoint

        /// The key of a 57-byte encoded point; refused when it encodes none (bits 448–454 set, y ≥ p, no
        /// square root, or x = 0 with the sign bit set: RFC 8032 §5.2.3).
        public init<Bytes: Collection>(rawRepresentation bytes: Bytes) throws(Curve448Error) where Bytes.Element == UInt8 {
            let encoding = Array(bytes)
            guard encoding.count == 57 else { throw Curve448Error(.invalidLength(expected: 57, found: encoding.count)) }
            guard let point = EdwardsPoint(decodingVartime: encoding[...]) else { throw Curve448Error(.invalidPoint) }
            self.encoding = encoding
            self.point = point
        }

        init(validatedEncoding encoding: [UInt8]) {
            self.encoding = encoding
            // The encoding of [s]B always decodes.
            point = EdwardsPoint(decodingVartime: encoding[...]) ?? .identity
        }

        /// A SubjectPublicKeyInfo in DER (RFC 8410 §4).
        public init(derRepresentation: [UInt8]) throws(Curve448Error) {
            try self.init(rawRepresentation: try Curve448KeyFormat.publicKeyBytes(derRepresentation: derRepresentation, .ed448))
        }

        /// A PEM "PUBLIC KEY".
        public init(pemRepresentation: String) throws(Curve448Error) {
            try self.init(rawRepresentation: try Curve448KeyFormat.publicKeyBytes(pemRepresentation: pemRepresentation, .ed448))
        }

        /// The 57-byte encoded point.
        public var rawRepresentation: [UInt8] { encoding }

        /// SubjectPublicKeyInfo in DER.
        public var derRepresentation: [UInt8] { RFC8410KeyFormat.ed448.spkiDER(encoding) }

        /// SubjectPublicKeyInfo in PEM, label "PUBLIC KEY".
        public var pemRepresentation: String { PEM.encode(label: "PUBLIC KEY", derBytes: derRepresentation) }

        /// Whether `signature` (114 bytes, R ‖ S) is this key's Ed448 signature of `data` with an empty
        /// context (RFC 8032 §5.2.7, cofactored; S ≥ L refused — see Ed448.swift). Anything malformed is
        /// simply invalid.
        public func isValidSignature<Signature: Collection, Bytes: Sequence>(_ signature: Signature, for data: Bytes) -> Bool
        where Signature.Element == UInt8, Bytes.Element == UInt8 {
            Ed448.verify(Array(signature), Array(data), context: [], publicKey: encoding, point: point)
        }

        /// The same under a context string; a context over 255 bytes makes every signature invalid.
        public func isValidSignature<Signature: Collection, Bytes: Sequence, Context: Collection>(
            _ signature: Signature, for data: Bytes, context: Context
        ) -> Bool where Signature.Element == UInt8, Bytes.Element == UInt8, Context.Element == UInt8 {
            Ed448.verify(Array(signature), Array(data), context: Array(context), publicKey: encoding, point: point)
        }

        public static func == (lhs: PublicKey, rhs: PublicKey) -> Bool { lhs.encoding == rhs.encoding }
        public func hash(into hasher: inout Hasher) { hasher.combine(encoding) }
    }
}

extension Curve448.KeyAgreement {
    /// An X448 private key: 56 random bytes (clamped when used, as RFC 7748 says). Never printed: its
    /// description is redacted.
    public struct PrivateKey: Sendable {
        let scalar: [UInt8]

        /// The matching public key, X448(k, 5), computed when asked for (a key used only to agree,
        /// as a JWE recipient's, never pays for it).
        public var publicKey: PublicKey { PublicKey(validatedBytes: X448.scalarMultiply(scalar, X448.basePoint)) }

        /// A new random key from `SystemRandomNumberGenerator`.
        public init() {
            var generator = SystemRandomNumberGenerator()
            self.init(validatedScalar: (0..<56).map { _ in UInt8.random(in: 0...255, using: &generator) })
        }

        /// A key from its 56 bytes.
        public init<Bytes: Collection>(rawRepresentation bytes: Bytes) throws(Curve448Error) where Bytes.Element == UInt8 {
            let scalar = Array(bytes)
            guard scalar.count == 56 else { throw Curve448Error(.invalidLength(expected: 56, found: scalar.count)) }
            self.init(validatedScalar: scalar)
        }

        init(validatedScalar scalar: [UInt8]) { self.scalar = scalar }

        /// A PKCS#8 X448 key in DER (RFC 8410, as `openssl genpkey -algorithm x448` writes it). A version 1
        /// key's public key must be this key's.
        public init(derRepresentation: [UInt8]) throws(Curve448Error) {
            try self.init(pkcs8: try Curve448KeyFormat.pkcs8(derRepresentation: derRepresentation))
        }

        /// A PEM "PRIVATE KEY" holding an X448 key (PKCS#8).
        public init(pemRepresentation: String) throws(Curve448Error) {
            try self.init(pkcs8: try Curve448KeyFormat.pkcs8(pemRepresentation: pemRepresentation))
        }

        init(pkcs8 info: PKCS8PrivateKey) throws(Curve448Error) {
            try self.init(rawRepresentation: try Curve448KeyFormat.privateKeyBytes(info, .x448))
            if let publicKey = info.publicKey, publicKey != self.publicKey.rawRepresentation { throw Curve448Error(.inconsistentKey) }
        }

        /// The key's 56 bytes, as given (unclamped). A secret: store it as you would the key file.
        public var rawRepresentation: [UInt8] { scalar }

        /// PKCS#8 version 0 in DER (RFC 8410 §7).
        public var derRepresentation: [UInt8] { RFC8410KeyFormat.x448.pkcs8DER(scalar) }

        /// PKCS#8 in PEM, label "PRIVATE KEY".
        public var pemRepresentation: String { PEM.encode(label: "PRIVATE KEY", derBytes: derRepresentation) }

        /// X448 with the peer's public key. Throws ``Curve448Error/Reason/zeroSharedSecret`` when the
        /// result is all zeros: the peer sent a point of small order, which a key agreement must refuse
        /// (RFC 7748 §6.2), since the result would not depend on this key.
        public func sharedSecretFromKeyAgreement(with publicKeyShare: PublicKey) throws(Curve448Error) -> SharedSecret {
            let shared = X448.scalarMultiply(scalar, publicKeyShare.bytes)
            var any: UInt8 = 0
            for byte in shared { any |= byte }
            guard any != 0 else { throw Curve448Error(.zeroSharedSecret) }
            return SharedSecret(bytes: shared)
        }
    }

    /// An X448 public key: a 56-byte u-coordinate.
    public struct PublicKey: Sendable, Hashable {
        let bytes: [UInt8]

        /// A public key from its 56 bytes. Every 56-byte string is accepted (RFC 7748 §5: non-canonical
        /// values are reduced); small-order points are refused when the shared secret comes out zero.
        public init<Bytes: Collection>(rawRepresentation bytes: Bytes) throws(Curve448Error) where Bytes.Element == UInt8 {
            let raw = Array(bytes)
            guard raw.count == 56 else { throw Curve448Error(.invalidLength(expected: 56, found: raw.count)) }
            self.bytes = raw
        }

        init(validatedBytes: [UInt8]) { bytes = validatedBytes }

        /// An X448 SubjectPublicKeyInfo in DER (RFC 8410 §4).
        public init(derRepresentation: [UInt8]) throws(Curve448Error) {
            try self.init(rawRepresentation: try Curve448KeyFormat.publicKeyBytes(derRepresentation: derRepresentation, .x448))
        }

        /// A PEM "PUBLIC KEY" holding an X448 key.
        public init(pemRepresentation: String) throws(Curve448Error) {
            try self.init(rawRepresentation: try Curve448KeyFormat.publicKeyBytes(pemRepresentation: pemRepresentation, .x448))
        }

        /// The 56 bytes, as given.
        public var rawRepresentation: [UInt8] { bytes }

        /// SubjectPublicKeyInfo in DER.
        public var derRepresentation: [UInt8] { RFC8410KeyFormat.x448.spkiDER(bytes) }

        /// SubjectPublicKeyInfo in PEM, label "PUBLIC KEY".
        public var pemRepresentation: String { PEM.encode(label: "PUBLIC KEY", derBytes: derRepresentation) }
    }
}

/// PureASN1's RFC 8410 reader, its failures as ``Curve448Error``.
enum Curve448KeyFormat {
    static func pkcs8(derRepresentation der: [UInt8]) throws(Curve448Error) -> PKCS8PrivateKey {
        try mapped { () throws(RFC8410KeyFormat.Failure) in try RFC8410KeyFormat.pkcs8(derRepresentation: der) }
    }

    static func pkcs8(pemRepresentation pem: String) throws(Curve448Error) -> PKCS8PrivateKey {
        try mapped { () throws(RFC8410KeyFormat.Failure) in try RFC8410KeyFormat.pkcs8(pemRepresentation: pem) }
    }

    /// The key bytes of a PKCS#8 key of `format`'s algorithm; their length is the key type's to check.
    static func privateKeyBytes(_ info: PKCS8PrivateKey, _ format: RFC8410KeyFormat) throws(Curve448Error) -> [UInt8] {
        try mapped { () throws(RFC8410KeyFormat.Failure) in try format.privateKeyBytes(info) }
    }

    static func publicKeyBytes(derRepresentation der: [UInt8], _ format: RFC8410KeyFormat) throws(Curve448Error) -> [UInt8] {
        try mapped { () throws(RFC8410KeyFormat.Failure) in try format.publicKeyBytes(derRepresentation: der) }
    }

    static func publicKeyBytes(pemRepresentation pem: String, _ format: RFC8410KeyFormat) throws(Curve448Error) -> [UInt8] {
        try mapped { () throws(RFC8410KeyFormat.Failure) in try format.publicKeyBytes(pemRepresentation: pem) }
    }

    private static func mapped<T>(_ body: () throws(RFC8410KeyFormat.Failure) -> T) throws(Curve448Error) -> T {
        do { return try body() } catch { throw Curve448Error(.invalidKeyEncoding(error.message)) }
    }
}

extension Curve448.Signing.PrivateKey: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String { "Curve448.Signing.PrivateKey(redacted; public key \(hex(expanded.publicKey.prefix(8)))…)" }
    public var debugDescription: String { description }
}

#if !hasFeature(Embedded)
extension Curve448.Signing.PrivateKey: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, children: ["publicKey": publicKey, "secret": "redacted"], displayStyle: .struct)
    }
}
#endif

extension Curve448.Signing.PublicKey: CustomStringConvertible {
    public var description: String { "Curve448.Signing.PublicKey(\(hex(encoding)))" }
}

extension Curve448.KeyAgreement.PrivateKey: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String { "Curve448.KeyAgreement.PrivateKey(redacted)" }
    public var debugDescription: String { description }
}

#if !hasFeature(Embedded)
extension Curve448.KeyAgreement.PrivateKey: CustomReflectable {
    public var customMirror: Mirror { Mirror(self, children: ["scalar": "redacted"], displayStyle: .struct) }
}
#endif

extension Curve448.KeyAgreement.PublicKey: CustomStringConvertible {
    public var description: String { "Curve448.KeyAgreement.PublicKey(\(hex(bytes)))" }
}

private func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    for byte in bytes { out += [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]] }
    return String(decoding: out, as: UTF8.self)
}

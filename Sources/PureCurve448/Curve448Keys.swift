// The public API for Ed448, named after swift-crypto's Curve25519 (swift-crypto has no Curve448):
// Curve448.Signing.PrivateKey and PublicKey, with representation pairs — raw (RFC 8032's 57-byte secret
// and encoded point), PKCS#8 and SubjectPublicKeyInfo in DER and PEM (RFC 8410, id-Ed448 1.3.101.113; the
// layouts are written out in PureASN1's RFC8410KeyFormat.swift).

import PureASN1

/// Curve448's signature scheme, Ed448 (RFC 8032 §5.2), and its key agreement, X448 (RFC 7748).
public enum Curve448 {
    /// Ed448 signing keys.
    public enum Signing {}
}

extension Curve448.Signing {
    /// An Ed448 private key: signs deterministically and in constant time. Never printed: its description is
    /// redacted.
    public struct PrivateKey: Sendable {
        let secret: [UInt8]
        let expanded: Ed448.ExpandedKey
        /// The public key A = [s]B, decoded once.
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

        /// The 57-byte secret. Store it as you would the key file.
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

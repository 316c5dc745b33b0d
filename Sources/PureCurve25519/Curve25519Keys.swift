// The public API, named as in swift-crypto: Curve25519.Signing.PrivateKey and PublicKey, with
// representation pairs — raw 32 bytes (RFC 8032's seed and encoded point), PKCS#8 and SubjectPublicKeyInfo
// in DER and PEM (RFC 8410, RFC8410.swift; X25519's keys have the same forms with OID 1.3.101.110).
//
// Accepted byte layouts:
//   private, raw:   the 32-byte seed k of RFC 8032 §5.1.5
//   private, DER:   PrivateKeyInfo / OneAsymmetricKey (RFC 5958) { version 0 or 1,
//                   AlgorithmIdentifier { 1.3.101.112 } with parameters absent (RFC 8410 §3),
//                   privateKey OCTET STRING { CurvePrivateKey ::= OCTET STRING (32 bytes) },
//                   [1] publicKey (version 1 only; must be this key's) }; PEM label "PRIVATE KEY"
//   public, raw:    the 32-byte encoding of A (RFC 8032 §5.1.2)
//   public, DER:    SubjectPublicKeyInfo { AlgorithmIdentifier { 1.3.101.112 }, BIT STRING (32 bytes) };
//                   PEM label "PUBLIC KEY"

import PureASN1

/// Curve25519's signature scheme, Ed25519 (RFC 8032), with swift-crypto's names.
public enum Curve25519 {
    /// Ed25519 signing keys.
    public enum Signing {}
}

extension Curve25519.Signing {
    /// An Ed25519 private key: signs deterministically and in constant time. Never printed: its
    /// description is redacted.
    public struct PrivateKey: Sendable {
        let seed: [UInt8]
        let expanded: Ed25519.ExpandedKey
        /// The public key A = [s]B, decoded once: a private key that verifies (a JWT key) would otherwise
        /// decode its point, a square root, on every call.
        public let publicKey: PublicKey

        /// A new random key, from `SystemRandomNumberGenerator`.
        public init() {
            var generator = SystemRandomNumberGenerator()
            var seed = [UInt8](repeating: 0, count: 32)
            for index in 0..<32 { seed[index] = UInt8.random(in: .min ... .max, using: &generator) }
            self.init(validatedSeed: seed)
        }

        /// The key of a 32-byte seed (RFC 8032's private key k).
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
            try self.init(pkcs8: try RFC8410.pkcs8(derRepresentation: derRepresentation))
        }

        /// A PEM "PRIVATE KEY" (PKCS#8, as `openssl genpkey -algorithm ed25519` writes it).
        public init(pemRepresentation: String) throws(Curve25519Error) {
            try self.init(pkcs8: try RFC8410.pkcs8(pemRepresentation: pemRepresentation))
        }

        init(pkcs8 info: PKCS8PrivateKey) throws(Curve25519Error) {
            try self.init(rawRepresentation: try RFC8410.privateKeyBytes(info, .ed25519))
            if let publicKey = info.publicKey, publicKey != expanded.publicKey { throw Curve25519Error(.inconsistentKey) }
        }

        /// The 32-byte seed. A secret: store it as you would the key file.
        public var rawRepresentation: [UInt8] { seed }

        /// PKCS#8 version 0 in DER (RFC 8410 §7).
        public var derRepresentation: [UInt8] { RFC8410.pkcs8DER(seed, .ed25519) }

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
            try self.init(rawRepresentation: try RFC8410.publicKeyBytes(derRepresentation: derRepresentation, .ed25519))
        }

        /// A PEM "PUBLIC KEY".
        public init(pemRepresentation: String) throws(Curve25519Error) {
            try self.init(rawRepresentation: try RFC8410.publicKeyBytes(pemRepresentation: pemRepresentation, .ed25519))
        }

        /// The 32-byte encoded point.
        public var rawRepresentation: [UInt8] { encoding }

        /// SubjectPublicKeyInfo in DER.
        public var derRepresentation: [UInt8] { RFC8410.spkiDER(encoding, .ed25519) }

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

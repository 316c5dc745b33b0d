// ECDSA signatures: r ‖ s (64 bytes, what JWS uses, RFC 7518 §3.4) and DER (SEC 1 / RFC 3279 §2.2.3:
// SEQUENCE { r INTEGER, s INTEGER }).

import PureASN1

extension P256.Signing {
    /// An ECDSA P-256 signature (r, s), read and written as r ‖ s (JWS) or DER (X.509, most other tools).
    public struct ECDSASignature: Sendable, Hashable {
        let r: U256
        let s: U256

        init(r: U256, s: U256) {
            self.r = r
            self.s = s
        }

        /// From r ‖ s, 32 bytes each. Range checks happen at verification, which refuses 0 and values ≥ n.
        public init<Bytes: Collection>(rawRepresentation bytes: Bytes) throws(P256Error) where Bytes.Element == UInt8 {
            let raw = Array(bytes)
            guard raw.count == 64 else { throw P256Error(.invalidLength(expected: 64, found: raw.count)) }
            (r, s) = raw.withUnsafeBytes { (U256(bigEndian: UnsafeRawBufferPointer(rebasing: $0[0..<32])),
                                            U256(bigEndian: UnsafeRawBufferPointer(rebasing: $0[32..<64]))) }
        }

        /// From strict DER. INTEGERs must be minimal and non-negative and fit in 32 bytes.
        public init<Bytes: Collection>(derRepresentation bytes: Bytes) throws(P256Error) where Bytes.Element == UInt8 {
            do {
                (r, s) = try DER.parse(Array(bytes)).sequence { (children) throws(ASN1Error) -> (U256, U256) in
                    let r = try children.next("r").integerMagnitude()
                    let s = try children.next("s").integerMagnitude()
                    guard r.count <= 32, s.count <= 32 else {
                        throw ASN1Error(.integerTooLarge, at: children.offset)
                    }
                    return (Self.u256(r), Self.u256(s))
                }
            } catch {
                throw P256Error(.invalidSignature(error.description))
            }
        }

        private static func u256(_ magnitude: ArraySlice<UInt8>) -> U256 {
            let padded = [UInt8](repeating: 0, count: 32 - magnitude.count) + magnitude
            return padded.withUnsafeBytes { U256(bigEndian: $0) }
        }

        /// r ‖ s, 32 bytes each, big-endian: the form JWS uses (RFC 7518 §3.4).
        public var rawRepresentation: [UInt8] { r.bigEndianBytes + s.bigEndianBytes }

        /// DER `SEQUENCE { r INTEGER, s INTEGER }` (RFC 3279 §2.2.3), minimal encoding.
        public var derRepresentation: [UInt8] {
            var writer = DERWriter()
            writer.writeSequence { inner in
                inner.writeInteger(magnitude: r.bigEndianBytes)
                inner.writeInteger(magnitude: s.bigEndianBytes)
            }
            return writer.bytes
        }
    }
}

// ECDSA P-384 signatures: r ‖ s (96 bytes, what JWS uses, RFC 7518 §3.4) and DER (RFC 3279 §2.2.3:
// SEQUENCE { r INTEGER, s INTEGER }, what X.509 uses).

import PureASN1

extension P384.Signing {
    /// An ECDSA P-384 signature (r, s), read and written as r ‖ s (JWS) or DER (X.509).
    public struct ECDSASignature: Sendable, Hashable {
        let r: U384
        let s: U384

        /// From r ‖ s, 48 bytes each. Range checks happen at verification, which refuses 0 and values ≥ n.
        public init<Bytes: Collection>(rawRepresentation bytes: Bytes) throws(P384Error) where Bytes.Element == UInt8 {
            let raw = Array(bytes)
            guard raw.count == 96 else { throw P384Error(.invalidLength(expected: 96, found: raw.count)) }
            (r, s) = raw.withUnsafeBytes { (U384(bigEndian: UnsafeRawBufferPointer(rebasing: $0[0..<48])),
                                            U384(bigEndian: UnsafeRawBufferPointer(rebasing: $0[48..<96]))) }
        }

        /// From strict DER. INTEGERs must be minimal and non-negative and fit in 48 bytes.
        public init<Bytes: Collection>(derRepresentation bytes: Bytes) throws(P384Error) where Bytes.Element == UInt8 {
            do {
                (r, s) = try DER.parse(Array(bytes)).sequence { (children) throws(ASN1Error) -> (U384, U384) in
                    let r = try children.next("r").integerMagnitude()
                    let s = try children.next("s").integerMagnitude()
                    guard let r = U384(bigEndianBytes: r), let s = U384(bigEndianBytes: s) else {
                        throw ASN1Error(.integerTooLarge, at: children.offset)
                    }
                    return (r, s)
                }
            } catch {
                throw P384Error(.invalidSignature(error.description))
            }
        }

        /// r ‖ s, 48 bytes each, big-endian: the form JWS uses (RFC 7518 §3.4).
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

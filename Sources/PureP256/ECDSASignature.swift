// ECDSA P-256 signatures on PureECDSA's signature core: r ‖ s (64 bytes, what JWS uses, RFC 7518 §3.4)
// and DER (SEC 1 / RFC 3279 §2.2.3: SEQUENCE { r INTEGER, s INTEGER }).

import PureECDSA

extension P256.Signing {
    /// An ECDSA P-256 signature (r, s), read and written as r ‖ s (JWS) or DER (X.509, most other tools).
    public struct ECDSASignature: Sendable, Hashable {
        let core: ECDSASignatureCore<P256Curve>

        init(r: U256, s: U256) {
            let raw = [UInt8](unsafeUninitializedCapacity: 64) { buffer, count in
                let out = UnsafeMutableRawBufferPointer(buffer)
                out.storeBytes(of: r.w3.bigEndian, toByteOffset: 0, as: UInt64.self)
                out.storeBytes(of: r.w2.bigEndian, toByteOffset: 8, as: UInt64.self)
                out.storeBytes(of: r.w1.bigEndian, toByteOffset: 16, as: UInt64.self)
                out.storeBytes(of: r.w0.bigEndian, toByteOffset: 24, as: UInt64.self)
                out.storeBytes(of: s.w3.bigEndian, toByteOffset: 32, as: UInt64.self)
                out.storeBytes(of: s.w2.bigEndian, toByteOffset: 40, as: UInt64.self)
                out.storeBytes(of: s.w1.bigEndian, toByteOffset: 48, as: UInt64.self)
                out.storeBytes(of: s.w0.bigEndian, toByteOffset: 56, as: UInt64.self)
                count = 64
            }
            core = ECDSASignatureCore(computed: raw)
        }

        /// r and s as integers (not yet range-checked).
        var components: (r: U256, s: U256) {
            core.rawRepresentation.withUnsafeBytes {
                (U256(bigEndian: UnsafeRawBufferPointer(rebasing: $0[0..<32])), U256(bigEndian: UnsafeRawBufferPointer(rebasing: $0[32..<64])))
            }
        }

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

// Deterministic nonces, RFC 6979 §3.2, for any curve and HMAC hash H (the message's hash; the curve's JWS
// hash when signing through the public API): qlen = the order's bit length, rlen =
// the scalar's byte count, hlen = the hash's output. bits2int takes the leftmost qlen bits of a byte
// string (§2.3.2); bits2octets(h) = int2octets(bits2int(h) mod n) (§2.3.4); step h concatenates HMAC
// outputs until there are at least qlen bits (two SHA-512 outputs for P-521's 521 bits).
//
// Constant-time apart from the rejection of a candidate k ≥ n or k = 0, which happens with probability
// below 2^-128 for these curves and reveals only that one candidate was discarded.

import PureSHA2

@usableFromInline package struct RFC6979Nonces<C: WeierstrassCurve, H: HashFunction> {
    @usableFromInline var k: [UInt8]
    @usableFromInline var v: [UInt8]

    /// Steps a–g for the private key `d` (rlen bytes) and the message digest; `extra` (step d's optional
    /// k' data, §3.6) hedges the nonce with fresh randomness when given.
    @inlinable
    package init(privateKey d: [UInt8], digest: [UInt8], extra: [UInt8] = []) {
        let hashLength = H.Digest.byteCount
        let h1 = C.Scalar(reducingOnce: ECDSA<C>.bits2int(digest)).canonicalBigEndianBytes   // bits2octets
        let provided = d + h1 + extra                     // int2octets(x) ‖ bits2octets(h1) ‖ k'
        v = [UInt8](repeating: 0x01, count: hashLength)                                   // b
        k = [UInt8](repeating: 0x00, count: hashLength)                                   // c
        k = Self.mac(k, v + [0x00] + provided)                                            // d
        v = Self.mac(k, v)                                                                // e
        k = Self.mac(k, v + [0x01] + provided)                                            // f
        v = Self.mac(k, v)                                                                // g
    }

    @inlinable
    static func mac(_ key: [UInt8], _ data: [UInt8]) -> [UInt8] {
        var hmac = key.withUnsafeBytes { HMAC<H>(keyBytes: $0) }
        hmac.update(data: data)
        return hmac.finalize().withUnsafeBytes { Array($0) }
    }

    /// Step h: the next candidate k in [1, n − 1], as rlen big-endian bytes.
    @inlinable
    package mutating func next() -> [UInt8] {
        while true {
            var t: [UInt8] = []
            while t.count * 8 < C.orderBitCount {
                v = Self.mac(k, v)
                t += v
            }
            let candidate = ECDSA<C>.bits2int(t)
            if let scalar = C.Scalar(canonicalBigEndian: candidate), scalar.isZeroMask == 0 { return candidate }
            k = Self.mac(k, v + [0x00])
            v = Self.mac(k, v)
        }
    }
}

// Deterministic nonces, RFC 6979 §3.2, with HMAC-SHA-256, for P-256 (qlen = hlen = 256, so bits2int is
// the identity on 32 bytes and bits2octets(h) is h mod n as 32 bytes).
//
// Constant-time apart from the rejection of a candidate k ≥ n or k = 0, which happens with probability
// below 2^-32 and reveals only that one candidate was discarded.

import PureSHA2

struct RFC6979Nonces {
    /// HMAC under the current K, with K already absorbed: each MAC under the same K starts from a copy,
    /// so K's two key blocks are compressed once per key, not once per MAC.
    private var keyed: HMAC<SHA256>
    private var v: [UInt8]

    /// HMAC under the all-zero K of step c, which is the same for every signature.
    private static let zeroKeyed = HMAC<SHA256>(key: SymmetricKey(data: [UInt8](repeating: 0x00, count: 32)))

    /// MAC(V ‖ parts…) from a keyed state, fed piece by piece instead of concatenated.
    private static func mac(_ keyed: HMAC<SHA256>, _ parts: [UInt8]...) -> [UInt8] {
        var hmac = keyed
        for part in parts { hmac.update(data: part) }
        return Array(hmac.finalize())
    }

    private static func keyed(_ key: [UInt8]) -> HMAC<SHA256> { HMAC<SHA256>(key: SymmetricKey(data: key)) }

    /// §3.2 steps a–g for private key `d` and message digest `digest`; `extra` (step d's optional
    /// k' data, §3.6) hedges the nonce with fresh randomness when given.
    init(privateKey d: U256, digest: U256, extra: [UInt8] = []) {
        let x = d.bigEndianBytes
        let h1 = Scalar.modulus.reduceOnce(digest).bigEndianBytes
        v = [UInt8](repeating: 0x01, count: 32)                                       // b
        keyed = Self.zeroKeyed                                                        // c
        keyed = Self.keyed(Self.mac(keyed, v, [0x00], x, h1, extra))                  // d
        v = Self.mac(keyed, v)                                                        // e
        keyed = Self.keyed(Self.mac(keyed, v, [0x01], x, h1, extra))                  // f
        v = Self.mac(keyed, v)                                                        // g
    }

    /// §3.2 step h: the next candidate k in [1, n − 1].
    mutating func next() -> U256 {
        while true {
            v = Self.mac(keyed, v)
            let candidate = v.withUnsafeBytes { U256(bigEndian: $0) }
            let inRange = U256.lessThanMask(candidate, Scalar.order) & ~candidate.isZeroMask
            if inRange != 0 { return candidate }
            keyed = Self.keyed(Self.mac(keyed, v, [0x00]))
            v = Self.mac(keyed, v)
        }
    }
}

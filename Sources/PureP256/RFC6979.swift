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
    /// V, 32 bytes inline (each step's MAC output is the next V, with no array in between).
    private var v: HashedAuthenticationCode<SHA256>?
    /// int2octets(x) ‖ bits2octets(h1) ‖ k' (step d's input after V and the separator byte), built once.
    private let provided: [UInt8]

    /// HMAC under the all-zero K of step c, which is the same for every signature.
    private static let zeroKeyed = HMAC<SHA256>(key: SymmetricKey(data: [UInt8](repeating: 0x00, count: 32)))

    /// Feeds V: the initial 0x01…01 of step b until the first MAC replaces it.
    private static func absorb(_ v: HashedAuthenticationCode<SHA256>?, into hmac: inout HMAC<SHA256>) {
        if let v {
            v.withUnsafeBytes { hmac.update(bufferPointer: $0) }
        } else {
            withUnsafeBytes(of: (UInt64.max / 255, UInt64.max / 255, UInt64.max / 255, UInt64.max / 255)) {
                hmac.update(bufferPointer: $0)    // 32 bytes of 0x01
            }
        }
    }

    /// MAC(V) or MAC(V ‖ separator ‖ rest) from a keyed state.
    private static func mac(_ keyed: HMAC<SHA256>, _ v: HashedAuthenticationCode<SHA256>?,
                            separator: UInt8? = nil, _ rest: [UInt8] = []) -> HashedAuthenticationCode<SHA256> {
        var hmac = keyed
        absorb(v, into: &hmac)
        if let separator { withUnsafeBytes(of: separator) { hmac.update(bufferPointer: $0) } }
        if !rest.isEmpty { rest.withUnsafeBytes { hmac.update(bufferPointer: $0) } }
        return hmac.finalize()
    }

    /// HMAC keyed with a MAC output, without a `SymmetricKey` in between.
    private static func keyed(_ key: HashedAuthenticationCode<SHA256>) -> HMAC<SHA256> {
        key.withUnsafeBytes { HMAC<SHA256>(keyBytes: $0) }
    }

    /// §3.2 steps a–g for private key `d` and message digest `digest`; `extra` (step d's optional
    /// k' data, §3.6) hedges the nonce with fresh randomness when given.
    init(privateKey d: U256, digest: U256, extra: [UInt8] = []) {
        provided = d.bigEndianBytes + Scalar.modulus.reduceOnce(digest).bigEndianBytes + extra
        v = nil                                                                   // b: 0x01…01
        keyed = Self.zeroKeyed                                                    // c
        keyed = Self.keyed(Self.mac(keyed, v, separator: 0x00, provided))         // d
        v = Self.mac(keyed, v)                                                    // e
        keyed = Self.keyed(Self.mac(keyed, v, separator: 0x01, provided))         // f
        v = Self.mac(keyed, v)                                                    // g
    }

    /// §3.2 step h: the next candidate k in [1, n − 1].
    mutating func next() -> U256 {
        while true {
            let t = Self.mac(keyed, v)
            v = t
            let candidate = t.withUnsafeBytes { U256(bigEndian: $0) }
            let inRange = U256.lessThanMask(candidate, Scalar.order) & ~candidate.isZeroMask
            if inRange != 0 { return candidate }
            keyed = Self.keyed(Self.mac(keyed, v, separator: 0x00))
            v = Self.mac(keyed, v)
        }
    }
}

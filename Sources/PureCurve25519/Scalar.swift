// Integers modulo the group order L = 2^252 + 27742317777372353535851937790883648493 (RFC 8032 §5.1), in
// four 64-bit limbs with Montgomery multiplication (R = 2^256; CIOS, Koç et al. 1996). Signing needs two
// operations: reducing a 512-bit SHA-512 output mod L, and S = r + k·s mod L. Both are done with three or
// fewer Montgomery multiplications, constant-time: fixed loops, carries as arithmetic, the final
// subtraction by mask.
//
// A Montgomery product a·b/R of a < 2^256 and b < L is below 2L before its final subtraction (a·b/R < L),
// so operands need not be reduced first: 32 bytes of hash or a clamped secret scalar go in as they are.

import PureSHA2

struct Scalar: Sendable {
    var limbs: (UInt64, UInt64, UInt64, UInt64)

    /// L, little-endian limbs.
    static let order: (UInt64, UInt64, UInt64, UInt64) = (0x5812_631a_5cf5_d3ed, 0x14de_f9de_a2f7_9cd6, 0, 0x1000_0000_0000_0000)
    /// −L⁻¹ mod 2^64.
    static let montgomeryFactor: UInt64 = 0xd2b5_1da3_1254_7e1b
    /// R² mod L and R³ mod L.
    static let r2 = Scalar(limbs: (0xa406_11e3_449c_0f01, 0xd00e_1ba7_6885_9347, 0xceec_73d2_17f5_be65, 0x0399_411b_7c30_9a3d))
    static let r3 = Scalar(limbs: (0x2a9e_4968_7b83_a2db, 0x2783_24e6_aef7_f3ec, 0x8065_dc6c_04ec_5b65, 0x0e53_0b77_3599_cec7))
    static let one = Scalar(limbs: (1, 0, 0, 0))

    /// 32 little-endian bytes as a 256-bit integer (not reduced).
    init(littleEndian bytes: ArraySlice<UInt8>) {
        limbs = (0, 0, 0, 0)
        for (index, byte) in bytes.prefix(32).enumerated() {
            let value = UInt64(byte) << (8 * (index % 8))
            switch index / 8 {
            case 0: limbs.0 |= value
            case 1: limbs.1 |= value
            case 2: limbs.2 |= value
            default: limbs.3 |= value
            }
        }
    }

    init(limbs: (UInt64, UInt64, UInt64, UInt64)) { self.limbs = limbs }

    /// 32 little-endian bytes.
    var bytes: [UInt8] {
        [UInt8](unsafeUninitializedCapacity: 32) { buffer, count in
            write(into: buffer)
            count = 32
        }
    }

    /// Whether 32 little-endian bytes encode an integer below L: RFC 8032 §5.1.7 requires S < L
    /// (signature malleability). Public data: variable-time.
    static func isCanonicalVartime(_ bytes: ArraySlice<UInt8>) -> Bool {
        let value = Scalar(littleEndian: bytes).limbs
        // From the top limb down.
        if value.3 != order.3 { return value.3 < order.3 }
        if value.2 != order.2 { return value.2 < order.2 }
        if value.1 != order.1 { return value.1 < order.1 }
        return value.0 < order.0
    }

    /// A 64-byte little-endian integer (a SHA-512 output) mod L: low + high·2^256 in Montgomery form is
    /// mont(low, R²) + mont(high, R³), and one more product by 1 leaves the Montgomery form.
    static func reducing(wide bytes: [UInt8]) -> Scalar {
        reducing(low: Scalar(littleEndian: bytes[0..<32]), high: Scalar(littleEndian: bytes[32..<64]))
    }

    /// The same for a SHA-512 digest, read in place.
    static func reducing(wide digest: SHA512Digest) -> Scalar {
        digest.withUnsafeBytes { bytes in
            func word(_ index: Int) -> UInt64 { UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8 * index, as: UInt64.self)) }
            return reducing(low: Scalar(limbs: (word(0), word(1), word(2), word(3))),
                            high: Scalar(limbs: (word(4), word(5), word(6), word(7))))
        }
    }

    private static func reducing(low: Scalar, high: Scalar) -> Scalar {
        let sum = montgomeryMultiply(low, r2).adding(montgomeryMultiply(high, r3))
        return montgomeryMultiply(sum, one)
    }

    /// Writes the 32 little-endian bytes into `buffer` (32 bytes).
    func write(into buffer: UnsafeMutableBufferPointer<UInt8>) {
        for index in 0..<8 {
            buffer[index] = UInt8(truncatingIfNeeded: limbs.0 >> (8 * UInt64(index)))
            buffer[index + 8] = UInt8(truncatingIfNeeded: limbs.1 >> (8 * UInt64(index)))
            buffer[index + 16] = UInt8(truncatingIfNeeded: limbs.2 >> (8 * UInt64(index)))
            buffer[index + 24] = UInt8(truncatingIfNeeded: limbs.3 >> (8 * UInt64(index)))
        }
    }

    /// (r + k·s) mod L, for S of RFC 8032 §5.1.6 step 6; k and r below L, s any 256-bit value.
    static func multiplyAdd(_ k: Scalar, _ s: Scalar, _ r: Scalar) -> Scalar {
        let kR = montgomeryMultiply(k, r2)            // k·R mod L
        return montgomeryMultiply(kR, s).adding(r)     // k·s mod L, plus r
    }

    /// (self + other) mod L for both below L.
    func adding(_ other: Scalar) -> Scalar {
        var carry: UInt64 = 0
        let s0 = Self.addWithCarry(limbs.0, other.limbs.0, &carry)
        let s1 = Self.addWithCarry(limbs.1, other.limbs.1, &carry)
        let s2 = Self.addWithCarry(limbs.2, other.limbs.2, &carry)
        let s3 = Self.addWithCarry(limbs.3, other.limbs.3, &carry)
        return Self.subtractOrderIfAtLeast((s0, s1, s2, s3), carry: carry)
    }

    /// a·b/R mod L (CIOS): a < 2^256, b < L.
    static func montgomeryMultiply(_ a: Scalar, _ b: Scalar) -> Scalar {
        let aw = [a.limbs.0, a.limbs.1, a.limbs.2, a.limbs.3]
        let bw = [b.limbs.0, b.limbs.1, b.limbs.2, b.limbs.3]
        let nw = [order.0, order.1, order.2, order.3]
        var t: [UInt64] = [0, 0, 0, 0, 0, 0]
        for i in 0..<4 {
            var carry: UInt64 = 0
            for j in 0..<4 {
                (carry, t[j]) = multiplyAdd(aw[i], bw[j], t[j], carry)
            }
            var overflow: UInt64 = 0
            t[4] = addWithCarry(t[4], carry, &overflow)
            t[5] = overflow
            let m = t[0] &* montgomeryFactor
            (carry, _) = multiplyAdd(m, nw[0], t[0], 0)
            for j in 1..<4 {
                (carry, t[j - 1]) = multiplyAdd(m, nw[j], t[j], carry)
            }
            overflow = 0
            t[3] = addWithCarry(t[4], carry, &overflow)
            t[4] = t[5] &+ overflow
        }
        return subtractOrderIfAtLeast((t[0], t[1], t[2], t[3]), carry: t[4])
    }

    /// value − L when value (with a carry word above it) ≥ L, else value; by mask.
    private static func subtractOrderIfAtLeast(_ value: (UInt64, UInt64, UInt64, UInt64), carry: UInt64) -> Scalar {
        var borrow: UInt64 = 0
        let d0 = subtractWithBorrow(value.0, order.0, &borrow)
        let d1 = subtractWithBorrow(value.1, order.1, &borrow)
        let d2 = subtractWithBorrow(value.2, order.2, &borrow)
        let d3 = subtractWithBorrow(value.3, order.3, &borrow)
        var final: UInt64 = 0
        _ = subtractWithBorrow(carry, 0, &borrow)
        final = borrow                                  // 1: value < L, keep it
        let keep = valueBarrier(0 &- final)
        return Scalar(limbs: ((value.0 & keep) | (d0 & ~keep), (value.1 & keep) | (d1 & ~keep),
                              (value.2 & keep) | (d2 & ~keep), (value.3 & keep) | (d3 & ~keep)))
    }

    /// a·b + c + d as (high, low): never overflows 128 bits.
    @inline(__always)
    private static func multiplyAdd(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64) -> (UInt64, UInt64) {
        var (high, low) = a.multipliedFullWidth(by: b)
        var carry: UInt64 = 0
        low = addWithCarry(low, c, &carry)
        high = high &+ carry
        carry = 0
        low = addWithCarry(low, d, &carry)
        return (high &+ carry, low)
    }

    @inline(__always)
    private static func addWithCarry(_ a: UInt64, _ b: UInt64, _ carry: inout UInt64) -> UInt64 {
        let (s1, o1) = a.addingReportingOverflow(b)
        let (s2, o2) = s1.addingReportingOverflow(carry)
        carry = UInt64(o1 ? 1 : 0) | UInt64(o2 ? 1 : 0)
        return s2
    }

    @inline(__always)
    private static func subtractWithBorrow(_ a: UInt64, _ b: UInt64, _ borrow: inout UInt64) -> UInt64 {
        let (d1, o1) = a.subtractingReportingOverflow(b)
        let (d2, o2) = d1.subtractingReportingOverflow(borrow)
        borrow = UInt64(o1 ? 1 : 0) | UInt64(o2 ? 1 : 0)
        return d2
    }
}

/// Always zero, but mutable and visible outside this module, so the optimizer cannot assume its value
/// and turn a mask back into a branch (see PureP256's `valueBarrier`). Never written.
@exclusivity(unchecked) nonisolated(unsafe) package var curve25519OpaqueZero: UInt64 = 0

/// Hides a value from the optimizer: one XOR with a global it cannot see.
@inline(__always)
func valueBarrier(_ value: UInt64) -> UInt64 { value ^ curve25519OpaqueZero }

// Integers modulo edwards448's group order L = 2^446 − 13818066809895115352007386748515426880336692474882178609894547503885
// (RFC 8032 §5.2), in seven 64-bit limbs with Montgomery multiplication (R = 2^448; CIOS, Koç et al.
// 1996). Signing needs two operations: a 114-byte SHAKE256 output reduced mod L, and S = r + k·s mod L.
// Both are a few Montgomery multiplications, constant-time: fixed loops, carries through PureECDSA's
// primitives (arithmetic behind a value barrier, never a branch), the final subtraction by mask.
//
// A Montgomery product a·b/R is below 2L before its final subtraction when a·b < R·L, so one operand may be
// any value below R = 2^448 when the other is below L: a 56-byte block of hash, or the clamped secret
// scalar (bit 447 set, so above L), goes in as it is.

import PureECDSA

struct Scalar: Sendable {
    /// Seven limbs, least significant first, value below L once reduced.
    var limbs: [UInt64]

    /// L, little-endian limbs.
    static let order: [UInt64] = [0x2378_c292_ab58_44f3, 0x216c_c272_8dc5_8f55, 0xc44e_db49_aed6_3690, 0xffff_ffff_7cca_23e9,
                                  0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff, 0x3fff_ffff_ffff_ffff]
    /// −L⁻¹ mod 2^64.
    static let montgomeryFactor: UInt64 = 0x03bd_440f_ae91_8bc5
    /// R² mod L, R³ mod L and R⁴ mod L.
    static let r2: [UInt64] = [0xe353_9257_049b_9b60, 0x7af3_2c4b_c1b1_95d9, 0x0d66_de23_88ea_1859, 0xae17_cf72_5ee4_d838,
                               0x1a9c_c14b_a3c4_7c44, 0x2052_bcb7_e4d0_70af, 0x3402_a939_f823_b729]
    static let r3: [UInt64] = [0x62db_79e2_5f9b_74ed, 0x32d5_3358_4f61_d636, 0x3e0d_0c8b_5fa7_4964, 0x1787_69ed_878d_fcda,
                               0xe4c7_1af8_6754_b842, 0xed66_e7f4_2bab_736d, 0x0d30_a4f6_9d3a_f5f1]
    static let r4: [UInt64] = [0xf239_8932_0785_209e, 0xbbdd_be45_ec1d_63ac, 0xdd38_8627_3db9_f5b5, 0x5ebb_7c56_b3af_f7f5,
                               0xee0d_9308_9a06_c3fb, 0xe5c5_b8eb_1af9_4cb2, 0x184d_1747_0727_eb5c]
    static let one: [UInt64] = [1, 0, 0, 0, 0, 0, 0]

    init(limbs: [UInt64]) { self.limbs = limbs }

    /// Up to 56 little-endian bytes as an integer below 2^448 (not reduced).
    static func limbs(littleEndian bytes: ArraySlice<UInt8>) -> [UInt64] {
        var limbs = [UInt64](repeating: 0, count: 7)
        for (index, byte) in bytes.prefix(56).enumerated() { limbs[index >> 3] |= UInt64(byte) << UInt64(8 * (index & 7)) }
        return limbs
    }

    /// The 57-byte little-endian encoding (RFC 8032 §5.2.6: S in 57 bytes, the last zero).
    var bytes: [UInt8] {
        [UInt8](unsafeUninitializedCapacity: 57) { buffer, count in
            for index in 0..<56 { buffer[index] = UInt8(truncatingIfNeeded: limbs[index >> 3] >> UInt64(8 * (index & 7))) }
            buffer[56] = 0
            count = 57
        }
    }

    /// Whether 57 little-endian bytes encode an integer below L (RFC 8032 §5.2.7 refuses S ≥ L). Public data:
    /// variable-time.
    static func isCanonicalVartime(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.count == 57, bytes[bytes.endIndex - 1] == 0 else { return false }
        let value = limbs(littleEndian: bytes.prefix(56))
        for index in stride(from: 6, through: 0, by: -1) where value[index] != order[index] {
            return value[index] < order[index]
        }
        return false
    }

    /// A 114-byte little-endian integer (a SHAKE256 output, RFC 8032 §5.2.6) mod L: x0 + x1·2^448 + x2·2^896
    /// in Montgomery form is mont(x0, R²) + mont(x1, R³) + mont(x2, R⁴) (below 3L < R), and one more product
    /// by 1 leaves the Montgomery form.
    static func reducing(wide bytes: [UInt8]) -> Scalar {
        precondition(bytes.count == 114, "SHAKE256 output for Ed448 is 114 bytes")
        let sum = add(add(montgomeryMultiply(limbs(littleEndian: bytes[0..<56]), r2),
                          montgomeryMultiply(limbs(littleEndian: bytes[56..<112]), r3)),
                      montgomeryMultiply(limbs(littleEndian: bytes[112..<114]), r4))
        return Scalar(limbs: montgomeryMultiply(sum, one))
    }

    /// (k·s + r) mod L, for k and r below L and s below 2^448 (the clamped secret scalar, as 56 bytes).
    static func multiplyAdd(_ k: Scalar, _ s: [UInt8], _ r: Scalar) -> Scalar {
        let kInMontgomeryForm = montgomeryMultiply(k.limbs, r2)        // k·R mod L
        let product = montgomeryMultiply(kInMontgomeryForm, limbs(littleEndian: s[...]))  // k·s mod L
        return Scalar(limbs: subtractOrderIfAbove(add(product, r.limbs), carry: 0))
    }

    /// a + b over seven limbs (the callers' sums stay below 2^448).
    private static func add(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
        var carry: UInt64 = 0
        var sum = [UInt64](repeating: 0, count: 7)
        for index in 0..<7 { sum[index] = addWithCarry(a[index], b[index], &carry) }
        return sum
    }

    /// a·b/R mod L (CIOS), below L. Requires a·b < R·L.
    static func montgomeryMultiply(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
        var t = [UInt64](repeating: 0, count: 9)
        for i in 0..<7 {
            var carry: UInt64 = 0
            for j in 0..<7 { (carry, t[j]) = PureECDSA.multiplyAdd(a[j], b[i], t[j], carry) }
            var top: UInt64 = 0
            t[7] = addWithCarry(t[7], carry, &top)
            t[8] = top
            let m = t[0] &* montgomeryFactor
            (carry, _) = PureECDSA.multiplyAdd(m, order[0], t[0], 0)
            for j in 1..<7 { (carry, t[j - 1]) = PureECDSA.multiplyAdd(m, order[j], t[j], carry) }
            top = 0
            t[6] = addWithCarry(t[7], carry, &top)
            t[7] = t[8] &+ top
        }
        return subtractOrderIfAbove(Array(t[0..<7]), carry: t[7])
    }

    /// value − L when value (seven limbs plus a top limb `carry`, below 2L) is at least L, else value; by mask.
    private static func subtractOrderIfAbove(_ value: [UInt64], carry: UInt64) -> [UInt64] {
        var borrow: UInt64 = 0
        var difference = [UInt64](repeating: 0, count: 7)
        for index in 0..<7 { difference[index] = subtractWithBorrow(value[index], order[index], &borrow) }
        // The difference is kept when it does not borrow past the top limb: carry − borrow ≥ 0.
        let keepValue = 0 &- (valueBarrier(borrow & ~carry & 1))
        var result = [UInt64](repeating: 0, count: 7)
        for index in 0..<7 { result[index] = (value[index] & keepValue) | (difference[index] & ~keepValue) }
        return result
    }
}

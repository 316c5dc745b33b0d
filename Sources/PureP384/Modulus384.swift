// Arithmetic modulo a 384-bit odd modulus in Montgomery form (R = 2^384), shared by the field (mod p) and
// the scalars (mod n) of P-384: CIOS Montgomery multiplication (Koç, Acar and Kaliski, "Analyzing and
// comparing Montgomery multiplication algorithms", 1996) on six limbs, with masked final corrections.

import PureECDSA

/// The constants of one modulus.
@usableFromInline
struct Modulus384: Sendable {
    let m: U384
    /// −m⁻¹ mod 2^64.
    let m0Inverse: UInt64
    /// R² mod m, to enter Montgomery form.
    let rSquared: U384
    /// R mod m: the Montgomery form of 1.
    let one: U384

    /// The field prime p = 2^384 − 2^128 − 2^96 + 2^32 − 1 (FIPS 186-5 / SP 800-186 §3.2.1.4).
    static let p = Modulus384(
        m: U384(0x0000_0000_ffff_ffff, 0xffff_ffff_0000_0000, 0xffff_ffff_ffff_fffe,
                0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff),
        m0Inverse: 0x0000_0001_0000_0001,
        rSquared: U384(0xffff_fffe_0000_0001, 0x0000_0002_0000_0000, 0xffff_fffe_0000_0000,
                       0x0000_0002_0000_0000, 0x0000_0000_0000_0001, 0),
        one: U384(0xffff_ffff_0000_0001, 0x0000_0000_ffff_ffff, 1, 0, 0, 0))

    /// The group order n (SP 800-186 §3.2.1.4).
    static let n = Modulus384(
        m: U384(0xecec_196a_ccc5_2973, 0x581a_0db2_48b0_a77a, 0xc763_4d81_f437_2ddf,
                0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff),
        m0Inverse: 0x6ed4_6089_e88f_dc45,
        rSquared: U384(0x2d31_9b24_19b4_09a9, 0xff3d_81e5_df1a_a419, 0xbc3e_483a_fcb8_2947,
                       0xd40d_4917_4aab_1cc5, 0x3fb0_5b7a_2826_6895, 0x0c84_ee01_2b39_bf21),
        one: U384(0x1313_e695_333a_d68d, 0xa7e5_f24d_b74f_5885, 0x389c_b27e_0bc8_d220, 0, 0, 0))

    /// (a + b) mod m for a, b < m.
    @inline(__always)
    func add(_ a: U384, _ b: U384) -> U384 {
        let (sum, carry) = U384.add(a, b)
        let (reduced, borrow) = U384.subtract(sum, m)
        // Keep the sum when it is below m: no carry out and the subtraction borrowed.
        return U384.select(bit: borrow & (carry ^ 1), sum, reduced)
    }

    /// (a − b) mod m for a, b < m.
    @inline(__always)
    func subtract(_ a: U384, _ b: U384) -> U384 {
        let (difference, borrow) = U384.subtract(a, b)
        return U384.add(difference, U384.select(0 &- borrow, m, .zero)).0
    }

    /// −a mod m for a < m.
    @inline(__always)
    func negate(_ a: U384) -> U384 { subtract(.zero, a) }

    /// a·b·R⁻¹ mod m for a, b < m. CIOS: for each limb bᵢ, t += a·bᵢ, then t = (t + q·m)/2^64 with q
    /// chosen to clear t's low limb; t stays below 2m, and one masked subtraction ends below m.
    @inline(__always)
    func multiply(_ a: U384, _ b: U384) -> U384 {
        var t = U384.zero
        var t6: UInt64 = 0
        Self.step(a, b.w0, m, m0Inverse, &t, &t6)
        Self.step(a, b.w1, m, m0Inverse, &t, &t6)
        Self.step(a, b.w2, m, m0Inverse, &t, &t6)
        Self.step(a, b.w3, m, m0Inverse, &t, &t6)
        Self.step(a, b.w4, m, m0Inverse, &t, &t6)
        Self.step(a, b.w5, m, m0Inverse, &t, &t6)
        let (reduced, borrow) = U384.subtract(t, m)
        return U384.select(bit: borrow & (t6 ^ 1), t, reduced)
    }

    /// One CIOS round: (t, t6) = ((t, t6) + a·bi + q·m) / 2^64. A static function with inout arguments
    /// rather than a nested closure over locals: the closure was not inlined, and its captured variables
    /// cost a dynamic exclusivity check per access (measured: 4× slower).
    @inline(__always)
    private static func step(_ a: U384, _ bi: UInt64, _ m: U384, _ m0Inverse: UInt64, _ t: inout U384, _ t6: inout UInt64) {
        var c: UInt64
        var t0 = t.w0, t1 = t.w1, t2 = t.w2, t3 = t.w3, t4 = t.w4, t5 = t.w5
        (c, t0) = multiplyAdd(a.w0, bi, t0, 0)
        (c, t1) = multiplyAdd(a.w1, bi, t1, c)
        (c, t2) = multiplyAdd(a.w2, bi, t2, c)
        (c, t3) = multiplyAdd(a.w3, bi, t3, c)
        (c, t4) = multiplyAdd(a.w4, bi, t4, c)
        (c, t5) = multiplyAdd(a.w5, bi, t5, c)
        let (s6, t7) = addReportingCarry(t6, c)
        let q = t0 &* m0Inverse
        (c, _) = multiplyAdd(m.w0, q, t0, 0)
        (c, t0) = multiplyAdd(m.w1, q, t1, c)
        (c, t1) = multiplyAdd(m.w2, q, t2, c)
        (c, t2) = multiplyAdd(m.w3, q, t3, c)
        (c, t3) = multiplyAdd(m.w4, q, t4, c)
        (c, t4) = multiplyAdd(m.w5, q, t5, c)
        let (s, carry) = addReportingCarry(s6, c)
        t = U384(t0, t1, t2, t3, t4, s)
        t6 = t7 &+ carry
    }

    @inline(__always)
    func square(_ a: U384) -> U384 { multiply(a, a) }

    /// a·R mod m for a < m.
    @inline(__always)
    func toMontgomery(_ a: U384) -> U384 { multiply(a, rSquared) }

    /// a·R⁻¹ mod m: out of Montgomery form, the canonical value below m.
    @inline(__always)
    func fromMontgomery(_ a: U384) -> U384 { multiply(a, .one) }

    /// a^e for a public exponent given as its 4-bit digits, most significant first (`digits(of:)`),
    /// Montgomery form in and out: per digit four squarings and one multiplication by a table entry (a⁰ = 1
    /// included, so every digit does the same work). The exponent picks entries by index; nothing branches
    /// on it or on a, so inversions of secret-derived values (signing's k·G to affine, k⁻¹) are
    /// constant-time. The table is an array literal and the loop a `repeat`: a stack buffer and a loop
    /// with a zero-trip test brought branches (a stack-protector check, an error test) that
    /// scripts/audit-branches.sh would have had to explain away.
    func power(_ a: U384, digits: [UInt8]) -> U384 {
        let a2 = square(a), a3 = multiply(a2, a), a4 = square(a2), a5 = multiply(a4, a), a6 = square(a3)
        let a7 = multiply(a6, a), a8 = square(a4), a9 = multiply(a8, a), a10 = square(a5), a11 = multiply(a10, a)
        let a12 = square(a6), a13 = multiply(a12, a), a14 = square(a7), a15 = multiply(a14, a)
        let table = [one, a, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15]
        var result = one
        var index = 0
        repeat {
            result = square(square(square(square(result))))
            result = multiply(result, table[Int(digits[index])])
            index &+= 1
        } while index < digits.count
        return result
    }

    /// The 96 base-16 digits of a public exponent, most significant first.
    static func digits(of exponent: U384) -> [UInt8] {
        let words = [exponent.w0, exponent.w1, exponent.w2, exponent.w3, exponent.w4, exponent.w5]
        return (0..<96).reversed().map { UInt8((words[$0 / 16] >> UInt64(4 * ($0 % 16))) & 0xf) }
    }

    /// Reduces a value below 2^384 into [0, m) (one subtraction suffices: p and n are above 2^383).
    @inline(__always)
    func reduceOnce(_ a: U384) -> U384 {
        let (reduced, borrow) = U384.subtract(a, m)
        return U384.select(0 &- borrow, a, reduced)
    }
}

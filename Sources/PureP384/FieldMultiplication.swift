// Multiplication and squaring in GF(p) for P-384 as a full product followed by Montgomery reduction
// (separated operand scanning), instead of the interleaved CIOS that Modulus384 uses for the scalars:
// squaring computes each cross product once (21 limb products, not 36), and the product's carry chains
// no longer wait on the reduction's. The reduction is word-by-word REDC (R = 2^384, −p⁻¹ ≡ 2^32 + 1 mod
// 2^64), each round's carry out of its top limb handed to the next round rather than rippled upward.
//
// Constant-time: fixed sequences of multiplications, additions with carry and one masked final
// subtraction. Where Swift's `UInt128` exists (Linux, macOS 15 and later) every carry of the product, the
// squaring and the reduction is the top half of a 128-bit sum, which LLVM keeps in the flags: no barrier
// and no branch. In the two-word form (older systems) the products' carries go without `valueBarrier`
// (U384.swift), which makes them 20% faster; the reduction and the squaring's diagonal chain keep it, as
// the field's addition and subtraction do: without, LLVM turned carries there into branches
// (scripts/audit-branches.sh, which lists every function here, found them; the timing test measured the
// leak).

import PureECDSA

extension FieldElement {
    /// a·b·R⁻¹ mod p. Where the system has Swift's `UInt128` (macOS 15 and later, and Linux), each limb
    /// product plus the limb it lands on and the previous carry is one 128-bit sum (below 2^128), whose
    /// carries LLVM keeps in the flags; before, the two-word form. The tests compare them.
    @inline(__always)
    static func montgomeryMultiply(_ a: U384, _ b: U384) -> U384 {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) { return montgomeryMultiplyWide(a, b) }
        return montgomeryMultiplyInTwoWords(a, b)
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @inline(__always)
    static func montgomeryMultiplyWide(_ a: U384, _ b: U384) -> U384 {
        let (r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11) = productWide(a, b)
        return reduceWide(r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11)
    }

    /// a·b·R⁻¹ mod p, the product in two-word arithmetic (before macOS 15).
    @inline(__always)
    static func montgomeryMultiplyInTwoWords(_ a: U384, _ b: U384) -> U384 {
        var r0: UInt64, r1: UInt64, r2: UInt64, r3: UInt64, r4: UInt64, r5: UInt64
        var r6: UInt64, r7: UInt64, r8: UInt64, r9: UInt64, r10: UInt64, r11: UInt64
        var c: UInt64
        (c, r0) = fieldMultiplyAdd(a.w0, b.w0, 0, 0)
        (c, r1) = fieldMultiplyAdd(a.w1, b.w0, c, 0)
        (c, r2) = fieldMultiplyAdd(a.w2, b.w0, c, 0)
        (c, r3) = fieldMultiplyAdd(a.w3, b.w0, c, 0)
        (c, r4) = fieldMultiplyAdd(a.w4, b.w0, c, 0)
        (r6, r5) = fieldMultiplyAdd(a.w5, b.w0, c, 0)
        (c, r1) = fieldMultiplyAdd(a.w0, b.w1, r1, 0)
        (c, r2) = fieldMultiplyAdd(a.w1, b.w1, r2, c)
        (c, r3) = fieldMultiplyAdd(a.w2, b.w1, r3, c)
        (c, r4) = fieldMultiplyAdd(a.w3, b.w1, r4, c)
        (c, r5) = fieldMultiplyAdd(a.w4, b.w1, r5, c)
        (r7, r6) = fieldMultiplyAdd(a.w5, b.w1, r6, c)
        (c, r2) = fieldMultiplyAdd(a.w0, b.w2, r2, 0)
        (c, r3) = fieldMultiplyAdd(a.w1, b.w2, r3, c)
        (c, r4) = fieldMultiplyAdd(a.w2, b.w2, r4, c)
        (c, r5) = fieldMultiplyAdd(a.w3, b.w2, r5, c)
        (c, r6) = fieldMultiplyAdd(a.w4, b.w2, r6, c)
        (r8, r7) = fieldMultiplyAdd(a.w5, b.w2, r7, c)
        (c, r3) = fieldMultiplyAdd(a.w0, b.w3, r3, 0)
        (c, r4) = fieldMultiplyAdd(a.w1, b.w3, r4, c)
        (c, r5) = fieldMultiplyAdd(a.w2, b.w3, r5, c)
        (c, r6) = fieldMultiplyAdd(a.w3, b.w3, r6, c)
        (c, r7) = fieldMultiplyAdd(a.w4, b.w3, r7, c)
        (r9, r8) = fieldMultiplyAdd(a.w5, b.w3, r8, c)
        (c, r4) = fieldMultiplyAdd(a.w0, b.w4, r4, 0)
        (c, r5) = fieldMultiplyAdd(a.w1, b.w4, r5, c)
        (c, r6) = fieldMultiplyAdd(a.w2, b.w4, r6, c)
        (c, r7) = fieldMultiplyAdd(a.w3, b.w4, r7, c)
        (c, r8) = fieldMultiplyAdd(a.w4, b.w4, r8, c)
        (r10, r9) = fieldMultiplyAdd(a.w5, b.w4, r9, c)
        (c, r5) = fieldMultiplyAdd(a.w0, b.w5, r5, 0)
        (c, r6) = fieldMultiplyAdd(a.w1, b.w5, r6, c)
        (c, r7) = fieldMultiplyAdd(a.w2, b.w5, r7, c)
        (c, r8) = fieldMultiplyAdd(a.w3, b.w5, r8, c)
        (c, r9) = fieldMultiplyAdd(a.w4, b.w5, r9, c)
        (r11, r10) = fieldMultiplyAdd(a.w5, b.w5, r10, c)
        return reduce(r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11)
    }

    /// a²·R⁻¹ mod p: the fifteen cross products once, doubled, plus the six squares. In `UInt128` sums
    /// where the system has them, as the multiplication; in two words before.
    @inline(__always)
    static func montgomerySquare(_ a: U384) -> U384 {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            let (r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11) = squareWide(a)
            return reduceWide(r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11)
        }
        return montgomerySquareInTwoWords(a)
    }

    /// a²·R⁻¹ mod p in two-word arithmetic (before macOS 15).
    @inline(__always)
    static func montgomerySquareInTwoWords(_ a: U384) -> U384 {
        var r1: UInt64, r2: UInt64, r3: UInt64, r4: UInt64, r5: UInt64, r6: UInt64
        var r7: UInt64, r8: UInt64, r9: UInt64, r10: UInt64, r11: UInt64
        var c: UInt64
        // Cross products a_i·a_j, i < j, at limb i + j.
        (c, r1) = fieldMultiplyAdd(a.w0, a.w1, 0, 0)
        (c, r2) = fieldMultiplyAdd(a.w0, a.w2, 0, c)
        (c, r3) = fieldMultiplyAdd(a.w0, a.w3, 0, c)
        (c, r4) = fieldMultiplyAdd(a.w0, a.w4, 0, c)
        (r6, r5) = fieldMultiplyAdd(a.w0, a.w5, 0, c)
        (c, r3) = fieldMultiplyAdd(a.w1, a.w2, r3, 0)
        (c, r4) = fieldMultiplyAdd(a.w1, a.w3, r4, c)
        (c, r5) = fieldMultiplyAdd(a.w1, a.w4, r5, c)
        (r7, r6) = fieldMultiplyAdd(a.w1, a.w5, r6, c)
        (c, r5) = fieldMultiplyAdd(a.w2, a.w3, r5, 0)
        (c, r6) = fieldMultiplyAdd(a.w2, a.w4, r6, c)
        (r8, r7) = fieldMultiplyAdd(a.w2, a.w5, r7, c)
        (c, r7) = fieldMultiplyAdd(a.w3, a.w4, r7, 0)
        (r9, r8) = fieldMultiplyAdd(a.w3, a.w5, r8, c)
        (r10, r9) = fieldMultiplyAdd(a.w4, a.w5, r9, 0)
        // Double them (the top bit goes to r11).
        r11 = doubleInPlace(&r1, &r2, &r3, &r4, &r5, &r6, &r7, &r8, &r9, &r10)
        // Add the squares a_i² at limb 2i.
        let (h0, l0) = a.w0.multipliedFullWidth(by: a.w0)
        let (h1, l1) = a.w1.multipliedFullWidth(by: a.w1)
        let (h2, l2) = a.w2.multipliedFullWidth(by: a.w2)
        let (h3, l3) = a.w3.multipliedFullWidth(by: a.w3)
        let (h4, l4) = a.w4.multipliedFullWidth(by: a.w4)
        let (h5, l5) = a.w5.multipliedFullWidth(by: a.w5)
        c = 0
        r1 = addWithCarry(r1, h0, &c)
        r2 = addWithCarry(r2, l1, &c)
        r3 = addWithCarry(r3, h1, &c)
        r4 = addWithCarry(r4, l2, &c)
        r5 = addWithCarry(r5, h2, &c)
        r6 = addWithCarry(r6, l3, &c)
        r7 = addWithCarry(r7, h3, &c)
        r8 = addWithCarry(r8, l4, &c)
        r9 = addWithCarry(r9, h4, &c)
        r10 = addWithCarry(r10, l5, &c)
        r11 = addWithCarry(r11, h5, &c)
        return reduce(l0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11)
    }

    /// −p⁻¹ mod 2^64.
    private static let m0Inverse: UInt64 = 0x0000_0001_0000_0001

    /// One REDC round: clears the limb `l` with q = l·(−p⁻¹) by adding q·p (its six products with p's limbs
    /// stay multiplications: a p-specific round of shifts and borrows, tried, measured slower), and hands
    /// its carry out of the round's top limb `r6` to the next round through `pending` rather than rippling it.
    @inline(__always)
    static func reductionRound(_ l: UInt64, _ r1: inout UInt64, _ r2: inout UInt64, _ r3: inout UInt64, _ r4: inout UInt64,
                               _ r5: inout UInt64, _ r6: inout UInt64, _ pending: inout UInt64) {
        let m = Modulus384.p.m, q = l &* m0Inverse
        var (c, _) = multiplyAdd(m.w0, q, l, 0)
        (c, r1) = multiplyAdd(m.w1, q, r1, c)
        (c, r2) = multiplyAdd(m.w2, q, r2, c)
        (c, r3) = multiplyAdd(m.w3, q, r3, c)
        (c, r4) = multiplyAdd(m.w4, q, r4, c)
        (c, r5) = multiplyAdd(m.w5, q, r5, c)
        r6 = addWithCarry(r6, c, &pending)
    }

    /// REDC of a 768-bit value below p·R: six rounds, then one masked subtraction (the value is below 2p).
    @inline(__always)
    static func reduce(_ t0: UInt64, _ t1: UInt64, _ t2: UInt64, _ t3: UInt64, _ t4: UInt64, _ t5: UInt64,
                       _ t6: UInt64, _ t7: UInt64, _ t8: UInt64, _ t9: UInt64, _ t10: UInt64, _ t11: UInt64) -> U384 {
        var (r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11) = (t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11)
        var pending: UInt64 = 0
        reductionRound(t0, &r1, &r2, &r3, &r4, &r5, &r6, &pending)
        reductionRound(r1, &r2, &r3, &r4, &r5, &r6, &r7, &pending)
        reductionRound(r2, &r3, &r4, &r5, &r6, &r7, &r8, &pending)
        reductionRound(r3, &r4, &r5, &r6, &r7, &r8, &r9, &pending)
        reductionRound(r4, &r5, &r6, &r7, &r8, &r9, &r10, &pending)
        reductionRound(r5, &r6, &r7, &r8, &r9, &r10, &r11, &pending)
        let t = U384(r6, r7, r8, r9, r10, r11)
        let (reduced, borrow) = U384.subtract(t, Modulus384.p.m)
        return U384.select(bit: borrow & (pending ^ 1), t, reduced)
    }

    /// `reduce` in `UInt128` sums: each round's products with p's limbs, the limb each lands on and the
    /// previous carry are one 128-bit sum, so LLVM keeps the carries in the flags (`adc`) with no barrier
    /// and no `setb`, and p's three all-ones limbs fold into additions; the pending carry between rounds
    /// is the top of a 128-bit sum too. Only the final subtraction keeps the barrier (`U384.subtract`,
    /// `select(bit:)`). With the squaring's `squareWide`, a squaring compiles to 581 instructions against
    /// 800 for the two-word form (whose reduction LLVM also left out of line, 48 barrier XORs and 65 stack
    /// accesses in it) and a multiplication to 663 against 835; ECDH P-384 went from 1.06× swift-crypto's
    /// time to 0.88× (Docs/Performance.md, 2026-11-30). scripts/audit-branches.sh checks the machine code.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @inline(__always)
    static func reduceWide(_ t0: UInt64, _ t1: UInt64, _ t2: UInt64, _ t3: UInt64, _ t4: UInt64, _ t5: UInt64,
                           _ t6: UInt64, _ t7: UInt64, _ t8: UInt64, _ t9: UInt64, _ t10: UInt64, _ t11: UInt64) -> U384 {
        let m = Modulus384.p.m
        var (r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11) = (t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11)
        var pending: UInt64 = 0
        /// Clears `l` by adding q·p (q = l·(−p⁻¹)); the sum's carry out of `r6`, with the pending one, is
        /// the next round's pending carry (the sum stays below 2^65).
        @inline(__always) func round(_ l: UInt64, _ r1: inout UInt64, _ r2: inout UInt64, _ r3: inout UInt64,
                                     _ r4: inout UInt64, _ r5: inout UInt64, _ r6: inout UInt64) {
            let q = l &* m0Inverse
            var t = times(m.w0, q) &+ UInt128(l)
            t = times(m.w1, q) &+ UInt128(r1) &+ high(t); r1 = low(t)
            t = times(m.w2, q) &+ UInt128(r2) &+ high(t); r2 = low(t)
            t = times(m.w3, q) &+ UInt128(r3) &+ high(t); r3 = low(t)
            t = times(m.w4, q) &+ UInt128(r4) &+ high(t); r4 = low(t)
            t = times(m.w5, q) &+ UInt128(r5) &+ high(t); r5 = low(t)
            t = UInt128(r6) &+ UInt128(pending) &+ high(t); r6 = low(t)
            pending = low(high(t))
        }
        round(t0, &r1, &r2, &r3, &r4, &r5, &r6)
        round(r1, &r2, &r3, &r4, &r5, &r6, &r7)
        round(r2, &r3, &r4, &r5, &r6, &r7, &r8)
        round(r3, &r4, &r5, &r6, &r7, &r8, &r9)
        round(r4, &r5, &r6, &r7, &r8, &r9, &r10)
        round(r5, &r6, &r7, &r8, &r9, &r10, &r11)
        let t = U384(r6, r7, r8, r9, r10, r11)
        let (reduced, borrow) = U384.subtract(t, m)
        return U384.select(bit: borrow & (pending ^ 1), t, reduced)
    }
}

/// a·b + c + d as (high, low), the carries added as they come (no barrier: measured faster in the products,
/// and the branch audit checks the machine code).
@inline(__always)
private func fieldMultiplyAdd(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64) -> (UInt64, UInt64) {
    let (high, low) = a.multipliedFullWidth(by: b)
    let (s1, o1) = low.addingReportingOverflow(c)
    let (s2, o2) = s1.addingReportingOverflow(d)
    return (high &+ (o1 ? 1 : 0) &+ (o2 ? 1 : 0), s2)
}

/// a·b as twelve limbs, operand scanning in `UInt128`: row j adds a_i·b_j, the limb it lands on and the
/// previous product's carry as one sum ((2^64 − 1)² + 2·(2^64 − 1) = 2^128 − 1: no overflow).
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
@inline(__always)
func productWide(_ a: U384, _ b: U384) -> (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                                           UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) {
    // Row 0.
    var t = times(a.w0, b.w0)
    let r0 = low(t)
    t = times(a.w1, b.w0) &+ high(t); var r1 = low(t)
    t = times(a.w2, b.w0) &+ high(t); var r2 = low(t)
    t = times(a.w3, b.w0) &+ high(t); var r3 = low(t)
    t = times(a.w4, b.w0) &+ high(t); var r4 = low(t)
    t = times(a.w5, b.w0) &+ high(t); var r5 = low(t)
    var r6 = low(high(t))
    // Rows 1 to 5, each starting at its limb.
    @inline(__always) func row(_ w: UInt64, _ l0: inout UInt64, _ l1: inout UInt64, _ l2: inout UInt64,
                               _ l3: inout UInt64, _ l4: inout UInt64, _ l5: inout UInt64) -> UInt64 {
        var t = times(a.w0, w) &+ UInt128(l0); l0 = low(t)
        t = times(a.w1, w) &+ UInt128(l1) &+ high(t); l1 = low(t)
        t = times(a.w2, w) &+ UInt128(l2) &+ high(t); l2 = low(t)
        t = times(a.w3, w) &+ UInt128(l3) &+ high(t); l3 = low(t)
        t = times(a.w4, w) &+ UInt128(l4) &+ high(t); l4 = low(t)
        t = times(a.w5, w) &+ UInt128(l5) &+ high(t); l5 = low(t)
        return low(high(t))
    }
    var r7 = row(b.w1, &r1, &r2, &r3, &r4, &r5, &r6)
    var r8 = row(b.w2, &r2, &r3, &r4, &r5, &r6, &r7)
    var r9 = row(b.w3, &r3, &r4, &r5, &r6, &r7, &r8)
    var r10 = row(b.w4, &r4, &r5, &r6, &r7, &r8, &r9)
    let r11 = row(b.w5, &r5, &r6, &r7, &r8, &r9, &r10)
    return (r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11)
}

/// a² as twelve limbs in `UInt128` sums: the fifteen cross products a_i·a_j (i < j) in rows as `productWide`
/// takes them, doubled by shifts, then the six squares a_i² added at limb 2i on one carry chain.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
@inline(__always)
func squareWide(_ a: U384) -> (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                               UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) {
    // Row a_0: a_1 … a_5 at limbs 1 … 5.
    var t = times(a.w1, a.w0); var r1 = low(t)
    t = times(a.w2, a.w0) &+ high(t); var r2 = low(t)
    t = times(a.w3, a.w0) &+ high(t); var r3 = low(t)
    t = times(a.w4, a.w0) &+ high(t); var r4 = low(t)
    t = times(a.w5, a.w0) &+ high(t); var r5 = low(t)
    var r6 = low(high(t))
    // Row a_1: a_2 … a_5 at limbs 3 … 6.
    t = times(a.w2, a.w1) &+ UInt128(r3); r3 = low(t)
    t = times(a.w3, a.w1) &+ UInt128(r4) &+ high(t); r4 = low(t)
    t = times(a.w4, a.w1) &+ UInt128(r5) &+ high(t); r5 = low(t)
    t = times(a.w5, a.w1) &+ UInt128(r6) &+ high(t); r6 = low(t)
    var r7 = low(high(t))
    // Row a_2: a_3 … a_5 at limbs 5 … 7.
    t = times(a.w3, a.w2) &+ UInt128(r5); r5 = low(t)
    t = times(a.w4, a.w2) &+ UInt128(r6) &+ high(t); r6 = low(t)
    t = times(a.w5, a.w2) &+ UInt128(r7) &+ high(t); r7 = low(t)
    var r8 = low(high(t))
    // Row a_3: a_4, a_5 at limbs 7, 8.
    t = times(a.w4, a.w3) &+ UInt128(r7); r7 = low(t)
    t = times(a.w5, a.w3) &+ UInt128(r8) &+ high(t); r8 = low(t)
    var r9 = low(high(t))
    // Row a_4: a_5 at limb 9.
    t = times(a.w5, a.w4) &+ UInt128(r9); r9 = low(t)
    var r10 = low(high(t))
    // Double the cross products (the top bit goes to r11).
    var r11 = doubleInPlace(&r1, &r2, &r3, &r4, &r5, &r6, &r7, &r8, &r9, &r10)
    // Add the squares: a_i² at limbs 2i and 2i + 1 (the total is a², below 2^768: no carry out).
    let s0 = times(a.w0, a.w0), s1 = times(a.w1, a.w1), s2 = times(a.w2, a.w2)
    let s3 = times(a.w3, a.w3), s4 = times(a.w4, a.w4), s5 = times(a.w5, a.w5)
    let r0 = low(s0)
    t = UInt128(r1) &+ high(s0); r1 = low(t)
    t = UInt128(r2) &+ UInt128(low(s1)) &+ high(t); r2 = low(t)
    t = UInt128(r3) &+ high(s1) &+ high(t); r3 = low(t)
    t = UInt128(r4) &+ UInt128(low(s2)) &+ high(t); r4 = low(t)
    t = UInt128(r5) &+ high(s2) &+ high(t); r5 = low(t)
    t = UInt128(r6) &+ UInt128(low(s3)) &+ high(t); r6 = low(t)
    t = UInt128(r7) &+ high(s3) &+ high(t); r7 = low(t)
    t = UInt128(r8) &+ UInt128(low(s4)) &+ high(t); r8 = low(t)
    t = UInt128(r9) &+ high(s4) &+ high(t); r9 = low(t)
    t = UInt128(r10) &+ UInt128(low(s5)) &+ high(t); r10 = low(t)
    r11 = r11 &+ low(high(s5)) &+ low(high(t))
    return (r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11)
}

/// Doubles the ten limbs r1 … r10 of a squaring's cross products in place by shifts, returning the bit
/// shifted out of r10 (the squaring's limb r11).
@inline(__always)
private func doubleInPlace(_ r1: inout UInt64, _ r2: inout UInt64, _ r3: inout UInt64, _ r4: inout UInt64,
                           _ r5: inout UInt64, _ r6: inout UInt64, _ r7: inout UInt64, _ r8: inout UInt64,
                           _ r9: inout UInt64, _ r10: inout UInt64) -> UInt64 {
    let top = r10 >> 63
    r10 = r10 << 1 | r9 >> 63
    r9 = r9 << 1 | r8 >> 63
    r8 = r8 << 1 | r7 >> 63
    r7 = r7 << 1 | r6 >> 63
    r6 = r6 << 1 | r5 >> 63
    r5 = r5 << 1 | r4 >> 63
    r4 = r4 << 1 | r3 >> 63
    r3 = r3 << 1 | r2 >> 63
    r2 = r2 << 1 | r1 >> 63
    r1 = r1 << 1
    return top
}

// The 128-bit steps of the `UInt128` forms: a limb product, and a sum's two halves.

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
@inline(__always)
private func times(_ x: UInt64, _ y: UInt64) -> UInt128 { UInt128(x) &* UInt128(y) }

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
@inline(__always)
private func low(_ x: UInt128) -> UInt64 { UInt64(truncatingIfNeeded: x) }

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
@inline(__always)
private func high(_ x: UInt128) -> UInt128 { x &>> 64 }

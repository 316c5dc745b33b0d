// Elements of GF(p), p = 2^256 − 2^32 − 977 (SEC 2 §2.4.1), as canonical integers below p in four limbs.
//
// p is 2^256 − c with c = 2^32 + 977 = 0x1000003d1, so 2^256 ≡ c (mod p) and a 512-bit product
// H·2^256 + L reduces to L + H·c: four limb products by the 33-bit c, then the few bits above 2^256
// folded in again the same way (no Montgomery form is needed). Additions and subtractions correct by c
// likewise. Constant-time: fixed sequences of products and additions with carry, every correction chosen
// by mask; no branch and no memory index depends on a value.

import PureECDSA

/// An element of secp256k1's base field.
@usableFromInline
struct FieldElement: ECFieldElement {
    /// The integer, below p.
    var value: U256

    @inline(__always)
    init(canonical value: U256) { self.value = value }

    /// c = 2^256 − p.
    static let c: UInt64 = 0x1_0000_03d1
    /// p.
    static let p = U256(0xffff_fffe_ffff_fc2f, 0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff)

    @usableFromInline static let zero = FieldElement(canonical: .zero)
    @usableFromInline static let one = FieldElement(canonical: .one)
    /// The curve coefficient b = 7 (SEC 2 §2.4.1).
    static let seven = FieldElement(canonical: U256(7, 0, 0, 0))
    /// 3b = 21, which the a = 0 point formulas multiply by.
    static let twentyOne = FieldElement(canonical: U256(21, 0, 0, 0))

    /// From 32 big-endian bytes; nil if the integer is not below p.
    @usableFromInline
    init?(canonicalBigEndian bytes: UnsafeRawBufferPointer) {
        guard bytes.count == 32, let integer = U256(bigEndianBytes: bytes),
              U256.lessThanMask(integer, FieldElement.p) != 0 else { return nil }
        value = integer
    }

    @usableFromInline var canonicalBigEndianBytes: [UInt8] { value.bigEndianBytes }

    @usableFromInline var isZeroMask: UInt64 { value.isZeroMask }

    @inline(__always)
    @usableFromInline static func select(_ mask: UInt64, _ a: FieldElement, _ b: FieldElement) -> FieldElement {
        FieldElement(canonical: U256.select(mask, a.value, b.value))
    }

    /// `low` in the low limb and zeros above, every limb through `valueBarrier`: with limbs it knows to be
    /// zero (or the constant c), LLVM turned the carry chain of an addition into jumps on the carries
    /// (scripts/audit-branches.sh found them in `+`, `-` and the reduction).
    @inline(__always)
    static func opaqueLimb(_ low: UInt64) -> U256 {
        U256(valueBarrier(low), valueBarrier(0), valueBarrier(0), valueBarrier(0))
    }

    /// t − p for t ≥ p, else t, for any t below 2^256: t ≥ p exactly when t + c carries out of 2^256,
    /// and then the wrapped sum is t − p.
    @inline(__always)
    static func reducedOnce(_ t: U256) -> U256 {
        let (wrapped, carry) = U256.add(t, opaqueLimb(c))
        return U256.select(0 &- carry, wrapped, t)
    }

    /// (a + b) mod p. The sum is below 2p < 2^257: with a carry out, the true sum minus p is the wrapped
    /// sum plus c (which then cannot carry); without, one reduction.
    @inline(__always)
    @usableFromInline static func + (a: FieldElement, b: FieldElement) -> FieldElement {
        let (sum, carry) = U256.add(a.value, b.value)
        let (wrapped, carryAgain) = U256.add(sum, opaqueLimb(c))
        return FieldElement(canonical: U256.select(0 &- (carry | carryAgain), wrapped, sum))
    }

    /// (a − b) mod p: with a borrow, the wrapped difference (a − b + 2^256) plus p is it minus c, which
    /// cannot borrow again (a − b + p ≥ 0).
    @inline(__always)
    @usableFromInline static func - (a: FieldElement, b: FieldElement) -> FieldElement {
        let (difference, borrow) = U256.subtract(a.value, b.value)
        return FieldElement(canonical: U256.subtract(difference, opaqueLimb((0 &- borrow) & c)).0)
    }

    @inline(__always)
    @usableFromInline static prefix func - (a: FieldElement) -> FieldElement { .zero - a }

    // Out of line, as P-384's are: inlined into every point formula they made the module's optimisation
    // slow and its code large, for little gain.
    @inline(never)
    @usableFromInline static func * (a: FieldElement, b: FieldElement) -> FieldElement {
        FieldElement(canonical: reduce(product(a.value, b.value)))
    }

    @inline(never)
    @usableFromInline var squared: FieldElement { FieldElement(canonical: FieldElement.reduce(FieldElement.product(value, value))) }

    /// The 512-bit product, eight limbs least significant first (operand scanning: a row per limb of b).
    @inline(__always)
    static func product(_ a: U256, _ b: U256) -> (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) {
        var c: UInt64
        var r0: UInt64, r1: UInt64, r2: UInt64, r3: UInt64, r4: UInt64, r5: UInt64, r6: UInt64, r7: UInt64
        (c, r0) = multiplyAdd(a.w0, b.w0, 0, 0)
        (c, r1) = multiplyAdd(a.w1, b.w0, c, 0)
        (c, r2) = multiplyAdd(a.w2, b.w0, c, 0)
        (r4, r3) = multiplyAdd(a.w3, b.w0, c, 0)
        (c, r1) = multiplyAdd(a.w0, b.w1, r1, 0)
        (c, r2) = multiplyAdd(a.w1, b.w1, r2, c)
        (c, r3) = multiplyAdd(a.w2, b.w1, r3, c)
        (r5, r4) = multiplyAdd(a.w3, b.w1, r4, c)
        (c, r2) = multiplyAdd(a.w0, b.w2, r2, 0)
        (c, r3) = multiplyAdd(a.w1, b.w2, r3, c)
        (c, r4) = multiplyAdd(a.w2, b.w2, r4, c)
        (r6, r5) = multiplyAdd(a.w3, b.w2, r5, c)
        (c, r3) = multiplyAdd(a.w0, b.w3, r3, 0)
        (c, r4) = multiplyAdd(a.w1, b.w3, r4, c)
        (c, r5) = multiplyAdd(a.w2, b.w3, r5, c)
        (r7, r6) = multiplyAdd(a.w3, b.w3, r6, c)
        return (r0, r1, r2, r3, r4, r5, r6, r7)
    }

    /// H·2^256 + L mod p for H, L below 2^256, as L + H·c.
    ///
    /// Bounds: L + H·c < 2^256 + 2^289, so its fifth limb t4 is below 2^34; t4·c < 2^67 folds into the
    /// two low limbs, and the sum carries out of 2^256 at most once. When it does, what remains is below
    /// 2^68, so adding c for that carry cannot carry again; the result is below 2^256, and one masked
    /// subtraction of p ends below p.
    @inline(__always)
    static func reduce(_ r: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)) -> U256 {
        var k: UInt64
        var t0: UInt64, t1: UInt64, t2: UInt64, t3: UInt64, t4: UInt64
        (k, t0) = multiplyAdd(r.4, c, r.0, 0)
        (k, t1) = multiplyAdd(r.5, c, r.1, k)
        (k, t2) = multiplyAdd(r.6, c, r.2, k)
        (t4, t3) = multiplyAdd(r.7, c, r.3, k)
        let (foldHigh, foldLow) = t4.multipliedFullWidth(by: c)
        let (carried, carry) = U256.add(U256(t0, t1, t2, t3), U256(foldLow, foldHigh, valueBarrier(0), valueBarrier(0)))
        let folded = U256.add(carried, opaqueLimb((0 &- carry) & c)).0
        return reducedOnce(folded)
    }

    /// a⁻¹ = a^(p−2) (Fermat); 0 for 0. Constant-time: a fixed chain of squarings and multiplications.
    ///
    /// p − 2, from the top: 223 ones, a zero, 22 ones, four zeros, a one, a zero, two ones, a zero and a
    /// one. With x_k = a^(2^k − 1) (k ones), x_(j+k) = x_j^(2^k)·x_k builds the runs, and squaring the
    /// result by a stretch's length before multiplying it in appends the stretch: 255 squarings and 15
    /// multiplications.
    @usableFromInline var inverted: FieldElement {
        let (x1, x2, x22, x223) = runs
        let top246 = x223.squared(times: 23) * x22               // 223 ones, a zero, 22 ones
        let top251 = top246.squared(times: 5) * x1               // four zeros and a one
        let top254 = top251.squared(times: 3) * x2               // a zero and two ones
        return top254.squared(times: 2) * x1                     // a zero and a one
    }

    /// a^(2^k − 1) for the run lengths both exponents of this field need (p − 2 and (p + 1)/4).
    @inline(__always)
    var runs: (x1: FieldElement, x2: FieldElement, x22: FieldElement, x223: FieldElement) {
        let x1 = self
        let x2 = x1.squared * x1
        let x3 = x2.squared * x1
        let x6 = x3.squared(times: 3) * x3
        let x9 = x6.squared(times: 3) * x3
        let x11 = x9.squared(times: 2) * x2
        let x22 = x11.squared(times: 11) * x11
        let x44 = x22.squared(times: 22) * x22
        let x88 = x44.squared(times: 44) * x44
        let x176 = x88.squared(times: 88) * x88
        let x220 = x176.squared(times: 44) * x44
        let x223 = x220.squared(times: 3) * x3
        return (x1, x2, x22, x223)
    }

    /// The constant-time inversion: the chain is short (255 squarings and 15 multiplications), and
    /// nothing here needs a faster one for public values.
    @usableFromInline var invertedVartime: FieldElement { inverted }

    /// A square root and whether one exists: p ≡ 3 (mod 4), so a^((p+1)/4) is a root when a is a square.
    /// (p + 1)/4, from the top: 223 ones, a zero, 22 ones, four zeros, two ones and two zeros.
    @usableFromInline func squareRoot() -> (root: FieldElement, exists: Bool) {
        let (_, x2, x22, x223) = runs
        let top246 = x223.squared(times: 23) * x22
        let root = (top246.squared(times: 6) * x2).squared(times: 2)
        return (root, root.squared == self)
    }
}

// 256-bit values as four UInt64 limbs in a struct (no arrays, no heap), least significant first, and the
// constant-time primitives the field and scalar arithmetic are built from.
//
// Every function here runs in time independent of the values: no branch and no memory index depends on
// them. Selection and comparison results are masks (all ones or all zeros), never Bools that a caller
// might branch on.

@usableFromInline
struct U256: Sendable, Hashable {
    var w0, w1, w2, w3: UInt64

    @inline(__always)
    init(_ w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64) {
        (self.w0, self.w1, self.w2, self.w3) = (w0, w1, w2, w3)
    }

    static let zero = U256(0, 0, 0, 0)

    /// From 32 big-endian bytes. The caller guarantees the count.
    init(bigEndian bytes: UnsafeRawBufferPointer) {
        @inline(__always) func word(_ offset: Int) -> UInt64 {
            UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        self.init(word(24), word(16), word(8), word(0))
    }

    /// 32 big-endian bytes.
    var bigEndianBytes: [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 32)
        bytes.withUnsafeMutableBytes { out in
            out.storeBytes(of: w3.bigEndian, toByteOffset: 0, as: UInt64.self)
            out.storeBytes(of: w2.bigEndian, toByteOffset: 8, as: UInt64.self)
            out.storeBytes(of: w1.bigEndian, toByteOffset: 16, as: UInt64.self)
            out.storeBytes(of: w0.bigEndian, toByteOffset: 24, as: UInt64.self)
        }
        return bytes
    }

    /// All ones if the value is zero.
    @inline(__always)
    var isZeroMask: UInt64 {
        let x = w0 | w1 | w2 | w3
        return ((x | (0 &- x)) >> 63) &- 1
    }

    /// `mask` all ones: `a`; all zeros: `b`.
    @inline(__always)
    static func select(_ mask: UInt64, _ a: U256, _ b: U256) -> U256 {
        let mask = valueBarrier(mask)
        return U256((a.w0 & mask) | (b.w0 & ~mask), (a.w1 & mask) | (b.w1 & ~mask),
                    (a.w2 & mask) | (b.w2 & ~mask), (a.w3 & mask) | (b.w3 & ~mask))
    }

    /// `a` when `bit` is 1, `b` when it is 0: four conditional moves (`cmov` on x86-64, `csel` on arm64) on
    /// one test of the bit, which passes through `valueBarrier` first. Used for the final corrections of the
    /// modular addition and the Montgomery product, where it replaced `select`'s twelve AND/OR/NOT. Not for
    /// every select: for the choice of p or 0 before an addition (`Modulus.subtract`, `halved`) LLVM turned
    /// the conditional moves into jumps around the addition, which `scripts/audit-branches.sh` reported; it
    /// checks every function that inlines this one.
    @inline(__always)
    static func select(bit: UInt64, _ a: U256, _ b: U256) -> U256 {
        let condition = valueBarrier(bit) != 0
        return U256(condition ? a.w0 : b.w0, condition ? a.w1 : b.w1, condition ? a.w2 : b.w2, condition ? a.w3 : b.w3)
    }

    /// `a + b` and the carry out (0 or 1).
    @inline(__always)
    static func add(_ a: U256, _ b: U256) -> (U256, UInt64) {
        var carry: UInt64 = 0
        let r0 = addWithCarry(a.w0, b.w0, &carry)
        let r1 = addWithCarry(a.w1, b.w1, &carry)
        let r2 = addWithCarry(a.w2, b.w2, &carry)
        let r3 = addWithCarry(a.w3, b.w3, &carry)
        return (U256(r0, r1, r2, r3), carry)
    }

    /// `a − b` and the borrow out (0 or 1).
    @inline(__always)
    static func subtract(_ a: U256, _ b: U256) -> (U256, UInt64) {
        var borrow: UInt64 = 0
        let r0 = subtractWithBorrow(a.w0, b.w0, &borrow)
        let r1 = subtractWithBorrow(a.w1, b.w1, &borrow)
        let r2 = subtractWithBorrow(a.w2, b.w2, &borrow)
        let r3 = subtractWithBorrow(a.w3, b.w3, &borrow)
        return (U256(r0, r1, r2, r3), borrow)
    }

    /// All ones if `a < b` (as integers).
    @inline(__always)
    static func lessThanMask(_ a: U256, _ b: U256) -> UInt64 {
        0 &- subtract(a, b).1
    }

    /// Bit `index` (0…255) as 0 or 1; `index` is public.
    @inline(__always)
    func bit(_ index: Int) -> UInt64 {
        let word: UInt64
        switch index >> 6 {
        case 0: word = w0
        case 1: word = w1
        case 2: word = w2
        default: word = w3
        }
        return (word >> UInt64(index & 63)) & 1
    }

    /// (self + topBit·2^256) / 2, dropping the low bit; `topBit` is 0 or 1.
    @inline(__always)
    func shiftedRightOne(topBit: UInt64 = 0) -> U256 {
        U256(w0 >> 1 | w1 << 63, w1 >> 1 | w2 << 63, w2 >> 1 | w3 << 63, w3 >> 1 | topBit << 63)
    }

    /// `count` (at most 63) bits starting at bit `offset`, as an integer; bits above 255 read as zero. The
    /// offset is public: only which limbs are read depends on it.
    @inline(__always)
    func bits(at offset: Int, count: Int) -> UInt64 {
        @inline(__always) func limb(_ index: Int) -> UInt64 {
            switch index {
            case 0: return w0
            case 1: return w1
            case 2: return w2
            case 3: return w3
            default: return 0
            }
        }
        let index = offset >> 6, shift = offset & 63
        var value = limb(index) >> UInt64(shift)
        if shift + count > 64 { value |= limb(index + 1) << UInt64(64 - shift) }
        return value & ((1 << UInt64(count)) - 1)
    }
}

// Carries and borrows come from the overflow results of `addingReportingOverflow`, which LLVM lowers to
// `add`/`adc` and `sub`/`sbb` on the processor's carry flag. Nothing here may become a branch: the
// machine code of the field and point functions was checked to have no conditional jump (scripts in
// Docs/Security.md), and the dudect test in Benchmarks/Sources/ConstantTime measures it. Masks pass
// through `valueBarrier` before a select, because there LLVM did once emit a branch.

/// `a + b` and its carry out (0 or 1).
@inline(__always)
func addReportingCarry(_ a: UInt64, _ b: UInt64) -> (UInt64, UInt64) {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return (sum, UInt64(overflow ? 1 : 0))
}

/// Always zero, but mutable and visible outside this module, so the optimizer cannot assume its value.
/// Never written. Exclusivity checking is off for it: with it, every read was a call to
/// `swift_beginAccess`, and nothing ever writes it.
@exclusivity(unchecked) nonisolated(unsafe) package var optimizerOpaqueZero: UInt64 = 0

/// Hides a value from the optimizer. A mask made from a comparison is known to be 0 or all ones, and
/// LLVM then turns `(a & mask) | (b & ~mask)` back into a branch (it did, for the zero-digit select of
/// `generatorMultiplied`). Every select passes its mask through here: XOR with a global the optimizer
/// cannot see the value of costs one load (hoisted out of loops), where a non-inlined call cost 2×.
@inline(__always)
func valueBarrier(_ value: UInt64) -> UInt64 { value ^ optimizerOpaqueZero }

@inline(__always)
func addWithCarry(_ a: UInt64, _ b: UInt64, _ carry: inout UInt64) -> UInt64 {
    let (s1, o1) = a.addingReportingOverflow(b)
    let (s2, o2) = s1.addingReportingOverflow(carry)
    carry = UInt64(o1 ? 1 : 0) | UInt64(o2 ? 1 : 0)
    return s2
}

@inline(__always)
func subtractWithBorrow(_ a: UInt64, _ b: UInt64, _ borrow: inout UInt64) -> UInt64 {
    let (d1, o1) = a.subtractingReportingOverflow(b)
    let (d2, o2) = d1.subtractingReportingOverflow(borrow)
    borrow = UInt64(o1 ? 1 : 0) | UInt64(o2 ? 1 : 0)
    return d2
}

/// a·b + c + d as (high, low); cannot overflow 128 bits.
@inline(__always)
func multiplyAdd(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64) -> (UInt64, UInt64) {
    let (high, low) = a.multipliedFullWidth(by: b)
    let (s1, o1) = low.addingReportingOverflow(c)
    let (s2, o2) = s1.addingReportingOverflow(d)
    return (high &+ UInt64(o1 ? 1 : 0) &+ UInt64(o2 ? 1 : 0), s2)
}

/// One row of a schoolbook product, a·w, as five limbs: each limb is a product's low half plus the
/// previous product's high half, on one carry chain (a·w < 2^320, so the top limb takes the last carry).
@inline(__always)
func productRow(_ a: U256, _ w: UInt64) -> (UInt64, UInt64, UInt64, UInt64, UInt64) {
    let (h0, l0) = a.w0.multipliedFullWidth(by: w)
    let (h1, l1) = a.w1.multipliedFullWidth(by: w)
    let (h2, l2) = a.w2.multipliedFullWidth(by: w)
    let (h3, l3) = a.w3.multipliedFullWidth(by: w)
    var c: UInt64 = 0
    let m1 = addWithCarry(l1, h0, &c)
    let m2 = addWithCarry(l2, h1, &c)
    let m3 = addWithCarry(l3, h2, &c)
    return (l0, m1, m2, m3, h3 &+ c)
}

/// The 512-bit product a·b as eight limbs (least significant first). Two forms: with Swift's `UInt128`
/// (macOS 15 and later, and Linux), each limb product plus what it is added to as one 128-bit sum, whose
/// carries LLVM keeps in the flags (multiplication 6–9% faster than the two-word form in isolation, fewer
/// carries materialized with `setb`); and `productInRows`, in two words, for older systems. The tests
/// compare them.
@inline(__always)
func product(_ a: U256, _ b: U256) -> (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) { return productWide(a, b) }
    return productInRows(a, b)
}

/// a·b, schoolbook by operand scanning in `UInt128`: row j adds a_i·b_j, the limb it lands on and the
/// previous product's carry as one 128-bit sum (below 2^128: (2^64 − 1)² + 2·(2^64 − 1) = 2^128 − 1).
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
@inline(__always)
func productWide(_ a: U256, _ b: U256) -> (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) {
    @inline(__always) func times(_ x: UInt64, _ y: UInt64) -> UInt128 { UInt128(x) &* UInt128(y) }
    @inline(__always) func low(_ x: UInt128) -> UInt64 { UInt64(truncatingIfNeeded: x) }
    @inline(__always) func high(_ x: UInt128) -> UInt128 { x &>> 64 }
    var t = times(a.w0, b.w0)
    let r0 = low(t)
    t = times(a.w1, b.w0) &+ high(t); var r1 = low(t)
    t = times(a.w2, b.w0) &+ high(t); var r2 = low(t)
    t = times(a.w3, b.w0) &+ high(t); var r3 = low(t)
    var r4 = low(high(t))
    t = times(a.w0, b.w1) &+ UInt128(r1); r1 = low(t)
    t = times(a.w1, b.w1) &+ UInt128(r2) &+ high(t); r2 = low(t)
    t = times(a.w2, b.w1) &+ UInt128(r3) &+ high(t); r3 = low(t)
    t = times(a.w3, b.w1) &+ UInt128(r4) &+ high(t); r4 = low(t)
    var r5 = low(high(t))
    t = times(a.w0, b.w2) &+ UInt128(r2); r2 = low(t)
    t = times(a.w1, b.w2) &+ UInt128(r3) &+ high(t); r3 = low(t)
    t = times(a.w2, b.w2) &+ UInt128(r4) &+ high(t); r4 = low(t)
    t = times(a.w3, b.w2) &+ UInt128(r5) &+ high(t); r5 = low(t)
    var r6 = low(high(t))
    t = times(a.w0, b.w3) &+ UInt128(r3); r3 = low(t)
    t = times(a.w1, b.w3) &+ UInt128(r4) &+ high(t); r4 = low(t)
    t = times(a.w2, b.w3) &+ UInt128(r5) &+ high(t); r5 = low(t)
    t = times(a.w3, b.w3) &+ UInt128(r6) &+ high(t); r6 = low(t)
    let r7 = low(high(t))
    return (r0, r1, r2, r3, r4, r5, r6, r7)
}

/// a·b, schoolbook in two-word arithmetic: four rows (`productRow`), each added in at its offset on one
/// carry chain. Two add/adc per row limb, against four for multiply-accumulating each product into the
/// running sum. The sum through row j is below 2^(64(j + 5)), so each row's top limb takes its carry.
@inline(__always)
func productInRows(_ a: U256, _ b: U256) -> (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) {
    var (r0, r1, r2, r3, r4) = productRow(a, b.w0)
    var (x0, x1, x2, x3, x4) = productRow(a, b.w1)
    var c: UInt64 = 0
    r1 = addWithCarry(r1, x0, &c); r2 = addWithCarry(r2, x1, &c); r3 = addWithCarry(r3, x2, &c)
    r4 = addWithCarry(r4, x3, &c)
    var r5 = x4 &+ c
    (x0, x1, x2, x3, x4) = productRow(a, b.w2)
    c = 0
    r2 = addWithCarry(r2, x0, &c); r3 = addWithCarry(r3, x1, &c); r4 = addWithCarry(r4, x2, &c)
    r5 = addWithCarry(r5, x3, &c)
    var r6 = x4 &+ c
    (x0, x1, x2, x3, x4) = productRow(a, b.w3)
    c = 0
    r3 = addWithCarry(r3, x0, &c); r4 = addWithCarry(r4, x1, &c); r5 = addWithCarry(r5, x2, &c)
    r6 = addWithCarry(r6, x3, &c)
    let r7 = x4 &+ c
    return (r0, r1, r2, r3, r4, r5, r6, r7)
}

/// The 512-bit square a², as eight limbs: the six cross products once, doubled, plus the four squares.
@inline(__always)
func square(_ a: U256) -> (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) {
    var r1: UInt64, r2: UInt64, r3: UInt64, r4: UInt64, r5: UInt64, r6: UInt64, r7: UInt64
    var c: UInt64
    // Cross products a_i·a_j, i < j, at limb i + j, in rows as `product` adds them: a0·(a1, a2, a3) at
    // limbs 1…4, a1·(a2, a3) at 3…5, a2·a3 at 5…6. Their sum is below 2^448, so r6 takes the last carry.
    let (h01, l01) = a.w0.multipliedFullWidth(by: a.w1)
    let (h02, l02) = a.w0.multipliedFullWidth(by: a.w2)
    let (h03, l03) = a.w0.multipliedFullWidth(by: a.w3)
    let (h12, l12) = a.w1.multipliedFullWidth(by: a.w2)
    let (h13, l13) = a.w1.multipliedFullWidth(by: a.w3)
    let (h23, l23) = a.w2.multipliedFullWidth(by: a.w3)
    c = 0
    r1 = l01
    r2 = addWithCarry(l02, h01, &c)
    r3 = addWithCarry(l03, h02, &c)
    r4 = h03 &+ c
    c = 0
    let m4 = addWithCarry(l13, h12, &c)
    let m5 = h13 &+ c
    c = 0
    r3 = addWithCarry(r3, l12, &c)
    r4 = addWithCarry(r4, m4, &c)
    r5 = addWithCarry(m5, l23, &c)
    r6 = h23 &+ c
    // Double them by adding each to itself on one carry chain (the carry out is r7). Shifting each limb
    // left and or-ing in the next one's top bit compiles to `shld`, several micro-ops on AMD's cores:
    // squaring was 6% slower that way.
    c = 0
    r1 = addWithCarry(r1, r1, &c)
    r2 = addWithCarry(r2, r2, &c)
    r3 = addWithCarry(r3, r3, &c)
    r4 = addWithCarry(r4, r4, &c)
    r5 = addWithCarry(r5, r5, &c)
    r6 = addWithCarry(r6, r6, &c)
    r7 = c
    // Add the squares a_i² at limb 2i.
    let (h0, l0) = a.w0.multipliedFullWidth(by: a.w0)
    let (h1, l1) = a.w1.multipliedFullWidth(by: a.w1)
    let (h2, l2) = a.w2.multipliedFullWidth(by: a.w2)
    let (h3, l3) = a.w3.multipliedFullWidth(by: a.w3)
    c = 0
    r1 = addWithCarry(r1, h0, &c)
    r2 = addWithCarry(r2, l1, &c)
    r3 = addWithCarry(r3, h1, &c)
    r4 = addWithCarry(r4, l2, &c)
    r5 = addWithCarry(r5, h2, &c)
    r6 = addWithCarry(r6, l3, &c)
    r7 = addWithCarry(r7, h3, &c)
    return (l0, r1, r2, r3, r4, r5, r6, r7)
}

/// All ones if `a == b`, else zero, without a branch.
@inline(__always)
func equalityMask(_ a: UInt64, _ b: UInt64) -> UInt64 {
    let difference = a ^ b
    return ((difference | (0 &- difference)) >> 63) &- 1
}

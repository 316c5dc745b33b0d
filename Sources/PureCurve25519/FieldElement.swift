// The field GF(2^255 − 19) of edwards25519 (RFC 8032 §5.1), in radix 2^51: five 64-bit limbs, value
// Σ l_i·2^(51·i). Each product of two limbs fits in 128 bits with room for the five-term sums of a
// multiplication, and 2^255 ≡ 19 folds the top half of a product back with one small multiplication —
// the representation of Bernstein's ref10 64-bit code, of Go's `edwards25519/field` and of BoringSSL's
// fiat-crypto code.
//
// Invariant ("loose"): every limb of a value handed between functions is below 2^52. Multiplication and
// squaring return limbs below 2^51 + 2^18; addition and subtraction propagate their carries and return
// the same. Only `encoded` reduces to the canonical value below p. Multiplication and squaring accept
// more: limbs below 2^54 (see `reduce`). The point formulas use that, feeding them sums and differences
// without the carry pass (`uncarriedSum`, `uncarriedDifference`), each with its bound worked out where it
// is used: the carries were about a fifth of a point addition.
//
// Constant-time: no function here branches on or indexes by a limb's value; selection is by mask.

/// An element of GF(2^255 − 19).
@usableFromInline
struct FieldElement: Sendable {
    @usableFromInline var l0, l1, l2, l3, l4: UInt64

    @inline(__always)
    init(_ l0: UInt64, _ l1: UInt64, _ l2: UInt64, _ l3: UInt64, _ l4: UInt64) {
        (self.l0, self.l1, self.l2, self.l3, self.l4) = (l0, l1, l2, l3, l4)
    }

    static let zero = FieldElement(0, 0, 0, 0, 0)
    static let one = FieldElement(1, 0, 0, 0, 0)
    /// d = −121665/121666, the curve constant (RFC 8032 §5.1).
    static let d = FieldElement(0x34dca135978a3, 0x1a8283b156ebd, 0x5e7a26001c029, 0x739c663a03cbb, 0x52036cee2b6ff)
    /// 2·d, as the addition formulas use it.
    static let d2 = FieldElement(0x69b9426b2f159, 0x35050762add7a, 0x3cf44c0038052, 0x6738cc7407977, 0x2406d9dc56dff)
    /// A square root of −1 (2^((p−1)/4)), for square roots (RFC 8032 §5.1.3 step 3).
    static let sqrtMinusOne = FieldElement(0x61b274a0ea0b0, 0xd5a5fc8f189d, 0x7ef5e9cbd0c60, 0x78595a6804c9e, 0x2b8324804fc1d)

    static let mask51: UInt64 = (1 << 51) - 1
}

// MARK: Addition and subtraction

extension FieldElement {
    /// Brings every limb below 2^51 + 2^13·19 by one pass of carries, the top carry folded back times 19.
    @inline(__always)
    func carried() -> FieldElement {
        let c0 = l0 >> 51, c1 = l1 >> 51, c2 = l2 >> 51, c3 = l3 >> 51, c4 = l4 >> 51
        return FieldElement((l0 & Self.mask51) &+ c4 &* 19, (l1 & Self.mask51) &+ c0, (l2 & Self.mask51) &+ c1,
                            (l3 & Self.mask51) &+ c2, (l4 & Self.mask51) &+ c3)
    }

    /// a + b without the carry pass: each limb below the sum of the operands' limb bounds. Only as an
    /// operand of `*` or `squared` (limbs below 2^54) or of `uncarriedDifference`.
    @inline(__always)
    static func uncarriedSum(_ a: FieldElement, _ b: FieldElement) -> FieldElement {
        FieldElement(a.l0 &+ b.l0, a.l1 &+ b.l1, a.l2 &+ b.l2, a.l3 &+ b.l3, a.l4 &+ b.l4)
    }

    /// a − b as a + 4p − b without the carry pass: b's limbs must be below 2^53 − 76 (4p's smallest limb),
    /// and each limb of the result is below a's limb bound + 2^53. Only as an operand of `*` or `squared`
    /// (limbs below 2^54).
    @inline(__always)
    static func uncarriedDifference(_ a: FieldElement, _ b: FieldElement) -> FieldElement {
        FieldElement((a.l0 &+ 0x1f_ffff_ffff_ffb4) &- b.l0, (a.l1 &+ 0x1f_ffff_ffff_fffc) &- b.l1,
                     (a.l2 &+ 0x1f_ffff_ffff_fffc) &- b.l2, (a.l3 &+ 0x1f_ffff_ffff_fffc) &- b.l3,
                     (a.l4 &+ 0x1f_ffff_ffff_fffc) &- b.l4)
    }

    @inline(__always)
    static func + (a: FieldElement, b: FieldElement) -> FieldElement { uncarriedSum(a, b).carried() }

    /// a − b as a + 4p − b: 4p's limbs exceed any loose limb, so nothing wraps.
    @inline(__always)
    static func - (a: FieldElement, b: FieldElement) -> FieldElement { uncarriedDifference(a, b).carried() }

    @inline(__always)
    static prefix func - (a: FieldElement) -> FieldElement { zero - a }

    /// Exchanges `a` and `b` where `mask` is all ones, leaves them where it is zero: RFC 7748 §5's
    /// `cswap`, one XOR difference masked and applied to both (two operations a limb fewer than two
    /// selects; the ladder about 2% faster in isolation).
    @inline(__always)
    static func conditionalSwap(_ mask: UInt64, _ a: inout FieldElement, _ b: inout FieldElement) {
        let t0 = (a.l0 ^ b.l0) & mask, t1 = (a.l1 ^ b.l1) & mask, t2 = (a.l2 ^ b.l2) & mask
        let t3 = (a.l3 ^ b.l3) & mask, t4 = (a.l4 ^ b.l4) & mask
        a = FieldElement(a.l0 ^ t0, a.l1 ^ t1, a.l2 ^ t2, a.l3 ^ t3, a.l4 ^ t4)
        b = FieldElement(b.l0 ^ t0, b.l1 ^ t1, b.l2 ^ t2, b.l3 ^ t3, b.l4 ^ t4)
    }

    /// `a` where `mask` is all ones, `b` where it is zero.
    @inline(__always)
    static func select(_ mask: UInt64, _ a: FieldElement, _ b: FieldElement) -> FieldElement {
        FieldElement((a.l0 & mask) | (b.l0 & ~mask), (a.l1 & mask) | (b.l1 & ~mask), (a.l2 & mask) | (b.l2 & ~mask),
                     (a.l3 & mask) | (b.l3 & ~mask), (a.l4 & mask) | (b.l4 & ~mask))
    }
}

// MARK: Multiplication

/// A 128-bit column sum of a product. Two implementations: Swift's `UInt128` (macOS 15 and later, and
/// Linux), whose add-with-carry LLVM compiles to add/adc (sign 1.1× and verify 0.73× swift-crypto's time
/// on Zen 4, against 1.3× and 0.90× with two words); and a two-word fallback for older systems. Both run
/// the same formulas (`product`, `square`), and the tests compare them.
@usableFromInline
protocol ColumnSum {
    /// a·b.
    init(_ a: UInt64, _ b: UInt64)
    /// self += a·b.
    mutating func add(_ a: UInt64, _ b: UInt64)
    /// self += value.
    mutating func add(_ value: UInt64)
    /// The low 64 bits.
    var low: UInt64 { get }
    /// self >> 51, which fits in 64 bits (sums stay below 2^115).
    var shifted51: UInt64 { get }
}

/// `ColumnSum` in two words (UInt128 needs macOS 15).
@usableFromInline
struct TwoWordSum: ColumnSum {
    @usableFromInline var low: UInt64
    @usableFromInline var high: UInt64

    @inline(__always) @usableFromInline
    init(_ a: UInt64, _ b: UInt64) { (high, low) = a.multipliedFullWidth(by: b) }

    @inline(__always) @usableFromInline
    mutating func add(_ a: UInt64, _ b: UInt64) {
        let (h, l) = a.multipliedFullWidth(by: b)
        let (sum, overflow) = low.addingReportingOverflow(l)
        low = sum
        high = high &+ h &+ (overflow ? 1 : 0)
    }

    @inline(__always) @usableFromInline
    mutating func add(_ value: UInt64) {
        let (sum, overflow) = low.addingReportingOverflow(value)
        low = sum
        high = high &+ (overflow ? 1 : 0)
    }

    @inline(__always) @usableFromInline
    var shifted51: UInt64 { (high << 13) | (low >> 51) }
}

/// `ColumnSum` in Swift's `UInt128`.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
@usableFromInline
struct NativeSum: ColumnSum {
    @usableFromInline var value: UInt128

    @inline(__always) @usableFromInline
    init(_ a: UInt64, _ b: UInt64) { value = UInt128(a) &* UInt128(b) }

    @inline(__always) @usableFromInline
    mutating func add(_ a: UInt64, _ b: UInt64) { value &+= UInt128(a) &* UInt128(b) }

    @inline(__always) @usableFromInline
    mutating func add(_ addend: UInt64) { value &+= UInt128(addend) }

    @inline(__always) @usableFromInline
    var low: UInt64 { UInt64(truncatingIfNeeded: value) }

    @inline(__always) @usableFromInline
    var shifted51: UInt64 { UInt64(truncatingIfNeeded: value >> 51) }
}

extension FieldElement {
    @inline(__always)
    static func * (a: FieldElement, b: FieldElement) -> FieldElement {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) { return product(a, b, NativeSum.self) }
        return product(a, b, TwoWordSum.self)
    }

    /// self².
    @inline(__always)
    var squared: FieldElement {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) { return Self.square(self, NativeSum.self) }
        return Self.square(self, TwoWordSum.self)
    }

    /// a·b: the 25 limb products in five column sums, the columns above 2^255 folded back times 19.
    @inline(__always)
    static func product<Sum: ColumnSum>(_ a: FieldElement, _ b: FieldElement, _: Sum.Type) -> FieldElement {
        let b1 = b.l1 &* 19, b2 = b.l2 &* 19, b3 = b.l3 &* 19, b4 = b.l4 &* 19
        var r0 = Sum(a.l0, b.l0)
        r0.add(a.l1, b4); r0.add(a.l2, b3); r0.add(a.l3, b2); r0.add(a.l4, b1)
        var r1 = Sum(a.l0, b.l1)
        r1.add(a.l1, b.l0); r1.add(a.l2, b4); r1.add(a.l3, b3); r1.add(a.l4, b2)
        var r2 = Sum(a.l0, b.l2)
        r2.add(a.l1, b.l1); r2.add(a.l2, b.l0); r2.add(a.l3, b4); r2.add(a.l4, b3)
        var r3 = Sum(a.l0, b.l3)
        r3.add(a.l1, b.l2); r3.add(a.l2, b.l1); r3.add(a.l3, b.l0); r3.add(a.l4, b4)
        var r4 = Sum(a.l0, b.l4)
        r4.add(a.l1, b.l3); r4.add(a.l2, b.l2); r4.add(a.l3, b.l1); r4.add(a.l4, b.l0)
        return reduce(r0, r1, r2, r3, r4)
    }

    /// a², with the symmetric products computed once and doubled: 15 limb products.
    @inline(__always)
    static func square<Sum: ColumnSum>(_ a: FieldElement, _: Sum.Type) -> FieldElement {
        let d0 = a.l0 &* 2, d1 = a.l1 &* 2
        let l3x19 = a.l3 &* 19, l4x19 = a.l4 &* 19
        var r0 = Sum(a.l0, a.l0)
        r0.add(d1, l4x19); r0.add(a.l2 &* 2, l3x19)
        var r1 = Sum(d0, a.l1)
        r1.add(a.l2 &* 2, l4x19); r1.add(a.l3, l3x19)
        var r2 = Sum(d0, a.l2)
        r2.add(a.l1, a.l1); r2.add(a.l3 &* 2, l4x19)
        var r3 = Sum(d0, a.l3)
        r3.add(d1, a.l2); r3.add(a.l4, l4x19)
        var r4 = Sum(d0, a.l4)
        r4.add(d1, a.l3); r4.add(a.l2, a.l2)
        return reduce(r0, r1, r2, r3, r4)
    }

    /// Carries the five column sums of a product into loose limbs: every column's carry taken at once, then
    /// one pass of 64-bit carries (`carried`), rather than each carry added into the next 128-bit column in
    /// turn — a shorter dependency chain (X25519 and Ed25519 about 3–4% faster).
    @inline(__always)
    static func reduce<Sum: ColumnSum>(_ r0: Sum, _ r1: Sum, _ r2: Sum, _ r3: Sum, _ r4: Sum) -> FieldElement {
        // Bounds for inputs with limbs below A = 2^54: r0…r3 are below 77·A² < 2^114.3 (a ×19 term is 19 of
        // the others), so their carries are below 2^63.3 and each limb plus the carry from below fits in 64
        // bits; r4 sums no ×19 terms: below 5·A² < 2^110.4, so its carry is below 2^59.4 and ×19 (< 2^63.7),
        // plus l0's 51 bits, fits. (The limit is 5·A² < 2^110.75, A < 2^54.2.) `carried` then leaves limbs
        // below 2^51 + 19·2^13.
        let c0 = r0.shifted51, c1 = r1.shifted51, c2 = r2.shifted51, c3 = r3.shifted51, c4 = r4.shifted51
        return FieldElement((r0.low & mask51) &+ c4 &* 19, (r1.low & mask51) &+ c0, (r2.low & mask51) &+ c1,
                            (r3.low & mask51) &+ c2, (r4.low & mask51) &+ c3).carried()
    }

    /// self^(2^count), by repeated squaring.
    @inline(__always)
    func squared(times count: Int) -> FieldElement {
        var x = self
        for _ in 0..<count { x = x.squared }
        return x
    }
}

// MARK: Bytes

extension FieldElement {
    /// The element of 32 little-endian bytes, the top bit ignored (RFC 8032 §5.1.3 reads it as x's sign).
    /// Values from p to 2^255 − 1 are accepted here; `isCanonicalEncoding` tells them apart.
    init(bytes: UnsafeRawBufferPointer) {
        func word(_ offset: Int) -> UInt64 { UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        self.init(words: (word(0), word(8), word(16), word(24)))
    }

    /// The element of four 64-bit words (least significant first) of a value below 2^255.
    @inline(__always)
    init(words: (UInt64, UInt64, UInt64, UInt64)) {
        let (w0, w1, w2, w3) = words
        self.init(w0 & Self.mask51, ((w0 >> 51) | (w1 << 13)) & Self.mask51, ((w1 >> 38) | (w2 << 26)) & Self.mask51,
                  ((w2 >> 25) | (w3 << 39)) & Self.mask51, (w3 >> 12) & Self.mask51)
    }

    /// The canonical value, below p, as four 64-bit words, least significant first.
    @inline(__always)
    var canonicalWords: (UInt64, UInt64, UInt64, UInt64) {
        // Fully carried, the value is below 2^255 + small; then q = 1 exactly when it is ≥ p, found by
        // carrying value + 19 through the limbs, and value + 19·q − 2^255·q is the canonical form.
        var t = carried().carried()
        var q = (t.l0 &+ 19) >> 51
        q = (t.l1 &+ q) >> 51
        q = (t.l2 &+ q) >> 51
        q = (t.l3 &+ q) >> 51
        q = (t.l4 &+ q) >> 51
        t.l0 = t.l0 &+ 19 &* q
        t.l1 = t.l1 &+ (t.l0 >> 51); t.l0 &= Self.mask51
        t.l2 = t.l2 &+ (t.l1 >> 51); t.l1 &= Self.mask51
        t.l3 = t.l3 &+ (t.l2 >> 51); t.l2 &= Self.mask51
        t.l4 = t.l4 &+ (t.l3 >> 51); t.l3 &= Self.mask51
        t.l4 &= Self.mask51
        return (t.l0 | (t.l1 << 51), (t.l1 >> 13) | (t.l2 << 38), (t.l2 >> 26) | (t.l3 << 25), (t.l3 >> 39) | (t.l4 << 12))
    }

    /// The canonical value, below p, as 32 little-endian bytes (the top bit clear).
    var encoded: [UInt8] {
        let (w0, w1, w2, w3) = canonicalWords
        return [UInt8](unsafeUninitializedCapacity: 32) { bytes, count in
            for byte in 0..<8 {
                let shift = UInt64(8 * byte)
                bytes[byte] = UInt8(truncatingIfNeeded: w0 >> shift)
                bytes[byte + 8] = UInt8(truncatingIfNeeded: w1 >> shift)
                bytes[byte + 16] = UInt8(truncatingIfNeeded: w2 >> shift)
                bytes[byte + 24] = UInt8(truncatingIfNeeded: w3 >> shift)
            }
            count = 32
        }
    }

    /// All ones when self ≡ other (mod p), zero otherwise; constant-time.
    func equalityMask(_ other: FieldElement) -> UInt64 {
        let a = encoded, b = other.encoded
        var difference: UInt8 = 0
        for i in 0..<32 { difference |= a[i] ^ b[i] }
        return (UInt64(difference) &- 1) >> 63 &* UInt64.max
    }

    /// The low bit of the canonical value: x's "sign" in RFC 8032's encoding.
    var isNegativeMask: UInt64 { 0 &- UInt64(encoded[0] & 1) }
}

// The field GF(p), p = 2^448 − 2^224 − 1 (Hamburg's "Goldilocks" prime; RFC 7748 §4.2, RFC 8032 §5.2), in
// radix 2^56: eight 64-bit limbs, value Σ l_i·2^(56·i). The prime's shape makes the reduction a pair of
// additions: 2^448 ≡ 2^224 + 1, and 2^224 is exactly four limbs, so a product's column 8 + j folds into
// columns j and j + 4 without any multiplication (the representation of Hamburg's Ed448-Goldilocks code, of
// OpenSSL's curve448 and of CIRCL's).
//
// Invariant ("loose"): every limb of a value handed between functions is below 2^56 + 2^9. Addition,
// subtraction, multiplication and squaring return such limbs. Only `canonicalBytes` reduces to the value
// below p. Multiplication and squaring accept more: limbs below 3·2^56 + 2^10 (the bounds are in
// `reduce`), which lets the ladder and the point formulas feed them sums and differences without the carry
// pass (`uncarriedSum`, `uncarriedDifference`).
//
// Constant-time: no function here branches on or indexes by a limb's value; selection is by mask.

import PureECDSA

/// An element of GF(2^448 − 2^224 − 1).
struct FieldElement: Sendable {
    var l0, l1, l2, l3, l4, l5, l6, l7: UInt64

    @inline(__always)
    init(_ l0: UInt64, _ l1: UInt64, _ l2: UInt64, _ l3: UInt64, _ l4: UInt64, _ l5: UInt64, _ l6: UInt64, _ l7: UInt64) {
        (self.l0, self.l1, self.l2, self.l3, self.l4, self.l5, self.l6, self.l7) = (l0, l1, l2, l3, l4, l5, l6, l7)
    }

    static let zero = FieldElement(0, 0, 0, 0, 0, 0, 0, 0)
    static let one = FieldElement(1, 0, 0, 0, 0, 0, 0, 0)

    static let mask56: UInt64 = (1 << 56) - 1
}

// MARK: Addition and subtraction

extension FieldElement {
    /// One pass of carries: each limb keeps its low 56 bits and takes the carry of the limb below; the top
    /// carry goes to limbs 0 and 4 (2^448 ≡ 2^224 + 1). Any 64-bit limbs in, limbs below 2^56 + 2^9 out.
    @inline(__always)
    func carried() -> FieldElement {
        let c0 = l0 >> 56, c1 = l1 >> 56, c2 = l2 >> 56, c3 = l3 >> 56
        let c4 = l4 >> 56, c5 = l5 >> 56, c6 = l6 >> 56, c7 = l7 >> 56
        return FieldElement((l0 & Self.mask56) &+ c7, (l1 & Self.mask56) &+ c0, (l2 & Self.mask56) &+ c1,
                            (l3 & Self.mask56) &+ c2, (l4 & Self.mask56) &+ c3 &+ c7, (l5 & Self.mask56) &+ c4,
                            (l6 & Self.mask56) &+ c5, (l7 & Self.mask56) &+ c6)
    }

    /// a + b without the carry pass: limbs below the sum of the operands' bounds. Only as an operand of `*`
    /// or `squared` (limbs below 3·2^56 + 2^10).
    @inline(__always)
    static func uncarriedSum(_ a: FieldElement, _ b: FieldElement) -> FieldElement {
        FieldElement(a.l0 &+ b.l0, a.l1 &+ b.l1, a.l2 &+ b.l2, a.l3 &+ b.l3,
                     a.l4 &+ b.l4, a.l5 &+ b.l5, a.l6 &+ b.l6, a.l7 &+ b.l7)
    }

    /// a − b as a + 2p − b without the carry pass. 2p's limbs are 2^57 − 2 (limb 4: 2^57 − 4), above any
    /// loose limb, so nothing wraps when b is loose; each limb of the result is below a's bound + 2^57.
    @inline(__always)
    static func uncarriedDifference(_ a: FieldElement, _ b: FieldElement) -> FieldElement {
        let twoP: UInt64 = (1 << 57) - 2, twoPMiddle: UInt64 = (1 << 57) - 4
        return FieldElement((a.l0 &+ twoP) &- b.l0, (a.l1 &+ twoP) &- b.l1, (a.l2 &+ twoP) &- b.l2,
                            (a.l3 &+ twoP) &- b.l3, (a.l4 &+ twoPMiddle) &- b.l4, (a.l5 &+ twoP) &- b.l5,
                            (a.l6 &+ twoP) &- b.l6, (a.l7 &+ twoP) &- b.l7)
    }

    @inline(__always)
    static func + (a: FieldElement, b: FieldElement) -> FieldElement { uncarriedSum(a, b).carried() }

    @inline(__always)
    static func - (a: FieldElement, b: FieldElement) -> FieldElement { uncarriedDifference(a, b).carried() }

    @inline(__always)
    static prefix func - (a: FieldElement) -> FieldElement { zero - a }

    /// Exchanges `a` and `b` where `mask` is all ones, leaves them where it is zero (RFC 7748 §5's `cswap`:
    /// one XOR difference, masked, applied to both).
    @inline(__always)
    static func conditionalSwap(_ mask: UInt64, _ a: inout FieldElement, _ b: inout FieldElement) {
        let t0 = (a.l0 ^ b.l0) & mask, t1 = (a.l1 ^ b.l1) & mask, t2 = (a.l2 ^ b.l2) & mask, t3 = (a.l3 ^ b.l3) & mask
        let t4 = (a.l4 ^ b.l4) & mask, t5 = (a.l5 ^ b.l5) & mask, t6 = (a.l6 ^ b.l6) & mask, t7 = (a.l7 ^ b.l7) & mask
        a = FieldElement(a.l0 ^ t0, a.l1 ^ t1, a.l2 ^ t2, a.l3 ^ t3, a.l4 ^ t4, a.l5 ^ t5, a.l6 ^ t6, a.l7 ^ t7)
        b = FieldElement(b.l0 ^ t0, b.l1 ^ t1, b.l2 ^ t2, b.l3 ^ t3, b.l4 ^ t4, b.l5 ^ t5, b.l6 ^ t6, b.l7 ^ t7)
    }

    /// `a` where `mask` is all ones, `b` where it is zero.
    @inline(__always)
    static func select(_ mask: UInt64, _ a: FieldElement, _ b: FieldElement) -> FieldElement {
        FieldElement((a.l0 & mask) | (b.l0 & ~mask), (a.l1 & mask) | (b.l1 & ~mask), (a.l2 & mask) | (b.l2 & ~mask),
                     (a.l3 & mask) | (b.l3 & ~mask), (a.l4 & mask) | (b.l4 & ~mask), (a.l5 & mask) | (b.l5 & ~mask),
                     (a.l6 & mask) | (b.l6 & ~mask), (a.l7 & mask) | (b.l7 & ~mask))
    }

    /// self · 39081, the constant of both curves: X448's a24 = (156326 − 2)/4 (RFC 7748 §5) and −d of
    /// edwards448 (RFC 8032 §5.2). Loose limbs in, loose limbs out.
    @inline(__always)
    var times39081: FieldElement {
        // Each product is below 2^57·2^16; its bits from 56 up are the carry into the next limb.
        @inline(__always) func split(_ limb: UInt64) -> (low: UInt64, carry: UInt64) {
            let (high, low) = limb.multipliedFullWidth(by: 39_081)
            return (low & Self.mask56, (high << 8) | (low >> 56))
        }
        let p0 = split(l0), p1 = split(l1), p2 = split(l2), p3 = split(l3)
        let p4 = split(l4), p5 = split(l5), p6 = split(l6), p7 = split(l7)
        return FieldElement(p0.low &+ p7.carry, p1.low &+ p0.carry, p2.low &+ p1.carry, p3.low &+ p2.carry,
                            p4.low &+ p3.carry &+ p7.carry, p5.low &+ p4.carry, p6.low &+ p5.carry,
                            p7.low &+ p6.carry).carried()
    }
}

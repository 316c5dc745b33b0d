// Elements of GF(p), p = 2^521 − 1 (a Mersenne prime: SP 800-186 §3.2.1.5), as plain integers below p in
// nine 64-bit limbs. Reduction needs no Montgomery form: 2^521 ≡ 1 (mod p), so a 1042-bit product is its
// low 521 bits plus the bits above them, and a sum below 2^522 folds the same way.
//
// Constant-time: fixed sequences of limb operations and masked corrections.

import PureECDSA

/// An element of P-521's base field, always below p, so equal elements have equal limbs.
@usableFromInline
struct FieldElement: ECFieldElement {
    var value: U576

    @inline(__always)
    init(reduced value: U576) { self.value = value }

    /// The top limb's nine bits.
    static let topMask: UInt64 = 0x1ff

    @usableFromInline static let zero = FieldElement(reduced: .zero)
    @usableFromInline static let one = FieldElement(reduced: .one)
    @usableFromInline static let p = U576((.max, .max, .max, .max, .max, .max, .max, .max, topMask))

    /// The curve coefficient b (SP 800-186 §3.2.1.5).
    @usableFromInline static let b = FieldElement(reduced: U576((
        0xef45_1fd4_6b50_3f00, 0x3573_df88_3d2c_34f1, 0x1652_c0bd_3bb1_bf07, 0x5619_3951_ec7e_937b, 0xb8b4_8991_8ef1_09e1,
        0xa2da_725b_99b3_15f3, 0x929a_21a0_b685_40ee, 0x953e_b961_8e1c_9a1f, 0x0000_0000_0000_0051)))

    /// From a value below 2^522 − 1: r mod p, canonical. With s = r + 1, r ≥ p exactly when s has bit
    /// 521 set, and then r − p = s − 2^521.
    @inline(__always)
    static func canonicalize(_ r: U576) -> FieldElement {
        let (s, _) = U576.add(r, .one)
        let overflow = 0 &- (s.limbs.8 >> 9)                     // mask: r ≥ p
        var reduced = s
        reduced.limbs.8 &= topMask
        return FieldElement(reduced: U576.select(overflow, reduced, r))
    }

    /// From 66 big-endian bytes; nil if the integer is not below p.
    @usableFromInline
    init?(canonicalBigEndian bytes: UnsafeRawBufferPointer) {
        guard bytes.count == 66 else { return nil }
        let value = U576(bigEndian66: bytes)
        guard value < FieldElement.p else { return nil }
        self.value = value
    }

    @usableFromInline var canonicalBigEndianBytes: [UInt8] { value.bigEndian66 }

    @usableFromInline static func == (a: FieldElement, b: FieldElement) -> Bool { U576.equalVartime(a.value, b.value) }

    @usableFromInline var isZeroMask: UInt64 { value.isZeroMask }

    @inline(__always) @usableFromInline
    static func select(_ mask: UInt64, _ a: FieldElement, _ b: FieldElement) -> FieldElement {
        FieldElement(reduced: U576.select(mask, a.value, b.value))
    }

    /// a + b < 2p < 2^522: one fold.
    @inline(__always) @usableFromInline
    static func + (a: FieldElement, b: FieldElement) -> FieldElement {
        canonicalize(U576.add(a.value, b.value).0)
    }

    /// a − b, plus p when that borrowed (a − b + 2^576 + p ≡ a − b + p, truncated to 576 bits).
    @inline(__always) @usableFromInline
    static func - (a: FieldElement, b: FieldElement) -> FieldElement {
        let (difference, borrow) = U576.subtract(a.value, b.value)
        return FieldElement(reduced: U576.add(difference, U576.select(0 &- borrow, p, .zero)).0)
    }

    @inline(__always) @usableFromInline
    static prefix func - (a: FieldElement) -> FieldElement { zero - a }

    /// a·b: the 1042-bit product's low 521 bits plus its high bits (2^521 ≡ 1), below 2^522, then one fold.
    @inline(__always) @usableFromInline
    static func * (a: FieldElement, b: FieldElement) -> FieldElement { reduce(multiplyFull(a.value, b.value)) }

    /// a², with the squaring's 45 limb products.
    @inline(__always) @usableFromInline var squared: FieldElement { FieldElement.reduce(squareFull(value)) }

    /// t mod p for t < p² (18 limbs): low 521 bits + the rest, then one fold.
    @inline(__always)
    static func reduce(_ t: Limbs18) -> FieldElement {
        let low = U576((t.0, t.1, t.2, t.3, t.4, t.5, t.6, t.7, t.8 & topMask))
        let high = U576(((t.8 >> 9) | (t.9 << 55), (t.9 >> 9) | (t.10 << 55), (t.10 >> 9) | (t.11 << 55),
                         (t.11 >> 9) | (t.12 << 55), (t.12 >> 9) | (t.13 << 55), (t.13 >> 9) | (t.14 << 55),
                         (t.14 >> 9) | (t.15 << 55), (t.15 >> 9) | (t.16 << 55), (t.16 >> 9) | (t.17 << 55)))
        return canonicalize(U576.add(low, high).0)
    }

    /// a⁻¹ for a public a: the constant-time chain below (no faster variable-time inversion here yet).
    @usableFromInline var invertedVartime: FieldElement { inverted }

    /// a⁻¹ = a^(p−2), p − 2 = 2^521 − 3 = (2^519 − 1)·4 + 1, by an addition chain of 520 squarings and 13
    /// multiplications (x_k = a^(2^k − 1)); 0 for 0. Constant-time.
    @usableFromInline var inverted: FieldElement {
        let x1 = self
        let x2 = x1.squared * x1
        let x3 = x2.squared * x1
        let x6 = x3.squared(times: 3) * x3
        let x7 = x6.squared * x1
        let x8 = x7.squared * x1
        let x16 = x8.squared(times: 8) * x8
        let x32 = x16.squared(times: 16) * x16
        let x64 = x32.squared(times: 32) * x32
        let x128 = x64.squared(times: 64) * x64
        let x256 = x128.squared(times: 128) * x128
        let x512 = x256.squared(times: 256) * x256
        let x519 = x512.squared(times: 7) * x7
        return x519.squared(times: 2) * x1
    }

    /// A square root and whether one exists: p ≡ 3 (mod 4), so a^((p+1)/4) = a^(2^519) is a root when a
    /// is a square.
    @usableFromInline func squareRoot() -> (root: FieldElement, exists: Bool) {
        let root = squared(times: 519)
        return (root, root.squared == self)
    }
}

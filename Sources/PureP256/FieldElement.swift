// Elements of GF(p), p = 2^256 − 2^224 + 2^192 + 2^96 − 1 (FIPS 186-5 / SP 800-186 §3.2.1.3), kept in
// Montgomery form. Constant-time throughout.

import PureECDSA

@usableFromInline
struct FieldElement: Sendable, FieldProducts {
    /// x·R mod p.
    var montgomery: U256

    /// A computed property of literals (not a stored global), so that after inlining the compiler sees
    /// the modulus as constants: multiplications by its 0 and all-ones limbs fold away.
    @inline(__always) static var modulus: Modulus { Modulus(
        m: U256(0xffff_ffff_ffff_ffff, 0x0000_0000_ffff_ffff, 0x0000_0000_0000_0000, 0xffff_ffff_0000_0001),
        m0Inverse: 1,
        rSquared: U256(0x0000_0000_0000_0003, 0xffff_fffb_ffff_ffff, 0xffff_ffff_ffff_fffe, 0x0000_0004_ffff_fffd),
        one: U256(0x0000_0000_0000_0001, 0xffff_ffff_0000_0000, 0xffff_ffff_ffff_ffff, 0x0000_0000_ffff_fffe)) }

    static let zero = FieldElement(montgomery: .zero)
    @usableFromInline static let one = FieldElement(montgomery: modulus.one)
    /// The curve coefficient b (SP 800-186 §3.2.1.3), in Montgomery form.
    static let b = FieldElement(montgomery: U256(
        0xd89c_df62_29c4_bddf, 0xacf0_05cd_7884_3090, 0xe5a2_20ab_f721_2ed6, 0xdc30_061d_0487_4834))

    @inline(__always) init(montgomery: U256) { self.montgomery = montgomery }

    /// From a canonical integer below p; nil if it is not below p. (Whether it is below p is the only thing
    /// the timing tells, and callers treat that as public: coordinates of public keys.)
    init?(canonical value: U256) {
        guard U256.lessThanMask(value, Self.modulus.m) != 0 else { return nil }
        montgomery = Self.montgomeryMultiply(value, Self.modulus.rSquared)
    }

    /// The canonical integer in [0, p).
    var canonical: U256 { Self.montgomeryMultiply(montgomery, U256(1, 0, 0, 0)) }

    @_transparent static func + (a: FieldElement, b: FieldElement) -> FieldElement {
        FieldElement(montgomery: modulus.add(a.montgomery, b.montgomery))
    }
    @_transparent static func - (a: FieldElement, b: FieldElement) -> FieldElement {
        FieldElement(montgomery: modulus.subtract(a.montgomery, b.montgomery))
    }
    @usableFromInline @inline(__always) static func * (a: FieldElement, b: FieldElement) -> FieldElement {
        FieldElement(montgomery: montgomeryMultiply(a.montgomery, b.montgomery))
    }
    @_transparent static prefix func - (a: FieldElement) -> FieldElement {
        FieldElement(montgomery: modulus.negate(a.montgomery))
    }
    @inline(__always) var squared: FieldElement { FieldElement(montgomery: Self.montgomerySquare(montgomery)) }
    @_transparent var doubled: FieldElement { self + self }
    @_transparent var tripled: FieldElement { self + self + self }
    /// self/2 mod p: self + p when self is odd (making it even), then one bit right, the carry of the
    /// addition becoming the top bit. Halving commutes with the Montgomery factor, so it works on the
    /// representation directly. Constant-time.
    @_transparent var halved: FieldElement {
        let oddMask = 0 &- (montgomery.w0 & 1)
        let (sum, carry) = U256.add(montgomery, U256.select(oddMask, Self.modulus.m, .zero))
        return FieldElement(montgomery: sum.shiftedRightOne(topBit: carry))
    }

    /// All ones if zero.
    @inline(__always) var isZeroMask: UInt64 { montgomery.isZeroMask }

    /// All ones if equal.
    @inline(__always) static func equalMask(_ a: FieldElement, _ b: FieldElement) -> UInt64 { (a - b).isZeroMask }

    @inline(__always) static func select(_ mask: UInt64, _ a: FieldElement, _ b: FieldElement) -> FieldElement {
        FieldElement(montgomery: U256.select(mask, a.montgomery, b.montgomery))
    }

    /// A square root when one exists: p ≡ 3 (mod 4), so √a = a^((p+1)/4) (SEC 1 §2.3.4 decompression).
    /// Returns the candidate and whether its square is a.
    func squareRoot() -> (FieldElement, isSquare: Bool) {
        // (p + 1) / 4
        let exponent = U256(0x0000_0000_0000_0000, 0x0000_0000_4000_0000, 0x4000_0000_0000_0000, 0x3fff_ffff_c000_0000)
        let root = FieldElement(montgomery: Self.modulus.power(montgomery, exponent))
        return (root, Self.equalMask(root.squared, self) != 0)
    }

    /// Whether the canonical value is odd (for compressed points).
    var isOdd: Bool { canonical.w0 & 1 == 1 }
}

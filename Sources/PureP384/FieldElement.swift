// Elements of GF(p), p = 2^384 − 2^128 − 2^96 + 2^32 − 1, in Montgomery form (a·2^384 mod p), always
// fully reduced, so equal elements have equal limbs.

import PureECDSA

/// An element of P-384's base field.
@usableFromInline
struct FieldElement: ECFieldElement {
    /// The Montgomery form, below p.
    var value: U384

    @inline(__always)
    init(montgomery value: U384) { self.value = value }

    @usableFromInline static let zero = FieldElement(montgomery: .zero)
    @usableFromInline static let one = FieldElement(montgomery: Modulus384.p.one)
    /// The curve coefficient b (SP 800-186 §3.2.1.4), in Montgomery form.
    static let b = FieldElement(montgomery: U384(0x0811_8871_9d41_2dcc, 0xf729_add8_7a4c_32ec, 0x77f2_209b_1920_022e,
                                                 0xe337_4bee_9493_8ae2, 0xb62b_21f4_1f02_2094, 0xcd08_114b_604f_bff9))

    /// From a canonical integer; nil if it is not below p.
    init?(canonical value: U384) {
        guard value < Modulus384.p.m else { return nil }
        self.value = Modulus384.p.toMontgomery(value)
    }

    /// From 48 big-endian bytes; nil if the integer is not below p.
    @usableFromInline
    init?(canonicalBigEndian bytes: UnsafeRawBufferPointer) {
        guard bytes.count == 48 else { return nil }
        self.init(canonical: U384(bigEndian: bytes))
    }

    /// The canonical integer, below p.
    var canonical: U384 { Modulus384.p.fromMontgomery(value) }

    @usableFromInline var canonicalBigEndianBytes: [UInt8] { canonical.bigEndianBytes }

    var isZero: Bool { value.isZero }
    @usableFromInline var isZeroMask: UInt64 { value.isZeroMask }

    @inline(__always)
    @usableFromInline static func select(_ mask: UInt64, _ a: FieldElement, _ b: FieldElement) -> FieldElement {
        FieldElement(montgomery: U384.select(mask, a.value, b.value))
    }

    @inline(__always)
    @usableFromInline static func + (a: FieldElement, b: FieldElement) -> FieldElement { FieldElement(montgomery: Modulus384.p.add(a.value, b.value)) }
    @inline(__always)
    @usableFromInline static func - (a: FieldElement, b: FieldElement) -> FieldElement { FieldElement(montgomery: Modulus384.p.subtract(a.value, b.value)) }
    @inline(__always)
    @usableFromInline static func * (a: FieldElement, b: FieldElement) -> FieldElement { FieldElement(montgomery: montgomeryMultiply(a.value, b.value)) }
    @inline(__always)
    @usableFromInline static prefix func - (a: FieldElement) -> FieldElement { FieldElement(montgomery: Modulus384.p.negate(a.value)) }

    @usableFromInline @inline(__always) var squared: FieldElement { FieldElement(montgomery: FieldElement.montgomerySquare(value)) }
    @inline(__always) var doubled: FieldElement { self + self }

    /// p − 2, the Fermat exponent, and (p + 1)/4, the square-root exponent, as digits for `power`.
    static let pMinusTwoDigits = Modulus384.digits(of: U384(0x0000_0000_ffff_fffd, 0xffff_ffff_0000_0000, 0xffff_ffff_ffff_fffe,
                                                            0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff))
    static let squareRootExponentDigits = Modulus384.digits(of: U384(0x0000_0000_4000_0000, 0xbfff_ffff_c000_0000, 0xffff_ffff_ffff_ffff,
                                                                     0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff, 0x3fff_ffff_ffff_ffff))

    /// a⁻¹ = a^(p−2) (Fermat); 0 for 0. Constant-time: the exponent's bits are public and fixed.
    @usableFromInline var inverted: FieldElement {
        FieldElement(montgomery: Modulus384.p.power(value, digits: FieldElement.pMinusTwoDigits))
    }

    /// a⁻¹ for a public a by binary extended Euclid (Scalar.swift), 0 for 0. VARIABLE-TIME. About a
    /// third of the Fermat chain's time.
    @usableFromInline var invertedVartime: FieldElement {
        let p = Modulus384.p
        return FieldElement(montgomery: p.toMontgomery(p.inverseVartime(p.fromMontgomery(value))))
    }

    /// A square root and whether one exists: p ≡ 3 (mod 4), so a^((p+1)/4) is a root when a is a square.
    @usableFromInline func squareRoot() -> (root: FieldElement, exists: Bool) {
        let root = FieldElement(montgomery: Modulus384.p.power(value, digits: FieldElement.squareRootExponentDigits))
        return (root, root.squared == self)
    }
}

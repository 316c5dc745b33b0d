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
    // The multiplication and the squaring stay out of line. Inlined, their `UInt128` sums made every point
    // formula, the ECDH ladder (166 kB of machine code) and the inversion so large that the optimizer took
    // two minutes over this module (-O, whole module; 8 s out of line). The call costs little: alternating
    // the two builds, best of six runs each, ECDH and verification were 2% faster out of line and signing
    // 5% slower (Docs/Performance.md).
    @inline(never)
    @usableFromInline static func * (a: FieldElement, b: FieldElement) -> FieldElement { FieldElement(montgomery: montgomeryMultiply(a.value, b.value)) }
    @inline(__always)
    @usableFromInline static prefix func - (a: FieldElement) -> FieldElement { FieldElement(montgomery: Modulus384.p.negate(a.value)) }

    @usableFromInline @inline(never) var squared: FieldElement { FieldElement(montgomery: FieldElement.montgomerySquare(value)) }
    @inline(__always) var doubled: FieldElement { self + self }

    /// (p + 1)/4, the square-root exponent, as digits for `power`.
    static let squareRootExponentDigits = Modulus384.digits(of: U384(0x0000_0000_4000_0000, 0xbfff_ffff_c000_0000, 0xffff_ffff_ffff_ffff,
                                                                     0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff, 0x3fff_ffff_ffff_ffff))

    /// a⁻¹ = a^(p−2) (Fermat); 0 for 0. Constant-time: a fixed chain of squarings and multiplications.
    ///
    /// p − 2 = 2^384 − 2^128 − 2^96 + 2^32 − 3 is, from the top, 255 ones, a zero, 32 ones, 64 zeros, 30
    /// ones, a zero and a one. With x_k = a^(2^k − 1) (k ones), x_(j+k) = x_j^(2^k)·x_k builds the runs,
    /// and shifting the result left by a run's length before multiplying it in appends the run: 385
    /// squarings and 14 multiplications, on the field's own squaring (21 limb products). The 4-bit
    /// window power it replaces (`Modulus384.power`, as square roots still use) took 384 squarings and 110
    /// multiplications, each a 36-product interleaved multiplication: ECDH P-384's final division was
    /// about a twentieth of its time.
    @usableFromInline var inverted: FieldElement {
        let x1 = self
        let x2 = x1.squared * x1
        let x3 = x2.squared * x1
        let x6 = x3.squared(times: 3) * x3
        let x12 = x6.squared(times: 6) * x6
        let x15 = x12.squared(times: 3) * x3
        let x30 = x15.squared(times: 15) * x15
        let x32 = x30.squared(times: 2) * x2
        let x60 = x30.squared(times: 30) * x30
        let x120 = x60.squared(times: 60) * x60
        let x240 = x120.squared(times: 120) * x120
        let x255 = x240.squared(times: 15) * x15
        let top288 = x255.squared(times: 33) * x32                  // 255 ones, a zero, 32 ones
        let top382 = top288.squared(times: 94) * x30                 // then 64 zeros and 30 ones
        return top382.squared(times: 2) * x1                         // then a zero and a one
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

// Integers modulo secp256k1's group order n (SEC 2 §2.4.1), in Montgomery form (a·2^256 mod n), for
// ECDSA: signing's k⁻¹ and r·d constant-time; verification's s⁻¹ the same code (public input; one
// inversion a verification, a small part of its time).

import PureECDSA

/// An integer modulo n, in Montgomery form, always below n.
@usableFromInline
struct Scalar: ECScalar {
    var value: U256

    @inline(__always)
    init(montgomery value: U256) { self.value = value }

    /// n = 2^256 − 0x14551231950b75fc4402da1732fc9bebf.
    static let n = U256(0xbfd2_5e8c_d036_4141, 0xbaae_dce6_af48_a03b, 0xffff_ffff_ffff_fffe, 0xffff_ffff_ffff_ffff)
    /// −n⁻¹ mod 2^64.
    static let nInverseNegated: UInt64 = 0x4b0d_ff66_5588_b13f
    /// 2^512 mod n, to enter Montgomery form.
    static let rSquared = U256(0x896c_f214_67d7_d140, 0x7414_96c2_0e7c_f878, 0xe697_f5e4_5bcd_07c6, 0x9d67_1cd5_81c6_9bc5)
    /// n − 2, the inversion's exponent (public).
    static let nMinusTwo = U256(0xbfd2_5e8c_d036_413f, 0xbaae_dce6_af48_a03b, 0xffff_ffff_ffff_fffe, 0xffff_ffff_ffff_ffff)

    @usableFromInline static let zero = Scalar(montgomery: .zero)
    /// 2^256 mod n: the Montgomery form of 1.
    @usableFromInline static let one = Scalar(montgomery: U256(0x402d_a173_2fc9_bebf, 0x4551_2319_50b7_5fc4, 1, 0))

    @inline(__always)
    @usableFromInline static func + (a: Scalar, b: Scalar) -> Scalar {
        let (sum, carry) = U256.add(a.value, b.value)
        let (reduced, borrow) = U256.subtract(sum, n)
        // Keep the sum when it is below n: no carry out and the subtraction borrowed.
        return Scalar(montgomery: U256.select(0 &- (borrow & (carry ^ 1)), sum, reduced))
    }

    @inline(__always)
    @usableFromInline static func * (a: Scalar, b: Scalar) -> Scalar { Scalar(montgomery: montgomeryMultiply(a.value, b.value)) }

    @usableFromInline var isZeroMask: UInt64 { value.isZeroMask }

    /// a·b·2^−256 mod n for a, b < n. CIOS (Koç, Acar and Kaliski 1996): for each limb bᵢ, t += a·bᵢ,
    /// then t = (t + q·n)/2^64 with q chosen to clear t's low limb; t stays below 2n, and one masked
    /// subtraction ends below n.
    @inline(__always)
    static func montgomeryMultiply(_ a: U256, _ b: U256) -> U256 {
        var t = U256.zero, t4: UInt64 = 0
        step(a, b.w0, &t, &t4)
        step(a, b.w1, &t, &t4)
        step(a, b.w2, &t, &t4)
        step(a, b.w3, &t, &t4)
        let (reduced, borrow) = U256.subtract(t, n)
        return U256.select(0 &- (borrow & (t4 ^ 1)), t, reduced)
    }

    /// One CIOS round: (t, t4) = ((t, t4) + a·bi + q·n) / 2^64.
    @inline(__always)
    private static func step(_ a: U256, _ bi: UInt64, _ t: inout U256, _ t4: inout UInt64) {
        var c: UInt64
        var t0 = t.w0, t1 = t.w1, t2 = t.w2, t3 = t.w3
        (c, t0) = multiplyAdd(a.w0, bi, t0, 0)
        (c, t1) = multiplyAdd(a.w1, bi, t1, c)
        (c, t2) = multiplyAdd(a.w2, bi, t2, c)
        (c, t3) = multiplyAdd(a.w3, bi, t3, c)
        var top: UInt64 = 0
        let t4a = addWithCarry(t4, c, &top)
        let q = t0 &* nInverseNegated
        (c, _) = multiplyAdd(n.w0, q, t0, 0)
        (c, t0) = multiplyAdd(n.w1, q, t1, c)
        (c, t1) = multiplyAdd(n.w2, q, t2, c)
        (c, t2) = multiplyAdd(n.w3, q, t3, c)
        var carry: UInt64 = 0
        t3 = addWithCarry(t4a, c, &carry)
        t = U256(t0, t1, t2, t3)
        t4 = top &+ carry
    }

    /// a^(n−2) = a⁻¹ (Fermat; 0 for 0) by 4-bit windows of the public exponent (PureECDSA's
    /// `fixedWindowPower`): constant-time in a.
    @usableFromInline var inverted: Scalar { fixedWindowPower(self, hexDigits: Scalar.nMinusTwoDigits) }

    /// n − 2's 64 hexadecimal digits, most significant first.
    static let nMinusTwoDigits: [UInt8] = (0..<64).reversed().map { window in
        (0..<4).reduce(0) { digit, bit in digit | UInt8(nMinusTwo.bit(4 * window + bit)) << UInt8(bit) }
    }

    /// The constant-time inversion (verification does one; its input is public).
    @usableFromInline var invertedVartime: Scalar { inverted }

    @usableFromInline init<Bytes: Collection>(reducingOnce bytes: Bytes) where Bytes.Element == UInt8 {
        let integer = U256(bigEndianBytes: bytes) ?? .zero
        let (reduced, borrow) = U256.subtract(integer, Scalar.n)
        value = Scalar.montgomeryMultiply(U256.select(0 &- borrow, integer, reduced), Scalar.rSquared)
    }

    @usableFromInline init?<Bytes: Collection>(canonicalBigEndian bytes: Bytes) where Bytes.Element == UInt8 {
        guard bytes.count == 32, let integer = U256(bigEndianBytes: bytes),
              U256.lessThanMask(integer, Scalar.n) != 0 else { return nil }
        value = Scalar.montgomeryMultiply(integer, Scalar.rSquared)
    }

    /// The canonical integer: a Montgomery multiplication by 1 leaves the form.
    var canonical: U256 { Scalar.montgomeryMultiply(value, .one) }

    @usableFromInline var canonicalBigEndianBytes: [UInt8] { canonical.bigEndianBytes }

    @usableFromInline func withCanonicalBigEndianBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        canonical.withBigEndianBytes(body)
    }
}

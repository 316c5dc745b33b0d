// Integers modulo the group order n of P-521 (a 521-bit prime with no special form), in Montgomery form
// with R = 2^576: CIOS Montgomery multiplication (Koç, Acar and Kaliski, 1996) on nine limbs with a masked
// final subtraction; inversion by Fermat for signing (constant-time) and by the binary extended Euclidean
// algorithm for verification (public input).

import PureECDSA

@usableFromInline
struct Scalar: ECScalar {
    var value: U576

    @inline(__always)
    init(montgomery value: U576) { self.value = value }

    /// n (SP 800-186 §3.2.1.5).
    static let n = U576((0xbb6f_b71e_9138_6409, 0x3bb5_c9b8_899c_47ae, 0x7fcc_0148_f709_a5d0, 0x5186_8783_bf2f_966b,
                         0xffff_ffff_ffff_fffa, 0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff, 0x1ff))
    /// −n⁻¹ mod 2^64.
    static let nPrime: UInt64 = 0x1d2f_5ccd_79a9_95c7
    /// R² mod n, to enter Montgomery form.
    static let rSquared = U576((0x137c_d04d_cf15_dd04, 0xf707_badc_e554_7ea3, 0x12a7_8d38_7945_73ff, 0xd372_1ef5_57f7_5e06,
                                0xdd6e_23d8_2e49_c7db, 0xcff3_d142_b775_6e3e, 0x5bcc_6d61_a8e5_67bc, 0x2d8e_03d1_492d_0d45, 0x3d))
    /// n − 2, the Fermat exponent.
    static let nMinusTwo = U576((0xbb6f_b71e_9138_6407, 0x3bb5_c9b8_899c_47ae, 0x7fcc_0148_f709_a5d0, 0x5186_8783_bf2f_966b,
                                 0xffff_ffff_ffff_fffa, 0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff, 0x1ff))

    @usableFromInline static let zero = Scalar(montgomery: .zero)
    /// R mod n.
    @usableFromInline static let one = Scalar(montgomery: U576((0xfb80_0000_0000_0000, 0x28a2_4824_70b7_63cd, 0x17e2_251b_23bb_31dc,
                                                                0xca40_19ff_5b84_7b2d, 0x02d7_3cbc_3e20_6834, 0, 0, 0, 0)))

    /// a + b mod n for a, b < n (a + b < 2^522: no carry out of 576 bits).
    @inline(__always) @usableFromInline
    static func + (a: Scalar, b: Scalar) -> Scalar {
        Scalar(montgomery: reduceOnce(U576.add(a.value, b.value).0))
    }

    /// a·b·R⁻¹ mod n. CIOS: for each limb bᵢ, t += a·bᵢ, then t = (t + q·n)/2^64 with q clearing t's low
    /// limb; t stays below 2n < 2^576, so one masked subtraction ends below n.
    @inline(__always) @usableFromInline
    static func * (a: Scalar, b: Scalar) -> Scalar { Scalar(montgomery: montgomeryMultiply(a.value, b.value)) }

    @inline(__always)
    static func montgomeryMultiply(_ a: U576, _ b: U576) -> U576 {
        var t = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        withUnsafeMutableBytes(of: &t) { raw in
            let t = raw.baseAddress!.assumingMemoryBound(to: UInt64.self)
            a.withLimbs { a in b.withLimbs { b in n.withLimbs { n in
                for i in 0..<9 {
                    var carry: UInt64 = 0
                    for j in 0..<9 { (carry, t[j]) = multiplyAdd(a[j], b[i], t[j], carry) }
                    var top: UInt64 = 0
                    t[9] = addWithCarry(t[9], carry, &top)
                    t[10] = top
                    let q = t[0] &* nPrime
                    (carry, _) = multiplyAdd(n[0], q, t[0], 0)
                    for j in 1..<9 { (carry, t[j - 1]) = multiplyAdd(n[j], q, t[j], carry) }
                    var top2: UInt64 = 0
                    t[8] = addWithCarry(t[9], carry, &top2)
                    t[9] = t[10] &+ top2
                }
            } } }
        }
        let result = U576((t.0, t.1, t.2, t.3, t.4, t.5, t.6, t.7, t.8))
        return reduceOnce(result)
    }

    /// a mod n for a < 2n, by one masked subtraction.
    @inline(__always)
    static func reduceOnce(_ a: U576) -> U576 {
        let (reduced, borrow) = U576.subtract(a, n)
        return U576.select(0 &- borrow, a, reduced)
    }

    @usableFromInline var isZeroMask: UInt64 { value.isZeroMask }

    /// a^(n−2) in fixed 4-bit windows of the public exponent n − 2 (131 windows: four squarings and one
    /// multiplication by a table entry each, a⁰ = 1 included): nothing branches on a or on the exponent
    /// (the table an array literal and the loop a `repeat`, for the reasons Modulus384.power gives).
    @usableFromInline var inverted: Scalar { fixedWindowPower(self, hexDigits: Scalar.nMinusTwoDigits) }

    /// The 131 base-16 digits of n − 2, most significant first.
    static let nMinusTwoDigits: [UInt8] = nMinusTwo.withLimbs { limbs in
        (0..<131).reversed().map { UInt8((limbs[$0 / 16] >> UInt64(4 * ($0 % 16))) & 0xf) }
    }

    @usableFromInline var invertedVartime: Scalar {
        let canonical = Scalar.montgomeryMultiply(value, .one)
        return Scalar(montgomery: Scalar.montgomeryMultiply(Scalar.inverseVartime(canonical), Scalar.rSquared))
    }

    /// a⁻¹ mod n for 0 < a < n, canonical in and out. VARIABLE-TIME (binary extended Euclid, Guide to
    /// Elliptic Curve Cryptography, Algorithm 2.22): u ≡ a·x1 and v ≡ a·x2 (mod n) throughout.
    static func inverseVartime(_ a: U576) -> U576 {
        var u = a, v = n
        var x1 = U576.one, x2 = U576.zero
        func halve(_ x: U576) -> U576 {
            guard x.isOdd else { return x.halvedVartime() }
            let (sum, carry) = U576.add(x, n)
            return sum.halvedVartime(topBit: carry)
        }
        func subtractModN(_ a: U576, _ b: U576) -> U576 {
            let (difference, borrow) = U576.subtract(a, b)
            return U576.add(difference, U576.select(0 &- borrow, n, .zero)).0
        }
        while !U576.equalVartime(u, .one) && !U576.equalVartime(v, .one) {
            if u.isZero || v.isZero { return .zero }
            while !u.isOdd { u = u.halvedVartime(); x1 = halve(x1) }
            while !v.isOdd { v = v.halvedVartime(); x2 = halve(x2) }
            if u < v {
                v = U576.subtract(v, u).0
                x2 = subtractModN(x2, x1)
            } else {
                u = U576.subtract(u, v).0
                x1 = subtractModN(x1, x2)
            }
        }
        return U576.equalVartime(u, .one) ? x1 : x2
    }

    /// From ≤ 66 big-endian bytes below 2n (2n < 2^522 fits).
    @usableFromInline init<Bytes: Collection>(reducingOnce bytes: Bytes) where Bytes.Element == UInt8 {
        let integer = Scalar.reduceOnce(U576(bigEndianBytes: bytes) ?? .zero)
        value = Scalar.montgomeryMultiply(integer, Scalar.rSquared)
    }

    @usableFromInline init?<Bytes: Collection>(canonicalBigEndian bytes: Bytes) where Bytes.Element == UInt8 {
        guard bytes.count == 66, let integer = U576(bigEndianBytes: bytes), integer < Scalar.n else { return nil }
        value = Scalar.montgomeryMultiply(integer, Scalar.rSquared)
    }

    @usableFromInline var canonicalBigEndianBytes: [UInt8] { Scalar.montgomeryMultiply(value, .one).bigEndian66 }

    @usableFromInline func withCanonicalBigEndianBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        Scalar.montgomeryMultiply(value, .one).withBigEndian66(body)
    }
}

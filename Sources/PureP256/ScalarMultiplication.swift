// Montgomery multiplication modulo the group order n, with n's limbs as constants so the compiler folds
// them, and REDC rounds that hand their carry to the next round (as in FieldMultiplication.swift).
// Constant-time: fixed sequences and a masked final subtraction.

extension Scalar {
    @usableFromInline static let n0: UInt64 = 0xf3b9_cac2_fc63_2551
    @usableFromInline static let n1: UInt64 = 0xbce6_faad_a717_9e84
    @usableFromInline static let n2: UInt64 = 0xffff_ffff_ffff_ffff
    @usableFromInline static let n3: UInt64 = 0xffff_ffff_0000_0000
    /// −n⁻¹ mod 2^64.
    @usableFromInline static let nPrime: UInt64 = 0xccd1_c8aa_ee00_bc4f

    /// a·b·R⁻¹ mod n for a, b < n.
    @inline(__always)
    static func montgomeryMultiply(_ a: U256, _ b: U256) -> U256 {
        let (r0, r1, r2, r3, r4, r5, r6, r7) = product(a, b)
        return reduce(r0, r1, r2, r3, r4, r5, r6, r7)
    }

    /// REDC of a 512-bit value below n·R: four rounds, then one masked subtraction.
    @inline(__always)
    static func reduce(_ t0: UInt64, _ t1: UInt64, _ t2: UInt64, _ t3: UInt64,
                       _ t4: UInt64, _ t5: UInt64, _ t6: UInt64, _ t7: UInt64) -> U256 {
        var (r0, r1, r2, r3, r4, r5, r6, r7) = (t0, t1, t2, t3, t4, t5, t6, t7)

        var pending: UInt64 = 0
        @inline(__always) func round(_ l0: UInt64, _ l1: inout UInt64, _ l2: inout UInt64, _ l3: inout UInt64, _ l4: inout UInt64) {
            let q = l0 &* nPrime
            var carry: UInt64
            (carry, _) = multiplyAdd(q, n0, l0, 0)          // the low limb becomes zero
            (carry, l1) = multiplyAdd(q, n1, l1, carry)
            (carry, l2) = multiplyAdd(q, n2, l2, carry)
            (carry, l3) = multiplyAdd(q, n3, l3, carry)
            let (s1, c1) = addReportingCarry(l4, carry)
            let (s2, c2) = addReportingCarry(s1, pending)
            pending = c1 &+ c2
            l4 = s2
        }
        round(r0, &r1, &r2, &r3, &r4)
        round(r1, &r2, &r3, &r4, &r5)
        round(r2, &r3, &r4, &r5, &r6)
        round(r3, &r4, &r5, &r6, &r7)
        // (r4…r7) + pending·2^256 < 2n: subtract n unless that borrows with pending = 0.
        let t = U256(r4, r5, r6, r7)
        let (reduced, borrow) = U256.subtract(t, U256(n0, n1, n2, n3))
        return U256.select(bit: borrow & (pending ^ 1), t, reduced)
    }
}

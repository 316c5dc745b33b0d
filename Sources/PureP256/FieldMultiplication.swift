// Multiplication and squaring in GF(p) with a Montgomery reduction specialized to p's shape.
//
// p = 2^256 − 2^224 + 2^192 + 2^96 − 1, so −p⁻¹ ≡ 1 (mod 2^64) and each REDC round's multiplier q is the
// low limb itself. Adding q·p and dropping the (now zero) low limb is, limb by limb from the next one:
//   + q·2^32            (from q·(2^96 − 1)/2^64 + q: the −q cancels the carry q out of the low limb)
//   + 0
//   + q·(2^64 − 2^32 + 1) = one 64×64 multiplication by a constant
// i.e. a shift and one multiplication instead of four multiplications per round (cf. Gueron and Krasnov,
// "Fast prime field elliptic-curve cryptography with 256-bit primes", 2014, §3).
//
// Constant-time: fixed sequences of multiplications, additions with carry and a final subtraction kept or
// dropped by conditional moves (`U256.select(bit:)`).

extension FieldElement {
    /// p's top limb, 2^64 − 2^32 + 1.
    @usableFromInline static let pTop: UInt64 = 0xffff_ffff_0000_0001

    /// a·b·R⁻¹ mod p.
    @inline(__always)
    static func montgomeryMultiply(_ a: U256, _ b: U256) -> U256 {
        let (r0, r1, r2, r3, r4, r5, r6, r7) = product(a, b)
        return reduce(r0, r1, r2, r3, r4, r5, r6, r7)
    }

    /// a²·R⁻¹ mod p.
    @inline(__always)
    static func montgomerySquare(_ a: U256) -> U256 {
        let (r0, r1, r2, r3, r4, r5, r6, r7) = square(a)
        return reduce(r0, r1, r2, r3, r4, r5, r6, r7)
    }

    /// One REDC round with q = l0 (the limb being cleared): + q·2^32 at l1, + q·pTop at l3, and the
    /// previous round's carry out at l4. Returns this round's carry out of l4 for the next round, so no
    /// round waits on a carry rippling to the top limb.
    @inline(__always)
    static func reductionRound(_ q: UInt64, _ l1: inout UInt64, _ l2: inout UInt64, _ l3: inout UInt64,
                               _ l4: inout UInt64, _ pending: UInt64) -> UInt64 {
        var c: UInt64 = 0
        l1 = addWithCarry(l1, q << 32, &c)
        l2 = addWithCarry(l2, q >> 32, &c)
        let (high, low) = q.multipliedFullWidth(by: pTop)
        l3 = addWithCarry(l3, low, &c)
        // high ≤ pTop − 1 = 2^64 − 2^32, so high + c + pending cannot overflow.
        let addend = high &+ c &+ pending
        let (sum, carry) = addReportingCarry(l4, addend)
        l4 = sum
        return carry
    }

    /// REDC of a 512-bit value below p·R: four rounds, then one masked subtraction.
    @inline(__always)
    static func reduce(_ t0: UInt64, _ t1: UInt64, _ t2: UInt64, _ t3: UInt64,
                       _ t4: UInt64, _ t5: UInt64, _ t6: UInt64, _ t7: UInt64) -> U256 {
        var (r1, r2, r3, r4, r5, r6, r7) = (t1, t2, t3, t4, t5, t6, t7)
        let c0 = reductionRound(t0, &r1, &r2, &r3, &r4, 0)
        let c1 = reductionRound(r1, &r2, &r3, &r4, &r5, c0)
        let c2 = reductionRound(r2, &r3, &r4, &r5, &r6, c1)
        let top = reductionRound(r3, &r4, &r5, &r6, &r7, c2)
        // (r4, r5, r6, r7) + top·2^256 < 2p: subtract p unless that borrows with top = 0.
        let t = U256(r4, r5, r6, r7)
        let (reduced, borrow) = U256.subtract(t, modulus.m)
        return U256.select(bit: borrow & (top ^ 1), t, reduced)
    }
}

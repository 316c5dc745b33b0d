// The inverse modulo an odd modulus by the binary extended Euclidean algorithm (Menezes, van Oorschot,
// Vanstone, Handbook of Applied Cryptography, Algorithm 14.61, in its form for an odd modulus), on
// fixed-size limb buffers: one scratch allocation per call, where the division-based Euclid allocates a few
// new BigUInts per step (thousands for 2048 bits). Invariants, for the input a and the odd modulus m:
//     b·a ≡ u (mod m),   d·a ≡ v (mod m),   0 ≤ b, d < m,   u, v ≥ 0 and not both zero
// starting from u = a, v = m, b = 1, d = 0; every step keeps them and shrinks u + v, and when u reaches
// 0, v = gcd(a, m) and d is the inverse if that gcd is 1. Dividing b or d by 2^t modulo m is done up to
// 63 bits at once, by adding the multiple of m that makes it divisible (as a Montgomery reduction does).
// Variable-time: for public values, or for random values used once (RSA signing's blinding factor).

extension BigUInt {
    /// `self⁻¹ mod modulus` for an odd `modulus` > 1, or nil when they have a common factor.
    func inverseVartime(oddModulus modulus: BigUInt) -> BigUInt? {
        let k = modulus.limbs.count
        let a = self < modulus ? self : self % modulus
        guard !a.isZero, modulus.isOdd, modulus > 1 else { return nil }
        let scratch = UnsafeMutablePointer<UInt64>.allocate(capacity: 5 * k)
        defer { scratch.deallocate() }
        let u = scratch, v = scratch + k, b = scratch + 2 * k, d = scratch + 3 * k, m = scratch + 4 * k
        scratch.update(repeating: 0, count: 5 * k)
        for (index, limb) in a.limbs.enumerated() { u[index] = limb }
        for (index, limb) in modulus.limbs.enumerated() { v[index] = limb; m[index] = limb }
        b[0] = 1

        // −m⁻¹ mod 2^64 (Newton's iteration doubles the correct low bits: 5 steps from 3 to 96).
        var inverse = m[0]
        for _ in 0..<5 { inverse = inverse &* (2 &- m[0] &* inverse) }
        let mPrime = 0 &- inverse
        // u and v only shrink: `used` limbs hold both, and the loops over them stop there.
        var used = k
        while !Self.isZero(u, used) {
            Self.removeTwos(u, b, m, mPrime, used, k)
            Self.removeTwos(v, d, m, mPrime, used, k)
            if Self.compare(u, v, used) >= 0 {
                Self.subtract(u, v, used)
                Self.subtractModulo(b, d, m, k)
            } else {
                Self.subtract(v, u, used)
                Self.subtractModulo(d, b, m, k)
            }
            while used > 1 && u[used - 1] == 0 && v[used - 1] == 0 { used -= 1 }
        }
        guard v[0] == 1, (1..<k).allSatisfy({ v[$0] == 0 }) else { return nil }
        return BigUInt(limbs: Array(UnsafeBufferPointer(start: d, count: k)))
    }

    private static func isZero(_ x: UnsafeMutablePointer<UInt64>, _ k: Int) -> Bool {
        for index in 0..<k where x[index] != 0 { return false }
        return true
    }

    /// -1, 0 or 1 as x < y, x = y, x > y.
    private static func compare(_ x: UnsafeMutablePointer<UInt64>, _ y: UnsafeMutablePointer<UInt64>, _ k: Int) -> Int {
        var index = k - 1
        while index >= 0 {
            if x[index] != y[index] { return x[index] < y[index] ? -1 : 1 }
            index -= 1
        }
        return 0
    }

    /// x −= y, returning the borrow out of the top limb (none when x ≥ y).
    @discardableResult
    private static func subtract(_ x: UnsafeMutablePointer<UInt64>, _ y: UnsafeMutablePointer<UInt64>, _ k: Int) -> Bool {
        var borrow = false
        for index in 0..<k {
            let (d1, o1) = x[index].subtractingReportingOverflow(y[index])
            let (d2, o2) = d1.subtractingReportingOverflow(borrow ? 1 : 0)
            x[index] = d2
            borrow = o1 || o2
        }
        return borrow
    }

    /// x = (x − y) mod m, for x, y < m: the difference, plus m when it went below zero (the carry out of
    /// that addition cancels the borrow).
    private static func subtractModulo(_ x: UnsafeMutablePointer<UInt64>, _ y: UnsafeMutablePointer<UInt64>,
                                       _ m: UnsafeMutablePointer<UInt64>, _ k: Int) {
        guard subtract(x, y, k) else { return }
        var carry = false
        for index in 0..<k {
            let (s1, o1) = x[index].addingReportingOverflow(m[index])
            let (s2, o2) = s1.addingReportingOverflow(carry ? 1 : 0)
            x[index] = s2
            carry = o1 || o2
        }
    }

    /// While x is even (and not zero): x /= 2 and c = c/2 mod m. x (of `used` limbs) is shifted once for
    /// all its trailing zeros; c is divided by 2^t mod m up to 63 bits at a time, Montgomery-style:
    /// c + q·m with q = c·(−m⁻¹) mod 2^t is divisible by 2^t and ≡ c (mod m), and (c + q·m)/2^t < m.
    private static func removeTwos(_ x: UnsafeMutablePointer<UInt64>, _ c: UnsafeMutablePointer<UInt64>,
                                   _ m: UnsafeMutablePointer<UInt64>, _ mPrime: UInt64, _ used: Int, _ k: Int) {
        var zeros = 0
        var index = 0
        while index < used && x[index] == 0 { zeros += 64; index += 1 }
        guard index < used else { return }
        zeros += x[index].trailingZeroBitCount
        guard zeros > 0 else { return }
        shiftRight(x, by: zeros, top: 0, used)
        while zeros > 0 {
            let t = min(zeros, 63)
            zeros -= t
            let q = (c[0] &* mPrime) & ((1 << UInt64(t)) &- 1)
            var carry: UInt64 = 0
            for limb in 0..<k {
                let (high, low) = m[limb].multipliedFullWidth(by: q)
                let (s1, o1) = low.addingReportingOverflow(c[limb])
                let (s2, o2) = s1.addingReportingOverflow(carry)
                c[limb] = s2
                carry = high &+ (o1 ? 1 : 0) &+ (o2 ? 1 : 0)
            }
            shiftRight(c, by: t, top: carry, k)
        }
    }

    /// x (of `count` limbs, with `top` as a limb above them) >>= `shift` bits; the top limb's bits come in.
    private static func shiftRight(_ x: UnsafeMutablePointer<UInt64>, by shift: Int, top: UInt64, _ count: Int) {
        let limbShift = shift / 64, bitShift = UInt64(shift % 64)
        @inline(__always) func limb(_ index: Int) -> UInt64 { index < count ? x[index] : index == count ? top : 0 }
        for target in 0..<count {
            let low = limb(target + limbShift), high = limb(target + limbShift + 1)
            x[target] = bitShift == 0 ? low : (low >> bitShift) | (high << (64 - bitShift))
        }
    }
}

// Modular exponentiation, gcd, modular inverse and random numbers below a bound.

extension BigUInt {
    /// `self^exponent mod modulus`. Odd moduli use Montgomery arithmetic (constant-time in the exponent's
    /// bits, see `MontgomeryContext.power`); even moduli use square-and-multiply with division, which is
    /// variable-time. Traps if `modulus` is zero.
    public func power(_ exponent: BigUInt, modulus: BigUInt) -> BigUInt {
        precondition(!modulus.isZero, "modulus is zero")
        if modulus == 1 { return BigUInt() }
        if let context = MontgomeryContext(modulus: modulus) { return context.power(self, exponent) }
        var result: BigUInt = 1
        var base = self % modulus
        for bit in 0..<exponent.bitWidth {
            if exponent.bit(bit) { result = result * base % modulus }
            base = base * base % modulus
        }
        return result
    }

    /// `self^exponent mod modulus`, variable-time in the exponent: for public exponents only (e.g. an RSA
    /// public exponent). Traps if `modulus` is zero.
    public func powerVartime(_ exponent: BigUInt, modulus: BigUInt) -> BigUInt {
        precondition(!modulus.isZero, "modulus is zero")
        if modulus == 1 { return BigUInt() }
        if let context = MontgomeryContext(modulus: modulus) { return context.powerVartime(self, exponent) }
        return power(exponent, modulus: modulus)
    }

    /// `self^exponent` (no modulus). Variable-time.
    public func power(_ exponent: Int) -> BigUInt {
        precondition(exponent >= 0, "negative exponent")
        var result: BigUInt = 1
        var base = self
        var e = exponent
        while e > 0 {
            if e & 1 == 1 { result *= base }
            e >>= 1
            if e > 0 { base *= base }
        }
        return result
    }

    /// The greatest common divisor (Euclid). gcd(0, 0) = 0.
    public func greatestCommonDivisor(with other: BigUInt) -> BigUInt {
        var a = self, b = other
        while !b.isZero { (a, b) = (b, a % b) }
        return a
    }

    /// The inverse of `self` modulo `modulus`, or nil if none exists (gcd ≠ 1 or modulus < 2).
    /// Variable-time: the binary algorithm on fixed-size buffers for an odd modulus
    /// (BinaryInversion.swift), extended Euclid otherwise.
    public func inverse(modulo modulus: BigUInt) -> BigUInt? {
        guard modulus > 1 else { return nil }
        if modulus.isOdd { return inverseVartime(oddModulus: modulus) }
        return inverseByDivision(modulo: modulus)
    }

    /// Extended Euclid by division, for any modulus > 1 (the tests compare the binary algorithm and the
    /// constant-time one with it). RSA signing inverts its blinding factor by safegcd instead
    /// (ConstantTimeInversion.swift; Docs/Security.md, the RSA-2048 timing runs of 2026-11-27).
    package func inverseByDivision(modulo modulus: BigUInt) -> BigUInt? {
        guard modulus > 1 else { return nil }
        // Invariants: r0 ≡ s0·self, r1 ≡ s1·self (mod modulus), with s kept as signed magnitudes.
        var r0 = modulus, r1 = self % modulus
        var s0 = BigInt(0), s1 = BigInt(1)
        while !r1.isZero {
            let (q, r) = r0.quotientAndRemainder(dividingBy: r1)
            (r0, r1) = (r1, r)
            (s0, s1) = (s1, s0 - BigInt(q) * s1)
        }
        guard r0 == 1 else { return nil }
        let m = BigInt(modulus)
        return ((s0 % m + m) % m).magnitude
    }

    /// A uniformly random value in `0..<bound`, by rejection sampling from `generator`. Traps if `bound`
    /// is zero.
    public static func random<G: RandomNumberGenerator>(below bound: BigUInt, using generator: inout G) -> BigUInt {
        precondition(!bound.isZero, "random(below:) needs a positive bound")
        let bits = bound.bitWidth
        let limbCount = (bits + 63) / 64
        let topMask: UInt64 = bits % 64 == 0 ? .max : (1 << UInt64(bits % 64)) - 1
        while true {
            var limbs = (0..<limbCount).map { _ in generator.next() as UInt64 }
            limbs[limbCount - 1] &= topMask
            let candidate = BigUInt(limbs: limbs)
            if candidate < bound { return candidate }
        }
    }

    /// A uniformly random value in `0..<bound` from the system's CSPRNG.
    public static func random(below bound: BigUInt) -> BigUInt {
        var generator = SystemRandomNumberGenerator()
        return random(below: bound, using: &generator)
    }
}

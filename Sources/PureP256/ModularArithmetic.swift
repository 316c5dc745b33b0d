// Arithmetic modulo a 256-bit odd modulus m in Montgomery form (R = 2^256), shared by the field (mod p)
// and the scalars (mod n). Constant-time: fixed operation sequences, masked final corrections.

/// The constants of one modulus.
@usableFromInline
struct Modulus: Sendable {
    let m: U256
    /// −m⁻¹ mod 2^64.
    let m0Inverse: UInt64
    /// R² mod m, to enter Montgomery form.
    let rSquared: U256
    /// R mod m: the Montgomery form of 1.
    let one: U256
}

extension Modulus {
    /// (a + b) mod m for a, b < m.
    @_transparent
    func add(_ a: U256, _ b: U256) -> U256 {
        let (sum, carry) = U256.add(a, b)
        let (reduced, borrow) = U256.subtract(sum, m)
        // Keep the sum when it is below m: no carry out and the subtraction borrowed.
        return U256.select(bit: borrow & (carry ^ 1), sum, reduced)
    }

    /// (a − b) mod m for a, b < m.
    @_transparent
    func subtract(_ a: U256, _ b: U256) -> U256 {
        let (difference, borrow) = U256.subtract(a, b)
        let (corrected, _) = U256.add(difference, U256.select(0 &- borrow, m, .zero))
        return corrected
    }

    /// −a mod m for a < m.
    @_transparent
    func negate(_ a: U256) -> U256 { subtract(.zero, a) }

    /// a·b·R⁻¹ mod m for a, b < m (CIOS, four limbs fully unrolled by the compiler).
    @inline(__always)
    func multiply(_ a: U256, _ b: U256) -> U256 {
        var t0: UInt64 = 0, t1: UInt64 = 0, t2: UInt64 = 0, t3: UInt64 = 0, t4: UInt64 = 0
        @inline(__always) func step(_ bi: UInt64) {
            // t += a·bi
            var c: UInt64
            (c, t0) = multiplyAdd(a.w0, bi, t0, 0)
            (c, t1) = multiplyAdd(a.w1, bi, t1, c)
            (c, t2) = multiplyAdd(a.w2, bi, t2, c)
            (c, t3) = multiplyAdd(a.w3, bi, t3, c)
            let (s4, t5) = addReportingCarry(t4, c)
            // t = (t + q·m) / 2^64
            let q = t0 &* m0Inverse
            (c, _) = multiplyAdd(m.w0, q, t0, 0)
            (c, t0) = multiplyAdd(m.w1, q, t1, c)
            (c, t1) = multiplyAdd(m.w2, q, t2, c)
            (c, t2) = multiplyAdd(m.w3, q, t3, c)
            let (s, carry) = addReportingCarry(s4, c)
            t3 = s
            t4 = t5 &+ carry
        }
        step(b.w0); step(b.w1); step(b.w2); step(b.w3)
        // t < 2m: subtract m unless that borrows with no fifth limb.
        let t = U256(t0, t1, t2, t3)
        let (reduced, borrow) = U256.subtract(t, m)
        return U256.select(bit: borrow & (t4 ^ 1), t, reduced)
    }

    @inline(__always)
    func square(_ a: U256) -> U256 { multiply(a, a) }

    /// a^e for a public exponent e (Montgomery form in and out). Constant-time in `a`; the sequence of
    /// operations depends only on `e`, which is a fixed public constant in every use (p − 2, n − 2,
    /// (p + 1)/4).
    func power(_ a: U256, _ exponent: U256) -> U256 {
        var result = one
        var bit = 255
        while bit >= 0 {
            result = square(result)
            if exponent.bit(bit) == 1 { result = multiply(result, a) }
            bit -= 1
        }
        return result
    }

    /// Reduces a value below 2^256 into [0, m) (one conditional subtraction suffices for p and n, both
    /// above 2^255).
    @inline(__always)
    func reduceOnce(_ a: U256) -> U256 {
        let (reduced, borrow) = U256.subtract(a, m)
        return U256.select(0 &- borrow, a, reduced)
    }
}

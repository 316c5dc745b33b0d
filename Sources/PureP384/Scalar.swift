// Integers modulo the group order n, for ECDSA verification (FIPS 186-5 §6.4.2): w = s⁻¹, u1 = e·w and
// u2 = r·w. Verification handles public values only, so the inversion is the variable-time binary
// extended Euclidean algorithm, much faster than a constant-time exponentiation to n − 2.

extension Modulus384 {
    /// a⁻¹ mod m for 0 < a < m (m odd), canonical in and out. VARIABLE-TIME: the loop's path depends on a.
    /// Menezes, van Oorschot and Vanstone, "Handbook of Applied Cryptography", Algorithm 14.61 as
    /// simplified for an odd modulus (Guide to Elliptic Curve Cryptography, Algorithm 2.22): u·x1 ≡ a·…
    /// invariants u ≡ a·x1 and v ≡ a·x2 (mod m) hold throughout.
    func inverseVartime(_ a: U384) -> U384 {
        var u = a, v = m
        var x1 = U384.one, x2 = U384.zero
        /// x/2 mod m: x itself when even, (x + m)/2 when odd (x + m may carry into a 385th bit).
        @inline(__always) func halve(_ x: U384) -> U384 {
            guard x.isOdd else { return x.shiftedRightVartime(1) }
            let (sum, carry) = U384.add(x, m)
            return sum.shiftedRightVartime(1, topBit: carry)
        }
        while u != .one && v != .one {
            if u.isZero || v.isZero { return .zero }   // not invertible; cannot happen for 0 < a < m prime
            while !u.isOdd {
                u = u.shiftedRightVartime(1)
                x1 = halve(x1)
            }
            while !v.isOdd {
                v = v.shiftedRightVartime(1)
                x2 = halve(x2)
            }
            if u < v {
                v = U384.subtract(v, u).0
                x2 = subtract(x2, x1)
            } else {
                u = U384.subtract(u, v).0
                x1 = subtract(x1, x2)
            }
        }
        return u == .one ? x1 : x2
    }

    /// a·b mod m for canonical a, b < m (two Montgomery multiplications: a·R, then (a·R)·b·R⁻¹).
    @inline(__always)
    func multiplyCanonical(_ a: U384, _ b: U384) -> U384 { multiply(toMontgomery(a), b) }
}

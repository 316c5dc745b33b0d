// s⁻¹ mod n for ECDSA verification by the binary extended Euclidean algorithm (Hankerson, Menezes and
// Vanstone, "Guide to Elliptic Curve Cryptography", Algorithm 2.22).
//
// VARIABLE-TIME: the number of steps and every branch depend on the value. Only for public values (the
// signature's s); signing inverts its secret nonce with the constant-time `Scalar.inverted`. About four
// times faster than exponentiation by n − 2, because it needs no multiplications.

extension Scalar {
    /// The inverse of a canonical value in [1, n − 1], as a canonical value; zero for zero.
    static func invertedVartime(_ a: U256) -> U256 {
        if a.isZeroMask != 0 { return .zero }
        let n = order
        let one = U256(1, 0, 0, 0)
        // Invariants: x1·a ≡ u and x2·a ≡ v (mod n); gcd(u, v) = gcd(a, n) = 1.
        var u = a, v = n
        var x1 = one, x2 = U256.zero
        while u != one && v != one {
            while u.w0 & 1 == 0 {
                u = u.shiftedRightOne()
                x1 = halvedModN(x1)
            }
            while v.w0 & 1 == 0 {
                v = v.shiftedRightOne()
                x2 = halvedModN(x2)
            }
            if U256.lessThanMask(u, v) == 0 {
                u = U256.subtract(u, v).0
                x1 = modulus.subtract(x1, x2)
            } else {
                v = U256.subtract(v, u).0
                x2 = modulus.subtract(x2, x1)
            }
        }
        return u == one ? x1 : x2
    }

    /// x/2 mod n for x < n: x/2 when x is even, (x + n)/2 when it is odd.
    @inline(__always)
    private static func halvedModN(_ x: U256) -> U256 {
        if x.w0 & 1 == 0 { return x.shiftedRightOne() }
        let (sum, carry) = U256.add(x, order)
        return sum.shiftedRightOne(topBit: carry)
    }
}

// Inversion and square roots in GF(p), p = 2^448 − 2^224 − 1, by one fixed addition chain for
// x^((p − 3)/4), so the work never depends on the value. (p − 3)/4 = 2^446 − 2^222 − 1 is, in binary,
// 223 ones, a zero, then 222 ones: x^(2^223 − 1) squared 223 times, times x^(2^222 − 1). The chain builds
// t_k = x^(2^k − 1) from t_(a + b) = t_a^(2^b)·t_b: 451 squarings and 12 multiplications.

extension FieldElement {
    /// self^((p − 3)/4).
    var powerPMinus3Over4: FieldElement {
        let t1 = self
        let t2 = t1.squared * t1
        let t3 = t2.squared * t1
        let t6 = t3.squared(times: 3) * t3
        let t12 = t6.squared(times: 6) * t6
        let t24 = t12.squared(times: 12) * t12
        let t30 = t24.squared(times: 6) * t6
        let t48 = t24.squared(times: 24) * t24
        let t96 = t48.squared(times: 48) * t48
        let t192 = t96.squared(times: 96) * t96
        let t222 = t192.squared(times: 30) * t30
        let t223 = t222.squared * t1
        return t223.squared(times: 223) * t222
    }

    /// 1/self, as self^(p − 2) = (self^((p − 3)/4))^4 · self; zero for zero. Constant-time.
    var inverted: FieldElement { powerPMinus3Over4.squared(times: 2) * self }

    /// A square root of u/v when there is one (RFC 8032 §5.2.3): x = u³v·(u⁵v³)^((p − 3)/4), which satisfies
    /// v·x² = u exactly when u/v is a square (p ≡ 3 mod 4). Returns x and an all-ones mask when it does, the
    /// mask zero when not. Constant-time (the caller decides what a failure means).
    static func squareRootOfRatio(_ u: FieldElement, _ v: FieldElement) -> (root: FieldElement, isSquareMask: UInt64) {
        let u2 = u.squared, v2 = v.squared
        let u3v = u2 * u * v
        let u5v3 = u3v * u2 * v2
        let x = u3v * u5v3.powerPMinus3Over4
        return (x, (v * x.squared - u).isZeroMask)
    }
}

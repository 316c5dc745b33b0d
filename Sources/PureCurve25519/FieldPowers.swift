// Square roots in GF(2^255 − 19) by exponentiation with a fixed addition chain (the one of ref10 and Go),
// so the work never depends on the value; inversion by PureBigInt's constant-time safegcd, about twice as
// fast as that chain's x^(p − 2) (254 squarings and 11 multiplications), which ref10, Go and BoringSSL use.

import PureBigInt

extension FieldElement {
    /// self^(2^250 − 1) and self^11, the common prefix of both chains.
    @inline(__always)
    private func power2To250MinusOne() -> (t: FieldElement, x11: FieldElement) {
        let x2 = squared                         // 2
        let x8 = x2.squared(times: 2)            // 8
        let x9 = self * x8                       // 9
        let x11 = x2 * x9                        // 11
        let x22 = x11.squared                    // 22
        let t5 = x9 * x22                        // 2^5 − 1
        let t10 = t5.squared(times: 5) * t5      // 2^10 − 1
        let t20 = t10.squared(times: 10) * t10   // 2^20 − 1
        let t40 = t20.squared(times: 20) * t20   // 2^40 − 1
        let t50 = t40.squared(times: 10) * t10   // 2^50 − 1
        let t100 = t50.squared(times: 50) * t50  // 2^100 − 1
        let t200 = t100.squared(times: 100) * t100 // 2^200 − 1
        let t250 = t200.squared(times: 50) * t50 // 2^250 − 1
        return (t250, x11)
    }

    /// 1/self, zero for zero; constant-time (safegcd: 10 batches of 59 divsteps, SafeGCD256.swift in
    /// PureBigInt).
    var inverted: FieldElement {
        FieldElement(words: fieldSafeGCDModulus.inverse(canonicalWords))
    }

    /// self^((p − 5)/8) = self^(2^252 − 3), the exponent of RFC 8032 §5.1.3's square root.
    var powerPMinus5Over8: FieldElement {
        let (t250, _) = power2To250MinusOne()
        return t250.squared(times: 2) * self     // 2^252 − 4 + 1
    }

    /// A square root of u/v when there is one (RFC 8032 §5.1.3 step 3): x = u·v³·(u·v⁷)^((p−5)/8), and
    /// then x, x·√−1, or none. Returns the root and a mask, all ones when u/v is a square (v ≠ 0).
    static func squareRoot(ratio u: FieldElement, _ v: FieldElement) -> (root: FieldElement, isSquare: UInt64) {
        let v3 = v.squared * v
        let v7 = v3.squared * v
        var x = u * v3 * (u * v7).powerPMinus5Over8
        let check = v * x.squared
        let isRoot = check.equalityMask(u)
        let isNegativeRoot = check.equalityMask(-u)
        x = select(isNegativeRoot & ~isRoot, x * sqrtMinusOne, x)
        return (x, isRoot | isNegativeRoot)
    }
}

/// p = 2^255 − 19 for `SafeGCDModulus.inverse`.
let fieldSafeGCDModulus = SafeGCDModulus((0xffff_ffff_ffff_ffed, 0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff, 0x7fff_ffff_ffff_ffff))

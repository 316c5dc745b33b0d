// Variable-time modular inversion for public values (ECDSA verification's s⁻¹), by the same safegcd
// machinery as SafeGCD256.swift, in the variable-time form of libsecp256k1's `modinv64_var`
// (P. Wuille, doc/safegcd_implementation.md §5–6 there): the original divstep with δ (not the half-δ
// variant), a batch that consumes g's trailing zeros in one shift and cancels up to six low bits of g
// with one multiple of f, and batches that stop once g = 0 instead of running a fixed count.
//
// VARIABLE-TIME: how many batches run, and how many iterations each takes, depend on the input. Use it
// for public values only; the signing nonce's inverse and the affine conversion of k·G use the
// constant-time `inverse`.
//
// The divstep, with η = −δ and δ starting at 1 (Bernstein and Yang, §8 of "Fast constant-time gcd
// computation and modular inversion", TCHES 2019):
//   δ > 0 and g odd:  (δ, f, g) ← (1 − δ, g, (g − f)/2)
//   otherwise:        (δ, f, g) ← (1 + δ, f, (g + (g mod 2)·f)/2)
// A batch below makes exactly 62 of them, in three moves that each stand for several:
//   - g even: ζ trailing zeros are ζ halvings (δ grows by ζ, the f row doubles ζ times);
//   - g odd and δ > 0: the swap (f, g) ← (g, −f), δ ← −δ, after which g is again added to;
//   - g odd, δ ≤ 0: the next `limit` divsteps add f whenever g is odd and halve, which together add
//     w·f for the w ≡ −g/f (mod 2^limit) that clears g's low `limit` bits; `limit` ≤ η + 1 keeps δ ≤ 0
//     before each of them, so no swap is skipped, and ≤ 6 because f⁻¹ mod 64 is computed directly.
// The matrix has |u| + |v| ≤ 2^62 and |q| + |r| ≤ 2^62 (each divstep at most doubles a row's size), the
// condition under which `updateDE` keeps d and e in (−2M, M) and `updateFG` divides exactly.
//
// Termination: for |f|, |g| < 2^256 the original divstep reaches g = 0 within ⌊(49·256 + 57)/17⌋ = 741
// steps (Bernstein–Yang, Theorem 11.2), so 12 batches of 62 always suffice; the loop is capped there.

extension SafeGCDModulus {
    /// x⁻¹ mod M for x in [0, M) (0 for 0), plain integers in and out. Variable-time: public x only.
    ///
    /// The driver mirrors `inverse` line for line but is kept apart on purpose: `inverse`'s machine code
    /// is checked for conditional jumps (scripts/audit-branches.sh), and a shared generic driver would
    /// bring this one's early exit into the code that check covers.
    package func inverseVartime(_ x: Words256) -> Words256 {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else {
            return inverseVartime(x, accumulating: WideSum.self)
        }
        return inverseVartime(x, accumulating: NativeWideSum.self)
    }

    /// `inverseVartime` with the two-word accumulator: for the tests.
    package func inverseVartimeWithTwoWordSums(_ x: Words256) -> Words256 {
        inverseVartime(x, accumulating: WideSum.self)
    }

    /// `inverseVartime` with the given 128-bit accumulator (Int128 where the platform has it; both in
    /// the tests).
    @inline(__always)
    func inverseVartime<Sum: SafeGCDAccumulator>(_ x: Words256, accumulating: Sum.Type) -> Words256 {
        var f = m, g = Signed62(x)
        var d = Signed62(0, 0, 0, 0, 0), e = Signed62(1, 0, 0, 0, 0)
        var eta: Int64 = -1                         // η = −δ, δ = 1
        for _ in 0..<12 {
            if (g.v0 | g.v1 | g.v2 | g.v3 | g.v4) == 0 { break }
            let t = Self.divsteps62Vartime(&eta, f.v0, g.v0)
            updateDE(&d, &e, t, Sum.self)
            Self.updateFG(&f, &g, t, Sum.self)
        }
        // g = 0 and f = ±1 (or f = M for x = 0, where d = 0): x⁻¹ = sign(f)·d.
        return normalized(d, negate: f.v4 >> 63)
    }

    /// 62 divsteps on the low 62 bits of f and g (f odd). Returns their matrix, scaled by 2^62.
    @inline(__always)
    static func divsteps62Vartime(_ eta: inout Int64, _ f0: Int64, _ g0: Int64) -> DivstepMatrix {
        // Invariant: f·2^(62−i) = u·f0 + v·g0 and g·2^(62−i) = q·f0 + r·g0 (low bits), i steps to go.
        var f = UInt64(bitPattern: f0), g = UInt64(bitPattern: g0)
        var u: Int64 = 1, v: Int64 = 0, q: Int64 = 0, r: Int64 = 1
        var i = 62
        var n = eta
        // Every pass but the last ends with g ≡ 0 (mod 2), so the next one takes at least one step: at
        // most 63 passes. (The bound also keeps a broken invariant — an even f — from looping forever.)
        for _ in 0..<63 {
            // g's trailing zeros (at most i): that many halvings.
            let zeros = (g | (UInt64.max &<< UInt64(i))).trailingZeroBitCount
            g &>>= UInt64(zeros)
            u &<<= Int64(zeros)
            v &<<= Int64(zeros)
            n -= Int64(zeros)
            i -= zeros
            if i == 0 { break }
            // g is odd. With δ > 0 (η < 0), the swap: (f, g) ← (g, −f), η ← −η.
            if n < 0 {
                n = -n
                (f, g) = (g, 0 &- f)
                (u, q) = (q, 0 &- u)
                (v, r) = (r, 0 &- v)
            }
            // Clear up to six low bits of g with w·f, w = −g·f⁻¹ mod 2^limit; f⁻¹ mod 64 is
            // f·(2 − f²) (Newton's step from f, which is its own inverse mod 8).
            let limit = min(Int(n) + 1, i, 6)
            let mask = (UInt64(1) << UInt64(limit)) &- 1
            let w = (g &* f &* (f &* f &- 2)) & mask
            g &+= f &* w
            q &+= u &* Int64(bitPattern: w)
            r &+= v &* Int64(bitPattern: w)
        }
        eta = n
        return DivstepMatrix(u: u, v: v, q: q, r: r)
    }
}

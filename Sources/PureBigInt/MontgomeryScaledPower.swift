// A modular power that never enters Montgomery form, for RSA verification (PureRSA's
// PKCS1v15Verification.swift).
//
// Montgomery multiplication of raw numbers (not of a·R) is still a multiplication, with an extra factor:
// REDC(x·y) = x·y·R⁻¹ mod n. Square-and-multiply on the raw base therefore ends at
//
//   base^e · R^(−f(e)) mod n,
//
// where f(e) depends on the exponent alone: f starts at 0 for the leading bit, a squaring maps f to
// 2f + 1 and a multiplication by the base to f + 1 (e = 65537: sixteen squarings, one multiplication,
// f = 65536). The factor R^(−f(e)) mod n is what the same chain gives for the base 1, so a caller that
// computes it once per (n, e) can compare scaled values instead of paying, on every call, for the
// conversion into Montgomery form (one multiplication by R² mod n: 1 of the 18 multiplications of an
// RSA-2048 verification with e = 65537). R is invertible modulo an odd n, so the factor is too: multiplying
// both sides of a congruence by it neither makes nor breaks equality.
//
// Variable-time in the exponent's bits: for public exponents only.

extension MontgomeryContext {
    /// `base^exponent · R^(−f) mod n`, R = 2^(64·count) (2^(bL) where the vector kernels run:
    /// 1024- to 4096-bit n on x86-64, MontgomeryRadix28Power.swift), with f fixed by the exponent's bits (see the top
    /// of this file); `scaledPowerVartime(1, e)` is the factor R^(−f) itself. Square-and-multiply on the
    /// raw base with the variable-time kernels: for public exponents (RSA's are at most 33 bits), whose
    /// bits it branches on.
    package func scaledPowerVartime(_ base: BigUInt, _ exponent: BigUInt) -> BigUInt {
        if exponent.isZero { return modulus == 1 ? BigUInt() : BigUInt(1) }
        return withWorkspace { w in
            load(reduced(base), into: w.y)                       // the raw base, below n
            if let radix28, exponent.bitWidth <= 64 {
                // R = 2^(bL) on this path: the same exponent's factor comes out of it too.
                radix28PowerVartime(radix28, base: w.y, exponent: exponent, scaled: true, into: w.x)
                return BigUInt(limbs: Array(UnsafeBufferPointer(start: w.x, count: count)))
            }
            var x = w.x, scratch = w.z
            x.update(from: w.y, count: count)                     // the leading bit: x = base, f = 0
            var bit = exponent.bitWidth - 2
            while bit >= 0 {
                montgomerySquareVartime(scratch, x, w.t)          // f → 2f + 1
                if exponent.bit(bit) {
                    montgomeryMultiplyVartime(x, scratch, w.y, w.t)   // f → f + 1
                } else {
                    swap(&x, &scratch)
                }
                bit -= 1
            }
            return BigUInt(limbs: Array(UnsafeBufferPointer(start: x, count: count)))
        }
    }
}

extension MontgomeryContext {
    /// `(a + small·b) · 2^(−64·j) mod n` for a, b < n and the j limbs of `small`: j rounds of Montgomery
    /// reduction instead of k, about 2·j·k multiply-adds. For RSA verification, where `small` is the
    /// four-limb digest and a, b are the key's precomputed constants scaled by 2^(64·j) (so that the
    /// result is the expected block times the scale factor, PKCS1v15Verification.swift).
    /// Variable-time.
    package func multiplyAddReducedVartime(_ a: BigUInt, _ small: [UInt64], _ b: BigUInt) -> BigUInt {
        let k = count, j = small.count
        precondition(a < modulus && b < modulus, "the operands must be reduced")
        // a + small·b < n + 2^(64j)·n, and each round adds less than 2^(64j)·n more: k + j + 1 limbs hold it.
        let size = k &+ j &+ 1
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: size) { buffer in
            let t = buffer.baseAddress!
            t.initialize(repeating: 0, count: size)
            a.limbs.withUnsafeBufferPointer { if let base = $0.baseAddress { t.update(from: base, count: $0.count) } }
            b.limbs.withUnsafeBufferPointer { bb in
                guard let bp = bb.baseAddress else { return }
                for i in 0..<j {
                    let high = multiplyAddLimbs(t + i, bp, small[i], count: bb.count)
                    _ = addCarry(t + (i &+ bb.count), high, count: size &- i &- bb.count)
                }
            }
            // j rounds: round i adds m·n·2^(64i), m chosen to clear limb i.
            n.withUnsafeBufferPointer { nb in
                let np = nb.baseAddress!
                for i in 0..<j {
                    let m = t[i] &* n0Inverse
                    let high = multiplyAddLimbs(t + i, np, m, count: k)
                    _ = addCarry(t + (i &+ k), high, count: size &- i &- k)
                }
            }
            // t[j...] < 3n: subtract n while it is at least n.
            let upper = t + j, upperCount = k &+ 1
            n.withUnsafeBufferPointer { nb in
                while upper[k] != 0 || compareLimbs(upper, nb.baseAddress!, count: k) >= 0 {
                    let borrow = subtractLimbs(upper, nb.baseAddress!, count: k)
                    upper[k] &-= borrow
                }
            }
            return BigUInt(limbs: Array(UnsafeBufferPointer(start: upper, count: upperCount)))
        }
    }
}

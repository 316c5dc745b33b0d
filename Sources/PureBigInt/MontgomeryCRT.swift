// RSA's private operation by the Chinese remainder theorem (RFC 8017 §5.1.2, step 2b), on fixed-size limbs
// and in constant time, for keys whose primes have the same limb count (every key RSAKeyGeneration.swift
// makes, and every common one):
//
//   m1 = c^dp mod p,  m2 = c^dq mod q,  h = qInv·(m1 − m2) mod p,  s = m2 + h·q.
//
// Each step is a Montgomery operation, so that no time depends on c, p, q or the exponents:
// - c mod p: c < p·q < p·R (R = 2^(64k)), so one REDC gives c·R⁻¹ mod p, and a multiplication by R³ mod p
//   (precomputed) gives c·R, the Montgomery form the exponentiation starts from — where a division by p
//   (BigUInt's `%`) would take time that depends on p's top limbs.
// - m1 − m2 mod p: REDC of each (m2 < q < R) gives m1·R⁻¹ and m2·R⁻¹ mod p; their difference, plus p by
//   mask when it borrows; a multiplication by qInv·R² mod p (precomputed) gives h.
// - s = m2 + h·q below n: a schoolbook product and an addition, their carries by the constant-time policy.
// The exponentiations are `powerOfMontgomeryForm` (Montgomery.swift): the constant-time 5-bit window over
// all k limbs of dp and dq.

extension MontgomeryContext {
    /// The CRT half of an RSA private key, and its constants in Montgomery form.
    package struct CRTHalf: Sendable {
        let context: MontgomeryContext
        /// The private exponent for this prime (dp or dq), k limbs.
        let exponent: [UInt64]
        /// R³ mod the prime.
        let rCubed: [UInt64]
    }
}

/// RSA's CRT private operation, constant-time, for a key whose primes p and q have the same limb count.
package struct RSACRTOperation: Sendable {
    let p: MontgomeryContext.CRTHalf
    let q: MontgomeryContext.CRTHalf
    /// q's limbs, k of them.
    let qLimbs: [UInt64]
    /// qInv·R² mod p, k limbs.
    let qInverseR2: [UInt64]

    /// The operation for primes p, q (odd, > 1) of the same limb count, dp < p, dq < q and qInv < p; nil
    /// for other sizes (then the caller's general path runs). The constants are computed here, once per key.
    package init?(p: BigUInt, q: BigUInt, dp: BigUInt, dq: BigUInt, qInverse: BigUInt) {
        guard let contextP = MontgomeryContext(modulus: p), let contextQ = MontgomeryContext(modulus: q),
              contextP.count == contextQ.count, dp < p, dq < q, qInverse < p else { return nil }
        let k = contextP.count
        func limbs(_ value: BigUInt) -> [UInt64] { value.limbs + [UInt64](repeating: 0, count: k - value.limbs.count) }
        func half(_ context: MontgomeryContext, _ exponent: BigUInt) -> MontgomeryContext.CRTHalf {
            let r2 = BigUInt(limbs: context.rSquared)
            return MontgomeryContext.CRTHalf(context: context, exponent: limbs(exponent),
                                             rCubed: limbs((r2 << (64 * k)) % context.modulus))
        }
        self.p = half(contextP, dp)
        self.q = half(contextQ, dq)
        qLimbs = limbs(q)
        qInverseR2 = limbs((qInverse << (128 * k)) % p)
    }

    /// c^d mod n for c < n = p·q, by the CRT; nil when c has more than 2k limbs (it cannot, below n).
    /// One heap buffer for all of it (the workspace, with the exponentiation's table, is above the size
    /// the standard library keeps on the stack), zeroed before it is freed.
    package func apply(_ c: BigUInt) -> BigUInt? {
        let k = p.context.count
        guard c.limbs.count <= 2 * k else { return nil }
        let workspaceCount = MontgomeryContext.workspaceCount(limbs: k, powerTable: true)
        let size = workspaceCount + 2 * k
        let buffer = UnsafeMutablePointer<UInt64>.allocate(capacity: size)
        buffer.initialize(repeating: 0, count: size)
        defer {
            buffer.update(repeating: 0, count: size)
            buffer.deallocate()
        }
        let m1 = buffer + workspaceCount, m2 = m1 + k
        exponentiate(c, q, workspace: q.context.workspace(at: buffer, powerTable: true), into: m2)
        let w = p.context.workspace(at: buffer, powerTable: true)
        exponentiate(c, p, workspace: w, into: m1)
        let context = p.context
        // m1·R⁻¹ and m2·R⁻¹ mod p.
        context.reduceWide(UnsafeBufferPointer(start: m1, count: k), into: w.x, w.t)
        context.reduceWide(UnsafeBufferPointer(start: m2, count: k), into: w.y, w.t)
        // (m1 − m2)·R⁻¹ mod p: the difference, plus p when it borrowed (by mask).
        var borrow: UInt64 = 0
        for j in 0..<k {
            let x = w.x[j], y = w.y[j]
            let d1 = x &- y
            let d2 = d1 &- borrow
            borrow = ConstantTimeCarries.borrow(x, y, d1) | ConstantTimeCarries.borrow(d1, borrow, d2)
            w.z[j] = d2
        }
        let addP = constantTimeBarrier(0 &- borrow)
        var carry: UInt64 = 0
        context.n.withUnsafeBufferPointer { pb in
            for j in 0..<k {
                let z = w.z[j], pj = pb[j] & addP
                let s1 = z &+ pj
                let s2 = s1 &+ carry
                carry = ConstantTimeCarries.carry(z, pj, s1) | ConstantTimeCarries.carry(s1, carry, s2)
                w.z[j] = s2
            }
        }
        // h = (m1 − m2)·qInv mod p.
        qInverseR2.withUnsafeBufferPointer { context.montgomeryMultiply(w.x, w.z, $0.baseAddress!, w.t) }
        // s = m2 + h·q, 2k limbs in t.
        w.t.update(repeating: 0, count: 2 * k)
        qLimbs.withUnsafeBufferPointer { qb in
            for i in 0..<k {
                let hi = w.x[i]
                var carry: UInt64 = 0
                for j in 0..<k {
                    let (high, low) = hi.multipliedFullWidth(by: qb[j])
                    let tij = w.t[i + j]
                    let s1 = low &+ tij
                    let s2 = s1 &+ carry
                    carry = high &+ ConstantTimeCarries.carry(low, tij, s1) &+ ConstantTimeCarries.carry(s1, carry, s2)
                    w.t[i + j] = s2
                }
                w.t[i + k] = carry
            }
        }
        carry = 0
        for j in 0..<(2 * k) {
            let tj = w.t[j], mj = j < k ? m2[j] : 0          // j < k: public
            let s1 = tj &+ mj
            let s2 = s1 &+ carry
            carry = ConstantTimeCarries.carry(tj, mj, s1) | ConstantTimeCarries.carry(s1, carry, s2)
            w.t[j] = s2
        }
        return BigUInt(limbs: Array(UnsafeBufferPointer(start: w.t, count: 2 * k)))
    }

    /// c^e mod the half's prime, k limbs in normal form into `result`: c·R⁻¹ by REDC, ·R³ into Montgomery
    /// form, the fixed-window power, and out of Montgomery form.
    private func exponentiate(_ c: BigUInt, _ half: MontgomeryContext.CRTHalf, workspace w: MontgomeryContext.Workspace,
                              into result: UnsafeMutablePointer<UInt64>) {
        let context = half.context, k = context.count
        c.limbs.withUnsafeBufferPointer { context.reduceWide($0, into: w.z, w.t) }          // c·R⁻¹
        half.rCubed.withUnsafeBufferPointer { context.montgomeryMultiply(w.y, w.z, $0.baseAddress!, w.t) }   // c·R
        context.powerOfMontgomeryForm(w, half.exponent)                                     // w.x = c^e·R
        w.y.update(repeating: 0, count: k); w.y[0] = 1
        context.montgomeryMultiply(result, w.x, w.y, w.t)                                   // c^e
    }
}

// RSA's blinding around the CRT, each step in one workspace: m·r^e before, and after, s = s'·r⁻¹ checked by
// s^e = m. Variable-time in the public exponent and in n's values (the vartime kernels); r is fresh and
// random, s is the published signature.
extension MontgomeryContext {
    /// m·r^e mod n, for a public exponent e (variable-time in e and in r).
    package func multiplyByPowerVartime(_ m: BigUInt, _ r: BigUInt, _ e: BigUInt) -> BigUInt {
        guard !e.isZero, e.bitWidth <= 64 else { return multiply(m, powerVartime(r, e)) }
        return withWorkspace { w in
            w.y.update(from: powerVartime(in: w, r, e), count: count)           // r^e (at w.x or w.z)
            restoreRSquared(w)
            load(reduced(m), into: w.x)
            montgomeryMultiply(w.z, w.x, w.rSquared, w.t)                       // m·R
            montgomeryMultiply(w.x, w.z, w.y, w.t)                              // m·r^e
            return BigUInt(limbs: Array(UnsafeBufferPointer(start: w.x, count: count)))
        }
    }

    /// s = a·b mod n if s^e ≡ expected (mod n), else nil: RSA's unblinding and fault check in one
    /// workspace. `expected` must be below n.
    package func multiplyChecked(_ a: BigUInt, _ b: BigUInt, exponent e: BigUInt, expected: BigUInt) -> BigUInt? {
        guard !e.isZero, e.bitWidth <= 64, expected < modulus else {
            let s = multiply(a, b)
            return powerVartime(s, e) == expected ? s : nil
        }
        return withWorkspace { w in
            let s = BigUInt(limbs: Array(UnsafeBufferPointer(start: multiply(in: w, a, b), count: count)))
            restoreRSquared(w)
            let power = powerVartime(in: w, s, e)
            var difference: UInt64 = 0
            expected.limbs.withUnsafeBufferPointer { limbs in
                for j in 0..<count { difference |= power[j] ^ (j < limbs.count ? limbs[j] : 0) }
            }
            return difference == 0 ? s : nil
        }
    }
}

extension MontgomeryContext {
    /// r = x·R⁻¹ mod n for x < n·R given as at most 2k limbs: one constant-time REDC. `t` is the
    /// workspace's (2k + 2 limbs).
    func reduceWide(_ x: UnsafeBufferPointer<UInt64>, into r: UnsafeMutablePointer<UInt64>, _ t: UnsafeMutablePointer<UInt64>) {
        let k = count
        t.update(repeating: 0, count: 2 &* k &+ 1)
        if let base = x.baseAddress { t.update(from: base, count: Swift.min(x.count, 2 &* k)) }
        n.withUnsafeBufferPointer { nb in
            montgomeryReduceLimbs(r, t, nb.baseAddress!, n0Inverse, k, ConstantTimeCarries.self)
        }
    }
}

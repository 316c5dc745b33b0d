// The inverse modulo an odd modulus of any size, in time that depends only on the modulus's limb count:
// Bernstein–Yang "safegcd" (D. J. Bernstein and B.-Y. Yang, "Fast constant-time gcd computation and
// modular inversion", TCHES 2019), in the half-delta variant with 59 divsteps per 62-bit matrix, as
// libsecp256k1 runs it (P. Wuille, doc/safegcd_implementation.md). SafeGCD256.swift is the same algorithm
// unrolled for five limbs (and has the divsteps and sums both use); this one loops over as many limbs as
// the modulus needs. RSA signing inverts its blinding factor with it (PKCS1v15Signing.swift).
//
// The algorithm. With f = M (the odd modulus) and g = x, a divstep is
//   δ > 0 and g odd:  (δ, f, g) ← (1 − δ, g, (g − f)/2)
//   g odd otherwise:  (δ, f, g) ← (1 + δ, f, (g + f)/2)
//   g even:           (δ, f, g) ← (1 + δ, f, g/2)
// from δ = 1/2. f stays odd and gcd(f, g) = gcd(M, x); after enough steps g = 0 and f = ±gcd(M, x).
// Alongside, d and e with f ≡ d·x and g ≡ e·x (mod M), from d = 0 and e = 1, go through the same linear
// steps, so when f = ±1, x⁻¹ ≡ ±d.
//
// How many steps. For inputs below 2^b the paper's bound for this variant is ⌊(45907·b + 26313)/19929⌋
// (590 for b = 256 is what libsecp256k1 runs, by P. Wuille's computer-checked bound). We take b as the
// modulus's limb count times 64, plus 2 for margin, and round up to whole batches of 59: for RSA-2048's
// n, 81 batches (4,779 steps for a bound of 4,724). Steps past g = 0 change nothing (they halve g = 0
// and leave f and d alone). The result certifies itself: it is returned only when g ended at 0 and f at
// ±1, which make d the inverse whatever the bound; otherwise the answer is nil, as for a non-invertible x.
//
// Batching. 59 steps need only the low 64 bits of f and g; they give a 2×2 matrix T, scaled by 2^62
// (entries start at 8 = 2^3, and 59 doublings reach 2^62), with (f, g) ← T·(f, g)/2^62 exactly. The same T
// updates (d, e) modulo M, adding the multiples of M that make the division by 2^62 exact. Numbers are
// held as signed 62-bit limbs, Σ vᵢ·2^(62i) with every limb but the top in [0, 2^62), so that the
// division is a limb shift.
//
// What may leak: the step count and every loop's trip count depend on the modulus's limb count only;
// every choice is a mask, every multiplication a full 64×64-bit one. The one branch on data is the final
// answer's: whether x was invertible.

extension BigUInt {
    /// `self⁻¹ mod modulus` for an odd modulus > 1, or nil when they have a common factor (or `self` has
    /// more limbs than the modulus). Constant-time in `self`: the time depends only on the modulus's limb
    /// count. About 20 times the cost of one Montgomery multiplication at 32 limbs (RSA-2048).
    package func inverseConstantTime(oddModulus modulus: BigUInt) -> BigUInt? {
        // modulus > 1, without building a BigUInt 1 (an allocation).
        guard modulus.isOdd, modulus.limbs.count > 1 || modulus.limbs[0] > 1, limbs.count <= modulus.limbs.count else {
            return nil
        }
        let k = modulus.limbs.count
        let count = SafeGCDState.limbCount(forModulusLimbs: k)
        // On the heap: in a stack buffer (withUnsafeTemporaryAllocation) the release build of Swift 6.3.1
        // aborted with "stack smashing detected", though no write leaves the buffer (checked with guard
        // words around a heap buffer, and under AddressSanitizer).
        let base = UnsafeMutablePointer<Int64>.allocate(capacity: 5 &* count)
        base.initialize(repeating: 0, count: 5 &* count)
        defer {
            base.update(repeating: 0, count: 5 &* count)      // leave no intermediate values behind
            base.deallocate()
        }
        let inversion = SafeGCDState(base, modulusLimbs: k)
        modulus.limbs.withUnsafeBufferPointer { inversion.load($0, into: inversion.m) }
        limbs.withUnsafeBufferPointer { inversion.load($0, into: inversion.g) }
        inversion.f.update(from: inversion.m, count: count)
        inversion.e[0] = 1
        // M⁻¹ mod 2^62 by Newton's iteration (each step doubles the correct low bits: 3 → 96).
        let m0 = modulus.limbs[0]
        var inverse = m0
        for _ in 0..<5 { inverse = inverse &* (2 &- m0 &* inverse) }
        let inverse62 = inverse & UInt64(bitPattern: Signed62.mask)
        // The sizes of RSA-2048, -3072 and -4096's n get the steps compiled for their size (constant trip
        // counts: what scripts/audit-branches.sh checks); the switch is on the modulus's public size.
        let invertible: Int64
        switch k {
        case 32: invertible = safeGCDInverse32(base, inverse62)
        case 48: invertible = safeGCDInverse48(base, inverse62)
        case 64: invertible = safeGCDInverse64(base, inverse62)
        default: invertible = SafeGCDState(base, modulusLimbs: k).invert(inverse62: inverse62)
        }
        guard invertible == 0 else { return nil }
        return BigUInt(limbs: inversion.store(inversion.d, limbs: k))
    }
}

// The steps at fixed sizes (see `inverseConstantTime`). Each returns 0 when the input was invertible.
@inline(never)
private func safeGCDInverse32(_ base: UnsafeMutablePointer<Int64>, _ inverse62: UInt64) -> Int64 {
    SafeGCDState(base, modulusLimbs: 32).invert(inverse62: inverse62)
}

@inline(never)
private func safeGCDInverse48(_ base: UnsafeMutablePointer<Int64>, _ inverse62: UInt64) -> Int64 {
    SafeGCDState(base, modulusLimbs: 48).invert(inverse62: inverse62)
}

@inline(never)
private func safeGCDInverse64(_ base: UnsafeMutablePointer<Int64>, _ inverse62: UInt64) -> Int64 {
    SafeGCDState(base, modulusLimbs: 64).invert(inverse62: inverse62)
}

/// The five numbers of one inversion, `count` signed-62 limbs each, in one scratch buffer.
private struct SafeGCDState {
    let m, f, g, d, e: UnsafeMutablePointer<Int64>
    /// The signed-62 limb count.
    let count: Int
    /// How many batches of 59 divsteps.
    let batches: Int

    /// Signed-62 limbs for values of magnitude below 2^(64k + 2), the top one holding the sign.
    @inline(__always)
    static func limbCount(forModulusLimbs k: Int) -> Int { (64 &* k &+ 61) / 62 &+ 1 }

    /// The state in a buffer of 5 · `limbCount(forModulusLimbs: k)` limbs.
    @inline(__always)
    init(_ base: UnsafeMutablePointer<Int64>, modulusLimbs k: Int) {
        let count = Self.limbCount(forModulusLimbs: k)
        (m, f, g, d, e) = (base, base + count, base + 2 &* count, base + 3 &* count, base + 4 &* count)
        self.count = count
        // The bound for inputs below 2^b with b = 64k + 2, plus one, in whole batches (see the top).
        let bound = 64 &* k &+ 2
        batches = ((45907 &* bound &+ 26313) / 19929 &+ 1 &+ 58) / 59
    }

    /// The divsteps, then d normalized to [0, M) with f's sign. Returns 0 when g ended at 0 and f at ±1
    /// (x invertible, d its inverse), something else otherwise: compared without a branch, so that the
    /// caller's one branch on data is on that answer.
    @inline(__always)
    func invert(inverse62: UInt64) -> Int64 {
        run(inverse62: inverse62)
        let sign = f[count &- 1] &>> 63                 // all ones when f < 0
        var difference = f[0] ^ (1 | (sign & Signed62.mask))
        for i in 1..<(count &- 1) { difference |= f[i] ^ (sign & Signed62.mask) }
        difference |= f[count &- 1] ^ sign
        for i in 0..<count { difference |= g[i] }
        normalize(d, negate: sign)
        return difference
    }

    /// Little-endian 64-bit limbs (at most 64·count − 2 bits) into signed-62 limbs.
    func load(_ source: UnsafeBufferPointer<UInt64>, into destination: UnsafeMutablePointer<Int64>) {
        let k = source.count
        for i in 0..<count {
            // Bits 62i ..< 62i + 62: from source word w at shift s, and the next word when s > 2.
            let w = (62 &* i) / 64, s = UInt64((62 &* i) % 64)
            var value: UInt64 = w < k ? source[w] &>> s : 0
            if s > 2 && w &+ 1 < k { value |= source[w &+ 1] &<< (64 &- s) }
            destination[i] = Int64(bitPattern: value) & Signed62.mask
        }
    }

    /// A normalized value in [0, 2^(64k)) out as k little-endian 64-bit limbs.
    func store(_ source: UnsafeMutablePointer<Int64>, limbs k: Int) -> [UInt64] {
        (0..<k).map { w in
            // Bits 64w ..< 64w + 64 start at shift s = 2w mod 62 (even, at most 60) in limb i, so limbs i
            // and i + 1 hold them all.
            let i = (64 &* w) / 62, s = UInt64((64 &* w) % 62)
            var value = UInt64(bitPattern: source[i]) &>> s
            if i &+ 1 < count { value |= UInt64(bitPattern: source[i &+ 1]) &<< (62 &- s) }
            return value
        }
    }

    /// The divsteps, `batches` times 59.
    @inline(__always)
    func run(inverse62: UInt64) {
        var zeta: Int64 = -1                                  // δ = 1/2
        for _ in 0..<batches {
            let f0 = UInt64(bitPattern: f[0]) | UInt64(bitPattern: f[1]) &<< 62
            let g0 = UInt64(bitPattern: g[0]) | UInt64(bitPattern: g[1]) &<< 62
            let t = divsteps59(&zeta, Int64(bitPattern: f0), Int64(bitPattern: g0))
            updateDE(t, inverse62: inverse62)
            updateFG(t)
        }
    }

    /// (f, g) ← T·(f, g) / 2^62; the division is exact by construction of T.
    @inline(__always)
    func updateFG(_ t: DivstepMatrix) {
        var cf = WideSum(t.u, times: f[0]), cg = WideSum(t.q, times: f[0])
        cf.add(t.v, times: g[0])
        cg.add(t.r, times: g[0])
        cf.shiftRight62()
        cg.shiftRight62()
        for i in 1..<count {
            cf.add(t.u, times: f[i]); cf.add(t.v, times: g[i])
            cg.add(t.q, times: f[i]); cg.add(t.r, times: g[i])
            f[i &- 1] = cf.low62
            g[i &- 1] = cg.low62
            cf.shiftRight62()
            cg.shiftRight62()
        }
        f[count &- 1] = cf.low64
        g[count &- 1] = cg.low64
    }

    /// (d, e) ← T·(d, e) / 2^62 mod M, keeping both in (−2M, M): multiples of M are added so that the low
    /// 62 bits vanish, and M·u (M·v) more when d (e) is negative.
    @inline(__always)
    func updateDE(_ t: DivstepMatrix, inverse62: UInt64) {
        let signD = d[count &- 1] &>> 63, signE = e[count &- 1] &>> 63
        var md = (t.u & signD) &+ (t.v & signE)
        var me = (t.q & signD) &+ (t.r & signE)
        var cd = WideSum(t.u, times: d[0]), ce = WideSum(t.q, times: d[0])
        cd.add(t.v, times: e[0])
        ce.add(t.r, times: e[0])
        // Make cd + md·M ≡ 0 (mod 2^62): md ← md − ((M⁻¹·cd + md) mod 2^62).
        let low62 = UInt64(bitPattern: Signed62.mask)
        md &-= Int64(bitPattern: (inverse62 &* cd.low &+ UInt64(bitPattern: md)) & low62)
        me &-= Int64(bitPattern: (inverse62 &* ce.low &+ UInt64(bitPattern: me)) & low62)
        cd.add(m[0], times: md)
        ce.add(m[0], times: me)
        cd.shiftRight62()
        ce.shiftRight62()
        for i in 1..<count {
            cd.add(t.u, times: d[i]); cd.add(t.v, times: e[i]); cd.add(m[i], times: md)
            ce.add(t.q, times: d[i]); ce.add(t.r, times: e[i]); ce.add(m[i], times: me)
            d[i &- 1] = cd.low62
            e[i &- 1] = ce.low62
            cd.shiftRight62()
            ce.shiftRight62()
        }
        d[count &- 1] = cd.low64
        e[count &- 1] = ce.low64
    }

    /// x in (−2M, M) to [0, M), negated first when `negate` is all ones.
    @inline(__always)
    func normalize(_ x: UnsafeMutablePointer<Int64>, negate: Int64) {
        // The masks pass through the barrier: knowing a mask is 0 or all ones, LLVM branched on the sign
        // around the additions of M (found by scripts/audit-branches.sh).
        @inline(__always) func addModulus(if sign: Int64) {
            let mask = Int64(bitPattern: constantTimeBarrier(UInt64(bitPattern: sign)))
            for i in 0..<count { x[i] &+= m[i] & mask }
        }
        @inline(__always) func propagate() {
            for i in 0..<(count &- 1) {
                x[i &+ 1] &+= x[i] &>> 62
                x[i] &= Signed62.mask
            }
        }
        addModulus(if: x[count &- 1] &>> 63)               // (−2M, M) → (−M, M)
        let negate = Int64(bitPattern: constantTimeBarrier(UInt64(bitPattern: negate)))
        for i in 0..<count { x[i] = (x[i] ^ negate) &- negate }   // ± stays in (−M, M)
        propagate()
        addModulus(if: x[count &- 1] &>> 63)               // → [0, M)
        propagate()
    }
}

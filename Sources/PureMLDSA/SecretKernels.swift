// The loops over secret-derived coefficients, each a function of its own so that scripts/audit-branches.sh
// can list their conditional jumps in the release build and find none but loop back-edges: Decompose and
// its uses in signing (HighBits of w, LowBits of r with its norm check, MakeHint), Power2Round, the norm
// checks, and RejBoundedPoly's half-byte map. They are specialised per γ₂ and η (generic over the
// parameter, not branching on it) and kept out of line (`@inline(never)`; one call per polynomial).

/// γ₂ as a type, so that each kernel is compiled once per value with no branch on it.
@usableFromInline
protocol Gamma2: Sendable {
    static var rounding: LowOrderRounding { get }
}

@usableFromInline enum Gamma2Over32: Gamma2 { @usableFromInline static var rounding: LowOrderRounding { .over32 } }
@usableFromInline enum Gamma2Over88: Gamma2 { @usableFromInline static var rounding: LowOrderRounding { .over88 } }

/// η as a type, for RejBoundedPoly's map.
@usableFromInline
protocol Eta: Sendable {
    /// CoeffFromHalfByte (FIPS 204 Algorithm 15) without a branch on b: the coefficient, and −1 (keep) or 0.
    static func coefficient(_ b: Int32) -> (value: Int32, keep: Int32)
}

@usableFromInline enum Eta2: Eta {
    /// 2 − (b mod 5), kept when b < 15; b mod 5 = b − 5 · ⌊b · 205 / 1024⌋, exact for 0 ≤ b < 16.
    @inline(__always) @usableFromInline
    static func coefficient(_ b: Int32) -> (value: Int32, keep: Int32) {
        (2 &- (b &- 5 &* ((b &* 205) &>> 10)), negativeMask(b &- 15))
    }
}

@usableFromInline enum Eta4: Eta {
    /// 4 − b, kept when b < 9.
    @inline(__always) @usableFromInline
    static func coefficient(_ b: Int32) -> (value: Int32, keep: Int32) { (4 &- b, negativeMask(b &- 9)) }
}

@usableFromInline
enum SecretKernels {
    /// w ← w mod⁺ q and w₁ ← HighBits(w), for w from the inverse NTT (|w| < q).
    @inline(never)
    static func highBits<G: Gamma2>(_: G.Type, w: Polynomial, into w1: Polynomial) {
        let barrier = mldsaOpaqueZero
        for i in 0..<256 {
            let value = addModulusIfNegative(w[i])
            w[i] = value
            w1[i] = G.rounding.decompose(value, barrier: barrier).high
        }
    }

    /// Whether ‖LowBits(r)‖∞ ≥ `bound`, for r ∈ [0, q): every coefficient looked at, one flag.
    @inline(never)
    static func lowBitsExceed<G: Gamma2>(_: G.Type, r: Polynomial, bound: Int32) -> Bool {
        let barrier = mldsaOpaqueZero
        var flag: Int32 = 0
        for i in 0..<256 { flag |= negativeMask(bound &- 1 &- absoluteValue(G.rounding.decompose(r[i], barrier: barrier).low)) }
        return flag != 0
    }

    /// h = MakeHint(−ct₀, r + ct₀) (FIPS 204 Algorithm 39): 1 where HighBits(r + ct₀) ≠ HighBits(r), for
    /// r ∈ [0, q) and |ct₀| < q. Returns the number of ones.
    @inline(never)
    static func makeHints<G: Gamma2>(_: G.Type, r: Polynomial, ct0: Polynomial, into hints: Polynomial) -> Int32 {
        let barrier = mldsaOpaqueZero
        var count: Int32 = 0
        for i in 0..<256 {
            let before = G.rounding.decompose(r[i], barrier: barrier).high
            let after = G.rounding.decompose(freeze(r[i] &+ ct0[i]), barrier: barrier).high
            let differs = before ^ after
            let hint = ((differs | (0 &- differs)) >> 31) & 1
            hints[i] = hint
            count &+= hint
        }
        return count
    }

    /// (t₁, t₀) = Power2Round(t mod⁺ q), t₁ replacing t.
    @inline(never)
    static func power2Round(t: Polynomial, low: Polynomial) {
        for i in 0..<256 {
            let (high, lowPart) = PureMLDSA.power2Round(freeze(t[i]))
            t[i] = high
            low[i] = lowPart
        }
    }

    /// Whether some coefficient has |a| ≥ `bound` (a representative in [−6283008, 6283008], bound ≤ (q−1)/8):
    /// every coefficient looked at, one flag (FIPS 204 §3.6.3: which coefficient must not leak).
    @inline(never)
    static func exceedsNorm(_ a: Polynomial, bound: Int32) -> Bool {
        var flag: Int32 = 0
        for i in 0..<256 { flag |= negativeMask(bound &- 1 &- absoluteValue(a[i])) }
        return flag != 0
    }

    /// RejBoundedPoly's step for one byte: both half-bytes mapped, each written at `count` and counted when
    /// kept, the second only while fewer than 256 were kept. `staging` has 257 entries, so the write needs
    /// no bounds branch. Returns the new count (≤ 256).
    @inline(never)
    static func sampleByte<E: Eta>(_: E.Type, _ byte: Int32, into staging: UnsafeMutablePointer<Int32>, count: Int) -> Int {
        let (low, keepLow) = E.coefficient(byte & 0x0F)
        staging[count] = low
        var count = count &+ Int(keepLow & 1)
        let (high, keepHigh) = E.coefficient(byte >> 4)
        staging[count] = high
        let notFull = Int32(truncatingIfNeeded: (count &- 256) >> 63)
        count &+= Int(keepHigh & notFull & 1)
        return count
    }
}

extension LowOrderRounding {
    @inline(__always)
    func highBits(w: Polynomial, into w1: Polynomial) {
        switch self {
        case .over32: SecretKernels.highBits(Gamma2Over32.self, w: w, into: w1)
        case .over88: SecretKernels.highBits(Gamma2Over88.self, w: w, into: w1)
        }
    }

    @inline(__always)
    func lowBitsExceed(r: Polynomial, bound: Int32) -> Bool {
        switch self {
        case .over32: return SecretKernels.lowBitsExceed(Gamma2Over32.self, r: r, bound: bound)
        case .over88: return SecretKernels.lowBitsExceed(Gamma2Over88.self, r: r, bound: bound)
        }
    }

    @inline(__always)
    func makeHints(r: Polynomial, ct0: Polynomial, into hints: Polynomial) -> Int32 {
        switch self {
        case .over32: return SecretKernels.makeHints(Gamma2Over32.self, r: r, ct0: ct0, into: hints)
        case .over88: return SecretKernels.makeHints(Gamma2Over88.self, r: r, ct0: ct0, into: hints)
        }
    }
}

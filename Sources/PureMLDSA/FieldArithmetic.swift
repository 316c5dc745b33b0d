// Arithmetic in Zq, q = 2²³ − 2¹³ + 1 = 8380417 (FIPS 204 §2.3, §7.4), for coefficients held in Int32.
//
// Everything here is constant-time: no `/` or `%` on a value (both compile to instructions whose time can
// depend on the operands on some CPUs, the timing leak of RustCrypto's CVE-2026-22705), no branch and no
// table index on a value. Divisions by the public constants 2γ₂ and 2ᵈ are multiply-shift, as in
// Decompose below; comparisons are sign-bit masks.

/// q, the ML-DSA modulus.
@usableFromInline let fieldModulus: Int32 = 8_380_417
/// q⁻¹ mod 2³², for Montgomery reduction.
@usableFromInline let fieldModulusInverse: Int32 = 58_728_449
/// d, the number of bits Power2Round drops from t (FIPS 204 Table 1).
@usableFromInline let droppedBits: Int32 = 13

/// Always 0, but the optimizer cannot know it (a `package` variable nothing writes is not folded, as an
/// internal one would be under whole-module optimization): masks XORed with it cannot be turned into
/// branches. scripts/audit-branches.sh checks that it survives in the binary.
@exclusivity(unchecked) nonisolated(unsafe) package var mldsaOpaqueZero: Int32 = 0

/// All ones when `value` < 0, zero otherwise.
@inline(__always) @usableFromInline
func negativeMask(_ value: Int32) -> Int32 { value &>> 31 }

/// a · 2⁻³² mod q, for |a| < 2³¹ · q; the result is in (−q, q). Montgomery reduction (FIPS 204 Algorithm 49).
@inline(__always) @usableFromInline
func montgomeryReduce(_ a: Int64) -> Int32 {
    let t = Int32(truncatingIfNeeded: a) &* fieldModulusInverse
    return Int32(truncatingIfNeeded: (a &- Int64(t) &* Int64(fieldModulus)) &>> 32)
}

/// A representative of a mod q in [−6283008, 6283008], for a ≤ 2³¹ − 2²² − 1: a − round(a / 2²³) · q.
@inline(__always) @usableFromInline
func reduce32(_ a: Int32) -> Int32 {
    let quotient = (a &+ (1 &<< 22)) &>> 23
    return a &- quotient &* fieldModulus
}

/// a + q when a is negative: maps (−q, q) onto [0, q).
@inline(__always) @usableFromInline
func addModulusIfNegative(_ a: Int32) -> Int32 { a &+ (negativeMask(a) & fieldModulus) }

/// The standard representative in [0, q) of any a ≤ 2³¹ − 2²² − 1.
@inline(__always) @usableFromInline
func freeze(_ a: Int32) -> Int32 { addModulusIfNegative(reduce32(a)) }

/// a mod± q: the representative in (−(q−1)/2, (q−1)/2] of a ∈ [0, q) (FIPS 204 §2.3).
@inline(__always) @usableFromInline
func centred(_ a: Int32) -> Int32 {
    a &- (negativeMask((fieldModulus - 1) / 2 &- a) & fieldModulus)
}

/// |a| for a > Int32.min, without a branch.
@inline(__always) @usableFromInline
func absoluteValue(_ a: Int32) -> Int32 {
    let mask = negativeMask(a)
    return (a ^ mask) &- mask
}

/// Power2Round (FIPS 204 Algorithm 35) for r ∈ [0, q): (r₁, r₀) with r = r₁ · 2¹³ + r₀ and r₀ ∈ (−2¹², 2¹²].
@inline(__always) @usableFromInline
func power2Round(_ r: Int32) -> (high: Int32, low: Int32) {
    let high = (r &+ (1 &<< (droppedBits - 1)) &- 1) &>> droppedBits
    return (high, r &- (high &<< droppedBits))
}

/// The two values of γ₂ ML-DSA uses; `decompose` has a multiply-shift division for each.
@usableFromInline
enum LowOrderRounding: Sendable {
    /// γ₂ = (q − 1) / 88 (ML-DSA-44): r₁ ∈ [0, 43], w₁ packed in 6 bits.
    case over88
    /// γ₂ = (q − 1) / 32 (ML-DSA-65 and -87): r₁ ∈ [0, 15], w₁ packed in 4 bits.
    case over32

    @inlinable
    var gamma2: Int32 {
        switch self {
        case .over88: return (fieldModulus - 1) / 88
        case .over32: return (fieldModulus - 1) / 32
        }
    }

    /// m = (q − 1) / (2γ₂), the number of values r₁ takes.
    @inlinable
    var highBitsCount: Int32 {
        switch self {
        case .over88: return 44
        case .over32: return 16
        }
    }

    /// Decompose (FIPS 204 Algorithm 36) for r ∈ [0, q): (r₁, r₀) with r ≡ r₁ · 2γ₂ + r₀, r₀ ∈ (−γ₂, γ₂],
    /// except that r − r₀ = q − 1 gives r₁ = 0 and r₀ − 1. The quotient by 2γ₂ is ⌈r / 128⌉ times a
    /// fixed-point reciprocal, exact for every r ∈ [0, q) (checked exhaustively by the field-operation
    /// known answers); the wrap of r₁ = m to 0 is a mask.
    ///
    /// `barrier` must be ``mldsaOpaqueZero`` (read once by the caller): the wrap's mask passes through it, so
    /// that the optimizer cannot turn the masked select back into a branch on r (it did: `cmp $44; jge`).
    @inline(__always) @usableFromInline
    func decompose(_ r: Int32, barrier: Int32 = 0) -> (high: Int32, low: Int32) {
        var high = (r &+ 127) &>> 7
        switch self {
        case .over32:
            high = (high &* 1025 &+ (1 &<< 21)) &>> 22
            high &= 15
        case .over88:
            high = (high &* 11275 &+ (1 &<< 23)) &>> 24
            high ^= (negativeMask(43 &- high) ^ barrier) & high
        }
        var low = r &- high &* 2 &* gamma2
        low &-= negativeMask((fieldModulus - 1) / 2 &- low) & fieldModulus
        return (high, low)
    }

    /// UseHint (FIPS 204 Algorithm 40) for r ∈ [0, q) and a hint bit h ∈ {0, 1}: r₁ moved one step
    /// (mod m) towards r₀'s side when h = 1. Only verification uses it; it is branch-free all the same.
    @inline(__always) @usableFromInline
    func useHint(_ hint: Int32, _ r: Int32) -> Int32 {
        let (high, low) = decompose(r)
        let direction = negativeMask(low &- 1) | 1          // −1 when r₀ ≤ 0, +1 when r₀ > 0
        var moved = high &+ (direction & (0 &- hint))
        // Wrap into [0, m): −1 → m − 1, m → 0.
        moved &+= negativeMask(moved) & highBitsCount
        moved &-= negativeMask(highBitsCount &- 1 &- moved) & highBitsCount
        return moved
    }
}

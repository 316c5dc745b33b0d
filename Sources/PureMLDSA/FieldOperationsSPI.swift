// The field operations of FIPS 204 §7.4 exposed, under an SPI, to the programs that check them exhaustively
// against C2SP CCTV's accumulated field-operation hash (every r in Zq through Power2Round, HighBits,
// LowBits and UseHint): the tests and scripts/known-answer-loops. Not API: these names may change.

@_spi(KnownAnswers)
public enum MLDSAFieldOperations {
    /// q = 8380417.
    public static var modulus: Int32 { fieldModulus }

    /// r mod± q for r ∈ [0, q).
    public static func centred(_ r: Int32) -> Int32 { PureMLDSA.centred(r) }

    /// Power2Round(r) for r ∈ [0, q): (r₁, r₀) with r₀ ∈ (−2¹², 2¹²].
    public static func power2Round(_ r: Int32) -> (high: Int32, low: Int32) { PureMLDSA.power2Round(r) }

    /// Decompose(r) = (HighBits(r), LowBits(r)) for r ∈ [0, q), with γ₂ = (q − 1)/88 (ML-DSA-44) or (q − 1)/32.
    public static func decompose(_ r: Int32, mldsa44: Bool) -> (high: Int32, low: Int32) {
        (mldsa44 ? LowOrderRounding.over88 : .over32).decompose(r)
    }

    /// UseHint(h, r) for h ∈ {0, 1}, r ∈ [0, q).
    public static func useHint(_ hint: Int32, _ r: Int32, mldsa44: Bool) -> Int32 {
        (mldsa44 ? LowOrderRounding.over88 : .over32).useHint(hint, r)
    }
}

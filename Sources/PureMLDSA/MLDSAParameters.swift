// The three parameter sets of FIPS 204 Table 1 and the sizes of Table 2 that follow from them.

/// One ML-DSA parameter set. Shared by every operation: there is one implementation, not one per size.
@usableFromInline
struct MLDSAParameters: Sendable {
    /// The algorithm's name, as JOSE (RFC 9964) and FIPS 204 write it.
    let name: String
    /// Rows (k) and columns (ℓ) of the matrix A.
    let k: Int
    let l: Int
    /// η: the private vectors' coefficients are in [−η, η].
    let eta: Int32
    /// τ: the number of ±1 coefficients of the challenge c.
    let tau: Int
    /// γ₁ = 2¹⁷ or 2¹⁹: the mask's coefficients are in (−γ₁, γ₁].
    let gamma1Bits: Int
    /// γ₂ and, with it, how Decompose divides.
    let rounding: LowOrderRounding
    /// ω: the most hint bits a signature may carry.
    let omega: Int
    /// λ/4: the length of the commitment hash c̃ in bytes (32, 48, 64).
    let commitmentHashByteCount: Int

    var gamma1: Int32 { 1 << gamma1Bits }
    var gamma2: Int32 { rounding.gamma2 }
    /// β = τ · η.
    var beta: Int32 { Int32(tau) * eta }
    /// Bits per private coefficient: bitlen(2η).
    var etaBits: Int { eta == 2 ? 3 : 4 }
    /// Bits per signature coefficient of z: 1 + bitlen(γ₁ − 1).
    var zBits: Int { gamma1Bits + 1 }
    /// Bits per coefficient of w₁: bitlen((q − 1)/(2γ₂) − 1).
    var w1Bits: Int { rounding == .over88 ? 6 : 4 }

    /// pk: ρ ‖ t₁ (10 bits per coefficient).
    var publicKeyByteCount: Int { 32 + 320 * k }
    /// sk: ρ ‖ K ‖ tr ‖ s₁ ‖ s₂ ‖ t₀ (13 bits per coefficient).
    var expandedKeyByteCount: Int { 128 + 32 * (k + l) * etaBits + 416 * k }
    /// σ: c̃ ‖ z ‖ h.
    var signatureByteCount: Int { commitmentHashByteCount + 32 * l * zBits + omega + k }

    static let mldsa44 = MLDSAParameters(name: "ML-DSA-44", k: 4, l: 4, eta: 2, tau: 39, gamma1Bits: 17,
                                         rounding: .over88, omega: 80, commitmentHashByteCount: 32)
    static let mldsa65 = MLDSAParameters(name: "ML-DSA-65", k: 6, l: 5, eta: 4, tau: 49, gamma1Bits: 19,
                                         rounding: .over32, omega: 55, commitmentHashByteCount: 48)
    static let mldsa87 = MLDSAParameters(name: "ML-DSA-87", k: 8, l: 7, eta: 2, tau: 60, gamma1Bits: 19,
                                         rounding: .over32, omega: 75, commitmentHashByteCount: 64)
}

// What a key keeps after it is made or read: the encodings, and the values every signature or verification
// needs in the form they are used in — Â, and the secret vectors in the NTT domain — so that an operation
// does not expand the matrix (a third of verification's time) or transform the key again.

/// A public key and what verification needs from it.
@usableFromInline
struct ExpandedPublicKey: Sendable {
    let parameters: MLDSAParameters
    /// pk = ρ ‖ SimpleBitPack(t₁, 10 bits), FIPS 204 Algorithm 22.
    let encoded: [UInt8]
    /// tr = H(pk, 64).
    let publicKeyHash: [UInt8]
    /// Â = ExpandA(ρ), k × ℓ polynomials, row-major.
    let matrix: [Int32]
    /// NTT(t₁ · 2ᵈ), k polynomials.
    let scaledT1: [Int32]
}

/// A private key and what signing needs from it. The secret parts are never printed (see MLDSAKeys.swift).
@usableFromInline
struct ExpandedPrivateKey: Sendable {
    let publicKey: ExpandedPublicKey
    /// ξ, when the key was made from a seed or read in a form that carries one.
    let seed: [UInt8]?
    /// sk = ρ ‖ K ‖ tr ‖ s₁ ‖ s₂ ‖ t₀ (FIPS 204 Algorithm 24).
    let encoded: [UInt8]
    /// K, the key for the per-signature seed ρ″.
    let signingKey: [UInt8]
    /// NTT(s₁) (ℓ polynomials), NTT(s₂) and NTT(t₀) (k each).
    let s1: [Int32]
    let s2: [Int32]
    let t0: [Int32]
}

extension Array where Element == Int32 {
    /// A mutable pointer to the elements for the arithmetic routines, which take `Polynomial` for inputs and
    /// outputs alike; callers only read through it.
    @inline(__always)
    func withPolynomials<Result>(_ body: (Polynomial) throws -> Result) rethrows -> Result {
        try withUnsafeBufferPointer { try body(UnsafeMutablePointer(mutating: $0.baseAddress!)) }
    }
}

/// H = SHAKE256 with its output length, over several pieces (FIPS 204 §3.7).
@usableFromInline
func shake256<Output>(_ pieces: [UnsafeRawBufferPointer], byteCount: Int, _ body: (UnsafeRawBufferPointer) -> Output) -> Output {
    var shake = SHAKE256()
    for piece in pieces { shake.update(bufferPointer: piece) }
    return withUnsafeTemporaryAllocation(byteCount: byteCount, alignment: 8) { output in
        shake.squeeze(into: output)
        return body(UnsafeRawBufferPointer(output))
    }
}

import PureSHA3

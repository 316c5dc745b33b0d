// Entry points for the dudect-style timing test (Benchmarks/Sources/ConstantTime), under an SPI: the
// arithmetic of key generation and of one signing attempt, for keys that differ only in their secret
// vectors. Whole operations cannot be compared that way: their time is dominated by rejection sampling
// (how many attempts signing makes, how many bytes ExpandS reads), which FIPS 204 lets leak. Here ρ and K are
// fixed, so Â, the mask y, the commitment w₁ and the challenge c are the same for every key; what differs is
// s₁, s₂ and t₀, which is what the constant-time argument is about. Not API: these names may change.

@_spi(Timing)
public struct MLDSATimingProbe: Sendable {
    let key: ExpandedPrivateKey

    /// A key of `algorithm` with ρ = 0x11…, K = 0x22… and s₁ ‖ s₂ from `secretBytes` ((k + ℓ) · 256 bytes,
    /// each taken mod 2η + 1, minus η; setup, not timed).
    public init(algorithm: MLDSAAlgorithm, secretBytes: [UInt8]) {
        key = Self.derive(algorithm: algorithm, secretBytes: secretBytes)
    }

    /// The number of secret bytes `init` and `deriveKey` take.
    public static func secretByteCount(_ algorithm: MLDSAAlgorithm) -> Int {
        (algorithm.parameters.k + algorithm.parameters.l) * 256
    }

    /// One signing attempt with μ and rnd all zero and κ = 0, every check run whatever the earlier ones found.
    /// Whether it was accepted may differ between keys; the time should not.
    public func signingAttempt() -> Bool {
        let zeros = [UInt8](repeating: 0, count: 64)
        var output = [UInt8](repeating: 0, count: key.publicKey.parameters.signatureByteCount)
        return zeros.withUnsafeBytes { mu in
            key.withSigningState(mu: mu, randomness: UnsafeRawBufferPointer(rebasing: mu[0..<32])) { operands, workspace, rhoDoublePrime in
                output.withUnsafeMutableBytes { bytes in
                    key.attempt(kappa: 0, rhoDoublePrime: rhoDoublePrime, mu: mu, operands: operands, workspace: workspace,
                                output: bytes, everyCheck: true)
                }
            }
        }
    }

    /// Key generation after sampling: t = NTT⁻¹(Â ∘ NTT(s₁)) + s₂, Power2Round, pk, tr, sk and the NTT forms,
    /// for the fixed ρ and K and these secret vectors. Returns the public key's first byte.
    public static func deriveKey(algorithm: MLDSAAlgorithm, secretBytes: [UInt8]) -> UInt8 {
        derive(algorithm: algorithm, secretBytes: secretBytes).publicKey.encoded[32]
    }

    /// The secret vectors from bytes (variable-time `%`: test setup), then `ExpandedPrivateKey.derive`.
    static func derive(algorithm: MLDSAAlgorithm, secretBytes: [UInt8]) -> ExpandedPrivateKey {
        let parameters = algorithm.parameters
        let count = (parameters.k + parameters.l) * 256
        precondition(secretBytes.count == count, "the probe needs \(count) secret bytes")
        let span = 2 * parameters.eta + 1
        let secrets = secretBytes.map { Int32($0) % span - parameters.eta }
        return ExpandedPrivateKey.derive(rho: [UInt8](repeating: 0x11, count: 32), signingKey: [UInt8](repeating: 0x22, count: 32),
                                         secrets: secrets, seed: nil, parameters: parameters).key
    }
}

// ML-DSA.Sign_internal (FIPS 204 Algorithm 7) from the message representative μ, and the μ of the pure
// signature (Algorithm 2: M′ = 0 ‖ |ctx| ‖ ctx ‖ M).
//
// Constant-time: the arithmetic on y, s₁, s₂ and t₀ is the NTT, pointwise products and sums; the norm
// checks look at every coefficient and fold the result into one flag, so an attempt's rejection is visible
// (as FIPS 204 §3.6.3 allows) but not which coefficient caused it. The hint bits are computed for every
// coefficient without a branch; only the accepted signature's hints, which it publishes, are packed.

import PureSHA3

/// The polynomials of one signing workspace: y, z (ℓ each); w, w₁ (also ct₀), r, hints (k each); c; and the
/// w1Encode buffer.
struct SigningWorkspace {
    let y, z, w, w1, r, hints, c: Polynomial
    let commitment: UnsafeMutableRawPointer

    static func polynomialCount(_ parameters: MLDSAParameters) -> Int { 2 * parameters.l + 4 * parameters.k + 1 }

    init(_ base: Polynomial, commitment: UnsafeMutableRawPointer, parameters: MLDSAParameters) {
        let k = parameters.k, l = parameters.l
        y = base
        z = y + l * 256
        w = z + l * 256
        w1 = w + k * 256
        r = w1 + k * 256
        hints = r + k * 256
        c = hints + k * 256
        self.commitment = commitment
    }
}

/// The key's parts one attempt uses, as pointers.
struct SigningOperands {
    let matrix, s1, s2, t0: Polynomial
}

extension ExpandedPrivateKey {
    /// σ for μ and the 32 bytes `randomness` (zeros for the deterministic variant), or nil in the
    /// practically impossible case that every one of the 2¹⁶/ℓ masks the counter κ allows was rejected.
    func sign(mu: UnsafeRawBufferPointer, randomness: UnsafeRawBufferPointer) -> [UInt8]? {
        let parameters = publicKey.parameters
        var signature = [UInt8](repeating: 0, count: parameters.signatureByteCount)
        let accepted = withSigningState(mu: mu, randomness: randomness) { operands, workspace, rhoDoublePrime in
            signature.withUnsafeMutableBytes { output in
                var kappa = 0
                while kappa + parameters.l <= 1 << 16 {
                    if attempt(kappa: kappa, rhoDoublePrime: rhoDoublePrime, mu: mu, operands: operands, workspace: workspace,
                               output: output, everyCheck: false) {
                        return true
                    }
                    kappa += parameters.l
                }
                return false
            }
        }
        return accepted ? signature : nil
    }

    /// Runs `body` with ρ″ = H(K ‖ rnd ‖ μ, 64), the key's parts and a workspace, all wiped afterwards.
    func withSigningState<Result>(mu: UnsafeRawBufferPointer, randomness: UnsafeRawBufferPointer,
                                  _ body: (SigningOperands, SigningWorkspace, UnsafeRawBufferPointer) -> Result) -> Result {
        let parameters = publicKey.parameters
        var rhoDoublePrime: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        var shake = SHAKE256()
        shake.update(data: signingKey)
        shake.update(bufferPointer: randomness)
        shake.update(bufferPointer: mu)
        withUnsafeMutableBytes(of: &rhoDoublePrime) { shake.squeeze(into: $0) }
        defer { rhoDoublePrime = (0, 0, 0, 0, 0, 0, 0, 0) }
        let commitmentBytes = 32 * parameters.k * parameters.w1Bits
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: SigningWorkspace.polynomialCount(parameters) * 256) { buffer in
            defer { buffer.update(repeating: 0) }
            return withUnsafeTemporaryAllocation(byteCount: commitmentBytes, alignment: 8) { commitment in
                let workspace = SigningWorkspace(buffer.baseAddress!, commitment: commitment.baseAddress!, parameters: parameters)
                return publicKey.matrix.withPolynomials { matrix in
                    s1.withPolynomials { s1 in
                        s2.withPolynomials { s2 in
                            t0.withPolynomials { t0 in
                                withUnsafeBytes(of: rhoDoublePrime) { body(SigningOperands(matrix: matrix, s1: s1, s2: s2, t0: t0), workspace, $0) }
                            }
                        }
                    }
                }
            }
        }
    }

    /// One attempt of Sign_internal's loop (FIPS 204 Algorithm 7, lines 11–31) with counter κ: c̃ goes to the
    /// start of `output`, and when the attempt is accepted the rest of σ after it. An attempt that fails a check
    /// returns at once unless `everyCheck` (the timing probe's mode, in which every check runs whatever the
    /// earlier ones found, so that the time of an attempt is that of its arithmetic).
    func attempt(kappa: Int, rhoDoublePrime: UnsafeRawBufferPointer, mu: UnsafeRawBufferPointer, operands: SigningOperands,
                 workspace: SigningWorkspace, output: UnsafeMutableRawBufferPointer, everyCheck: Bool) -> Bool {
        let parameters = publicKey.parameters, rounding = parameters.rounding
        let k = parameters.k, l = parameters.l
        let (y, z, w, w1, r, hints, c) = (workspace.y, workspace.z, workspace.w, workspace.w1, workspace.r, workspace.hints, workspace.c)
        let (matrix, s1, s2, t0) = (operands.matrix, operands.s1, operands.s2, operands.t0)

        // y = ExpandMask(ρ″, κ); w = NTT⁻¹(Â ∘ NTT(y)); w₁ = HighBits(w).
        Sampling.expandMask(rhoDoublePrime: rhoDoublePrime, kappa: kappa, parameters: parameters, into: y)
        for column in 0..<l {
            Poly.copy(z + column * 256, y + column * 256)
            NTT.forward(z + column * 256)
        }
        for row in 0..<k {
            let wRow = w + row * 256
            Poly.multiply(wRow, matrix + row * l * 256, z)
            for column in 1..<l { Poly.multiplyAdd(wRow, matrix + (row * l + column) * 256, z + column * 256) }
            Poly.reduce(wRow)
            NTT.inverseToMontgomery(wRow)
            let w1Row = w1 + row * 256
            rounding.highBits(w: wRow, into: w1Row)
            BitPacking.pack(w1Row, bits: parameters.w1Bits, into: workspace.commitment + row * 32 * parameters.w1Bits) { $0 }
        }
        // c̃ = H(μ ‖ w1Encode(w₁), λ/4); c = SampleInBall(c̃); ĉ = NTT(c).
        var hash = SHAKE256()
        hash.update(bufferPointer: mu)
        hash.update(bufferPointer: UnsafeRawBufferPointer(start: workspace.commitment, count: 32 * k * parameters.w1Bits))
        let commitmentHash = UnsafeMutableRawBufferPointer(rebasing: output[0..<parameters.commitmentHashByteCount])
        hash.squeeze(into: commitmentHash)
        Sampling.sampleInBallVartime(commitmentHash: UnsafeRawBufferPointer(commitmentHash), tau: parameters.tau, into: c)
        NTT.forward(c)

        // z = y + NTT⁻¹(ĉ ∘ ŝ₁); reject when ‖z‖∞ ≥ γ₁ − β.
        for column in 0..<l {
            let zColumn = z + column * 256
            Poly.multiply(zColumn, c, s1 + column * 256)
            NTT.inverseToMontgomery(zColumn)
            Poly.add(zColumn, zColumn, y + column * 256)
            Poly.reduce(zColumn)
        }
        var rejected = false
        for column in 0..<l {
            rejected = SecretKernels.exceedsNorm(z + column * 256, bound: parameters.gamma1 - parameters.beta) || rejected
        }
        if rejected && !everyCheck { return false }

        // r = w − NTT⁻¹(ĉ ∘ ŝ₂); reject when ‖LowBits(r)‖∞ ≥ γ₂ − β.
        for row in 0..<k {
            let rRow = r + row * 256
            Poly.multiply(rRow, c, s2 + row * 256)
            NTT.inverseToMontgomery(rRow)
            Poly.subtract(rRow, w + row * 256, rRow)
            Poly.freeze(rRow)
            rejected = rounding.lowBitsExceed(r: rRow, bound: parameters.gamma2 - parameters.beta) || rejected
        }
        if rejected && !everyCheck { return false }

        // ct₀ = NTT⁻¹(ĉ ∘ t̂₀); reject when ‖ct₀‖∞ ≥ γ₂. h = MakeHint(−ct₀, r + ct₀): 1 where
        // HighBits(r + ct₀) ≠ HighBits(r). Reject more than ω hints.
        var hintCount: Int32 = 0
        for row in 0..<k {
            let ct0 = w1 + row * 256, rRow = r + row * 256, hint = hints + row * 256
            Poly.multiply(ct0, c, t0 + row * 256)
            NTT.inverseToMontgomery(ct0)
            Poly.reduce(ct0)
            rejected = SecretKernels.exceedsNorm(ct0, bound: parameters.gamma2) || rejected
            hintCount &+= rounding.makeHints(r: rRow, ct0: ct0, into: hint)
        }
        // (In `everyCheck` mode the outcome is returned without packing σ: the probe times the arithmetic.)
        let accepted = !rejected && hintCount <= Int32(parameters.omega)
        if !accepted || everyCheck { return accepted }

        // σ = c̃ ‖ BitPack(z, γ₁ − 1, γ₁) ‖ HintBitPack(h).
        let gamma1 = parameters.gamma1, zBytes = 32 * parameters.zBits
        var offset = parameters.commitmentHashByteCount
        for column in 0..<l {
            let zColumn = z + column * 256
            for i in 0..<256 { zColumn[i] = centred(freeze(zColumn[i])) }
            BitPacking.pack(zColumn, bits: parameters.zBits, into: output.baseAddress! + offset) { gamma1 &- $0 }
            offset += zBytes
        }
        BitPacking.packHints(hints, k: k, omega: parameters.omega, into: output.baseAddress! + offset)
        return true
    }
}

extension ExpandedPublicKey {
    /// μ = H(tr ‖ M′, 64) for the pure signature: M′ = 0 ‖ |ctx| ‖ ctx ‖ M (FIPS 204 Algorithms 2 and 3),
    /// written to the 64 bytes of `mu`. The caller has checked that the context is at most 255 bytes.
    func messageRepresentative(message: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer, into mu: UnsafeMutableRawBufferPointer) {
        var shake = SHAKE256()
        shake.update(data: publicKeyHash)
        var prefix: (UInt8, UInt8) = (0, UInt8(truncatingIfNeeded: context.count))
        withUnsafeBytes(of: &prefix) { shake.update(bufferPointer: $0) }
        shake.update(bufferPointer: context)
        shake.update(bufferPointer: message)
        shake.squeeze(into: mu)
    }
}

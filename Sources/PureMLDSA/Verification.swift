// ML-DSA.Verify_internal (FIPS 204 Algorithm 8), strict: the signature's exact length, the hint encoding in
// its one canonical form, ‖z‖∞ < γ₁ − β, then c̃ recomputed. Everything here is public; it is written
// without secret-dependent care and may branch.

import PureSHA3

extension ExpandedPublicKey {
    /// Whether σ is a signature of μ under this key.
    func verify(signature: UnsafeRawBufferPointer, mu: UnsafeRawBufferPointer) -> Bool {
        guard signature.count == parameters.signatureByteCount else { return false }
        let k = parameters.k, l = parameters.l
        let commitmentBytes = 32 * k * parameters.w1Bits
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: (l + 2 * k + 1) * 256) { workspace in
            let z = workspace.baseAddress!, hints = z + l * 256, w = hints + k * 256, c = w + k * 256
            // z = BitUnpack(γ₁ − 1, γ₁), then ‖z‖∞ < γ₁ − β.
            let zBytes = 32 * parameters.zBits
            var offset = parameters.commitmentHashByteCount
            for column in 0..<l {
                let zColumn = z + column * 256
                BitPacking.unpack(UnsafeRawBufferPointer(rebasing: signature[offset..<(offset + zBytes)]), bits: parameters.zBits, into: zColumn)
                for i in 0..<256 { zColumn[i] = parameters.gamma1 &- zColumn[i] }
                if SecretKernels.exceedsNorm(zColumn, bound: parameters.gamma1 - parameters.beta) { return false }
                offset += zBytes
            }
            guard BitPacking.unpackHints(UnsafeRawBufferPointer(rebasing: signature[offset...]), k: k, omega: parameters.omega, into: hints) else {
                return false
            }
            let commitmentHash = UnsafeRawBufferPointer(rebasing: signature[0..<parameters.commitmentHashByteCount])
            Sampling.sampleInBallVartime(commitmentHash: commitmentHash, tau: parameters.tau, into: c)
            NTT.forward(c)
            for column in 0..<l { NTT.forward(z + column * 256) }

            // w′ = NTT⁻¹(Â ∘ ẑ − ĉ ∘ NTT(t₁ · 2ᵈ)); w₁′ = UseHint(h, w′).
            return withUnsafeTemporaryAllocation(byteCount: commitmentBytes, alignment: 8) { commitment in
                matrix.withPolynomials { matrix in
                    scaledT1.withPolynomials { t1 in
                        for row in 0..<k {
                            let wRow = w + row * 256
                            Poly.multiply(wRow, matrix + row * l * 256, z)
                            for column in 1..<l { Poly.multiplyAdd(wRow, matrix + (row * l + column) * 256, z + column * 256) }
                            for i in 0..<256 { wRow[i] &-= montgomeryReduce(Int64(c[i]) &* Int64(t1[row * 256 + i])) }
                            Poly.reduce(wRow)
                            NTT.inverseToMontgomery(wRow)
                            let hint = hints + row * 256
                            for i in 0..<256 { wRow[i] = parameters.rounding.useHint(hint[i], addModulusIfNegative(wRow[i])) }
                            BitPacking.pack(wRow, bits: parameters.w1Bits, into: commitment.baseAddress! + row * 32 * parameters.w1Bits) { $0 }
                        }
                    }
                }
                // c̃ = H(μ ‖ w1Encode(w₁′), λ/4) must equal the signature's.
                var hash = SHAKE256()
                hash.update(bufferPointer: mu)
                hash.update(bufferPointer: UnsafeRawBufferPointer(commitment))
                return withUnsafeTemporaryAllocation(byteCount: parameters.commitmentHashByteCount, alignment: 8) { expected in
                    hash.squeeze(into: expected)
                    return expected.elementsEqual(commitmentHash)
                }
            }
        }
    }
}

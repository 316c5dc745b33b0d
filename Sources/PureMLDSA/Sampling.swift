// The samplers of FIPS 204 §7.3: the public matrix A (ExpandA, RejNTTPoly), the private vectors s₁ and s₂
// (ExpandS, RejBoundedPoly), the mask y (ExpandMask) and the challenge c (SampleInBall), each from SHAKE.
//
// Rejection sampling leaks how many samples were drawn, which is the rejection rate and nothing else. In
// RejBoundedPoly, which reads the private seed, the map from a half-byte to a coefficient (b mod 5) is
// multiply-shift and the choice to keep a sample is a mask: no branch or index depends on the sample.

import PureSHA3

@usableFromInline
enum Sampling {
    /// Â (k × ℓ polynomials in Tq, row-major) from ρ (Algorithm 32): Â[r][s] = RejNTTPoly(ρ ‖ s ‖ r).
    /// Public data: ρ is in the public key.
    static func expandA(rho: UnsafeRawBufferPointer, parameters: MLDSAParameters, into matrix: Polynomial) {
        var seed = [UInt8](repeating: 0, count: 34)
        seed.withUnsafeMutableBytes { $0.copyMemory(from: rho) }
        for row in 0..<parameters.k {
            for column in 0..<parameters.l {
                seed[32] = UInt8(column)
                seed[33] = UInt8(row)
                rejectionSampleNTT(seed: seed, into: matrix + (row * parameters.l + column) * 256)
            }
        }
    }

    /// RejNTTPoly (Algorithm 30): three bytes at a time (CoeffFromThreeBytes, Algorithm 14), 23 bits, kept
    /// when below q. SHAKE128 is read five blocks (280 candidates) at once, then a block at a time.
    static func rejectionSampleNTT(seed: [UInt8], into a: Polynomial) {
        var shake = SHAKE128()
        shake.update(data: seed)
        withUnsafeTemporaryAllocation(byteCount: 5 * 168, alignment: 8) { buffer in
            var count = 0
            var available = 5 * 168
            shake.squeeze(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<available]))
            while true {
                var offset = 0
                while offset < available && count < 256 {
                    let value = Int32(buffer[offset]) | Int32(buffer[offset + 1]) << 8 | Int32(buffer[offset + 2] & 0x7F) << 16
                    offset += 3
                    if value < fieldModulus {
                        a[count] = value
                        count += 1
                    }
                }
                if count == 256 { return }
                available = 168
                shake.squeeze(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<available]))
            }
        }
    }

    /// s₁ (ℓ polynomials) then s₂ (k polynomials), contiguous, from ρ′ (Algorithm 33).
    static func expandS(rhoPrime: UnsafeRawBufferPointer, parameters: MLDSAParameters, into vectors: Polynomial) {
        var seed = [UInt8](repeating: 0, count: 66)
        seed.withUnsafeMutableBytes { $0.copyMemory(from: rhoPrime) }
        for index in 0..<(parameters.l + parameters.k) {
            seed[64] = UInt8(index)
            seed[65] = 0
            rejectionSampleBounded(seed: seed, eta: parameters.eta, into: vectors + index * 256)
        }
        for index in 0..<seed.count { seed[index] = 0 }
    }

    /// RejBoundedPoly (Algorithm 31) with CoeffFromHalfByte (Algorithm 15): each half-byte b gives η − b
    /// (η = 4, kept when b < 9) or 2 − (b mod 5) (η = 2, kept when b < 15), by SecretKernels.sampleByte.
    static func rejectionSampleBounded(seed: [UInt8], eta: Int32, into a: Polynomial) {
        if eta == 2 {
            rejectionSampleBounded(Eta2.self, seed: seed, into: a)
        } else {
            rejectionSampleBounded(Eta4.self, seed: seed, into: a)
        }
    }

    static func rejectionSampleBounded<E: Eta>(_ eta: E.Type, seed: [UInt8], into a: Polynomial) {
        var shake = SHAKE256()
        shake.update(data: seed)
        withUnsafeTemporaryAllocation(byteCount: 136 + 257 * 4, alignment: 8) { buffer in
            let bytes = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<136])
            let staging = (buffer.baseAddress! + 136).bindMemory(to: Int32.self, capacity: 257)
            var count = 0
            while count < 256 {
                shake.squeeze(into: bytes)
                var offset = 0
                while offset < 136 && count < 256 {
                    count = SecretKernels.sampleByte(eta, Int32(bytes[offset]), into: staging, count: count)
                    offset += 1
                }
            }
            a.update(from: staging, count: 256)
            buffer.initializeMemory(as: UInt8.self, repeating: 0)
        }
    }

    /// y (ℓ polynomials) from ρ″ and κ (Algorithm 34): y[r] = γ₁ − BitUnpack(H(ρ″ ‖ κ+r, 32·(1+bitlen(γ₁−1)))).
    static func expandMask(rhoDoublePrime: UnsafeRawBufferPointer, kappa: Int, parameters: MLDSAParameters, into y: Polynomial) {
        let byteCount = 32 * parameters.zBits
        withUnsafeTemporaryAllocation(byteCount: 66 + byteCount, alignment: 8) { buffer in
            let seed = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<66])
            let stream = UnsafeMutableRawBufferPointer(rebasing: buffer[66...])
            seed.copyMemory(from: rhoDoublePrime)
            for index in 0..<parameters.l {
                let counter = kappa + index
                seed[64] = UInt8(truncatingIfNeeded: counter)
                seed[65] = UInt8(truncatingIfNeeded: counter >> 8)
                var shake = SHAKE256()
                shake.update(bufferPointer: UnsafeRawBufferPointer(seed))
                shake.squeeze(into: stream)
                let poly = y + index * 256
                BitPacking.unpack(UnsafeRawBufferPointer(stream), bits: parameters.zBits, into: poly)
                let gamma1 = parameters.gamma1
                for i in 0..<256 { poly[i] = gamma1 &- poly[i] }
            }
            buffer.initializeMemory(as: UInt8.self, repeating: 0)
        }
    }

    /// SampleInBall (Algorithm 29): c with τ coefficients ±1 and the rest 0, from c̃.
    ///
    /// Variable-time in c̃ (the Fisher–Yates positions index memory). c̃ of the attempt that is returned is
    /// in the signature; c̃ of a rejected attempt is a hash of the commitment w₁ of a mask never used again,
    /// and the positions reveal nothing about s₁ or s₂.
    static func sampleInBallVartime(commitmentHash: UnsafeRawBufferPointer, tau: Int, into c: Polynomial) {
        var shake = SHAKE256()
        shake.update(bufferPointer: commitmentHash)
        c.update(repeating: 0, count: 256)
        withUnsafeTemporaryAllocation(byteCount: 136, alignment: 8) { buffer in
            shake.squeeze(into: buffer)
            var signs: UInt64 = 0
            for index in 0..<8 { signs |= UInt64(buffer[index]) << (8 * index) }
            var offset = 8
            for i in (256 - tau)..<256 {
                var j: Int
                repeat {
                    if offset == 136 {
                        shake.squeeze(into: buffer)
                        offset = 0
                    }
                    j = Int(buffer[offset])
                    offset += 1
                } while j > i
                c[i] = c[j]
                c[j] = 1 - 2 * Int32(signs & 1)
                signs >>= 1
            }
        }
    }
}

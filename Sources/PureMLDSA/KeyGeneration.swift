// ML-DSA.KeyGen_internal (FIPS 204 Algorithm 6) from the seed ξ, and skDecode (Algorithm 25) with the checks
// that make an expanded private key trustworthy: its s₁ and s₂ in range, and t₀ and tr recomputed from them.

import PureSHA3

extension ExpandedPrivateKey {
    /// KeyGen_internal(ξ): (ρ, ρ′, K) = H(ξ ‖ k ‖ ℓ, 128); s₁, s₂ = ExpandS(ρ′); the rest from `derive`.
    init(seed: [UInt8], parameters: MLDSAParameters) {
        var expanded = [UInt8](repeating: 0, count: 128)
        var shake = SHAKE256()
        shake.update(data: seed)
        shake.update(data: [UInt8(parameters.k), UInt8(parameters.l)])
        expanded.withUnsafeMutableBytes { shake.squeeze(into: $0) }
        let rho = Array(expanded[0..<32]), signingKey = Array(expanded[96..<128])
        var secrets = [Int32](repeating: 0, count: (parameters.l + parameters.k) * 256)
        expanded.withUnsafeBytes { bytes in
            secrets.withUnsafeMutableBufferPointer {
                Sampling.expandS(rhoPrime: UnsafeRawBufferPointer(rebasing: bytes[32..<96]), parameters: parameters, into: $0.baseAddress!)
            }
        }
        for index in 0..<expanded.count { expanded[index] = 0 }
        self = Self.derive(rho: rho, signingKey: signingKey, secrets: secrets, seed: seed, parameters: parameters).key
    }

    /// The key of an expanded encoding sk, or nil when it is not one: a coefficient of s₁ or s₂ outside
    /// [−η, η], or t₀ or tr different from what ρ, s₁ and s₂ give. (FIPS 204's skDecode checks nothing;
    /// a key read from a file is checked here once, so that a corrupted one cannot sign.)
    init?(expandedEncoding encoded: [UInt8], parameters: MLDSAParameters) {
        guard encoded.count == parameters.expandedKeyByteCount else { return nil }
        let k = parameters.k, l = parameters.l
        var secrets = [Int32](repeating: 0, count: (l + k) * 256)
        var t0 = [Int32](repeating: 0, count: k * 256)
        let secretsInRange: Bool = encoded.withUnsafeBytes { bytes in
            var inRange = true
            secrets.withUnsafeMutableBufferPointer { buffer in
                let polynomialBytes = 32 * parameters.etaBits
                for index in 0..<(l + k) {
                    let start = 128 + index * polynomialBytes
                    let poly = buffer.baseAddress! + index * 256
                    BitPacking.unpack(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + polynomialBytes)]), bits: parameters.etaBits, into: poly)
                    var outside: Int32 = 0
                    for i in 0..<256 {
                        outside |= negativeMask(2 &* parameters.eta &- poly[i])
                        poly[i] = parameters.eta &- poly[i]
                    }
                    inRange = inRange && outside == 0
                }
            }
            t0.withUnsafeMutableBufferPointer { buffer in
                let start = 128 + (l + k) * 32 * parameters.etaBits
                for index in 0..<k {
                    let offset = start + index * 416
                    let poly = buffer.baseAddress! + index * 256
                    BitPacking.unpack(UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + 416)]), bits: 13, into: poly)
                    for i in 0..<256 { poly[i] = (1 &<< 12) &- poly[i] }
                }
            }
            return inRange
        }
        guard secretsInRange else { return nil }
        let derived = Self.derive(rho: Array(encoded[0..<32]), signingKey: Array(encoded[32..<64]), secrets: secrets,
                                  seed: nil, parameters: parameters)
        guard derived.key.encoded == encoded, derived.t0 == t0 else { return nil }
        self = derived.key
    }

    /// t = NTT⁻¹(Â ∘ NTT(s₁)) + s₂, (t₁, t₀) = Power2Round(t), pk, tr = H(pk), sk, and the NTT forms
    /// signing uses. `secrets` is s₁ then s₂ in the normal domain.
    static func derive(rho: [UInt8], signingKey: [UInt8], secrets: [Int32], seed: [UInt8]?,
                               parameters: MLDSAParameters) -> (key: ExpandedPrivateKey, t0: [Int32]) {
        let k = parameters.k, l = parameters.l
        var matrix = [Int32](repeating: 0, count: k * l * 256)
        rho.withUnsafeBytes { rhoBytes in
            matrix.withUnsafeMutableBufferPointer { Sampling.expandA(rho: rhoBytes, parameters: parameters, into: $0.baseAddress!) }
        }
        var s1Hat = Array(secrets[0..<(l * 256)])
        var s2Hat = Array(secrets[(l * 256)...])
        var t1 = [Int32](repeating: 0, count: k * 256)
        var t0 = [Int32](repeating: 0, count: k * 256)
        s1Hat.withUnsafeMutableBufferPointer { s1 in
            for column in 0..<l { NTT.forward(s1.baseAddress! + column * 256) }
        }
        matrix.withPolynomials { a in
            s1Hat.withPolynomials { s1 in
                secrets.withPolynomials { s in
                    t1.withUnsafeMutableBufferPointer { t1Buffer in
                        t0.withUnsafeMutableBufferPointer { t0Buffer in
                            for row in 0..<k {
                                let t = t1Buffer.baseAddress! + row * 256, low = t0Buffer.baseAddress! + row * 256
                                Poly.multiply(t, a + row * l * 256, s1)
                                for column in 1..<l { Poly.multiplyAdd(t, a + (row * l + column) * 256, s1 + column * 256) }
                                Poly.reduce(t)
                                NTT.inverseToMontgomery(t)
                                Poly.add(t, t, s + (l + row) * 256)
                                SecretKernels.power2Round(t: t, low: low)
                            }
                        }
                    }
                }
            }
        }
        // pk = ρ ‖ t₁ (10 bits each); tr = H(pk, 64).
        var publicEncoding = rho + [UInt8](repeating: 0, count: 320 * k)
        publicEncoding.withUnsafeMutableBytes { bytes in
            t1.withPolynomials { t in
                for row in 0..<k { BitPacking.pack(t + row * 256, bits: 10, into: bytes.baseAddress! + 32 + row * 320) { $0 } }
            }
        }
        let publicKey = ExpandedPublicKey(parsedEncoding: publicEncoding, t1: t1, matrix: matrix, parameters: parameters)

        // sk = ρ ‖ K ‖ tr ‖ s₁ ‖ s₂ (η − s) ‖ t₀ (2¹² − t₀).
        var privateEncoding = rho + signingKey + publicKey.publicKeyHash
            + [UInt8](repeating: 0, count: parameters.expandedKeyByteCount - 128)
        privateEncoding.withUnsafeMutableBytes { bytes in
            let eta = parameters.eta, polynomialBytes = 32 * parameters.etaBits
            secrets.withPolynomials { s in
                for index in 0..<(l + k) {
                    BitPacking.pack(s + index * 256, bits: parameters.etaBits, into: bytes.baseAddress! + 128 + index * polynomialBytes) { eta &- $0 }
                }
            }
            t0.withPolynomials { t in
                let start = 128 + (l + k) * polynomialBytes
                for row in 0..<k { BitPacking.pack(t + row * 256, bits: 13, into: bytes.baseAddress! + start + row * 416) { (1 &<< 12) &- $0 } }
            }
        }
        var t0Hat = t0
        s2Hat.withUnsafeMutableBufferPointer { s2 in
            t0Hat.withUnsafeMutableBufferPointer { t in
                for row in 0..<k {
                    NTT.forward(s2.baseAddress! + row * 256)
                    NTT.forward(t.baseAddress! + row * 256)
                }
            }
        }
        let key = ExpandedPrivateKey(publicKey: publicKey, seed: seed, encoded: privateEncoding, signingKey: signingKey,
                                     s1: s1Hat, s2: s2Hat, t0: t0Hat)
        return (key, t0)
    }
}

extension ExpandedPublicKey {
    /// The public key of an encoding pk (pkDecode, Algorithm 23): any 32 + 320k bytes are a key (an all-zero
    /// t₁ included, as FIPS 204 allows); nil for another length.
    init?(encoding: [UInt8], parameters: MLDSAParameters) {
        guard encoding.count == parameters.publicKeyByteCount else { return nil }
        var t1 = [Int32](repeating: 0, count: parameters.k * 256)
        encoding.withUnsafeBytes { bytes in
            t1.withUnsafeMutableBufferPointer { t in
                for row in 0..<parameters.k {
                    let start = 32 + row * 320
                    BitPacking.unpack(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + 320)]), bits: 10, into: t.baseAddress! + row * 256)
                }
            }
        }
        var matrix = [Int32](repeating: 0, count: parameters.k * parameters.l * 256)
        encoding.withUnsafeBytes { bytes in
            matrix.withUnsafeMutableBufferPointer {
                Sampling.expandA(rho: UnsafeRawBufferPointer(rebasing: bytes[0..<32]), parameters: parameters, into: $0.baseAddress!)
            }
        }
        self.init(parsedEncoding: encoding, t1: t1, matrix: matrix, parameters: parameters)
    }

    init(parsedEncoding encoding: [UInt8], t1: [Int32], matrix: [Int32], parameters: MLDSAParameters) {
        self.parameters = parameters
        self.encoded = encoding
        self.matrix = matrix
        var scaled = t1
        scaled.withUnsafeMutableBufferPointer { t in
            for index in 0..<t.count { t[index] <<= droppedBits }
            for row in 0..<parameters.k { NTT.forward(t.baseAddress! + row * 256) }
        }
        self.scaledT1 = scaled
        var hash = [UInt8](repeating: 0, count: 64)
        var shake = SHAKE256()
        shake.update(data: encoding)
        hash.withUnsafeMutableBytes { shake.squeeze(into: $0) }
        self.publicKeyHash = hash
    }
}

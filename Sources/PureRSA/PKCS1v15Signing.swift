// RSASSA-PKCS1-v1_5 signing (RFC 8017 §8.2.1) with SHA-256, SHA-384 and SHA-512: EMSA-PKCS1-v1_5 (§9.2)
// builds EM = 00 01 FF…FF 00 ‖ DigestInfo ‖ H, and RSASP1 (§5.2.1) raises it to d by the CRT.
//
// Side channels. RSASP1 is computed as BoringSSL does:
// - base blinding: m is multiplied by r^e for an unpredictable r, and the result by r⁻¹, so the values that
//   the exponentiations and the reductions handle are uniformly random and unrelated to m; a fresh r every
//   32 operations, squared in between (RSABlinding.swift, as BoringSSL's BN_BLINDING);
// - the exponentiations m^dp mod p and m^dq mod q are `MontgomeryContext.power`: a fixed 5-bit window
//   over all limbs of p's size, every table entry read and selected by mask (PureBigInt, Docs/Security.md);
// - the result is verified with the public key before it is returned (a fault in the CRT would otherwise
//   publish a signature that reveals a prime).
// - the blinding factor is inverted by safegcd, in time set by n's size (PureBigInt's
//   ConstantTimeInversion.swift);
// - the reductions mod p and q and the recombination are Montgomery operations on fixed-size limbs
//   (PureBigInt's MontgomeryCRT.swift) for primes of one limb count — every key of 2048 bits and more that
//   common tools make; for others they are BigUInt divisions, whose time depends on the primes' top limbs.
// What stays variable-time is public or fresh: r^e and the fault check s^e (the public exponent, n, and the
// random r or the published s).

import PureBigInt
import PureSHA2

extension RSA.Signing.PrivateKey {
    /// The signature of SHA-256(`data`): PKCS#1 v1.5 (RS256) or, with `.PSS`, RSASSA-PSS (PS256).
    public func signature<Bytes: Sequence>(for data: Bytes, padding: RSA.Signing.Padding = .insecurePKCS1v1_5) throws(RSAError)
        -> RSA.Signing.RSASignature where Bytes.Element == UInt8 {
        try signature(for: SHA256.hash(data: data), padding: padding)
    }

    /// The signature of a SHA-256 digest (PKCS#1 v1.5, or PSS with a random 32-byte salt).
    public func signature(for digest: SHA256Digest, padding: RSA.Signing.Padding = .insecurePKCS1v1_5) throws(RSAError)
        -> RSA.Signing.RSASignature {
        if padding == .PSS { return try pssSignature(digest: digest, SHA256.self) }
        return try signature(digest: digest, count: SHA256Digest.byteCount, digestInfoPrefix: sha256DigestInfoPrefix)
    }

    /// The signature of a SHA-384 digest (RS384, or PS384 with `.PSS`).
    public func signature(for digest: SHA384Digest, padding: RSA.Signing.Padding = .insecurePKCS1v1_5) throws(RSAError)
        -> RSA.Signing.RSASignature {
        if padding == .PSS { return try pssSignature(digest: digest, SHA384.self) }
        return try signature(digest: digest, count: SHA384Digest.byteCount, digestInfoPrefix: sha384DigestInfoPrefix)
    }

    /// The signature of a SHA-512 digest (RS512, or PS512 with `.PSS`).
    public func signature(for digest: SHA512Digest, padding: RSA.Signing.Padding = .insecurePKCS1v1_5) throws(RSAError)
        -> RSA.Signing.RSASignature {
        if padding == .PSS { return try pssSignature(digest: digest, SHA512.self) }
        return try signature(digest: digest, count: SHA512Digest.byteCount, digestInfoPrefix: sha512DigestInfoPrefix)
    }

    /// EMSA-PKCS1-v1_5 with the given DigestInfo prefix, then RSASP1. Internal so that the tests can run
    /// Wycheproof's SHA-1 and SHA-224 cases with digests computed elsewhere.
    func signature(digest: [UInt8], digestInfoPrefix prefix: [UInt8]) throws(RSAError) -> RSA.Signing.RSASignature {
        try signature(digest: digest, count: digest.count, digestInfoPrefix: prefix)
    }

    /// The same for a digest of `count` bytes, written into the block as it is read (no copy of it).
    func signature<D: Sequence>(digest: D, count: Int, digestInfoPrefix prefix: [UInt8]) throws(RSAError)
        -> RSA.Signing.RSASignature where D.Element == UInt8 {
        let k = publicKey.byteCount
        let tail = prefix.count + count
        // §9.2 step 3: at least 8 bytes of FF (never short for keys of 2048 bits or more).
        guard k >= tail + 11 else { throw RSAError(.modulusTooSmall(bits: keySizeInBits)) }
        // The block on the stack (no allocation for keys up to 8192 bits), read into a BigUInt.
        let m = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: k) { block in
            block.initialize(repeating: 0xFF)
            block[0] = 0x00
            block[1] = 0x01
            block[k - tail - 1] = 0x00
            var index = k - tail
            for byte in prefix { block[index] = byte; index += 1 }
            for byte in digest { block[index] = byte; index += 1 }
            return BigUInt(bigEndianBytes: UnsafeBufferPointer(block))
        }
        return RSA.Signing.RSASignature(rawRepresentation: try privateOperation(m))
    }

    /// RSASP1: m^d mod n as k bytes, blinded, by the CRT, verified with the public key (see the header).
    func privateOperation(_ m: BigUInt) throws(RSAError) -> [UInt8] {
        let key = storage, n = publicKey.modulus, e = publicKey.publicExponent
        // Blinded: m·r^e for an unpredictable r, from the key's blinding pairs (RSABlinding.swift).
        let (blinded, rInverse) = blind(m)
        let blindedSignature: BigUInt
        if let crt = key.crt, let signature = crt.apply(blinded) {
            blindedSignature = signature                       // p and q of one limb count: constant-time
        } else {
            // CRT (RFC 8017 §5.1.2 step 2b): m1 = c^dp mod p, m2 = c^dq mod q, h = qi·(m1 − m2) mod p, with
            // BigUInt's reductions (whose time depends on the primes' top limbs) for primes of different
            // limb counts, which no common tool makes.
            let m1 = key.contextP.power(blinded % key.p, key.dp, exponentLimbs: key.p.limbs.count)
            let m2 = key.contextQ.power(blinded % key.q, key.dq, exponentLimbs: key.q.limbs.count)
            let difference = (m1 + key.p - m2 % key.p) % key.p
            let h = key.contextP.multiply(key.qInverse, difference)
            blindedSignature = m2 + h * key.q
        }
        // Unblind (·r⁻¹), and the fault check: s^e must give back m.
        guard let s = publicKey.context.multiplyChecked(blindedSignature, rInverse, exponent: e, expected: m < n ? m : m % n),
              let bytes = s.bigEndianBytes(length: publicKey.byteCount) else {
            throw RSAError(.signingFault)
        }
        return bytes
    }
}

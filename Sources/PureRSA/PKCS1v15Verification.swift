// RSASSA-PKCS1-v1_5 verification with SHA-256, RFC 8017 §8.2.2, by encode-and-compare (as BearSSL and
// ../shared/DESIGN.md require): the signature is never parsed. The only accepted layout of the recovered
// k-byte block EM is the one EMSA-PKCS1-v1_5 (§9.2) builds:
//
//   00 01 FF … FF 00 || 30 31 30 0d 06 09 60 86 48 01 65 03 04 02 01 05 00 04 20 || H
//                       └────────── DigestInfo prefix for SHA-256 (§9.2 note 1) ─┘
//   with at least 8 bytes of FF, and H the 32-byte SHA-256 digest.
//
// The comparison is made with both sides multiplied by one factor K, which changes nothing: s^e is
// computed by `MontgomeryContext.scaledPowerVartime`, square-and-multiply on s itself without first
// converting it into Montgomery form, which leaves s^e·K mod n with K = R^(−f(e)) mod n (R = 2^(64·limbs),
// f fixed by e: 65536 for e = 65537). The expected side is EM·K = EM₀·K + H·K (mod n), EM₀ being the
// block above with the digest's 32 bytes zero and H the digest: the key holds EM₀·K·2^256 and K·2^256
// mod n, and `multiplyAddReducedVartime` adds H (four limbs) times the second to the first and takes
// out the 2^256 by four rounds of Montgomery reduction. K is a power of R⁻¹ and so invertible modulo the
// odd n: s^e·K ≡ EM·K (mod n) exactly when s^e ≡ EM (mod n), and as both s^e mod n and EM (its first
// byte is zero) are below n, exactly when m = EM, the comparison of RFC 8017 §8.2.2 step 4. Saved: the
// conversion of s, one of the eighteen multiplications of an RSA-2048 verification.
//
// Verification uses only public data and may take variable time.

import PureBigInt
import PureSHA2

extension RSA.Signing.PublicKey {
    /// Whether `signature` is a valid RS256 signature of `data` under this key.
    public func isValidSignature<Bytes: Sequence>(
        _ signature: RSA.Signing.RSASignature, for data: Bytes, padding: RSA.Signing.Padding = .insecurePKCS1v1_5
    ) -> Bool where Bytes.Element == UInt8 {
        isValidSignature(signature, for: SHA256.hash(data: data), padding: padding)
    }

    /// Whether `signature` is a valid PKCS#1 v1.5 signature of a precomputed SHA-256 digest.
    public func isValidSignature(
        _ signature: RSA.Signing.RSASignature, for digest: SHA256Digest, padding: RSA.Signing.Padding = .insecurePKCS1v1_5
    ) -> Bool {
        if padding == .PSS { return isValidPSSSignature(signature, digest: digest, SHA256.self) }
        // §8.2.2 step 1: the signature is exactly k bytes.
        let s = signature.rawRepresentation
        guard s.count == byteCount else { return false }
        // §5.2.2 step 1: s < n.
        let representative = BigUInt(bigEndianBytes: s)
        guard representative < modulus else { return false }
        // §5.2.2 step 2, times K: m·K mod n.
        let scaledMessage = context.scaledPowerVartime(representative, publicExponent)
        // §8.2.2 steps 2–4: the expected block EM = EM₀ + H (H in its last 32 bytes), times K, and the
        // comparison of the two integers (I2OSP and OS2IP are each other's inverse, so comparing the
        // integers compares the blocks).
        let digestLimbs = digest.withUnsafeBytes { bytes in
            // Limb i holds the digest's bytes 24 − 8i ..< 32 − 8i, big-endian.
            (0..<4).map { i in UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 24 - 8 * i, as: UInt64.self)) }
        }
        return scaledMessage == context.multiplyAddReducedVartime(templateTerm, digestLimbs, digestFactor)
    }

    /// EMSA-PKCS1-v1_5-ENCODE(H) for SHA-256, §9.2, as a k-byte block, for the 32 bytes of H.
    static func expectedEncoding(digest: [UInt8], byteCount: Int) -> [UInt8] {
        var block = [UInt8](repeating: 0xFF, count: byteCount)
        block[0] = 0x00
        block[1] = 0x01
        let tailStart = byteCount - sha256DigestInfoPrefix.count - SHA256Digest.byteCount
        block[tailStart - 1] = 0x00
        block.replaceSubrange(tailStart..<(tailStart + sha256DigestInfoPrefix.count), with: sha256DigestInfoPrefix)
        block.replaceSubrange((byteCount - SHA256Digest.byteCount)..<byteCount, with: digest)
        return block
    }

    /// EMSA-PKCS1-v1_5-ENCODE for a digest of 32 zero bytes: the expected block for every message once the
    /// digest is added to it. Built once per key.
    static func encodingTemplate(byteCount: Int) -> BigUInt {
        BigUInt(bigEndianBytes: expectedEncoding(digest: [UInt8](repeating: 0, count: SHA256Digest.byteCount),
                                                 byteCount: byteCount))
    }
}

/// DER of DigestInfo { AlgorithmIdentifier { id-sha256, NULL }, OCTET STRING (32 bytes) } without the
/// digest itself (RFC 8017 §9.2, note 1).
let sha256DigestInfoPrefix: [UInt8] = [
    0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20,
]

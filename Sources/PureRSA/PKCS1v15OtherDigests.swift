// RSASSA-PKCS1-v1_5 verification with SHA-384 and SHA-512 (RFC 8017 §8.2.2 and §9.2), for certificates
// signed sha384WithRSAEncryption / sha512WithRSAEncryption and for JWS RS384 / RS512; and, with `package`
// access only, with SHA-1, for the App Store receipts and certificates signed with it until 2023. Encode-and-compare
// like the SHA-256 path, but plainly: s^e mod n is computed with `powerVartime` and compared with the
// whole expected block. The accepted layout of EM is exactly
//
//   00 01 FF … FF 00 || DigestInfo prefix (§9.2 note 1) || H     with at least 8 bytes of FF
//   SHA-384: 30 41 30 0d 06 09 60 86 48 01 65 03 04 02 02 05 00 04 30 || H (48 bytes)
//   SHA-512: 30 51 30 0d 06 09 60 86 48 01 65 03 04 02 03 05 00 04 40 || H (64 bytes)
//   SHA-1:   30 21 30 09 06 05 2b 0e 03 02 1a 05 00 04 14 || H (20 bytes)
//
// Verification uses only public data and may take variable time.

import PureBigInt
import PureSHA2

extension RSA.Signing.PublicKey {
    /// Whether `signature` is a valid PKCS#1 v1.5 signature of a precomputed SHA-384 digest.
    public func isValidSignature(
        _ signature: RSA.Signing.RSASignature, for digest: SHA384Digest, padding: RSA.Signing.Padding = .insecurePKCS1v1_5
    ) -> Bool {
        if padding == .PSS { return isValidPSSSignature(signature, digest: digest, SHA384.self) }
        return isValidSignature(signature, digest: digest.bytes, prefix: sha384DigestInfoPrefix)
    }

    /// Whether `signature` is a valid PKCS#1 v1.5 signature of a precomputed SHA-512 digest.
    public func isValidSignature(
        _ signature: RSA.Signing.RSASignature, for digest: SHA512Digest, padding: RSA.Signing.Padding = .insecurePKCS1v1_5
    ) -> Bool {
        if padding == .PSS { return isValidPSSSignature(signature, digest: digest, SHA512.self) }
        return isValidSignature(signature, digest: digest.bytes, prefix: sha512DigestInfoPrefix)
    }

    /// Whether `signature` is a valid PKCS#1 v1.5 signature of a SHA-1 digest: for App Store receipts and
    /// the certificates that sign them, never for JWS (RFC 7518 has no SHA-1 algorithm).
    package func isValidInsecureSHA1Signature(_ signature: RSA.Signing.RSASignature, for digest: Insecure.SHA1Digest) -> Bool {
        isValidSignature(signature, digest: digest.bytes, prefix: sha1DigestInfoPrefix)
    }

    private func isValidSignature(_ signature: RSA.Signing.RSASignature, digest: [UInt8], prefix: [UInt8]) -> Bool {
        // §8.2.2 step 1: the signature is exactly k bytes; §5.2.2 step 1: s < n.
        let s = signature.rawRepresentation
        guard s.count == byteCount else { return false }
        let representative = BigUInt(bigEndianBytes: s)
        guard representative < modulus else { return false }
        // EM needs room for the prefix, the digest, 00 01, eight bytes of FF and the 00 separator.
        let tail = prefix.count + digest.count
        guard byteCount >= tail + 11 else { return false }
        var block = [UInt8](repeating: 0xFF, count: byteCount)
        block[0] = 0x00
        block[1] = 0x01
        block[byteCount - tail - 1] = 0x00
        block.replaceSubrange((byteCount - tail)..<byteCount, with: prefix + digest)
        return context.powerVartime(representative, publicExponent) == BigUInt(bigEndianBytes: block)
    }
}

/// DigestInfo prefixes (RFC 8017 §9.2, note 1): DER of DigestInfo { { id-shaXXX, NULL }, OCTET STRING }
/// without the digest.
let sha384DigestInfoPrefix: [UInt8] = [
    0x30, 0x41, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x02, 0x05, 0x00, 0x04, 0x30,
]
let sha1DigestInfoPrefix: [UInt8] = [0x30, 0x21, 0x30, 0x09, 0x06, 0x05, 0x2b, 0x0e, 0x03, 0x02, 0x1a, 0x05, 0x00, 0x04, 0x14]
let sha512DigestInfoPrefix: [UInt8] = [
    0x30, 0x51, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x03, 0x05, 0x00, 0x04, 0x40,
]

// RSASSA-PKCS1-v1_5 verification with SHA-256, RFC 8017 §8.2.2, by encode-and-compare (as BearSSL and
// ../shared/DESIGN.md require): the signature is never parsed. The only accepted layout of the recovered
// k-byte block EM is the one EMSA-PKCS1-v1_5 (§9.2) builds:
//
//   00 01 FF … FF 00 || 30 31 30 0d 06 09 60 86 48 01 65 03 04 02 01 05 00 04 20 || H
//                       └────────── DigestInfo prefix for SHA-256 (§9.2 note 1) ─┘
//   with at least 8 bytes of FF, and H the 32-byte SHA-256 digest.
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
        // §8.2.2 step 1: the signature is exactly k bytes.
        let s = signature.rawRepresentation
        guard s.count == byteCount else { return false }
        // §5.2.2 step 1: s < n.
        let representative = BigUInt(bigEndianBytes: s)
        guard representative < modulus else { return false }
        // §5.2.2 step 2: m = s^e mod n.
        let message = context.powerVartime(representative, publicExponent)
        // §8.2.2 steps 2–4: build the expected EM and compare the whole block — as limbs rather than
        // bytes (I2OSP and OS2IP are each other's inverse, so comparing the integers compares the blocks).
        // The expected block is the key's template with the digest in its four lowest limbs.
        let limbs = message.limbs
        guard limbs.count == encodingTemplate.count else { return false }
        var difference: UInt64 = 0
        digest.withUnsafeBytes { bytes in
            for i in 0..<4 {
                // Limb i holds the block's bytes k − 8(i + 1) ..< k − 8i: the digest's bytes 24 − 8i ..< 32 − 8i.
                difference |= limbs[i] ^ UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 24 - 8 * i, as: UInt64.self))
            }
        }
        for i in 4..<limbs.count { difference |= limbs[i] ^ encodingTemplate[i] }
        return difference == 0
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

    /// The limbs of EMSA-PKCS1-v1_5-ENCODE for a digest of 32 zero bytes: the expected block for every
    /// message once its four lowest limbs (the block's last 32 bytes) are the digest's. Built once per key.
    static func encodingTemplate(byteCount: Int) -> [UInt64] {
        BigUInt(bigEndianBytes: expectedEncoding(digest: [UInt8](repeating: 0, count: SHA256Digest.byteCount),
                                                 byteCount: byteCount)).limbs
    }
}

/// DER of DigestInfo { AlgorithmIdentifier { id-sha256, NULL }, OCTET STRING (32 bytes) } without the
/// digest itself (RFC 8017 §9.2, note 1).
let sha256DigestInfoPrefix: [UInt8] = [
    0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20,
]

// RSASSA-PSS (RFC 8017 §8.1) with MGF1 over the same hash and a salt as long as the hash — the only
// parameters JWS allows (RFC 7518 §3.5: PS256, PS384, PS512) and the only ones accepted here.
//
// EMSA-PSS (§9.1), emBits = modBits − 1, emLen = ⌈emBits/8⌉, hLen = sLen = the hash's length:
//
//   M' = 00 00 00 00 00 00 00 00 ‖ mHash ‖ salt          H = Hash(M')
//   DB = 00 … 00 ‖ 01 ‖ salt   (emLen − hLen − 1 bytes)    EM = (DB ⊕ MGF1(H, emLen − hLen − 1)) ‖ H ‖ BC
//   with the top 8·emLen − emBits bits of EM cleared.
//
// Verification (public data, variable-time) recomputes s^e mod n and accepts only that layout: the
// trailer BC, the cleared top bits, the zero padding, the 01 separator at exactly the place a
// hash-length salt leaves, and H = Hash(M'). Any other salt length is an invalid signature.

import PureBigInt
import PureSHA2

extension RSA.Signing.PublicKey {
    /// Whether `signature` is a PSS signature of `digest` (salt length = digest length, MGF1 with `H`).
    func isValidPSSSignature<H: HashFunction>(_ signature: RSA.Signing.RSASignature, digest: H.Digest, _: H.Type) -> Bool {
        let s = signature.rawRepresentation
        guard s.count == byteCount else { return false }
        let representative = BigUInt(bigEndianBytes: s)
        guard representative < modulus else { return false }
        let emBits = keySizeInBits - 1, emLength = (emBits + 7) / 8
        // When emBits is a multiple of 8, m has one leading zero byte more than EM.
        guard let full = context.powerVartime(representative, publicExponent).bigEndianBytes(length: byteCount) else { return false }
        guard full.prefix(byteCount - emLength).allSatisfy({ $0 == 0 }) else { return false }
        let hLength = H.Digest.byteCount
        // EM is the last emLength bytes of `full`; everything below works on `full` in place.
        let start = byteCount - emLength
        guard emLength >= 2 * hLength + 2, full[byteCount - 1] == 0xBC else { return false }
        let dbLength = emLength - hLength - 1
        let h = full[(start + dbLength)..<(byteCount - 1)]
        let topBits = 8 * emLength - emBits
        guard full[start] >> (8 - topBits) == 0 else { return false }
        var db = Array(full[start..<(start + dbLength)])
        h.withUnsafeBytes { seed in xorMGF1(seed: seed, into: &db, H.self) }
        db[0] &= 0xFF >> topBits
        let separator = dbLength - hLength - 1
        guard db[..<separator].allSatisfy({ $0 == 0 }), db[separator] == 0x01 else { return false }
        return pssHash(digest: digest, salt: db[(separator + 1)...], H.self).withUnsafeBytes { $0.elementsEqual(h) }
    }
}

extension RSA.Signing.PrivateKey {
    /// The PSS signature of `digest` with a fresh random salt of the digest's length.
    func pssSignature<H: HashFunction>(digest: H.Digest, _: H.Type) throws(RSAError) -> RSA.Signing.RSASignature {
        let hLength = H.Digest.byteCount
        let emBits = keySizeInBits - 1, emLength = (emBits + 7) / 8
        guard emLength >= 2 * hLength + 2 else { throw RSAError(.modulusTooSmall(bits: keySizeInBits)) }
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<hLength).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let h = pssHash(digest: digest, salt: salt[...], H.self).bytes
        var db = [UInt8](repeating: 0, count: emLength - hLength - 1)
        db[db.count - hLength - 1] = 0x01
        db.replaceSubrange((db.count - hLength)..<db.count, with: salt)
        h.withUnsafeBytes { seed in xorMGF1(seed: seed, into: &db, H.self) }
        db[0] &= 0xFF >> (8 * emLength - emBits)
        db.append(contentsOf: h)
        db.append(0xBC)
        return RSA.Signing.RSASignature(rawRepresentation: try privateOperation(BigUInt(bigEndianBytes: db)))
    }
}

/// H(00 × 8 ‖ mHash ‖ salt) (§9.1.1 steps 5–6).
private func pssHash<H: HashFunction>(digest: H.Digest, salt: ArraySlice<UInt8>, _: H.Type) -> H.Digest {
    var hasher = H()
    withUnsafeBytes(of: UInt64(0)) { hasher.update(bufferPointer: $0) }
    digest.withUnsafeBytes { hasher.update(bufferPointer: $0) }
    hasher.update(data: salt)
    return hasher.finalize()
}

/// `bytes` ⊕= MGF1(seed) (RFC 8017 B.2.1: H(seed ‖ counter) for counter = 0, 1, …, as many bytes as
/// `bytes` has), each block XORed in where it is made: no mask array.
func xorMGF1<H: HashFunction>(seed: UnsafeRawBufferPointer, into bytes: inout [UInt8], _: H.Type) {
    var counter: UInt32 = 0, offset = 0
    while offset < bytes.count {
        var hasher = H()
        hasher.update(bufferPointer: seed)
        withUnsafeBytes(of: counter.bigEndian) { hasher.update(bufferPointer: $0) }
        hasher.finalize().withUnsafeBytes { block in
            for index in 0..<min(block.count, bytes.count - offset) { bytes[offset + index] ^= block[index] }
        }
        offset += H.Digest.byteCount
        counter += 1
    }
}

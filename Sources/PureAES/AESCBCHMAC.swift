// AES-CBC with HMAC-SHA-2 as one AEAD: JWE's A128CBC-HS256, A192CBC-HS384 and A256CBC-HS512
// (RFC 7518 §5.2). The only use of CBC in this library.
//
// The key is MAC_KEY ‖ ENC_KEY (two halves); the tag is the first half of HMAC(MAC_KEY, A ‖ IV ‖ E ‖ AL),
// AL the bit length of A as a 64-bit big-endian number. Decryption checks the tag, in constant time,
// before it decrypts or looks at the padding, so a padding error can only be reported for a ciphertext
// that the key's holder made: there is no padding oracle (Vaudenay 2002). CBC encryption chains blocks
// and runs one block per cipher pass; decryption runs eight per pass.

import PureSHA2

/// A*CBC-HS* (RFC 7518 §5.2.2) for PureJWT's JWE; package access, as swift-crypto has no such type.
package enum AESCBCHMAC {
    /// The three JOSE variants: key size (MAC key + encryption key), and the hash.
    package enum Variant: Sendable {
        case a128cbcHS256, a192cbcHS384, a256cbcHS512

        /// The combined key size in bytes: 32, 48 or 64.
        package var keyByteCount: Int {
            switch self {
            case .a128cbcHS256: 32
            case .a192cbcHS384: 48
            case .a256cbcHS512: 64
            }
        }

        /// The tag size in bytes: half the combined key.
        package var tagByteCount: Int { keyByteCount / 2 }
    }

    /// HMAC over A ‖ IV ‖ E ‖ AL, truncated to the tag size.
    static func tag(_ variant: Variant, macKey: ArraySlice<UInt8>, aad: [UInt8], iv: [UInt8], ciphertext: [UInt8]) -> [UInt8] {
        let key = SymmetricKey(data: macKey)
        var lengthBits = [UInt8](repeating: 0, count: 8)
        let bits = UInt64(aad.count) &* 8
        for index in 0..<8 { lengthBits[index] = UInt8(truncatingIfNeeded: bits >> (56 - 8 * index)) }
        func mac<H: HashFunction>(_ hash: H.Type) -> [UInt8] {
            var hmac = HMAC<H>(key: key)
            hmac.update(data: aad)
            hmac.update(data: iv)
            hmac.update(data: ciphertext)
            hmac.update(data: lengthBits)
            return Array(Array(hmac.finalize()).prefix(variant.tagByteCount))
        }
        switch variant {
        case .a128cbcHS256: return mac(SHA256.self)
        case .a192cbcHS384: return mac(SHA384.self)
        case .a256cbcHS512: return mac(SHA512.self)
        }
    }

    /// Checks the combined key's size for `variant`.
    static func checkKey(_ key: [UInt8], _ variant: Variant) throws(AESError) {
        guard key.count == variant.keyByteCount else {
            throw AESError(.incorrectKeySize(expected: [variant.keyByteCount], found: key.count))
        }
    }

    /// Encrypts `plaintext` (PKCS #7 padded) with a 16-byte `iv`; returns the ciphertext and the tag.
    package static func seal(_ plaintext: [UInt8], key: [UInt8], iv: [UInt8], authenticating aad: [UInt8],
                             variant: Variant) throws(AESError) -> (ciphertext: [UInt8], tag: [UInt8]) {
        try checkKey(key, variant)
        guard iv.count == 16 else { throw AESError(.incorrectIVSize(expected: 16, found: iv.count)) }
        let half = variant.keyByteCount / 2
        let schedule = try AESExpandedKey(key: key[half...])
        // PKCS #7 (RFC 5652 §6.3): 1 to 16 bytes, each the pad length.
        let pad = 16 - plaintext.count % 16
        var ciphertext = plaintext + [UInt8](repeating: UInt8(pad), count: pad)
        ciphertext.withUnsafeMutableBytes { out in
            var previous = iv.withUnsafeBytes { ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) }
            for offset in stride(from: 0, to: out.count, by: 16) {
                let block = out.baseAddress! + offset
                block.storeBytes(of: block.loadUnaligned(as: UInt64.self) ^ previous.0, as: UInt64.self)
                block.storeBytes(of: block.loadUnaligned(fromByteOffset: 8, as: UInt64.self) ^ previous.1, toByteOffset: 8, as: UInt64.self)
                schedule.encryptBlocks(block, count: 1, into: block)
                previous = (block.loadUnaligned(as: UInt64.self), block.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            }
        }
        return (ciphertext, tag(variant, macKey: key[..<half], aad: aad, iv: iv, ciphertext: ciphertext))
    }

    /// Checks `tag`, then decrypts and removes the padding. Every failure is
    /// ``AESError/Reason/authenticationFailure``.
    package static func open(_ ciphertext: [UInt8], key: [UInt8], iv: [UInt8], tag: [UInt8], authenticating aad: [UInt8],
                             variant: Variant) throws(AESError) -> [UInt8] {
        try checkKey(key, variant)
        guard iv.count == 16, tag.count == variant.tagByteCount, !ciphertext.isEmpty, ciphertext.count % 16 == 0 else {
            throw AESError(.authenticationFailure)
        }
        let half = variant.keyByteCount / 2
        let expected = AESCBCHMAC.tag(variant, macKey: key[..<half], aad: aad, iv: iv, ciphertext: ciphertext)
        guard constantTimeEqual(expected, tag) else { throw AESError(.authenticationFailure) }

        let plaintext = try AESCBC.decrypt(ciphertext, key: key[half...], iv: iv)
        // The tag held, so the padding was made by the key's holder; still checked, as RFC 7518 §5.2.2.2 says.
        let pad = Int(plaintext[plaintext.count - 1])
        guard pad >= 1, pad <= 16, plaintext.suffix(pad).allSatisfy({ $0 == UInt8(pad) }) else {
            throw AESError(.authenticationFailure)
        }
        return Array(plaintext.dropLast(pad))
    }
}

// AES-CBC decryption (NIST SP 800-38A §6.2) without padding removal: for A*CBC-HS*, whose tag is checked
// before, and for PKCS#12 and PKCS#8 files encrypted under a password (PBES2, RFC 8018 §6.2), whose MAC or
// structure is checked after. Package access: CBC alone authenticates nothing, so it is not offered to
// callers who might use it for messages.
//
//   P_i = AES-Decrypt(K, C_i) XOR C_(i-1),   C_0 = IV
//
// Eight blocks go through the bitsliced cipher at a time (CBC decryption, unlike encryption, is parallel).

/// AES-CBC decryption of whole blocks.
package enum AESCBC {
    /// `ciphertext` (a non-empty multiple of 16 bytes) decrypted under `key` (16, 24 or 32 bytes) from
    /// `iv` (16 bytes); the padding is left for the caller.
    package static func decrypt<Key: Collection>(_ ciphertext: [UInt8], key: Key, iv: [UInt8]) throws(AESError) -> [UInt8]
    where Key.Element == UInt8 {
        guard iv.count == 16, !ciphertext.isEmpty, ciphertext.count % 16 == 0 else { throw AESError(.authenticationFailure) }
        let schedule = try AESExpandedKey(key: key)
        var plaintext = [UInt8](repeating: 0, count: ciphertext.count)
        let chain = iv + ciphertext   // block i is XOR-ed with chain block i
        plaintext.withUnsafeMutableBytes { out in
            ciphertext.withUnsafeBytes { input in
                chain.withUnsafeBytes { previous in
                    var offset = 0
                    while offset < input.count {
                        let blocks = min(8, (input.count - offset) / 16)
                        schedule.decryptBlocks(input.baseAddress! + offset, count: blocks, into: out.baseAddress! + offset)
                        for index in stride(from: offset, to: offset + 16 * blocks, by: 8) {
                            out.storeBytes(of: out.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ previous.loadUnaligned(fromByteOffset: index, as: UInt64.self),
                                           toByteOffset: index, as: UInt64.self)
                        }
                        offset += 16 * blocks
                    }
                }
            }
        }
        return plaintext
    }
}

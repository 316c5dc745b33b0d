// The public namespace, with swift-crypto's names: AES.GCM, AES.KeyWrap.

@_exported import struct PureSHA2.SymmetricKey
@_exported import struct PureSHA2.SymmetricKeySize

/// The Advanced Encryption Standard (FIPS 197) with 128-, 192- and 256-bit keys, in constant time.
///
/// Every operation here is bitsliced: the S-box is a Boolean circuit evaluated on whole words, and no
/// branch or memory address depends on a key, plaintext or ciphertext bit. The modes are the ones JOSE
/// and Apple Pay use: ``GCM`` (authenticated encryption) and ``KeyWrap`` (RFC 3394). There is no public
/// ECB, CTR or CBC: unauthenticated modes invite padding oracles and malleable ciphertexts.
public enum AES {
    /// The bytes of `key`, checked to be an AES key size.
    static func keyBytes(_ key: SymmetricKey) throws(AESError) -> [UInt8] {
        let bytes = key.withUnsafeBytes { Array($0) }
        guard bytes.count == 16 || bytes.count == 24 || bytes.count == 32 else {
            throw AESError(.incorrectKeySize(expected: [16, 24, 32], found: bytes.count))
        }
        return bytes
    }
}

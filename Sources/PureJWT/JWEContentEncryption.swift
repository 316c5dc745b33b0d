// JWE content encryption (RFC 7518 §5): AES-GCM (§5.3) and AES-CBC with HMAC-SHA-2 (§5.2), on PureAES.
// The additional authenticated data is ASCII(BASE64URL(protected header)) (RFC 7516 §5.1 step 14).
// Every failure to open is the one `decryptionFailed`: which check failed is not said.

import PureAES

extension JWEContentEncryptionAlgorithm {
    /// The IV length in bytes: 12 for GCM, 16 for CBC.
    var ivByteCount: Int { isGCM ? 12 : 16 }
    /// The tag length in bytes: 16 for GCM, half the key for CBC-HMAC.
    var tagByteCount: Int { isGCM ? 16 : keyByteCount / 2 }
    var isGCM: Bool { rawValue.hasSuffix("GCM") }

    var cbcVariant: AESCBCHMAC.Variant {
        switch keyByteCount {
        case 32: .a128cbcHS256
        case 48: .a192cbcHS384
        default: .a256cbcHS512
        }
    }

    /// Encrypts with the given IV (fresh and random, or an RFC example's in known-answer tests).
    func seal(_ plaintext: [UInt8], key: [UInt8], iv: [UInt8], aad: [UInt8]) throws(JWTError) -> (iv: [UInt8], ciphertext: [UInt8], tag: [UInt8]) {
        guard key.count == keyByteCount else {
            throw JWTError(.invalidKey("\(rawValue) needs a \(keyByteCount * 8)-bit content-encryption key, not \(key.count * 8) bits"))
        }
        do {
            if isGCM {
                let box = try AES.GCM.seal(plaintext, using: SymmetricKey(data: key), nonce: try AES.GCM.Nonce(data: iv), authenticating: aad)
                return (iv, box.ciphertext, box.tag)
            }
            let (ciphertext, tag) = try AESCBCHMAC.seal(plaintext, key: key, iv: iv, authenticating: aad, variant: cbcVariant)
            return (iv, ciphertext, tag)
        } catch {
            throw JWTError(.invalidKey("\(rawValue) encryption failed: \(error)"))
        }
    }

    /// Decrypts and checks the tag; every failure is `decryptionFailed`.
    func open(_ ciphertext: [UInt8], key: [UInt8], iv: [UInt8], tag: [UInt8], aad: [UInt8]) throws(JWTError) -> [UInt8] {
        guard key.count == keyByteCount, iv.count == ivByteCount, tag.count == tagByteCount else {
            throw JWTError(.decryptionFailed)
        }
        do {
            if isGCM {
                let box = try AES.GCM.SealedBox(nonce: try AES.GCM.Nonce(data: iv), ciphertext: ciphertext, tag: tag)
                return try AES.GCM.open(box, using: SymmetricKey(data: key), authenticating: aad)
            }
            return try AESCBCHMAC.open(ciphertext, key: key, iv: iv, tag: tag, authenticating: aad, variant: cbcVariant)
        } catch {
            throw JWTError(.decryptionFailed)
        }
    }
}

/// `count` bytes from the system's random generator.
func randomBytes(_ count: Int) -> [UInt8] {
    var generator = SystemRandomNumberGenerator()
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count + 7)
    while bytes.count < count { withUnsafeBytes(of: generator.next()) { bytes += $0 } }
    return Array(bytes.prefix(count))
}

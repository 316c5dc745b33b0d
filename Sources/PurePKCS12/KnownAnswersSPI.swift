// The PKCS#12 key derivation and Triple-DES CBC decryption, for known-answer tests only: the module's
// public API reads whole files; these internals are reachable through `@_spi(KnownAnswers) import`, never
// as ordinary API.

import PureSHA2

@_spi(KnownAnswers)
public enum PKCS12KnownAnswers {
    /// The hashes the PKCS#12 key derivation is tested with.
    public enum Digest: Sendable { case sha1, sha256, sha512 }

    /// RFC 7292 Appendix B.2 over `password` (as a BMPString) and `salt`.
    public static func deriveKey(_ digest: Digest, id: UInt8, password: String, salt: [UInt8], iterations: Int, count: Int) -> [UInt8]? {
        guard let purpose = PKCS12KeyPurpose(rawValue: id), (1...100_000).contains(iterations), (1...1024).contains(count) else { return nil }
        let bmp = PKCS12KeyDerivation.bmpString(password)
        switch digest {
        case .sha1: return PKCS12KeyDerivation.derive(Insecure.SHA1.self, purpose: purpose, password: bmp, salt: salt, iterations: iterations, count: count)
        case .sha256: return PKCS12KeyDerivation.derive(SHA256.self, purpose: purpose, password: bmp, salt: salt, iterations: iterations, count: count)
        case .sha512: return PKCS12KeyDerivation.derive(SHA512.self, purpose: purpose, password: bmp, salt: salt, iterations: iterations, count: count)
        }
    }

    /// Triple-DES CBC decryption (no padding removed); nil for wrong lengths.
    public static func tripleDESDecrypt(_ ciphertext: [UInt8], key: [UInt8], iv: [UInt8]) -> [UInt8]? {
        TripleDES.decryptCBC(ciphertext, key: key, iv: iv)
    }
}

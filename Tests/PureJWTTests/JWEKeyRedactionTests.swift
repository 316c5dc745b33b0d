// A JWE key never shows its material when printed, interpolated or dumped — nor when it is dumped inside a
// decrypter, an encrypter or a key set. `dump` lists the stored properties of a type without its own
// mirror, which for a shared key or a password would be its bytes one by one.

import Foundation
import PureCurve25519
import PureJWT
import PureP256
import PureSHA2
import Testing
import TestSupport

/// RFC 7520 §5.2's RSA private key (kid "samwise.gamgee@hobbiton.example"), read as a JWE key.
private func rfc7520RSAKey() throws -> JWEKey {
    let root = try JSONSerialization.jsonObject(with: try VectorFiles.data("rfc7520/5_2.key_encryption_using_rsa-oaep_with_aes-gcm.json"))
    let key = try #require(((root as? [String: Any])?["input"] as? [String: Any])?["key"])
    return try JSONDecoder().decode(JSONWebKey.self, from: try JSONSerialization.data(withJSONObject: key)).jweKey()
}

@Suite("JWEKey redaction")
struct JWEKeyRedactionTests {
    /// Every way a value is turned into text.
    static func texts(_ value: Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        return ["\(value)", String(describing: value), String(reflecting: value), dumped]
    }

    @Test("shared keys and passwords: neither the bytes nor the text appear; the kid and algorithm do")
    func secrets() throws {
        let secret: [UInt8] = [0xC3, 0x5A, 0x17, 0xE9, 0x42, 0x8D, 0x6B, 0xF0, 0x21, 0x9E, 0x74, 0x3B, 0xD6, 0x05, 0xA8, 0x6F]
        let password = "correct horse battery staple"
        let keys = [try JWEKey.symmetric(SymmetricKey(data: secret), algorithm: .a128KW, keyID: "wrap-1"),
                    try JWEKey.password(password, keyID: "wrap-1")]
        // The byte values as dump would list them, one per line.
        let secretLines = secret.map { "- \($0)" } + Array(password.utf8).map { "- \($0)" }
        for key in keys {
            for text in Self.texts(key) + Self.texts(JWEDecrypter(keys: [key])) {
                #expect(!text.contains(password) && !text.contains("material"), "\(text)")
                let lines = Set(text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
                #expect(lines.intersection(secretLines).count < 3, "\(text)")
                #expect(text.contains("wrap-1"), "\(text)")
            }
        }
    }

    @Test("private RSA, EC and X25519 keys, alone and in an encrypter's recipient or a key set: redacted")
    func privateKeys() throws {
        let keys = [try JWEKey.ecdh(P256.KeyAgreement.PrivateKey(), keyID: "ec"),
                    try JWEKey.ecdh(Curve25519.KeyAgreement.PrivateKey(), keyID: "x"),
                    try rfc7520RSAKey()]
        for key in keys {
            let encrypter = try JWEEncrypter(key: key, encryption: .a256GCM)
            for text in Self.texts(key) + Self.texts(encrypter) {
                #expect(!text.contains("material") && !text.contains("rawRepresentation"), "\(text)")
                #expect(text.contains(key.keyID ?? "missing"), "\(text)")
            }
            #expect("\(key)".contains("redacted"))
        }
    }
}

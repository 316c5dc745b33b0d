// The JWE JSON serializations (RFC 7516 §7.2): general tokens for several recipients, each of whom decrypts
// with their own key alone; flattened tokens for every key-management algorithm; "aad" covered by the tag;
// and what must be refused, on both sides: recipients that cannot share a CEK, members in two headers,
// "zip" or "crit" unprotected, a shape that is neither form, more recipients than allowed.

import Foundation
import PureBase64
import PureCurve25519
import PureJWT
import PureP256
import PureRSA
import PureSHA2
import Testing
import TestSupport

private let rsa = RSA.Encryption.PrivateKey(try! RSA.Signing.PrivateKey(keySize: .bits2048))
private let plaintext = Array("{\"sub\":\"248289761001\",\"note\":\"é and \\u0000\"}".utf8) + [0, 0xff]

/// Four recipients of four kinds, each with the key that decrypts.
private func recipients() throws -> [(encrypt: JWEKey, decrypt: JWEKey)] {
    let kek = SymmetricKey(size: .bits256)
    let x25519 = Curve25519.KeyAgreement.PrivateKey()
    return [
        (try .symmetric(kek, algorithm: .a256KW, keyID: "wrap"), try .symmetric(kek, algorithm: .a256KW, keyID: "wrap")),
        (try .rsa(rsa.publicKey, keyID: "rsa"), try .rsa(rsa, keyID: "rsa")),
        (try .ecdh(x25519.publicKey, keyID: "x25519"), try .ecdh(x25519, keyID: "x25519")),
        (try .password("correct horse battery staple", algorithm: .pbes2HS384A192KW, keyID: "pw"),
         try .password("correct horse battery staple", algorithm: .pbes2HS384A192KW, keyID: "pw")),
    ]
}

/// `text` as a JSON object, changed by `edit`, as text again.
private func edited(_ text: String, _ edit: (inout [String: Any]) -> Void) throws -> String {
    var object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
    edit(&object)
    return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
}

private func reason(_ body: () throws -> Void) -> JWTError.Reason? {
    do { try body() } catch let error as JWTError { return error.reason } catch { return nil }
    return nil
}

@Suite("JWE JSON serializations")
struct JWEJSONSerializationTests {
    @Test("general: four recipients of four kinds; each key alone decrypts; aad round trips; the layout of RFC 7516 A.4")
    func generalSeveralRecipients() throws {
        let pairs = try recipients()
        var encrypter = try JWEEncrypter(recipients: pairs.map { try JWEEncrypter.Recipient(key: $0.encrypt) }, encryption: .a256GCM)
        encrypter.pbes2Count = 1000
        encrypter.type = "JWT"
        encrypter.additionalHeaderMembers = ["ver": .number(2)]
        let aad = Array("context".utf8)
        let token = try encrypter.encryptGeneral(plaintext, additionalAuthenticatedData: aad)

        let object = try JSONSerialization.jsonObject(with: Data(token.utf8)) as! [String: Any]
        let protected = try JSONSerialization.jsonObject(with: Data(try Base64URL.decode(object["protected"] as! String))) as! [String: Any]
        #expect(Set(protected.keys) == ["enc", "typ", "ver"])
        let list = object["recipients"] as! [[String: Any]]
        #expect(list.count == 4)
        #expect(list.map { ($0["header"] as! [String: Any])["kid"] as! String } == ["wrap", "rsa", "x25519", "pw"])
        #expect(object["aad"] as? String == Base64URL.encode(aad))

        for (index, pair) in pairs.enumerated() {
            let result = try JWEDecrypter(keys: [pair.decrypt]).decrypt(jsonSerialization: token)
            #expect(result.plaintext == plaintext, "recipient \(index)")
            #expect(result.additionalAuthenticatedData == aad)
            #expect(result.header.keyID == pair.decrypt.keyID && result.header.type == "JWT")
            #expect(result.header.member("ver") == .number(2))
            #expect(Set(result.header.unprotectedMemberNames).isSuperset(of: ["alg", "kid"]))
            #expect(!result.header.unprotectedMemberNames.contains("enc"))
        }
        // All keys at once: the first recipient opens it.
        #expect(try JWEDecrypter(keys: pairs.map(\.decrypt)).decrypt(jsonSerialization: token).header.keyID == "wrap")
        // The compact decoder does not read JSON.
        #expect(reason { _ = try JWEDecrypter(keys: [pairs[0].decrypt]).decrypt(token) } != nil)
    }

    @Test("flattened: every key-management algorithm, with and without aad, compressed or not")
    func flattenedEveryAlgorithm() throws {
        let p256 = P256.KeyAgreement.PrivateKey()
        let secret = SymmetricKey(size: .bits256)
        let keys: [(JWEKey, JWEKey)] = [
            (try .symmetric(secret, algorithm: .direct), try .symmetric(secret, algorithm: .direct)),
            (try .symmetric(SymmetricKey(size: .bits128), algorithm: .a128GCMKW), try .symmetric(SymmetricKey(size: .bits128), algorithm: .a128GCMKW)),
            (try .ecdh(p256.publicKey, algorithms: [.ecdhES]), try .ecdh(p256, algorithms: [.ecdhES])),
            (try .ecdh(p256.publicKey, algorithms: [.ecdhESA128KW]), try .ecdh(p256, algorithms: [.ecdhESA128KW])),
            (try .rsa(rsa.publicKey, algorithms: [.rsaOAEP]), try .rsa(rsa, algorithms: [.rsaOAEP])),
        ]
        for (index, (encryptKey, decryptKey)) in keys.enumerated() {
            // The GCMKW pair above holds two different keys on purpose: that one must fail.
            let matching = index != 1
            for aad in [nil, Array("aad".utf8)] {
                var encrypter = try JWEEncrypter(key: encryptKey, encryption: .a256GCM)
                encrypter.compresses = aad == nil
                let token = try encrypter.encryptFlattened(plaintext, additionalAuthenticatedData: aad)
                let object = try JSONSerialization.jsonObject(with: Data(token.utf8)) as! [String: Any]
                #expect(object["recipients"] == nil && object["header"] == nil)
                #expect((object["encrypted_key"] == nil) == [.direct, .ecdhES].contains(encrypter.keyManagementAlgorithm))
                if matching {
                    let result = try JWEDecrypter(keys: [decryptKey]).decrypt(jsonSerialization: token)
                    #expect(result.plaintext == plaintext && result.additionalAuthenticatedData == aad)
                    #expect(result.header.unprotectedMemberNames.isEmpty)
                } else {
                    #expect(reason { _ = try JWEDecrypter(keys: [decryptKey]).decrypt(jsonSerialization: token) } == .decryptionFailed)
                }
            }
        }
    }

    @Test("what the tag covers: aad, the protected header, the ciphertext; a recipient's header changed gives another key")
    func tampering() throws {
        let kek = SymmetricKey(size: .bits128)
        let key = try JWEKey.symmetric(kek, algorithm: .a128KW, keyID: "k")
        let token = try JWEEncrypter(recipients: [try .init(key: key)], encryption: .a128CBCHS256)
            .encryptGeneral(plaintext, additionalAuthenticatedData: [1, 2, 3])
        let decrypter = JWEDecrypter(keys: [key])
        #expect(try decrypter.decrypt(jsonSerialization: token).plaintext == plaintext)
        let altered = [
            try edited(token) { $0["aad"] = Base64URL.encode([1, 2, 4]) },
            try edited(token) { $0["aad"] = nil },
            try edited(token) { $0["protected"] = Base64URL.encode(Array(#"{"enc":"A128CBC-HS256","x":1}"#.utf8)) },
            try edited(token) { $0["ciphertext"] = Base64URL.encode(Array(repeating: 0, count: 64)) },
        ]
        for text in altered { #expect(reason { _ = try decrypter.decrypt(jsonSerialization: text) } == .decryptionFailed) }
        let otherKey = try edited(token) { object in
            var list = object["recipients"] as! [[String: Any]]
            list[0]["encrypted_key"] = Base64URL.encode(Array(repeating: 7, count: 40))
            object["recipients"] = list
        }
        #expect(reason { _ = try decrypter.decrypt(jsonSerialization: otherKey) } == .decryptionFailed)
    }

    @Test("the encrypter refuses what cannot be written")
    func encrypterRefusals() throws {
        let pairs = try recipients()
        let dir = try JWEKey.symmetric(SymmetricKey(size: .bits256), algorithm: .direct)
        let ecdh = try JWEKey.ecdh(P256.KeyAgreement.PrivateKey().publicKey, algorithms: [.ecdhES])
        func settings(_ body: () throws -> Void) -> Bool {
            if case .invalidEncryptionSettings? = reason(body) { return true }
            return false
        }
        #expect(settings { _ = try JWEEncrypter(recipients: [], encryption: .a256GCM) })
        #expect(settings { _ = try JWEEncrypter(recipients: [try .init(key: dir), try .init(key: pairs[0].encrypt)], encryption: .a256GCM) })
        #expect(settings { _ = try JWEEncrypter(recipients: [try .init(key: pairs[0].encrypt), try .init(key: ecdh)], encryption: .a256GCM) })
        let two = try JWEEncrypter(recipients: [try .init(key: pairs[0].encrypt), try .init(key: pairs[1].encrypt)], encryption: .a256GCM)
        #expect(settings { _ = try two.encrypt(plaintext) })
        #expect(settings { _ = try two.encryptFlattened(plaintext) })
        for name in ["alg", "enc", "zip", "crit", "epk", "p2c", "kid"] {
            var encrypter = try JWEEncrypter(key: pairs[0].encrypt, encryption: .a256GCM)
            encrypter.additionalHeaderMembers = [name: .string("x")]
            #expect(settings { _ = try encrypter.encrypt(plaintext) }, "\(name)")
        }
        // A single dir recipient in the general form is fine.
        let single = try JWEEncrypter(recipients: [try .init(key: dir)], encryption: .a256GCM).encryptGeneral(plaintext)
        #expect(try JWEDecrypter(keys: [dir]).decrypt(jsonSerialization: single).plaintext == plaintext)
    }

    @Test("the decrypter refuses malformed serializations with the reason, before any key is tried")
    func decrypterRefusals() throws {
        let key = try JWEKey.symmetric(SymmetricKey(size: .bits128), algorithm: .a128KW, keyID: "k")
        let flattened = try JWEEncrypter(key: key, encryption: .a128GCM).encryptFlattened(plaintext)
        let general = try JWEEncrypter(recipients: [try .init(key: key)], encryption: .a128GCM).encryptGeneral(plaintext)
        var decrypter = JWEDecrypter(keys: [key])
        func malformed(_ text: String, _ label: String) {
            guard case .malformed? = reason({ _ = try decrypter.decrypt(jsonSerialization: text) }) else {
                Issue.record("\(label): not refused as malformed"); return
            }
        }
        malformed("not json", "not JSON")
        malformed("[]", "an array")
        malformed(flattened.replacingOccurrences(of: "{", with: "[", range: flattened.range(of: "{")), "broken")
        malformed(String(repeating: "[", count: 100), "deep")
        malformed(try edited(flattened) { $0["ciphertext"] = nil }, "no ciphertext")
        malformed(try edited(flattened) { $0["ciphertext"] = 5 }, "ciphertext a number")
        malformed(try edited(flattened) { $0["iv"] = "***" }, "iv not base64url")
        malformed(try edited(flattened) { $0["header"] = "x" }, "header a string")
        malformed(try edited(flattened) { $0["header"] = ["alg": "A128KW"] }, "alg twice")
        malformed(try edited(flattened) { $0["unprotected"] = ["zip": "DEF"] }, "zip unprotected")
        malformed(try edited(flattened) { $0["header"] = ["crit": ["exp"]] }, "crit unprotected")
        malformed(try edited(general) { $0["recipients"] = [] }, "no recipients")
        malformed(try edited(general) { $0["recipients"] = "x" }, "recipients a string")
        malformed(try edited(general) { $0["recipients"] = [5] }, "a recipient a number")
        malformed(try edited(general) { $0["encrypted_key"] = "AAAA" }, "recipients and encrypted_key")
        malformed(try edited(general) { object in
            var list = object["recipients"] as! [[String: Any]]
            list[0]["header"] = ["alg": "A128KW", "enc": "A128GCM"]
            object["recipients"] = list
        }, "enc in both the protected and the recipient's header")

        let many = try edited(general) { object in
            let list = object["recipients"] as! [[String: Any]]
            object["recipients"] = Array(repeating: list[0], count: 11)
        }
        #expect(reason { _ = try decrypter.decrypt(jsonSerialization: many) } == .tooManyRecipients(count: 11, limit: 10))
        decrypter.maximumRecipientCount = 11
        #expect(try decrypter.decrypt(jsonSerialization: many).plaintext == plaintext)
        decrypter.maximumTokenSize = 100
        #expect(reason { _ = try decrypter.decrypt(jsonSerialization: general) } == .tokenTooLarge(size: general.utf8.count, limit: 100))
    }

    @Test("recipients not for us are passed over; when none is ours the error says why")
    func recipientsNotForUs() throws {
        let pairs = try recipients()
        let token = try JWEEncrypter(recipients: [try .init(key: pairs[0].encrypt), try .init(key: pairs[2].encrypt)], encryption: .a128GCM)
            .encryptGeneral(plaintext)
        // A stranger's key with another kid: no recipient names it.
        let stranger = try JWEKey.symmetric(SymmetricKey(size: .bits256), algorithm: .a256KW, keyID: "stranger")
        #expect(reason { _ = try JWEDecrypter(keys: [stranger]).decrypt(jsonSerialization: token) } == .keyNotFound(kid: "wrap"))
        // The decrypter does not accept the first recipient's algorithm: the second still opens it.
        var narrowed = JWEDecrypter(keys: pairs.map(\.decrypt))
        narrowed.keyManagementAlgorithms = [.ecdhESA256KW]
        #expect(try narrowed.decrypt(jsonSerialization: token).header.keyID == "x25519")
        // Accepting neither: the first refusal is reported.
        narrowed.keyManagementAlgorithms = [.rsaOAEP256]
        #expect(reason { _ = try narrowed.decrypt(jsonSerialization: token) } == .notAccepted(member: "alg", value: "A256KW", accepted: ["RSA-OAEP-256"]))
        // The right kid with the wrong key material: the key's failure, not "no key".
        let wrongMaterial = try JWEKey.symmetric(SymmetricKey(size: .bits256), algorithm: .a256KW, keyID: "wrap")
        #expect(reason { _ = try JWEDecrypter(keys: [wrongMaterial]).decrypt(jsonSerialization: token) } == .decryptionFailed)
    }
}

// RFC 7520 §5, the JOSE cookbook's JWE examples (Vectors/rfc7520/, the RFC author's JSON files): every
// example's compact, general JSON and flattened JSON forms decrypt to the RFC's plaintext with the RFC's key,
// and encryption given the RFC's generated values (CEK, IVs, PBES2 salt, ephemeral key) reproduces the RFC's
// encrypted key and ciphertext, and — over the RFC's protected header — its tag.
//
// Known defects of the examples, checked as such: §5.7's flattened form carries a protected header that is
// not the one its tag covers (its members reordered), so it must not decrypt; §5.1 and the first recipient of
// §5.13 use RSA1_5, which PureJWT refuses by name.

import Foundation
import PureBase64
@testable import PureJWT
import Testing
import TestSupport

/// One cookbook file, read loosely (its shape varies between examples).
private struct CookbookExample {
    let name: String
    let root: [String: Any]

    init(_ name: String) throws {
        self.name = name
        let data = try VectorFiles.data("rfc7520/\(name)")
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { throw VectorFileError(description: "\(name): not an object") }
        self.root = root
    }

    func object(_ path: String...) -> [String: Any]? {
        var node: Any? = root
        for step in path { node = (node as? [String: Any])?[step] }
        return node as? [String: Any]
    }
    func string(_ path: String...) -> String? {
        var node: Any? = root
        for step in path { node = (node as? [String: Any])?[step] }
        return node as? String
    }
    func bytes(_ path: String...) throws -> [UInt8]? {
        var node: Any? = root
        for step in path { node = (node as? [String: Any])?[step] }
        guard let text = node as? String else { return nil }
        return try Base64URL.decode(text)
    }

    var plaintext: [UInt8] { Array((string("input", "plaintext") ?? "").utf8) }
    var algorithm: JWEKeyManagementAlgorithm? { string("input", "alg").flatMap(JWEKeyManagementAlgorithm.init(rawValue:)) }
    var encryption: JWEContentEncryptionAlgorithm { JWEContentEncryptionAlgorithm(rawValue: string("input", "enc") ?? "")! }

    /// The example's keys as JWKs (a list for §5.13), or its password for PBES2.
    func keys() throws -> [JWEKey] {
        if let password = string("input", "pwd") { return [try .password(password, algorithm: algorithm!)] }
        let node = root["input"].flatMap { ($0 as? [String: Any])?["key"] }
        let list = (node as? [[String: Any]]) ?? [(node as? [String: Any]) ?? [:]]
        return try list.map { try Self.jwk($0).jweKey() }
    }

    static func jwk(_ object: [String: Any]) throws -> JSONWebKey {
        try StrictJSONDecoder().decode(JSONWebKey.self, from: try JSONSerialization.data(withJSONObject: object))
    }

    /// A JSON serialization from the file ("json" or "json_flat") as text.
    func serialization(_ form: String) throws -> String? {
        guard let object = object("output", form) else { return nil }
        return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }
}

private let singleRecipientExamples = [
    "5_2.key_encryption_using_rsa-oaep_with_aes-gcm.json",
    "5_3.key_wrap_using_pbes2-aes-keywrap_with-aes-cbc-hmac-sha2.json",
    "5_4.key_agreement_with_key_wrapping_using_ecdh-es_and_aes-keywrap_with_aes-gcm.json",
    "5_5.key_agreement_using_ecdh-es_with_aes-cbc-hmac-sha2.json",
    "5_6.direct_encryption_using_aes-gcm.json",
    "5_7.key_wrap_using_aes-gcm_keywrap_with_aes-cbc-hmac-sha2.json",
    "5_8.key_wrap_using_aes-keywrap_with_aes-gcm.json",
    "5_9.compressed_content.json",
    "5_10.including_additional_authentication_data.json",
    "5_11.protecting_specific_header_fields.json",
    "5_12.protecting_content_only.json",
]

@Suite("JWE: RFC 7520 §5 examples")
struct RFC7520JWETests {
    @Test("every serialization of every example decrypts to the RFC's plaintext", arguments: singleRecipientExamples)
    func decryptsEveryForm(_ name: String) throws {
        let example = try CookbookExample(name)
        let decrypter = JWEDecrypter(keys: try example.keys())
        var forms = 0
        if let compact = example.string("output", "compact") {
            #expect(try decrypter.decrypt(compact).plaintext == example.plaintext, "\(name) compact")
            forms += 1
        }
        for form in ["json", "json_flat"] {
            guard let text = try example.serialization(form) else { continue }
            forms += 1
            if name.hasPrefix("5_7."), form == "json_flat" {
                // The erratum: this protected header is not the one the tag covers.
                #expect(throws: JWTError(.decryptionFailed)) { try decrypter.decrypt(jsonSerialization: text) }
                continue
            }
            let result = try decrypter.decrypt(jsonSerialization: text)
            #expect(result.plaintext == example.plaintext, "\(name) \(form)")
            #expect(result.additionalAuthenticatedData == (try example.bytes("generated", "aad_b64u")), "\(name) \(form) aad")
        }
        #expect(forms >= 2, "\(name): every example has at least two serializations")
    }

    @Test("encryption with the RFC's generated values reproduces its encrypted key, ciphertext and tag", arguments: singleRecipientExamples)
    func reproducesTheBytes(_ name: String) throws {
        let example = try CookbookExample(name)
        let keys = try example.keys()
        let encryption = example.encryption
        guard let iv = try example.bytes("generated", "iv"), let ciphertext = try example.bytes("encrypting_content", "ciphertext"),
              let tag = try example.bytes("encrypting_content", "tag") else { Issue.record("\(name): incomplete"); return }
        let cek = try example.bytes("generated", "cek") ?? example.bytes("encrypting_key", "cek") ?? example.bytes("input", "key", "k")!
        let compressed = try example.bytes("generated", "plaintext_c")
        let payload = compressed ?? example.plaintext

        // The content layer alone, over the RFC's own associated data: its ciphertext and tag exactly.
        var aad = Array((example.string("encrypting_content", "protected_b64u") ?? "").utf8)
        if let extra = example.string("generated", "aad_b64u") { aad += Array(".\(extra)".utf8) }
        let sealed = try encryption.seal(payload, key: cek, iv: iv, aad: aad)
        #expect(sealed.ciphertext == ciphertext && sealed.tag == tag, "\(name): content layer")

        // The whole encrypter with the RFC's random values: the same encrypted key and ciphertext (the tag
        // differs only as our protected header orders its members differently; it is checked by decrypting).
        var fixed = JWEFixedValues(cek: cek, contentIV: iv, keyWrapIV: try example.bytes("encrypting_key", "iv"),
                                   pbes2Salt: try example.bytes("encrypting_key", "salt"))
        if let epk = example.object("encrypting_key", "epk") {
            guard case .agreementPrivate(let ephemeral) = try CookbookExample.jwk(epk).jweKey().material else { Issue.record("epk"); return }
            fixed.ephemeralKey = ephemeral
            fixed.cek = try example.bytes("generated", "cek")  // ECDH-ES derives it: given only for +A*KW
        }
        var encrypter = try JWEEncrypter(key: keys[0], algorithm: example.algorithm, encryption: encryption)
        encrypter.fixedValues = fixed
        if let count = example.root["encrypting_key"].flatMap({ ($0 as? [String: Any])?["iteration_count"] as? Int }) { encrypter.pbes2Count = count }
        encrypter.contentType = (example.object("encrypting_content", "protected")?["cty"] as? String)
        let token = try encrypter.encryptFlattened(payload, additionalAuthenticatedData: try example.bytes("generated", "aad_b64u"))
        guard let ours = try JSONSerialization.jsonObject(with: Data(token.utf8)) as? [String: Any] else { Issue.record("not JSON"); return }
        #expect(try Base64URL.decode(ours["ciphertext"] as? String ?? "") == ciphertext, "\(name): ciphertext")
        #expect(try Base64URL.decode(ours["iv"] as? String ?? "") == iv, "\(name): iv")
        let theirKey = try example.bytes("encrypting_key", "encrypted_key")
        if let theirKey, example.algorithm?.rawValue.hasPrefix("RSA-OAEP") == false {
            #expect(try Base64URL.decode(ours["encrypted_key"] as? String ?? "") == theirKey, "\(name): encrypted key")
        }
        let decrypted = try JWEDecrypter(keys: keys).decrypt(jsonSerialization: token)
        #expect(decrypted.plaintext == payload, "\(name): our token decrypts")
        if let epk = example.object("encrypting_content", "protected", "epk") {
            guard case .object(let written)? = decrypted.header.object["epk"] else { Issue.record("no epk"); return }
            #expect(written["x"].flatMap { if case .string(let x) = $0 { x } else { nil } } == epk["x"] as? String, "\(name): epk")
        }
    }

    @Test("the public JWK of each example's private key holds the RFC's public members and nothing private; shared keys have none",
          arguments: singleRecipientExamples)
    func publicJWK(_ name: String) throws {
        let example = try CookbookExample(name)
        guard let stated = example.object("input", "key") else {   // PBES2: a password
            #expect(try example.keys().allSatisfy { JSONWebKey(publicKeyOf: $0) == nil && $0.publicKeyPEMRepresentation == nil })
            return
        }
        let key = try CookbookExample.jwk(stated).jweKey()
        guard stated["kty"] as? String != "oct" else {
            #expect(JSONWebKey(publicKeyOf: key) == nil && key.publicKeyPEMRepresentation == nil, "\(name)")
            return
        }
        let exported = try #require(JSONWebKey(publicKeyOf: key))
        let members = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(exported)) as? [String: Any])
        let publicNames: Set<String> = ["kty", "crv", "x", "y", "n", "e", "kid"]
        for (member, value) in stated where publicNames.contains(member) {
            #expect(members[member] as? String == value as? String, "\(name): \(member)")
        }
        #expect(Set(members.keys).subtracting(publicNames).subtracting(["use", "alg"]).isEmpty, "\(name): \(members.keys.sorted())")
        #expect(members["use"] as? String == "enc")
        #expect(key.publicKeyPEMRepresentation?.hasPrefix("-----BEGIN PUBLIC KEY-----") == true)
        // The exported JWK reads back as an encryption-only key.
        #expect(try !exported.jweKey().canDecrypt)
    }

    @Test("§5.9: the RFC's compressed payload inflates to the plaintext")
    func compressedPayload() throws {
        let example = try CookbookExample("5_9.compressed_content.json")
        let decrypted = try JWEDecrypter(keys: try example.keys()).decrypt(example.string("output", "compact")!)
        #expect(decrypted.header.isCompressed && decrypted.plaintext == example.plaintext)
    }

    @Test("§5.13: three recipients; the RSA1_5 one is passed over, the others each decrypt; unprotected members reported")
    func multipleRecipients() throws {
        let example = try CookbookExample("5_13.encrypting_to_multiple_recipients.json")
        let keys = try example.keys()
        let text = try example.serialization("json")!
        let all = try JWEDecrypter(keys: keys).decrypt(jsonSerialization: text)
        #expect(all.plaintext == example.plaintext)
        #expect(all.header.algorithm == .ecdhESA256KW && all.header.contentType == "text/plain")
        #expect(Set(all.header.unprotectedMemberNames) == ["cty", "alg", "kid", "epk"])
        let gcmOnly = try JWEDecrypter(keys: [keys[2]]).decrypt(jsonSerialization: text)
        #expect(gcmOnly.plaintext == example.plaintext && gcmOnly.header.algorithm == .a256GCMKW)
        // The RSA key alone: its only recipient is RSA1_5, refused by name.
        do {
            _ = try JWEDecrypter(keys: [keys[0]]).decrypt(jsonSerialization: text)
            Issue.record("an RSA1_5 recipient decrypted")
        } catch {
            guard case .refusedAlgorithm(let algorithm, _) = error.reason else { Issue.record("\(error)"); return }
            #expect(algorithm == "RSA1_5")
        }
    }
}

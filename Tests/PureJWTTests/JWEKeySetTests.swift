// JWEKeySet: a JWK Set of RFC 7520's encryption keys (RSA, EC, oct) beside keys it must skip (a signature
// key, an RSA1_5 key, an entry that is no JWK) — the RFC's §5.2, §5.5 and §5.8 examples decrypt to their
// plaintext with the set's keys — and the document-level refusals it shares with JSONWebKeySet.

import Foundation
import PureJWT
import Testing
import TestSupport

/// The "input" key of an RFC 7520 §5 example file, the compact token and the plaintext.
private func cookbook(_ name: String) throws -> (key: [String: Any], compact: String, plaintext: String) {
    let root = try #require(try JSONSerialization.jsonObject(with: try VectorFiles.data("rfc7520/\(name)")) as? [String: Any])
    let input = try #require(root["input"] as? [String: Any]), output = try #require(root["output"] as? [String: Any])
    return (try #require(input["key"] as? [String: Any]), try #require(output["compact"] as? String), try #require(input["plaintext"] as? String))
}

private func json(_ object: Any) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
}

@Suite("JWEKeySet")
struct JWEKeySetTests {
    static let examples = ["5_2.key_encryption_using_rsa-oaep_with_aes-gcm.json",
                           "5_5.key_agreement_using_ecdh-es_with_aes-cbc-hmac-sha2.json",
                           "5_8.key_wrap_using_aes-keywrap_with_aes-gcm.json"]

    @Test("RFC 7520's RSA, EC and oct keys are read, the rest skipped with the reason; the examples decrypt with the set")
    func cookbookKeys() throws {
        let cases = try Self.examples.map(cookbook)
        let signing: [String: Any] = ["kty": "EC", "kid": "signer", "use": "sig", "crv": "P-256",
                                      "x": "Ze2loSV3wrroKUN_4zhwGhCqo3Xhu1td4QjeQ5wIVR0", "y": "HlLtdXARY_f55A3fnzQbPcm6hgr34Mp8p-nuzQCE0Zw"]
        var rsa15 = cases[0].key
        rsa15["kid"] = "legacy"
        rsa15["alg"] = "RSA1_5"
        let notAJWK: [String: Any] = ["kty": 7]
        let document = try json(["keys": cases.map(\.key) + [signing, rsa15, notAJWK]])
        let set = try JWEKeySet(json: document)
        #expect(set.keys.map(\.keyID) == cases.map { $0.key["kid"] as? String })
        #expect(set.skipped.count == 3)
        #expect(set.skipped[0].kid == "signer" && set.skipped[0].reason.contains("\"use\" is \"sig\""), "\(set.skipped[0])")
        #expect(set.skipped[1].kid == "legacy" && set.skipped[1].reason.contains("RSA1_5"), "\(set.skipped[1])")
        #expect(set.skipped[2].kid == nil && set.skipped[2].reason.hasPrefix("not a JWK"), "\(set.skipped[2])")
        for example in cases {
            #expect(try JWEDecrypter(keys: set.keys).decrypt(example.compact).plaintext == Array(example.plaintext.utf8))
        }
        let kid = try #require(cases[2].key["kid"] as? String)
        #expect(set.key(withID: kid)?.algorithms == [.a128KW])
        #expect(set.key(withID: "signer") == nil)
    }

    @Test("refused as a whole: two keys with one kid, too many keys, too many bytes, not a key set")
    func documentRefusals() throws {
        let key = try cookbook(Self.examples[2]).key
        func reason(_ text: String, count: Int = JSONWebKeySet.defaultMaximumKeyCount, size: Int = JSONWebKeySet.defaultMaximumSize) -> JWTError.Reason? {
            do { _ = try JWEKeySet(json: text, maximumKeyCount: count, maximumSize: size); return nil } catch { return error.reason }
        }
        let twice = try json(["keys": [key, key]])
        guard case .invalidKey(let detail)? = reason(twice), detail.contains("two keys with kid") else {
            Issue.record("a repeated kid: \(String(describing: reason(twice)))"); return
        }
        let three = try json(["keys": [key, key, key].enumerated().map { index, entry in entry.merging(["kid": "k\(index)"]) { $1 } }])
        #expect(try JWEKeySet(json: three).keys.count == 3)
        if case .malformed(part: "JWKS", _)? = reason(three, count: 2) {} else { Issue.record("over the key count") }
        if case .malformed(part: "JWKS", _)? = reason(three, size: 100) {} else { Issue.record("over the size") }
        for text in ["[]", "{}", #"{"keys":{}}"#, #"{"keys":[],"keys":[]}"#, "not json"] {
            if case .malformed(part: "JWKS", _)? = reason(text) {} else { Issue.record("\(text): \(String(describing: reason(text)))") }
        }
        // A set of signature keys only is no error: nothing usable, everything skipped with its reason.
        let signingOnly = try JWEKeySet(json: try json(["keys": [key.merging(["use": "sig"]) { $1 }]]))
        #expect(signingOnly.keys.isEmpty && signingOnly.skipped.count == 1)
    }
}

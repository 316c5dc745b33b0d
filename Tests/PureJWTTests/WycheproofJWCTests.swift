// Every case of Wycheproof's json_web_crypto_test.json: compact JWS under an HMAC, an EC and an RSA key,
// a ROCA-weak RSA key, key sets (one of them mixing a symmetric key with public ones), and compact JWE
// under an A256KW key and an ECDH-ES+A128KW key — each valid token accepted, each altered, truncated or
// re-assembled one refused, as the file labels them.
//
// How each case runs: a JWS with the group's key (public when there is one) through `JWTVerifier`, a key
// set through `JSONWebKeySet`; a JWE with the group's private JWK through `JWEDecrypter`. A case without a
// token is the empty string. The two "JsonSerialization" cases (a JWS and a JWE in the JSON serialization,
// which the file expects a compact-only decoder to refuse) are refused by the compact entry points; the
// JWE one is also decrypted by `decrypt(jsonSerialization:)`, which is what that form is for.

import Foundation
import PureJWT
import Testing
import TestSupport

private struct JWCFile: Decodable {
    let numberOfTests: Int
    let notes: [String: WycheproofNote]
    let testGroups: [Group]
    struct Group: Decodable {
        let comment: String
        let `private`: JSONValue
        let `public`: JSONValue?
        let tests: [Case]
    }
    struct Case: Decodable {
        let tcId: Int
        let comment: String
        let jws: JSONValue?
        let jwe: JSONValue?
        let result: String
        let flags: [String]
    }
}

/// A key or key set from the file, and a token, as the text PureJWT reads.
private func text(_ value: JSONValue) throws -> String {
    if case .string(let string) = value { return string }
    return String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
}

@Suite("Wycheproof json_web_crypto_test.json")
struct WycheproofJWCTests {
    @Test("every case: valid JWS and JWE accepted, altered ones refused; a ROCA key and a mixed key set refused")
    func everyCase() throws {
        let file = try VectorFiles.json(JWCFile.self, "json_web_crypto_test.json")
        var run = 0, accepted: [String: Int] = [:], refusedROCA = 0, jsonDecrypted = 0
        for group in file.testGroups {
            for test in group.tests {
                run += 1
                let label = "tcId \(test.tcId) (\(group.comment): \(test.comment))"
                for flag in test.flags { #expect(file.notes[flag] != nil, "\(label): flag \(flag) not in the notes") }
                let keyText = try text(group.public ?? group.private)
                let isKeySet = keyText.contains("\"keys\"")
                var ok = false
                if let jwe = test.jwe {
                    let token = try text(jwe)
                    let decrypter = JWEDecrypter(keys: [try JSONDecoder().decode(JSONWebKey.self, from: Data(keyText.utf8)).jweKey()])
                    if let result = try? decrypter.decrypt(token) {
                        ok = true
                        // "foo", as joserfc decrypts both valid tokens (and as the JWS payloads read).
                        #expect(result.plaintext == Array("foo".utf8), "\(label)")
                    }
                    if test.flags.contains("JsonSerialization") {
                        _ = try decrypter.decrypt(jsonSerialization: token)
                        jsonDecrypted += 1
                    }
                } else {
                    let token = try test.jws.map(text) ?? ""
                    do {
                        let verifier: JWTVerifier
                        if isKeySet {
                            verifier = try JWTVerifier(keySet: JSONWebKeySet(json: keyText))
                        } else {
                            verifier = JWTVerifier(keys: [try JSONDecoder().decode(JSONWebKey.self, from: Data(keyText.utf8)).jwtKey()])
                        }
                        _ = try verifier.verifiedPayload(token)
                        ok = true
                    } catch {
                        // The ROCA group's key must be refused for what it is, not for its token.
                        if group.comment == "jws_rsa_roca_key" {
                            #expect("\(error)".contains("ROCA"), "\(label): \(error)")
                            refusedROCA += 1
                        }
                    }
                }
                #expect(ok == (test.result == "valid"), "\(label): \(ok ? "accepted" : "refused"), labelled \(test.result)")
                if ok { accepted[group.comment, default: 0] += 1 }
            }
        }
        #expect(run == file.numberOfTests && run == 83)
        #expect(accepted == ["jws_aes": 1, "jws_ec": 1, "jws_rsa": 1, "jws_keyset": 1, "jwe_aes": 1, "jwe_ec": 1])
        #expect(refusedROCA == 1 && jsonDecrypted == 1)
    }
}

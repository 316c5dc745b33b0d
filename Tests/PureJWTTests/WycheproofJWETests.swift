// JWE against every case of Wycheproof's json_web_encryption_test.json: each group's private JWK read with
// `JSONWebKey.jweKey()`, each token decrypted by a `JWEDecrypter` holding that key alone.
//
// Deliberate differences from the file's "valid": the RSA1_5 groups' keys are refused when read (RSA1_5 is
// refused by name, Bleichenbacher), so their valid cases are refused too, each checked to be refused for
// that reason. The file's flag "Pkcs5Padding" is not defined in its notes, so the shared runner (which
// fails on undefined flags) is not used; the same rules are applied here: every case runs, the count must
// be the file's and not zero, and every flag must be one this test knows. The one "JsonSerialization" case
// (a flattened JWE the file expects a compact-only decoder to refuse) is refused by `decrypt(_:)` and
// decrypted by `decrypt(jsonSerialization:)`, which is what that form is for.

import Foundation
import PureJWT
import Testing
import TestSupport

private struct JWEFile: Decodable {
    let numberOfTests: Int
    let testGroups: [Group]
    struct Group: Decodable {
        let comment: String
        let `private`: JSONWebKey
        let tests: [Case]
    }
    struct Case: Decodable {
        let tcId: Int
        let comment: String
        let pt: String?
        let jwe: String
        let result: String
        let flags: [String]
    }
}

@Suite("JWE: Wycheproof json_web_encryption_test.json")
struct WycheproofJWETests {
    @Test("every case: valid tokens decrypt to their plaintext, invalid ones are refused; RSA1_5 refused by name")
    func everyCase() throws {
        let file = try VectorFiles.json(JWEFile.self, "json_web_encryption_test.json")
        let knownFlags: Set<String> = ["JsonSerialization", "WrongCipher", "Pkcs15WithOaepKey", "ModifiedPkcs15Padding",
                                       "CompressedPlaintext", "Pkcs5Padding"]
        var run = 0, decrypted = 0, refusedRSA15 = 0, jsonDecrypted = 0
        for group in file.testGroups {
            let key: JWEKey?
            do { key = try group.private.jweKey() } catch {
                #expect(group.private.alg == "RSA1_5", "group \(group.comment): \(error)")
                #expect(error.description.contains("Bleichenbacher"))
                key = nil
            }
            for test in group.tests {
                run += 1
                for flag in test.flags { #expect(knownFlags.contains(flag), "tcId \(test.tcId): unknown flag \(flag)") }
                guard let key else {
                    refusedRSA15 += 1
                    continue
                }
                let label = "tcId \(test.tcId) (\(test.comment)) flags \(test.flags)"
                if test.flags.contains("JsonSerialization") {
                    // A flattened JSON serialization given to a compact decoder: the file expects refusal, and
                    // decrypt(_:) refuses it. The JSON decoder reads it — its unprotected members are reported.
                    #expect(throws: JWTError.self, "\(label)") { try JWEDecrypter(keys: [key]).decrypt(test.jwe) }
                    let json = try JWEDecrypter(keys: [key]).decrypt(jsonSerialization: test.jwe)
                    #expect(json.header.unprotectedMemberNames == ["unknown", "unknown2"], "\(label)")
                    jsonDecrypted += 1
                    continue
                }
                do {
                    let result = try JWEDecrypter(keys: [key]).decrypt(test.jwe)
                    #expect(test.result == "valid", "\(label): accepted an invalid token")
                    #expect(result.plaintext == (try [UInt8](hex: test.pt ?? "")), "\(label)")
                    decrypted += 1
                } catch {
                    if test.result == "valid", test.jwe.hasPrefix("eyJhbGciOiJSU0ExXzUi") {
                        refusedRSA15 += 1
                        continue
                    }
                    #expect(test.result == "invalid", "\(label): \(error)")
                }
            }
        }
        #expect(run == file.numberOfTests && run > 0)
        #expect(decrypted > 40)
        #expect(jsonDecrypted == 1)
        print("json_web_encryption_test.json: \(run) cases, \(decrypted) decrypted, \(refusedRSA15) RSA1_5 refused")
    }
}

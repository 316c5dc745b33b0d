// JWEs made by joserfc, an independent implementation (Python `cryptography` underneath), for every
// key-management algorithm × content encryption both implement, every curve, and compressed payloads
// (Vectors/joserfc_jwe_vectors.json, written by generate_joserfc_jwe_vectors.py): PureJWT decrypts each
// with the JWK joserfc made, read through `JSONWebKey.jweKey()`.

import Foundation
import PureJWT
import Testing
import TestSupport

private struct JoserfcVectors: Decodable {
    let plaintext: String
    let keys: [String: JSONWebKey]
    let cases: [Case]
    struct Case: Decodable {
        let alg: String
        let enc: String
        let key: String
        let zip: Bool
        let token: String
    }
}

@Suite("JWE: joserfc's tokens")
struct JoserfcJWETests {
    @Test("every joserfc token decrypts to the plaintext with its JWK")
    func everyToken() throws {
        let vectors = try VectorFiles.json(JoserfcVectors.self, "joserfc_jwe_vectors.json")
        #expect(vectors.cases.count == 168)
        var algorithms = Set<String>(), compressed = 0
        for vector in vectors.cases {
            let jwk = try #require(vectors.keys[vector.key])
            let key = try jwk.jweKey()
            let result = try JWEDecrypter(keys: [key]).decrypt(vector.token)
            #expect(result.plaintext == Array(vectors.plaintext.utf8), "\(vector.alg) \(vector.enc) \(vector.key)")
            #expect(result.header.algorithm.rawValue == vector.alg && result.header.encryption.rawValue == vector.enc)
            #expect(result.header.isCompressed == vector.zip)
            algorithms.insert(vector.alg)
            if vector.zip { compressed += 1 }
        }
        #expect(algorithms.count == 16 && compressed > 10)
    }
}

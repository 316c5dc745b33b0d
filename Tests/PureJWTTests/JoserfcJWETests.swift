// JWEs made by joserfc, an independent implementation (Python `cryptography` underneath), for every
// key-management algorithm × content encryption both implement, every curve, and compressed payloads
// (Vectors/joserfc_jwe_vectors.json, written by generate_joserfc_jwe_vectors.py): PureJWT decrypts each
// with the JWK joserfc made, read through `JSONWebKey.jweKey()`. Its JSON serializations too
// (Vectors/joserfc_jwe_json_vectors.json, by generate_joserfc_jwe_json_vectors.py).

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
        #expect(vectors.cases.count == 192)
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

    @Test("joserfc's JSON serializations: general tokens for four recipients, each key alone decrypts; flattened for six algorithms")
    func jsonSerializations() throws {
        let vectors = try VectorFiles.json(JoserfcJSONVectors.self, "joserfc_jwe_json_vectors.json")
        #expect(vectors.general.count == 6 && vectors.flattened.count == 6)
        let aad = try [UInt8](hex: vectors.aad_hex)
        var decrypted = 0
        for vector in vectors.general {
            for name in vector.keys {
                let key = try #require(vectors.keys[name]).jweKey()
                let result = try JWEDecrypter(keys: [key]).decrypt(jsonSerialization: vector.token)
                #expect(result.plaintext == Array(vectors.plaintext.utf8) && result.additionalAuthenticatedData == aad, "\(vector.enc) \(name)")
                #expect(result.header.keyID == name && result.header.member("jku") == .string("https://server.example.com/keys.jwks"))
                #expect(result.header.encryption.rawValue == vector.enc)
                decrypted += 1
            }
        }
        for vector in vectors.flattened {
            let key = try #require(vectors.keys[vector.key]).jweKey()
            let result = try JWEDecrypter(keys: [key]).decrypt(jsonSerialization: vector.token)
            #expect(result.plaintext == Array(vectors.plaintext.utf8) && result.additionalAuthenticatedData == aad, "\(vector.alg)")
            #expect(result.header.algorithm.rawValue == vector.alg)
            decrypted += 1
        }
        #expect(decrypted == 30)
    }
}

private struct JoserfcJSONVectors: Decodable {
    let plaintext: String
    let aad_hex: String
    let keys: [String: JSONWebKey]
    let general: [General]
    let flattened: [Flattened]
    struct General: Decodable {
        let enc: String
        let keys: [String]
        let token: String
    }
    struct Flattened: Decodable {
        let alg: String
        let enc: String
        let key: String
        let token: String
    }
}

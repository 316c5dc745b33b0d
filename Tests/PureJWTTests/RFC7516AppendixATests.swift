// RFC 7516 Appendix A (Vectors/rfc7516_appendix_a.json): A.1 (RSA-OAEP, A256GCM) and A.3 (A128KW,
// A128CBC-HS256) decrypt to the RFC's plaintexts, and encrypting with the RFC's CEK and IV reproduces the
// RFC's token — A.3 byte for byte (our header is the RFC's, members sorted), A.1 all but the encrypted key
// (RSA-OAEP's padding is random); A.4 (general JSON: an RSA1_5 recipient, passed over, and an A128KW one)
// and A.5 (flattened) decrypt with the A128KW key. A.2 is RSA1_5: refused by name (RFC7520JWETests).

import Foundation
import PureBase64
@testable import PureJWT
import Testing
import TestSupport

private struct AppendixA: Decodable {
    struct Compact: Decodable {
        let key: JSONWebKey
        let plaintext: String
        let cek_hex: String
        let iv_hex: String
        let compact: String
    }
    struct JSONForm: Decodable {
        let key: JSONWebKey
        let plaintext: String
        let json: JSONValue
    }
    let a1: Compact
    let a3: Compact
    let a4: JSONForm
    let a5: JSONForm
    enum CodingKeys: String, CodingKey { case a1 = "A.1", a3 = "A.3", a4 = "A.4", a5 = "A.5" }
}

/// The example's key; the RFC's oct JWK names no "alg", which PureJWT requires of a shared key (its use
/// cannot be told from its length), so the test names the one the example uses.
private func jweKey(_ jwk: JSONWebKey) throws -> JWEKey {
    var jwk = jwk
    if jwk.kty == "oct" { jwk.alg = "A128KW" }
    return try jwk.jweKey()
}

@Suite("JWE: RFC 7516 Appendix A")
struct RFC7516AppendixATests {
    fileprivate let file: AppendixA

    init() throws { file = try VectorFiles.json(AppendixA.self, "rfc7516_appendix_a.json") }

    @Test("A.1 and A.3 decrypt; with the RFC's CEK and IV our encrypter writes the RFC's token")
    func compactExamples() throws {
        for (label, example, algorithm) in [("A.1", file.a1, JWEKeyManagementAlgorithm.rsaOAEP), ("A.3", file.a3, .a128KW)] {
            let key = try jweKey(example.key)
            let decrypted = try JWEDecrypter(keys: [key]).decrypt(example.compact)
            #expect(decrypted.plaintext == Array(example.plaintext.utf8), "\(label)")

            let header = example.compact.split(separator: ".")[0]
            let json = try JSONSerialization.jsonObject(with: Data(try Base64URL.decode(String(header)))) as! [String: Any]
            var encrypter = try JWEEncrypter(key: key, algorithm: algorithm, encryption: JWEContentEncryptionAlgorithm(rawValue: json["enc"] as! String)!)
            encrypter.fixedValues = JWEFixedValues(cek: try [UInt8](hex: example.cek_hex), contentIV: try [UInt8](hex: example.iv_hex))
            let ours = try encrypter.encrypt(Array(example.plaintext.utf8)).split(separator: ".", omittingEmptySubsequences: false)
            let theirs = example.compact.split(separator: ".", omittingEmptySubsequences: false)
            #expect(ours[0] == theirs[0] && ours[2] == theirs[2] && ours[3] == theirs[3] && ours[4] == theirs[4], "\(label)")
            if algorithm == .a128KW { #expect(ours[1] == theirs[1], "\(label): the wrapped key") }
        }
    }

    @Test("A.4 (general, an RSA1_5 recipient passed over) and A.5 (flattened) decrypt with the A128KW key")
    func jsonExamples() throws {
        for (label, example) in [("A.4", file.a4), ("A.5", file.a5)] {
            let text = String(decoding: try JSONEncoder().encode(example.json), as: UTF8.self)
            let decrypted = try JWEDecrypter(keys: [try jweKey(example.key)]).decrypt(jsonSerialization: text)
            #expect(decrypted.plaintext == Array(example.plaintext.utf8), "\(label)")
            #expect(decrypted.header.keyID == "7" && decrypted.header.member("jku") == .string("https://server.example.com/keys.jwks"))
            #expect(Set(decrypted.header.unprotectedMemberNames) == ["jku", "alg", "kid"], "\(label)")
        }
    }
}

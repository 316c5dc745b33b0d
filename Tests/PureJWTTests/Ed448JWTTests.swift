// Ed448 in PureJWT ("EdDSA" with an OKP "crv": "Ed448", RFC 8037; "Ed448", RFC 9864 §2.3): tokens of both
// names signed by joserfc (Vectors/ed448_joserfc_tokens.json, made by Vectors/generate_ed448_tokens.py)
// verified with the public JWK and with the SPKI PEM, their signatures reproduced from the private JWK and
// from the PKCS#8 PEM, joserfc's thumbprints, and the key rules: the key decides, an Ed25519 key does not
// verify an Ed448 token (nor the reverse), a JWK's "d" must match its "x".

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureBase64
import PureCurve25519
import PureCurve448
@testable import PureJWT
import Testing
import TestSupport

private struct Ed448Tokens: Decodable {
    struct Claims: Codable, Sendable, Equatable {
        let iss: String, sub: String, aud: String, iat: Int, exp: Int, scope: String
    }
    struct Case: Decodable, Sendable {
        let jwk_private: [String: String]
        let jwk_public: [String: String]
        let claims: Claims
        let token: String
        let signing_input: String
        let pkcs8_pem: String
        let spki_pem: String
        let thumbprint: String
    }
    let cases: [Case]

    static func load() throws -> Ed448Tokens { try VectorFiles.json(Ed448Tokens.self, "ed448_joserfc_tokens.json") }
}

private func jwk(_ members: [String: String]) throws -> JSONWebKey {
    try JSONDecoder().decode(JSONWebKey.self, from: JSONEncoder().encode(members))
}

private let validation = JWTValidation(issuer: "https://issuer.example", audiences: ["api"],
                                       now: { Date(timeIntervalSince1970: 1_800_000_100) })

@Suite("Ed448 JWS (RFC 8037, RFC 9864)")
struct Ed448JWTTests {
    @Test("joserfc's EdDSA and Ed448 tokens verify by JWK and by PEM; the private JWK and PKCS#8 reproduce their signatures")
    func joserfc() throws {
        let file = try Ed448Tokens.load()
        #expect(file.cases.count == 10)
        var names: [String] = []
        for test in file.cases {
            let alg = try JWTHeader(unverifiedFrom: test.token).alg
            names.append(alg)
            let algorithm = try #require(JWTAlgorithm(rawValue: alg))
            for publicKey in [try jwk(test.jwk_public).jwtKey(), try JWTKey(pemRepresentation: test.spki_pem, keyID: test.jwk_public["kid"])] {
                let claims = try JWTVerifier(keys: [publicKey]).verify(test.token, as: Ed448Tokens.Claims.self, validation: validation)
                #expect(claims == test.claims)
            }
            let privateKey = try jwk(test.jwk_private).jwtKey()
            #expect(privateKey.algorithms == (test.jwk_private["alg"].map { [JWTAlgorithm(rawValue: $0)!] } ?? [.eddsa, .ed448]))
            for key in [privateKey, try JWTKey(pemRepresentation: test.pkcs8_pem)] {
                let signature = try key.sign(Array(test.signing_input.utf8), algorithm: algorithm)
                #expect(test.token == test.signing_input + "." + Base64URL.encode(signature))
            }
            #expect(try jwk(test.jwk_public).thumbprint() == test.thumbprint)
            // Written back: the same members (no "alg" for a key of both names).
            let exported = try #require(JSONWebKey(publicKeyOf: try jwk(test.jwk_public).jwtKey()))
            #expect(exported.crv == "Ed448" && exported.x == test.jwk_public["x"] && exported.alg == test.jwk_public["alg"])
            #expect(try JSONWebKey(privateKeyOf: privateKey).d == test.jwk_private["d"])
            #expect(try JWTKey(pemRepresentation: test.pkcs8_pem).publicKeyPEMRepresentation == test.spki_pem)
        }
        #expect(names == Array(repeating: "EdDSA", count: 6) + Array(repeating: "Ed448", count: 4))
    }

    @Test("each factory signs its own name; a key of either verifies both; Ed25519 and Ed448 keys do not cross")
    func names() throws {
        let file = try Ed448Tokens.load()
        let test = file.cases[6]
        let secret = try Base64URL.decode(try #require(test.jwk_private["d"]))
        let privateKey = try Curve448.Signing.PrivateKey(rawRepresentation: secret)
        #expect(JWTKey.eddsa(privateKey).algorithm == .eddsa && JWTKey.ed448(privateKey).algorithm == .ed448)
        #expect(JWTAlgorithm(rawValue: "Ed448") == .ed448 && JWTAlgorithm.implemented.contains(.ed448))
        for key in [JWTKey.eddsa(privateKey.publicKey, keyID: test.jwk_public["kid"]), JWTKey.ed448(privateKey.publicKey, keyID: test.jwk_public["kid"])] {
            _ = try JWTVerifier(keys: [key]).verify(test.token, as: Ed448Tokens.Claims.self, validation: validation)
        }
        let token = try JWTSigner(key: .ed448(privateKey, keyID: "k")).sign(RegisteredClaims(sub: "s"))
        #expect(try JWTHeader(unverifiedFrom: token).alg == "Ed448")
        _ = try JWTVerifier(keys: [.eddsa(privateKey.publicKey, keyID: "k")]).verifiedPayload(token)
        let edDSAToken = try JWTSigner(key: .eddsa(privateKey, keyID: "k")).sign(RegisteredClaims(sub: "s"))
        #expect(try JWTHeader(unverifiedFrom: edDSAToken).alg == "EdDSA")

        // An "EdDSA" token of an Ed448 key against an Ed25519 key with its kid: the signature is the wrong length.
        let ed25519 = JWTKey.eddsa(Curve25519.Signing.PrivateKey().publicKey, keyID: "k")
        #expect(throws: JWTError(.invalidSignatureEncoding(length: 114))) { try JWTVerifier(keys: [ed25519]).verifiedPayload(edDSAToken) }
        // An "Ed448" token is refused by an Ed25519 key by name.
        #expect(throws: JWTError(.algorithmMismatch(header: "Ed448", key: "EdDSA, Ed25519"))) { try JWTVerifier(keys: [ed25519]).verifiedPayload(token) }
        // And an Ed25519 token by an Ed448 key.
        let ed25519Token = try JWTSigner(key: .ed25519(Curve25519.Signing.PrivateKey(), keyID: "k")).sign(RegisteredClaims(sub: "s"))
        #expect(throws: JWTError(.algorithmMismatch(header: "Ed25519", key: "EdDSA, Ed448"))) {
            try JWTVerifier(keys: [.eddsa(privateKey.publicKey, keyID: "k")]).verifiedPayload(ed25519Token)
        }
        // Another Ed448 key: an invalid signature.
        #expect(throws: JWTError(.invalidSignature)) {
            try JWTVerifier(keys: [.eddsa(Curve448.Signing.PrivateKey().publicKey, keyID: "k")]).verifiedPayload(edDSAToken)
        }
    }

    @Test("Ed448 JWKs: a wrong-length x, x not a point, d not matching x, an alg of another family are refused")
    func jwkRules() throws {
        let file = try Ed448Tokens.load()
        let good = file.cases[0].jwk_private
        var members: [[String: String]] = []
        members.append(good.merging(["x": Base64URL.encode([UInt8](repeating: 1, count: 56))]) { $1 })
        members.append(good.merging(["x": Base64URL.encode([UInt8](repeating: 0xFF, count: 57))]) { $1 })
        members.append(good.merging(["x": try #require(file.cases[1].jwk_public["x"])]) { $1 })
        members.append(good.merging(["d": Base64URL.encode([UInt8](repeating: 1, count: 32))]) { $1 })
        members.append(good.merging(["alg": "Ed25519"]) { $1 })
        members.append(good.filter { $0.key != "x" })
        for (index, jwk) in members.enumerated() {
            #expect(throws: JWTError.self, "case \(index)") { try PureJWTTestsEd448.jwk(jwk).jwtKey() }
        }
        let key = try jwk(good).jwtKey()
        let secret = try #require(good["d"])
        #expect(key.canSign && !"\(key)".contains(secret))
    }
}

private enum PureJWTTestsEd448 {
    static func jwk(_ members: [String: String]) throws -> JSONWebKey {
        try JSONDecoder().decode(JSONWebKey.self, from: JSONEncoder().encode(members))
    }
}

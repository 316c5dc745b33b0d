// RS256/384/512 and PS256/384/512 signing: joserfc's tokens (Vectors/rsa_joserfc_tokens.json, made by
// Vectors/generate_rsa_jwt_tokens.py) verified with the public JWK, the RS ones also reproduced byte for
// byte from the private JWK (PSS salts are random); our tokens verify; private JWKs missing a CRT member or with one that disagrees are refused;
// nothing secret prints.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureBase64
@testable import PureJWT
import PureRSA
import Testing
import TestSupport

/// Vectors/rsa_joserfc_tokens.json (also read by KeyFamilyTests).
struct RSATokens: Decodable {
    struct Claims: Codable, Sendable, Equatable { let iss: String, sub: String, aud: String, iat: Int, exp: Int }
    struct Case: Decodable { let alg: String; let claims: Claims; let token: String; let signing_input: String }
    let jwk_private: [String: String]
    let jwk_public: [String: String]
    let cases: [Case]
}

private func jwk(_ members: [String: String]) throws -> JSONWebKey {
    try JSONDecoder().decode(JSONWebKey.self, from: JSONEncoder().encode(members))
}

private let validation = JWTValidation(issuer: "https://issuer.example", audiences: ["api"],
                                       now: { Date(timeIntervalSince1970: 1_800_000_100) })

@Suite("RS256/384/512 and PS256/384/512 signing")
struct RSASigningJWTTests {
    @Test("joserfc's RS256/384/512 and PS256/384/512 tokens verify with the public JWK; RS signatures reproduced from the private JWK")
    func joserfc() throws {
        let file = try VectorFiles.json(RSATokens.self, "rsa_joserfc_tokens.json")
        #expect(file.cases.count == 6)
        for test in file.cases {
            var privateMembers = file.jwk_private, publicMembers = file.jwk_public
            privateMembers["alg"] = test.alg
            publicMembers["alg"] = test.alg
            let privateKey = try jwk(privateMembers).jwtKey(), publicKey = try jwk(publicMembers).jwtKey()
            #expect(privateKey.algorithm.rawValue == test.alg && privateKey.canSign && !publicKey.canSign)
            let signature = try privateKey.sign(Array(test.signing_input.utf8), algorithm: privateKey.algorithm)
            if test.alg.hasPrefix("RS") {
                #expect(test.signing_input + "." + Base64URL.encode(signature) == test.token, "\(test.alg)")
            } else {
                // PSS: a fresh salt each time; what we signed verifies, and differs from joserfc's.
                let ours = test.signing_input + "." + Base64URL.encode(signature)
                #expect(ours != test.token)
                #expect(try JWTVerifier(keys: [publicKey]).verify(ours, as: RSATokens.Claims.self, validation: validation) == test.claims)
            }
            let claims = try JWTVerifier(keys: [publicKey]).verify(test.token, as: RSATokens.Claims.self, validation: validation)
            #expect(claims == test.claims)
            // Our own token with the private key verifies with the public key and with the private key.
            let ours = try JWTSigner(key: privateKey).sign(test.claims)
            #expect(try JWTVerifier(keys: [publicKey]).verify(ours, as: RSATokens.Claims.self, validation: validation) == test.claims)
            #expect(try JWTVerifier(keys: [privateKey]).verify(ours, as: RSATokens.Claims.self, validation: validation) == test.claims)
        }
    }

    @Test("private RSA JWKs: a missing or wrong CRT member is refused, saying so; the key prints redacted")
    func privateJWKs() throws {
        let file = try VectorFiles.json(RSATokens.self, "rsa_joserfc_tokens.json")
        for name in ["p", "q", "dp", "dq", "qi"] {
            var members = file.jwk_private
            members[name] = nil
            let error = try #require(throws: JWTError.self) { try jwk(members).jwtKey() }
            #expect(error.description.contains("\"\(name)\" is missing"))
            members = file.jwk_private
            members[name] = file.jwk_private[name == "p" ? "q" : "p"]
            #expect(throws: JWTError.self, "\(name)") { try jwk(members).jwtKey() }
        }
        var wrongAlg = file.jwk_private
        wrongAlg["alg"] = "ES256"
        #expect(throws: JWTError.self) { try jwk(wrongAlg).jwtKey() }
        let key = try jwk(file.jwk_private).jwtKey()
        let secret = try #require(file.jwk_private["d"])
        let prime = try #require(file.jwk_private["p"])
        for text in ["\(key)", String(reflecting: key), "\(try jwk(file.jwk_private))"] {
            #expect(!text.contains(secret.prefix(16)) && !text.contains(prime.prefix(16)), "\(text)")
        }
    }

    @Test("a public RSA key cannot sign, and says what to load instead")
    func publicCannotSign() throws {
        let file = try VectorFiles.json(RSATokens.self, "rsa_joserfc_tokens.json")
        let error = try #require(throws: JWTError.self) { try JWTSigner(key: try jwk(file.jwk_public).jwtKey()).sign(RegisteredClaims(sub: "s")) }
        #expect(error.description.contains("private key"))
    }
}

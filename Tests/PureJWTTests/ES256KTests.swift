// ES256K (ECDSA on secp256k1 with SHA-256, RFC 8812) in PureJWT: tokens signed by joserfc
// (Vectors/es256k_joserfc_tokens.json, made by Vectors/generate_es256k_tokens.py) verified with the public
// JWK and the public PEM, the RFC 6979 signature Python `cryptography` made of each signing input
// reproduced byte for byte from the private JWK and the PKCS#8 PEM, the thumbprints joserfc computed, our
// own tokens verified, and the key rules: the curve decides the algorithm, a JWK's "alg" must agree, a
// private JWK's "d" must match its point, signatures of the wrong length are an encoding error.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureBase64
@testable import PureJWT
import PureP256
import PureSecp256k1
import Testing
import TestSupport

private struct ES256KTokens: Decodable {
    struct Claims: Codable, Sendable, Equatable {
        let iss: String, sub: String, aud: String, iat: Int, exp: Int, scope: String
    }
    struct Case: Decodable {
        let jwk_private: [String: String]
        let jwk_public: [String: String]
        let thumbprint: String
        let private_pem: String
        let public_pem: String
        let claims: Claims
        let token: String
        let signing_input: String
        let rfc6979_signature: String
    }
    let cases: [Case]

    static func load() throws -> ES256KTokens {
        let file = try VectorFiles.json(ES256KTokens.self, "es256k_joserfc_tokens.json")
        #expect(file.cases.count == 8)
        return file
    }
}

private func jwk(_ members: [String: String]) throws -> JSONWebKey {
    try JSONDecoder().decode(JSONWebKey.self, from: JSONEncoder().encode(members))
}

private let validation = JWTValidation(issuer: "https://issuer.example", audiences: ["api"],
                                       now: { Date(timeIntervalSince1970: 1_800_000_100) })

@Suite("ES256K (RFC 8812)")
struct ES256KTests {
    @Test("joserfc's ES256K tokens verify with the public JWK and the public PEM; thumbprints equal joserfc's")
    func joserfcTokensVerify() throws {
        for test in try ES256KTokens.load().cases {
            let fromJWK = try jwk(test.jwk_public).jwtKey()
            let fromPEM = try JWTKey(pemRepresentation: test.public_pem, keyID: test.jwk_public["kid"])
            for key in [fromJWK, fromPEM] {
                #expect(key.algorithms == [.es256k] && !key.canSign)
                let claims = try JWTVerifier(keys: [key]).verify(test.token, as: ES256KTokens.Claims.self, validation: validation)
                #expect(claims == test.claims)
            }
            #expect(try jwk(test.jwk_public).thumbprint() == test.thumbprint)
            #expect(try jwk(test.jwk_private).thumbprint() == test.thumbprint)
            // One bit of the signature changed: refused.
            var tampered = Array(test.token.utf8)
            tampered[tampered.count - 5] ^= tampered[tampered.count - 5] == UInt8(ascii: "A") ? 3 : 1
            #expect(throws: JWTError.self) {
                try JWTVerifier(keys: [fromJWK]).verifiedPayload(String(decoding: tampered, as: UTF8.self))
            }
        }
    }

    @Test("the private JWK and the PKCS#8 PEM sign each signing input as cryptography's RFC 6979 signature")
    func rfc6979Signatures() throws {
        for test in try ES256KTokens.load().cases {
            let fromJWK = try jwk(test.jwk_private).jwtKey()
            let fromPEM = try JWTKey(pemRepresentation: test.private_pem)
            for key in [fromJWK, fromPEM] {
                #expect(key.algorithm == .es256k && key.canSign)
                let signature = try key.sign(Array(test.signing_input.utf8), algorithm: .es256k)
                #expect(Base64URL.encode(signature) == test.rfc6979_signature)
            }
            #expect(fromPEM.privateKeyPEMRepresentation == test.private_pem)
            #expect(fromPEM.publicKeyPEMRepresentation == test.public_pem)
            // Written back as a JWK: the same members (our keys made from a JWK keep its "alg").
            let written = try JSONWebKey(privateKeyOf: fromJWK)
            #expect(written.crv == "secp256k1" && written.x == test.jwk_private["x"] && written.y == test.jwk_private["y"])
            #expect(written.d == test.jwk_private["d"] && written.alg == "ES256K")
            let publicJWK = try #require(JSONWebKey(publicKeyOf: fromJWK))
            #expect(publicJWK.d == nil && publicJWK.x == test.jwk_public["x"])
        }
    }

    @Test("our ES256K tokens verify, by a key made in code and by the JWK")
    func roundTrip() throws {
        let privateKey = Secp256k1.Signing.PrivateKey()
        let token = try JWTSigner(key: .es256k(privateKey, keyID: "k")).sign(RegisteredClaims(sub: "s"))
        #expect(try JWTHeader(unverifiedFrom: token).alg == "ES256K")
        _ = try JWTVerifier(keys: [.es256k(privateKey.publicKey, keyID: "k")]).verifiedPayload(token)
        let publicJWK = try #require(JSONWebKey(publicKeyOf: .es256k(privateKey.publicKey, keyID: "k")))
        _ = try JWTVerifier(keys: [try publicJWK.jwtKey()]).verifiedPayload(token)
    }

    @Test("the curve decides: a P-256 key refuses ES256K, an ES256K key refuses ES256, a mismatched JWK alg is refused")
    func keyRules() throws {
        let test = try ES256KTokens.load().cases[0]
        let p256 = JWTKey.es256(P256.Signing.PrivateKey())
        #expect(throws: JWTError.self) { try JWTVerifier(keys: [p256]).verifiedPayload(test.token) }
        let es256Token = try JWTSigner(key: p256).sign(RegisteredClaims(sub: "s"))
        let es256k = try jwk(test.jwk_public).jwtKey()
        #expect(throws: JWTError.self) { try JWTVerifier(keys: [es256k]).verifiedPayload(es256Token) }

        var wrongAlg = test.jwk_public
        wrongAlg["alg"] = "ES256"
        #expect(throws: JWTError.self) { try jwk(wrongAlg).jwtKey() }
        var wrongCurve = test.jwk_public
        wrongCurve["crv"] = "P-256"                       // secp256k1's point is not on P-256
        #expect(throws: JWTError.self) { try jwk(wrongCurve).jwtKey() }
        var otherD = test.jwk_private
        otherD["d"] = try ES256KTokens.load().cases[1].jwk_private["d"]
        #expect(throws: JWTError.self) { try jwk(otherD).jwtKey() }

        // r ‖ s is 64 bytes; a DER signature or a truncated one is an encoding error.
        let parts = test.token.split(separator: ".")
        let signature = try Base64URL.decode(String(parts[2]))
        let der = try Secp256k1.Signing.ECDSASignature(rawRepresentation: signature).derRepresentation
        let derToken = parts[0] + "." + parts[1] + "." + Base64URL.encode(der)
        #expect(throws: JWTError.self) { try JWTVerifier(keys: [es256k]).verifiedPayload(String(derToken)) }
        let shortToken = parts[0] + "." + parts[1] + "." + Base64URL.encode(Array(signature.dropLast()))
        #expect(throws: JWTError.self) { try JWTVerifier(keys: [es256k]).verifiedPayload(String(shortToken)) }
    }
}

// EdDSA (Ed25519, RFC 8037; "Ed25519", RFC 9864) in PureJWT: the RFC's Appendix A (the OKP JWKs, the
// thumbprint, the signed JWS reproduced byte for byte and verified), tokens of both names signed by joserfc
// (Vectors/eddsa_joserfc_tokens.json, made by Vectors/generate_eddsa_tokens.py) verified and their
// signatures reproduced, our own tokens
// verified, and the key rules: the key decides the algorithm, other OKP curves are refused with a reason
// alone and skipped in a set, a private JWK's "d" must match its "x".

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureBase64
import PureCurve25519
@testable import PureJWT
import PureP256
import Testing
import TestSupport

private struct RFC8037: Decodable {
    struct A3: Decodable { let thumbprint_b64u: String }
    struct A4: Decodable { let signing_input: String; let signature_b64u: String; let jws_compact: String; let payload_utf8: String }
    let a1: [String: String]
    let a2: [String: String]
    let a3: A3
    let a4: A4

    enum CodingKeys: String, CodingKey { case a1 = "A.1", a2 = "A.2", a3 = "A.3", a4 = "A.4" }
    enum JWKKeys: String, CodingKey { case jwk }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        a1 = try container.nestedContainer(keyedBy: JWKKeys.self, forKey: .a1).decode([String: String].self, forKey: .jwk)
        a2 = try container.nestedContainer(keyedBy: JWKKeys.self, forKey: .a2).decode([String: String].self, forKey: .jwk)
        a3 = try container.decode(A3.self, forKey: .a3)
        a4 = try container.decode(A4.self, forKey: .a4)
    }
}

private struct JoserfcTokens: Decodable {
    struct Claims: Codable, Sendable, Equatable {
        let iss: String, sub: String, aud: String, iat: Int, exp: Int, scope: String
    }
    struct Case: Decodable, Sendable {
        let jwk_private: [String: String]
        let jwk_public: [String: String]
        let claims: Claims
        let token: String
        let signing_input: String
    }
    let cases: [Case]
}

private func jwk(_ members: [String: String]) throws -> JSONWebKey {
    try JSONDecoder().decode(JSONWebKey.self, from: JSONEncoder().encode(members))
}

private let validation = JWTValidation(issuer: "https://issuer.example", audiences: ["api"],
                                       now: { Date(timeIntervalSince1970: 1_800_000_100) })

@Suite("EdDSA (RFC 8037) and Ed25519 (RFC 9864)")
struct EdDSATests {
    @Test("RFC 8037 A.1–A.5: the JWKs, the thumbprint, the JWS signed byte for byte and verified")
    func rfc8037() throws {
        let file = try VectorFiles.json(RFC8037.self, "rfc8037_appendix_a.json")
        let privateKey = try jwk(file.a1).jwtKey()
        let publicKey = try jwk(file.a2).jwtKey()
        #expect(privateKey.algorithm == .eddsa && publicKey.algorithm == .eddsa)
        #expect(privateKey.canSign && !publicKey.canSign)
        #expect(try jwk(file.a2).thumbprint() == file.a3.thumbprint_b64u)
        let signature = try privateKey.sign(Array(file.a4.signing_input.utf8), algorithm: privateKey.algorithm)
        #expect(Base64URL.encode(signature) == file.a4.signature_b64u)
        let payload = try JWTVerifier(keys: [publicKey]).verifiedPayload(file.a4.jws_compact)
        #expect(String(decoding: payload, as: UTF8.self) == file.a4.payload_utf8)
        var tampered = Array(file.a4.jws_compact.utf8)
        tampered[tampered.count - 3] = tampered[tampered.count - 3] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        #expect(throws: JWTError.self) { try JWTVerifier(keys: [publicKey]).verifiedPayload(String(decoding: tampered, as: UTF8.self)) }
    }

    @Test("joserfc's EdDSA and Ed25519 tokens verify with the public JWK, and the private JWK reproduces their signatures")
    func joserfc() throws {
        let file = try VectorFiles.json(JoserfcTokens.self, "eddsa_joserfc_tokens.json")
        #expect(file.cases.count == 12)
        var names: [String] = []
        for test in file.cases {
            let alg = try JWTHeader(unverifiedFrom: test.token).alg
            names.append(alg)
            let publicKey = try jwk(test.jwk_public).jwtKey()
            let claims = try JWTVerifier(keys: [publicKey]).verify(test.token, as: JoserfcTokens.Claims.self, validation: validation)
            #expect(claims == test.claims)
            let privateKey = try jwk(test.jwk_private).jwtKey()
            // A JWK without "alg" is for both names; one with "alg" for that one.
            #expect(privateKey.algorithms == (test.jwk_private["alg"].map { [JWTAlgorithm(rawValue: $0)!] } ?? [.eddsa, .ed25519]))
            let signature = try privateKey.sign(Array(test.signing_input.utf8), algorithm: try #require(JWTAlgorithm(rawValue: alg)))
            #expect(test.token == test.signing_input + "." + Base64URL.encode(signature))
        }
        #expect(names == Array(repeating: "EdDSA", count: 8) + Array(repeating: "Ed25519", count: 4))
    }

    @Test("RFC 9864: \"Ed25519\" and \"EdDSA\" are one signature — either key verifies both, each signs its own name, a JWK's alg pins one")
    func fullySpecifiedName() throws {
        let file = try VectorFiles.json(JoserfcTokens.self, "eddsa_joserfc_tokens.json")
        let edDSACase = file.cases[0], ed25519Case = file.cases[8]
        #expect(JWTAlgorithm(rawValue: "Ed25519") == .ed25519 && JWTAlgorithm.implemented.contains(.ed25519))

        // A key made in code, by either factory, verifies joserfc's tokens of both names.
        for test in [edDSACase, ed25519Case] {
            let x = try Base64URL.decode(try #require(test.jwk_public["x"]))
            let publicKey = try Curve25519.Signing.PublicKey(rawRepresentation: x)
            let kid = test.jwk_public["kid"]
            for key in [JWTKey.eddsa(publicKey, keyID: kid), JWTKey.ed25519(publicKey, keyID: kid)] {
                _ = try JWTVerifier(keys: [key]).verify(test.token, as: JoserfcTokens.Claims.self, validation: validation)
            }
        }

        // Each factory signs under its own name; the signatures are the same bytes over the same input.
        let seed = try Base64URL.decode(try #require(ed25519Case.jwk_private["d"]))
        let privateKey = try Curve25519.Signing.PrivateKey(rawRepresentation: seed)
        #expect(JWTKey.eddsa(privateKey).algorithm == .eddsa && JWTKey.ed25519(privateKey).algorithm == .ed25519)
        let token = try JWTSigner(key: .ed25519(privateKey)).sign(RegisteredClaims(sub: "s"))
        #expect(try JWTHeader(unverifiedFrom: token).alg == "Ed25519")
        _ = try JWTVerifier(keys: [.eddsa(privateKey.publicKey)]).verifiedPayload(token)
        #expect(try JWTKey.ed25519(privateKey).sign(Array(ed25519Case.signing_input.utf8), algorithm: .ed25519)
                == JWTKey.eddsa(privateKey).sign(Array(ed25519Case.signing_input.utf8), algorithm: .eddsa))

        // A JWK whose "alg" names one of them is for that one only; restricted(to:) does the same in code.
        var pinned = ed25519Case.jwk_public
        pinned["alg"] = "EdDSA"
        #expect(throws: JWTError(.algorithmMismatch(header: "Ed25519", key: "EdDSA"))) {
            try JWTVerifier(keys: [try jwk(pinned).jwtKey()]).verifiedPayload(ed25519Case.token)
        }
        pinned["alg"] = "Ed25519"
        _ = try JWTVerifier(keys: [try jwk(pinned).jwtKey()]).verifiedPayload(ed25519Case.token)
        let edDSAOnly = try JWTKey.ed25519(privateKey.publicKey, keyID: ed25519Case.jwk_public["kid"]).restricted(to: [.eddsa])
        #expect(throws: JWTError(.algorithmMismatch(header: "Ed25519", key: "EdDSA"))) {
            try JWTVerifier(keys: [edDSAOnly]).verifiedPayload(ed25519Case.token)
        }

        // Written back, a key for both names has no "alg"; a pinned one keeps its name.
        #expect(JSONWebKey(publicKeyOf: .eddsa(privateKey.publicKey))?.alg == nil)
        #expect(JSONWebKey(publicKeyOf: try JWTKey.eddsa(privateKey.publicKey).restricted(to: [.ed25519]))?.alg == "Ed25519")
    }

    @Test("our EdDSA tokens: header alg EdDSA and the kid; they verify with the public key, not with another")
    func signAndVerify() throws {
        let key = Curve25519.Signing.PrivateKey()
        let signer = JWTSigner(key: .eddsa(key, keyID: "k1"))
        let claims = RegisteredClaims(iss: "https://issuer.example", sub: "s", aud: Audience(["api"]),
                                      exp: NumericDate(secondsSince1970: 1_800_003_600))
        let token = try signer.sign(claims)
        let header = try JWTHeader(unverifiedFrom: token)
        #expect(header.alg == "EdDSA" && header.kid == "k1" && header.typ == "JWT")
        let verified = try JWTVerifier(keys: [.eddsa(key.publicKey, keyID: "k1")]).verify(token, as: RegisteredClaims.self, validation: validation)
        #expect(verified.sub == "s")
        let other = Curve25519.Signing.PrivateKey().publicKey
        #expect(throws: JWTError(.invalidSignature)) {
            try JWTVerifier(keys: [.eddsa(other, keyID: "k1")]).verify(token, as: RegisteredClaims.self, validation: validation)
        }
    }

    @Test("the key decides: an EdDSA token is refused by an ES256 key with its kid, and an ES256 header by an EdDSA key")
    func algorithmConfusion() throws {
        let edKey = Curve25519.Signing.PrivateKey()
        let token = try JWTSigner(key: .eddsa(edKey, keyID: "k")).sign(RegisteredClaims(sub: "s"))
        let esKey = JWTKey.es256(P256.Signing.PrivateKey().publicKey, keyID: "k")
        #expect(throws: JWTError(.algorithmMismatch(header: "EdDSA", key: "ES256"))) { try JWTVerifier(keys: [esKey]).verifiedPayload(token) }
        let parts = token.split(separator: ".")
        let es256Header = Base64URL.encode(Array(#"{"alg":"ES256","kid":"k"}"#.utf8))
        let relabelled = es256Header + "." + parts[1] + "." + parts[2]
        #expect(throws: JWTError(.algorithmMismatch(header: "ES256", key: "EdDSA, Ed25519"))) {
            try JWTVerifier(keys: [.eddsa(edKey.publicKey, keyID: "k")]).verifiedPayload(relabelled)
        }
        // A signature of the wrong length is a malformed signature, not a crash.
        let short = parts[0] + "." + parts[1] + "." + Base64URL.encode([UInt8](repeating: 1, count: 63))
        #expect(throws: JWTError(.invalidSignatureEncoding(length: 63))) {
            try JWTVerifier(keys: [.eddsa(edKey.publicKey, keyID: "k")]).verifiedPayload(short)
        }
    }

    @Test("OKP JWKs: an Ed448 x of Ed25519's length, X25519 and X448 are refused alone with the reason and skipped in a set; bad x or d are refused")
    func okpKeys() throws {
        let x = Base64URL.encode(Curve25519.Signing.PrivateKey().publicKey.rawRepresentation)
        for (curve, words) in [("Ed448", "57 bytes"), ("X25519", "key agreement"), ("X448", "key agreement"),
                               ("P-256", "not supported")] {
            let error = try #require(throws: JWTError.self) { try jwk(["kty": "OKP", "crv": curve, "x": x]).jwtKey() }
            #expect(error.description.contains(words), "\(error)")
        }
        let set = try JSONWebKeySet(json: """
        {"keys": [{"kty": "OKP", "crv": "X25519", "x": "\(x)", "kid": "agreement"},
                  {"kty": "OKP", "crv": "Ed448", "x": "\(x)", "kid": "448"},
                  {"kty": "OKP", "crv": "Ed25519", "x": "\(x)", "kid": "good"}]}
        """)
        #expect(set.keys.map(\.keyID) == ["good"])
        #expect(set.skipped.map(\.kid) == ["agreement", "448"])
        #expect(set.skipped.allSatisfy { !$0.reason.isEmpty })

        let seed = [UInt8](repeating: 9, count: 32)
        let key = try Curve25519.Signing.PrivateKey(rawRepresentation: seed)
        let otherX = Base64URL.encode(Curve25519.Signing.PrivateKey().publicKey.rawRepresentation)
        for members in [["kty": "OKP", "crv": "Ed25519", "x": Base64URL.encode([UInt8](repeating: 1, count: 31))],
                        ["kty": "OKP", "crv": "Ed25519"],
                        ["kty": "OKP", "x": x],
                        ["kty": "OKP", "crv": "Ed25519", "x": otherX, "d": Base64URL.encode(seed)],
                        ["kty": "OKP", "crv": "Ed25519", "x": Base64URL.encode(key.publicKey.rawRepresentation), "d": "AAAA"],
                        ["kty": "OKP", "crv": "Ed25519", "x": x, "alg": "ES256"]] {
            #expect(throws: JWTError.self) { try jwk(members).jwtKey() }
        }
        let good = try jwk(["kty": "OKP", "crv": "Ed25519", "x": Base64URL.encode(key.publicKey.rawRepresentation),
                            "d": Base64URL.encode(seed), "alg": "EdDSA"]).jwtKey()
        #expect(good.canSign && good.algorithm == .eddsa)
        #expect(!"\(good)".contains(Base64URL.encode(seed)))
    }
}

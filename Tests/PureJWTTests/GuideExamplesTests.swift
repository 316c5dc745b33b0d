// The examples of Docs/JWT.md, compiled and run. Keep them in step with the guide.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureBase64
import PureJWT
import PureP256
import PureP384
import Testing
import TestSupport

@Suite("Docs/JWT.md examples")
struct GuideExamplesTests {
    @Test("verify a token against a key set")
    func verifyExample() throws {
        // Test material: a key set and a token made here with a fresh key.
        let signingKey = P256.Signing.PrivateKey()
        let raw = signingKey.publicKey.rawRepresentation
        let jwksData = Data(#"{"keys":[{"kty":"EC","crv":"P-256","kid":"k1","x":"\#(Base64URL.encode(raw.prefix(32)))","y":"\#(Base64URL.encode(raw.suffix(32)))"}]}"#.utf8)
        struct Payload: Encodable { let iss, aud, sub: String; let email: String?; let exp: NumericDate }
        let idToken = try JWTSigner(key: .es256(signingKey, keyID: "k1")).sign(Payload(
            iss: "https://appleid.apple.com", aud: "com.example.web", sub: "001234.abc", email: nil,
            exp: NumericDate(Date().addingTimeInterval(86_400))))

        // --- from the guide ---
        struct AppleClaims: Decodable {
            let sub: String
            let email: String?
        }

        let keySet = try JSONWebKeySet(json: jwksData)          // e.g. https://appleid.apple.com/auth/keys
        let verifier = JWTVerifier(keySet: keySet)
        let claims = try verifier.verify(idToken, as: AppleClaims.self, validation: JWTValidation(
            issuer: "https://appleid.apple.com",
            audiences: ["com.example.app", "com.example.web"],   // any one must match
            leeway: 60))                                          // seconds of clock skew tolerated
        // --- end ---

        #expect(claims.sub == "001234.abc")
        #expect(keySet.skipped.isEmpty)
    }

    @Test("sign a token (ES256)")
    func signExample() throws {
        let p8Text = try VectorFiles.text("test.p8")
        let now = Date(timeIntervalSince1970: 1_767_225_600)

        // --- from the guide ---
        struct ClientSecretClaims: Codable {
            let iss: String, sub: String, aud: String
            let iat: NumericDate, exp: NumericDate
        }

        let key = try P256.Signing.PrivateKey(pemRepresentation: p8Text)    // Apple's .p8
        let signer = JWTSigner(key: .es256(key, keyID: "ABC123DEFG"))
        let token = try signer.sign(ClientSecretClaims(
            iss: "DEF123GHIJ", sub: "com.example.web", aud: "https://appleid.apple.com",
            iat: NumericDate(now), exp: NumericDate(now.addingTimeInterval(3600))))
        // --- end ---

        let verified = try JWTVerifier(keys: [.es256(key.publicKey, keyID: "ABC123DEFG")]).verify(
            token, as: ClientSecretClaims.self,
            validation: JWTValidation(issuer: "DEF123GHIJ", audiences: ["https://appleid.apple.com"], now: { now }))
        #expect(verified.sub == "com.example.web")
        let header = try Base64URL.decode(String(token.split(separator: ".")[0]))
        #expect(String(decoding: header, as: UTF8.self) == #"{"alg":"ES256","kid":"ABC123DEFG","typ":"JWT"}"#)
    }

    @Test("key IDs from the key itself: thumbprints")
    func thumbprintExample() throws {
        // --- from the guide ---
        let jwkJSON = #"{"kty":"EC","crv":"P-256","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU","y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}"#
        let jwk = try JSONDecoder().decode(JSONWebKey.self, from: Data(jwkJSON.utf8))   // RFC 7515 Appendix A.3
        let kid = try jwk.thumbprint()   // "oKIywvGUpTVTyxMQ3bwIIeQUudfr_CkLMjCE19ECD-U"
        // --- end ---

        // The expected value is joserfc's (Vectors/jwk_thumbprints.json), not PureJWT's.
        struct File: Decodable { let thumbprints: [String: String] }
        let expected = try VectorFiles.json(File.self, "jwk_thumbprints.json").thumbprints["A.3"]
        #expect(kid == expected)
        #expect(kid == "oKIywvGUpTVTyxMQ3bwIIeQUudfr_CkLMjCE19ECD-U")
    }

    @Test("writing keys as JWKs")
    func jwkWritingExample() throws {
        // --- from the guide ---
        let key = JWTKey.es384(P384.Signing.PrivateKey(), keyID: "2026-11")
        let publicJWK = JSONWebKey(publicKeyOf: key)!                   // for your JWKS endpoint
        let kid = try publicJWK.thumbprint()                            // RFC 7638
        // --- end ---

        #expect(publicJWK.kty == "EC" && publicJWK.crv == "P-384" && publicJWK.alg == "ES384" && publicJWK.kid == "2026-11")
        #expect(publicJWK.d == nil && kid.count == 43)
        // What the public JWK verifies is what the key signs.
        struct Claims: Codable, Equatable { let sub: String; let exp: Int }
        let claims = Claims(sub: "someone", exp: Int(Date().timeIntervalSince1970) + 86_400)
        let token = try JWTSigner(key: key).sign(claims)
        #expect(try JWTVerifier(keys: [try publicJWK.jwtKey()]).verify(token, as: Claims.self,
                                                                       validation: JWTValidation(issuer: nil, audiences: nil)) == claims)
    }

    @Test("keys from key files")
    func keyFilesExample() throws {
        // Test material: the RSA key of Vectors/key_files.json (written by Python `cryptography`) as PKCS#1.
        let rsaPrivateKeyPEM = try #require(try VectorFiles.json(KeyFiles.self, "key_files.json").keys.first { $0.alg == "RS256" }?.forms["pkcs1_private"])

        // --- from the guide ---
        let key = try JWTKey(pemRepresentation: rsaPrivateKeyPEM, keyID: "2026-11")   // RS256 … PS512
        let token = try JWTSigner(key: key).sign(["sub": "42"], header: JWTHeader(alg: "PS256"))
        let verifier = JWTVerifier(keys: [try key.publicKey!.restricted(to: [.ps256])])
        // --- end ---

        struct Claims: Decodable, Equatable { let sub: String }
        let validation = JWTValidation(issuer: nil, audiences: nil, requiresExpiration: false)
        #expect(try verifier.verify(token, as: Claims.self, validation: validation) == Claims(sub: "42"))
        #expect(throws: JWTError.self) { try JWTVerifier(keys: [try key.restricted(to: [.rs256])]).verify(token, as: Claims.self, validation: validation) }
    }

    @Test("keep an issuer's keys: JSONWebKeySetCache")
    func cacheExample() async throws {
        // Test material: a key set served by a stand-in for an HTTP client, and a token made here.
        let signingKey = P256.Signing.PrivateKey()
        let raw = signingKey.publicKey.rawRepresentation
        let jwks = Array(#"{"keys":[{"kty":"EC","crv":"P-256","kid":"k1","x":"\#(Base64URL.encode(raw.prefix(32)))","y":"\#(Base64URL.encode(raw.suffix(32)))"}]}"#.utf8)
        struct MyHTTPClient { let jwks: [UInt8]; func get(_ url: String) async throws -> (Int, [String: String], [UInt8]) { (200, [:], jwks) } }
        let myHTTPClient = MyHTTPClient(jwks: jwks)
        struct Payload: Encodable { let iss, aud, sub: String; let exp: NumericDate }
        let idToken = try JWTSigner(key: .es256(signingKey, keyID: "k1")).sign(Payload(
            iss: "https://accounts.google.com", aud: "my-client", sub: "42", exp: NumericDate(Date().addingTimeInterval(86_400))))
        struct AppleClaims: Decodable { let sub: String }
        let validation = JWTValidation(issuer: "https://accounts.google.com", audiences: ["my-client"])

        // --- from the guide ---
        let cache = try JSONWebKeySetCache(onEvent: { event in print("keys: \(event)") }) {
            let (status, headers, body) = try await myHTTPClient.get("https://www.googleapis.com/oauth2/v3/certs")
            return JSONWebKeySetCache.Response(status: status, headers: headers, body: body)
        }
        let kid = try JWTHeader(unverifiedFrom: idToken).kid ?? ""
        let claims = try JWTVerifier(keySet: try await cache.keySet(containing: kid))
            .verify(idToken, as: AppleClaims.self, validation: validation)
        // --- end ---

        #expect(claims.sub == "42")
    }
}

// The examples of Docs/JWE.md, compiled and run. Keep them in step with the guide. The Auth.js cookie was
// made by Python `cryptography` and joserfc as Auth.js v5 makes it (Vectors/authjs_session_vector.json).

import PureBase64
import PureJWT
import PureP256
import PureSHA2
import Testing
import TestSupport

private struct AuthJSVector: Decodable {
    let authSecret: String
    let cookieName: String
    let cookie: String
    let claims: String
}

@Suite("Docs/JWE.md examples")
struct JWEGuideExamplesTests {
    @Test("encrypt for a P-256 key, then decrypt with its private JWK")
    func encryptAndDecrypt() throws {
        let privateKey = P256.KeyAgreement.PrivateKey()
        let pem = privateKey.publicKey.pemRepresentation
        let raw = privateKey.publicKey.rawRepresentation
        let privateJWK = #"{"kty":"EC","crv":"P-256","use":"enc","x":"\#(Base64URL.encode(raw.prefix(32)))","y":"\#(Base64URL.encode(raw.suffix(32)))","d":"\#(Base64URL.encode(privateKey.rawRepresentation))"}"#
        let signedJWT = "eyJhbGciOiJFUzI1NiJ9.e30.c2ln"

        // --- from the guide ---
        let recipient = try JWEKey.ecdh(P256.KeyAgreement.PublicKey(pemRepresentation: pem))   // ECDH-ES+A256KW
        var encrypter = try JWEEncrypter(key: recipient, encryption: .a256GCM)
        encrypter.contentType = "JWT"                                // a nested token
        let token = try encrypter.encrypt(Array(signedJWT.utf8))

        let jwk = try StrictJSONDecoder().decode(JSONWebKey.self, from: privateJWK)
        let key = try jwk.jweKey()                              // or JWEKey.rsa(...), .ecdh(...), .symmetric(...)
        let result = try JWEDecrypter(keys: [key]).decrypt(token)
        let plaintext = result.plaintext                        // bytes; result.header says alg, enc, kid, cty
        // --- end ---

        #expect(plaintext == Array(signedJWT.utf8))
        #expect(result.header.contentType == "JWT" && result.header.algorithm == .ecdhESA256KW)
    }

    @Test("an Auth.js session cookie")
    func authJS() throws {
        let vector = try VectorFiles.json(AuthJSVector.self, "authjs_session_vector.json")
        let authSecret = vector.authSecret, cookieValue = vector.cookie

        // --- from the guide ---
        let cookieName = "authjs.session-token"                   // "__Secure-authjs.session-token" over HTTPS
        let cek = try HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: Array(authSecret.utf8)),
                                             salt: Array(cookieName.utf8),
                                             info: Array("Auth.js Generated Encryption Key (\(cookieName))".utf8),
                                             outputByteCount: 64)
        let key = try JWEKey.symmetric(cek, algorithm: .direct)
        let session = try JWEDecrypter(keys: [key]).decrypt(cookieValue).plaintext   // the session's JSON claims
        // --- end ---

        #expect(cookieName == vector.cookieName)
        #expect(session == Array(vector.claims.utf8))
    }
}

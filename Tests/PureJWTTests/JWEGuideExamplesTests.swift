// The examples of Docs/JWE.md, compiled and run. Keep them in step with the guide. The Auth.js cookie was
// made by Python `cryptography` and joserfc as Auth.js v5 makes it, "kid" included
// (Vectors/authjs_session_vector.json).

import PureBase64
import PureCurve25519
import PureJWT
import PureP256
import PureRSA
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
    @Test("several recipients: a general JSON serialization with aad, opened by the backup key")
    func severalRecipients() throws {
        let partnerRSA = RSA.Encryption.PrivateKey(try RSA.Signing.PrivateKey(keySize: .bits2048)).publicKey
        let walletX25519 = Curve25519.KeyAgreement.PrivateKey().publicKey
        let backupKey = SymmetricKey(size: .bits256)
        let backupKeyForDecryption = try JWEKey.symmetric(backupKey, algorithm: .a256KW, keyID: "backup")
        let payload = Array("{\"order\":1138}".utf8)

        // --- from the guide ---
        let encrypter = try JWEEncrypter(recipients: [
            try .init(key: JWEKey.rsa(partnerRSA)),                       // RSA-OAEP-256
            try .init(key: JWEKey.ecdh(walletX25519)),                    // ECDH-ES+A256KW
            try .init(key: JWEKey.symmetric(backupKey, algorithm: .a256KW, keyID: "backup")),
        ], encryption: .a256GCM)
        let json = try encrypter.encryptGeneral(payload, additionalAuthenticatedData: Array("order-1138".utf8))

        let opened = try JWEDecrypter(keys: [backupKeyForDecryption]).decrypt(jsonSerialization: json)
        // opened.plaintext; opened.additionalAuthenticatedData (the "aad", covered by the tag)
        // --- end ---

        #expect(opened.plaintext == payload && opened.additionalAuthenticatedData == Array("order-1138".utf8))
        #expect(opened.header.keyID == "backup")
    }

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

    @Test("X25519 keys from PEM (as openssl genpkey -algorithm x25519 and Python cryptography write them): RFC 7748's Alice")
    func x25519PEM() throws {
        // RFC 7748 §6.1's Alice, written as PKCS#8 by Python cryptography (Tests/PureCurve25519Tests/Vectors/x25519_keys.json).
        let privatePEM = "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VuBCIEIHcHbQpzGKV9PBbBclGyZkXfTC+H68CZKrF3+6UduSwq\n-----END PRIVATE KEY-----\n"
        let privateKey = try JWEKey(pemRepresentation: privatePEM)
        #expect(privateKey.canDecrypt && privateKey.algorithms.first == .ecdhESA256KW)
        let publicJWK = try #require(JSONWebKey(publicKeyOf: privateKey))
        // Alice's public key from RFC 7748 §6.1.
        let alicePublic = try [UInt8](hex: "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a")
        #expect(publicJWK.kty == "OKP" && publicJWK.crv == "X25519" && publicJWK.x == Base64URL.encode(alicePublic))
        let publicPEM = try #require(privateKey.publicKeyPEMRepresentation)
        let recipient = try JWEKey(pemRepresentation: publicPEM)
        #expect(!recipient.canDecrypt)
        let token = try JWEEncrypter(key: recipient, encryption: .a128GCM).encrypt(Array("for Alice".utf8))
        #expect(try JWEDecrypter(keys: [privateKey]).decrypt(token).plaintext == Array("for Alice".utf8))
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
        // Auth.js names its key by thumbprint; a key made without a "kid" still opens the cookie.
        #expect(try JWEDecrypter(keys: [key]).decrypt(cookieValue).header.keyID?.count == 86)
    }
}

// Client secrets: header and claims as Apple documents them, verified with PureJWT; every input rule; the
// caching actor with a fake clock.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AppleAuth
import PureBase64
import PureJWT
import PureP256
import Testing
import TestSupport

private func configuration(team: String = "DEF123GHIJ", key: String = "ABC123DEFG", client: String = "com.example.service",
                           pem: String? = nil) throws -> AppleClientSecretConfiguration {
    try AppleClientSecretConfiguration(teamID: team, keyID: key, clientID: client,
                                       privateKeyPEM: pem ?? VectorFiles.text("test.p8"))
}

@Suite("Client secret")
struct ClientSecretTests {
    @Test("header and claims, verified with the key's public half")
    func claims() throws {
        let now = Date(timeIntervalSince1970: 1_767_225_600.7)
        let secret = try configuration().makeSecret(lifetime: 3600, now: now, backdating: 30)
        #expect(secret.issuedAt == Date(timeIntervalSince1970: 1_767_225_570))
        #expect(secret.expiresAt == Date(timeIntervalSince1970: 1_767_229_170))

        let header = try Base64URL.decode(String(secret.token.split(separator: ".")[0]))
        #expect(String(decoding: header, as: UTF8.self) == #"{"alg":"ES256","kid":"ABC123DEFG","typ":"JWT"}"#)

        struct Claims: Decodable { let iss, aud, sub: String; let iat, exp: Int }
        let publicKey = try P256.Signing.PrivateKey(pemRepresentation: VectorFiles.text("test.p8")).publicKey
        let claims = try JWTVerifier(keys: [.es256(publicKey, keyID: "ABC123DEFG")]).verify(
            secret.token, as: Claims.self,
            validation: JWTValidation(issuer: "DEF123GHIJ", audiences: ["https://appleid.apple.com"], now: { now }))
        #expect(claims.sub == "com.example.service")
        #expect(claims.iat == 1_767_225_570 && claims.exp == 1_767_229_170)
    }

    @Test("each input rule is enforced, with a message that says which")
    func inputRules() throws {
        for (team, key) in [("DEF123GHI", "ABC123DEFG"), ("def123ghij", "ABC123DEFG"), ("DEF123GHIJ", "ABC-23DEFG"), ("DEF123GHIJ", "")] {
            let error = try #require(throws: AppleAuthError.self) { try configuration(team: team, key: key) }
            #expect(error.description.contains("10 characters"))
        }
        #expect(throws: AppleAuthError.self) { try configuration(client: "") }
        #expect(throws: AppleAuthError.self) { try configuration(client: "com.example app") }
        let rsa = try #require(throws: AppleAuthError.self) { try configuration(pem: VectorFiles.text("testInvalidKey_rsa1024.p8")) }
        #expect(rsa.description.contains("RSA"), "\(rsa)")
        let config = try configuration()
        #expect(throws: AppleAuthError.self) { try config.makeSecret(lifetime: 15_777_001) }
        #expect(throws: AppleAuthError.self) { try config.makeSecret(lifetime: 0) }
        #expect(throws: Never.self) { try config.makeSecret(lifetime: 15_777_000) }
    }

    @Test("the cache hands out one secret until it nears expiry, then a new one")
    func cache() async throws {
        final class Clock: @unchecked Sendable { var now = Date(timeIntervalSince1970: 1_800_000_000) }
        let clock = Clock()
        let cache = try AppleClientSecretCache(configuration: try configuration(), lifetime: 3600, renewalMargin: 300,
                                           now: { clock.now })
        let first = try await cache.secret()
        clock.now += 3000
        #expect(try await cache.secret() == first)
        clock.now += 301                       // 299 s left: inside the margin
        let second = try await cache.secret()
        #expect(second != first)
        #expect(second.issuedAt == Date(timeIntervalSince1970: 1_800_003_301))
    }
}

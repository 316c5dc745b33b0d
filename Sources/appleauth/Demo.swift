// `appleauth demo`: the main job on built-in sample data, offline. Exits non-zero if any check fails.

import AppleAuth
import CommandLineSupport
import Foundation
import PureASN1
import PureBase64
import PureJWT
import PureP256
import AppleAuthURLSession

enum Demo {
    static func run() async throws {
        print("PureJWT / AppleAuth demo (offline, built-in sample data)")
        try clientSecret()
        try await identityToken()
        try await notification()
        print("")
        print("All checks passed.")
    }

    /// A throwaway key, a client secret built from it, and the secret decoded and verified again.
    static func clientSecret() throws {
        print("")
        print("1. Client secret from a freshly generated P-256 key (as in a .p8 file)")
        let key = P256.Signing.PrivateKey()
        let configuration = try AppleClientSecretConfiguration(
            teamID: "DEF123GHIJ", keyID: "ABC123DEFG", clientID: "com.example.service", privateKeyPEM: key.pemRepresentation)
        let secret = try configuration.makeSecret(lifetime: 3600)
        print("   client_secret  \(secret.token.prefix(72))…")
        let parts = secret.token.split(separator: ".")
        print("   header         \(String(decoding: try Base64URL.decode(parts[0]), as: UTF8.self))")
        print("   claims         \(String(decoding: try Base64URL.decode(parts[1]), as: UTF8.self))")
        struct Claims: Decodable { let sub: String }
        let claims = try JWTVerifier(keys: [.es256(key.publicKey, keyID: "ABC123DEFG")]).verify(
            secret.token, as: Claims.self, validation: JWTValidation(issuer: "DEF123GHIJ", audiences: ["https://appleid.apple.com"]))
        check("verifies with the key's public half", claims.sub == "com.example.service")
    }

    /// A real Apple identity token from the bundled key set, at a fixed time inside its validity, and today,
    /// through the one-call service (with the key set fixed instead of fetched: the demo is offline).
    static func identityToken() async throws {
        print("")
        print("2. A real Apple identity token (2019) against Apple's key \(AppleSample.kid) from a bundled key set")
        let jwks = #"{"keys":[{"kty":"RSA","kid":"\#(AppleSample.kid)","use":"sig","alg":"RS256","n":"\#(AppleSample.modulusBase64URL)","e":"\#(AppleSample.exponentBase64URL)"}]}"#
        let keySet = try JSONWebKeySet(json: jwks)
        let issued = AppleSample.issuedAt
        let configuration = try SignInWithAppleConfiguration(verifyingOnly: [AppleSample.clientID])
        let transport = try URLSessionTransport()
        let then = try SignInWithApple(configuration: configuration, transport: transport, fixedKeySet: keySet,
                                       now: { Date(timeIntervalSince1970: issued + 60) })
        let claims = try await then.verifyIdentityToken(AppleSample.identityToken, nonce: .notSent)
        print("   at \(Date(timeIntervalSince1970: issued + 60)): verified (RS256, iss, aud, exp)")
        print("   sub            \(claims.sub)")
        print("   aud            \(claims.aud.values.joined(separator: ", "))")
        print("   at_hash        \(claims.atHash ?? "-")")
        var altered = Array(AppleSample.identityToken.utf8)
        altered[altered.count / 2] ^= 0x01
        let alteredToken = String(decoding: altered, as: UTF8.self)
        check("one changed bit is rejected", (try? await then.verifyIdentityToken(alteredToken, nonce: .notSent)) == nil)
        let today = try SignInWithApple(configuration: configuration, transport: transport, fixedKeySet: keySet)
        do {
            _ = try await today.verifyIdentityToken(AppleSample.identityToken, nonce: .notSent)
            check("rejected as expired today", false)
        } catch {
            check("rejected as expired today", error.category == .rejectedToken)
            print("   (\(error))")
        }
    }

    /// A real server-to-server notification, verified and decoded.
    static func notification() async throws {
        print("")
        print("3. A real server-to-server notification (2022), as Apple POSTs it")
        let service = try SignInWithApple(
            configuration: try SignInWithAppleConfiguration(verifyingOnly: [NotificationSample.clientID]), transport: try URLSessionTransport(),
            fixedKeySet: try JSONWebKeySet(json: NotificationSample.jwks), now: { Date(timeIntervalSince1970: NotificationSample.issuedAt + 60) })
        let event = try await service.verifyNotification(body: Array(NotificationSample.body.utf8))
        print("   event          \(event.type) for \(event.sub) at \(event.eventTime)")
        check("consent-revoked decoded", event.type == .consentRevoked)
    }

    static func check(_ what: String, _ passed: Bool) {
        print("   \(what): \(passed ? "yes" : "NO")")
        if !passed { failures += 1 }
    }

    nonisolated(unsafe) static var failures = 0
}

// Tokens that are validly signed by Apple's key (or the test key) but meant for someone else: an `aud` array
// naming an app we do not trust, an identity token handed in as a server notification, and the reverse.
// Each must be refused; a verifier that only checks the signature would accept all of them.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AppleAuth
import PureJWT
import Testing
import TestSupport

private struct NonceFile: Decodable {
    let jwk: JSONWebKey
    let aud_array_ours_token: String
    let aud_array_untrusted_entry_token: String
}
private struct RealTokens: Decodable {
    struct Token: Decodable { let kid: String; let iat: Double; let aud: String; let jwt: String }
    let tokens: [Token]
}
private struct Snapshots: Decodable {
    struct Snapshot: Decodable { let keys: [JSONWebKey] }
    let snapshots: [Snapshot]
}

private func appleKeys(_ kid: String) throws -> JSONWebKeySet {
    let snapshots = try VectorFiles.json(Snapshots.self, "apple_jwks_snapshots.json").snapshots
    let snapshot = try #require(snapshots.first { $0.keys.contains { $0.kid == kid } })
    return try JSONWebKeySet(json: JSONEncoder().encode(["keys": snapshot.keys]))
}

@Suite("Token confusion: right signature, wrong recipient or purpose")
struct TokenConfusionTests {
    @Test("an aud array is trusted only when every entry is one of our client IDs (OIDC Core §3.1.3.7)")
    func audienceArrays() throws {
        let file = try VectorFiles.json(NonceFile.self, "nonce_tokens.json")
        let keys = try JSONWebKeySet(json: JSONEncoder().encode(["keys": [file.jwk]]))
        let now: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_900_000_100) }
        let both = AppleIdentityTokenVerifier(clientIDs: ["com.example.app", "com.example.web"], keySet: keys, now: now)
        // Both audiences ours, but no azp: OIDC Core §3.1.3.7 (4) asks for one with several audiences
        // (the azp cases themselves are in SignInWithAppleTests, on tokens that carry one).
        let noAzp = try #require(throws: AppleAuthError.self) { try both.verify(file.aud_array_ours_token, nonce: .notSent) }
        guard case .authorizedPartyMismatch(found: nil) = noAzp.reason else { Issue.record("\(noAzp)"); return }
        // One of the two audiences is not ours: refused, even though the other one is.
        let onlyApp = AppleIdentityTokenVerifier(clientIDs: ["com.example.app"], keySet: keys, now: now)
        for (verifier, token) in [(onlyApp, file.aud_array_ours_token), (both, file.aud_array_untrusted_entry_token)] {
            let error = try #require(throws: AppleAuthError.self) { try verifier.verify(token, nonce: .notSent) }
            guard case .tokenRejected(let jwtError) = error.reason, case .audienceMismatch = jwtError.reason else {
                Issue.record("expected an audience rejection, got \(error)"); continue
            }
        }
    }

    @Test("a real identity token is refused by the server-notification verifier")
    func identityTokenAsNotification() throws {
        let tokens = try VectorFiles.json(RealTokens.self, "apple_identity_tokens_verified.json").tokens
        #expect(!tokens.isEmpty)
        for token in tokens {
            let verifier = AppleServerNotificationVerifier(clientIDs: [token.aud], keySet: try appleKeys(token.kid),
                                                           now: { Date(timeIntervalSince1970: token.iat + 10) })
            #expect(throws: AppleAuthError.self, "identity token accepted as a notification: \(token.kid)") {
                try verifier.verify(token: token.jwt)
            }
        }
    }

    @Test("a real server notification is refused by the identity-token verifier")
    func notificationAsIdentityToken() throws {
        let tokens = try VectorFiles.json(RealTokens.self, "apple_server_notifications_verified.json").tokens
        #expect(tokens.count == 2)
        for token in tokens {
            let verifier = AppleIdentityTokenVerifier(clientIDs: [token.aud], keySet: try appleKeys(token.kid),
                                                      now: { Date(timeIntervalSince1970: token.iat + 10) })
            #expect(throws: AppleAuthError.self, "notification accepted as an identity token: \(token.kid)") {
                try verifier.verify(token.jwt, nonce: .notSent)
            }
        }
    }
}

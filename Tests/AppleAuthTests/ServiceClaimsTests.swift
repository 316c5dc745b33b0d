// The explicit security choices of identity-token verification: azp with several audiences, a missing
// c_hash when a code is given (and the policy that allows it), real_user_status values Apple may add,
// and configurations that cannot work.

import AppleAuth
import AppleAuthURLSession
import Foundation
import PureJWT
import Testing
import TestSupport

private func verifier(_ tokens: ServiceTokens, clientIDs: Set<String> = ["com.example.app", "com.example.web"],
                      codeHashPolicy: AppleCodeHashPolicy = .required, leeway: Double = 60) throws -> AppleIdentityTokenVerifier {
    let keySet = try JSONWebKeySet(json: ServiceTokens.body(tokens.jwks_k1_k2))
    return AppleIdentityTokenVerifier(clientIDs: clientIDs, keySet: keySet, leeway: leeway, codeHashPolicy: codeHashPolicy,
                                      now: { Date(timeIntervalSince1970: tokens.now) })
}

private func reason(_ body: () throws -> AppleIdentityToken) -> AppleAuthError.Reason? {
    do { _ = try body(); return nil } catch { return (error as? AppleAuthError)?.reason }
}

@Suite("Identity-token security choices")
struct ServiceClaimsTests {
    @Test("several audiences need an azp that is ours; an azp that is not ours is refused (OIDC Core §3.1.3.7)")
    func authorizedParty() throws {
        let tokens = try ServiceTokens.load()
        let both = try verifier(tokens)
        #expect(try both.verify(tokens.aud_array_with_azp_token, nonce: .notSent).authorizedParty == "com.example.app")
        guard case .authorizedPartyMismatch(found: nil)? = reason({ try both.verify(tokens.aud_array_without_azp_token, nonce: .notSent) }) else {
            Issue.record("several audiences without azp accepted"); return
        }
        guard case .authorizedPartyMismatch(found: "com.attacker.app")? = reason({ try both.verify(tokens.foreign_azp_token, nonce: .notSent) }) else {
            Issue.record("a foreign azp accepted"); return
        }
    }

    @Test("with an authorization code, c_hash must be present unless the policy says otherwise")
    func codeHash() throws {
        let tokens = try ServiceTokens.load()
        let strict = try verifier(tokens)
        #expect(throws: Never.self) { try strict.verify(tokens.k1_token, nonce: .raw(tokens.raw_nonce), authorizationCode: tokens.authorization_code) }
        guard case .missingCodeHash? = reason({ try strict.verify(tokens.k1_no_c_hash_token, nonce: .raw(tokens.raw_nonce), authorizationCode: tokens.authorization_code) }) else {
            Issue.record("a token without c_hash accepted with a code"); return
        }
        let lenient = try verifier(tokens, codeHashPolicy: .checkedWhenPresent)
        #expect(throws: Never.self) { try lenient.verify(tokens.k1_no_c_hash_token, nonce: .raw(tokens.raw_nonce), authorizationCode: "any") }
        guard case .codeHashMismatch? = reason({ try lenient.verify(tokens.k1_token, nonce: .raw(tokens.raw_nonce), authorizationCode: "another") }) else {
            Issue.record("a wrong code accepted"); return
        }
        // Without a code, c_hash is not looked at.
        #expect(throws: Never.self) { try strict.verify(tokens.k1_no_c_hash_token, nonce: .raw(tokens.raw_nonce)) }
    }

    @Test("real_user_status: an unknown value and the number as a string are kept; junk is not fatal")
    func realUserStatus() throws {
        let tokens = try ServiceTokens.load()
        let v = try verifier(tokens)
        #expect(try v.verify(tokens.k1_token, nonce: .notSent).realUserStatus == .likelyReal)
        #expect(try v.verify(tokens.real_user_status_7_token, nonce: .notSent).realUserStatus == .other(7))
        #expect(try v.verify(tokens.real_user_status_string_token, nonce: .notSent).realUserStatus == .unknown)
        let junk = try v.verify(tokens.real_user_status_junk_token, nonce: .notSent)
        #expect(junk.realUserStatus == nil && junk.otherClaims["real_user_status"] == .string("x"))
        #expect(try v.verify(tokens.k1_token, nonce: .notSent).otherClaims["real_user_status"] == nil)
    }

    @Test("a NaN, infinite or negative leeway refuses every token with a configuration error, never silently accepts",
          arguments: [Double.nan, .infinity, -.infinity, -1])
    func leeway(value: Double) throws {
        let tokens = try ServiceTokens.load()
        let error = try #require(throws: AppleAuthError.self) { try verifier(tokens, leeway: value).verify(tokens.k1_token, nonce: .notSent) }
        #expect(error.category == .configuration)
        var validation = JWTValidation(issuer: nil, audiences: nil, now: { Date(timeIntervalSince1970: tokens.now) })
        validation.leeway = value
        let keySet = try JSONWebKeySet(json: ServiceTokens.body(tokens.jwks_k1))
        let jwtError = try #require(throws: JWTError.self) { try JWTVerifier(keySet: keySet).verify(tokens.k1_token, as: RegisteredClaims.self, validation: validation) }
        guard case .invalidValidation = jwtError.reason else { Issue.record("\(jwtError)"); return }
    }

    @Test("configurations that cannot work are refused when made")
    func configurations() throws {
        let pem = try VectorFiles.text("test.p8")
        #expect(throws: AppleAuthError.self) { try SignInWithAppleConfiguration(teamID: "DEF123GHIJ", keyID: "ABC123DEFG", privateKeyPEM: pem, clientIDs: []) }
        #expect(throws: AppleAuthError.self) { try SignInWithAppleConfiguration(verifyingOnly: ["a", "a"]) }
        #expect(throws: AppleAuthError.self) { try SignInWithAppleConfiguration(verifyingOnly: ["with space"]) }
        #expect(throws: AppleAuthError.self) { try SignInWithAppleConfiguration(teamID: "short", keyID: "ABC123DEFG", privateKeyPEM: pem, clientIDs: ["a"]) }
        let transport = try URLSessionTransport()
        for baseURL in ["ftp://appleid.apple.com", "appleid.apple.com", "https://", "https://a.example/?x=1", "https://user@a.example"] {
            var configuration = try SignInWithAppleConfiguration(verifyingOnly: ["com.example.app"])
            configuration.baseURL = baseURL
            let error = try #require(throws: AppleAuthError.self) { try SignInWithApple(configuration: configuration, transport: transport) }
            #expect(error.category == .configuration, "\(baseURL)")
        }
        for value in [Double.nan, .infinity, -1, 1e300] {
            var leeway = try SignInWithAppleConfiguration(verifyingOnly: ["com.example.app"])
            leeway.leeway = value
            #expect(throws: AppleAuthError.self) { try SignInWithApple(configuration: leeway, transport: transport) }
            var lifetime = try SignInWithAppleConfiguration(teamID: "DEF123GHIJ", keyID: "ABC123DEFG", privateKeyPEM: pem, clientIDs: ["a"])
            lifetime.clientSecretLifetime = value
            #expect(throws: AppleAuthError.self) { try SignInWithApple(configuration: lifetime, transport: transport) }
            var cache = try SignInWithAppleConfiguration(verifyingOnly: ["com.example.app"])
            cache.keyCachePolicy.maximumStaleness = value
            #expect(throws: AppleAuthError.self) { try SignInWithApple(configuration: cache, transport: transport) }
            var retries = try SignInWithAppleConfiguration(verifyingOnly: ["com.example.app"])
            retries.retryPolicy.initialBackoff = value
            #expect(throws: AppleAuthError.self) { try SignInWithApple(configuration: retries, transport: transport) }
        }
        var attempts = try SignInWithAppleConfiguration(verifyingOnly: ["com.example.app"])
        attempts.retryPolicy.maximumAttempts = 0
        #expect(throws: AppleAuthError.self) { try SignInWithApple(configuration: attempts, transport: transport) }
    }

    @Test("a verify-only service verifies but refuses REST calls with a configuration error")
    func verifyOnly() async throws {
        let tokens = try ServiceTokens.load()
        let apple = try SignInWithApple(configuration: try SignInWithAppleConfiguration(verifyingOnly: ["com.example.app"]),
                                        transport: try URLSessionTransport(), fixedKeySet: try JSONWebKeySet(json: ServiceTokens.body(tokens.jwks_k1)),
                                        now: { Date(timeIntervalSince1970: tokens.now) })
        #expect(try await apple.verifyIdentityToken(tokens.k1_token, nonce: .raw(tokens.raw_nonce)).sub == "001234.service")
        let error = try await #require(throws: AppleAuthError.self) { try await apple.revoke("r", clientID: "com.example.app") }
        #expect(error.category == .configuration && error.description.contains("verify-only"))
    }
}

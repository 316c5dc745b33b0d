// Every real Apple identity token in the vector set, verified with typed claims at a clock inside its
// validity window, and rejected when expired, for another audience, altered, or against another key set.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import AppleAuth
import PureJWT
import PureSHA2
import Testing
import TestSupport

private struct Tokens: Decodable {
    struct Token: Decodable { let kid: String; let iat: Double; let exp: Double; let aud: String; let jwt: String; let claims: [String: Value] }
    let tokens: [Token]
}
/// A claim value as the vector file records it.
private enum Value: Decodable, Equatable {
    case string(String), number(Double), bool(Bool)
    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Double.self) { self = .number(n) }
        else { self = .string(try c.decode(String.self)) }
    }
}
private struct Snapshots: Decodable {
    struct Snapshot: Decodable { let keys: [JSONWebKey] }
    let snapshots: [Snapshot]
}

private func keySet(containing kid: String, excluding: Bool = false) throws -> JSONWebKeySet {
    let snapshots = try VectorFiles.json(Snapshots.self, "apple_jwks_snapshots.json").snapshots
    let snapshot = try #require(snapshots.first { $0.keys.contains { $0.kid == kid } != excluding })
    return try JSONWebKeySet(json: JSONEncoder().encode(["keys": snapshot.keys]))
}

@Suite("Apple identity tokens")
struct IdentityTokenTests {
    @Test("every real token verifies with the right typed claims")
    func verifies() throws {
        let tokens = try VectorFiles.json(Tokens.self, "apple_identity_tokens_verified.json").tokens
        #expect(tokens.count == 5)
        for token in tokens {
            let verifier = AppleIdentityTokenVerifier(clientIDs: [token.aud, "com.example.other"], keySet: try keySet(containing: token.kid),
                                                      now: { Date(timeIntervalSince1970: token.iat + 5) })
            let claims = try verifier.verify(token.jwt, nonce: .notSent)
            #expect(claims.iss == "https://appleid.apple.com")
            #expect(claims.aud.values == [token.aud])
            if case .string(let sub)? = token.claims["sub"] { #expect(claims.sub == sub) }
            if case .string(let email)? = token.claims["email"] { #expect(claims.email == email) }
            // email_verified and is_private_email arrive as the strings "true"/"false" in these tokens.
            if case .string(let verified)? = token.claims["email_verified"] { #expect(claims.emailVerified == (verified == "true")) }
            if case .string(let isPrivate)? = token.claims["is_private_email"] { #expect(claims.isPrivateEmail == (isPrivate == "true")) }
            if case .bool(let supported)? = token.claims["nonce_supported"] { #expect(claims.nonceSupported == supported) }
            if case .string(let cHash)? = token.claims["c_hash"] { #expect(claims.cHash == cHash) }
            if case .string(let atHash)? = token.claims["at_hash"] { #expect(claims.atHash == atHash) }
        }
    }

    @Test("rejected: expired, another audience, altered, another key set, missing nonce")
    func rejections() throws {
        let tokens = try VectorFiles.json(Tokens.self, "apple_identity_tokens_verified.json").tokens
        for token in tokens {
            let keys = try keySet(containing: token.kid)
            let inside = { @Sendable in Date(timeIntervalSince1970: token.iat + 5) }
            func reject(_ verifier: AppleIdentityTokenVerifier, _ jwt: String, nonce: AppleNonceCheck = .notSent) -> AppleAuthError? {
                do { _ = try verifier.verify(jwt, nonce: nonce); return nil } catch { return error }
            }
            // Today (tokens from 2019–2021) the token has expired.
            #expect(reject(AppleIdentityTokenVerifier(clientIDs: [token.aud], keySet: keys), token.jwt) != nil)
            #expect(reject(AppleIdentityTokenVerifier(clientIDs: [token.aud], keySet: keys, leeway: 0,
                                                      now: { Date(timeIntervalSince1970: token.exp) }), token.jwt) != nil)
            #expect(reject(AppleIdentityTokenVerifier(clientIDs: ["com.example.other"], keySet: keys, now: inside), token.jwt) != nil)
            var altered = Array(token.jwt.utf8)
            let position = altered.count - 5
            altered[position] = altered[position] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
            #expect(reject(AppleIdentityTokenVerifier(clientIDs: [token.aud], keySet: keys, now: inside),
                           String(decoding: altered, as: UTF8.self)) != nil)
            #expect(reject(AppleIdentityTokenVerifier(clientIDs: [token.aud], keySet: try keySet(containing: token.kid, excluding: true), now: inside),
                           token.jwt) != nil)
            let missing = reject(AppleIdentityTokenVerifier(clientIDs: [token.aud], keySet: keys, now: inside), token.jwt, nonce: .raw("abc"))
            guard case .missingNonce? = missing?.reason else { Issue.record("missing nonce accepted: \(String(describing: missing))"); continue }
        }
    }

    @Test("lenient booleans: true, \"true\", false, \"false\"; anything else is an error")
    func lenientBool() throws {
        struct Box: Decodable { let value: LenientBool }
        for (json, expected) in [(#"{"value":true}"#, true), (#"{"value":"true"}"#, true), (#"{"value":false}"#, false), (#"{"value":"false"}"#, false)] {
            #expect(try JSONDecoder().decode(Box.self, from: Data(json.utf8)).value.value == expected)
        }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Box.self, from: Data(#"{"value":"yes"}"#.utf8)) }
    }
}

@Suite("Apple identity token nonces")
struct NonceTests {
    private struct File: Decodable {
        let jwk: JSONWebKey
        let raw_nonce: String
        let hashed_nonce_token: String
        let exact_nonce_token: String
        let no_nonce_token: String
    }

    @Test("raw nonces are compared as SHA-256 hex; exact nonces as given; a missing nonce fails")
    func nonces() throws {
        let file = try VectorFiles.json(File.self, "nonce_tokens.json")
        let keys = try JSONWebKeySet(json: JSONEncoder().encode(["keys": [file.jwk]]))
        let verifier = AppleIdentityTokenVerifier(clientIDs: ["com.example.app"], keySet: keys,
                                                  now: { Date(timeIntervalSince1970: 1_900_000_100) })
        let claims = try verifier.verify(file.hashed_nonce_token, nonce: .raw(file.raw_nonce))
        #expect(claims.emailVerified == true && claims.realUserStatus == .likelyReal)
        #expect(throws: Never.self) { try verifier.verify(file.exact_nonce_token, nonce: .exact("exact-nonce")) }
        #expect(throws: Never.self) { try verifier.verify(file.no_nonce_token, nonce: .notSent) }
        func reason(_ token: String, _ nonce: AppleNonceCheck) -> String {
            do { _ = try verifier.verify(token, nonce: nonce); return "accepted" } catch { return "\(error.reason)" }
        }
        #expect(reason(file.hashed_nonce_token, .raw("another")) == "nonceMismatch")
        #expect(reason(file.hashed_nonce_token, .exact(file.raw_nonce)) == "nonceMismatch")
        #expect(reason(file.exact_nonce_token, .exact("other")) == "nonceMismatch")
        #expect(reason(file.no_nonce_token, .raw(file.raw_nonce)) == "missingNonce")
        #expect(reason(file.no_nonce_token, .exact("x")) == "missingNonce")
    }
}

@Suite("Apple identity token c_hash and unknown claims")
struct CodeHashAndOtherClaimsTests {
    private struct File: Decodable {
        let jwk: JSONWebKey
        let authorization_code: String
        let c_hash_token: String
        let unknown_claims_token: String
    }

    private func verifier() throws -> (AppleIdentityTokenVerifier, File) {
        let file = try VectorFiles.json(File.self, "nonce_tokens.json")
        let keys = try JSONWebKeySet(json: JSONEncoder().encode(["keys": [file.jwk]]))
        return (AppleIdentityTokenVerifier(clientIDs: ["com.example.app"], keySet: keys, now: { Date(timeIntervalSince1970: 1_900_000_100) }), file)
    }

    @Test("c_hash matches the authorization code; another code is refused")
    func codeHash() throws {
        let (verifier, file) = try verifier()
        #expect(throws: Never.self) { try verifier.verify(file.c_hash_token, nonce: .notSent, authorizationCode: file.authorization_code) }
        let error = try #require(throws: AppleAuthError.self) { try verifier.verify(file.c_hash_token, nonce: .notSent, authorizationCode: "another-code") }
        guard case .codeHashMismatch = error.reason else { Issue.record("\(error)"); return }
    }

    @Test("unknown claims are kept as they came; known ones are typed")
    func otherClaims() throws {
        let (verifier, file) = try verifier()
        let claims = try verifier.verify(file.unknown_claims_token, nonce: .notSent)
        #expect(claims.transferSub == "000999.x" && claims.orgID == "org-1")
        #expect(claims.otherClaims == ["custom": .object(["a": .array([.number(1), .string("b"), .null, .bool(true)])])])
    }
}

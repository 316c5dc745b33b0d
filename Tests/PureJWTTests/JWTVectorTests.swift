// PureJWT against RFC 7515's examples and real Apple identity tokens.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureJWT
import Testing
import TestSupport

private struct Examples: Decodable {
    struct Example: Decodable { let jws_compact: String; let jwk_private: [String: String] }
    let examples: [String: Example]
}

private func jwk(_ members: [String: String], dropping private: [String] = []) throws -> JSONWebKey {
    var members = members
    for name in `private` { members[name] = nil }
    return try JSONDecoder().decode(JSONWebKey.self, from: JSONEncoder().encode(members))
}

/// A clock stopped at `seconds`.
func clock(_ seconds: Double) -> @Sendable () -> Date { { Date(timeIntervalSince1970: seconds) } }

@Suite("PureJWT vectors")
struct JWTVectorTests {
    @Test("RFC 7515 A.1 (HS256), A.2 (RS256), A.3 (ES256) verify with their JWKs")
    func rfc7515() throws {
        let examples = try VectorFiles.json(Examples.self, "rfc7515_appendix_a_jws_examples.json").examples
        // The examples' claims: {"iss":"joe","exp":1300819380,"http://example.com/is_root":true}.
        struct Claims: Decodable { let iss: String; let exp: Int }
        let validation = JWTValidation(issuer: "joe", audiences: nil, now: clock(1_300_819_379))
        for (name, privateMembers) in [("A.1", [String]()), ("A.2", ["d", "p", "q", "dp", "dq", "qi"]), ("A.3", ["d"])] {
            let example = try #require(examples[name])
            let key = try jwk(example.jwk_private, dropping: privateMembers).jwtKey()
            let claims = try JWTVerifier(keys: [key]).verify(example.jws_compact, as: Claims.self, validation: validation)
            #expect(claims.iss == "joe" && claims.exp == 1_300_819_380, "\(name)")
            // One second later the token has expired.
            #expect(throws: JWTError(.expired(expiration: 1_300_819_380, now: 1_300_819_380))) {
                try JWTVerifier(keys: [key]).verify(example.jws_compact, as: Claims.self,
                                                    validation: JWTValidation(issuer: nil, audiences: nil, now: clock(1_300_819_380)))
            }
        }
    }

    @Test("RFC 7638 thumbprints equal joserfc's")
    func thumbprints() throws {
        struct File: Decodable { let thumbprints: [String: String] }
        let expected = try VectorFiles.json(File.self, "jwk_thumbprints.json").thumbprints
        let examples = try VectorFiles.json(Examples.self, "rfc7515_appendix_a_jws_examples.json").examples
        #expect(expected.count == 3)
        for (name, thumbprint) in expected {
            #expect(try jwk(try #require(examples[name]).jwk_private).thumbprint() == thumbprint, "\(name)")
        }
    }

    private struct Tokens: Decodable {
        struct Token: Decodable { let kid: String; let iat: Double; let exp: Double; let aud: String; let jwt: String }
        let tokens: [Token]
    }
    private struct Snapshots: Decodable {
        struct Snapshot: Decodable { let keys: [JSONWebKey] }
        let snapshots: [Snapshot]
    }

    private func keySetContaining(_ kid: String) throws -> JSONWebKeySet {
        let snapshots = try VectorFiles.json(Snapshots.self, "apple_jwks_snapshots.json").snapshots
        let snapshot = try #require(snapshots.first { $0.keys.contains { $0.kid == kid } })
        let json = try JSONEncoder().encode(["keys": snapshot.keys])
        return try JSONWebKeySet(json: json)
    }

    @Test("every real Apple identity token verifies against its JWKS snapshot inside its validity window")
    func appleIdentityTokens() throws {
        struct AppleClaims: Decodable { let iss: String; let sub: String; let aud: String }
        let tokens = try VectorFiles.json(Tokens.self, "apple_identity_tokens_verified.json").tokens
        #expect(tokens.count == 5)
        for token in tokens {
            let keySet = try keySetContaining(token.kid)
            #expect(keySet.skipped.isEmpty)
            let iat = token.iat, exp = token.exp
            let validation = JWTValidation(issuer: "https://appleid.apple.com", audiences: [token.aud], now: clock(iat + 1))
            let claims = try JWTVerifier(keySet: keySet).verify(token.jwt, as: AppleClaims.self, validation: validation)
            #expect(claims.aud == token.aud && claims.iss == "https://appleid.apple.com")
            // Expired at exp; refused for another audience; refused with one changed character.
            #expect(throws: JWTError.self) {
                try JWTVerifier(keySet: keySet).verify(token.jwt, as: AppleClaims.self,
                    validation: JWTValidation(issuer: "https://appleid.apple.com", audiences: [token.aud], now: clock(exp)))
            }
            #expect(throws: JWTError(.audienceMismatch(expected: ["com.example.other"], found: [token.aud]))) {
                try JWTVerifier(keySet: keySet).verify(token.jwt, as: AppleClaims.self,
                    validation: JWTValidation(issuer: nil, audiences: ["com.example.other"], now: clock(iat + 1)))
            }
            var altered = Array(token.jwt.utf8)
            let dot = altered.firstIndex(of: UInt8(ascii: "."))! + 10
            altered[dot] = altered[dot] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
            #expect(throws: JWTError.self) {
                try JWTVerifier(keySet: keySet).verify(String(decoding: altered, as: UTF8.self), as: AppleClaims.self,
                                                       validation: JWTValidation(issuer: nil, audiences: nil, now: clock(iat + 1)))
            }
        }
    }

    @Test("Apple's JWKS snapshots parse with every key usable")
    func appleKeySets() throws {
        let snapshots = try VectorFiles.json(Snapshots.self, "apple_jwks_snapshots.json").snapshots
        #expect(snapshots.count == 12)
        for snapshot in snapshots {
            let set = try JSONWebKeySet(json: try JSONEncoder().encode(["keys": snapshot.keys]))
            #expect(set.keys.count == snapshot.keys.count && set.skipped.isEmpty)
            #expect(set.keys.allSatisfy { $0.algorithm == .rs256 })
        }
    }
}

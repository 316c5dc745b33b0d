// SessionTokens: the server's own bearer tokens. Issued tokens are read back with Foundation's
// JSONDecoder and base64 (not PureJWT's parser) to check what they say, and every way a token can be
// wrong is refused as a rejected token.

import Foundation
import AppleAuth
import PureJWT
import PureP256
import PureSHA2
import Testing

@Suite("SessionTokens")
struct SessionTokensTests {
    static let secret = SymmetricKey(data: Array("0123456789abcdef0123456789abcdef".utf8))
    static let start = Date(timeIntervalSince1970: 1_900_000_000)

    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var time = SessionTokensTests.start
        func now() -> Date { lock.withLock { time } }
        func advance(_ seconds: Double) { lock.withLock { time += seconds } }
    }

    private func tokens(_ key: JWTKey? = nil, issuer: String = "https://api.example.com", audience: String? = nil,
                        lifetime: Double = 3600, clock: Clock = Clock()) throws -> SessionTokens {
        try SessionTokens(key: key ?? .hs256(Self.secret), issuer: issuer, audience: audience, lifetime: lifetime,
                          now: { clock.now() })
    }

    private struct Payload: Decodable { let iss: String; let aud: String; let sub: String; let jti: String; let iat: Double; let exp: Double }

    private func payload(of token: String) throws -> Payload {
        var part = String(token.split(separator: ".")[1]).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        part += String(repeating: "=", count: (4 - part.count % 4) % 4)
        return try JSONDecoder().decode(Payload.self, from: try #require(Data(base64Encoded: part)))
    }

    private func isRejected(_ body: () throws -> Void) -> Bool {
        do { try body(); return false } catch let error as AppleAuthError { return error.category == .rejectedToken } catch { return false }
    }

    @Test("an issued token says who, for whom and until when, and verifies")
    func roundTrip() throws {
        let sessions = try tokens()
        let token = try sessions.issue(userID: "001234.abc")
        let seen = try payload(of: token)
        #expect(seen.iss == "https://api.example.com")
        #expect(seen.aud == "https://api.example.com")
        #expect(seen.sub == "001234.abc")
        #expect(seen.iat == 1_900_000_000)
        #expect(seen.exp == 1_900_003_600)
        #expect(seen.jti.count == 32 && seen.jti.allSatisfy(\.isHexDigit))

        let claims = try sessions.verify(token)
        #expect(claims.userID == "001234.abc")
        #expect(claims.sessionID == seen.jti)
        #expect(claims.expiresAt == Date(timeIntervalSince1970: 1_900_003_600))
        #expect(try sessions.issue(userID: "001234.abc") != token)   // a fresh jti each time
    }

    @Test("an ES256 private key issues tokens; a public key cannot")
    func es256() throws {
        let key = P256.Signing.PrivateKey()
        let sessions = try tokens(.es256(key, keyID: "s1"))
        #expect(try sessions.verify(try sessions.issue(userID: "u")).userID == "u")
        #expect(throws: AppleAuthError.self) { _ = try tokens(.es256(key.publicKey)) }
    }

    @Test("expired, foreign, tampered and unsigned tokens are rejected")
    func rejected() throws {
        let clock = Clock()
        let sessions = try tokens(clock: clock)
        let token = try sessions.issue(userID: "u")

        clock.advance(3_599)
        #expect(try sessions.verify(token).userID == "u")
        clock.advance(2)
        #expect(isRejected { _ = try sessions.verify(token) })

        let fresh = try tokens().issue(userID: "u")
        #expect(isRejected { _ = try tokens(issuer: "https://other.example.com").verify(fresh) })
        #expect(isRejected { _ = try tokens(audience: "mobile").verify(fresh) })
        let otherKey = try JWTKey.hs256(SymmetricKey(data: Array("another secret of thirty-two byt".utf8)))
        #expect(isRejected { _ = try tokens(otherKey).verify(fresh) })

        var parts = fresh.split(separator: ".").map(String.init)
        parts[2] = String(parts[2].reversed())
        #expect(isRejected { _ = try tokens().verify(parts.joined(separator: ".")) })
        let none = "eyJhbGciOiJub25lIn0." + parts[1] + "."
        #expect(isRejected { _ = try tokens().verify(none) })
        #expect(isRejected { _ = try tokens().verify("not a token") })
    }

    @Test("lifetimes, leeways and names outside their ranges are configuration errors", arguments: [
        (0.0, 0.0, "i"), (-1.0, 0.0, "i"), (Double.nan, 0.0, "i"), (Double.infinity, 0.0, "i"), (367.0 * 86_400, 0.0, "i"),
        (60.0, -1.0, "i"), (60.0, Double.nan, "i"), (60.0, 301.0, "i"), (60.0, 0.0, ""),
    ])
    func limits(lifetime: Double, leeway: Double, issuer: String) {
        #expect {
            _ = try SessionTokens(key: .hs256(Self.secret), issuer: issuer, lifetime: lifetime, leeway: leeway)
        } throws: { error in
            (error as? AppleAuthError)?.category == .configuration
        }
    }

    @Test("the description shows no key material")
    func redacted() throws {
        let sessions = try tokens()
        var dumped = ""
        dump(sessions, to: &dumped)
        for text in [sessions.description, "\(sessions)"] {
            #expect(!text.contains("0123456789abcdef"))
            #expect(text.contains("redacted"))
        }
        #expect(!dumped.contains("0123456789abcdef"))
    }
}

@Suite("AppleAuthError as an HTTP answer")
struct AppleAuthErrorHTTPTests {
    @Test("each kind of failure has its status and stable code", arguments: [
        (AppleAuthError(.nonceMismatch), 401, "invalid_token"),
        (AppleAuthError(.tokenRejected(JWTError(.invalidSignature))), 401, "invalid_token"),
        (AppleAuthError(.tokenRejected(JWTError(.keysUnavailable("down")))), 503, "apple_unavailable"),
        (AppleAuthError(.invalidCallback("state")), 400, "invalid_callback"),
        (AppleAuthError(.transport("refused", requestMayHaveReachedApple: false)), 503, "apple_unavailable"),
        (AppleAuthError(.invalidConfiguration("no key")), 500, "server_error"),
    ])
    func mapping(error: AppleAuthError, status: Int, code: String) {
        #expect(error.httpStatus == status)
        #expect(error.errorCode == code)
    }

    @Test("Apple's refusal keeps Apple's code; Apple's 5xx is unavailability")
    func appleErrors() throws {
        let refused = try #require(Self.appleError(status: 400, body: #"{"error":"invalid_grant"}"#))
        #expect(refused.httpStatus == 400)
        #expect(refused.errorCode == "invalid_grant")
        let down = try #require(Self.appleError(status: 503, body: #"{"error":"temporarily_unavailable"}"#))
        #expect(down.httpStatus == 503)
        #expect(down.errorCode == "apple_unavailable")
    }

    static func appleError(status: Int, body: String) -> AppleAuthError? {
        do {
            _ = try AppleResponses.token(status: status, body: Array(body.utf8))
            return nil
        } catch {
            return error
        }
    }
}

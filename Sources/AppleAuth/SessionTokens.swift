// Your server's own session tokens for the users Sign in with Apple signed in. Apple's identity token is
// proof of one sign-in, valid for minutes; a server then hands out its own bearer token. This signs and
// checks those with PureJWT: HS256 with a secret of at least 32 bytes, or ES256 with a P-256 key, and
// always the same issuer, audience and lifetime, so the framework integrations and the example server
// need no JWT code of their own.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureJWT
import PureSHA2

/// What a verified session token says: whose session it is and for how long.
public struct SessionClaims: Codable, Sendable, Hashable {
    /// Your user ID for the session ("sub"); for example, the `sub` of the user's Apple identity token.
    public let userID: String
    /// The token's unique ID ("jti"), 128 random bits in hex, for revocation lists.
    public let sessionID: String
    /// When the token was issued ("iat").
    public let issuedAt: Date
    /// When it stops being accepted ("exp").
    public let expiresAt: Date
}

/// Issues and verifies your server's session tokens (compact JWS, HS256 or ES256).
///
/// ```swift
/// let sessions = try SessionTokens(key: .hs256(SymmetricKey(data: secret)), issuer: "https://api.example.com")
/// let token = try sessions.issue(userID: identity.sub)          // send to the app
/// let claims = try sessions.verify(bearerToken)                 // on each request
/// ```
///
/// A token is refused unless its signature, "iss", "aud" (the issuer again, unless you name one) and
/// "exp" check out. Tokens cannot be withdrawn before they expire: keep the lifetime short, or check
/// `sessionID` or the user against your database on each request (the integrations' authenticators take a
/// lookup for that).
public struct SessionTokens: Sendable, CustomStringConvertible {
    private struct Claims: Codable {
        let iss: String, aud: String, sub: String, jti: String
        let iat: NumericDate, exp: NumericDate
    }

    private let signer: JWTSigner
    private let verifier: JWTVerifier
    /// The "iss" of issued tokens, required of verified ones.
    public let issuer: String
    /// The "aud" of issued tokens, required of verified ones.
    public let audience: String
    /// How long an issued token is valid, in seconds.
    public let lifetime: Double
    /// Tolerated clock difference when verifying, in seconds.
    public let leeway: Double
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - key: an HS256 secret (`JWTKey.hs256`, at least 32 bytes) or an ES256 private key
    ///     (`JWTKey.es256(_: P256.Signing.PrivateKey)`); a public-only key cannot issue tokens.
    ///   - issuer: your server's name, e.g. its URL.
    ///   - audience: who the tokens are for; defaults to the issuer.
    ///   - lifetime: seconds, from 1 to 366 days' worth (default 30 days).
    ///   - leeway: tolerated clock difference in seconds, finite and from 0 to 300 (default 0).
    ///   - now: the clock (tests pass a fake one).
    public init(key: JWTKey, issuer: String, audience: String? = nil, lifetime: Double = 30 * 86_400, leeway: Double = 0,
                now: @escaping @Sendable () -> Date = { Date() }) throws(AppleAuthError) {
        guard key.canSign else {
            throw AppleAuthError(.invalidConfiguration("session tokens need a key that can sign: an HS256 secret or an ES256 private key, not \(key)"))
        }
        guard !issuer.isEmpty, !(audience?.isEmpty ?? false) else {
            throw AppleAuthError(.invalidConfiguration("a session token's issuer and audience must not be empty"))
        }
        guard lifetime >= 1, lifetime <= 366 * 86_400 else {
            throw AppleAuthError(.invalidConfiguration("a session token's lifetime must be from 1 second to 366 days, not \(lifetime) seconds"))
        }
        guard leeway >= 0, leeway <= 300 else {
            throw AppleAuthError(.invalidConfiguration("a session token's leeway must be from 0 to 300 seconds, not \(leeway)"))
        }
        signer = JWTSigner(key: key)
        verifier = JWTVerifier(keys: [key], maximumTokenSize: 4096)
        self.issuer = issuer
        self.audience = audience ?? issuer
        self.lifetime = lifetime
        self.leeway = leeway
        self.now = now
    }

    /// A new session token for `userID`, valid for `lifetime` from now.
    public func issue(userID: String) throws(AppleAuthError) -> String {
        guard !userID.isEmpty else { throw AppleAuthError(.invalidConfiguration("a session needs a user ID")) }
        let issued = now()
        var random = SystemRandomNumberGenerator()
        let sessionID = (0..<2).map { _ in
            let hex = String(random.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
        let claims = Claims(iss: issuer, aud: audience, sub: userID, jti: sessionID,
                            iat: NumericDate(issued), exp: NumericDate(issued.addingTimeInterval(lifetime)))
        do {
            return try signer.sign(claims)
        } catch {
            throw AppleAuthError(.invalidConfiguration("could not sign a session token: \(error)"))
        }
    }

    /// The claims of `token` if it is one of ours and still valid; otherwise `.tokenRejected` with the
    /// reason (category `.rejectedToken`: answer 401).
    public func verify(_ token: String) throws(AppleAuthError) -> SessionClaims {
        let validation = JWTValidation(issuer: issuer, audiences: [audience], leeway: leeway, requiresExpiration: true, now: now)
        do {
            let claims = try verifier.verify(token, as: Claims.self, validation: validation)
            guard !claims.sub.isEmpty else { throw JWTError(.missingClaim("sub")) }
            return SessionClaims(userID: claims.sub, sessionID: claims.jti, issuedAt: claims.iat.date, expiresAt: claims.exp.date)
        } catch let error as JWTError {
            throw AppleAuthError(.tokenRejected(error))
        } catch {
            throw AppleAuthError(.tokenRejected(JWTError(.claimsDecoding("\(error)"))))
        }
    }

    /// The issuer, audience and lifetime; never the key.
    public var description: String {
        "SessionTokens(issuer: \(issuer), audience: \(audience), lifetime: \(lifetime) s, key redacted)"
    }
}

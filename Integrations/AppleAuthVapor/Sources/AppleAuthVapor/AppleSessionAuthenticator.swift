// Vapor's bearer authenticator for the server's own session tokens (AppleAuth's `SessionTokens`).

import AppleAuth
import Vapor

/// A verified session, as the identity `req.auth` holds: `try req.auth.require(AppleSession.self)`.
public struct AppleSession: Authenticatable, Sendable {
    /// What the session token said.
    public let claims: SessionClaims
    /// The session's user ID.
    public var userID: String { claims.userID }
}

/// Authenticates `Authorization: Bearer <session token>` with the application's `SessionTokens`
/// (`app.appleAuth.useSessions`), then logs in what `lookup` returns (your user; nil refuses the session,
/// e.g. for a deleted user). A missing, foreign or expired token logs nothing in, so a
/// `User.guardMiddleware()` further down answers 401.
///
/// ```swift
/// let protected = app.grouped(AppleSessionAuthenticator(), AppleSession.guardMiddleware())
/// protected.get("me") { req in try req.auth.require(AppleSession.self).userID }
/// ```
public struct AppleSessionAuthenticator<User: Authenticatable>: AsyncBearerAuthenticator {
    private let lookup: @Sendable (SessionClaims, Request) async throws -> User?

    /// An authenticator that logs in `lookup`'s user for a verified session.
    public init(lookup: @escaping @Sendable (SessionClaims, Request) async throws -> User?) {
        self.lookup = lookup
    }

    /// Verifies the bearer token and logs in the user `lookup` returns.
    public func authenticate(bearer: BearerAuthorization, for request: Request) async throws {
        guard let claims = try? request.application.appleAuth.sessions.verify(bearer.token) else { return }
        if let user = try await lookup(claims, request) { request.auth.login(user) }
    }
}

extension AppleSessionAuthenticator where User == AppleSession {
    /// An authenticator that logs in the session itself (`AppleSession`).
    public init() {
        self.init { claims, _ in AppleSession(claims: claims) }
    }
}

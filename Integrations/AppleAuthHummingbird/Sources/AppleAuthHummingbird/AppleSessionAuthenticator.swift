// The hummingbird-auth authenticator for the server's own session tokens (AppleAuth's `SessionTokens`),
// which a server hands out after Sign in with Apple.

import AppleAuth
import Hummingbird
import HummingbirdAuth

/// Authenticates `Authorization: Bearer <session token>` with `SessionTokens`, then asks `lookup` for the
/// identity to attach (your user record; `nil` when the user no longer exists).
///
/// ```swift
/// router.group("me")
///     .add(middleware: AppleSessionAuthenticator(sessions: sessions) { claims, _ in try await users.find(claims.userID) })
///     .get { request, context in try context.requireIdentity() }
/// ```
///
/// A missing, malformed, foreign or expired token leaves the request unauthenticated (`identity` stays
/// nil, so `requireIdentity()` answers 401) rather than failing it here, as hummingbird-auth's
/// authenticators do, so that another authenticator further down may still accept the request.
public struct AppleSessionAuthenticator<Context: AuthRequestContext>: AuthenticatorMiddleware {
    /// The identity the middleware attaches.
    public typealias Identity = Context.Identity

    private let sessions: SessionTokens
    private let lookup: @Sendable (SessionClaims, Context) async throws -> Context.Identity?

    /// - Parameters:
    ///   - sessions: the issuer and key the tokens were made with.
    ///   - lookup: the identity for a verified session, or nil to refuse it (a deleted user, a revoked
    ///     session ID).
    public init(sessions: SessionTokens, lookup: @escaping @Sendable (SessionClaims, Context) async throws -> Context.Identity?) {
        self.sessions = sessions
        self.lookup = lookup
    }

    /// The identity for the request's bearer session token, or nil.
    public func authenticate(request: Request, context: Context) async throws -> Context.Identity? {
        guard let bearer = request.headers.bearer, let claims = try? sessions.verify(bearer.token) else { return nil }
        return try await lookup(claims, context)
    }
}

extension AppleSessionAuthenticator where Context.Identity == SessionClaims {
    /// Attaches the session's claims themselves as the identity.
    public init(sessions: SessionTokens) {
        self.init(sessions: sessions) { claims, _ in claims }
    }
}

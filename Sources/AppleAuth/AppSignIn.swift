// The native sign-in as an app sends it to its server: the identity token, maybe the authorization code,
// maybe the raw nonce. The server cannot know from the body alone whether the app used a nonce, so the
// token decides: a token that carries a nonce was requested with one, and a body without the raw nonce
// is then refused (it may be a stolen token replayed without its secret).

import PureJWT

/// The body an app posts after Sign in with Apple:
/// `{"identityToken": "...", "authorizationCode": "...", "nonce": "..."}` (the last two optional; `nonce`
/// is the raw nonce whose SHA-256 the app put in the request to Apple).
public struct AppleSignInRequest: Codable, Sendable, Hashable {
    /// The identity token (a JWS), from `ASAuthorizationAppleIDCredential.identityToken`.
    public let identityToken: String
    /// The single-use authorization code, to exchange for a refresh token.
    public let authorizationCode: String?
    /// The raw nonce, if the app used one.
    public let nonce: String?

    /// A body (for clients and tests).
    public init(identityToken: String, authorizationCode: String? = nil, nonce: String? = nil) {
        self.identityToken = identityToken
        self.authorizationCode = authorizationCode
        self.nonce = nonce
    }
}

// The body carries a code and a nonce: credentials that never print.
extension AppleSignInRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Which fields are present; their values are redacted.
    public var description: String {
        "AppleSignInRequest(identity token, \(authorizationCode == nil ? "no code" : "code"), \(nonce == nil ? "no nonce" : "nonce"); redacted)"
    }
    /// Same as `description`.
    public var debugDescription: String { description }
    /// Same as `description`.
    public var customMirror: Mirror { Mirror(self, children: ["fields": description], displayStyle: .struct) }
}

/// A verified app sign-in: the identity and, when the app sent a code, Apple's tokens.
public struct AppleSignInResult: Sendable {
    /// The verified identity token's claims.
    public let identity: AppleIdentityToken
    /// The client ID the token was issued to (and the code exchanged for): pass it to `refresh`/`revoke`.
    public let clientID: String
    /// Apple's answer to the code exchange; nil when the body had no code. Store its refresh token to
    /// revoke it when the user deletes their account.
    public let tokens: AppleTokenResponse?
}

extension SignInWithApple {
    /// Signs in what an app sent: verifies the identity token — with a nonce, the token must carry its
    /// SHA-256; without one, the token must carry no nonce either; with a code, `c_hash` must match — and
    /// then, if there is a code, exchanges it for the client ID the token was issued to. Nothing is sent to
    /// Apple when the token is refused.
    public func signIn(_ request: AppleSignInRequest, redirectURI: String? = nil) async throws(AppleAuthError) -> AppleSignInResult {
        let identity = try await verifyIdentityToken(request.identityToken, nonce: request.nonce.map { .raw($0) } ?? .notSent,
                                                     authorizationCode: request.authorizationCode)
        if request.nonce == nil, identity.nonce != nil { throw AppleAuthError(.nonceMismatch) }
        guard let clientID = identity.aud.values.first else { throw AppleAuthError(.tokenRejected(JWTError(.missingClaim("aud")))) }
        guard let code = request.authorizationCode else { return AppleSignInResult(identity: identity, clientID: clientID, tokens: nil) }
        let tokens = try await exchange(code: code, clientID: clientID, redirectURI: redirectURI)
        return AppleSignInResult(identity: identity, clientID: clientID, tokens: tokens)
    }
}

// The whole server side of Sign in with Apple behind one object: made once from a configuration and a
// transport, shared by every request (it is Sendable; its caches are actors), one call per job.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureJWT

/// Sign in with Apple for a server: identity tokens, code exchange, refresh, revocation, server-to-server
/// notifications and the web flow. Holds Apple's keys (cached, refetched for an unknown kid, served stale
/// during an outage) and a client secret per client ID (renewed before it expires).
///
/// ```swift
/// let apple = try SignInWithApple(
///     configuration: try SignInWithAppleConfiguration(teamID: "ABCDE12345", keyID: "XYZ9876543", privateKeyPEM: p8,
///                                                     clientIDs: ["com.example.app", "com.example.web"]),
///     transport: URLSessionTransport())
/// let identity = try await apple.verifyIdentityToken(idToken, nonce: .raw(rawNonce), authorizationCode: code)
/// let tokens = try await apple.exchange(code: code, clientID: identity.aud.values[0])
/// // …on account deletion:
/// try await apple.revoke(storedRefreshToken, clientID: clientID)
/// ```
///
/// Every method throws `AppleAuthError`; switch on its `category` to choose an answer.
public struct SignInWithApple: Sendable {
    /// The settings the service was made with.
    public let configuration: SignInWithAppleConfiguration
    /// The key cache (its `cache` reports events and holds the timings).
    public let keys: AppleKeyCache
    private let baseURL: String
    private let clientIDSet: Set<String>
    private let clients: [String: AppleAuthClient]
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - configuration: the settings, checked here.
    ///   - transport: your HTTP client (URLSessionTransport, the AsyncHTTPClient integration, …).
    ///   - onKeyCacheEvent: told when keys are fetched, a fetch fails, or stale keys are served.
    ///   - now: the clock.
    public init(configuration: SignInWithAppleConfiguration, transport: any AppleHTTPTransport,
                onKeyCacheEvent: (@Sendable (AppleKeyCache.Event) -> Void)? = nil,
                now: @escaping @Sendable () -> Date = { Date() }) throws(AppleAuthError) {
        let baseURL = try configuration.validatedBaseURL()
        let keys = try AppleKeyCache(transport: transport, baseURL: baseURL, policy: configuration.keyCachePolicy,
                                     retryPolicy: configuration.retryPolicy, now: now, onEvent: onKeyCacheEvent)
        try self.init(configuration: configuration, transport: transport, keys: keys, baseURL: baseURL, now: now)
    }

    /// A service that verifies with a fixed key set instead of fetching Apple's (tests, air-gapped
    /// verification); the REST calls still go through `transport`.
    public init(configuration: SignInWithAppleConfiguration, transport: any AppleHTTPTransport, fixedKeySet: JSONWebKeySet,
                now: @escaping @Sendable () -> Date = { Date() }) throws(AppleAuthError) {
        try self.init(configuration: configuration, transport: transport, keys: AppleKeyCache(fixed: fixedKeySet),
                      baseURL: try configuration.validatedBaseURL(), now: now)
    }

    private init(configuration: SignInWithAppleConfiguration, transport: any AppleHTTPTransport, keys: AppleKeyCache,
                 baseURL: String, now: @escaping @Sendable () -> Date) throws(AppleAuthError) {
        var clients: [String: AppleAuthClient] = [:]
        for clientID in configuration.clientIDs {
            guard let secretConfiguration = try configuration.clientSecretConfiguration(for: clientID) else { continue }
            clients[clientID] = try AppleAuthClient(transport: transport, configuration: secretConfiguration, baseURL: baseURL,
                                                    retryPolicy: configuration.retryPolicy, revocationRetryPolicy: configuration.revocationRetryPolicy,
                                                    secretLifetime: configuration.clientSecretLifetime,
                                                    now: now)
        }
        self.configuration = configuration
        self.keys = keys
        self.baseURL = baseURL
        clientIDSet = Set(configuration.clientIDs)
        self.clients = clients
        self.now = now
    }

    // MARK: Tokens

    /// Verifies an identity token: RS256 with Apple's key named by its kid (fetched and cached; refetched
    /// once for an unknown kid), iss https://appleid.apple.com, every aud one of the client IDs, azp, exp
    /// and iat with the leeway, the nonce as `nonce` says, and with `authorizationCode` its `c_hash`.
    public func verifyIdentityToken(_ token: String, nonce: AppleNonceCheck,
                                    authorizationCode: String? = nil) async throws(AppleAuthError) -> AppleIdentityToken {
        try await withKeys(for: token) { keySet throws(AppleAuthError) in
            try AppleIdentityTokenVerifier(clientIDs: clientIDSet, keySet: keySet, leeway: configuration.leeway,
                                           codeHashPolicy: configuration.codeHashPolicy, now: now)
                .verify(token, nonce: nonce, authorizationCode: authorizationCode)
        }
    }

    /// Verifies a server-to-server notification body (`{"payload": "<JWS>"}`, as Apple POSTs it).
    public func verifyNotification<Body: Collection>(body: Body) async throws(AppleAuthError) -> AppleServerNotification
    where Body.Element == UInt8 {
        let token = try AppleServerNotificationVerifier.token(inBody: body)
        return try await withKeys(for: token) { keySet throws(AppleAuthError) in
            try AppleServerNotificationVerifier(clientIDs: clientIDSet, keySet: keySet, leeway: configuration.leeway, now: now)
                .verify(token: token)
        }
    }

    /// Runs `verify` with the cached key set; when the token names a kid that set does not hold, asks the
    /// cache for a set containing it (a refetch, at most once per interval) and runs it again. The common
    /// case reads the token once: the kid comes from the verifier's own parse, not a second one.
    private func withKeys<T>(for token: String,
                             _ verify: (JSONWebKeySet) throws(AppleAuthError) -> T) async throws(AppleAuthError) -> T {
        let keySet: JSONWebKeySet
        do { keySet = try await keys.keySet() } catch {
            // No usable keys: a token too malformed to have a header is still the caller's fault.
            do { _ = try JWTHeader(unverifiedFrom: token) } catch let malformed { throw AppleAuthError(malformed) }
            throw error
        }
        do {
            return try verify(keySet)
        } catch {
            guard case .tokenRejected(let jwtError) = error.reason, case .keyNotFound(let kid?) = jwtError.reason else { throw error }
            let refreshed = try await keys.keySet(containing: kid)
            guard refreshed.key(withID: kid) != nil else { throw error }
            return try verify(refreshed)
        }
    }
    // MARK: REST

    /// Exchanges an authorization code for tokens, for the client ID the code was issued to (a verified
    /// identity token's `aud`). Sent at most once unless the connection never opened. `redirectURI`: the
    /// one of the web flow's authorization request; nil for native apps.
    public func exchange(code: String, clientID: String, redirectURI: String? = nil) async throws(AppleAuthError) -> AppleTokenResponse {
        try await client(clientID).exchange(code: code, redirectURI: redirectURI)
    }

    /// Validates a refresh token (retried on 5xx and transport errors by `configuration.retryPolicy`).
    public func refresh(_ refreshToken: String, clientID: String) async throws(AppleAuthError) -> AppleTokenResponse {
        try await client(clientID).refresh(refreshToken)
    }

    /// Revokes a token — required when a user deletes their account (retried on 5xx and transport errors
    /// by `configuration.revocationRetryPolicy`). Returns only once Apple answered 2xx.
    public func revoke(_ token: String, hint: AppleTokenTypeHint = .refreshToken, clientID: String) async throws(AppleAuthError) {
        try await client(clientID).revoke(token, hint: hint)
    }

    /// Verifies the identity token (with the code's c_hash) and exchanges the code for the client ID the
    /// token names: the native sign-in in one call. Nothing is sent to Apple if the token is refused.
    public func signIn(identityToken: String, authorizationCode: String, nonce: AppleNonceCheck,
                       redirectURI: String? = nil) async throws(AppleAuthError) -> AppleSignIn {
        let identity = try await verifyIdentityToken(identityToken, nonce: nonce, authorizationCode: authorizationCode)
        guard let clientID = identity.aud.values.first else { throw AppleAuthError(.tokenRejected(JWTError(.missingClaim("aud")))) }
        let tokens = try await exchange(code: authorizationCode, clientID: clientID, redirectURI: redirectURI)
        return AppleSignIn(identity: identity, tokens: tokens, clientID: clientID, user: nil)
    }

    private func client(_ clientID: String) throws(AppleAuthError) -> AppleAuthClient {
        if let client = clients[clientID] { return client }
        guard configuration.clientIDs.contains(clientID) else {
            throw AppleAuthError(.invalidConfiguration("\"\(clientID)\" is not one of the configured client IDs \(configuration.clientIDs)"))
        }
        throw AppleAuthError(.invalidConfiguration("this configuration is verify-only: exchange, refresh and revoke need the team ID, key ID and .p8 key"))
    }

    // MARK: Web flow

    /// An authorization request for the web flow: the URL to redirect the browser to (response_type
    /// "code id_token", response_mode form_post, the scopes, a fresh state and the SHA-256 of a fresh raw
    /// nonce), and the state and raw nonce to keep until the callback.
    public func authorizationRequest(clientID: String, redirectURI: String,
                                     scopes: [AppleScope] = [.name, .email]) throws(AppleAuthError) -> AppleAuthorizationRequest {
        guard configuration.clientIDs.contains(clientID) else {
            throw AppleAuthError(.invalidConfiguration("\"\(clientID)\" is not one of the configured client IDs \(configuration.clientIDs)"))
        }
        guard redirectURI.lowercased().hasPrefix("https://") || redirectURI.lowercased().hasPrefix("http://") else {
            throw AppleAuthError(.invalidConfiguration("the redirect URI must be an https URL registered for the Services ID, not \"\(redirectURI)\""))
        }
        let state = WebFlow.randomToken(), rawNonce = WebFlow.randomToken()
        let url = WebFlow.authorizationURL(baseURL: baseURL, clientID: clientID, redirectURI: redirectURI, scopes: scopes,
                                           state: state, hashedNonce: WebFlow.hashedNonce(rawNonce))
        return AppleAuthorizationRequest(url: url, state: state, rawNonce: rawNonce)
    }

    /// Completes the web flow from Apple's form_post: checks the state (the one remembered for this
    /// browser; forget it afterwards), verifies the identity token with the raw nonce and the code's
    /// c_hash, and exchanges the code with the same redirect URI.
    public func completeWebSignIn(callback: AppleAuthorizationCallback, expectedState: String, rawNonce: String,
                                  redirectURI: String) async throws(AppleAuthError) -> AppleSignIn {
        guard callback.hasState(expectedState) else {
            throw AppleAuthError(.invalidCallback("the state is not the one this browser was sent with (a forged or replayed callback)"))
        }
        let signIn = try await signIn(identityToken: callback.idToken, authorizationCode: callback.code, nonce: .raw(rawNonce),
                                      redirectURI: redirectURI)
        return AppleSignIn(identity: signIn.identity, tokens: signIn.tokens, clientID: signIn.clientID, user: callback.user)
    }
}

/// A completed sign-in: the verified identity token, Apple's tokens for it (keep `tokens.refreshToken`: it
/// is what `revoke` needs on account deletion), the client ID they belong to, and — from the web flow's
/// first authorization only — the user's name and email as Apple sent them.
public struct AppleSignIn: Sendable {
    /// The verified identity token's claims.
    public let identity: AppleIdentityToken
    /// Apple's answer to the code exchange.
    public let tokens: AppleTokenResponse
    /// The client ID the code was exchanged for (the token's audience): pass it to `refresh` and `revoke`.
    public let clientID: String
    /// Apple sends the name only once, in the web flow's first callback: store it then.
    public let user: AppleUserInfo?
}

extension SignInWithApple: CustomStringConvertible, CustomReflectable {
    public var description: String { "SignInWithApple(\(configuration))" }
    public var customMirror: Mirror { Mirror(self, children: ["configuration": configuration], displayStyle: .struct) }
}

// The Sign in with Apple REST client for one client ID over a caller-supplied transport: exchange,
// refresh, revoke and keys, each with a client secret from a renewing cache, sent by the retry rules of
// AppleRetry.swift. `SignInWithApple` holds one per configured client ID.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// REST calls to Apple for one client ID (the bundle ID or Services ID that the client secret's `sub`
/// names). Every method throws `AppleAuthError`.
public struct AppleAuthClient: Sendable {
    /// The client ID whose secret signs every request (the secret's `sub`).
    public let clientID: String
    /// Apple's base URL, or a stand-in's.
    public let baseURL: String
    private let secrets: AppleClientSecretCache
    private let sender: AppleRequestSender
    private let revocationSender: AppleRequestSender

    /// - Parameters:
    ///   - transport: your HTTP client.
    ///   - configuration: the team ID, key ID, .p8 key and this client's ID.
    ///   - baseURL: Apple's endpoints (default https://appleid.apple.com); point it at a stand-in in tests.
    ///   - retryPolicy: how exchange, refresh and keys are retried and how long each call may take (an
    ///     exchange is never sent again once it may have reached Apple).
    ///   - revocationRetryPolicy: the same for revocations (`.background` by default: longer).
    ///   - secretLifetime: each client secret's lifetime in seconds (renewed five minutes before expiry).
    ///   - now: the clock (tests pass a fake one).
    public init(transport: any AppleHTTPTransport, configuration: AppleClientSecretConfiguration,
                baseURL: String = AppleRequests.defaultBaseURL, retryPolicy: AppleRetryPolicy = AppleRetryPolicy(),
                revocationRetryPolicy: AppleRetryPolicy = .background, secretLifetime: Double = 86_400, now: @escaping @Sendable () -> Date = { Date() }) throws(AppleAuthError) {
        clientID = configuration.clientID
        self.baseURL = try AppleRequests.checkedBaseURL(baseURL)
        secrets = try AppleClientSecretCache(configuration: configuration, lifetime: secretLifetime, now: now)
        sender = AppleRequestSender(transport: transport, policy: try retryPolicy.validated(), now: now)
        revocationSender = AppleRequestSender(transport: transport, policy: try revocationRetryPolicy.validated(), now: now)
    }

    /// Exchanges an authorization code for tokens. Sent at most once unless the connection never opened:
    /// a code is single-use. `redirectURI` must be the one of the authorization request (web flow).
    public func exchange(code: String, redirectURI: String? = nil) async throws(AppleAuthError) -> AppleTokenResponse {
        let secret = try await secrets.secret().token
        let request = AppleRequests.exchange(code: code, clientID: clientID, clientSecret: secret, redirectURI: redirectURI, baseURL: baseURL)
        let response = try await sender.send(request, .singleUse)
        return try AppleResponses.token(status: response.status, body: response.body)
    }

    /// Validates a refresh token and gets a new access token and identity token.
    public func refresh(_ refreshToken: String) async throws(AppleAuthError) -> AppleTokenResponse {
        let secret = try await secrets.secret().token
        let response = try await sender.send(AppleRequests.refresh(refreshToken, clientID: clientID, clientSecret: secret, baseURL: baseURL), .repeatable)
        return try AppleResponses.token(status: response.status, body: response.body)
    }

    /// Revokes a token (required on account deletion), by the revocation retry policy. Succeeds only when
    /// Apple answered 2xx.
    public func revoke(_ token: String, hint: AppleTokenTypeHint) async throws(AppleAuthError) {
        let secret = try await secrets.secret().token
        let response = try await revocationSender.send(AppleRequests.revoke(token, hint: hint, clientID: clientID, clientSecret: secret, baseURL: baseURL), .repeatable)
        try AppleResponses.revocation(status: response.status, body: response.body)
    }

    /// Apple's current keys, as the transport returned them (any status; `AppleKeyCache` interprets it).
    public func keys() async throws(AppleAuthError) -> AppleHTTPResponse {
        try await sender.send(AppleRequests.keys(baseURL: baseURL), .repeatable)
    }
}

extension AppleAuthClient: CustomStringConvertible {
    public var description: String { "AppleAuthClient(\(clientID) at \(baseURL))" }
}

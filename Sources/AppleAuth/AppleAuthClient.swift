// The Sign in with Apple REST client over a caller-supplied transport: exchange, refresh, revoke and keys,
// retrying server errors (5xx) and transport failures a few times with back-off — never client errors
// (4xx), which a retry cannot fix and which would only repeat an invalid code or secret.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

public struct AppleAuthClient: Sendable {
    public let transport: any AppleHTTPTransport
    public let clientID: String
    private let secrets: AppleClientSecretCache
    /// Attempts after the first one.
    public let retries: Int
    /// Waits between attempts, in seconds (the last one repeats). Injectable so tests do not sleep.
    private let backoff: [TimeInterval]
    private let sleep: @Sendable (TimeInterval) async throws -> Void

    public init(transport: any AppleHTTPTransport, configuration: AppleClientSecretConfiguration, retries: Int = 2,
                backoff: [TimeInterval] = [0.2, 1.0],
                sleep: @escaping @Sendable (TimeInterval) async throws -> Void = { try await Task.sleep(nanoseconds: UInt64($0 * 1e9)) }) {
        self.transport = transport
        clientID = configuration.clientID
        secrets = AppleClientSecretCache(configuration: configuration)
        self.retries = max(0, retries)
        self.backoff = backoff.isEmpty ? [0] : backoff
        self.sleep = sleep
    }

    /// Exchanges an authorization code for tokens.
    public func exchange(code: String, redirectURI: String? = nil) async throws -> AppleTokenResponse {
        let secret = try await secrets.secret().token
        let response = try await send(AppleRequests.exchange(code: code, clientID: clientID, clientSecret: secret, redirectURI: redirectURI))
        return try AppleResponses.token(status: response.status, body: Data(response.body))
    }

    /// Validates a refresh token and gets a new access token and identity token.
    public func refresh(_ refreshToken: String) async throws -> AppleTokenResponse {
        let secret = try await secrets.secret().token
        let response = try await send(AppleRequests.refresh(refreshToken, clientID: clientID, clientSecret: secret))
        return try AppleResponses.token(status: response.status, body: Data(response.body))
    }

    /// Revokes a token (required on account deletion).
    public func revoke(_ token: String, hint: AppleTokenTypeHint) async throws {
        let secret = try await secrets.secret().token
        let response = try await send(AppleRequests.revoke(token, hint: hint, clientID: clientID, clientSecret: secret))
        try AppleResponses.revocation(status: response.status, body: Data(response.body))
    }

    /// Apple's current keys, as the transport returns them (for an `AppleKeyCache`).
    public func keys() async throws -> AppleHTTPResponse {
        try await send(AppleRequests.keys())
    }

    /// Sends with retries on transport errors and 5xx responses.
    func send(_ request: AppleHTTPRequest) async throws -> AppleHTTPResponse {
        var attempt = 0
        while true {
            do {
                let response = try await transport.send(request)
                if (500..<600).contains(response.status), attempt < retries {
                    try await sleep(backoff[min(attempt, backoff.count - 1)])
                    attempt += 1
                    continue
                }
                return response
            } catch {
                guard attempt < retries, !(error is CancellationError) else { throw error }
                try await sleep(backoff[min(attempt, backoff.count - 1)])
                attempt += 1
            }
        }
    }
}

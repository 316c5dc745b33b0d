// Everything the Sign in with Apple service needs, validated once when it is made: the team, the key
// and its .p8, the accepted client IDs, Apple's base URL and the timings.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureJWT
import PureP256

/// The settings of a `SignInWithApple` service. Prints without the private key.
///
/// A native app's tokens have the bundle ID as audience, a website's the Services ID; list both when the
/// server serves both. Each client ID gets its own client secret (the secret's `sub` is the client).
public struct SignInWithAppleConfiguration: Sendable {
    /// The accepted client IDs (audiences), in the order given.
    public let clientIDs: [String]
    /// The team ID, or nil for a verify-only configuration.
    public let teamID: String?
    /// The key ID of the .p8 key, or nil for a verify-only configuration.
    public let keyID: String?
    let privateKey: P256.Signing.PrivateKey?

    /// Apple's base URL (default https://appleid.apple.com); the keys are at /auth/keys, tokens at
    /// /auth/token, revocation at /auth/revoke, the web flow at /auth/authorize. Point it at a stand-in for
    /// tests and staging: the issuer checked in tokens stays https://appleid.apple.com.
    public var baseURL: String = AppleRequests.defaultBaseURL
    /// Tolerated clock difference for exp and iat, in seconds (finite, ≥ 0).
    public var leeway: Double = 60
    /// What an authorization code given with a token requires of `c_hash`.
    public var codeHashPolicy: AppleCodeHashPolicy = .required
    /// The lifetime of each client secret, in seconds (at most Apple's 15,777,000).
    public var clientSecretLifetime: Double = 86_400
    /// The key cache's timings.
    public var keyCachePolicy: JSONWebKeySetCache.Policy = JSONWebKeySetCache.Policy()
    /// How the calls a person waits on (code exchange, refresh, key fetches) are retried and how long each
    /// may take in all (10 s by default); an exchange is never sent again once it may have reached Apple.
    public var retryPolicy: AppleRetryPolicy = AppleRetryPolicy()
    /// How revocations are retried and how long each may take (`.background`: 5 attempts within 60 s).
    /// A server that queues revocations itself sets `.never` and retries on its own schedule.
    public var revocationRetryPolicy: AppleRetryPolicy = .background

    /// A configuration for the whole server side: verification, code exchange, refresh and revocation.
    /// - Parameters:
    ///   - teamID: the 10-character team ID.
    ///   - keyID: the 10-character ID of the Sign in with Apple key.
    ///   - privateKeyPEM: the .p8 file's contents.
    ///   - clientIDs: the bundle ID and/or Services IDs whose tokens are accepted (at least one).
    public init(teamID: String, keyID: String, privateKeyPEM: String, clientIDs: [String]) throws(AppleAuthError) {
        let key: P256.Signing.PrivateKey
        do { key = try P256.Signing.PrivateKey(pemRepresentation: privateKeyPEM) } catch {
            throw AppleAuthError(.invalidPrivateKey(error.description))
        }
        // Validates the IDs (every client ID with the team and key).
        for clientID in try Self.checked(clientIDs) {
            _ = try AppleClientSecretConfiguration(teamID: teamID, keyID: keyID, clientID: clientID, privateKey: key)
        }
        self.clientIDs = clientIDs
        self.teamID = teamID
        self.keyID = keyID
        privateKey = key
    }

    /// A configuration that only verifies identity tokens and notifications (no .p8 key, so no exchange,
    /// refresh or revocation: those throw `.invalidConfiguration`).
    public init(verifyingOnly clientIDs: [String]) throws(AppleAuthError) {
        self.clientIDs = try Self.checked(clientIDs)
        teamID = nil
        keyID = nil
        privateKey = nil
    }

    private static func checked(_ clientIDs: [String]) throws(AppleAuthError) -> [String] {
        guard !clientIDs.isEmpty else {
            throw AppleAuthError(.invalidConfiguration("at least one client ID (the bundle ID or Services ID) is needed"))
        }
        for clientID in clientIDs { try AppleClientSecretConfiguration.checkClientID(clientID) }
        guard Set(clientIDs).count == clientIDs.count else {
            throw AppleAuthError(.invalidConfiguration("a client ID is listed twice: \(clientIDs)"))
        }
        return clientIDs
    }

    /// The checked base URL, and the settings that have no meaning outside their ranges.
    func validatedBaseURL() throws(AppleAuthError) -> String {
        guard leeway.isFinite, leeway >= 0, leeway <= 86_400 else {
            throw AppleAuthError(.invalidConfiguration("the leeway must be from 0 to 86,400 seconds, not \(AppleAuthError.number(leeway))"))
        }
        guard clientSecretLifetime > 0, clientSecretLifetime <= AppleClientSecretConfiguration.maximumLifetime else {
            throw AppleAuthError(.invalidLifetime(clientSecretLifetime))
        }
        return try AppleRequests.checkedBaseURL(baseURL)
    }

    /// The client-secret configuration for one client ID, if this configuration has a key.
    func clientSecretConfiguration(for clientID: String) throws(AppleAuthError) -> AppleClientSecretConfiguration? {
        guard let teamID, let keyID, let privateKey else { return nil }
        return try AppleClientSecretConfiguration(teamID: teamID, keyID: keyID, clientID: clientID, privateKey: privateKey)
    }
}

extension SignInWithAppleConfiguration: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "SignInWithAppleConfiguration(clients \(clientIDs), team \(teamID ?? "none"), key \(keyID ?? "none"), "
            + "private key \(privateKey == nil ? "absent" : "redacted"), base URL \(baseURL))"
    }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(self, children: ["clientIDs": clientIDs, "teamID": teamID as Any, "keyID": keyID as Any,
                                "privateKey": privateKey == nil ? "absent" : "redacted", "baseURL": baseURL, "leeway": leeway],
               displayStyle: .struct)
    }
}

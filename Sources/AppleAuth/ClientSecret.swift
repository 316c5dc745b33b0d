// The client secret: an ES256 JWT that a server builds from its .p8 key and sends to Apple's token and
// revoke endpoints ("Creating a client secret" in Apple's Sign in with Apple REST API documentation):
// header alg ES256 and kid (the key ID); claims iss (team ID), iat, exp (at most six months later), aud
// "https://appleid.apple.com", sub (the client ID: the app's bundle ID or a Services ID).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureJWT
import PureP256

/// What a server needs to make client secrets. Validated when created. Prints without its private key.
public struct AppleClientSecretConfiguration: Sendable {
    /// Apple's limit on a client secret's lifetime, in seconds (about six months).
    public static let maximumLifetime: TimeInterval = 15_777_000

    /// The team ID (10 characters) that issues the secret ("iss").
    public let teamID: String
    /// The Sign in with Apple key's ID (10 characters), the header's "kid".
    public let keyID: String
    /// The Services ID or bundle ID the secret authenticates ("sub").
    public let clientID: String
    let privateKey: P256.Signing.PrivateKey

    /// - Parameters:
    ///   - teamID: the 10-character team ID (A–Z, 0–9) from the developer account.
    ///   - keyID: the 10-character ID of the Sign in with Apple key.
    ///   - clientID: the bundle ID (native apps) or Services ID (web) the tokens are for.
    ///   - privateKeyPEM: the .p8 file's contents (PKCS#8; SEC 1 is accepted too).
    public init(teamID: String, keyID: String, clientID: String, privateKeyPEM: String) throws(AppleAuthError) {
        let key: P256.Signing.PrivateKey
        do { key = try P256.Signing.PrivateKey(pemRepresentation: privateKeyPEM) } catch {
            throw AppleAuthError(.invalidPrivateKey(error.description))
        }
        try self.init(teamID: teamID, keyID: keyID, clientID: clientID, privateKey: key)
    }

    /// From a key already loaded (e.g. shared by the configurations of several client IDs).
    public init(teamID: String, keyID: String, clientID: String, privateKey: P256.Signing.PrivateKey) throws(AppleAuthError) {
        try Self.checkTenCharacterID(teamID, "team ID")
        try Self.checkTenCharacterID(keyID, "key ID")
        try Self.checkClientID(clientID)
        self.privateKey = privateKey
        self.teamID = teamID
        self.keyID = keyID
        self.clientID = clientID
    }

    static func checkClientID(_ clientID: String) throws(AppleAuthError) {
        guard !clientID.isEmpty, clientID.utf8.count <= 255, !clientID.contains(where: { $0.isWhitespace || $0.isNewline }) else {
            throw AppleAuthError(.invalidIdentifier("the client ID must be the bundle ID or Services ID, without spaces; got \"\(clientID)\""))
        }
    }

    private static func checkTenCharacterID(_ id: String, _ name: String) throws(AppleAuthError) {
        let valid = id.utf8.count == 10 && id.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) }
        guard valid else {
            throw AppleAuthError(.invalidIdentifier("the \(name) must be 10 characters A–Z and 0–9 (as shown in the developer account); got \"\(id)\""))
        }
    }

    /// A client secret issued at `now` (minus `backdating`, to absorb clock skew) and valid for `lifetime`
    /// seconds from then. `backdating` is from 0 to 86,400 seconds; `now` must be a time from 1970 to 9999.
    public func makeSecret(lifetime: TimeInterval = 3600, now: Date = Date(), backdating: TimeInterval = 0) throws(AppleAuthError) -> AppleClientSecret {
        // `lifetime > 0` is false for NaN, so NaN is refused here too.
        guard lifetime > 0, lifetime <= Self.maximumLifetime else { throw AppleAuthError(.invalidLifetime(lifetime)) }
        guard backdating >= 0, backdating <= 86_400 else {
            throw AppleAuthError(.invalidConfiguration("the client secret's backdating must be from 0 to 86,400 seconds, not \(AppleAuthError.number(backdating))"))
        }
        let seconds = now.timeIntervalSince1970
        guard seconds >= 0, seconds <= 253_402_300_799 else {
            throw AppleAuthError(.invalidConfiguration("the time to issue a client secret at must be from 1970 to 9999, not \(AppleAuthError.number(seconds)) seconds since 1970"))
        }
        let issuedAt = (seconds - backdating).rounded(.down)
        let expiresAt = issuedAt + lifetime.rounded(.down)
        struct Claims: Encodable {
            let iss: String, iat: NumericDate, exp: NumericDate, aud: String, sub: String
        }
        let claims = Claims(iss: teamID, iat: NumericDate(secondsSince1970: issuedAt), exp: NumericDate(secondsSince1970: expiresAt),
                            aud: "https://appleid.apple.com", sub: clientID)
        let token: String
        do { token = try JWTSigner(key: .es256(privateKey, keyID: keyID)).sign(claims) } catch {
            throw AppleAuthError(.invalidPrivateKey(error.description))
        }
        return AppleClientSecret(token: token, issuedAt: Date(timeIntervalSince1970: issuedAt),
                                 expiresAt: Date(timeIntervalSince1970: expiresAt))
    }
}

/// A signed client secret and its validity. It is a credential (it authenticates the app to Apple until
/// it expires), so it prints without the token.
public struct AppleClientSecret: Sendable, Hashable {
    /// The ES256 JWT sent as `client_secret`. A credential: never log it.
    public let token: String
    /// "iat".
    public let issuedAt: Date
    /// "exp": make a new secret before this.
    public let expiresAt: Date
}

extension AppleClientSecret: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "AppleClientSecret(token redacted, expires \(expiresAt))" }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(self, children: ["issuedAt": issuedAt, "expiresAt": expiresAt, "token": "redacted"], displayStyle: .struct)
    }
}

extension AppleClientSecretConfiguration: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "AppleClientSecretConfiguration(team \(teamID), key \(keyID), client \(clientID), private key redacted)"
    }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(self, children: ["teamID": teamID, "keyID": keyID, "clientID": clientID, "privateKey": "redacted"], displayStyle: .struct)
    }
}

/// Hands out a cached client secret and makes a new one before the old one expires.
public actor AppleClientSecretCache {
    private let configuration: AppleClientSecretConfiguration
    private let lifetime: TimeInterval
    private let renewalMargin: TimeInterval
    private let now: @Sendable () -> Date
    private var current: AppleClientSecret?

    /// - Parameters:
    ///   - configuration: the team ID, key ID, .p8 key and client ID the secrets are made from.
    ///   - lifetime: each secret's lifetime (default one day).
    ///   - renewalMargin: how long before expiry a secret is replaced (default five minutes).
    ///   - now: the clock.
    ///
    /// Throws when `lifetime` is not in (0, 15,777,000] or `renewalMargin` is not in [0, lifetime).
    public init(configuration: AppleClientSecretConfiguration, lifetime: TimeInterval = 86_400,
                renewalMargin: TimeInterval = 300, now: @escaping @Sendable () -> Date = { Date() }) throws(AppleAuthError) {
        guard lifetime > 0, lifetime <= AppleClientSecretConfiguration.maximumLifetime else { throw AppleAuthError(.invalidLifetime(lifetime)) }
        guard renewalMargin >= 0, renewalMargin < lifetime else {
            throw AppleAuthError(.invalidConfiguration("the renewal margin must be from 0 seconds to less than the lifetime, not \(AppleAuthError.number(renewalMargin))"))
        }
        self.configuration = configuration
        self.lifetime = lifetime
        self.renewalMargin = renewalMargin
        self.now = now
    }

    /// A secret valid for at least `renewalMargin` more seconds.
    public func secret() throws(AppleAuthError) -> AppleClientSecret {
        let time = now()
        if let current, current.expiresAt.timeIntervalSince(time) > renewalMargin { return current }
        let fresh = try configuration.makeSecret(lifetime: lifetime, now: time)
        current = fresh
        return fresh
    }
}

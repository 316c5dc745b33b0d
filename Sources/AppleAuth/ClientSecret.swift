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

/// What a server needs to make client secrets. Validated when created.
public struct AppleClientSecretConfiguration: Sendable {
    /// Apple's limit on a client secret's lifetime, in seconds (about six months).
    public static let maximumLifetime: TimeInterval = 15_777_000

    public let teamID: String
    public let keyID: String
    public let clientID: String
    let privateKey: P256.Signing.PrivateKey

    /// - Parameters:
    ///   - teamID: the 10-character team ID (A–Z, 0–9) from the developer account.
    ///   - keyID: the 10-character ID of the Sign in with Apple key.
    ///   - clientID: the bundle ID (native apps) or Services ID (web) the tokens are for.
    ///   - privateKeyPEM: the .p8 file's contents (PKCS#8; SEC 1 is accepted too).
    public init(teamID: String, keyID: String, clientID: String, privateKeyPEM: String) throws(AppleAuthError) {
        try Self.checkTenCharacterID(teamID, "team ID")
        try Self.checkTenCharacterID(keyID, "key ID")
        guard !clientID.isEmpty, !clientID.contains(where: \.isWhitespace) else {
            throw AppleAuthError(.invalidIdentifier("the client ID must be the bundle ID or Services ID, without spaces; got \"\(clientID)\""))
        }
        do { privateKey = try P256.Signing.PrivateKey(pemRepresentation: privateKeyPEM) } catch {
            throw AppleAuthError(.invalidPrivateKey(error.description))
        }
        self.teamID = teamID
        self.keyID = keyID
        self.clientID = clientID
    }

    private static func checkTenCharacterID(_ id: String, _ name: String) throws(AppleAuthError) {
        let valid = id.utf8.count == 10 && id.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) }
        guard valid else {
            throw AppleAuthError(.invalidIdentifier("the \(name) must be 10 characters A–Z and 0–9 (as shown in the developer account); got \"\(id)\""))
        }
    }

    /// A client secret issued at `now` (minus `backdating`, to absorb clock skew) and valid for `lifetime`
    /// seconds from then.
    public func makeSecret(lifetime: TimeInterval = 3600, now: Date = Date(), backdating: TimeInterval = 0) throws(AppleAuthError) -> AppleClientSecret {
        guard lifetime > 0, lifetime <= Self.maximumLifetime else { throw AppleAuthError(.invalidLifetime(lifetime)) }
        let issuedAt = (now.timeIntervalSince1970 - max(0, backdating)).rounded(.down)
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

/// A signed client secret and its validity.
public struct AppleClientSecret: Sendable, Hashable {
    public let token: String
    public let issuedAt: Date
    public let expiresAt: Date
}

/// Hands out a cached client secret and makes a new one before the old one expires.
public actor AppleClientSecretCache {
    private let configuration: AppleClientSecretConfiguration
    private let lifetime: TimeInterval
    private let renewalMargin: TimeInterval
    private let now: @Sendable () -> Date
    private var current: AppleClientSecret?

    /// - Parameters:
    ///   - lifetime: each secret's lifetime (default one day).
    ///   - renewalMargin: how long before expiry a secret is replaced (default five minutes).
    ///   - now: the clock.
    public init(configuration: AppleClientSecretConfiguration, lifetime: TimeInterval = 86_400,
                renewalMargin: TimeInterval = 300, now: @escaping @Sendable () -> Date = { Date() }) {
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

// The In-App Purchase key and the identifiers that go with it: what the App Store Server API's tokens and the
// offer signatures are made from. App Store Connect shows them under Users and Access → Integrations →
// In-App Purchase: the issuer ID (a UUID), the key ID (10 characters) and the key, downloaded once as
// SubscriptionKey_KEYID.p8; the bundle ID is the app's.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureJWT
import PureP256

/// An In-App Purchase key with its issuer ID, key ID and the app's bundle ID. The key is a secret: the
/// description shows the identifiers only.
public struct AppStoreCredentials: Sendable {
    /// The issuer ID from App Store Connect ("iss" of the API's tokens and of the offer JWSs).
    public let issuerID: String
    /// The key's ID ("kid" of the tokens; part of the promotional offer signature V1).
    public let keyID: String
    /// The app's bundle ID ("bid").
    public let bundleID: String
    /// The P-256 private key.
    public let privateKey: P256.Signing.PrivateKey

    /// Credentials from the key and its identifiers. Each identifier must be 1 to 256 characters with no
    /// control characters or spaces (App Store Connect's are a UUID and 10 characters; Apple's own tests use
    /// shorter placeholders, which are accepted).
    public init(issuerID: String, keyID: String, bundleID: String, privateKey: P256.Signing.PrivateKey) throws(AppStoreAPIError) {
        try Self.check(issuerID, "issuer ID", where: "App Store Connect → Users and Access → Integrations → In-App Purchase")
        try Self.check(keyID, "key ID", where: "the same page, beside the key (the .p8 file is SubscriptionKey_KEYID.p8)")
        try Self.check(bundleID, "bundle ID", where: "the app's target in Xcode, or App Store Connect → App Information")
        self.issuerID = issuerID
        self.keyID = keyID
        self.bundleID = bundleID
        self.privateKey = privateKey
    }

    /// Credentials from the .p8 file's text (PKCS#8 "PRIVATE KEY" PEM, as App Store Connect gives it).
    public init(issuerID: String, keyID: String, bundleID: String, privateKeyPEM: String) throws(AppStoreAPIError) {
        let key: P256.Signing.PrivateKey
        do { key = try P256.Signing.PrivateKey(pemRepresentation: privateKeyPEM) } catch {
            throw AppStoreAPIError(.invalidCredentials("the In-App Purchase key could not be read (\(error)); give the whole .p8 file's text, BEGIN and END lines included"))
        }
        try self.init(issuerID: issuerID, keyID: keyID, bundleID: bundleID, privateKey: key)
    }

    private static func check(_ value: String, _ name: String, where place: String) throws(AppStoreAPIError) {
        guard !value.isEmpty else { throw AppStoreAPIError(.invalidCredentials("the \(name) is empty; it is in \(place)")) }
        guard value.unicodeScalars.count <= 256 else {
            throw AppStoreAPIError(.invalidCredentials("the \(name) is \(value.unicodeScalars.count) characters long, over 256; it is in \(place)"))
        }
        guard !value.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7f || (0x80...0x9f).contains($0.value) }) else {
            throw AppStoreAPIError(.invalidCredentials("the \(name) contains a space or control character; it is in \(place)"))
        }
    }
}

extension AppStoreCredentials: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "AppStoreCredentials(issuerID: \(issuerID), keyID: \(keyID), bundleID: \(bundleID), privateKey: redacted)"
    }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(self, children: ["issuerID": issuerID, "keyID": keyID, "bundleID": bundleID, "privateKey": "redacted"],
               displayStyle: .struct)
    }
}

// MARK: The API's tokens

extension AppStoreCredentials {
    /// The longest lifetime Apple accepts for an App Store Server API token: 60 minutes.
    public static let maximumTokenLifetime: Double = 3600

    /// A token for the App Store Server API ("Generating JSON Web Tokens for API requests"): ES256 with
    /// header kid and typ "JWT"; claims iss (the issuer ID), iat and exp in whole seconds, aud
    /// "appstoreconnect-v1" and bid (the bundle ID). `lifetime` is from 1 second to 60 minutes (default 5,
    /// as Apple's libraries use); the API client reuses a token until shortly before it expires.
    public func apiToken(lifetime: Double = 300, now: Date = Date()) throws(AppStoreAPIError) -> AppStoreAPIToken {
        try Self.checkTokenLifetime(lifetime)
        let seconds = now.timeIntervalSince1970
        guard seconds.isFinite, seconds >= 0, seconds <= 253_402_300_799 - 3600 else {
            throw AppStoreAPIError(.invalidRequest("the time to issue a token at must be from 1970 to 9999, not \(seconds) seconds since 1970"))
        }
        let issuedAt = seconds.rounded(.down)
        let expiresAt = issuedAt + lifetime.rounded(.down)
        struct Claims: Encodable {
            let iss: String, iat: NumericDate, exp: NumericDate, aud: String, bid: String
        }
        let claims = Claims(iss: issuerID, iat: NumericDate(secondsSince1970: issuedAt), exp: NumericDate(secondsSince1970: expiresAt),
                            aud: "appstoreconnect-v1", bid: bundleID)
        let token: String
        do {
            token = try JWTSigner(key: .es256(privateKey, keyID: keyID)).sign(claims, header: JWTHeader(alg: "ES256", kid: keyID, typ: "JWT"))
        } catch {
            throw AppStoreAPIError(.invalidCredentials("the App Store Server API token could not be signed: \(error)"))
        }
        return AppStoreAPIToken(token: token, issuedAt: Date(timeIntervalSince1970: issuedAt), expiresAt: Date(timeIntervalSince1970: expiresAt))
    }

    /// Throws unless `lifetime` is from 1 second to 60 minutes (NaN and infinities included).
    static func checkTokenLifetime(_ lifetime: Double) throws(AppStoreAPIError) {
        guard lifetime >= 1, lifetime <= maximumTokenLifetime else {
            throw AppStoreAPIError(.invalidRequest("an App Store Server API token lives from 1 second to 60 minutes, not \(lifetime) seconds"))
        }
    }
}

/// A signed App Store Server API token and its validity. A credential (it authenticates the server to
/// Apple until it expires): it prints without the token.
public struct AppStoreAPIToken: Sendable, Hashable {
    /// The ES256 JWT for the `Authorization: Bearer` header. A credential: never log it.
    public let token: String
    /// "iat".
    public let issuedAt: Date
    /// "exp".
    public let expiresAt: Date
}

extension AppStoreAPIToken: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "AppStoreAPIToken(token redacted, expires \(expiresAt))" }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(self, children: ["issuedAt": issuedAt, "expiresAt": expiresAt, "token": "redacted"], displayStyle: .struct)
    }
}

// The In-App Purchase key and the identifiers that go with it: what the App Store Server API's tokens and the
// offer signatures are made from. App Store Connect shows them under Users and Access → Integrations →
// In-App Purchase: the issuer ID (a UUID), the key ID (10 characters) and the key, downloaded once as
// SubscriptionKey_KEYID.p8; the bundle ID is the app's.

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

// The signed data added to the App Store since the transaction and renewal info: the app transaction
// (StoreKit's AppTransaction, Get App Transaction Info, a RESCIND_CONSENT notification's appData), and the
// Retention Messaging API's realtime request (Apple asks the server which message to show a customer about
// to cancel). Field names as Apple's JSON.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A verified app transaction (JWSAppTransactionDecodedPayload): the customer's purchase of the app itself.
public struct AppTransactionPayload: Codable, Hashable, Sendable {
    /// The environment: "Production", "Sandbox", "Xcode" or "LocalTesting".
    public var receiptType: AppStoreEnvironment?
    /// The app's Apple ID.
    public var appAppleId: Int64?
    /// The app's bundle ID.
    public var bundleId: String?
    /// The app version the transaction is for.
    public var applicationVersion: String?
    /// The App Store's identifier of the app version.
    public var versionExternalIdentifier: Int64?
    /// When the app receipt was made: the time the certificates are checked at.
    @MillisecondsSince1970 public var receiptCreationDate: Date?
    /// When the customer first bought (downloaded) the app.
    @MillisecondsSince1970 public var originalPurchaseDate: Date?
    /// The version first bought.
    public var originalApplicationVersion: String?
    /// The device verification value (base64 SHA-384), to check on the device.
    public var deviceVerification: String?
    /// The nonce (a UUID) the device verification was computed with.
    public var deviceVerificationNonce: String?
    /// When a pre-order was placed, if it was.
    @MillisecondsSince1970 public var preorderDate: Date?
    /// The app transaction's identifier.
    public var appTransactionId: String?
    /// The platform of the first purchase ("iOS", "macOS", "tvOS", "visionOS").
    public var originalPlatform: String?
}

/// The Retention Messaging API's realtime request, verified (DecodedRealtimeRequestBody).
public struct RealtimeRequestPayload: Codable, Hashable, Sendable {
    /// The subscription's original transaction ID.
    public var originalTransactionId: String?
    /// The app's Apple ID.
    public var appAppleId: Int64?
    /// The subscription's product ID.
    public var productId: String?
    /// The customer's locale, e.g. "en-US".
    public var userLocale: String?
    /// Apple's identifier of this request (a UUID).
    public var requestIdentifier: String?
    /// The environment.
    public var environment: AppStoreEnvironment?
    /// When Apple signed the request.
    @MillisecondsSince1970 public var signedDate: Date?
}

/// A RESCIND_CONSENT notification's app data: the app and its signed app transaction.
public struct NotificationAppData: Codable, Hashable, Sendable {
    /// The app's Apple ID.
    public var appAppleId: Int64?
    /// The app's bundle ID.
    public var bundleId: String?
    /// The environment.
    public var environment: AppStoreEnvironment?
    /// The app transaction, signed by the App Store (JWS).
    public var signedAppTransactionInfo: String?
}

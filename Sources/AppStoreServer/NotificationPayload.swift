// The decoded payload of an App Store Server Notification V2 (Apple: ResponseBodyV2DecodedPayload,
// https://developer.apple.com/documentation/appstoreservernotifications/responsebodyv2decodedpayload)
// and its parts. Fields Apple may leave out are optional; unknown fields are ignored.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A verified notification's payload.
public struct NotificationPayload: Codable, Hashable, Sendable {
    /// What happened.
    public var notificationType: NotificationType
    /// More detail on what happened, for some types.
    public var subtype: NotificationSubtype?
    /// A unique identifier of the notification; the same on Apple's retries, so use it to skip duplicates.
    public var notificationUUID: String?
    /// The app, environment and signed transaction and renewal info, for most types.
    public var data: NotificationData?
    /// For a renewal-date extension request's summary (RENEWAL_EXTENSION with SUMMARY).
    public var summary: NotificationSummary?
    /// For EXTERNAL_PURCHASE_TOKEN.
    public var externalPurchaseToken: ExternalPurchaseToken?
    /// The app and its signed app transaction (RESCIND_CONSENT notifications).
    public var appData: NotificationAppData?
    /// The notification version, "2.0".
    public var version: String?
    /// When Apple signed the notification.
    @MillisecondsSince1970 public var signedDate: Date?
}

/// The app-specific part of a notification.
public struct NotificationData: Codable, Hashable, Sendable {
    /// The app's Apple ID (absent in the sandbox).
    public var appAppleId: Int64?
    /// The app's bundle ID.
    public var bundleId: String?
    /// The app's build version.
    public var bundleVersion: String?
    /// The environment.
    public var environment: AppStoreEnvironment?
    /// The transaction, a JWS signed by Apple (verify it with `SignedDataVerifier.verifyTransaction`).
    public var signedTransactionInfo: String?
    /// The subscription renewal info, a JWS signed by Apple.
    public var signedRenewalInfo: String?
    /// The subscription status (1 active, 2 expired, 3 billing retry, 4 grace period, 5 revoked).
    public var status: Int?
    /// Why a consumption request was made, for CONSUMPTION_REQUEST.
    public var consumptionRequestReason: String?
}

/// The summary of a renewal-date extension request.
public struct NotificationSummary: Codable, Hashable, Sendable {
    /// The request's identifier.
    public var requestIdentifier: String?
    /// The environment.
    public var environment: AppStoreEnvironment?
    /// The app's Apple ID.
    public var appAppleId: Int64?
    /// The app's bundle ID.
    public var bundleId: String?
    /// The product extended.
    public var productId: String?
    /// The storefronts included.
    public var storefrontCountryCodes: [String]?
    /// Subscriptions that could not be extended.
    public var failedCount: Int64?
    /// Subscriptions extended.
    public var succeededCount: Int64?
}

/// An external purchase token (EXTERNAL_PURCHASE_TOKEN notifications).
public struct ExternalPurchaseToken: Codable, Hashable, Sendable {
    /// The external purchase identifier.
    public var externalPurchaseId: String?
    /// When the token was created.
    @MillisecondsSince1970 public var tokenCreationDate: Date?
    /// The app's Apple ID.
    public var appAppleId: Int64?
    /// The app's bundle ID.
    public var bundleId: String?
}

/// The body Apple posts to your notification URL: `{"signedPayload": "<JWS>"}`.
public struct NotificationBody: Codable, Hashable, Sendable {
    /// The notification, a JWS signed by Apple.
    public var signedPayload: String

    /// A body (for clients and tests).
    public init(signedPayload: String) { self.signedPayload = signedPayload }
}

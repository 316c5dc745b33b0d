// The App Store Server API's notification endpoints: notification history (paginated by a token in the
// query, filtered by a JSON body), and the test notification with its status.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AppStoreServer

/// Get Notification History's filter: a date range (required, at most 180 days back), and optionally one
/// notification type (with subtype), one transaction's notifications, or only those that failed to reach
/// the server.
public struct AppStoreNotificationHistoryRequest: Encodable, Hashable, Sendable {
    /// The start of the range (sent as whole milliseconds).
    public var startDate: Date
    /// The end of the range (sent as whole milliseconds).
    public var endDate: Date
    /// Only notifications of this type.
    public var notificationType: NotificationType?
    /// Only notifications of this subtype (with `notificationType`).
    public var notificationSubtype: NotificationSubtype?
    /// Only this transaction's notifications (any of the customer's transaction IDs).
    public var transactionId: String?
    /// Only notifications that did not reach the server.
    public var onlyFailures: Bool?

    /// A filter over `startDate` to `endDate`.
    public init(startDate: Date, endDate: Date, notificationType: NotificationType? = nil, notificationSubtype: NotificationSubtype? = nil,
                transactionId: String? = nil, onlyFailures: Bool? = nil) {
        self.startDate = startDate
        self.endDate = endDate
        self.notificationType = notificationType
        self.notificationSubtype = notificationSubtype
        self.transactionId = transactionId
        self.onlyFailures = onlyFailures
    }

    private enum CodingKeys: String, CodingKey {
        case startDate, endDate, notificationType, notificationSubtype, transactionId, onlyFailures
    }

    /// Dates as whole milliseconds (a fraction of a millisecond is dropped, as Apple's clients do).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(try AppStoreOfferSigner.milliseconds(startDate), forKey: .startDate)
        try container.encode(try AppStoreOfferSigner.milliseconds(endDate), forKey: .endDate)
        try container.encodeIfPresent(notificationType, forKey: .notificationType)
        try container.encodeIfPresent(notificationSubtype, forKey: .notificationSubtype)
        try container.encodeIfPresent(transactionId, forKey: .transactionId)
        try container.encodeIfPresent(onlyFailures, forKey: .onlyFailures)
    }
}

/// One attempt to send a notification.
public struct AppStoreSendAttempt: Codable, Hashable, Sendable {
    /// When Apple tried.
    @MillisecondsSince1970 public var attemptDate: Date?
    /// What happened.
    public var sendAttemptResult: AppStoreSendAttemptResult?
}

/// One page of Get Notification History.
public struct AppStoreNotificationHistoryResponse: Codable, Hashable, Sendable {
    /// The token of the next page.
    public var paginationToken: String?
    /// Whether more pages follow.
    public var hasMore: Bool?
    /// The notifications, oldest first.
    public var notificationHistory: [Item]?

    /// One notification and Apple's attempts to send it.
    public struct Item: Codable, Hashable, Sendable {
        /// The notification as Apple sent it (a signedPayload JWS).
        public var signedPayload: String?
        /// Each attempt to send it.
        public var sendAttempts: [AppStoreSendAttempt]?

        /// The notification, verified to Apple's root and decoded.
        public func verifiedNotification(with verifier: SignedDataVerifier) throws(AppStoreVerificationError) -> SignedDataVerifier.VerifiedNotification {
            try verifier.verifyNotification(signedPayload: try AppStoreSignedData.require(signedPayload, "signedPayload"))
        }
    }
}

/// Request a Test Notification's answer.
public struct AppStoreSendTestNotificationResponse: Codable, Hashable, Sendable {
    /// The token to ask for the test notification's status with.
    public var testNotificationToken: String?
}

/// Get Test Notification Status's answer.
public struct AppStoreCheckTestNotificationResponse: Codable, Hashable, Sendable {
    /// The test notification (a signedPayload JWS).
    public var signedPayload: String?
    /// Each attempt to send it.
    public var sendAttempts: [AppStoreSendAttempt]?
}

extension AppStoreServerAPIClient {
    /// One page of Get Notification History: POST /inApps/v1/notifications/history?paginationToken=…
    /// with the filter as JSON. A read: retried.
    public func notificationHistory(_ filter: AppStoreNotificationHistoryRequest, paginationToken: String? = nil) async throws(AppStoreAPIError) -> AppStoreNotificationHistoryResponse {
        guard filter.startDate <= filter.endDate else {
            throw AppStoreAPIError(.invalidRequest("the notification history's start date is after its end date"))
        }
        return try await send("POST", "/inApps/v1/notifications/history", query: paginationToken.map { [("paginationToken", $0)] } ?? [],
                              body: .json(filter), .repeatable, as: AppStoreNotificationHistoryResponse.self)
    }

    /// Every page of the notification history, fetched as the sequence is iterated.
    public func notificationHistory(_ filter: AppStoreNotificationHistoryRequest) -> AppStoreAPIPages<AppStoreNotificationHistoryResponse> {
        AppStoreAPIPages { token throws(AppStoreAPIError) in
            let page = try await notificationHistory(filter, paginationToken: token)
            return (page, page.hasMore == true ? page.paginationToken : nil)
        }
    }

    /// Request a Test Notification: POST /inApps/v1/notifications/test. Sent again only when the connection
    /// never opened (each request sends a notification).
    public func requestTestNotification() async throws(AppStoreAPIError) -> AppStoreSendTestNotificationResponse {
        try await send("POST", "/inApps/v1/notifications/test", .singleUse, as: AppStoreSendTestNotificationResponse.self)
    }

    /// Get Test Notification Status: GET /inApps/v1/notifications/test/{testNotificationToken}. A read:
    /// retried.
    public func testNotificationStatus(token: String) async throws(AppStoreAPIError) -> AppStoreCheckTestNotificationResponse {
        try await send("GET", "/inApps/v1/notifications/test/" + Self.segment(token, "test notification token"), .repeatable,
                       as: AppStoreCheckTestNotificationResponse.self)
    }
}

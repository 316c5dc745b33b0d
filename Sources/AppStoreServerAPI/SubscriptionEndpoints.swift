// The App Store Server API's subscription endpoints: all subscription statuses, extending one
// subscription's renewal date, extending every active subscriber's (mass extension) and that request's
// status.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AppStoreServer

/// Get All Subscription Statuses' answer.
public struct AppStoreStatusResponse: Codable, Hashable, Sendable {
    /// The environment (unknown values kept).
    public var environment: AppStoreEnvironment?
    /// The app's bundle ID.
    public var bundleId: String?
    /// The app's Apple ID.
    public var appAppleId: Int64?
    /// The customer's subscriptions, by subscription group.
    public var data: [SubscriptionGroup]?

    /// The subscriptions of one subscription group.
    public struct SubscriptionGroup: Codable, Hashable, Sendable {
        /// The group's identifier.
        public var subscriptionGroupIdentifier: String?
        /// The latest transaction of each subscription in the group.
        public var lastTransactions: [LastTransaction]?
    }

    /// One subscription's status and latest signed data.
    public struct LastTransaction: Codable, Hashable, Sendable {
        /// Active, expired, in billing retry or grace period, revoked.
        public var status: AppStoreSubscriptionStatus?
        /// The subscription's original transaction ID.
        public var originalTransactionId: String?
        /// The latest transaction, signed by the App Store (JWS).
        public var signedTransactionInfo: String?
        /// The renewal information, signed by the App Store (JWS).
        public var signedRenewalInfo: String?

        /// The transaction, verified to Apple's root and decoded.
        public func verifiedTransaction(with verifier: SignedDataVerifier) throws(AppStoreVerificationError) -> TransactionPayload {
            try verifier.verifyTransaction(try AppStoreSignedData.require(signedTransactionInfo, "signedTransactionInfo"))
        }

        /// The renewal information, verified to Apple's root and decoded.
        public func verifiedRenewalInfo(with verifier: SignedDataVerifier) throws(AppStoreVerificationError) -> RenewalInfoPayload {
            try verifier.verifyRenewalInfo(try AppStoreSignedData.require(signedRenewalInfo, "signedRenewalInfo"))
        }
    }
}

/// Extend a Subscription Renewal Date's request.
public struct AppStoreExtendRenewalDateRequest: Codable, Hashable, Sendable {
    /// Days to extend by: 1 to 90.
    public var extendByDays: Int
    /// Why.
    public var extendReasonCode: AppStoreExtendReasonCode
    /// Your identifier of this request (a UUID is usual), at most 128 characters: Apple returns it in the
    /// answer and in related notifications.
    public var requestIdentifier: String

    /// A request to extend by `extendByDays` days.
    public init(extendByDays: Int, extendReasonCode: AppStoreExtendReasonCode, requestIdentifier: String) {
        self.extendByDays = extendByDays
        self.extendReasonCode = extendReasonCode
        self.requestIdentifier = requestIdentifier
    }
}

/// Extend a Subscription Renewal Date's answer.
public struct AppStoreExtendRenewalDateResponse: Codable, Hashable, Sendable {
    /// The subscription's original transaction ID.
    public var originalTransactionId: String?
    /// The renewal's web order line item ID.
    public var webOrderLineItemId: String?
    /// Whether the date was extended.
    public var success: Bool?
    /// The new renewal date.
    @MillisecondsSince1970 public var effectiveDate: Date?
}

/// Extend Subscription Renewal Dates for All Active Subscribers' request.
public struct AppStoreMassExtendRenewalDateRequest: Codable, Hashable, Sendable {
    /// Days to extend by: 1 to 90.
    public var extendByDays: Int
    /// Why.
    public var extendReasonCode: AppStoreExtendReasonCode
    /// Your identifier of this request (a UUID, at most 128 characters), to ask for its status later.
    public var requestIdentifier: String
    /// Only subscribers in these storefronts (ISO 3166-1 alpha-3); none: all.
    public var storefrontCountryCodes: [String]?
    /// The subscription's product ID.
    public var productId: String

    /// A request to extend `productId`'s active subscriptions by `extendByDays` days.
    public init(extendByDays: Int, extendReasonCode: AppStoreExtendReasonCode, requestIdentifier: String,
                storefrontCountryCodes: [String]? = nil, productId: String) {
        self.extendByDays = extendByDays
        self.extendReasonCode = extendReasonCode
        self.requestIdentifier = requestIdentifier
        self.storefrontCountryCodes = storefrontCountryCodes
        self.productId = productId
    }
}

/// Extend Subscription Renewal Dates for All Active Subscribers' answer.
public struct AppStoreMassExtendRenewalDateResponse: Codable, Hashable, Sendable {
    /// The request's identifier, as given.
    public var requestIdentifier: String?
}

/// Get Status of Subscription Renewal Date Extensions' answer.
public struct AppStoreMassExtendRenewalDateStatusResponse: Codable, Hashable, Sendable {
    /// The request's identifier.
    public var requestIdentifier: String?
    /// Whether Apple has finished.
    public var complete: Bool?
    /// When it finished.
    @MillisecondsSince1970 public var completeDate: Date?
    /// Subscriptions extended.
    public var succeededCount: Int64?
    /// Subscriptions that could not be extended.
    public var failedCount: Int64?
}

extension AppStoreServerAPIClient {
    /// Get All Subscription Statuses: GET /inApps/v1/subscriptions/{transactionId}, optionally only
    /// subscriptions in `statuses` (query `status`, repeated). A read: retried.
    public func allSubscriptionStatuses(transactionID: String, statuses: [AppStoreSubscriptionStatus] = []) async throws(AppStoreAPIError) -> AppStoreStatusResponse {
        try await send("GET", "/inApps/v1/subscriptions/" + Self.segment(transactionID, "transaction ID"),
                       query: statuses.map { ("status", String($0.rawValue)) }, .repeatable, as: AppStoreStatusResponse.self)
    }

    /// Extend a Subscription Renewal Date: PUT /inApps/v1/subscriptions/extend/{originalTransactionId}.
    /// Sent again only when the connection never opened: Apple does not document that a repeated
    /// `requestIdentifier` is ignored, and a second extension would add the days twice.
    public func extendSubscriptionRenewalDate(originalTransactionID: String, _ request: AppStoreExtendRenewalDateRequest) async throws(AppStoreAPIError) -> AppStoreExtendRenewalDateResponse {
        try Self.checkExtension(days: request.extendByDays, requestIdentifier: request.requestIdentifier)
        return try await send("PUT", "/inApps/v1/subscriptions/extend/" + Self.segment(originalTransactionID, "original transaction ID"),
                              body: .json(request), .singleUse, as: AppStoreExtendRenewalDateResponse.self)
    }

    /// Extend Subscription Renewal Dates for All Active Subscribers: POST
    /// /inApps/v1/subscriptions/extend/mass. Starts a job: sent again only when the connection never
    /// opened (ask for its status with `massExtensionStatus(productID:requestIdentifier:)`).
    public func extendRenewalDateForAllActiveSubscribers(_ request: AppStoreMassExtendRenewalDateRequest) async throws(AppStoreAPIError) -> AppStoreMassExtendRenewalDateResponse {
        try Self.checkExtension(days: request.extendByDays, requestIdentifier: request.requestIdentifier)
        return try await send("POST", "/inApps/v1/subscriptions/extend/mass", body: .json(request), .singleUse,
                              as: AppStoreMassExtendRenewalDateResponse.self)
    }

    /// Get Status of Subscription Renewal Date Extensions: GET
    /// /inApps/v1/subscriptions/extend/mass/{productId}/{requestIdentifier}. A read: retried.
    public func massExtensionStatus(productID: String, requestIdentifier: String) async throws(AppStoreAPIError) -> AppStoreMassExtendRenewalDateStatusResponse {
        try await send("GET", "/inApps/v1/subscriptions/extend/mass/" + Self.segment(productID, "product ID") + "/"
                       + Self.segment(requestIdentifier, "request identifier"), .repeatable, as: AppStoreMassExtendRenewalDateStatusResponse.self)
    }

    /// Apple's documented limits of an extension request, checked before anything is sent.
    private static func checkExtension(days: Int, requestIdentifier: String) throws(AppStoreAPIError) {
        guard (1...90).contains(days) else { throw AppStoreAPIError(.invalidRequest("extendByDays must be from 1 to 90, not \(days)")) }
        guard !requestIdentifier.isEmpty, requestIdentifier.utf8.count <= 128 else {
            throw AppStoreAPIError(.invalidRequest("the request identifier must be 1 to 128 characters (a UUID is usual)"))
        }
    }
}

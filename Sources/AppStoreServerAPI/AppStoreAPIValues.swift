// The enumerations of the App Store Server API's requests and answers. Apple adds values over time, so
// each is a struct around its raw value, as AppStoreServer's are: an unknown value decodes and is kept
// (compare with the named constants; switch with a `default:`).

/// A product type, as transaction history filters by it.
public struct AppStoreProductType: RawRepresentable, Codable, Hashable, Sendable {
    /// The raw value, e.g. "AUTO_RENEWABLE".
    public let rawValue: String
    /// Any value, including ones this version does not name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Auto-renewable subscriptions.
    public static let autoRenewable = Self(rawValue: "AUTO_RENEWABLE")
    /// Non-renewing subscriptions.
    public static let nonRenewable = Self(rawValue: "NON_RENEWABLE")
    /// Consumables.
    public static let consumable = Self(rawValue: "CONSUMABLE")
    /// Non-consumables.
    public static let nonConsumable = Self(rawValue: "NON_CONSUMABLE")
}

/// Whether a transaction was bought by the customer or shared with them through Family Sharing.
public struct AppStoreInAppOwnershipType: RawRepresentable, Codable, Hashable, Sendable {
    /// The raw value, e.g. "PURCHASED".
    public let rawValue: String
    /// Any value, including ones this version does not name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Shared through Family Sharing.
    public static let familyShared = Self(rawValue: "FAMILY_SHARED")
    /// Bought by the customer.
    public static let purchased = Self(rawValue: "PURCHASED")
}

/// The status of an auto-renewable subscription (Get All Subscription Statuses).
public struct AppStoreSubscriptionStatus: RawRepresentable, Codable, Hashable, Sendable {
    /// The number Apple sends.
    public let rawValue: Int
    /// Any value, including ones this version does not name.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// 1: active.
    public static let active = Self(rawValue: 1)
    /// 2: expired.
    public static let expired = Self(rawValue: 2)
    /// 3: in the billing retry period.
    public static let billingRetry = Self(rawValue: 3)
    /// 4: in the billing grace period.
    public static let billingGracePeriod = Self(rawValue: 4)
    /// 5: revoked (refunded or no longer shared).
    public static let revoked = Self(rawValue: 5)
}

/// Whether an order ID is valid (Look Up Order ID).
public struct AppStoreOrderLookupStatus: RawRepresentable, Codable, Hashable, Sendable {
    /// The number Apple sends.
    public let rawValue: Int
    /// Any value, including ones this version does not name.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// 0: valid, with its transactions.
    public static let valid = Self(rawValue: 0)
    /// 1: invalid.
    public static let invalid = Self(rawValue: 1)
}

/// The result of one attempt to send a notification to the server.
public struct AppStoreSendAttemptResult: RawRepresentable, Codable, Hashable, Sendable {
    /// The raw value, e.g. "SUCCESS".
    public let rawValue: String
    /// Any value, including ones this version does not name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// "SUCCESS".
    public static let success = Self(rawValue: "SUCCESS")
    /// "TIMED_OUT".
    public static let timedOut = Self(rawValue: "TIMED_OUT")
    /// "TLS_ISSUE".
    public static let tlsIssue = Self(rawValue: "TLS_ISSUE")
    /// "CIRCULAR_REDIRECT".
    public static let circularRedirect = Self(rawValue: "CIRCULAR_REDIRECT")
    /// "NO_RESPONSE".
    public static let noResponse = Self(rawValue: "NO_RESPONSE")
    /// "SOCKET_ISSUE".
    public static let socketIssue = Self(rawValue: "SOCKET_ISSUE")
    /// "UNSUPPORTED_CHARSET".
    public static let unsupportedCharset = Self(rawValue: "UNSUPPORTED_CHARSET")
    /// "INVALID_RESPONSE".
    public static let invalidResponse = Self(rawValue: "INVALID_RESPONSE")
    /// "PREMATURE_CLOSE".
    public static let prematureClose = Self(rawValue: "PREMATURE_CLOSE")
    /// "UNSUCCESSFUL_HTTP_RESPONSE_CODE".
    public static let unsuccessfulHTTPResponseCode = Self(rawValue: "UNSUCCESSFUL_HTTP_RESPONSE_CODE")
    /// "OTHER".
    public static let other = Self(rawValue: "OTHER")
}

/// Why a subscription's renewal date is extended.
public struct AppStoreExtendReasonCode: RawRepresentable, Codable, Hashable, Sendable {
    /// The number Apple takes.
    public let rawValue: Int
    /// Any value, including ones this version does not name.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// 0: undeclared.
    public static let undeclared = Self(rawValue: 0)
    /// 1: customer satisfaction.
    public static let customerSatisfaction = Self(rawValue: 1)
    /// 2: other reasons.
    public static let other = Self(rawValue: 2)
    /// 3: a service issue or outage.
    public static let serviceIssueOrOutage = Self(rawValue: 3)
}

/// Whether and how the purchased content was delivered (Send Consumption Information, v2).
public struct AppStoreDeliveryStatus: RawRepresentable, Codable, Hashable, Sendable {
    /// The raw value, e.g. "DELIVERED".
    public let rawValue: String
    /// Any value, including ones this version does not name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Delivered and working.
    public static let delivered = Self(rawValue: "DELIVERED")
    /// Not delivered: a quality issue.
    public static let undeliveredQualityIssue = Self(rawValue: "UNDELIVERED_QUALITY_ISSUE")
    /// Not delivered: the wrong item.
    public static let undeliveredWrongItem = Self(rawValue: "UNDELIVERED_WRONG_ITEM")
    /// Not delivered: a server outage.
    public static let undeliveredServerOutage = Self(rawValue: "UNDELIVERED_SERVER_OUTAGE")
    /// Not delivered: another reason.
    public static let undeliveredOther = Self(rawValue: "UNDELIVERED_OTHER")
}

/// What the developer would like Apple to decide on a refund request (Send Consumption Information, v2).
public struct AppStoreRefundPreference: RawRepresentable, Codable, Hashable, Sendable {
    /// The raw value, e.g. "GRANT_FULL".
    public let rawValue: String
    /// Any value, including ones this version does not name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Decline the refund.
    public static let decline = Self(rawValue: "DECLINE")
    /// Grant a full refund.
    public static let grantFull = Self(rawValue: "GRANT_FULL")
    /// Grant a prorated refund.
    public static let grantProrated = Self(rawValue: "GRANT_PRORATED")
}

// The decoded payload of signed subscription renewal info (Apple: JWSRenewalInfoDecodedPayload,
// https://developer.apple.com/documentation/appstoreserverapi/jwsrenewalinfodecodedpayload). Unknown
// fields are ignored.

import PureJWT
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Verified subscription renewal info.
public struct RenewalInfoPayload: Codable, Hashable, Sendable {
    /// Why the subscription expired (1 cancelled, 2 billing error, 3 price increase refused, 4 product
    /// unavailable, 5 other).
    public var expirationIntent: Int?
    /// The identifier of the original purchase.
    public var originalTransactionId: String?
    /// The product that renews next.
    public var autoRenewProductId: String?
    /// The current product.
    public var productId: String?
    /// 1 when the subscription renews automatically, 0 when turned off.
    public var autoRenewStatus: Int?
    /// Whether the App Store is still trying to renew.
    public var isInBillingRetryPeriod: Bool?
    /// 0 not yet answered, 1 accepted (or not needed).
    public var priceIncreaseStatus: Int?
    /// When the billing grace period ends.
    @MillisecondsSince1970 public var gracePeriodExpiresDate: Date?
    /// The offer type of the next renewal.
    public var offerType: Int?
    /// The offer's identifier.
    public var offerIdentifier: String?
    /// When Apple signed the renewal info.
    @MillisecondsSince1970 public var signedDate: Date?
    /// The environment.
    public var environment: AppStoreEnvironment?
    /// The start of the most recent continuous run of the subscription.
    @MillisecondsSince1970 public var recentSubscriptionStartDate: Date?
    /// When the subscription renews next.
    @MillisecondsSince1970 public var renewalDate: Date?
    /// The ISO 4217 currency of `renewalPrice`.
    public var currency: String?
    /// The renewal price in milliunits of `currency`.
    public var renewalPrice: Int64?
    /// The offer discount type of the next renewal.
    public var offerDiscountType: String?
    /// Win-back offers the customer is eligible for.
    public var eligibleWinBackOfferIds: [String]?
    /// The UUID your app set on the purchase.
    public var appAccountToken: String?
    /// The app download's transaction identifier.
    public var appTransactionId: String?
    /// The offer's duration (ISO 8601).
    public var offerPeriod: String?
    /// The billing plan of the next renewal ("MONTHLY", …).
    public var renewalBillingPlanType: String?
    /// The renewal of a subscription with a commitment.
    public var commitmentInfo: RenewalCommitmentInfo?
    /// An Advanced Commerce API subscription's renewal details (items, price increases), kept as the JSON
    /// Apple sent.
    public var advancedCommerceInfo: JSONValue?
}

/// How a subscription with a commitment renews when the commitment ends.
public struct RenewalCommitmentInfo: Codable, Hashable, Sendable {
    /// The product the commitment renews to.
    public var commitmentAutoRenewProductId: String?
    /// Whether the commitment renews (1) or not (0).
    public var commitmentAutoRenewStatus: Int?
    /// The billing plan after renewal.
    public var commitmentRenewalBillingPlanType: String?
    /// When the commitment renews.
    @MillisecondsSince1970 public var commitmentRenewalDate: Date?
    /// The renewal price, in milliunits of the currency.
    public var commitmentRenewalPrice: Int64?
}

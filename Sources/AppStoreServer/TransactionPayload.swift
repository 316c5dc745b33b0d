// The decoded payload of a signed transaction (Apple: JWSTransactionDecodedPayload,
// https://developer.apple.com/documentation/appstoreserverapi/jwstransactiondecodedpayload), from
// StoreKit 2, the App Store Server API and notifications. Unknown fields are ignored; enumerations keep
// values this version does not name.

import PureJWT
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A verified transaction.
public struct TransactionPayload: Codable, Hashable, Sendable {
    /// The transaction's identifier.
    public var transactionId: String?
    /// The identifier of the original purchase (the same for every renewal of a subscription).
    public var originalTransactionId: String?
    /// The identifier of a subscription purchase event across devices.
    public var webOrderLineItemId: String?
    /// The app's bundle ID.
    public var bundleId: String?
    /// The product's identifier.
    public var productId: String?
    /// The subscription group, for subscriptions.
    public var subscriptionGroupIdentifier: String?
    /// When the App Store charged (or restored) the purchase.
    @MillisecondsSince1970 public var purchaseDate: Date?
    /// The original purchase's date.
    @MillisecondsSince1970 public var originalPurchaseDate: Date?
    /// When the subscription expires or renews.
    @MillisecondsSince1970 public var expiresDate: Date?
    /// How many were bought.
    public var quantity: Int?
    /// "Auto-Renewable Subscription", "Non-Consumable", "Consumable" or "Non-Renewing Subscription".
    public var type: String?
    /// The UUID your app set on the purchase.
    public var appAccountToken: String?
    /// "PURCHASED" or "FAMILY_SHARED".
    public var inAppOwnershipType: String?
    /// When Apple signed the transaction.
    @MillisecondsSince1970 public var signedDate: Date?
    /// Why the App Store refunded or revoked it (0 other, 1 an issue in the app).
    public var revocationReason: Int?
    /// When the App Store refunded or revoked it.
    @MillisecondsSince1970 public var revocationDate: Date?
    /// Whether the user upgraded to another subscription.
    public var isUpgraded: Bool?
    /// The offer type (1 introductory, 2 promotional, 3 offer code, 4 win-back).
    public var offerType: Int?
    /// The offer's identifier.
    public var offerIdentifier: String?
    /// The environment.
    public var environment: AppStoreEnvironment?
    /// The storefront's country code.
    public var storefront: String?
    /// The storefront's identifier.
    public var storefrontId: String?
    /// "PURCHASE" or "RENEWAL".
    public var transactionReason: String?
    /// The ISO 4217 currency of `price`.
    public var currency: String?
    /// The price in milliunits of `currency`.
    public var price: Int64?
    /// "FREE_TRIAL", "PAY_AS_YOU_GO" or "PAY_UP_FRONT".
    public var offerDiscountType: String?
    /// The app download's transaction identifier.
    public var appTransactionId: String?
    /// The offer's duration (ISO 8601).
    public var offerPeriod: String?
    /// How the App Store revoked it: "REFUND_FULL", "REFUND_PRORATED", "FAMILY_REVOKE".
    public var revocationType: String?
    /// The share refunded, in thousandths of a percent (50000: half), for a prorated refund.
    public var revocationPercentage: Int?
    /// The billing plan of a subscription with a commitment ("MONTHLY", …).
    public var billingPlanType: String?
    /// The commitment of a subscription billed in periods over a committed term.
    public var commitmentInfo: TransactionCommitmentInfo?
    /// An Advanced Commerce API purchase's details (descriptors, items, refunds, taxes), kept as the JSON
    /// Apple sent.
    public var advancedCommerceInfo: JSONValue?
}

/// A transaction's commitment: where in the committed term this billing period is.
public struct TransactionCommitmentInfo: Codable, Hashable, Sendable {
    /// This billing period's number within the commitment.
    public var billingPeriodNumber: Int?
    /// When the commitment ends.
    @MillisecondsSince1970 public var commitmentExpiresDate: Date?
    /// The commitment's total price, in milliunits of the transaction's currency.
    public var commitmentPrice: Int64?
    /// The number of billing periods in the commitment.
    public var totalBillingPeriods: Int?
}

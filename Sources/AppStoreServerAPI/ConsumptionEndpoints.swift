// Send Consumption Information, the answer to a CONSUMPTION_REQUEST notification (a customer asked for a
// refund of a consumable or subscription): v2 with string values, and v1, which Apple deprecated, with
// integer codes. Both PUT a value for the transaction, so repeating one is harmless: retried.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Send Consumption Information (v2)'s body.
public struct AppStoreConsumptionRequest: Codable, Hashable, Sendable {
    /// Whether the customer consented to sending this information (required: true).
    public var customerConsented: Bool
    /// Whether a free sample or trial of the content was available.
    public var sampleContentProvided: Bool
    /// Whether the content was delivered and works.
    public var deliveryStatus: AppStoreDeliveryStatus
    /// How much was consumed, in thousandths of a percent (0 to 100,000); nil: not sent.
    public var consumptionPercentage: Int?
    /// What you would like Apple to decide; nil: not sent.
    public var refundPreference: AppStoreRefundPreference?

    /// A body; only what is given is sent.
    public init(customerConsented: Bool, sampleContentProvided: Bool, deliveryStatus: AppStoreDeliveryStatus,
                consumptionPercentage: Int? = nil, refundPreference: AppStoreRefundPreference? = nil) {
        self.customerConsented = customerConsented
        self.sampleContentProvided = sampleContentProvided
        self.deliveryStatus = deliveryStatus
        self.consumptionPercentage = consumptionPercentage
        self.refundPreference = refundPreference
    }
}

/// Send Consumption Information v1's body, with Apple's integer codes (see Apple's ConsumptionRequestV1
/// for each value's meaning). Deprecated by Apple: send `AppStoreConsumptionRequest` (v2).
public struct AppStoreConsumptionRequestV1: Codable, Hashable, Sendable {
    /// Whether the customer consented (required: true).
    public var customerConsented: Bool
    /// consumptionStatus: 0 undeclared, 1 not consumed, 2 partially, 3 fully.
    public var consumptionStatus: Int
    /// platform: 0 undeclared, 1 Apple, 2 non-Apple.
    public var platform: Int
    /// Whether a free sample or trial was available.
    public var sampleContentProvided: Bool
    /// deliveryStatus: 0 delivered and working, 1–5 not delivered (quality, wrong item, outage, currency, other).
    public var deliveryStatus: Int
    /// The app account token (a UUID), or "" when there is none (Apple requires the member).
    public var appAccountToken: String
    /// accountTenure: 0 undeclared, 1–7 from 0–3 days to over 365 days.
    public var accountTenure: Int
    /// playTime: 0 undeclared, 1–7 from 0–5 minutes to over 2,000 hours.
    public var playTime: Int
    /// lifetimeDollarsRefunded: 0 undeclared, 1–7 from $0 to over $2,000.
    public var lifetimeDollarsRefunded: Int
    /// lifetimeDollarsPurchased: 0 undeclared, 1–7 from $0 to over $2,000.
    public var lifetimeDollarsPurchased: Int
    /// userStatus: 0 undeclared, 1 active, 2 suspended, 3 terminated, 4 limited access.
    public var userStatus: Int
    /// refundPreference: 0 undeclared, 1 grant, 2 decline, 3 no preference; nil: not sent.
    public var refundPreference: Int?

    /// A v1 body.
    public init(customerConsented: Bool, consumptionStatus: Int, platform: Int, sampleContentProvided: Bool, deliveryStatus: Int,
                appAccountToken: UUID?, accountTenure: Int, playTime: Int, lifetimeDollarsRefunded: Int, lifetimeDollarsPurchased: Int,
                userStatus: Int, refundPreference: Int? = nil) {
        self.customerConsented = customerConsented
        self.consumptionStatus = consumptionStatus
        self.platform = platform
        self.sampleContentProvided = sampleContentProvided
        self.deliveryStatus = deliveryStatus
        self.appAccountToken = appAccountToken.map(AppStoreServerAPIClient.text) ?? ""
        self.accountTenure = accountTenure
        self.playTime = playTime
        self.lifetimeDollarsRefunded = lifetimeDollarsRefunded
        self.lifetimeDollarsPurchased = lifetimeDollarsPurchased
        self.userStatus = userStatus
        self.refundPreference = refundPreference
    }
}

extension AppStoreServerAPIClient {
    /// Send Consumption Information (v2): PUT /inApps/v2/transactions/consumption/{transactionId}, within
    /// 12 hours of the CONSUMPTION_REQUEST notification. Sets a value: retried.
    public func sendConsumptionInformation(transactionID: String, _ request: AppStoreConsumptionRequest) async throws(AppStoreAPIError) {
        if let percentage = request.consumptionPercentage, !(0...100_000).contains(percentage) {
            throw AppStoreAPIError(.invalidRequest("consumptionPercentage is in thousandths of a percent, from 0 to 100,000, not \(percentage)"))
        }
        _ = try await send("PUT", "/inApps/v2/transactions/consumption/" + Self.segment(transactionID, "transaction ID"),
                           body: .json(request), .repeatable)
    }

    /// Send Consumption Information v1: PUT /inApps/v1/transactions/consumption/{transactionId}. Sets a
    /// value: retried.
    @available(*, deprecated, message: "Apple deprecated Send Consumption Information v1: send an AppStoreConsumptionRequest (v2)")
    public func sendConsumptionInformationV1(transactionID: String, _ request: AppStoreConsumptionRequestV1) async throws(AppStoreAPIError) {
        _ = try await send("PUT", "/inApps/v1/transactions/consumption/" + Self.segment(transactionID, "transaction ID"),
                           body: .json(request), .repeatable)
    }
}

// Values that recur in App Store payloads. Apple adds values to its string enumerations over time, so each
// is a struct around its raw string: an unknown value decodes and is kept (compare with the named
// constants, switch with a `default:`). Dates are milliseconds since 1970 (UNIX time), as Apple sends them.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The server environment a payload comes from.
public struct AppStoreEnvironment: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The raw value, e.g. "Production".
    public let rawValue: String
    /// Any value, including ones this version does not name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The live App Store.
    public static let production = AppStoreEnvironment(rawValue: "Production")
    /// The sandbox.
    public static let sandbox = AppStoreEnvironment(rawValue: "Sandbox")
    /// StoreKit testing in Xcode (not signed by Apple).
    public static let xcode = AppStoreEnvironment(rawValue: "Xcode")
    /// StoreKit local testing (not signed by Apple).
    public static let localTesting = AppStoreEnvironment(rawValue: "LocalTesting")
    /// The raw value.
    public var description: String { rawValue }
}

/// The type of an App Store Server Notification V2.
public struct NotificationType: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The raw value, e.g. "DID_RENEW".
    public let rawValue: String
    /// Any value, including ones this version does not name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// "SUBSCRIBED".
    public static let subscribed = Self(rawValue: "SUBSCRIBED")
    /// "DID_RENEW".
    public static let didRenew = Self(rawValue: "DID_RENEW")
    /// "DID_FAIL_TO_RENEW".
    public static let didFailToRenew = Self(rawValue: "DID_FAIL_TO_RENEW")
    /// "DID_CHANGE_RENEWAL_PREF".
    public static let didChangeRenewalPref = Self(rawValue: "DID_CHANGE_RENEWAL_PREF")
    /// "DID_CHANGE_RENEWAL_STATUS".
    public static let didChangeRenewalStatus = Self(rawValue: "DID_CHANGE_RENEWAL_STATUS")
    /// "EXPIRED".
    public static let expired = Self(rawValue: "EXPIRED")
    /// "GRACE_PERIOD_EXPIRED".
    public static let gracePeriodExpired = Self(rawValue: "GRACE_PERIOD_EXPIRED")
    /// "OFFER_REDEEMED".
    public static let offerRedeemed = Self(rawValue: "OFFER_REDEEMED")
    /// "PRICE_INCREASE".
    public static let priceIncrease = Self(rawValue: "PRICE_INCREASE")
    /// "REFUND".
    public static let refund = Self(rawValue: "REFUND")
    /// "REFUND_DECLINED".
    public static let refundDeclined = Self(rawValue: "REFUND_DECLINED")
    /// "REFUND_REVERSED".
    public static let refundReversed = Self(rawValue: "REFUND_REVERSED")
    /// "CONSUMPTION_REQUEST".
    public static let consumptionRequest = Self(rawValue: "CONSUMPTION_REQUEST")
    /// "RENEWAL_EXTENDED".
    public static let renewalExtended = Self(rawValue: "RENEWAL_EXTENDED")
    /// "RENEWAL_EXTENSION".
    public static let renewalExtension = Self(rawValue: "RENEWAL_EXTENSION")
    /// "REVOKE".
    public static let revoke = Self(rawValue: "REVOKE")
    /// "ONE_TIME_CHARGE".
    public static let oneTimeCharge = Self(rawValue: "ONE_TIME_CHARGE")
    /// "RESCIND_CONSENT" (with `appData`, the app and its signed app transaction).
    public static let rescindConsent = Self(rawValue: "RESCIND_CONSENT")
    /// "METADATA_UPDATE".
    public static let metadataUpdate = Self(rawValue: "METADATA_UPDATE")
    /// "MIGRATION".
    public static let migration = Self(rawValue: "MIGRATION")
    /// "PRICE_CHANGE".
    public static let priceChange = Self(rawValue: "PRICE_CHANGE")
    /// "EXTERNAL_PURCHASE_TOKEN".
    public static let externalPurchaseToken = Self(rawValue: "EXTERNAL_PURCHASE_TOKEN")
    /// "TEST".
    public static let test = Self(rawValue: "TEST")
    /// The raw value.
    public var description: String { rawValue }
}

/// The subtype of a notification.
public struct NotificationSubtype: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The raw value, e.g. "AUTO_RENEW_DISABLED".
    public let rawValue: String
    /// Any value, including ones this version does not name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// "INITIAL_BUY".
    public static let initialBuy = Self(rawValue: "INITIAL_BUY")
    /// "RESUBSCRIBE".
    public static let resubscribe = Self(rawValue: "RESUBSCRIBE")
    /// "DOWNGRADE".
    public static let downgrade = Self(rawValue: "DOWNGRADE")
    /// "UPGRADE".
    public static let upgrade = Self(rawValue: "UPGRADE")
    /// "AUTO_RENEW_ENABLED".
    public static let autoRenewEnabled = Self(rawValue: "AUTO_RENEW_ENABLED")
    /// "AUTO_RENEW_DISABLED".
    public static let autoRenewDisabled = Self(rawValue: "AUTO_RENEW_DISABLED")
    /// "VOLUNTARY".
    public static let voluntary = Self(rawValue: "VOLUNTARY")
    /// "BILLING_RETRY".
    public static let billingRetry = Self(rawValue: "BILLING_RETRY")
    /// "PRICE_INCREASE".
    public static let priceIncrease = Self(rawValue: "PRICE_INCREASE")
    /// "GRACE_PERIOD".
    public static let gracePeriod = Self(rawValue: "GRACE_PERIOD")
    /// "BILLING_RECOVERY".
    public static let billingRecovery = Self(rawValue: "BILLING_RECOVERY")
    /// "PENDING".
    public static let pending = Self(rawValue: "PENDING")
    /// "ACCEPTED".
    public static let accepted = Self(rawValue: "ACCEPTED")
    /// "SUMMARY".
    public static let summary = Self(rawValue: "SUMMARY")
    /// "FAILURE".
    public static let failure = Self(rawValue: "FAILURE")
    /// "UNREPORTED" (EXTERNAL_PURCHASE_TOKEN: a token not yet reported).
    public static let unreported = Self(rawValue: "UNREPORTED")
    /// "ACTIVE_TOKEN_REMINDER" (EXTERNAL_PURCHASE_TOKEN).
    public static let activeTokenReminder = Self(rawValue: "ACTIVE_TOKEN_REMINDER")
    /// "CREATED" (EXTERNAL_PURCHASE_TOKEN).
    public static let created = Self(rawValue: "CREATED")
    /// The raw value.
    public var description: String { rawValue }
}

/// A date Apple sends as milliseconds since 1970 (fractions allowed: StoreKit testing sends them), absent
/// or null as nil. Encodes back as milliseconds.
@propertyWrapper
public struct MillisecondsSince1970: Codable, Hashable, Sendable {
    /// The date, if present.
    public var wrappedValue: Date?

    /// A date or nil.
    public init(wrappedValue: Date?) { self.wrappedValue = wrappedValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            wrappedValue = nil
        } else {
            let milliseconds = try container.decode(Double.self)
            guard milliseconds.isFinite, abs(milliseconds) < 1e15 else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(milliseconds) is not a date in milliseconds")
            }
            wrappedValue = Date(timeIntervalSince1970: milliseconds / 1000)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            guard let milliseconds = Int64(exactly: (wrappedValue.timeIntervalSince1970 * 1000).rounded()) else {
                throw EncodingError.invalidValue(wrappedValue, EncodingError.Context(
                    codingPath: encoder.codingPath, debugDescription: "\(wrappedValue) is outside the range of milliseconds since 1970"))
            }
            try container.encode(milliseconds)
        } else {
            try container.encodeNil()
        }
    }
}

extension KeyedDecodingContainer {
    /// An absent key is a nil date (synthesized Decodable would otherwise require the key).
    public func decode(_ type: MillisecondsSince1970.Type, forKey key: Key) throws -> MillisecondsSince1970 {
        try decodeIfPresent(type, forKey: key) ?? MillisecondsSince1970(wrappedValue: nil)
    }
}

extension KeyedEncodingContainer {
    /// A nil date is left out (as Apple leaves it out).
    public mutating func encode(_ value: MillisecondsSince1970, forKey key: Key) throws {
        if value.wrappedValue != nil { try encodeIfPresent(value, forKey: key) }
    }
}

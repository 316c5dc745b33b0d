// An app receipt's fields, decoded (Apple's "Validating receipts on the device", Receipt Fields): the
// payload is a SET OF ReceiptAttribute { type INTEGER, version INTEGER, value OCTET STRING }, each value
// the DER of a UTF8String, IA5String (dates, RFC 3339) or INTEGER; an in-app purchase (type 17) holds a SET
// of the same kind. Unknown types are skipped (Apple uses many undocumented ones); a documented type whose
// value has the wrong ASN.1 type is a malformed receipt. Absent dates are empty IA5Strings in real
// receipts: they decode as nil.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureASN1

/// The fields of an app receipt.
public struct AppReceipt: Hashable, Sendable, Codable {
    /// Attribute 0 (undocumented): "Production", "ProductionSandbox" or "Xcode".
    public var receiptType: String?
    /// 2: the app's bundle ID.
    public var bundleId: String?
    /// 3: the app's version (CFBundleVersion, or CFBundleShortVersionString on macOS).
    public var appVersion: String?
    /// 4: the opaque value hashed into `sha1Hash`.
    public var opaqueValue: [UInt8]
    /// 5: SHA-1(device identifier ‖ opaque value ‖ bundle ID attribute).
    public var sha1Hash: [UInt8]
    /// 12: when the receipt was made.
    public var creationDate: Date?
    /// 19: the version first bought.
    public var originalAppVersion: String?
    /// 21: when the receipt expires (Volume Purchase Program), if it does.
    public var expirationDate: Date?
    /// 18: when a pre-order was placed, if it was.
    public var preorderDate: Date?
    /// 17: the in-app purchases, in the receipt's order.
    public var inAppPurchases: [AppReceiptInAppPurchase]

    /// The DER of the bundle ID attribute's value, which the device hash covers.
    var bundleIDAttribute: [UInt8] = []

    private enum CodingKeys: String, CodingKey {
        case receiptType, bundleId, appVersion, opaqueValue, sha1Hash, creationDate, originalAppVersion, expirationDate, preorderDate, inAppPurchases
    }
}

/// One in-app purchase of an app receipt (attribute 17).
public struct AppReceiptInAppPurchase: Hashable, Sendable, Codable {
    /// 1701: the quantity bought.
    public var quantity: Int?
    /// 1702: the product ID.
    public var productId: String?
    /// 1703: the transaction ID.
    public var transactionId: String?
    /// 1705: the original transaction ID (of the first purchase of a subscription or restored item).
    public var originalTransactionId: String?
    /// 1704: when it was bought.
    public var purchaseDate: Date?
    /// 1706: when the original transaction was bought.
    public var originalPurchaseDate: Date?
    /// 1708: when an auto-renewable subscription expires.
    public var subscriptionExpirationDate: Date?
    /// 1712: when Apple refunded it or the family member lost access, if it did.
    public var cancellationDate: Date?
    /// 1711: the subscription's web order line item ID.
    public var webOrderLineItemId: Int64?
    /// 1713: whether this period is a free trial.
    public var isTrialPeriod: Bool?
    /// 1719: whether this period is an introductory offer.
    public var isInIntroOfferPeriod: Bool?
    /// 1721: the promotional offer's identifier.
    public var promotionalOfferId: String?
}

extension AppReceipt {
    /// The receipt's fields from the payload's DER (the signed content of the PKCS#7).
    init(payload: ArraySlice<UInt8>) throws(ASN1Error) {
        opaqueValue = []
        sha1Hash = []
        inAppPurchases = []
        for attribute in try ReceiptUtility.attributes(payload) {
            let value = attribute.value
            switch attribute.type {
            case 0: receiptType = try ReceiptUtility.string(value)
            case 2:
                bundleId = try ReceiptUtility.string(value)
                bundleIDAttribute = Array(value)
            case 3: appVersion = try ReceiptUtility.string(value)
            case 4: opaqueValue = Array(value)
            case 5: sha1Hash = Array(value)
            case 12: creationDate = try Self.date(value)
            case 17: inAppPurchases.append(try AppReceiptInAppPurchase(value))
            case 18: preorderDate = try Self.date(value)
            case 19: originalAppVersion = try ReceiptUtility.string(value)
            case 21: expirationDate = try Self.date(value)
            default: break
            }
        }
    }

    /// An IA5String date: RFC 3339 ("2023-10-19T01:18:54Z", a fraction or an offset such as "+0100" or
    /// "-07:00" allowed); an empty string is nil.
    static func date(_ value: ArraySlice<UInt8>) throws(ASN1Error) -> Date? {
        let text = try ReceiptUtility.string(value)
        if text.isEmpty { return nil }
        guard let seconds = RFC3339.seconds(text) else {
            throw ASN1Error(.invalidValue("\"\(text.prefix(40))\" is not an RFC 3339 date"), at: value.startIndex)
        }
        return Date(timeIntervalSince1970: seconds)
    }

    /// A DER INTEGER attribute value within Int64.
    static func integer(_ value: ArraySlice<UInt8>) throws(ASN1Error) -> Int64 {
        let node = try DER.parse(value)
        try node.require(.integer)
        let (negative, bytes) = try node.integer()
        guard !negative, bytes.count <= 8 else { throw ASN1Error(.invalidValue("an integer attribute out of range"), at: node.offset) }
        return bytes.reduce(Int64(0)) { $0 << 8 | Int64($1) }
    }
}

extension AppReceiptInAppPurchase {
    init(_ set: ArraySlice<UInt8>) throws(ASN1Error) {
        for attribute in try ReceiptUtility.attributes(set) {
            let value = attribute.value
            switch attribute.type {
            case 1701:
                // Int(exactly:): a hostile quantity must not trap where Int is 32 bits (watchOS arm64_32).
                guard let count = Int(exactly: try AppReceipt.integer(value)) else {
                    throw ASN1Error(.invalidValue("a quantity out of range"), at: value.startIndex)
                }
                quantity = count
            case 1702: productId = try ReceiptUtility.string(value)
            case 1703: transactionId = try ReceiptUtility.string(value)
            case 1704: purchaseDate = try AppReceipt.date(value)
            case 1705: originalTransactionId = try ReceiptUtility.string(value)
            case 1706: originalPurchaseDate = try AppReceipt.date(value)
            case 1708: subscriptionExpirationDate = try AppReceipt.date(value)
            case 1711: webOrderLineItemId = try AppReceipt.integer(value)
            case 1712: cancellationDate = try AppReceipt.date(value)
            case 1713: isTrialPeriod = try AppReceipt.integer(value) != 0
            case 1719: isInIntroOfferPeriod = try AppReceipt.integer(value) != 0
            case 1721: promotionalOfferId = try ReceiptUtility.string(value)
            default: break
            }
        }
    }
}

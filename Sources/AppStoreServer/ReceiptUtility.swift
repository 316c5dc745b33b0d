// Transaction identifiers out of the receipts older app versions send, for the App Store Server API's Get
// Transaction History (any transaction of the customer's works there), as Apple's ReceiptUtility does.
//
// An app receipt is a PKCS#7 SignedData (RFC 2315 §9.1; CMS, RFC 5652 §5) whose content is the payload,
// a SET OF ReceiptAttribute ::= SEQUENCE { type INTEGER, version INTEGER, value OCTET STRING }; an in-app
// purchase is attribute 17, whose value is the same kind of SET, where 1703 is the transaction identifier
// and 1705 the original transaction identifier, each an OCTET STRING holding a UTF8String (Apple's
// "Validating receipts on the device", receipt fields). App Store receipts are DER; Xcode's StoreKit-testing
// receipts are BER (indefinite lengths, the payload in a constructed OCTET STRING), read through
// PureASN1's BER reader. A legacy transaction receipt (iOS 6 style) is base64 of an old-style property list
// whose "purchase-info" is base64 of another, holding "transaction-id".
//
// Nothing here verifies a signature: the identifiers are for asking Apple, which answers with signed data.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureASN1
import PureBase64
import PureX509

/// Transaction identifiers from app receipts and legacy transaction receipts.
public enum ReceiptUtility {
    /// The largest receipt read: 4 MiB (receipts with hundreds of purchases are about 100 KB).
    public static let maximumReceiptSize = 4 << 20

    /// A transaction identifier from a base64 app receipt (what `Bundle.main.appStoreReceiptURL` holds,
    /// base64-encoded; whitespace ignored): the first in-app purchase's transaction identifier (1703, or
    /// 1705 when that comes first), as Apple's Python, Java and Node libraries return; nil when the
    /// receipt has no in-app purchase. Apple's Swift library returns the last purchase's original
    /// transaction identifier instead; either finds the customer's history.
    public static func transactionID(fromAppReceipt base64: String) throws(AppStoreVerificationError) -> String? {
        try transactionID(fromAppReceipt: decodeBase64(base64, what: "app receipt"))
    }

    /// The same for the receipt's bytes (DER or BER PKCS#7). Reads up to the first in-app purchase's
    /// identifier and stops.
    public static func transactionID(fromAppReceipt bytes: [UInt8]) throws(AppStoreVerificationError) -> String? {
        guard bytes.count <= maximumReceiptSize else {
            throw malformed("the receipt is \(bytes.count) bytes, over the \(maximumReceiptSize)-byte limit")
        }
        do {
            return try withDefiniteLengths(bytes) { der in
                let payload = try payloadBytes(der)
                // The whole set is read (the reader refuses what it leaves unread), the in-app purchases only
                // until one has an identifier.
                return try DER.parse(payload).constructed(.set) { (set) throws(ASN1Error) -> String? in
                    var found: String?
                    while !set.isEmpty {
                        let (type, value) = try attribute(set.next("receipt attribute"))
                        guard type == 17, found == nil else { continue }
                        found = try DER.parse(value).constructed(.set) { (purchase) throws(ASN1Error) -> String? in
                            var first: String?
                            while !purchase.isEmpty {
                                let (field, text) = try attribute(purchase.next("in-app attribute"))
                                if first == nil, field == 1703 || field == 1705 { first = try string(text) }
                            }
                            return first
                        }
                    }
                    return found
                }
            }
        } catch {
            throw malformed("\(error)")
        }
    }

    /// The transaction identifier of a base64 legacy transaction receipt (`SKPaymentTransaction
    /// .transactionReceipt`), nil when it names none.
    public static func transactionID(fromTransactionReceipt base64: String) throws(AppStoreVerificationError) -> String? {
        let outer = String(decoding: try decodeBase64(base64, what: "transaction receipt"), as: UTF8.self)
        guard let purchaseInfo = propertyListValue("purchase-info", in: outer) else { return nil }
        let inner = String(decoding: try decodeBase64(purchaseInfo, what: "transaction receipt's purchase-info"), as: UTF8.self)
        return propertyListValue("transaction-id", in: inner)
    }

    // MARK: The PKCS#7

    /// `body` of the receipt with definite lengths. App Store receipts are DER and are read as they are;
    /// Xcode's BER (an indefinite length at the top, `30 80`), or a receipt the DER reading refuses, goes
    /// through PureASN1's BER reader first.
    static func withDefiniteLengths<T>(_ bytes: [UInt8], _ body: ([UInt8]) throws -> T) throws -> T {
        if bytes.count > 1, bytes[1] == 0x80 { return try body(BER.definiteLengthEncoding(bytes, maximumSize: 2 * maximumReceiptSize)) }
        do { return try body(bytes) } catch {
            let converted = try BER.definiteLengthEncoding(bytes, maximumSize: 2 * maximumReceiptSize)
            guard converted != bytes else { throw error }
            return try body(converted)
        }
    }

    /// One attribute of an in-app purchase whose value is a string (1703, 1705, …).
    package struct StringAttribute: Sendable, Equatable {
        package let type: Int
        package let value: String
    }

    /// Each in-app purchase's string attributes, in the receipt's order (package access, for the tests).
    package static func inAppPurchases(_ bytes: [UInt8]) throws(AppStoreVerificationError) -> [[StringAttribute]] {
        guard bytes.count <= maximumReceiptSize else {
            throw malformed("the receipt is \(bytes.count) bytes, over the \(maximumReceiptSize)-byte limit")
        }
        do {
            return try withDefiniteLengths(bytes) { der in
                var purchases: [[StringAttribute]] = []
                for purchase in try attributes(payloadBytes(der)) where purchase.type == 17 {
                    var identifiers: [StringAttribute] = []
                    for attribute in try attributes(purchase.value) where attribute.type == 1703 || attribute.type == 1705 {
                        identifiers.append(StringAttribute(type: attribute.type, value: try string(attribute.value)))
                    }
                    purchases.append(identifiers)
                }
                return purchases
            }
        } catch {
            throw malformed("\(error)")
        }
    }

    /// The signed content of a PKCS#7 ContentInfo holding SignedData: the payload's DER.
    private static func payloadBytes(_ der: [UInt8]) throws(ASN1Error) -> ArraySlice<UInt8> {
        try DER.parse(der).sequence { (contentInfo) throws(ASN1Error) in
            guard try contentInfo.next("contentType").objectIdentifier() == signedDataOID else {
                throw ASN1Error(.invalidValue("not PKCS#7 SignedData"), at: 0)
            }
            return try contentInfo.next("content").explicit(0).sequence { (signedData) throws(ASN1Error) in
                _ = try signedData.next("version")
                _ = try signedData.next("digestAlgorithms")
                let content = try signedData.next("encapContentInfo").sequence { (encap) throws(ASN1Error) in
                    guard try encap.next("eContentType").objectIdentifier() == dataOID else {
                        throw ASN1Error(.invalidValue("the signed content is not of type data"), at: 0)
                    }
                    return try encap.next("eContent").explicit(0).octetString()
                }
                while !signedData.isEmpty { _ = try signedData.next("certificates, crls or signerInfos") }
                return content
            }
        }
    }

    struct Attribute {
        let type: Int
        let value: ArraySlice<UInt8>
    }

    /// A SET OF ReceiptAttribute, in the order of the bytes (Apple's sets are not sorted).
    static func attributes(_ der: ArraySlice<UInt8>) throws(ASN1Error) -> [Attribute] {
        try DER.parse(der).constructed(.set) { (set) throws(ASN1Error) in
            var attributes: [Attribute] = []
            while !set.isEmpty {
                let (type, value) = try attribute(set.next("receipt attribute"))
                attributes.append(Attribute(type: type, value: value))
            }
            return attributes
        }
    }

    /// One ReceiptAttribute ::= SEQUENCE { type INTEGER, version INTEGER, value OCTET STRING }.
    static func attribute(_ node: DERNode) throws(ASN1Error) -> (type: Int, value: ArraySlice<UInt8>) {
        try node.sequence { (attribute) throws(ASN1Error) in
            let type = try attribute.next("type").smallInteger()
            _ = try attribute.next("version")
            return (type, try attribute.next("value").octetString())
        }
    }

    /// The text of a UTF8String or IA5String held in an attribute's value.
    static func string(_ der: ArraySlice<UInt8>) throws(ASN1Error) -> String {
        let node = try DER.parse(der)
        // UTF8String (universal 12) or IA5String (universal 22), primitive.
        guard node.tag.tagClass == .universal, !node.tag.isConstructed, node.tag.number == 12 || node.tag.number == 22 else {
            throw ASN1Error(.invalidValue("a transaction identifier that is not a UTF8String or IA5String"), at: node.offset)
        }
        return String(decoding: node.content, as: UTF8.self)
    }

    static let signedDataOID = PKCS7SignedData.signedDataOID
    static let dataOID = PKCS7SignedData.dataOID

    // MARK: Helpers

    static func decodeBase64(_ text: String, what: String) throws(AppStoreVerificationError) -> [UInt8] {
        guard text.utf8.count <= maximumReceiptSize * 4 / 3 + 4096 else {
            throw malformed("the \(what) is \(text.utf8.count) characters of base64, over the limit")
        }
        do { return try Base64.decodeIgnoringWhitespace(text) } catch {
            throw malformed("the \(what) is not base64 (\(error))")
        }
    }

    /// The value of `"key" = "value";` in an old-style property list's text.
    private static func propertyListValue(_ key: String, in text: String) -> String? {
        guard let keyRange = text.firstRange(of: "\"\(key)\"") else { return nil }
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        var rest = text[keyRange.upperBound...].drop(while: isSpace)
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop(while: isSpace)
        guard rest.first == "\"" else { return nil }
        rest = rest.dropFirst()
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }

    static func malformed(_ message: String) -> AppStoreVerificationError {
        AppStoreVerificationError(.receiptMalformed(message))
    }
}

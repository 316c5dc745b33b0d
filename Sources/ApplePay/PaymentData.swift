// The decrypted payment data (Apple, "Payment token format reference", "Payment data keys"):
//
//   applicationPrimaryAccountNumber   the device (or merchant) token's account number    secret
//   applicationExpirationDate         YYMMDD
//   currencyCode                      ISO 4217 numeric
//   transactionAmount                 in the currency's minor units
//   cardholderName                    optional
//   deviceManufacturerIdentifier      hex
//   paymentDataType                   "3DSecure" or "EMV"
//   paymentData                       3DSecure: onlinePaymentCryptogram, eciIndicator     secret
//                                     EMV: emvData, encryptedPINData                     secret
//   merchantTokenIdentifier, merchantTokenMetadata   merchant tokens (recurring, deferred, automatic reload)
//   authenticationResponses           per-network authentication data                    secret
//
// Members Apple adds later are kept as JSON values. The account number, cryptogram, EMV data, PIN data
// and authentication data never appear in a description, a mirror (`dump`) or an error: a payment
// data value logged by mistake shows the amount and the type, not the card.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureJWT

/// The decrypted contents of a payment token. Holds card data: keep it out of logs (its description and
/// mirror redact the secrets) and within your PCI DSS scope.
public struct PaymentData: Sendable, Hashable {
    /// The account number (a device or merchant token's DPAN, not the card's number). Secret.
    public let applicationPrimaryAccountNumber: String
    /// The expiration date, YYMMDD.
    public let applicationExpirationDate: String
    /// The currency, ISO 4217 numeric ("840").
    public let currencyCode: String
    /// The amount, in the currency's minor units.
    public let transactionAmount: Int
    /// The cardholder's name, when the card provided it.
    public let cardholderName: String?
    /// The device manufacturer's identifier (hex).
    public let deviceManufacturerIdentifier: String?
    /// "3DSecure" or "EMV".
    public let paymentDataType: PaymentDataType
    /// The type's details.
    public let details: Details
    /// The merchant token's identifier, for payments made with a merchant token.
    public let merchantTokenIdentifier: String?
    /// The merchant token's metadata (card art and the like), as sent.
    public let merchantTokenMetadata: JSONValue?
    /// Per-network authentication responses, as sent. Secret.
    public let authenticationResponses: JSONValue?
    /// Members this version does not name, as sent.
    public let otherMembers: [String: JSONValue]
    /// The decrypted JSON, as Apple wrote it (what to hand a payment processor). Secret.
    public let jsonRepresentation: [UInt8]

    /// The kind of payment data.
    public enum PaymentDataType: Sendable, Hashable, CustomStringConvertible {
        /// "3DSecure": an online payment cryptogram.
        case threeDSecure
        /// "EMV": EMV data (China mainland).
        case emv
        /// A value this version does not name.
        case other(String)

        init(_ text: String) {
            switch text {
            case "3DSecure": self = .threeDSecure
            case "EMV": self = .emv
            default: self = .other(text)
            }
        }

        /// The value as Apple writes it.
        public var description: String {
            switch self {
            case .threeDSecure: return "3DSecure"
            case .emv: return "EMV"
            case .other(let text): return text
            }
        }
    }

    /// The `paymentData` member. Every value is secret.
    public struct Details: Sendable, Hashable {
        /// 3DSecure: the online payment cryptogram (base64).
        public let onlinePaymentCryptogram: String?
        /// 3DSecure: the ECI indicator, when present.
        public let eciIndicator: String?
        /// EMV: the EMV payment structure (base64).
        public let emvData: String?
        /// EMV: the encrypted PIN data (hex).
        public let encryptedPINData: String?
    }

    /// Reads decrypted payment data (as an HSM or a processor that decrypted the token returns it): the
    /// members Apple requires (account number, expiration, currency, amount, type, details) must be present
    /// with their types, 3DSecure data must carry its cryptogram, EMV data its EMV structure.
    ///
    /// - Throws: ``ApplePayError`` `.malformedPaymentData` naming the member (never its value).
    public init(jsonRepresentation json: [UInt8]) throws(ApplePayError) {
        let wire: WirePaymentData
        do { wire = try StrictJSONDecoder(maximumSize: 1 << 20).decode(WirePaymentData.self, from: json) } catch {
            throw ApplePayError(.malformedPaymentData(Self.redactedDecodingError(error)))
        }
        applicationPrimaryAccountNumber = wire.applicationPrimaryAccountNumber
        applicationExpirationDate = wire.applicationExpirationDate
        currencyCode = wire.currencyCode
        transactionAmount = wire.transactionAmount
        cardholderName = wire.cardholderName
        deviceManufacturerIdentifier = wire.deviceManufacturerIdentifier
        paymentDataType = PaymentDataType(wire.paymentDataType)
        details = Details(onlinePaymentCryptogram: wire.paymentData.onlinePaymentCryptogram, eciIndicator: wire.paymentData.eciIndicator,
                          emvData: wire.paymentData.emvData, encryptedPINData: wire.paymentData.encryptedPINData)
        merchantTokenIdentifier = wire.merchantTokenIdentifier
        merchantTokenMetadata = wire.merchantTokenMetadata
        authenticationResponses = wire.authenticationResponses
        otherMembers = wire.otherMembers
        jsonRepresentation = json
        switch paymentDataType {
        case .threeDSecure where details.onlinePaymentCryptogram == nil:
            throw ApplePayError(.malformedPaymentData("3DSecure payment data without onlinePaymentCryptogram"))
        case .emv where details.emvData == nil:
            throw ApplePayError(.malformedPaymentData("EMV payment data without emvData"))
        default:
            break
        }
    }

    /// The decoding error's words without any value from the document: the path and what was expected.
    private static func redactedDecodingError(_ error: JWTError) -> String {
        // PureJWT's JSON errors name offsets, paths and types, never member values.
        "\(error)"
    }
}

extension PaymentData: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The type, amount, currency and expiration: never the account number, cryptogram or EMV data.
    public var description: String {
        "PaymentData(\(paymentDataType), \(transactionAmount) in currency \(currencyCode), expires \(applicationExpirationDate), "
            + "account number and cryptogram redacted)"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: [
            "applicationPrimaryAccountNumber": "redacted",
            "applicationExpirationDate": applicationExpirationDate,
            "currencyCode": currencyCode,
            "transactionAmount": transactionAmount,
            "paymentDataType": paymentDataType.description,
            "details": "redacted",
            "merchantTokenIdentifier": merchantTokenIdentifier as Any,
            "authenticationResponses": authenticationResponses == nil ? "absent" : "redacted",
            "otherMembers": otherMembers.keys.sorted(),
        ], displayStyle: .struct)
    }
}

extension PaymentData.Details: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "PaymentData.Details(redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["values": "redacted"], displayStyle: .struct) }
}

private struct WirePaymentData: Decodable {
    let applicationPrimaryAccountNumber: String
    let applicationExpirationDate: String
    let currencyCode: String
    let transactionAmount: Int
    let cardholderName: String?
    let deviceManufacturerIdentifier: String?
    let paymentDataType: String
    let paymentData: WireDetails
    let merchantTokenIdentifier: String?
    let merchantTokenMetadata: JSONValue?
    let authenticationResponses: JSONValue?
    let otherMembers: [String: JSONValue]

    private enum Keys: String, CodingKey, CaseIterable {
        case applicationPrimaryAccountNumber, applicationExpirationDate, currencyCode, transactionAmount, cardholderName
        case deviceManufacturerIdentifier, paymentDataType, paymentData, merchantTokenIdentifier, merchantTokenMetadata
        case authenticationResponses
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        applicationPrimaryAccountNumber = try container.decode(String.self, forKey: .applicationPrimaryAccountNumber)
        applicationExpirationDate = try container.decode(String.self, forKey: .applicationExpirationDate)
        currencyCode = try container.decode(String.self, forKey: .currencyCode)
        transactionAmount = try container.decode(Int.self, forKey: .transactionAmount)
        cardholderName = try container.decodeIfPresent(String.self, forKey: .cardholderName)
        deviceManufacturerIdentifier = try container.decodeIfPresent(String.self, forKey: .deviceManufacturerIdentifier)
        paymentDataType = try container.decode(String.self, forKey: .paymentDataType)
        paymentData = try container.decode(WireDetails.self, forKey: .paymentData)
        merchantTokenIdentifier = try container.decodeIfPresent(String.self, forKey: .merchantTokenIdentifier)
        merchantTokenMetadata = try container.decodeIfPresent(JSONValue.self, forKey: .merchantTokenMetadata)
        authenticationResponses = try container.decodeIfPresent(JSONValue.self, forKey: .authenticationResponses)
        otherMembers = try JSONValue.members(of: decoder, excluding: Set(Keys.allCases.map(\.rawValue)))
    }
}

private struct WireDetails: Decodable {
    let onlinePaymentCryptogram: String?
    let eciIndicator: String?
    let emvData: String?
    let encryptedPINData: String?
}

// The payment token a merchant's server receives (Apple, "Payment token format reference"): the
// `paymentData` of Apple Pay JS's ApplePayPayment.token, or PassKit's PKPaymentToken.paymentData, as JSON:
//
//   { "version": "EC_v1" | "RSA_v1",
//     "data": base64 (ciphertext ‖ 16-byte GCM tag),
//     "signature": base64 (a detached CMS SignedData, BER),
//     "header": { "ephemeralPublicKey": base64 SubjectPublicKeyInfo (EC_v1)
//                 | "wrappedKey": base64 RSA-OAEP ciphertext (RSA_v1),
//                 "publicKeyHash": base64 SHA-256 of the merchant certificate's SubjectPublicKeyInfo,
//                 "transactionId": hex,
//                 "applicationData": hex (optional: SHA-256 of the request's applicationData) } }
//
// Read with PureJWT's strict JSON rules (duplicate members refused, depth and size bounded); every member is
// decoded and its length bounded here, so what reaches the cryptography is well-formed bytes.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureBase64
import PureJWT
import PureSHA2

/// A payment token's encryption scheme.
public enum PaymentTokenVersion: String, Sendable, Hashable, CaseIterable {
    /// ECDH on P-256 with an ephemeral key, the Concat KDF, AES-256-GCM.
    case ecV1 = "EC_v1"
    /// A random AES-128 key wrapped with RSA-OAEP-SHA256, AES-128-GCM (China mainland).
    case rsaV1 = "RSA_v1"
}

/// An Apple Pay payment token, decoded but not yet verified or decrypted.
public struct PaymentToken: Sendable, Hashable {
    /// The encryption scheme.
    public let version: PaymentTokenVersion
    /// The encrypted payment data: ciphertext followed by the 16-byte authentication tag.
    public let data: [UInt8]
    /// The detached CMS signature (BER), as sent.
    public let signature: [UInt8]
    /// The ephemeral public key (a P-256 SubjectPublicKeyInfo, DER) of an `EC_v1` token; nil for `RSA_v1`.
    public let ephemeralPublicKey: [UInt8]?
    /// The wrapped symmetric key of an `RSA_v1` token; nil for `EC_v1`.
    public let wrappedKey: [UInt8]?
    /// SHA-256 of the merchant certificate's SubjectPublicKeyInfo: which certificate the token is for.
    public let publicKeyHash: [UInt8]
    /// The transaction's identifier (decoded from hex).
    public let transactionIdentifier: [UInt8]
    /// SHA-256 of the payment request's `applicationData`, when the request had one (decoded from hex).
    public let applicationData: [UInt8]?

    /// The largest token read (Apple's are about 4 KB with their certificates).
    public static let maximumSize = 64 * 1024

    /// The transaction identifier as the token wrote it: lowercase hex.
    public var transactionIdentifierHex: String { hexString(transactionIdentifier) }

    /// `publicKeyHash` as the token wrote it: base64.
    public var publicKeyHashBase64: String { Base64.encode(publicKeyHash) }

    /// The bytes the signature covers: the ephemeral public key (or wrapped key) ‖ data ‖ transaction
    /// identifier ‖ application data, each decoded.
    public var signedBytes: [UInt8] {
        var bytes = ephemeralPublicKey ?? wrappedKey ?? []
        bytes += data
        bytes += transactionIdentifier
        if let applicationData { bytes += applicationData }
        return bytes
    }

    /// A token from its JSON: the `paymentData` object (`{"version", "data", "signature", "header"}`), or
    /// an object wrapping it as `{"paymentData": {...}}` (Apple Pay JS's `token`, PassKit's `PKPaymentToken`
    /// serialized).
    ///
    /// - Throws: ``ApplePayError`` `.malformedToken` naming the member, `.unsupportedVersion`.
    public init<Bytes: Collection>(jsonRepresentation json: Bytes) throws(ApplePayError) where Bytes.Element == UInt8 {
        guard json.count <= Self.maximumSize else {
            throw ApplePayError(.malformedToken("\(json.count) bytes, over the limit of \(Self.maximumSize)"))
        }
        let wire: WireToken
        do {
            let document = try StrictJSONDecoder(maximumSize: Self.maximumSize).decode(WireDocument.self, from: json)
            guard let token = document.paymentData ?? document.token else {
                throw ApplePayError(.malformedToken("no version, data, signature and header, nor a paymentData object holding them"))
            }
            wire = token
        } catch let error as ApplePayError {
            throw error
        } catch {
            throw ApplePayError(.malformedToken("\(error)"))
        }
        try self.init(wire: wire)
    }

    private init(wire: WireToken) throws(ApplePayError) {
        guard let version = PaymentTokenVersion(rawValue: wire.version) else {
            throw ApplePayError(.unsupportedVersion(String(wire.version.prefix(40))))
        }
        self.version = version
        data = try Self.base64(wire.data, "data")
        guard data.count >= 16 else {
            throw ApplePayError(.malformedToken("data is \(data.count) bytes, shorter than a GCM tag"))
        }
        signature = try Self.base64(wire.signature, "signature")
        let header = wire.header
        switch version {
        case .ecV1:
            guard let key = header.ephemeralPublicKey, header.wrappedKey == nil else {
                throw ApplePayError(.malformedToken("an EC_v1 header must have ephemeralPublicKey and no wrappedKey"))
            }
            ephemeralPublicKey = try Self.base64(key, "header.ephemeralPublicKey")
            wrappedKey = nil
        case .rsaV1:
            guard let key = header.wrappedKey, header.ephemeralPublicKey == nil else {
                throw ApplePayError(.malformedToken("an RSA_v1 header must have wrappedKey and no ephemeralPublicKey"))
            }
            wrappedKey = try Self.base64(key, "header.wrappedKey")
            ephemeralPublicKey = nil
        }
        publicKeyHash = try Self.base64(header.publicKeyHash, "header.publicKeyHash")
        guard publicKeyHash.count == 32 else {
            throw ApplePayError(.malformedToken("header.publicKeyHash is \(publicKeyHash.count) bytes, not the 32 of a SHA-256 hash"))
        }
        transactionIdentifier = try Self.hex(header.transactionId, "header.transactionId")
        applicationData = try header.applicationData.map { (text) throws(ApplePayError) in try Self.hex(text, "header.applicationData") }
    }

    private static func base64(_ text: String, _ member: String) throws(ApplePayError) -> [UInt8] {
        do {
            let bytes = try Base64.decode(text)
            guard !bytes.isEmpty else { throw ApplePayError(.malformedToken("\(member) is empty")) }
            return bytes
        } catch let error as ApplePayError {
            throw error
        } catch {
            throw ApplePayError(.malformedToken("\(member) is not base64: \(error)"))
        }
    }

    private static func hex(_ text: String, _ member: String) throws(ApplePayError) -> [UInt8] {
        guard !text.isEmpty, text.utf8.count <= 1024, let bytes = bytes(fromHex: text) else {
            throw ApplePayError(.malformedToken("\(member) is not hex digits"))
        }
        return bytes
    }
}

/// The JSON document: the token's members at the top, or under "paymentData".
private struct WireDocument: Decodable {
    let token: WireToken?
    let paymentData: WireToken?

    private enum Keys: String, CodingKey { case paymentData, version }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        paymentData = try container.decodeIfPresent(WireToken.self, forKey: .paymentData)
        token = paymentData == nil && container.contains(.version) ? try WireToken(from: decoder) : nil
    }
}

private struct WireToken: Decodable {
    let version: String
    let data: String
    let signature: String
    let header: WireHeader
}

private struct WireHeader: Decodable {
    let ephemeralPublicKey: String?
    let wrappedKey: String?
    let publicKeyHash: String
    let transactionId: String
    let applicationData: String?
}

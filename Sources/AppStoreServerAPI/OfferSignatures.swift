// What a server signs for its app with the In-App Purchase key, for StoreKit to pass to the App Store:
//
// - the promotional offer signature V1 ("Generating a signature for promotional offers"): ECDSA P-256 with
//   SHA-256 over bundleID⁣keyID⁣productID⁣offerID⁣appAccountToken⁣nonce⁣timestamp, the seven values
//   joined with U+2063 INVISIBLE SEPARATOR, the two UUIDs lowercased, the timestamp in milliseconds; the
//   signature DER in base64 with padding;
// - the JWS signatures (ES256 compact JWS; header alg, kid, typ "JWT"; claims iss, iat in whole seconds,
//   aud, bid, nonce as a lowercase UUID, no exp), with the audience and claims of each kind:
//   "promotional-offer" (productId, offerIdentifier, transactionId when given), "introductory-offer-
//   eligibility" (productId, allowIntroductoryOffer, transactionId) and "advanced-commerce-api" (request,
//   the base64 of the request's JSON).
//
// Apple's Swift library puts an uppercase UUID in the JWS nonce (Foundation's uuidString); its Python
// library and the documentation a lowercase one, as here. The ECDSA signatures are RFC 6979 deterministic:
// the same inputs give the same bytes (Apple's are randomized; both verify alike).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureBase64
import PureJWT
import PureP256

/// Signs promotional offers, introductory-offer eligibility and Advanced Commerce requests for the app.
public struct AppStoreOfferSigner: Sendable {
    /// The key and identifiers signed with.
    public let credentials: AppStoreCredentials

    /// A signer with `credentials`.
    public init(credentials: AppStoreCredentials) { self.credentials = credentials }

    // MARK: Promotional offer signature V1

    /// The promotional offer signature V1 for StoreKit's `Product.PurchaseOption.promotionalOffer`
    /// (or `SKPaymentDiscount`).
    ///
    /// - Parameters:
    ///   - productID: the subscription's product identifier.
    ///   - offerID: the promotional offer's identifier (App Store Connect's "reference name" is not it).
    ///   - appAccountToken: the UUID the app passes as `appAccountToken`, or "" when it passes none;
    ///     lowercased in the signed string, as Apple's libraries do.
    ///   - nonce: a fresh UUID per signature (the default); lowercased in the signed string.
    ///   - timestamp: milliseconds since 1970 (the default: now). Apple refuses signatures older than 24 hours.
    public func promotionalOfferSignature(productID: String, offerID: String, appAccountToken: String = "",
                                          nonce: UUID = UUID(), timestamp: Int64? = nil) throws(AppStoreAPIError) -> PromotionalOfferSignature {
        try Self.require(productID, "productID")
        try Self.require(offerID, "offerID")
        let milliseconds: Int64
        if let timestamp { milliseconds = timestamp } else { milliseconds = try Self.milliseconds(Date()) }
        guard milliseconds >= 0 else {
            throw AppStoreAPIError(.invalidRequest("the timestamp is \(milliseconds); it is milliseconds since 1970, not negative"))
        }
        let signed = Self.promotionalOfferPayloadBytes(bundleID: credentials.bundleID, keyID: credentials.keyID, productID: productID,
                                                       offerID: offerID, appAccountToken: appAccountToken, nonce: nonce, timestamp: milliseconds)
        let der = credentials.privateKey.signature(for: signed).derRepresentation
        return PromotionalOfferSignature(signature: Base64.encode(der), nonce: nonce, timestamp: milliseconds, keyID: credentials.keyID)
    }

    /// The string the V1 signature signs (package access, for the tests).
    package static func promotionalOfferPayload(bundleID: String, keyID: String, productID: String, offerID: String,
                                                appAccountToken: String, nonce: UUID, timestamp: Int64) -> String {
        String(decoding: promotionalOfferPayloadBytes(bundleID: bundleID, keyID: keyID, productID: productID, offerID: offerID,
                                                      appAccountToken: appAccountToken, nonce: nonce, timestamp: timestamp),
               as: UTF8.self)
    }

    /// The UTF-8 bytes the V1 signature signs, written directly: the nonce as lowercase hex from its 16
    /// bytes and an ASCII app account token lowercased byte by byte (a non-ASCII one goes through
    /// `lowercased()`, as before), instead of `uuidString`, `lowercased()` and `joined` — a tenth of the
    /// signature's time went to building the string.
    static func promotionalOfferPayloadBytes(bundleID: String, keyID: String, productID: String, offerID: String,
                                             appAccountToken: String, nonce: UUID, timestamp: Int64) -> [UInt8] {
        let separator: [UInt8] = [0xE2, 0x81, 0xA3]   // U+2063 INVISIBLE SEPARATOR in UTF-8
        let hex = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(bundleID.utf8.count + keyID.utf8.count + productID.utf8.count + offerID.utf8.count
                              + appAccountToken.utf8.count + 36 + 20 + 6 * separator.count)
        for field in [bundleID, keyID, productID, offerID] {
            bytes += field.utf8
            bytes += separator
        }
        if appAccountToken.utf8.allSatisfy({ $0 < 0x80 }) {
            for byte in appAccountToken.utf8 { bytes.append((0x41...0x5A).contains(byte) ? byte | 0x20 : byte) }
        } else {
            bytes += appAccountToken.lowercased().utf8
        }
        bytes += separator
        withUnsafeBytes(of: nonce.uuid) { uuid in
            for (index, byte) in uuid.enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 { bytes.append(0x2D) }   // 8-4-4-4-12
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        bytes += separator
        bytes += String(timestamp).utf8
        return bytes
    }

    // MARK: JWS signatures

    /// The promotional offer signature (JWS, audience "promotional-offer") for StoreKit's
    /// `Product.PurchaseOption.promotionalOffer(_:compactJWS:)`.
    ///
    /// - Parameters:
    ///   - productID: the subscription's product identifier ("productId").
    ///   - offerID: the promotional offer's identifier ("offerIdentifier").
    ///   - transactionID: the customer's original or any transaction ID of the subscription group, when
    ///     the offer is for that customer only (omitted from the claims when nil).
    ///   - nonce: a fresh UUID by default ("nonce", lowercased).
    ///   - now: the current time by default ("iat", in whole seconds).
    public func promotionalOfferToken(productID: String, offerID: String, transactionID: String? = nil,
                                      nonce: UUID = UUID(), now: Date = Date()) throws(AppStoreAPIError) -> String {
        try Self.require(productID, "productID")
        try Self.require(offerID, "offerID")
        if let transactionID { try Self.require(transactionID, "transactionID") }
        struct Claims: Encodable {
            let productId: String, offerIdentifier: String, transactionId: String?
        }
        return try jws(audience: "promotional-offer", Claims(productId: productID, offerIdentifier: offerID, transactionId: transactionID),
                       nonce: nonce, now: now)
    }

    /// The introductory offer eligibility signature (JWS, audience "introductory-offer-eligibility") for
    /// StoreKit's `Product.PurchaseOption.introductoryOfferEligibility(compactJWS:)`: whether this customer
    /// may have the product's introductory offer, which the App Store then believes over its own records.
    public func introductoryOfferEligibilityToken(productID: String, allowIntroductoryOffer: Bool, transactionID: String,
                                                  nonce: UUID = UUID(), now: Date = Date()) throws(AppStoreAPIError) -> String {
        try Self.require(productID, "productID")
        try Self.require(transactionID, "transactionID")
        struct Claims: Encodable {
            let productId: String, allowIntroductoryOffer: Bool, transactionId: String
        }
        return try jws(audience: "introductory-offer-eligibility",
                       Claims(productId: productID, allowIntroductoryOffer: allowIntroductoryOffer, transactionId: transactionID),
                       nonce: nonce, now: now)
    }

    /// The Advanced Commerce API in-app request signature (JWS, audience "advanced-commerce-api"): the
    /// request encoded as JSON, in base64 in the "request" claim.
    public func advancedCommerceToken<Request: Encodable>(_ request: Request, nonce: UUID = UUID(),
                                                          now: Date = Date()) throws(AppStoreAPIError) -> String {
        let json: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            json = try encoder.encode(request)
        } catch {
            throw AppStoreAPIError(.invalidRequest("the Advanced Commerce request could not be encoded as JSON: \(error)"))
        }
        return try advancedCommerceToken(requestJSON: Array(json), nonce: nonce, now: now)
    }

    /// The same for a request that exists as JSON text: one JSON object (read strictly: duplicate names,
    /// bad UTF-8 and deep nesting refused, at most 64 KiB), put in the claim byte for byte.
    public func advancedCommerceToken(requestJSON: [UInt8], nonce: UUID = UUID(), now: Date = Date()) throws(AppStoreAPIError) -> String {
        guard requestJSON.count <= 65_536 else {
            throw AppStoreAPIError(.invalidRequest("the Advanced Commerce request is \(requestJSON.count) bytes of JSON, over 64 KiB"))
        }
        let value: JSONValue
        do { value = try StrictJSONDecoder(maximumSize: 65_536).decode(JSONValue.self, from: requestJSON) } catch {
            throw AppStoreAPIError(.invalidRequest("the Advanced Commerce request is not valid JSON: \(error)"))
        }
        guard case .object = value else {
            throw AppStoreAPIError(.invalidRequest("the Advanced Commerce request must be a JSON object"))
        }
        struct Claims: Encodable { let request: String }
        return try jws(audience: "advanced-commerce-api", Claims(request: Base64.encode(requestJSON)), nonce: nonce, now: now)
    }

    // MARK: Helpers

    /// The claims every JWS signature has, then the kind's own.
    private struct JWSClaims<Specific: Encodable>: Encodable {
        let iss: String, iat: NumericDate, aud: String, bid: String, nonce: String
        let specific: Specific

        enum CodingKeys: String, CodingKey { case iss, iat, aud, bid, nonce }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(iss, forKey: .iss)
            try container.encode(iat, forKey: .iat)
            try container.encode(aud, forKey: .aud)
            try container.encode(bid, forKey: .bid)
            try container.encode(nonce, forKey: .nonce)
            try specific.encode(to: encoder)
        }
    }

    private func jws<Specific: Encodable>(audience: String, _ specific: Specific, nonce: UUID, now: Date) throws(AppStoreAPIError) -> String {
        let seconds = now.timeIntervalSince1970
        guard seconds.isFinite, seconds >= 0, seconds <= 253_402_300_799 else {
            throw AppStoreAPIError(.invalidRequest("the signing time must be from 1970 to 9999, not \(seconds) seconds since 1970"))
        }
        let claims = JWSClaims(iss: credentials.issuerID, iat: NumericDate(secondsSince1970: seconds.rounded(.down)), aud: audience,
                               bid: credentials.bundleID, nonce: nonce.uuidString.lowercased(), specific: specific)
        do {
            return try JWTSigner(key: .es256(credentials.privateKey, keyID: credentials.keyID))
                .sign(claims, header: JWTHeader(alg: "ES256", kid: credentials.keyID, typ: "JWT"))
        } catch {
            throw AppStoreAPIError(.invalidRequest("the \(audience) token could not be signed: \(error)"))
        }
    }

    private static func require(_ value: String, _ name: String) throws(AppStoreAPIError) {
        guard !value.isEmpty else { throw AppStoreAPIError(.invalidRequest("\(name) is required and was empty")) }
    }

    /// `date` in whole milliseconds since 1970, a fraction dropped (as Apple's clients do). A value within a
    /// microsecond of a whole millisecond is that millisecond: `Date` holds seconds as a Double, so a date
    /// made from 123,456 ms reads back as 123,455.99999….
    static func milliseconds(_ date: Date) throws(AppStoreAPIError) -> Int64 {
        let exact = date.timeIntervalSince1970 * 1000
        let nearest = exact.rounded()
        let milliseconds = abs(exact - nearest) < 0.001 ? nearest : exact.rounded(.down)
        guard milliseconds.isFinite, milliseconds >= 0, milliseconds <= 253_402_300_799_000 else {
            throw AppStoreAPIError(.invalidRequest("the time must be from 1970 to 9999"))
        }
        return Int64(milliseconds)
    }
}

/// A promotional offer signature V1 and the values StoreKit needs beside it.
public struct PromotionalOfferSignature: Sendable, Hashable {
    /// The ECDSA signature, DER in base64 with padding.
    public let signature: String
    /// The nonce signed (pass the same UUID to StoreKit).
    public let nonce: UUID
    /// The timestamp signed, milliseconds since 1970.
    public let timestamp: Int64
    /// The key's ID (StoreKit's `keyID`).
    public let keyID: String
}

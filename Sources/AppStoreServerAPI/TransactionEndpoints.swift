// The App Store Server API's transaction endpoints: transaction info, transaction history (v2, and v1,
// deprecated by Apple), app transaction info, refund history, order lookup, setting an app account token,
// finishing a transaction. Each answer that carries signed data verifies it with one call through
// AppStoreServer's `SignedDataVerifier`.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AppStoreServer

/// Get Transaction Info's answer.
public struct AppStoreTransactionInfoResponse: Codable, Hashable, Sendable {
    /// The transaction, signed by the App Store (JWS).
    public var signedTransactionInfo: String?

    /// The transaction, verified to Apple's root and decoded.
    public func verifiedTransaction(with verifier: SignedDataVerifier) throws(AppStoreVerificationError) -> TransactionPayload {
        try verifier.verifyTransaction(try AppStoreSignedData.require(signedTransactionInfo, "signedTransactionInfo"))
    }
}

/// Get App Transaction Info's answer.
public struct AppStoreAppTransactionInfoResponse: Codable, Hashable, Sendable {
    /// The app transaction, signed by the App Store (JWS).
    public var signedAppTransactionInfo: String?

    /// The app transaction, verified to Apple's root (at its receiptCreationDate) and decoded.
    public func verifiedAppTransaction(with verifier: SignedDataVerifier) throws(AppStoreVerificationError) -> AppTransactionPayload {
        try verifier.verifyAppTransaction(try AppStoreSignedData.require(signedAppTransactionInfo, "signedAppTransactionInfo"))
    }
}

/// One page of Get Transaction History.
public struct AppStoreHistoryResponse: Codable, Hashable, Sendable {
    /// The token of the next page (pass it as `revision`).
    public var revision: String?
    /// Whether more pages follow.
    public var hasMore: Bool?
    /// The app's bundle ID.
    public var bundleId: String?
    /// The app's Apple ID.
    public var appAppleId: Int64?
    /// The environment (unknown values kept).
    public var environment: AppStoreEnvironment?
    /// The transactions, signed by the App Store (JWS).
    public var signedTransactions: [String]?

    /// The transactions, each verified to Apple's root and decoded.
    public func verifiedTransactions(with verifier: SignedDataVerifier) throws(AppStoreVerificationError) -> [TransactionPayload] {
        try AppStoreSignedData.verifyAll(signedTransactions, verifier.verifyTransaction)
    }
}

/// One page of Get Refund History.
public struct AppStoreRefundHistoryResponse: Codable, Hashable, Sendable {
    /// The refunded transactions, signed by the App Store (JWS).
    public var signedTransactions: [String]?
    /// The token of the next page (pass it as `revision`).
    public var revision: String?
    /// Whether more pages follow.
    public var hasMore: Bool?

    /// The transactions, each verified to Apple's root and decoded.
    public func verifiedTransactions(with verifier: SignedDataVerifier) throws(AppStoreVerificationError) -> [TransactionPayload] {
        try AppStoreSignedData.verifyAll(signedTransactions, verifier.verifyTransaction)
    }
}

/// Look Up Order ID's answer.
public struct AppStoreOrderLookupResponse: Codable, Hashable, Sendable {
    /// Whether the order ID is valid.
    public var status: AppStoreOrderLookupStatus?
    /// The order's transactions, signed by the App Store (JWS).
    public var signedTransactions: [String]?

    /// The transactions, each verified to Apple's root and decoded.
    public func verifiedTransactions(with verifier: SignedDataVerifier) throws(AppStoreVerificationError) -> [TransactionPayload] {
        try AppStoreSignedData.verifyAll(signedTransactions, verifier.verifyTransaction)
    }
}

/// The filters and order of Get Transaction History. Every member is optional: none returns every
/// transaction, oldest first.
public struct AppStoreTransactionHistoryRequest: Sendable, Hashable {
    /// Transactions bought at or after this date.
    public var startDate: Date?
    /// Transactions bought before this date.
    public var endDate: Date?
    /// Only these products.
    public var productIds: [String]
    /// Only these product types.
    public var productTypes: [AppStoreProductType]
    /// Newest first (`"DESCENDING"`) or oldest first (`"ASCENDING"`, Apple's default).
    public var sort: String?
    /// Only these subscription groups.
    public var subscriptionGroupIdentifiers: [String]
    /// Only purchased, or only family-shared transactions.
    public var inAppOwnershipType: AppStoreInAppOwnershipType?
    /// Only revoked (true) or only unrevoked (false) transactions.
    public var revoked: Bool?

    /// A filter; nothing given returns everything.
    public init(startDate: Date? = nil, endDate: Date? = nil, productIds: [String] = [], productTypes: [AppStoreProductType] = [],
                sort: String? = nil, subscriptionGroupIdentifiers: [String] = [], inAppOwnershipType: AppStoreInAppOwnershipType? = nil,
                revoked: Bool? = nil) {
        self.startDate = startDate
        self.endDate = endDate
        self.productIds = productIds
        self.productTypes = productTypes
        self.sort = sort
        self.subscriptionGroupIdentifiers = subscriptionGroupIdentifiers
        self.inAppOwnershipType = inAppOwnershipType
        self.revoked = revoked
    }

    /// The query, in the order Apple's clients send it.
    func query(revision: String?) throws(AppStoreAPIError) -> [(String, String)] {
        var query: [(String, String)] = []
        if let revision { query.append(("revision", revision)) }
        if let startDate { query.append(("startDate", String(try AppStoreOfferSigner.milliseconds(startDate)))) }
        if let endDate { query.append(("endDate", String(try AppStoreOfferSigner.milliseconds(endDate)))) }
        query += productIds.map { ("productId", $0) }
        query += productTypes.map { ("productType", $0.rawValue) }
        if let sort { query.append(("sort", sort)) }
        query += subscriptionGroupIdentifiers.map { ("subscriptionGroupIdentifier", $0) }
        if let inAppOwnershipType { query.append(("inAppOwnershipType", inAppOwnershipType.rawValue)) }
        if let revoked { query.append(("revoked", revoked ? "true" : "false")) }
        return query
    }
}

extension AppStoreServerAPIClient {
    /// Get Transaction Info: GET /inApps/v1/transactions/{transactionId}. A read: retried.
    public func transactionInfo(transactionID: String) async throws(AppStoreAPIError) -> AppStoreTransactionInfoResponse {
        try await send("GET", "/inApps/v1/transactions/" + Self.segment(transactionID, "transaction ID"), .repeatable,
                       as: AppStoreTransactionInfoResponse.self)
    }

    /// Get App Transaction Info: GET /inApps/v1/transactions/appTransactions/{transactionId} (any of the
    /// customer's transaction IDs). A read: retried.
    public func appTransactionInfo(transactionID: String) async throws(AppStoreAPIError) -> AppStoreAppTransactionInfoResponse {
        try await send("GET", "/inApps/v1/transactions/appTransactions/" + Self.segment(transactionID, "transaction ID"), .repeatable,
                       as: AppStoreAppTransactionInfoResponse.self)
    }

    /// One page of Get Transaction History (v2): GET /inApps/v2/history/{transactionId}. `revision` is the
    /// previous page's (nil for the first). A read: retried. `transactionHistory(transactionID:filter:)`
    /// walks every page.
    public func transactionHistory(transactionID: String, revision: String? = nil,
                                   filter: AppStoreTransactionHistoryRequest = AppStoreTransactionHistoryRequest()) async throws(AppStoreAPIError) -> AppStoreHistoryResponse {
        try await send("GET", "/inApps/v2/history/" + Self.segment(transactionID, "transaction ID"), query: filter.query(revision: revision),
                       .repeatable, as: AppStoreHistoryResponse.self)
    }

    /// One page of Get Transaction History v1: GET /inApps/v1/history/{transactionId}. Apple deprecated
    /// it: v1 omits some consumables and refunded purchases. A read: retried.
    @available(*, deprecated, message: "Apple deprecated Get Transaction History v1: use transactionHistory(transactionID:revision:filter:) (v2)")
    public func transactionHistoryV1(transactionID: String, revision: String? = nil,
                                     filter: AppStoreTransactionHistoryRequest = AppStoreTransactionHistoryRequest()) async throws(AppStoreAPIError) -> AppStoreHistoryResponse {
        try await send("GET", "/inApps/v1/history/" + Self.segment(transactionID, "transaction ID"), query: filter.query(revision: revision),
                       .repeatable, as: AppStoreHistoryResponse.self)
    }

    /// Every page of the transaction history, fetched as the sequence is iterated (each page's `revision`
    /// asks for the next, until `hasMore` is false).
    public func transactionHistory(transactionID: String, filter: AppStoreTransactionHistoryRequest = AppStoreTransactionHistoryRequest())
        -> AppStoreAPIPages<AppStoreHistoryResponse> {
        AppStoreAPIPages { revision throws(AppStoreAPIError) in
            let page = try await transactionHistory(transactionID: transactionID, revision: revision, filter: filter)
            return (page, page.hasMore == true ? page.revision : nil)
        }
    }

    /// One page of Get Refund History (v2): GET /inApps/v2/refund/lookup/{transactionId}. A read: retried.
    public func refundHistory(transactionID: String, revision: String? = nil) async throws(AppStoreAPIError) -> AppStoreRefundHistoryResponse {
        try await send("GET", "/inApps/v2/refund/lookup/" + Self.segment(transactionID, "transaction ID"),
                       query: revision.map { [("revision", $0)] } ?? [], .repeatable, as: AppStoreRefundHistoryResponse.self)
    }

    /// Every page of the refund history, fetched as the sequence is iterated.
    public func refundHistory(transactionID: String) -> AppStoreAPIPages<AppStoreRefundHistoryResponse> {
        AppStoreAPIPages { revision throws(AppStoreAPIError) in
            let page = try await refundHistory(transactionID: transactionID, revision: revision)
            return (page, page.hasMore == true ? page.revision : nil)
        }
    }

    /// Look Up Order ID: GET /inApps/v1/lookup/{orderId} (the ID on the customer's receipt e-mail). A read:
    /// retried.
    public func lookUpOrderID(_ orderID: String) async throws(AppStoreAPIError) -> AppStoreOrderLookupResponse {
        try await send("GET", "/inApps/v1/lookup/" + Self.segment(orderID, "order ID"), .repeatable, as: AppStoreOrderLookupResponse.self)
    }

    /// Set App Account Token: PUT /inApps/v1/transactions/{originalTransactionId}/appAccountToken with
    /// `{"appAccountToken": "…"}` (lowercase UUID). Idempotent: retried.
    public func setAppAccountToken(_ appAccountToken: UUID, originalTransactionID: String) async throws(AppStoreAPIError) {
        struct Body: Encodable { let appAccountToken: String }
        _ = try await send("PUT", "/inApps/v1/transactions/" + Self.segment(originalTransactionID, "original transaction ID") + "/appAccountToken",
                           body: .json(Body(appAccountToken: Self.text(appAccountToken))), .repeatable)
    }

    /// Finish Transaction: POST /inApps/v1/transactions/{transactionId}/finish (a consumable delivered
    /// by the server). Sent again only when the connection never opened.
    public func finishTransaction(transactionID: String) async throws(AppStoreAPIError) {
        _ = try await send("POST", "/inApps/v1/transactions/" + Self.segment(transactionID, "transaction ID") + "/finish", .singleUse)
    }
}

/// Verifying the signed data in the API's answers.
enum AppStoreSignedData {
    /// `value`, or a verification error saying the answer had none.
    static func require(_ value: String?, _ name: String) throws(AppStoreVerificationError) -> String {
        guard let value else { throw AppStoreVerificationError(.malformedJWS, detail: "the answer has no \(name)") }
        return value
    }

    /// Each of `values` verified with `verify`, in order (none when absent).
    static func verifyAll<Payload>(_ values: [String]?, _ verify: (String) throws(AppStoreVerificationError) -> Payload) throws(AppStoreVerificationError) -> [Payload] {
        var payloads: [Payload] = []
        for value in values ?? [] { payloads.append(try verify(value)) }
        return payloads
    }
}

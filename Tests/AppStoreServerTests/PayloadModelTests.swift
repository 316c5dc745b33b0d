// Apple's decoded-payload fixtures (Vectors/payload-models/, from app-store-server-library's tests), signed on
// a test chain by Vectors/generate_payload_models.py (Python `cryptography`): each verifies through the entry
// point Apple's library uses for it, and every member of the fixture comes back from our typed payload
// with its value (decoded, then encoded again and compared member by member) — the app transaction, the
// realtime request, the RESCIND_CONSENT app data, summary and external purchase token notifications among
// them.

import AppStoreServer
import Foundation
import PureJWT
import Testing
import TestSupport

struct PayloadModels: Decodable {
    let root_der_b64: String
    let cases: [Case]
    struct Case: Decodable, CustomTestStringConvertible {
        let file: String
        let payload: JSONValue
        let jws: String
        var testDescription: String { file }
    }
}

private let models = try? VectorFiles.json(PayloadModels.self, "payload_models.json")

/// Every member of `expected` is in `actual` with the same value (numbers as numbers; objects recursively).
private func contains(_ actual: JSONValue, _ expected: JSONValue, path: String = "") -> [String] {
    switch (actual, expected) {
    case (.object(let a), .object(let e)):
        return e.flatMap { key, value in a[key].map { contains($0, value, path: path + "." + key) } ?? ["\(path).\(key) missing"] }
    case (.array(let a), .array(let e)) where a.count == e.count:
        return zip(a, e).enumerated().flatMap { contains($1.0, $1.1, path: "\(path)[\($0)]") }
    default:
        return actual == expected ? [] : ["\(path): \(actual) ≠ \(expected)"]
    }
}

private func json(_ value: some Encodable) throws -> JSONValue {
    try StrictJSONDecoder().decode(JSONValue.self, from: Array(JSONEncoder().encode(value)))
}

@Suite("App Store signed data: Apple's payload fixtures")
struct PayloadModelTests {
    @Test("the file holds all 12 fixtures")
    func count() throws {
        #expect(try #require(models).cases.count == 12)
    }

    @Test("each verifies through its entry point and decodes every member", arguments: models?.cases ?? [])
    func payload(_ model: PayloadModels.Case) throws {
        let file = try #require(models)
        let root = [UInt8](try #require(Data(base64Encoded: file.root_der_b64)))
        let sandbox = try SignedDataVerifier(rootCertificates: [root], bundleID: "com.example", environment: .sandbox)
        let name = URL(fileURLWithPath: model.file).deletingPathExtension().lastPathComponent
        let decoded: JSONValue
        switch name {
        case "appData":
            decoded = try json(try StrictJSONDecoder().decode(NotificationAppData.self, from: Array(JSONEncoder().encode(model.payload))))
        case "appTransaction":
            let transaction = try sandbox.verifyAppTransaction(model.jws)
            #expect(transaction.receiptCreationDate == Date(timeIntervalSince1970: 1_698_148_900))
            decoded = try json(transaction)
        case "decodedRealtimeRequest":
            let body = try JSONEncoder().encode(["signedPayload": model.jws])
            decoded = try json(try sandbox.verifyRealtimeRequest(body: Array(body)))
        case "signedRenewalInfo":
            decoded = try json(try sandbox.verifyRenewalInfo(model.jws))
        case "signedTransaction", "signedTransactionWithRevocation":
            decoded = try json(try sandbox.verifyTransaction(model.jws))
        case "signedExternalPurchaseTokenNotification":
            // Not SANDBOX_-prefixed: a Production token, checked against the app's Apple ID.
            let production = try SignedDataVerifier(rootCertificates: [root], bundleID: "com.example", appAppleID: 55555, environment: .production)
            decoded = try json(try production.verifyNotification(signedPayload: model.jws).payload)
        default:
            let notification = try sandbox.verifyNotification(signedPayload: model.jws)
            #expect((notification.transaction != nil) == (notification.payload.data?.signedTransactionInfo != nil))
            #expect((notification.renewalInfo != nil) == (notification.payload.data?.signedRenewalInfo != nil))
            #expect((notification.appTransaction != nil) == (notification.payload.appData?.signedAppTransactionInfo != nil))
            decoded = try json(notification.payload)
        }
        #expect(contains(decoded, model.payload) == [], "\(model.file)")
    }

    @Test("an app transaction is checked at its receiptCreationDate, for the app and environment")
    func appTransactionChecks() throws {
        let file = try #require(models)
        let model = try #require(file.cases.first { $0.file.hasSuffix("/appTransaction.json") })
        let root = [UInt8](try #require(Data(base64Encoded: file.root_der_b64)))
        let other = #expect(throws: AppStoreVerificationError.self) {
            try SignedDataVerifier(rootCertificates: [root], bundleID: "com.other", environment: .sandbox).verifyAppTransaction(model.jws)
        }
        #expect(other?.check.identifier == "bundle_id_mismatch")
        let production = #expect(throws: AppStoreVerificationError.self) {
            try SignedDataVerifier(rootCertificates: [root], bundleID: "com.example", appAppleID: 531_412, environment: .production)
                .verifyAppTransaction(model.jws)
        }
        #expect(production?.check.identifier == "environment_mismatch")
        // Outside the chain's validity (2020–2040) by the receipt date's own rule: checked at 2041 it fails.
        let late = #expect(throws: AppStoreVerificationError.self) {
            try SignedDataVerifier(rootCertificates: [root], bundleID: "com.example", environment: .sandbox,
                                   validationTime: .at(Date(timeIntervalSince1970: 2_240_000_000))).verifyAppTransaction(model.jws)
        }
        #expect(late?.check.identifier == "leaf_not_valid_at_effective_date")
        // A time Int64(_:) cannot hold is a configuration error, not a trap.
        for broken in [Double.nan, .infinity, 1e300] {
            let error = #expect(throws: AppStoreVerificationError.self) {
                try SignedDataVerifier(rootCertificates: [root], bundleID: "com.example", environment: .sandbox,
                                       validationTime: .at(Date(timeIntervalSince1970: broken))).verifyAppTransaction(model.jws)
            }
            #expect(error?.check.identifier == "configuration", "\(broken)")
        }
    }
}

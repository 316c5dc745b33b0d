// Every entry of Vectors/appstore_signed_data.json (real Apple-signed notifications, transactions and
// renewal info from public repositories, Apple's library mock data and generated test chains; see
// ../shared/vectors/appstore/PROVENANCE-appstore.md): valid entries verify at their signedDate (the
// app checks configured from the entry), invalid ones are refused with a check the entry lists in
// `failedChecks`, and the real tokens of the 2021 and 2023 leaves are refused at 2026-11-24.

import AppStoreServer
import Foundation
import Testing
import TestSupport

struct AppStoreVector: Decodable, Sendable, CustomTestStringConvertible {
    let name: String
    let kind: String
    let chain: String
    let jws: String
    let root_der_b64: String?
    let expected: Expected
    struct Expected: Decodable, Sendable {
        let valid: Bool
        let failedChecks: [String]?
        let signedDateMs: Int64?
        let effectiveDateMs: Int64?
        let bundleId: String?
        let environment: String?
        let leafNotAfter: String?
    }
    var testDescription: String { name }
}

private let vectors = (try? VectorFiles.json([AppStoreVector].self, "appstore_signed_data.json")) ?? []
private let appleRoot = (try? VectorFiles.data("AppleRootCA-G3.cer")).map { [UInt8]($0) } ?? []
/// 2026-11-24T00:00:00Z.
private let today = Date(timeIntervalSince1970: 1_795_478_400)

/// The payload's JSON, read independently of the code under test (for the app Apple ID to configure).
private func rawPayload(_ jws: String) -> [String: Any] {
    let part = jws.split(separator: ".")[1]
    var text = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    while text.count % 4 != 0 { text += "=" }
    return (Data(base64Encoded: text).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }) ?? [:]
}

private func verifier(for vector: AppStoreVector, time: SignedDataVerifier.ValidationTime, bundleID: String? = nil,
                      now: @escaping @Sendable () -> Date = { today }) throws -> SignedDataVerifier {
    let rootText = try #require(vector.root_der_b64 ?? (vector.chain == "apple-real" ? "" : nil))
    let root = vector.chain == "apple-real" ? appleRoot : [UInt8](try #require(Data(base64Encoded: rootText)))
    let environment = AppStoreEnvironment(rawValue: vector.expected.environment ?? "Sandbox")
    let data = rawPayload(vector.jws)["data"] as? [String: Any]
    let appAppleID = (data?["appAppleId"] as? NSNumber)?.int64Value
    return try SignedDataVerifier(rootCertificates: [root], bundleID: bundleID ?? vector.expected.bundleId ?? "com.example.any",
                                  appAppleID: environment == .production ? (appAppleID ?? 1) : nil, environment: environment,
                                  validationTime: time, now: now)
}

private func verify(_ vector: AppStoreVector, with verifier: SignedDataVerifier) throws(AppStoreVerificationError) {
    switch vector.kind {
    case "notification": _ = try verifier.verifyNotification(signedPayload: vector.jws)
    case "transaction": _ = try verifier.verifyTransaction(vector.jws)
    default: _ = try verifier.verifyRenewalInfo(vector.jws)
    }
}

@Suite("App Store signed data: every vector")
struct SignedDataVectorTests {
    @Test("the file loads with all 61 entries, 52 valid")
    func counts() {
        #expect(vectors.count == 61)
        #expect(vectors.filter { $0.expected.valid }.count == 52)
        #expect(appleRoot.count == 583)
    }

    @Test("each entry: valid ones verify at their date, invalid ones fail a listed check", arguments: vectors)
    func entry(_ vector: AppStoreVector) throws {
        let effective = vector.expected.effectiveDateMs.map { Date(timeIntervalSince1970: Double($0) / 1000) }
        // The payload's own signedDate where it has one (or, for a notification, its transaction's);
        // the entry's chosen date otherwise.
        var time = SignedDataVerifier.ValidationTime.signedDate
        if vector.expected.signedDateMs == nil {
            let probe = try verifier(for: vector, time: .signedDate)
            do { try verify(vector, with: probe) } catch {
                if error.check == .noEffectiveDate, let effective { time = .at(effective) }
            }
        }
        let bundleOverride = vector.name == "applelib-test-wrongBundleId" ? "com.example" : nil
        do {
            try verify(vector, with: try verifier(for: vector, time: time, bundleID: bundleOverride))
            #expect(vector.expected.valid, "accepted, but the entry fails \(vector.expected.failedChecks ?? [])")
            #expect(bundleOverride == nil && vector.expected.environment != nil, "the app checks should have refused it")
        } catch let error as AppStoreVerificationError {
            if vector.expected.valid {
                // Signature and chain are good; only the app checks can refuse: Apple's mock data with the
                // wrong bundle ID, and 2021 tokens that predate the environment field.
                switch error.check {
                case .bundleIDMismatch: #expect(bundleOverride != nil, "\(error)")
                case .environmentMismatch(nil): #expect(vector.expected.environment == nil, "\(error)")
                default: Issue.record("refused a valid entry: \(error)")
                }
            } else {
                #expect(vector.expected.failedChecks?.contains(error.check.identifier) == true,
                        "\(error.check.identifier) is not among \(vector.expected.failedChecks ?? []): \(error)")
            }
        }
    }

    @Test("at 2026-11-24, the real tokens of the 2021 and 2023 leaves are refused for the leaf's validity; the 2025 leaf's verify")
    func currentTime() throws {
        var refused = 0, accepted = 0
        let formatter = ISO8601DateFormatter()
        for vector in vectors where vector.chain == "apple-real" && vector.expected.valid && vector.expected.environment != nil {
            let leafNotAfter = try #require(vector.expected.leafNotAfter.flatMap { formatter.date(from: $0) }, "\(vector.name)")
            do {
                try verify(vector, with: try verifier(for: vector, time: .now))
                #expect(leafNotAfter > today, "\(vector.name)")
                accepted += 1
            } catch let error as AppStoreVerificationError {
                #expect(leafNotAfter < today && error.check == .leafNotValidAtEffectiveDate, "\(vector.name): \(error)")
                refused += 1
            }
        }
        #expect(refused > 10 && accepted > 10)
    }
}

// Every endpoint case of Apple's client tests (Vectors/api_cases.json: 36 cases, App Store Server API and
// Retention Messaging API) sent by our client over HTTP to the stand-in: the method, path, query and body
// must be exactly the case's (UUIDs in paths compared as UUIDs: Apple's Swift client sends them
// uppercase, its Python client and ours lowercase), the token and headers what Apple checks, and the
// decoded answer what Apple's tests assert of the same response file.

import AppleHTTP
import AppStoreServer
import AppStoreServerAPI
import Foundation
import PureJWT
import Testing
import TestSupport

struct EndpointCase: Decodable, Sendable, CustomTestStringConvertible {
    let endpoint: String
    let method: String
    let example_request: Example
    let response: Answer

    struct Example: Decodable, Sendable {
        let path: String
        let python_path: String?
        let query: [String: [String]]
        let body_json: JSONValue?
        let body_raw_hex: String?
        let content_type: String?
    }
    struct Answer: Decodable, Sendable {
        let status: Int
        let file: String?
    }

    var testDescription: String { endpoint }

    static func all() throws -> [EndpointCase] {
        struct File: Decodable { let cases: [EndpointCase] }
        return try VectorFiles.json(File.self, "api_cases.json").cases
    }
}

/// The call each case makes, with Apple's test inputs, and the checks of its answer (from Apple's test
/// assertions on the same response file).
private typealias Call = @Sendable (AppStoreServerAPIClient) async throws -> Void

private let uuidA = UUID(uuidString: "a1b2c3d4-e5f6-7890-a1b2-c3d4e5f67890")!
private let uuidB = UUID(uuidString: "b2c3d4e5-f6a7-8901-b2c3-d4e5f6a78901")!
private let uuidC = UUID(uuidString: "c3d4e5f6-a7b8-9012-c3d4-e5f6a7b89012")!
private let accountToken = UUID(uuidString: "7389a31a-fb6d-4569-a2a6-db7d85d84813")!
private func ms(_ milliseconds: Double) -> Date { Date(timeIntervalSince1970: milliseconds / 1000) }

private let historyFilter = AppStoreTransactionHistoryRequest(
    startDate: ms(123_455), endDate: ms(123_456), productIds: ["com.example.1", "com.example.2"], productTypes: [.consumable, .autoRenewable],
    sort: "ASCENDING", subscriptionGroupIdentifiers: ["sub_group_id", "sub_group_id_2"], inAppOwnershipType: .familyShared, revoked: false)

private func checkHistory(_ page: AppStoreHistoryResponse) {
    #expect(page.revision == "revision_output" && page.hasMore == true && page.bundleId == "com.example" && page.appAppleId == 323_232)
    #expect(page.environment == .localTesting && page.environment?.rawValue == "LocalTesting")
    #expect(page.signedTransactions == ["signed_transaction_value", "signed_transaction_value2"])
}

private let message = RetentionMessage(header: "Header text", body: "Body text")

private let calls: [String: Call] = [
    "Get Transaction Info": { client in
        let answer = try await client.transactionInfo(transactionID: "1234")
        #expect(answer.signedTransactionInfo == "signed_transaction_info_value")
    },
    "Get Transaction History (v2)": { client in
        checkHistory(try await client.transactionHistory(transactionID: "1234", revision: "revision_input", filter: historyFilter))
    },
    "Get Transaction History (v1, deprecated)": { client in
        checkHistory(try await (client as any DeprecatedEndpoints).historyV1(transactionID: "1234", revision: "revision_input", filter: historyFilter))
    },
    "Get All Subscription Statuses": { client in
        let statuses = try await client.allSubscriptionStatuses(transactionID: "4321", statuses: [.expired, .active])
        #expect(statuses.environment == .localTesting && statuses.bundleId == "com.example" && statuses.appAppleId == 5_454_545)
        let groups = try #require(statuses.data)
        #expect(groups.map(\.subscriptionGroupIdentifier) == ["sub_group_one", "sub_group_two"])
        let first = try #require(groups[0].lastTransactions)
        #expect(first.map(\.status) == [.active, .revoked] && first.map(\.originalTransactionId) == ["3749183", "5314314134"])
        #expect(first.map(\.signedTransactionInfo) == ["signed_transaction_one", "signed_transaction_two"])
        #expect(first.map(\.signedRenewalInfo) == ["signed_renewal_one", "signed_renewal_two"])
        #expect(groups[1].lastTransactions?.first?.status == .expired)
    },
    "Get Refund History (v2)": { client in
        let page = try await client.refundHistory(transactionID: "555555", revision: "revision_input")
        #expect(page.signedTransactions == ["signed_transaction_one", "signed_transaction_two"] && page.revision == "revision_output" && page.hasMore == true)
    },
    "Look Up Order ID": { client in
        let order = try await client.lookUpOrderID("W002182")
        #expect(order.status == .invalid && order.status?.rawValue == 1 && order.signedTransactions == ["signed_transaction_one", "signed_transaction_two"])
    },
    "Get Notification History": { client in
        let filter = AppStoreNotificationHistoryRequest(startDate: ms(1_698_148_900_000), endDate: ms(1_698_148_950_000), notificationType: .subscribed,
                                                        notificationSubtype: .initialBuy, transactionId: "999733843", onlyFailures: true)
        let page = try await client.notificationHistory(filter, paginationToken: "a036bc0e-52b8-4bee-82fc-8c24cb6715d6")
        #expect(page.paginationToken == "57715481-805a-4283-8499-1c19b5d6b20a" && page.hasMore == true)
        let items = try #require(page.notificationHistory)
        #expect(items.map(\.signedPayload) == ["signed_payload_one", "signed_payload_two"])
        #expect(items[0].sendAttempts?.map(\.sendAttemptResult) == [.noResponse, .success])
        #expect(items[0].sendAttempts?.map(\.attemptDate) == [ms(1_698_148_900_000), ms(1_698_148_950_000)])
        #expect(items[1].sendAttempts?.map(\.sendAttemptResult) == [.circularRedirect] && items[1].sendAttempts?[0].attemptDate == ms(1_698_148_800_000))
    },
    "Request a Test Notification": { client in
        let answer = try await client.requestTestNotification()
        #expect(answer.testNotificationToken == "ce3af791-365e-4c60-841b-1674b43c1609")
    },
    "Get Test Notification Status": { client in
        let status = try await client.testNotificationStatus(token: "8cd2974c-f905-492a-bf9a-b2f47c791d19")
        #expect(status.signedPayload == "signed_payload" && status.sendAttempts?.map(\.sendAttemptResult) == [.noResponse, .success])
        #expect(status.sendAttempts?.map(\.attemptDate) == [ms(1_698_148_900_000), ms(1_698_148_950_000)])
    },
    "Send Consumption Information (v2)": { client in
        try await client.sendConsumptionInformation(transactionID: "49571273", AppStoreConsumptionRequest(
            customerConsented: true, sampleContentProvided: false, deliveryStatus: .delivered, consumptionPercentage: 50_000, refundPreference: .grantFull))
    },
    "Send Consumption Information (v2, minimal fields)": { client in
        try await client.sendConsumptionInformation(transactionID: "49571273", AppStoreConsumptionRequest(
            customerConsented: true, sampleContentProvided: false, deliveryStatus: .undeliveredQualityIssue))
    },
    "Send Consumption Information (v1)": { client in
        try await (client as any DeprecatedEndpoints).consumptionV1(transactionID: "49571273", AppStoreConsumptionRequestV1(
            customerConsented: true, consumptionStatus: 1, platform: 2, sampleContentProvided: false, deliveryStatus: 3, appAccountToken: accountToken,
            accountTenure: 4, playTime: 5, lifetimeDollarsRefunded: 6, lifetimeDollarsPurchased: 7, userStatus: 4, refundPreference: 3))
    },
    "Send Consumption Information (v1, no appAccountToken)": { client in
        try await (client as any DeprecatedEndpoints).consumptionV1(transactionID: "49571273", AppStoreConsumptionRequestV1(
            customerConsented: true, consumptionStatus: 1, platform: 2, sampleContentProvided: false, deliveryStatus: 3, appAccountToken: nil,
            accountTenure: 4, playTime: 5, lifetimeDollarsRefunded: 6, lifetimeDollarsPurchased: 7, userStatus: 4))
    },
    "Set App Account Token": { client in
        try await client.setAppAccountToken(accountToken, originalTransactionID: "49571273")
    },
    "Get App Transaction Info": { client in
        let answer = try await client.appTransactionInfo(transactionID: "1234")
        #expect(answer.signedAppTransactionInfo == "signed_app_transaction_info_value")
    },
    "Finish Transaction": { client in
        try await client.finishTransaction(transactionID: "1234")
    },
    "Extend a Subscription Renewal Date": { client in
        let answer = try await client.extendSubscriptionRenewalDate(originalTransactionID: "4124214", AppStoreExtendRenewalDateRequest(
            extendByDays: 45, extendReasonCode: .customerSatisfaction, requestIdentifier: "fdf964a4-233b-486c-aac1-97d8d52688ac"))
        #expect(answer.originalTransactionId == "2312412" && answer.webOrderLineItemId == "9993" && answer.success == true)
        #expect(answer.effectiveDate == ms(1_698_148_900_000))
    },
    "Extend Subscription Renewal Dates for All Active Subscribers": { client in
        let answer = try await client.extendRenewalDateForAllActiveSubscribers(AppStoreMassExtendRenewalDateRequest(
            extendByDays: 45, extendReasonCode: .customerSatisfaction, requestIdentifier: "fdf964a4-233b-486c-aac1-97d8d52688ac",
            storefrontCountryCodes: ["USA", "MEX"], productId: "com.example.productId"))
        #expect(answer.requestIdentifier == "758883e8-151b-47b7-abd0-60c4d804c2f5")
    },
    // Apple's test passes its two values swapped (PROVENANCE §4.9); the documented path order is kept.
    "Get Status of Subscription Renewal Date Extensions": { client in
        let status = try await client.massExtensionStatus(productID: "20fba8a0-2b80-4a7d-a17f-85c1854727f8", requestIdentifier: "com.example.product")
        #expect(status.requestIdentifier == "20fba8a0-2b80-4a7d-a17f-85c1854727f8" && status.complete == true)
        #expect(status.completeDate == ms(1_698_148_900_000) && status.succeededCount == 30 && status.failedCount == 2)
    },
    "Upload Image": { client in try await client.uploadImage([1, 2, 3], imageIdentifier: uuidA) },
    "Upload Image (with imageSize)": { client in try await client.uploadImage([1, 2, 3], imageIdentifier: uuidA, imageSize: .fullSize) },
    "Delete Image": { client in try await client.deleteImage(imageIdentifier: uuidA) },
    "Get Image List": { client in
        let list = try await client.imageList()
        #expect(list.imageIdentifiers?.count == 1 && list.imageIdentifiers?[0].imageIdentifier == uuidA)
        #expect(list.imageIdentifiers?[0].imageState == .approved && list.imageIdentifiers?[0].imageSize == .fullSize)
    },
    "Upload Message": { client in try await client.uploadMessage(message, messageIdentifier: uuidA) },
    "Upload Message (with image)": { client in
        var withImage = message
        withImage.image = RetentionMessage.Image(imageIdentifier: uuidB, altText: "Alt text")
        try await client.uploadMessage(withImage, messageIdentifier: uuidA)
    },
    "Upload Message (with bullet points)": { client in
        let full = RetentionMessage(header: "Header text", body: "Body text", image: RetentionMessage.Image(imageIdentifier: uuidB, altText: "Alt text"),
                                    headerPosition: "ABOVE_IMAGE",
                                    bulletPoints: [RetentionMessage.BulletPoint(text: "Bullet 1", imageIdentifier: uuidC, altText: "Bullet alt")])
        try await client.uploadMessage(full, messageIdentifier: uuidA)
    },
    "Delete Message": { client in try await client.deleteMessage(messageIdentifier: uuidA) },
    "Get Message List": { client in
        let list = try await client.messageList()
        #expect(list.messageIdentifiers?.count == 1 && list.messageIdentifiers?[0].messageIdentifier == uuidA)
        #expect(list.messageIdentifiers?[0].messageState == .approved)
    },
    "Configure Default Message": { client in
        try await client.configureDefaultMessage(productID: "com.example.product", locale: "en-US", messageIdentifier: uuidA)
    },
    "Delete Default Message": { client in try await client.deleteDefaultMessage(productID: "com.example.product", locale: "en-US") },
    "Get Default Message": { client in
        let answer = try await client.defaultMessage(productID: "com.example.product", locale: "en-US")
        #expect(answer.messageIdentifier == uuidA)
    },
    "Configure Realtime URL": { client in try await client.configureRealtimeURL("https://example.com/realtime") },
    "Delete Realtime URL": { client in try await client.deleteRealtimeURL() },
    "Get Realtime URL": { client in
        let answer = try await client.realtimeURL()
        #expect(answer.realtimeURL == "https://example.com/realtime")
    },
    "Initiate Performance Test": { client in
        let test = try await client.initiatePerformanceTest(originalTransactionID: "70000500092808")
        checkConfig(test.config)
        #expect(test.requestId == "c4b87a1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d")
    },
    "Get Performance Test Results": { client in
        let result = try await client.performanceTestResults(requestID: "c4b87a1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d")
        checkConfig(result.config)
        #expect(result.target == "https://example.com/retention" && result.result == "PASS" && result.successRate == 98 && result.numPending == 0)
        let times = try #require(result.responseTimes)
        #expect([times.average, times.p50, times.p90, times.p95, times.p99] == [120, 100, 200, 250, 400])
        #expect(result.failures == ["TIMED_OUT": 1, "NO_RESPONSE": 1])
    },
]

private func checkConfig(_ config: RetentionPerformanceTestConfig?) {
    #expect(config?.maxConcurrentRequests == 10 && config?.totalRequests == 100 && config?.totalDuration == 60_000)
    #expect(config?.responseTimeThreshold == 500 && config?.successRateThreshold == 95)
}

/// Apple's deprecated endpoints, called through a protocol so that the tests of them do not warn.
protocol DeprecatedEndpoints: Sendable {
    func historyV1(transactionID: String, revision: String?, filter: AppStoreTransactionHistoryRequest) async throws -> AppStoreHistoryResponse
    func consumptionV1(transactionID: String, _ request: AppStoreConsumptionRequestV1) async throws
}

extension AppStoreServerAPIClient: DeprecatedEndpoints {
    @available(*, deprecated)
    func historyV1(transactionID: String, revision: String?, filter: AppStoreTransactionHistoryRequest) async throws -> AppStoreHistoryResponse {
        try await transactionHistoryV1(transactionID: transactionID, revision: revision, filter: filter)
    }
    @available(*, deprecated)
    func consumptionV1(transactionID: String, _ request: AppStoreConsumptionRequestV1) async throws {
        try await sendConsumptionInformationV1(transactionID: transactionID, request)
    }
}

// Serialized: run in parallel, its cases put dozens of simultaneous requests on URLSession.shared, which
// FoundationNetworking on Linux is known to leave unanswered together (swift-corelibs-foundation#3287) —
// the likeliest cause of the two CI runs in which every App Store API call in flight timed out at once.
@Suite("App Store Server API endpoints against the stand-in", .serialized, .onOwnThread)
struct EndpointTests {
    @Test("every case of the vector file has a call, and every call a case")
    func coverage() throws {
        let cases = try EndpointCase.all()
        #expect(cases.count == 36)
        #expect(Set(cases.map(\.endpoint)) == Set(calls.keys))
    }

    @Test("method, path, query, body, token and answer as Apple's tests expect", arguments: try EndpointCase.all())
    func endpoint(_ testCase: EndpointCase) async throws {
        let call = try #require(calls[testCase.endpoint], "no call for \(testCase.endpoint)")
        let answer = try StandInAppStore.answer(testCase.response.status, file: testCase.response.file)
        let server = try StandInServer { _ in answer }
        defer { server.stop() }
        try await call(StandInAppStore.client(server))

        let received = server.received
        try #require(received.count == 1)
        let recorded = RecordedCall(received[0])
        let example = testCase.example_request
        #expect(recorded.method == testCase.method)
        #expect(samePath(recorded.path, example.python_path ?? example.path), "\(recorded.path)")
        #expect(recorded.query == example.query)
        #expect(try StandInAppStore.problem(with: recorded) == nil)
        if let json = example.body_json {
            #expect(recorded.header("Content-Type") == "application/json")
            #expect(try StrictJSONDecoder().decode(JSONValue.self, from: recorded.body) == json)
        } else if let hex = example.body_raw_hex {
            #expect(recorded.body == hexBytes(hex) && recorded.header("Content-Type") == example.content_type)
        } else {
            #expect(recorded.body.isEmpty && recorded.header("Content-Type") == nil)
        }
    }

    /// Equal paths, where segments that are UUIDs compare as UUIDs (any case).
    private func samePath(_ sent: String, _ expected: String) -> Bool {
        let a = sent.split(separator: "/", omittingEmptySubsequences: false), b = expected.split(separator: "/", omittingEmptySubsequences: false)
        return a.count == b.count && zip(a, b).allSatisfy { x, y in
            x == y || (UUID(uuidString: String(x)) != nil && UUID(uuidString: String(x)) == UUID(uuidString: String(y)) && x == x.lowercased())
        }
    }

    private func hexBytes(_ hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
    }
}

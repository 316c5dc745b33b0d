// The client's behaviour beyond the request shapes: Apple's error answers (every error case of
// Vectors/api_cases.json, code and message from the response file), unknown values kept, malformed
// answers refused, retries only where safe (429 with Retry-After, 5xx, refused connections), the size cap,
// pagination as AsyncSequences, one token for many calls, and configurations refused.

import AppleAuthURLSession
import AppStoreServer
import AppStoreServerAPI
import Foundation
import PureJWT
import Testing
import TestSupport

struct ErrorCase: Decodable, Sendable, CustomTestStringConvertible {
    let `case`: String
    let response_file: String?
    let http_status: Int?
    let python_request: PythonRequest?
    struct PythonRequest: Decodable, Sendable { let url: String }

    var testDescription: String { `case` }

    static func all() throws -> [ErrorCase] {
        struct File: Decodable { let error_and_decoding_cases: [ErrorCase] }
        return try VectorFiles.json(File.self, "api_cases.json").error_and_decoding_cases
    }
}

// Serialized: run in parallel, its cases put dozens of simultaneous requests on URLSession.shared, which
// FoundationNetworking on Linux is known to leave unanswered together (swift-corelibs-foundation#3287) —
// the likeliest cause of the two CI runs in which every App Store API call in flight timed out at once.
@Suite("App Store Server API client behaviour", .serialized, .onOwnThread)
struct ClientBehaviourTests {
    @Test("Apple's error answers: HTTP status, numeric code (named, or kept when unknown) and message",
          arguments: try ErrorCase.all().filter { $0.http_status != nil })
    func errorAnswer(_ errorCase: ErrorCase) async throws {
        let status = try #require(errorCase.http_status), file = try #require(errorCase.response_file)
        struct Body: Decodable { let errorCode: Int64; let errorMessage: String }
        let expected = try VectorFiles.json(Body.self, file)
        let server = try StandInServer { _ in (try? StandInAppStore.answer(status, file: file)) ?? .init(status: 599) }
        defer { server.stop() }
        let client = try StandInAppStore.client(server)
        let url = errorCase.python_request?.url ?? ""
        let error = await #expect(throws: AppStoreAPIError.self) {
            if url.hasSuffix("/notifications/test") {
                _ = try await client.requestTestNotification()
            } else if url.hasSuffix("/appAccountToken") {
                try await client.setAppAccountToken(UUID(), originalTransactionID: "49571273")
            } else if let id = url.split(separator: "/appTransactions/").dropFirst().first {
                _ = try await client.appTransactionInfo(transactionID: String(id))
            } else {
                _ = try await client.transactionInfo(transactionID: "1234")
            }
        }
        #expect(error?.reason == .apiError(status: status, code: AppStoreAPIErrorCode(rawValue: expected.errorCode), message: expected.errorMessage))
        #expect(error?.httpStatus == status && error?.apiErrorCode?.rawValue == expected.errorCode)
        #expect((error?.apiErrorCode?.name == nil) == (expected.errorCode == 9_990_000))
        #expect(error?.isRetryable == (status == 429 || status >= 500))
        #expect(server.received.count == 1)
    }

    @Test("an unknown environment is kept; an appAppleId that is a string is an unreadable answer")
    func decoding() async throws {
        let server = try StandInServer { _ in (try? StandInAppStore.answer(200, file: "responses/transactionHistoryResponseWithMalformedEnvironment.json")) ?? .init(status: 599) }
        defer { server.stop() }
        let page = try await StandInAppStore.client(server).transactionHistory(transactionID: "1234")
        #expect(page.environment?.rawValue == "LocalTestingxxx" && page.environment != .localTesting)
        server.setHandler { _ in (try? StandInAppStore.answer(200, file: "responses/transactionHistoryResponseWithMalformedAppAppleId.json")) ?? .init(status: 599) }
        let error = await #expect(throws: AppStoreAPIError.self) { _ = try await StandInAppStore.client(server).transactionHistory(transactionID: "1234") }
        guard case .invalidResponse? = error?.reason else { Issue.record("\(String(describing: error))"); return }
        server.setHandler { _ in .init(status: 200, body: #"{"signedTransactionInfo": "a", "signedTransactionInfo": "b"}"#) }
        await #expect(throws: AppStoreAPIError.self) { _ = try await StandInAppStore.client(server).transactionInfo(transactionID: "1") }
    }

    @Test("a 401 without a body names the token; an error body that is not Apple's keeps the status alone")
    func unauthorized() async throws {
        let server = try StandInServer { _ in .init(status: 401) }
        defer { server.stop() }
        let error = await #expect(throws: AppStoreAPIError.self) { _ = try await StandInAppStore.client(server).transactionInfo(transactionID: "1") }
        #expect(error?.reason == .apiError(status: 401, code: nil, message: nil))
        #expect(error?.description.contains("issuer ID") == true && error?.isRetryable == false)
        server.setHandler { _ in .init(status: 502, body: "<html>Bad gateway</html>") }
        let gateway = await #expect(throws: AppStoreAPIError.self) { _ = try await StandInAppStore.client(server).transactionInfo(transactionID: "1") }
        #expect(gateway?.reason == .apiError(status: 502, code: nil, message: nil) && gateway?.isRetryable == true)
    }

    @Test("a read is retried after 429 (waiting Retry-After) and 5xx; a request that starts something is not")
    func retries() async throws {
        let server = try StandInServer { _ in .init(status: 599) }
        defer { server.stop() }
        let policy = AppleRetryPolicy(maximumAttempts: 3, initialBackoff: 0.05, maximumBackoff: 0.1, maximumRetryAfter: 5, timeLimit: 20)
        let client = try StandInAppStore.client(server, retryPolicy: policy)
        let answered = (try? StandInAppStore.answer(200, file: "responses/transactionInfoResponse.json")) ?? .init(status: 599)
        // First 429 (Retry-After: 1), then the answer.
        let once = Counter()
        server.setHandler { _ in
            once.next() == 0 ? .init(status: 429, headers: ["Retry-After": "1"], body: #"{"errorCode": 4290000, "errorMessage": "Rate limit exceeded."}"#) : answered
        }
        let clock = ContinuousClock(), start = clock.now
        #expect(try await client.transactionInfo(transactionID: "1234").signedTransactionInfo == "signed_transaction_info_value")
        #expect(clock.now - start >= .seconds(1) && server.received.count == 2)

        // 503 on every attempt: three attempts, then Apple's error.
        server.setHandler { _ in .init(status: 503, body: #"{"errorCode": 5000001, "errorMessage": "An unknown error occurred. Please try again."}"#) }
        let before = server.received.count
        let error = await #expect(throws: AppStoreAPIError.self) { _ = try await client.transactionInfo(transactionID: "1234") }
        #expect(error?.apiErrorCode == .generalInternalRetryable && server.received.count - before == 3)

        // A test notification is sent once, whatever the answer; so are an extension and a performance test.
        let beforePost = server.received.count
        await #expect(throws: AppStoreAPIError.self) { _ = try await client.requestTestNotification() }
        await #expect(throws: AppStoreAPIError.self) {
            _ = try await client.extendSubscriptionRenewalDate(originalTransactionID: "1", AppStoreExtendRenewalDateRequest(
                extendByDays: 1, extendReasonCode: .serviceIssueOrOutage, requestIdentifier: "r"))
        }
        await #expect(throws: AppStoreAPIError.self) { _ = try await client.initiatePerformanceTest(originalTransactionID: "1") }
        #expect(server.received.count - beforePost == 3)

        // A PUT that sets a value is retried.
        let beforePut = server.received.count
        await #expect(throws: AppStoreAPIError.self) { try await client.setAppAccountToken(UUID(), originalTransactionID: "1") }
        #expect(server.received.count - beforePut == 3)
    }

    @Test("the default retry policy, as a user gets it: a 503 is retried and the call ends within the policy's 10 s limit; refused connections too")
    func defaultPolicy() async throws {
        let server = try StandInServer { _ in .init(status: 503, body: #"{"errorCode": 5000001, "errorMessage": "An unknown error occurred. Please try again."}"#) }
        defer { server.stop() }
        let client = try AppStoreServerAPIClient(credentials: StandInAppStore.credentials(), environment: .localTesting,
                                                 transport: URLSessionTransport(), baseURL: server.baseURL)
        let clock = ContinuousClock(), start = clock.now
        let error = await #expect(throws: AppStoreAPIError.self) { _ = try await client.transactionInfo(transactionID: "1") }
        // Three attempts, after ~0.25–0.5 s and ~0.5–1 s (about 1 s alone); on a loaded machine the third may
        // not fit in the time limit, so at least two, and the call never outlasts the limit.
        #expect(error?.httpStatus == 503 && server.received.count >= 2)
        #expect(clock.now - start < .seconds(11))
        server.goDown()
        let downStart = clock.now
        let down = await #expect(throws: AppStoreAPIError.self) { _ = try await client.transactionInfo(transactionID: "1") }
        guard case .transport(_, false)? = down?.reason else { Issue.record("\(String(describing: down))"); return }
        #expect(clock.now - downStart < .seconds(11))
    }

    @Test("Apple unreachable: a transport error saying the request was not sent, after the retries")
    func unreachable() async throws {
        let server = try StandInServer { _ in .init(status: 200) }
        server.goDown()
        defer { server.stop() }
        let policy = AppleRetryPolicy(maximumAttempts: 2, initialBackoff: 0.01, maximumBackoff: 0.01, timeLimit: 10)
        let error = await #expect(throws: AppStoreAPIError.self) {
            _ = try await StandInAppStore.client(server, retryPolicy: policy).requestTestNotification()
        }
        #expect(error?.reason == .transport(try #require({ if case .transport(let m, _)? = error?.reason { return m } else { return nil } }()),
                                            requestMayHaveReachedApple: false))
        #expect(error?.isRetryable == true)
    }

    @Test("answers over the size limit are refused")
    func sizeLimit() async throws {
        let server = try StandInServer { _ in .init(status: 200, body: #"{"signedTransactionInfo": ""# + String(repeating: "a", count: 2_000) + #""}"#) }
        defer { server.stop() }
        let client = try AppStoreServerAPIClient(credentials: StandInAppStore.credentials(), environment: .localTesting,
                                                 transport: URLSessionTransport(), baseURL: server.baseURL, retryPolicy: .never, maximumResponseSize: 1_000)
        let error = await #expect(throws: AppStoreAPIError.self) { _ = try await client.transactionInfo(transactionID: "1") }
        guard case .invalidResponse(let message)? = error?.reason else { Issue.record("\(String(describing: error))"); return }
        #expect(message.contains("over the limit of 1000"))
    }

    @Test("history as an AsyncSequence: every page in order, each asked with the previous revision; a repeated token stops it")
    func pages() async throws {
        let server = try StandInServer { request in
            let revision = RecordedCall(request).query["revision"]?.first
            let (next, more) = revision == nil ? ("r1", true) : revision == "r1" ? ("r2", true) : ("r3", false)
            return .init(status: 200, body: #"{"revision": "\#(next)", "hasMore": \#(more), "signedTransactions": ["\#(next)-a"]}"#)
        }
        defer { server.stop() }
        let client = try StandInAppStore.client(server)
        var seen: [String] = []
        for try await page in client.transactionHistory(transactionID: "1234") { seen += page.signedTransactions ?? [] }
        #expect(seen == ["r1-a", "r2-a", "r3-a"])
        #expect(server.received.map { RecordedCall($0).query["revision"] ?? [] } == [[], ["r1"], ["r2"]])

        server.setHandler { _ in .init(status: 200, body: #"{"paginationToken": "same", "hasMore": true, "notificationHistory": []}"#) }
        let filter = AppStoreNotificationHistoryRequest(startDate: Date(timeIntervalSince1970: 0), endDate: Date(timeIntervalSince1970: 1))
        var count = 0
        await #expect(throws: AppStoreAPIError.self) { for try await _ in client.notificationHistory(filter) { count += 1 } }
        #expect(count == 1)  // the second page names the same token again: an error, not a loop

        server.setHandler { _ in .init(status: 200, body: #"{"signedTransactions": ["x"], "revision": "z", "hasMore": false}"#) }
        var refunds = 0
        for try await page in client.refundHistory(transactionID: "1") { refunds += page.signedTransactions?.count ?? 0 }
        #expect(refunds == 1)
    }

    @Test("one token serves many calls; dates with microseconds are sent as whole milliseconds")
    func tokenReuseAndDates() async throws {
        let server = try StandInServer { _ in (try? StandInAppStore.answer(200, file: "responses/getNotificationHistoryResponse.json")) ?? .init(status: 599) }
        defer { server.stop() }
        let client = try StandInAppStore.client(server)
        let filter = AppStoreNotificationHistoryRequest(startDate: Date(timeIntervalSince1970: 1_698_148_900.000_123),
                                                        endDate: Date(timeIntervalSince1970: 1_698_148_950.000_9))
        _ = try await client.notificationHistory(filter)
        _ = try await client.notificationHistory(filter)
        let calls = server.received.map(RecordedCall.init)
        #expect(calls.count == 2 && calls[0].header("Authorization") == calls[1].header("Authorization"))
        let body = try StrictJSONDecoder().decode([String: JSONValue].self, from: calls[0].body)
        #expect(body == ["startDate": .number(1_698_148_900_000), "endDate": .number(1_698_148_950_000)])
    }

    @Test("configurations refused: Xcode, an environment without a server, bad base URLs and policies; Apple's URLs by default")
    func configuration() throws {
        let credentials = try StandInAppStore.credentials()
        let transport = try URLSessionTransport()
        let xcode = #expect(throws: AppStoreAPIError.self) { try AppStoreServerAPIClient(credentials: credentials, environment: .xcode, transport: transport) }
        #expect(xcode?.description.contains("Xcode") == true)
        #expect(throws: AppStoreAPIError.self) { try AppStoreServerAPIClient(credentials: credentials, environment: .localTesting, transport: transport) }
        for bad in ["ftp://x", "https://", "https://a?b", "https://u@h", "api.storekit.apple.com"] {
            #expect(throws: AppStoreAPIError.self) { try AppStoreServerAPIClient(credentials: credentials, environment: .production, transport: transport, baseURL: bad) }
        }
        #expect(throws: AppStoreAPIError.self) {
            try AppStoreServerAPIClient(credentials: credentials, environment: .production, transport: transport, retryPolicy: AppleRetryPolicy(maximumAttempts: 0))
        }
        #expect(throws: AppStoreAPIError.self) { try AppStoreServerAPIClient(credentials: credentials, environment: .production, transport: transport, tokenLifetime: 7200) }
        #expect(throws: AppStoreAPIError.self) { try AppStoreServerAPIClient(credentials: credentials, environment: .production, transport: transport, maximumResponseSize: 0) }
        #expect(try AppStoreServerAPIClient(credentials: credentials, environment: .production, transport: transport).baseURL == "https://api.storekit.apple.com")
        #expect(try AppStoreServerAPIClient(credentials: credentials, environment: .sandbox, transport: transport).baseURL == "https://api.storekit-sandbox.apple.com")
        #expect(try AppStoreServerAPIClient(credentials: credentials, environment: .sandbox, transport: transport, baseURL: "http://127.0.0.1:1/").baseURL == "http://127.0.0.1:1")
    }

    @Test("identifiers are escaped into one path segment; empty, dot and control-character identifiers refused before sending")
    func identifiers() async throws {
        let server = try StandInServer { _ in .init(status: 200, body: "{}") }
        defer { server.stop() }
        let client = try StandInAppStore.client(server)
        _ = try await client.transactionInfo(transactionID: "a/b?c=d e")
        _ = try await client.lookUpOrderID("ü%")
        #expect(server.received.map(\.path) == ["/inApps/v1/transactions/a%2Fb%3Fc%3Dd%20e", "/inApps/v1/lookup/%C3%BC%25"])
        for bad in ["", ".", "..", "a\nb", String(repeating: "1", count: 1_025)] {
            await #expect(throws: AppStoreAPIError.self) { _ = try await client.transactionInfo(transactionID: bad) }
        }
        await #expect(throws: AppStoreAPIError.self) {
            try await client.sendConsumptionInformation(transactionID: "1", AppStoreConsumptionRequest(
                customerConsented: true, sampleContentProvided: false, deliveryStatus: .delivered, consumptionPercentage: 100_001))
        }
        await #expect(throws: AppStoreAPIError.self) { try await client.configureRealtimeURL("http://example.com") }
        await #expect(throws: AppStoreAPIError.self) { try await client.uploadImage([], imageIdentifier: UUID()) }
        #expect(server.received.count == 2)
    }
}

/// Counts calls from any thread.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int {
        lock.lock(); defer { lock.unlock() }
        value += 1
        return value - 1
    }
}

// Serialized: run in parallel, its cases put dozens of simultaneous requests on URLSession.shared, which
// FoundationNetworking on Linux is known to leave unanswered together (swift-corelibs-foundation#3287) —
// the likeliest cause of the two CI runs in which every App Store API call in flight timed out at once.
@Suite("App Store Server API answers: signed data verified in one call", .serialized, .onOwnThread)
struct SignedAnswerTests {
    private struct Entry: Decodable { let jws: String; let root_der_b64: String; let expected: Expected }
    private struct Expected: Decodable { let transactionId: String; let bundleId: String }

    @Test("a transaction in Get Transaction Info's and a history page's answer verifies to the root; a tampered one does not")
    func verified() async throws {
        let entry = try #require(try VectorFiles.json([Entry].self, "signed_transaction.json").first)
        let root = [UInt8](try #require(Data(base64Encoded: entry.root_der_b64)))
        let verifier = try SignedDataVerifier(rootCertificates: [root], bundleID: entry.expected.bundleId, environment: .sandbox)
        let server = try StandInServer { request in
            request.path.hasPrefix("/inApps/v1/transactions/")
                ? .init(status: 200, body: #"{"signedTransactionInfo": "\#(entry.jws)"}"#)
                : .init(status: 200, body: #"{"signedTransactions": ["\#(entry.jws)"], "hasMore": false}"#)
        }
        defer { server.stop() }
        let client = try StandInAppStore.client(server)
        #expect(try await client.transactionInfo(transactionID: "1").verifiedTransaction(with: verifier).transactionId == entry.expected.transactionId)
        let page = try await client.transactionHistory(transactionID: "1")
        #expect(try page.verifiedTransactions(with: verifier).map(\.transactionId) == [entry.expected.transactionId])
        var tampered = Array(entry.jws)
        tampered[tampered.count - 5] = tampered[tampered.count - 5] == "A" ? "B" : "A"
        #expect(throws: AppStoreVerificationError.self) {
            try StrictJSONDecoder().decode(AppStoreTransactionInfoResponse.self, from: Array(#"{"signedTransactionInfo": "\#(String(tampered))"}"#.utf8))
                .verifiedTransaction(with: verifier)
        }
        #expect(throws: AppStoreVerificationError.self) {
            try StrictJSONDecoder().decode(AppStoreTransactionInfoResponse.self, from: Array("{}".utf8)).verifiedTransaction(with: verifier)
        }
    }
}

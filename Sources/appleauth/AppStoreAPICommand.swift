// `appleauth appstore api ...`: one call of the App Store Server API with the In-App Purchase key
// (AppStoreServerAPI's client over URLSession), Apple's JSON answer printed as it came; with --root, the
// signed data in it verified to the root and decoded beside it.

import AppleAuthURLSession
import AppStoreServer
import AppStoreServerAPI
import CommandLineSupport
import Foundation
import PureJWT

enum AppStoreAPICommand {
    static let help = """
        usage: appleauth appstore api CALL --issuer-id ID --key-id ID --key FILE.p8 --bundle-id ID
                                      --environment Production|Sandbox [--base-url URL] [--root FILE ...]
          transaction-info ID
          transaction-history ID [--revision R] [--all]      (v2; --all follows every page)
          subscription-statuses ID
          refund-history ID [--revision R]
          order-lookup ORDER_ID
          notification-history --start MS --end MS [--pagination-token T]
          test-notification [--status TOKEN]                 (asks for one; --status: its status)
          send-consumption ID --body FILE                    (v2 ConsumptionRequest JSON; FILE or -)
          extend ID --body FILE                              (ExtendRenewalDateRequest JSON)
          app-transaction ID
        Prints Apple's JSON answer (--all: a JSON array of the pages). With --root (Apple Root CA - G3 for
        real data) it prints {"response": <Apple's JSON>, "verified": [...]}, each signed transaction,
        renewal info, app transaction or notification in the answer verified to the root and decoded.
        APPSTORE_API_BASE_URL in the environment is another way to give --base-url (a stand-in, a proxy).
        Reads are retried after a 429, a 5xx or a failed connection; test-notification and extend are
        sent once.
        Exit 0 answered; 1 Apple answered an error (one line: HTTP status, code, name, message) or the
        signed data failed verification; 2 usage or unreadable input; 3 Apple unreachable, 5xx after the
        retries, or an answer that cannot be read.
        """

    private static let flags: Set<String> = AppStoreSignCommand.credentialFlags.union(
        ["environment", "base-url", "root", "revision", "all", "start", "end", "pagination-token", "status", "body"])

    static func run(_ arguments: [String]) async throws {
        guard let call = arguments.first, !["--help", "-h"].contains(call) else { print(help); return }
        let args = try Arguments(Array(arguments.dropFirst()), flags: flags, switches: ["all"])
        if args.wantsHelp { print(help); return }
        let environment = try AppStoreCommand.environmentValue(try args.required("environment"))
        let credentials = try AppStoreSignCommand.credentials(args)
        let verifier = try args.values("root").isEmpty ? nil : makeVerifier(args, credentials: credentials, environment: environment)
        let recorder = RecordingTransport(inner: try URLSessionTransport(timeout: 30, maximumResponseSize: 8 << 20))
        let client: AppStoreServerAPIClient
        do {
            client = try AppStoreServerAPIClient(credentials: credentials, environment: environment, transport: recorder,
                                                 baseURL: args.value("base-url") ?? ProcessInfo.processInfo.environment["APPSTORE_API_BASE_URL"],
                                                 retryPolicy: AppleRetryPolicy(timeLimit: 60), maximumResponseSize: 8 << 20)
        } catch {
            throw ToolError.usage(error.description)
        }

        var verified: [Any] = []
        do {
            switch call {
            case "transaction-info":
                let answer = try await client.transactionInfo(transactionID: try one(args, "ID"))
                if let verifier { verified.append(try encoded(answer.verifiedTransaction(with: verifier))) }
            case "transaction-history":
                let id = try one(args, "ID")
                if args.has("all") {
                    guard args.value("revision") == nil else { throw ToolError.usage("--all starts at the first page: leave out --revision") }
                    var pages: [Any] = []
                    // The iterator's next() directly: `for try await` calls next(isolation:), which needs macOS 15.
                    var iterator = client.transactionHistory(transactionID: id).makeAsyncIterator()
                    while let page = try await iterator.next() {
                        pages.append(try recorder.lastJSON())
                        if let verifier { verified += try page.verifiedTransactions(with: verifier).map(encoded) }
                    }
                    try output(pages, verified: verifier == nil ? nil : verified)
                    return
                }
                let page = try await client.transactionHistory(transactionID: id, revision: args.value("revision"))
                if let verifier { verified += try page.verifiedTransactions(with: verifier).map(encoded) }
            case "subscription-statuses":
                let answer = try await client.allSubscriptionStatuses(transactionID: try one(args, "ID"))
                if let verifier {
                    for last in (answer.data ?? []).flatMap({ $0.lastTransactions ?? [] }) {
                        verified.append(try encoded(last.verifiedTransaction(with: verifier)))
                        verified.append(try encoded(last.verifiedRenewalInfo(with: verifier)))
                    }
                }
            case "refund-history":
                let page = try await client.refundHistory(transactionID: try one(args, "ID"), revision: args.value("revision"))
                if let verifier { verified += try page.verifiedTransactions(with: verifier).map(encoded) }
            case "order-lookup":
                let answer = try await client.lookUpOrderID(try one(args, "ORDER_ID"))
                if let verifier { verified += try answer.verifiedTransactions(with: verifier).map(encoded) }
            case "notification-history":
                try none(args)
                let filter = AppStoreNotificationHistoryRequest(startDate: try milliseconds(args, "start"), endDate: try milliseconds(args, "end"))
                let page = try await client.notificationHistory(filter, paginationToken: args.value("pagination-token"))
                if let verifier {
                    for item in page.notificationHistory ?? [] { verified.append(try encoded(item.verifiedNotification(with: verifier).payload)) }
                }
            case "test-notification":
                try none(args)
                if let token = args.value("status") {
                    let status = try await client.testNotificationStatus(token: token)
                    if let verifier, let payload = status.signedPayload {
                        verified.append(try encoded(verifier.verifyNotification(signedPayload: payload).payload))
                    }
                } else {
                    _ = try await client.requestTestNotification()
                }
            case "send-consumption":
                let request = try body(args, AppStoreConsumptionRequest.self)
                try await client.sendConsumptionInformation(transactionID: try one(args, "ID"), request)
            case "extend":
                let request = try body(args, AppStoreExtendRenewalDateRequest.self)
                _ = try await client.extendSubscriptionRenewalDate(originalTransactionID: try one(args, "ID"), request)
            case "app-transaction":
                let answer = try await client.appTransactionInfo(transactionID: try one(args, "ID"))
                if let verifier, let signed = answer.signedAppTransactionInfo { verified.append(try encoded(verifier.verifyAppTransaction(signed))) }
            default:
                throw ToolError.usage("unknown api call \"\(call)\"; see appleauth appstore api --help")
            }
        } catch let error as AppStoreAPIError {
            throw toolError(error)
        } catch let error as AppStoreVerificationError {
            throw ToolError.rejected("\(error.check.identifier): \(error)")
        }
        try output(recorder.lastJSON(), verified: verifier == nil ? nil : verified)
    }

    /// Exit 1 for an error answer from Apple (but 3 for a 5xx: Apple's side), 3 when no answer came or it
    /// could not be read, 2 for a request that could not be made.
    private static func toolError(_ error: AppStoreAPIError) -> ToolError {
        switch error.reason {
        case .apiError(let status, let code, let message):
            let line = "HTTP \(status)" + (code.map { ": \($0)" } ?? "") + (message.map { ": \($0)" } ?? "")
            return status >= 500 ? ToolError.network(line + " (after the retries)") : ToolError.rejected(line)
        case .transport, .invalidResponse:
            return ToolError.network(error.description)
        default:
            return ToolError.usage(error.description)
        }
    }

    private static func output(_ response: Any, verified: [Any]?) throws {
        let object: Any = verified.map { ["response": response, "verified": $0] as [String: Any] } ?? response
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
        print(String(decoding: data, as: UTF8.self))
    }

    private static func encoded<T: Encodable>(_ value: T) throws -> Any {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try JSONSerialization.jsonObject(with: encoder.encode(value))
    }

    private static func makeVerifier(_ args: Arguments, credentials: AppStoreCredentials, environment: AppStoreEnvironment) throws -> SignedDataVerifier {
        do {
            return try SignedDataVerifier(rootCertificates: try args.values("root").map(AppStoreCommand.readCertificate),
                                          bundleID: credentials.bundleID, environment: environment)
        } catch let error as AppStoreVerificationError {
            throw ToolError.usage(error.description)
        }
    }

    private static func one(_ args: Arguments, _ name: String) throws -> String {
        guard args.positional.count == 1 else { throw ToolError.usage("give exactly one \(name); see appleauth appstore api --help") }
        return args.positional[0]
    }

    private static func none(_ args: Arguments) throws {
        guard args.positional.isEmpty else { throw ToolError.usage("unexpected argument \"\(args.positional[0])\"; see appleauth appstore api --help") }
    }

    private static func milliseconds(_ args: Arguments, _ flag: String) throws -> Date {
        let text = try args.required(flag)
        guard let value = Int64(text), (0...253_402_300_799_000).contains(value) else {
            throw ToolError.usage("--\(flag) is milliseconds since 1970, a whole number; got \"\(text)\"")
        }
        return Date(timeIntervalSince1970: Double(value) / 1000)
    }

    /// A request body from --body FILE (or -), decoded strictly.
    private static func body<T: Decodable>(_ args: Arguments, _ type: T.Type) throws -> T {
        let bytes = try readInput(try args.required("body"), limit: 65_536)
        do { return try StrictJSONDecoder(maximumSize: 65_536).decode(T.self, from: Array(bytes)) } catch {
            throw ToolError.usage("--body: not a \(T.self) as Apple documents it: \(error)")
        }
    }
}

/// A transport that keeps the body of the last answer, so that the tool prints Apple's JSON as it came
/// (the client's typed answers drop members this version does not know).
private final class RecordingTransport: AppleHTTPTransport, @unchecked Sendable {
    private let inner: any AppleHTTPTransport
    private let lock = NSLock()
    private var last: [UInt8] = []

    init(inner: any AppleHTTPTransport) { self.inner = inner }

    func send(_ request: AppleHTTPRequest) async throws -> AppleHTTPResponse {
        let response = try await inner.send(request)
        keep(response.body)
        return response
    }

    private func keep(_ body: [UInt8]) {
        lock.lock()
        last = body
        lock.unlock()
    }

    /// The last answer's JSON (an empty answer is null).
    func lastJSON() throws -> Any {
        lock.lock()
        let body = last
        lock.unlock()
        guard !body.isEmpty else { return NSNull() }
        return try JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])
    }
}

// `appleauth appstore api` as a subprocess against the stand-in App Store Server API (TestSupport's
// StandInServer answering with Apple's response fixtures from AppStoreServerAPITests/Vectors): Apple's JSON
// printed as it came, pages followed, signed data verified with --root, and the exit codes of item 6:
// 1 for Apple's error answers, 3 when Apple cannot be reached or answers 5xx, 2 for usage.

import Foundation
import PureJWT
import Testing
import TestSupport

private let apiVectors = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("AppStoreServerAPITests/Vectors")
private func apiFile(_ name: String) throws -> String { try String(contentsOf: apiVectors.appendingPathComponent(name), encoding: .utf8) }

private func arguments(_ server: StandInServer, bundle: String = "com.example") -> [String] {
    ["--issuer-id", "issuerId", "--key-id", "keyId", "--key", apiVectors.appendingPathComponent("testSigningKey.p8").path, "--bundle-id", bundle,
     "--environment", "Sandbox", "--base-url", server.baseURL]
}

private func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) }

@Suite("appleauth appstore api", .onOwnThread)
struct AppStoreAPIToolTests {
    @Test("transaction-info prints Apple's JSON as it came, after a request with the bearer token")
    func transactionInfo() async throws {
        let body = try apiFile("responses/transactionInfoResponse.json")
        let server = try StandInServer { _ in .init(status: 200, body: body) }
        defer { server.stop() }
        let run = try await ToolProcess.run("appleauth", ["appstore", "api", "transaction-info", "1234"] + arguments(server))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try json(run.stdout) as? NSDictionary == json(body) as? NSDictionary)
        let request = try #require(server.received.first)
        #expect(request.method == "GET" && request.path == "/inApps/v1/transactions/1234")
        #expect(request.headers.first { $0.key.lowercased() == "authorization" }?.value.hasPrefix("Bearer eyJ") == true)
    }

    @Test("transaction-history --all follows every page and prints them as an array; APPSTORE_API_BASE_URL stands for --base-url")
    func allPages() async throws {
        let server = try StandInServer { request in
            let next = request.path.contains("revision=r1") ? ("r2", false) : ("r1", true)
            return .init(status: 200, body: #"{"revision": "\#(next.0)", "hasMore": \#(next.1), "signedTransactions": []}"#)
        }
        defer { server.stop() }
        var args = arguments(server)
        args.removeLast(2)  // --base-url URL
        let run = try await ToolProcess.run("appleauth", ["appstore", "api", "transaction-history", "1234", "--all"] + args,
                                            environment: ["APPSTORE_API_BASE_URL": server.baseURL])
        #expect(run.status == 0, "\(run.stderr)")
        let pages = try #require(try json(run.stdout) as? [[String: Any]])
        #expect(pages.map { $0["revision"] as? String } == ["r1", "r2"] && server.received.count == 2)
    }

    @Test("--root: the signed transaction in the answer verified to the root and decoded beside Apple's JSON")
    func verified() async throws {
        struct Entry: Decodable { let jws: String; let root_der_b64: String }
        let entry = try #require(try JSONDecoder().decode([Entry].self, from: Data(apiFile("signed_transaction.json").utf8)).first)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("appstore-api-root-\(UUID()).der")
        try Data(base64Encoded: entry.root_der_b64)?.write(to: root)
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try StandInServer { _ in .init(status: 200, body: #"{"signedTransactionInfo": "\#(entry.jws)"}"#) }
        defer { server.stop() }
        let run = try await ToolProcess.run("appleauth", ["appstore", "api", "transaction-info", "1", "--root", root.path]
                                                + arguments(server, bundle: "com.example.vectors"))
        #expect(run.status == 0, "\(run.stderr)")
        let output = try #require(try json(run.stdout) as? [String: Any])
        let verified = try #require(output["verified"] as? [[String: Any]])
        #expect(verified.first?["transactionId"] as? String == "2000000999000001")
        #expect((output["response"] as? [String: Any])?["signedTransactionInfo"] as? String == entry.jws)
        // The same answer for another app: refused, exit 1, naming the check.
        let other = try await ToolProcess.run("appleauth", ["appstore", "api", "transaction-info", "1", "--root", root.path] + arguments(server))
        #expect(other.status == 1 && other.stderr.contains("bundle"), "\(other.stderr)")
    }

    @Test("send-consumption sends the --body file's request as JSON")
    func sendConsumption() async throws {
        let server = try StandInServer { _ in .init(status: 202) }
        defer { server.stop() }
        let body = #"{"customerConsented": true, "sampleContentProvided": false, "deliveryStatus": "DELIVERED", "consumptionPercentage": 50000}"#
        let run = try await ToolProcess.run("appleauth", ["appstore", "api", "send-consumption", "49571273", "--body", "-"] + arguments(server), stdin: body)
        #expect(run.status == 0, "\(run.stderr)")
        let request = try #require(server.received.first)
        #expect(request.method == "PUT" && request.path == "/inApps/v2/transactions/consumption/49571273")
        #expect(try StrictJSONDecoder().decode(JSONValue.self, from: Array(request.body.utf8)) == StrictJSONDecoder().decode(JSONValue.self, from: Array(body.utf8)))
    }

    @Test("exit 1 for Apple's error answer, with its status, code, name and message on one line")
    func errorAnswer() async throws {
        let body = try apiFile("responses/transactionIdNotFoundError.json")
        let server = try StandInServer { _ in .init(status: 404, body: body) }
        defer { server.stop() }
        let run = try await ToolProcess.run("appleauth", ["appstore", "api", "app-transaction", "1"] + arguments(server))
        #expect(run.status == 1)
        #expect(run.stderr.contains("HTTP 404: 4040010 TransactionIdNotFoundError: Transaction id not found."), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test("exit 3 when Apple answers 5xx after the retries, or cannot be reached")
    func unavailable() async throws {
        let server = try StandInServer { _ in .init(status: 500, body: #"{"errorCode": 5000000, "errorMessage": "An unknown error occurred."}"#) }
        defer { server.stop() }
        let run = try await ToolProcess.run("appleauth", ["appstore", "api", "test-notification"] + arguments(server))
        #expect(run.status == 3 && run.stderr.contains("5000000"), "\(run.stderr)")
        #expect(server.received.count == 1)  // a test notification is sent once
        server.goDown()
        let down = try await ToolProcess.run("appleauth", ["appstore", "api", "test-notification"] + arguments(server))
        #expect(down.status == 3, "\(down.stderr)")
    }

    @Test("usage errors exit 2 before anything is sent")
    func usage() async throws {
        let server = try StandInServer { _ in .init(status: 200, body: "{}") }
        defer { server.stop() }
        let base = arguments(server)
        let noEnvironment = Array(base[0..<8]) + ["--base-url", server.baseURL]
        for args in [["transaction-info"] + base, ["transaction-info", "1"] + noEnvironment, ["notification-history", "--start", "x", "--end", "1"] + base,
                     ["transaction-info", "1", "--root", "/nonexistent"] + base, ["nonsense"] + base,
                     ["transaction-history", "1", "--all", "--revision", "r"] + base, ["extend", "1", "--body", "-"] + base] {
            let run = try await ToolProcess.run("appleauth", ["appstore", "api"] + args, stdin: "{}")
            #expect(run.status == 2, "\(args): \(run.stderr)")
        }
        #expect(server.received.isEmpty)
    }
}

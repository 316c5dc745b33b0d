// `appleauth appstore verify` as a subprocess, on entries of AppStoreServerTests/Vectors/appstore_signed_data.json
// (read from there, the project's one copy): exit 0 with the payload as JSON, exit 1 with one line naming
// the check, exit 2 for usage errors; INPUT as a JWS, a notification body, a file, or stdin.

import Foundation
import Testing
import TestSupport

private func appStoreVector(_ name: String) -> String {
    VectorFiles.path(name, testFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("AppStoreServerTests/SignedDataVectorTests.swift").path)
}

private struct Entry: Decodable { let name: String; let jws: String; let root_der_b64: String? }

private func entry(_ name: String) throws -> Entry {
    let entries = try JSONDecoder().decode([Entry].self, from: try Data(contentsOf: URL(fileURLWithPath: appStoreVector("appstore_signed_data.json"))))
    return try #require(entries.first { $0.name == name })
}

private func appleauth(_ arguments: [String], stdin: String? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
    let run = try ToolProcess.runBlocking("appleauth", arguments, stdin: stdin)
    return (run.status, run.stdout, run.stderr)
}

@Suite("appleauth appstore verify", .serialized)
struct AppStoreToolTests {
    let root = appStoreVector("AppleRootCA-G3.cer")

    @Test("a real Production notification: its payload and the nested transaction as JSON; from a file, a body on stdin, and literally")
    func verifies() throws {
        let notification = try entry("real-php-appstore-notifications-notification-consumption-request-1663913382653")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("appstore-\(UUID().uuidString).jws")
        try notification.jws.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        for (arguments, stdin) in [([file.path], nil), (["-"], #"{"signedPayload": "\#(notification.jws)"}"#), ([notification.jws], nil)] {
            let run = try appleauth(["appstore", "verify"] + arguments + ["--root", root, "--bundle-id", "com.firestream.Farm-RPG",
                                                                      "--app-apple-id", "1564601242", "--environment", "Production"], stdin: stdin)
            #expect(run.status == 0, "\(run.stderr)")
            let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
            let payload = json?["notification"] as? [String: Any]
            #expect(payload?["notificationType"] as? String == "CONSUMPTION_REQUEST")
            #expect((json?["transaction"] as? [String: Any])?["transactionId"] as? String == "330001192637554")
        }
    }

    @Test("a real transaction from 2021, which has no environment: verified without --environment (the tool checks only what it is given); refused with one")
    func transactionWithoutEnvironment() throws {
        let transaction = try entry("real-app-store-server-sdk-transaction-1636464323732")
        let run = try appleauth(["appstore", "verify", transaction.jws, "--root", root])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(json?["bundleId"] as? String == "club.omnichess.ios" && json?["environment"] == nil)
        let refused = try appleauth(["appstore", "verify", transaction.jws, "--root", root, "--environment", "Production"])
        #expect(refused.status == 1 && refused.stderr.contains("environment_mismatch"), "\(refused.stderr)")
    }

    @Test("receipt transaction-id: a DER file, a base64 file, base64 text, stdin, a legacy transaction receipt; no in-app prints nothing; garbage, empty input and non-receipts exit 2")
    func receiptTransactionID() throws {
        let files = URL(fileURLWithPath: appStoreVector("receipts")).appendingPathComponent("files")
        let legacy = try String(contentsOf: files.appendingPathComponent("applelib-legacyTransaction"), encoding: .utf8)
        let production = try String(contentsOf: files.appendingPathComponent("tpinapp-receipt-production"), encoding: .utf8)
        let cases: [([String], String?, String)] = [
            ([files.appendingPathComponent("kvitto-sandboxReceipt").path], nil, "1000000156449405\n"),
            ([files.appendingPathComponent("tpinapp-receipt-production").path], nil, "340001196262039\n"),
            ([production.trimmingCharacters(in: .whitespacesAndNewlines)], nil, "340001196262039\n"),
            (["-"], production, "340001196262039\n"),
            ([legacy.trimmingCharacters(in: .whitespacesAndNewlines)], nil, "33993399\n"),
            ([files.appendingPathComponent("aov-hannes_mac_mindnode_receipt").path], nil, ""),
        ]
        for (arguments, stdin, expected) in cases {
            let run = try appleauth(["appstore", "receipt", "transaction-id"] + arguments, stdin: stdin)
            #expect(run.status == 0 && run.stdout == expected, "\(arguments.first?.prefix(60) ?? ""): \(run.stdout) \(run.stderr)")
        }
        let garbage = try appleauth(["appstore", "receipt", "transaction-id", "MIIB"])
        #expect(garbage.status == 2 && garbage.stderr.contains("receipt") && garbage.stdout.isEmpty, "\(garbage.stderr)")
        // Empty input (an argument, standard input) and base64 of something that is not a receipt: exit 2.
        for (arguments, stdin) in [([""], nil), (["-"], ""), (["-"], "\n"), (["aGVsbG8gd29ybGQ="], nil)] as [([String], String?)] {
            let run = try appleauth(["appstore", "receipt", "transaction-id"] + arguments, stdin: stdin)
            #expect(run.status == 2 && run.stdout.isEmpty && run.stderr.contains("receipt"), "\(arguments) \(stdin ?? "-"): \(run.status) \(run.stderr)")
        }
    }

    @Test("an app transaction and a realtime request (Apple's fixtures signed on a test chain) verify and print as JSON")
    func appTransactionAndRealtime() throws {
        struct Models: Decodable { let root_der_b64: String; let cases: [Case]; struct Case: Decodable { let file: String; let jws: String } }
        let models = try JSONDecoder().decode(Models.self, from: Data(contentsOf: URL(fileURLWithPath: appStoreVector("payload_models.json"))))
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("models-root-\(UUID().uuidString).der")
        try Data(base64Encoded: models.root_der_b64)!.write(to: root)
        defer { try? FileManager.default.removeItem(at: root) }
        for (file, member, value) in [("appTransaction.json", "appTransactionId", "71134"), ("decodedRealtimeRequest.json", "userLocale", "en-US"),
                                      ("signedRescindConsentNotification.json", "appTransaction", nil)] as [(String, String, String?)] {
            let jws = try #require(models.cases.first { $0.file.hasSuffix("/" + file) }).jws
            let run = try appleauth(["appstore", "verify", jws, "--root", root.path, "--bundle-id", "com.example", "--environment", "Sandbox"])
            #expect(run.status == 0, "\(file): \(run.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            if let value { #expect(json[member] as? String == value, "\(file)") } else { #expect((json[member] as? [String: Any])?["appTransactionId"] as? String == "71134") }
        }
    }

    @Test("verify --online: good exits 0, a revoked leaf 1, a responder that cannot be reached 3 (OCSP answers made by Python cryptography)")
    func online() throws {
        struct Vectors: Decodable {
            let root: String, notification: String, check_time: Int64, cases: [Case]
            struct Case: Decodable { let name: String; let response: String }
        }
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PureX509Tests/Vectors/ocsp_vectors.json")
        let vectors = try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: path))
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ocsp-root-\(UUID().uuidString).der")
        try Data(base64Encoded: vectors.root)!.write(to: root)
        defer { try? FileManager.default.removeItem(at: root) }
        func answer(_ name: String) -> [UInt8] { [UInt8](Data(base64Encoded: vectors.cases.first { $0.name == name }?.response ?? "") ?? Data()) }
        // Answers that echo no nonce: the tool's is random.
        for (leaf, status, check) in [("no-nonce", Int32(0), ""), ("revoked-no-nonce", 1, "certificate_revoked"), ("stale-no-nonce", 1, "ocsp_check_failed")] {
            let leafAnswer = answer(leaf), intermediateAnswer = answer("intermediate-good")
            let server = try StandInServer { request in .init(status: 200, bytes: request.path == "/ocsp-intermediate" ? leafAnswer : intermediateAnswer) }
            defer { server.stop() }
            let run = try appleauth(["appstore", "verify", vectors.notification, "--root", root.path, "--bundle-id", "com.example",
                                     "--environment", "Sandbox", "--online", "--ocsp-base-url", server.baseURL, "--at", "1748779200000"])
            #expect(run.status == status && (check.isEmpty || run.stderr.contains(check)), "\(leaf): \(run.stderr)")
        }
        let down = try StandInServer { _ in .init(status: 200) }
        down.goDown()
        defer { down.stop() }
        let unreachable = try appleauth(["appstore", "verify", vectors.notification, "--root", root.path, "--bundle-id", "com.example",
                                         "--environment", "Sandbox", "--online", "--ocsp-base-url", down.baseURL, "--at", "1748779200000"])
        #expect(unreachable.status == 3 && unreachable.stderr.contains("ocsp_unavailable"), "\(unreachable.stderr)")
        // Offline, the same notification verifies without asking anyone.
        #expect(try appleauth(["appstore", "verify", vectors.notification, "--root", root.path, "--bundle-id", "com.example",
                               "--environment", "Sandbox"]).status == 0)
    }

    @Test("receipt verify: fields as JSON at the creation date; refusals exit 1 naming the check; usage exits 2")
    func receiptVerify() throws {
        let receipts = URL(fileURLWithPath: appStoreVector("receipts"))
        let production = receipts.appendingPathComponent("files/tpinapp-receipt-production").path
        let mac = receipts.appendingPathComponent("files/aov-hannes_mac_mindnode_receipt").path
        let appleRoot = receipts.appendingPathComponent("roots/AppleIncRootCertificate.cer").path
        let run = try appleauth(["appstore", "receipt", "verify", production, "--root", appleRoot])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect((json["inAppPurchases"] as? [[String: Any]])?.first?["transactionId"] as? String == "340001196262039")
        #expect(json["receiptType"] as? String == "Production" && json["creationDate"] as? String != nil)
        // The Mac receipt with its device identifier (a MAC address, from AppReceiptValidator's tests).
        #expect(try appleauth(["appstore", "receipt", "verify", mac, "--root", appleRoot, "--device-id", "6c4008b5945e"]).status == 0)
        let refusals: [([String], String)] = [
            ([production, "--root", appleRoot, "--at", "now"], "receipt_chain"),
            ([production, "--root", appleRoot, "--bundle-id", "com.example.other"], "bundle_id_mismatch"),
            ([receipts.appendingPathComponent("tampered/production-sha256-content-byte-flipped").path, "--root", appleRoot], "receipt_signature"),
            ([mac, "--root", appleRoot, "--device-id", "6c4008b5945f"], "receipt_device_hash"),
            ([production, "--root", receipts.appendingPathComponent("roots/StoreKitTestCertificate.cer").path], "receipt_chain"),
        ]
        for (arguments, check) in refusals {
            let refused = try appleauth(["appstore", "receipt", "verify"] + arguments)
            #expect(refused.status == 1 && refused.stderr.contains(check), "\(arguments): \(refused.stderr)")
            #expect(refused.status == 1 && refused.stdout.isEmpty)
        }
        for arguments in [[production], [production, "--root", appleRoot, "--at", "yesterday"], ["MIIB", "--root", appleRoot],
                          [production, "--root", appleRoot, "--device-id", "xyz"]] {
            #expect(try appleauth(["appstore", "receipt", "verify"] + arguments).status == 2, "\(arguments)")
        }
    }

    @Test("refusals exit 1 with one line naming the check: the leaf at the current time, another bundle ID, an altered payload, a foreign root")
    func refusals() throws {
        let notification = try entry("real-php-appstore-notifications-notification-consumption-request-1663913382653")
        let flipped = try entry("neg-real-payload-byte-flipped")
        let generated = try entry("gen-positive-control-transaction")
        let generatedRoot = FileManager.default.temporaryDirectory.appendingPathComponent("root-\(UUID().uuidString).der")
        try Data(base64Encoded: try #require(generated.root_der_b64))!.write(to: generatedRoot)
        defer { try? FileManager.default.removeItem(at: generatedRoot) }
        let cases: [([String], String)] = [
            ([notification.jws, "--root", root, "--at", "now"], "leaf_not_valid_at_effective_date"),
            ([notification.jws, "--root", root, "--bundle-id", "com.other"], "bundle_id_mismatch"),
            ([flipped.jws, "--root", root], "jws_signature_invalid"),
            ([notification.jws, "--root", generatedRoot.path], "intermediate_not_issued_by_trusted_root"),
            ([generated.jws, "--root", generatedRoot.path, "--at", "2030-01-01T00:00:00Z"], "leaf_not_valid_at_effective_date"),
        ]
        for (arguments, check) in cases {
            let run = try appleauth(["appstore", "verify"] + arguments)
            #expect(run.status == 1 && run.stdout.isEmpty, "\(check): \(run.stderr)")
            #expect(run.stderr.contains(check) && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        }
        let ok = try appleauth(["appstore", "verify", generated.jws, "--root", generatedRoot.path, "--at", "1748779200000"])
        #expect(ok.status == 0, "\(ok.stderr)")
        // The root as PEM reads the same; a PEM block of another kind is a usage error.
        let pemRoot = FileManager.default.temporaryDirectory.appendingPathComponent("root-\(UUID().uuidString).pem")
        defer { try? FileManager.default.removeItem(at: pemRoot) }
        let body = try Data(contentsOf: generatedRoot).base64EncodedString(options: .lineLength64Characters)
        try "-----BEGIN CERTIFICATE-----\n\(body)\n-----END CERTIFICATE-----\n".write(to: pemRoot, atomically: true, encoding: .utf8)
        #expect(try appleauth(["appstore", "verify", generated.jws, "--root", pemRoot.path, "--at", "1748779200000"]).status == 0)
        try "-----BEGIN PUBLIC KEY-----\n\(body)\n-----END PUBLIC KEY-----\n".write(to: pemRoot, atomically: true, encoding: .utf8)
        #expect(try appleauth(["appstore", "verify", generated.jws, "--root", pemRoot.path]).status == 2)
    }

    @Test("usage errors exit 2 with one line", arguments: [
        ["appstore", "verify", "x"], ["appstore", "verify", "--root", "/nonexistent"], ["appstore", "verify", "a", "b", "--root", "/dev/null"],
        ["appstore", "frobnicate"], ["appstore", "verify", "x", "--root", "/dev/null", "--at", "tomorrow"],
        ["appstore", "verify", "x", "--root", "/dev/null", "--environment", "Staging"],
        ["appstore", "verify", "x", "--root", "/dev/null", "--app-apple-id", "-5"],
    ])
    func usage(_ arguments: [String]) throws {
        let run = try appleauth(arguments)
        #expect(run.status == 2 && run.stderr.split(separator: "\n").count == 1, "\(arguments): \(run.status) \(run.stderr)")
    }
}

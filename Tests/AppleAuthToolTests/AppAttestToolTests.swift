// `appleauth appattest attestation|assertion|receipt` as a subprocess: Apple's documentation sample and the
// real objects' receipts (AppAttestTests' vectors), assertions made by Python's cryptography
// (appattest-assertions.json); the JSON printed, exit 1 naming the check, exit 2 for usage and unreadable files.

import Foundation
import Testing
import TestSupport

private func run(_ arguments: [String]) async throws -> ToolRun {
    try await ToolProcess.run("appleauth", ["appattest"] + arguments)
}

/// A scratch file holding `text`, removed when the test process exits.
private func file(_ text: String, _ name: String) throws -> String {
    try ScratchFiles.write(text, name)
}

private struct Sample: Decodable {
    let app_id: String
    let key_id_b64: String
    let client_data_hash_hex: String
    let challenge_utf8: String?
    let attestation_object_b64: String
    let verify_at: String
}

private struct Assertions: Decodable {
    struct Case: Decodable {
        struct Expected: Decodable { let outcome: String; let counter: Int?; let error_contains: String? }
        let name: String
        let assertion_b64: String
        let previous_counter: Int
        let expected: Expected
    }
    let app_id: String
    let public_key_pem: String
    let client_data: String
    let cases: [Case]
}

private func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

@Suite("appleauth appattest")
struct AppAttestToolTests {
    @Test("attestation: Apple's sample at its time prints the key, counter, environment and receipt; a wrong hash exits 1 naming the step")
    func attestation() async throws {
        let sample = try VectorFiles.json(Sample.self, "../../AppAttestTests/Vectors/apple-documentation-sample.json")
        let object = try file(sample.attestation_object_b64, "object.b64")
        let common = ["--object", object, "--key-id", sample.key_id_b64, "--app-id", sample.app_id, "--at", sample.verify_at]
        let result = try await run(["attestation"] + common + ["--client-data-hash", sample.client_data_hash_hex])
        #expect(result.status == 0, "\(result.stderr)")
        let output = try json(result.stdout)
        #expect(output["keyID"] as? String == sample.key_id_b64)
        #expect(output["counter"] as? Int == 0 && output["environment"] as? String == "production")
        #expect((output["publicKey"] as? String)?.hasPrefix("-----BEGIN PUBLIC KEY-----") == true)
        #expect((output["receipt"] as? String)?.hasPrefix("MIAGCSqGSIb3DQEHAqCA") == true)  // PKCS#7, BER
        // The sample hashed nothing: its challenge's SHA-256 (what --challenge computes) is not its clientDataHash.
        let hashed = try await run(["attestation"] + common + ["--challenge", try #require(sample.challenge_utf8)])
        #expect(hashed.status == 1 && hashed.stderr.contains("steps 2-4") && hashed.stdout.isEmpty)
        // Raw CBOR works as base64 does; development refuses a production object.
        let raw = try ScratchFiles.write(try #require(Data(base64Encoded: sample.attestation_object_b64)), "object.cbor")
        #expect(try await run(["attestation", "--object", raw, "--key-id", sample.key_id_b64, "--app-id", sample.app_id,
                               "--at", sample.verify_at, "--client-data-hash", sample.client_data_hash_hex]).status == 0)
        let development = try await run(["attestation"] + common + ["--client-data-hash", sample.client_data_hash_hex, "--environment", "development"])
        #expect(development.status == 1 && development.stderr.contains("step 8"))
        // Now (after the leaf's three days) the chain is refused.
        let now = try await run(["attestation", "--object", object, "--key-id", sample.key_id_b64, "--app-id", sample.app_id,
                                 "--client-data-hash", sample.client_data_hash_hex])
        #expect(now.status == 1 && now.stderr.contains("step 1"))
    }

    @Test("assertion: Python-made assertions verify or are refused as recorded", arguments: try! VectorFiles.json(Assertions.self, "appattest-assertions.json").cases.indices)
    func assertion(index: Int) async throws {
        let vectors = try VectorFiles.json(Assertions.self, "appattest-assertions.json")
        let assertion = vectors.cases[index]
        let result = try await run(["assertion", "--object", try file(assertion.assertion_b64, "assertion.b64"),
                                    "--client-data", try file(vectors.client_data, "client.json"),
                                    "--public-key", try file(vectors.public_key_pem, "key.pem"), "--app-id", vectors.app_id,
                                    "--previous-counter", String(assertion.previous_counter)])
        if assertion.expected.outcome == "success" {
            #expect(result.status == 0, "\(assertion.name): \(result.stderr)")
            #expect(try json(result.stdout)["counter"] as? Int == assertion.expected.counter)
        } else {
            #expect(result.status == 1, "\(assertion.name)")
            #expect(result.stderr.contains(try #require(assertion.expected.error_contains)), "\(assertion.name): \(result.stderr)")
        }
    }

    @Test("receipt: each real receipt prints its fields at its creation time; another root exits 1")
    func receipt() async throws {
        struct Receipts: Decodable {
            struct Case: Decodable {
                struct Expected: Decodable { let appID: String; let type: String; let token: String? }
                let receipt_b64: String
                let verify_at: String
                let expected: Expected
            }
            let cases: [Case]
        }
        let receipts = try VectorFiles.json(Receipts.self, "../../AppAttestTests/Vectors/receipts.json")
        #expect(receipts.cases.count == 4)
        for receipt in receipts.cases {
            let path = try file(receipt.receipt_b64, "receipt.b64")
            let result = try await run(["receipt", "--receipt", path, "--at", receipt.verify_at])
            #expect(result.status == 0, "\(result.stderr)")
            let output = try json(result.stdout)
            #expect(output["appID"] as? String == receipt.expected.appID && output["type"] as? String == receipt.expected.type)
            #expect(output["token"] as? String == receipt.expected.token)
            #expect(output["riskMetric"] == nil && output["creationDate"] != nil)
        }
        let root = try file(try String(contentsOfFile: VectorFiles.path("../../AppAttestTests/Vectors/Apple_App_Attestation_Root_CA.pem"), encoding: .utf8), "root.pem")
        let other = try await run(["receipt", "--receipt", try file(receipts.cases[0].receipt_b64, "r.b64"), "--at", receipts.cases[0].verify_at, "--root", root])
        #expect(other.status == 1 && other.stderr.contains("Apple Root CA - G3"))
    }

    @Test("usage errors exit 2 with one line, each for its own reason", arguments: [
        (["attestation", "--object", "/nonexistent", "--key-id", "AAAA", "--app-id", "ABCDE12345.x", "--challenge", "c"], "cannot read"),
        (["attestation", "--key-id", "AAAA", "--app-id", "ABCDE12345.x", "--challenge", "c"], "--object"),
        (["attestation", "--object", "OBJECT", "--key-id", "AAAA", "--app-id", "ABCDE12345.x"], "--challenge TEXT or --client-data-hash"),
        (["attestation", "--object", "OBJECT", "--key-id", "AAAA", "--app-id", "ABCDE12345.x", "--challenge", "c", "--client-data-hash", "00"], "not both"),
        (["attestation", "--object", "OBJECT", "--key-id", "AAAA", "--app-id", "ABCDE12345.x", "--client-data-hash", "zz"], "hex"),
        (["attestation", "--object", "OBJECT", "--key-id", "!!", "--app-id", "ABCDE12345.x", "--challenge", "c"], "--key-id"),
        (["attestation", "--object", "OBJECT", "--key-id", "AAAA", "--app-id", "ABCDE12345.x", "--challenge", "c", "--environment", "staging"], "production or development"),
        (["attestation", "--object", "OBJECT", "--key-id", "AAAA", "--app-id", "not-an-app-id", "--challenge", "c"], "TEAMID.bundle.id"),
        (["attestation", "--object", "OBJECT", "--key-id", "AAAA", "--app-id", "ABCDE12345.x", "--challenge", "c", "--at", "yesterday"], "ISO 8601"),
        (["attestation", "--object", "OBJECT", "--key-id", "AAAA", "--app-id", "ABCDE12345.x", "--challenge", "c", "--root", "/nonexistent"], "cannot read"),
        (["assertion", "--object", "OBJECT", "--client-data", "OBJECT", "--public-key", "OBJECT", "--app-id", "ABCDE12345.x", "--previous-counter", "0"], "--public-key"),
        (["assertion", "--object", "OBJECT", "--client-data", "OBJECT", "--public-key", "KEY", "--app-id", "ABCDE12345.x"], "--previous-counter"),
        (["assertion", "--object", "OBJECT", "--client-data", "OBJECT", "--public-key", "KEY", "--app-id", "ABCDE12345.x", "--previous-counter", "-1"], "--previous-counter"),
        (["receipt"], "--receipt"),
        (["receipt", "--receipt", "/nonexistent"], "cannot read"),
        (["unknown"], "attestation, assertion and receipt"),
    ])
    func usage(arguments: [String], reason: String) async throws {
        let sample = try VectorFiles.json(Sample.self, "../../AppAttestTests/Vectors/apple-documentation-sample.json")
        let object = try file(sample.attestation_object_b64, "object.b64")
        let key = try file(try VectorFiles.json(Assertions.self, "appattest-assertions.json").public_key_pem, "key.pem")
        let result = try await run(arguments.map { $0 == "OBJECT" ? object : $0 == "KEY" ? key : $0 })
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(reason), "\(arguments): \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1 && result.stdout.isEmpty, "\(arguments)")
    }

    @Test("a readable file that is no object (empty, text, neither raw nor base64) exits 1 naming the problem", arguments: [
        ["attestation", "--object", "GARBAGE", "--key-id", "AAAA", "--app-id", "ABCDE12345.x", "--challenge", "c"],
        ["attestation", "--object", "/dev/null", "--key-id", "AAAA", "--app-id", "ABCDE12345.x", "--challenge", "c"],
        ["assertion", "--object", "GARBAGE", "--client-data", "GARBAGE", "--public-key", "KEY", "--app-id", "ABCDE12345.x", "--previous-counter", "0"],
        ["receipt", "--receipt", "GARBAGE"],
    ])
    func unparsable(arguments: [String]) async throws {
        let garbage = try file("this is neither CBOR, PKCS#7 nor base64 !", "garbage.txt")
        let key = try file(try VectorFiles.json(Assertions.self, "appattest-assertions.json").public_key_pem, "key.pem")
        let result = try await run(arguments.map { $0 == "GARBAGE" ? garbage : $0 == "KEY" ? key : $0 })
        #expect(result.status == 1, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains("malformed") && result.stdout.isEmpty, "\(arguments): \(result.stderr)")
    }

    @Test("--help prints each command's usage")
    func help() async throws {
        let result = try await run(["--help"])
        #expect(result.status == 0)
        for command in ["attestation", "assertion", "receipt"] { #expect(result.stdout.contains("appleauth appattest \(command)")) }
    }
}

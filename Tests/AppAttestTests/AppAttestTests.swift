// App Attest against real attestations: Apple's documentation sample (verified at its own time, with the
// challenge bytes as clientDataHash, as the sample was made), node-app-attest's development and production
// objects, and webauthn4j's Kayak object with its assertion; each of Apple's steps refused on its own by a
// changed input; the embedded root is the published one.

import Foundation
import AppAttest
import PureBase64
import PureP256
import PureSHA2
import Testing
import TestSupport

private struct Sample: Decodable {
    struct Expected: Decodable {
        let outcome: String
        let keyID: String
        let counter: UInt32
        let environment: String
        let publicKey_pem: String
    }
    struct Assertion: Decodable {
        struct Expected: Decodable { let outcome: String; let counter: UInt32 }
        let assertion_b64: String
        let client_data_hash_hex: String
        let previous_counter: UInt32
        let expected: Expected
    }
    let app_id: String
    let environment: String
    let client_data_hash_hex: String
    let key_id_b64: String
    let attestation_object_b64: String
    let verify_at: String
    let expected: Expected

    static let files = ["apple-documentation-sample.json", "node-app-attest-development.json", "node-app-attest-production.json",
                        "webauthn4j-kayak-production.json"]

    static func load(_ name: String) throws -> Sample { try VectorFiles.json(Sample.self, name) }

    var time: Date { ISO8601DateFormatter().date(from: verify_at)! }
    var environmentValue: AppAttestEnvironment { environment == "development" ? .development : .production }
    func object() throws -> [UInt8] { try Base64.decode(attestation_object_b64) }
    func keyID() throws -> [UInt8] { try Base64.decode(key_id_b64) }
    func clientDataHash() throws -> [UInt8] { try [UInt8](hex: client_data_hash_hex) }
    func verifier() throws -> AppAttestVerifier { try AppAttestVerifier(appID: app_id, environment: environmentValue) }
}

private func reason(_ body: () throws(AppAttestError) -> Void) -> AppAttestError.Reason? {
    do { try body(); return nil } catch { return error.reason }
}

@Suite("App Attest")
struct AppAttestTests {
    @Test("Every sample attestation verifies at its time, with the key, counter and environment it records", arguments: Sample.files)
    func attestation(file: String) throws {
        let sample = try Sample.load(file)
        #expect(sample.expected.outcome == "success")
        let result = try sample.verifier().verifyAttestation(sample.object(), keyID: sample.keyID(), clientDataHash: sample.clientDataHash(),
                                                             at: sample.time)
        #expect(Base64.encode(result.keyID) == sample.expected.keyID)
        #expect(result.counter == sample.expected.counter)
        #expect(result.environment.rawValue == sample.expected.environment)
        #expect(result.publicKey.rawRepresentation == (try P256.Signing.PublicKey(pemRepresentation: sample.expected.publicKey_pem)).rawRepresentation)
        #expect(!result.receipt.isEmpty)
    }

    @Test("Each step refuses on its own: chain time, nonce, key ID, App ID, environment", arguments: Sample.files)
    func steps(file: String) throws {
        let sample = try Sample.load(file)
        let verifier = try sample.verifier(), object = try sample.object(), keyID = try sample.keyID(), hash = try sample.clientDataHash()
        guard case .untrustedCertificateChain? = reason({ () throws(AppAttestError) in
            _ = try verifier.verifyAttestation(object, keyID: keyID, clientDataHash: hash, at: Date(timeIntervalSince1970: 2_000_000_000 * 2))
        }) else { Issue.record("\(file): a chain out of its validity was accepted"); return }
        for broken in [Double.nan, .infinity, -.infinity, 1e300] {   // Int64(_:) would trap on each
            guard case .untrustedCertificateChain? = reason({ () throws(AppAttestError) in
                _ = try verifier.verifyAttestation(object, keyID: keyID, clientDataHash: hash, at: Date(timeIntervalSince1970: broken))
            }) else { Issue.record("\(file): the time \(broken) was not refused as a chain failure"); return }
        }
        #expect(reason { () throws(AppAttestError) in
            _ = try verifier.verifyAttestation(object, keyID: keyID, clientDataHash: hash + [0], at: sample.time)
        } == .nonceMismatch)
        var otherKeyID = keyID
        otherKeyID[0] ^= 1
        #expect(reason { () throws(AppAttestError) in
            _ = try verifier.verifyAttestation(object, keyID: otherKeyID, clientDataHash: hash, at: sample.time)
        } == .keyIDMismatch)
        let otherApp = try AppAttestVerifier(appID: "ABCDE12345.com.example.other", environment: sample.environmentValue)
        #expect(reason { () throws(AppAttestError) in
            _ = try otherApp.verifyAttestation(object, keyID: keyID, clientDataHash: hash, at: sample.time)
        } == .appIDMismatch)
        let otherEnvironment = try AppAttestVerifier(appID: sample.app_id, environment: sample.environmentValue == .production ? .development : .production)
        #expect(reason { () throws(AppAttestError) in
            _ = try otherEnvironment.verifyAttestation(object, keyID: keyID, clientDataHash: hash, at: sample.time)
        } == .environmentMismatch(sample.environment))
        // Apple's sample: made with the challenge's bytes as clientDataHash; SHA-256 of them does not verify.
        if file == "apple-documentation-sample.json" {
            #expect(reason { () throws(AppAttestError) in
                _ = try verifier.verifyAttestation(object, keyID: keyID, clientDataHash: Array(SHA256.hash(data: hash)), at: sample.time)
            } == .nonceMismatch)
        }
    }

    @Test("webauthn4j's assertion verifies (counter 1); a replay, another client data hash or another app does not")
    func assertion() throws {
        let sample = try Sample.load("webauthn4j-kayak-production.json")
        let attestation = try sample.verifier().verifyAttestation(sample.object(), keyID: sample.keyID(), clientDataHash: sample.clientDataHash(),
                                                                  at: sample.time)
        struct WithAssertion: Decodable { let assertion: Sample.Assertion }
        let vector = try VectorFiles.json(WithAssertion.self, "webauthn4j-kayak-production.json").assertion
        let assertion = try Base64.decode(vector.assertion_b64)
        let hash = try [UInt8](hex: vector.client_data_hash_hex)
        let verifier = try sample.verifier()
        let counter = try verifier.verifyAssertion(assertion, clientDataHash: hash, publicKey: attestation.publicKey,
                                                   previousCounter: vector.previous_counter)
        #expect(vector.expected.outcome == "success" && counter == vector.expected.counter)
        #expect(reason { () throws(AppAttestError) in
            _ = try verifier.verifyAssertion(assertion, clientDataHash: hash, publicKey: attestation.publicKey, previousCounter: counter)
        } == .counterNotIncreased(stored: 1, received: 1))
        #expect(reason { () throws(AppAttestError) in
            _ = try verifier.verifyAssertion(assertion, clientDataHash: hash.reversed(), publicKey: attestation.publicKey, previousCounter: 0)
        } == .invalidSignature)
        let otherApp = try AppAttestVerifier(appID: "ABCDE12345.com.example.other")
        #expect(reason { () throws(AppAttestError) in
            _ = try otherApp.verifyAssertion(assertion, clientDataHash: hash, publicKey: attestation.publicKey, previousCounter: 0)
        } == .appIDMismatch)
        #expect(throws: AppAttestError.self) {
            try verifier.verifyAssertion(Array(assertion.dropLast()), clientDataHash: hash, publicKey: attestation.publicKey, previousCounter: 0)
        }
    }

    @Test("The embedded root is Apple App Attestation Root CA as published (the vector file's PEM, its SHA-256 fingerprint)")
    func root() throws {
        let pem = try VectorFiles.text("Apple_App_Attestation_Root_CA.pem")
        #expect(AppAttestVerifier.appleAppAttestationRootCA.trimmingCharacters(in: .whitespacesAndNewlines)
                == pem.trimmingCharacters(in: .whitespacesAndNewlines))
        struct RootCheck: Decodable {
            struct Checks: Decodable { let sha256_fingerprint: String; let expected: String; let fingerprint_matches: Bool }
            let file: String
            let checks: Checks
        }
        let check = try VectorFiles.json(RootCheck.self, "root-ca-check.json")
        #expect(check.file == "Apple_App_Attestation_Root_CA.pem" && check.checks.fingerprint_matches)
        let verifier = try AppAttestVerifier(appID: "ABCDE12345.com.example.app")
        #expect(SHA256.hash(data: verifier.root.derRepresentation).hex == check.checks.expected)
    }

    @Test("App IDs must be TEAMID.bundle.id", arguments: ["com.example.app", "ABCDE1234.com.example.app", "abcde12345.com.example.app",
                                                          "ABCDE12345.", "ABCDE12345", ""])
    func appIDs(appID: String) {
        #expect(throws: AppAttestError.self) { try AppAttestVerifier(appID: appID) }
    }
}

// The verifier's behaviour beyond the vector verdicts: decoded payloads, the app checks one by one, the
// notification body, the chain cache, StoreKit-testing tokens, configuration errors and hostile input.
// Tokens come from Vectors/appstore_signed_data.json; expected field values from the entries' `expected`
// and from the payload JSON read with Foundation's JSONSerialization.

import AppStoreServer
import Foundation
import Testing
import TestSupport

private let all = (try? VectorFiles.json([AppStoreVector].self, "appstore_signed_data.json")) ?? []
private func vector(_ name: String) throws -> AppStoreVector { try #require(all.first { $0.name == name }) }
private func testRoot(_ vector: AppStoreVector) throws -> [UInt8] {
    let text = try #require(vector.root_der_b64)
    return [UInt8](try #require(Data(base64Encoded: text)))
}
private let appleRoot = (try? VectorFiles.data("AppleRootCA-G3.cer")).map { [UInt8]($0) } ?? []

@Suite("App Store signed data: the verifier")
struct SignedDataVerifierTests {
    @Test("a generated notification: typed payload, the nested transaction verified and decoded, from the posted body too")
    func notificationContents() throws {
        let entry = try vector("gen-positive-control-notification")
        let verifier = try SignedDataVerifier(rootCertificates: [try testRoot(entry)], bundleID: "com.example.vectors", environment: .sandbox)
        let notification = try verifier.verifyNotification(signedPayload: entry.jws)
        #expect(notification.payload.notificationType == .didRenew)
        #expect(notification.payload.notificationUUID == "6f2a3b64-4d0e-4d5c-9b7e-3c1d2e0f9a11")
        #expect(notification.payload.signedDate == Date(timeIntervalSince1970: 1_748_779_201))
        #expect(notification.payload.data?.appAppleId == 1_234_567_890 && notification.payload.data?.status == 1)
        let transaction = try #require(notification.transaction)
        #expect(transaction.bundleId == "com.example.vectors" && transaction.environment == .sandbox)
        let body = try JSONSerialization.data(withJSONObject: ["signedPayload": entry.jws])
        #expect(try verifier.verifyNotification(body: [UInt8](body)) == notification)
    }

    @Test("a real Production notification: the app Apple ID is checked, each mismatch its own error")
    func appChecks() throws {
        let entry = try vector("real-php-appstore-notifications-notification-consumption-request-1663913382653")
        func verify(bundle: String = "com.firestream.Farm-RPG", appID: Int64? = 1_564_601_242,
                    environment: AppStoreEnvironment = .production) throws -> SignedDataVerifier.VerifiedNotification {
            try SignedDataVerifier(rootCertificates: [appleRoot], bundleID: bundle, appAppleID: appID, environment: environment)
                .verifyNotification(signedPayload: entry.jws)
        }
        let good = try verify()
        #expect(good.payload.notificationType == .consumptionRequest && good.payload.data?.environment == .production)
        #expect(good.transaction?.transactionId == "330001192637554" && good.transaction?.type == "Consumable")
        #expect(throws: AppStoreVerificationError(.bundleIDMismatch(found: "com.firestream.Farm-RPG"))) { try verify(bundle: "com.other") }
        #expect(throws: AppStoreVerificationError(.appAppleIDMismatch(found: 1_564_601_242))) { try verify(appID: 42) }
        #expect(throws: AppStoreVerificationError(.environmentMismatch(found: "Production"))) { try verify(appID: nil, environment: .sandbox) }
    }

    @Test("unknown enumeration values are kept, not fatal")
    func unknownValues() throws {
        let decoded = try JSONDecoder().decode(NotificationPayload.self, from: Data(#"{"notificationType":"SOMETHING_NEW","subtype":"ALSO_NEW","signedDate":1700000000000.5}"#.utf8))
        #expect(decoded.notificationType.rawValue == "SOMETHING_NEW" && decoded.subtype?.rawValue == "ALSO_NEW")
        #expect(decoded.signedDate == Date(timeIntervalSince1970: 1_700_000_000.0005))
        #expect(decoded.data == nil)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(TransactionPayload.self, from: Data(#"{"purchaseDate":"yesterday"}"#.utf8)) }
    }

    @Test("the chain cache: one entry per chain; a cached chain never passes a bad signature, nor after its leaf expires")
    func chainCache() throws {
        let entry = try vector("real-session-pro-backend-transaction-1759302518835")
        let tampered = try vector("neg-real-payload-byte-flipped")
        let bundle = try #require(entry.expected.bundleId)
        // A clock the test moves: certificates checked at "now", so the cached chain must stop serving
        // once the clock passes the leaf's end (2027-10-13).
        final class Clock: @unchecked Sendable {
            private let lock = NSLock()
            private var value = Date(timeIntervalSince1970: 1_795_478_400)   // 2026-11-24
            var now: Date { lock.withLock { value } }
            func set(_ date: Date) { lock.withLock { value = date } }
        }
        let clock = Clock()
        let verifier = try SignedDataVerifier(rootCertificates: [appleRoot], bundleID: bundle, environment: .sandbox,
                                              validationTime: .now, now: { clock.now })
        #expect(verifier.cachedChainCount == 0)
        _ = try verifier.verifyTransaction(entry.jws)
        _ = try verifier.verifyTransaction(entry.jws)
        #expect(verifier.cachedChainCount == 1)
        // The same verifier, cache warm, refuses a changed token.
        #expect(throws: AppStoreVerificationError.self) { try verifier.verifyRenewalInfo(tampered.jws) }
        clock.set(Date(timeIntervalSince1970: 1_900_000_000))   // 2030
        do {
            _ = try verifier.verifyTransaction(entry.jws)
            Issue.record("the cached chain verified after the leaf's end")
        } catch {
            #expect(error.check == .leafNotValidAtEffectiveDate, "\(error)")
        }
        let uncached = try SignedDataVerifier(rootCertificates: [appleRoot], bundleID: bundle, environment: .sandbox, chainCacheCapacity: 0)
        _ = try uncached.verifyTransaction(entry.jws)
        #expect(uncached.cachedChainCount == 0)
    }

    @Test("StoreKit-testing environments are refused unless decoding them unverified is asked for")
    func storeKitTesting() throws {
        let entry = try vector("gen-positive-control-transaction")
        let strict = try SignedDataVerifier(rootCertificates: [appleRoot], bundleID: "com.example.vectors", environment: .xcode)
        #expect(throws: AppStoreVerificationError(.storeKitTestingToken)) { try strict.verifyTransaction(entry.jws) }
        let insecure = try SignedDataVerifier(rootCertificates: [appleRoot], bundleID: "com.example.vectors", environment: .xcode,
                                              decodesStoreKitTestingTokensWithoutVerification_INSECURE: true)
        // Decoded without verification, then the app checks: this token says Sandbox.
        #expect(throws: AppStoreVerificationError(.environmentMismatch(found: "Sandbox"))) { try insecure.verifyTransaction(entry.jws) }
    }

    @Test("configuration errors and hostile input are errors, never traps")
    func hostile() throws {
        #expect(throws: AppStoreVerificationError.self) { try SignedDataVerifier(rootCertificates: [], bundleID: "a", environment: .sandbox) }
        #expect(throws: AppStoreVerificationError.self) { try SignedDataVerifier(rootCertificates: [[0x30, 0x00]], bundleID: "a", environment: .sandbox) }
        #expect(throws: AppStoreVerificationError.self) { try SignedDataVerifier(rootCertificates: [appleRoot], bundleID: "a", environment: .production) }
        #expect(throws: AppStoreVerificationError.self) { try SignedDataVerifier(rootCertificates: [appleRoot], bundleID: "", environment: .sandbox) }
        let verifier = try SignedDataVerifier(rootCertificates: [appleRoot], bundleID: "a", environment: .sandbox)
        let entry = try vector("gen-positive-control-transaction")
        let parts = entry.jws.split(separator: ".").map(String.init)
        for token in ["", ".", "..", "a.b", "a.b.c.d", parts[0] + "." + parts[1], parts[0] + "=." + parts[1] + "." + parts[2],
                      "e30." + parts[1] + "." + parts[2], String(repeating: "A", count: 300_000) + ".a.b",
                      "eyJhbGciOiJFUzI1NiIsIng1YyI6WyJBQUFBIiwiQUFBQSIsIkFBQUEiXX0." + parts[1] + "." + parts[2]] {
            do {
                _ = try verifier.verifyTransaction(token)
                Issue.record("accepted \(token.prefix(40))")
            } catch {
                #expect(!error.description.isEmpty)
            }
        }
        for body in ["", "{}", "[]", #"{"signedPayload": 1}"#, #"{"signedPayload": "a", "signedPayload": "b"}"#] {
            #expect(throws: AppStoreVerificationError.self) { try verifier.verifyNotification(body: Array(body.utf8)) }
        }
    }
}

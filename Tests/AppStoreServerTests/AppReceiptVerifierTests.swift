// Receipt verification against Vectors/receipts/receipts.json: every App Store and Xcode receipt verifies
// to its root at its creation date and its fields decode to the index's values (read there with a BER
// reader and asn1crypto, independently of this code); at 2026-11-25 the App Store ones are refused (an
// expired signer or intermediate) and the Xcode ones accepted, as OpenSSL found; the index's negatives (the
// other root, another bundle ID, now); the four device hashes; and each tampered copy refused naming the
// check the index gives, or verified where only the receipt's own copy of the root was replaced.

import AppStoreServer
import PureX509
import Foundation
import PureBase64
import Testing
import TestSupport

private struct Index: Decodable {
    let receipts: [Receipt]
    let tampered: [Tampered]

    struct Receipt: Decodable {
        let file: String
        let kind: String
        let encoding: String
        let expected: Expected
    }
    struct Expected: Decodable {
        let transactionIds_1703: [String]?
        let originalTransactionIds_1705: [String?]?
        let inAppCount: Int?
        let bundleId: String?
        let appVersion: String?
        let originalAppVersion: String?
        let receiptType_attr0: String?
        let creationDateMs: Int64?
        let signedByAppleProductionChain: Bool?
        let trustAnchor: String?
        let verify: Verdicts?
        let digestAlgorithm: String?
        let opaqueValueHex: String?
        let sha1HashHex: String?
        let deviceIdentifierHex: String?
        let sha1HashVerifies: Bool?
    }
    struct Verdicts: Decodable { let atCreation: Bool; let now_2026_11_25: Bool }
    struct Tampered: Decodable {
        let file: String
        let encoding: String
        let derived_from: String
        let expected: TamperedExpected
    }
    struct TamperedExpected: Decodable { let verify: String; let failedCheck: String? }
}

private func index() throws -> Index { try VectorFiles.json(Index.self, "receipts/receipts.json") }

private func bytes(_ file: String, _ encoding: String) throws -> [UInt8] { try receiptBytes(file, encoding) }

private func root(_ file: String) throws -> [UInt8] { Array(try VectorFiles.data("receipts/" + file)) }
private let appleRoot = "roots/AppleIncRootCertificate.cer"
private let storeKitRoot = "roots/StoreKitTestCertificate.cer"
/// 2026-11-25T00:00:00Z, the day the index's "now" verdicts were taken.
private let indexDay = Date(timeIntervalSince1970: 1_795_564_800)

private func check(_ error: AppStoreVerificationError) -> String { error.check.identifier }

@Suite("App receipts: verification")
struct AppReceiptVerifierTests {
    @Test("every App Store and Xcode receipt: verified to its root at its creation date, fields as the index reads them")
    func everyReceipt() throws {
        var checked = 0
        for receipt in try index().receipts where receipt.kind != "transaction" {
            let expected = receipt.expected
            let raw = try bytes(receipt.file, receipt.encoding)
            let anchor = try #require(expected.trustAnchor)
            #expect(expected.verify?.atCreation == true)
            let fields = try AppReceiptVerifier(rootCertificates: [root(anchor)], bundleID: expected.bundleId).verify(raw)
            #expect(fields.bundleId == expected.bundleId && fields.appVersion == expected.appVersion, "\(receipt.file)")
            #expect(fields.originalAppVersion == expected.originalAppVersion && fields.receiptType == expected.receiptType_attr0, "\(receipt.file)")
            #expect(fields.creationDate.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) } == expected.creationDateMs, "\(receipt.file)")
            #expect(fields.inAppPurchases.count == expected.inAppCount, "\(receipt.file)")
            #expect(fields.inAppPurchases.compactMap(\.transactionId) == expected.transactionIds_1703 ?? [], "\(receipt.file)")
            #expect(fields.inAppPurchases.map(\.originalTransactionId) == expected.originalTransactionIds_1705 ?? [], "\(receipt.file)")
            #expect(fields.opaqueValue == (try [UInt8](hex: expected.opaqueValueHex ?? "")), "\(receipt.file)")
            #expect(fields.sha1Hash == (try [UInt8](hex: expected.sha1HashHex ?? "")), "\(receipt.file)")
            // The same from base64, and at the index's day: App Store receipts have expired, Xcode's not.
            _ = try AppReceiptVerifier(rootCertificates: [root(anchor)]).verify(base64: Base64.encode(raw))
            let today = Result { try AppReceiptVerifier(rootCertificates: [root(anchor)], validationTime: .at(indexDay)).verify(raw) }
            let acceptedToday = (try? today.get()) != nil
            #expect(acceptedToday == expected.verify?.now_2026_11_25, "\(receipt.file)")
            checked += 1
        }
        #expect(checked == 13)
    }

    @Test("the index's negatives: the other root, another bundle ID and now refuse App Store receipts; Apple's root refuses Xcode's")
    func negatives() throws {
        var checked = 0
        for receipt in try index().receipts where receipt.kind != "transaction" {
            let raw = try bytes(receipt.file, receipt.encoding)
            if receipt.expected.signedByAppleProductionChain == true {
                #expect(throws: AppStoreVerificationError.self) { try AppReceiptVerifier(rootCertificates: [root(storeKitRoot)]).verify(raw) }
                let other = #expect(throws: AppStoreVerificationError.self) {
                    try AppReceiptVerifier(rootCertificates: [root(appleRoot)], bundleID: "com.example.other").verify(raw)
                }
                #expect(other.map(check) == "bundle_id_mismatch")
                let now = #expect(throws: AppStoreVerificationError.self) {
                    try AppReceiptVerifier(rootCertificates: [root(appleRoot)], validationTime: .now).verify(raw)
                }
                #expect(now.map(check) == "receipt_chain")
            } else {
                let apple = #expect(throws: AppStoreVerificationError.self) { try AppReceiptVerifier(rootCertificates: [root(appleRoot)]).verify(raw) }
                #expect(apple.map(check) == "receipt_chain")
            }
            checked += 1
        }
        #expect(checked == 13)
    }

    @Test("device hashes: the four receipts with a known device identifier verify with it, and not with another")
    func deviceHashes() throws {
        var checked = 0
        for receipt in try index().receipts where receipt.expected.sha1HashVerifies == true {
            let raw = try bytes(receipt.file, receipt.encoding)
            let device = try [UInt8](hex: try #require(receipt.expected.deviceIdentifierHex))
            let verifier = try AppReceiptVerifier(rootCertificates: [root(appleRoot)])
            _ = try verifier.verify(raw, deviceIdentifier: device)
            var other = device
            other[0] ^= 1
            let error = #expect(throws: AppStoreVerificationError.self) { try verifier.verify(raw, deviceIdentifier: other) }
            #expect(error.map(check) == "receipt_device_hash")
            checked += 1
        }
        #expect(checked == 4)
    }

    @Test("tampered copies: refused naming the check the index gives; the receipt's own root replaced changes nothing")
    func tampered() throws {
        var checked = 0
        for copy in try index().tampered {
            let raw = try bytes(copy.file, copy.encoding)
            let verifier = try AppReceiptVerifier(rootCertificates: [root(appleRoot)])
            switch (copy.expected.verify, copy.expected.failedCheck) {
            case ("verified", nil):
                _ = try verifier.verify(raw)
            case ("refused", let failed?):
                let error = #expect(throws: AppStoreVerificationError.self) { try verifier.verify(raw) }
                #expect(error.map(check) == (failed == "signature" ? "receipt_signature" : "receipt_" + failed), "\(copy.file): \(String(describing: error))")
            default:
                Issue.record("unknown expectation \(copy.expected) for \(copy.file)")
            }
            checked += 1
        }
        #expect(checked == 10)
    }

    @Test("not app receipts, and hostile bytes: refused as malformed, never a trap")
    func malformed() throws {
        let verifier = try AppReceiptVerifier(rootCertificates: [root(appleRoot)])
        for receipt in try index().receipts where receipt.kind == "transaction" {
            let text = String(decoding: try VectorFiles.data("receipts/" + receipt.file), as: UTF8.self)
            #expect(throws: AppStoreVerificationError.self) { try verifier.verify(base64: text) }
        }
        let good = try bytes("files/tpinapp-receipt-production", "base64")
        for cut in [0, 1, 2, 10, 100, good.count / 2, good.count - 1] {
            #expect(throws: AppStoreVerificationError.self) { try verifier.verify(Array(good.prefix(cut))) }
        }
        #expect(throws: AppStoreVerificationError.self) { try verifier.verify([0x30, 0x80] + [UInt8](repeating: 0x30, count: 5_000)) }
        // A detached signature (an Apple Pay token's: CMS SignedData without content) is named as such.
        let applePayToken = try JSONSerialization.jsonObject(with: VectorFiles.data("../../ApplePayTests/Vectors/gala/token.json")) as? [String: Any]
        let detached = try Base64.decode(try #require(applePayToken?["signature"] as? String))
        let error = #expect(throws: AppStoreVerificationError.self) { try verifier.verify(detached) }
        #expect(error.map { "\($0)" }?.contains("detached") == true, "\(String(describing: error))")
        #expect(throws: AppStoreVerificationError.self) { try AppReceiptVerifier(rootCertificates: []) }
        #expect(throws: AppStoreVerificationError.self) { try AppReceiptVerifier(rootCertificates: [[0x30, 0x00]]) }
    }
}

@Suite("X.509: SHA-1 signatures only where a policy accepts them")
struct SHA1PolicyTests {
    @Test("the WWDR 2013 intermediate (sha1WithRSA, by Apple Inc. Root) validates with acceptsSHA1Signatures and is refused without")
    func sha1Policy() throws {
        let intermediate = try Certificate(derRepresentation: Array(VectorFiles.data("receipts/intermediates/WWDR-2013-20130207.cer")))
        let apple = try Certificate(derRepresentation: root(appleRoot))
        #expect(intermediate.signatureAlgorithm == .sha1WithRSAEncryption)
        let at2015: Int64 = 1_420_070_400
        _ = try X509ChainValidator(trustAnchors: [apple], policy: X509Policy(acceptsSHA1Signatures: true) { _ in }).validate([intermediate], at: at2015)
        for policy in [nil, X509Policy { _ in }] as [X509Policy?] {
            let error = #expect(throws: X509Error.self) { try X509ChainValidator(trustAnchors: [apple], policy: policy).validate([intermediate], at: at2015) }
            #expect(error?.description.contains("sha1WithRSAEncryption") == true)
        }
    }
}

@Suite("App receipts: the chain cache")
struct ReceiptChainCacheTests {
    @Test("a cached chain answers only inside every certificate's validity: the same receipt, verified at its creation, then now, is refused")
    func cacheWindow() throws {
        let receipt = try Base64.decodeIgnoringWhitespace(String(decoding: try VectorFiles.data("receipts/files/tpinapp-receipt-production"), as: UTF8.self))
        let clock = MutableClock(Date(timeIntervalSince1970: 1_708_700_000))  // 2024-02-23, the receipt's creation day
        let verifier = try AppReceiptVerifier(rootCertificates: [root(appleRoot)], validationTime: .now, now: { clock.now })
        _ = try verifier.verify(receipt)
        _ = try verifier.verify(receipt)                      // from the cache
        clock.now = indexDay                                  // 2026-11-25: the signer has expired
        let error = #expect(throws: AppStoreVerificationError.self) { try verifier.verify(receipt) }
        #expect(error.map(check) == "receipt_chain")
        // A tampered signature is refused with the chain cached.
        clock.now = Date(timeIntervalSince1970: 1_708_700_000)
        var tampered = receipt
        tampered[tampered.count - 1] ^= 1
        let signature = #expect(throws: AppStoreVerificationError.self) { try verifier.verify(tampered) }
        #expect(signature.map(check) == "receipt_signature")
    }
}

/// A clock a test moves.
final class MutableClock: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Date
    init(_ date: Date) { value = date }
    var now: Date {
        get { lock.lock(); defer { lock.unlock() }; return value }
        set { lock.lock(); value = newValue; lock.unlock() }
    }
}

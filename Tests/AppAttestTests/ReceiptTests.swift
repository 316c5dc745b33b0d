// App Attest receipts: the receipt of each real attestation in this folder verified (Apple's signature, the
// chain to Apple Root CA - G3 with Apple's markers) and read, its fields compared with what asn1crypto and
// Python's cryptography found (receipts.json, scripts/crosscheck/appattest-receipts.py); the embedded root is
// the published G3; a changed byte, another root or a time outside the signer's validity is refused.

import Foundation
import AppAttest
import PureBase64
import PureP256
import PureSHA2
import Testing
import TestSupport

struct ReceiptCase: Decodable, CustomTestStringConvertible {
    struct Expected: Decodable {
        let appID: String
        let type: String
        let publicKey: String?
        let clientHash_hex: String?
        let token: String?
        let environment: String?
        let riskMetric: Int?
        let creationDate_unix: Double
        let notBefore_unix: Double?
        let expirationDate_unix: Double?
    }
    let name: String
    let receipt_b64: String
    let receipt_is_ber: Bool
    let signed_attributes: Bool
    let verify_at: String
    let expected: Expected
    var testDescription: String { name }

    struct File: Decodable { let cases: [ReceiptCase] }
    static let all: [ReceiptCase] = (try? VectorFiles.json(File.self, "receipts.json").cases) ?? []
    func receipt() throws -> [UInt8] { try Base64.decode(receipt_b64) }
}

private func receiptReason(_ body: () throws(AppAttestError) -> Void) -> AppAttestError.Reason? {
    do { try body(); return nil } catch { return error.reason }
}

@Suite("App Attest receipts")
struct ReceiptTests {
    @Test("receipts.json holds the four attestations' receipts, BER all, one with signed attributes")
    func caseCount() {
        #expect(ReceiptCase.all.count == 4)
        #expect(ReceiptCase.all.allSatisfy { $0.receipt_is_ber })
        #expect(ReceiptCase.all.filter(\.signed_attributes).count == 1)
    }

    @Test("The embedded root is Apple Root CA - G3")
    func root() throws {
        let verifier = try AppAttestReceiptVerifier()
        #expect(Array(SHA256.hash(data: verifier.root.derRepresentation)).hex == "63343abfb89a6a03ebb57e9b3f5fa7be7c4f5c756f3017b3a8c488c3653e9179")
        #expect(try verifier.root.derRepresentation == Array(VectorFiles.data("../../AppStoreServerTests/Vectors/AppleRootCA-G3.cer")))
    }

    @Test("Each receipt verifies at its creation time and reads as the cross-check found it", arguments: ReceiptCase.all)
    func receipt(_ receiptCase: ReceiptCase) throws {
        let receipt = try AppAttestReceiptVerifier().verify(try receiptCase.receipt())
        let expected = receiptCase.expected
        #expect(receipt.appID == expected.appID)
        #expect(receipt.type == expected.type)
        #expect(receipt.publicKey?.pemRepresentation.trimmingCharacters(in: .newlines) == expected.publicKey?.trimmingCharacters(in: .newlines))
        #expect(receipt.clientHash?.hex == expected.clientHash_hex)
        #expect(receipt.token == expected.token)
        #expect(receipt.environment == expected.environment)
        #expect(receipt.riskMetric == expected.riskMetric)
        #expect(abs(receipt.creationDate.timeIntervalSince1970 - expected.creationDate_unix) < 0.0005)
        #expect(receipt.notBefore.map { abs($0.timeIntervalSince1970 - expected.notBefore_unix!) < 0.0005 } ?? (expected.notBefore_unix == nil))
        #expect(receipt.expirationDate.map { abs($0.timeIntervalSince1970 - expected.expirationDate_unix!) < 0.0005 } ?? (expected.expirationDate_unix == nil))
    }

    @Test("A receipt is refused when a byte changes, under another root, or outside its signer's validity")
    func refusals() throws {
        let receiptCase = try #require(ReceiptCase.all.first { $0.name == "apple-documentation-sample" })
        let bytes = try receiptCase.receipt()
        let verifier = try AppAttestReceiptVerifier()
        // The token's first character (inside the signed payload) and the signature's last byte.
        let token = Array(try #require(receiptCase.expected.token).utf8)
        let tokenAt = try #require(bytes.indices.first { bytes[$0...].starts(with: token) })
        var changed = bytes
        changed[tokenAt] ^= 0x01
        #expect(receiptReason { () throws(AppAttestError) in _ = try verifier.verify(changed) } == .invalidReceiptSignature)
        // Another root: Apple App Attestation Root CA is not the receipts' root.
        let otherRoot = try AppAttestReceiptVerifier(rootPEM: AppAttestVerifier.appleAppAttestationRootCA)
        guard case .untrustedReceiptChain = receiptReason({ () throws(AppAttestError) in _ = try otherRoot.verify(bytes) }) else {
            Issue.record("another root accepted")
            return
        }
        // The signer's certificate ends 2027-02-18; a year later it is expired.
        let late = try #require(ISO8601DateFormatter().date(from: "2028-02-18T00:00:00Z"))
        guard case .untrustedReceiptChain = receiptReason({ () throws(AppAttestError) in _ = try verifier.verify(bytes, at: late) }) else {
            Issue.record("an expired signer accepted")
            return
        }
        // A detached signature (an Apple Pay token's: CMS SignedData without content) is named as such.
        let applePayToken = try JSONSerialization.jsonObject(with: VectorFiles.data("../../ApplePayTests/Vectors/gala/token.json")) as? [String: Any]
        let detached = try Base64.decode(try #require(applePayToken?["signature"] as? String))
        guard case .malformedReceipt(let why) = receiptReason({ () throws(AppAttestError) in _ = try verifier.verify(detached) }) else {
            Issue.record("a detached signature accepted as a receipt")
            return
        }
        #expect(why.contains("detached"))
        // Truncated, empty, and not PKCS#7 at all.
        for input in [Array(bytes.prefix(bytes.count / 2)), [], Array("not a receipt".utf8)] {
            guard case .malformedReceipt = receiptReason({ () throws(AppAttestError) in _ = try verifier.verify(input) }) else {
                Issue.record("malformed input accepted")
                continue
            }
        }
    }
}

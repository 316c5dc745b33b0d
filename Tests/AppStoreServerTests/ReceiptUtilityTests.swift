// Transaction identifiers out of receipts (Vectors/receipts/receipts.json): for every receipt, the identifier
// Apple's Python, Node and Java ReceiptUtility return ("transactionIdFirst"), every in-app purchase read
// (the count and the 1703 list), App Store receipts (DER) and Xcode's (BER) alike; the tampered copies
// still read; malformed input refused with an error.

import AppStoreServer
import Foundation
import PureBase64
import Testing
import TestSupport

private struct ReceiptIndex: Decodable {
    let receipts: [Receipt]
    let tampered: [Tampered]

    struct Receipt: Decodable {
        let file: String
        let kind: String
        let encoding: String
        let expected: Expected
    }
    struct Expected: Decodable {
        let transactionId: String?
        let transactionIdFirst: String?
        let transactionIds_1703: [String]?
        let inAppCount: Int?
    }
    struct Tampered: Decodable {
        let file: String
        let encoding: String
        let derived_from: String
        let expected: TamperedExpected
    }
    struct TamperedExpected: Decodable { let transactionIdStillReadable: Bool }
}

private func index() throws -> ReceiptIndex {
    try VectorFiles.json(ReceiptIndex.self, "receipts/receipts.json")
}

/// A receipt file's bytes: raw DER, or base64 text decoded (shared by the receipt tests of this target).
func receiptBytes(_ file: String, _ encoding: String) throws -> [UInt8] {
    let data = Array(try VectorFiles.data("receipts/" + file))
    return encoding == "base64" ? try Base64.decodeIgnoringWhitespace(String(decoding: data, as: UTF8.self)) : data
}

private func bytes(_ file: String, _ encoding: String) throws -> [UInt8] { try receiptBytes(file, encoding) }

@Suite("Receipt transaction identifiers")
struct ReceiptUtilityTests {
    @Test("every receipt: the first in-app purchase's transaction ID, every purchase read; legacy transaction receipts")
    func everyReceipt() throws {
        var checked = 0
        for receipt in try index().receipts {
            switch receipt.kind {
            case "app", "xcode-app":
                let raw = try bytes(receipt.file, receipt.encoding)
                #expect(try ReceiptUtility.transactionID(fromAppReceipt: raw) == receipt.expected.transactionIdFirst, "\(receipt.file)")
                #expect(try ReceiptUtility.transactionID(fromAppReceipt: Base64.encode(raw)) == receipt.expected.transactionIdFirst)
                let purchases = try ReceiptUtility.inAppPurchases(raw)
                #expect(purchases.count == receipt.expected.inAppCount, "\(receipt.file)")
                if let ids = receipt.expected.transactionIds_1703 {
                    #expect(purchases.flatMap { $0.filter { $0.type == 1703 }.map(\.value) } == ids, "\(receipt.file)")
                }
            case "transaction":
                let text = String(decoding: try VectorFiles.data("receipts/" + receipt.file), as: UTF8.self)
                #expect(try ReceiptUtility.transactionID(fromTransactionReceipt: text) == receipt.expected.transactionId, "\(receipt.file)")
            default:
                Issue.record("unknown kind \(receipt.kind)")
            }
            checked += 1
        }
        #expect(checked == 15)
    }

    @Test("the tampered copies still read (reading is not verifying), to the identifier of the receipt they came from")
    func tampered() throws {
        let file = try index()
        var checked = 0
        for copy in file.tampered {
            let original = try #require(file.receipts.first { $0.file.hasSuffix(copy.derived_from) || $0.file.contains(copy.derived_from) })
            let raw = try bytes(copy.file, copy.encoding)
            do {
                let read = try ReceiptUtility.transactionID(fromAppReceipt: raw)
                #expect(copy.expected.transactionIdStillReadable, "\(copy.file)")
                #expect(read == original.expected.transactionIdFirst, "\(copy.file)")
            } catch {
                #expect(!copy.expected.transactionIdStillReadable, "\(copy.file): \(error)")
            }
            checked += 1
        }
        #expect(checked == 10)
    }

    @Test("malformed receipts are refused with receipt_malformed, never a trap")
    func malformed() throws {
        let production = try bytes("files/tpinapp-receipt-production", "base64")
        let inputs: [[UInt8]] = [[], [0x30], [0x30, 0x80], Array(production.prefix(production.count / 2)), production + [0],
                                 [0x30, 0x03, 0x06, 0x01, 0x00], Array(repeating: 0x30, count: 100)]
        for input in inputs {
            do {
                _ = try ReceiptUtility.transactionID(fromAppReceipt: input)
                Issue.record("\(input.prefix(8)) was read")
            } catch {
                #expect(error.check.identifier == "receipt_malformed")
            }
        }
        #expect(throws: AppStoreVerificationError.self) { try ReceiptUtility.transactionID(fromAppReceipt: "not base64 !") }
        #expect(try ReceiptUtility.transactionID(fromTransactionReceipt: Base64.encode(Array("{ }".utf8))) == nil)
    }
}

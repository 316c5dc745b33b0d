// `appleauth appstore receipt transaction-id RECEIPT`: the transaction identifier of an app receipt or a
// legacy transaction receipt (AppStoreServer's ReceiptUtility), for Get Transaction History; and
// `appleauth appstore receipt verify RECEIPT --root FILE`: an app receipt verified (AppReceiptVerifier) and
// printed as JSON.

import AppStoreServer
import CommandLineSupport
import Foundation
import PureBase64

enum AppStoreReceiptCommand {
    static let help = """
        usage: appleauth appstore receipt transaction-id RECEIPT
        Prints the transaction identifier of an app receipt (the first in-app purchase's, as Apple's Python,
        Java and Node libraries return) or of a legacy transaction receipt; prints nothing when the
        receipt has no in-app purchase. RECEIPT: base64 text, a file (raw or base64) or - for stdin.
        Nothing is verified. Exit 0 read; 2 usage or an unreadable receipt.

        usage: appleauth appstore receipt verify RECEIPT --root FILE [--root FILE ...] [--bundle-id ID]
                                                 [--device-id HEX] [--at creation|now|ISO8601]
        Verifies an app receipt — its signature, the chain to a given root (AppleIncRootCertificate.cer for
        App Store receipts, the project's StoreKit certificate for Xcode's) at the receipt's creation date
        unless --at says otherwise, the bundle ID and, with --device-id (hex), the device hash — and prints
        the receipt's fields as JSON.
        Exit 0 verified; 1 refused (one line naming the check); 2 usage or an unreadable receipt.
        """

    static func run(_ arguments: [String]) throws {
        guard let command = arguments.first, !["--help", "-h"].contains(command) else { print(help); return }
        if command == "verify" { try verify(Array(arguments.dropFirst())); return }
        guard command == "transaction-id" else {
            throw ToolError.usage("unknown receipt command \"\(command)\"; the commands are: appleauth appstore receipt transaction-id RECEIPT, verify RECEIPT")
        }
        let args = try Arguments(Array(arguments.dropFirst()), flags: [])
        if args.wantsHelp { print(help); return }
        guard args.positional.count == 1 else { throw ToolError.usage("give exactly one RECEIPT (base64 text, a file or -); see --help") }
        let bytes = try receiptBytes(args.positional[0])
        do {
            let identifier: String?
            if bytes.first == 0x30 {
                identifier = try ReceiptUtility.transactionID(fromAppReceipt: bytes)
            } else {
                let text = String(decoding: bytes, as: UTF8.self)
                guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                    throw ToolError.usage("the receipt is empty: give an app receipt (DER, or its base64) or a legacy transaction receipt, as a file, text or on standard input")
                }
                let decoded = (try? Base64.decodeIgnoringWhitespace(text)) ?? []
                // Base64 of a PKCS#7 starts "MI" (30 8x); a legacy transaction receipt is base64 of "{".
                if decoded.first == 0x30 {
                    identifier = try ReceiptUtility.transactionID(fromAppReceipt: decoded)
                } else {
                    // An app receipt may hold no purchase (nothing printed); text that is not a transaction
                    // receipt naming a transaction is not a receipt at all.
                    guard let found = try ReceiptUtility.transactionID(fromTransactionReceipt: text) else {
                        throw ToolError.usage("the input is neither an app receipt (PKCS #7, DER or base64) nor a legacy transaction receipt with a transaction-id")
                    }
                    identifier = found
                }
            }
            if let identifier { print(identifier) }
        } catch let error as ToolError {
            throw error
        } catch {
            throw ToolError.usage("\(error)")
        }
    }

    private static func verify(_ arguments: [String]) throws {
        let args = try Arguments(arguments, flags: ["root", "bundle-id", "device-id", "at"])
        if args.wantsHelp { print(help); return }
        guard args.positional.count == 1 else { throw ToolError.usage("give exactly one RECEIPT (base64 text, a file or -); see --help") }
        let roots = args.values("root")
        guard !roots.isEmpty else { throw ToolError.usage("missing --root FILE (AppleIncRootCertificate.cer for App Store receipts)") }
        let time: AppReceiptVerifier.ValidationTime
        switch args.value("at") {
        case nil, "creation"?: time = .receiptCreationDate
        case "now"?: time = .now
        case let text?:
            let formatter = ISO8601DateFormatter()
            guard let date = formatter.date(from: text) else {
                throw ToolError.usage("--at must be creation, now or an ISO 8601 date (2023-08-28T12:00:00Z), got \"\(text)\"")
            }
            time = .at(date)
        }
        var device: [UInt8]?
        if let hex = args.value("device-id") {
            let digits = Array(hex.utf8)
            guard digits.count % 2 == 0, digits.count <= 128, let bytes = Optional(stride(from: 0, to: digits.count, by: 2).compactMap({
                UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)
            })), bytes.count * 2 == digits.count else {
                throw ToolError.usage("--device-id is the device identifier in hex (32 digits for identifierForVendor, 12 for a MAC address)")
            }
            device = bytes
        }
        let rootCertificates = try roots.map(AppStoreCommand.readCertificate)
        let verifier: AppReceiptVerifier
        do {
            verifier = try AppReceiptVerifier(rootCertificates: rootCertificates, bundleID: args.value("bundle-id"), validationTime: time)
        } catch {
            throw ToolError.usage(error.description)
        }
        var bytes = try receiptBytes(args.positional[0])
        if bytes.first != 0x30 {
            do { bytes = try Base64.decodeIgnoringWhitespace(String(decoding: bytes, as: UTF8.self)) } catch {
                throw ToolError.usage("RECEIPT is neither a PKCS#7 receipt nor its base64 text")
            }
        }
        let receipt: AppReceipt
        do { receipt = try verifier.verify(bytes, deviceIdentifier: device) } catch {
            if case .receiptMalformed = error.check { throw ToolError.usage(error.description) }
            throw ToolError.rejected("\(error.check.identifier): \(error)")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        encoder.dataEncodingStrategy = .base64
        print(String(decoding: try encoder.encode(ReceiptOutput(receipt)), as: UTF8.self))
    }

    /// The receipt as JSON: byte fields in hex.
    private struct ReceiptOutput: Encodable {
        let receipt: AppReceipt
        init(_ receipt: AppReceipt) { self.receipt = receipt }
        private enum Keys: String, CodingKey {
            case receiptType, bundleId, appVersion, originalAppVersion, creationDate, expirationDate, preorderDate, opaqueValue, sha1Hash, inAppPurchases
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encodeIfPresent(receipt.receiptType, forKey: .receiptType)
            try container.encodeIfPresent(receipt.bundleId, forKey: .bundleId)
            try container.encodeIfPresent(receipt.appVersion, forKey: .appVersion)
            try container.encodeIfPresent(receipt.originalAppVersion, forKey: .originalAppVersion)
            try container.encodeIfPresent(receipt.creationDate, forKey: .creationDate)
            try container.encodeIfPresent(receipt.expirationDate, forKey: .expirationDate)
            try container.encodeIfPresent(receipt.preorderDate, forKey: .preorderDate)
            try container.encode(receipt.opaqueValue.map { String(format: "%02x", $0) }.joined(), forKey: .opaqueValue)
            try container.encode(receipt.sha1Hash.map { String(format: "%02x", $0) }.joined(), forKey: .sha1Hash)
            try container.encode(receipt.inAppPurchases, forKey: .inAppPurchases)
        }
    }

    /// A file's bytes, stdin's for "-", else the argument itself as base64 text.
    private static func receiptBytes(_ argument: String) throws -> [UInt8] {
        if argument == "-" || FileManager.default.fileExists(atPath: argument) {
            return Array(try readInput(argument, limit: ReceiptUtility.maximumReceiptSize * 2))
        }
        return Array(argument.utf8)
    }
}

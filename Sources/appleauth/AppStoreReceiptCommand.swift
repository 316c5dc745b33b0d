// `appleauth appstore receipt transaction-id RECEIPT`: the transaction identifier of an app receipt or a
// legacy transaction receipt (AppStoreServer's ReceiptUtility), for Get Transaction History.

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
        """

    static func run(_ arguments: [String]) throws {
        guard let command = arguments.first, !["--help", "-h"].contains(command) else { print(help); return }
        guard command == "transaction-id" else {
            throw ToolError.usage("unknown receipt command \"\(command)\"; the command is: appleauth appstore receipt transaction-id RECEIPT")
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
                let decoded = (try? Base64.decodeIgnoringWhitespace(text)) ?? []
                // Base64 of a PKCS#7 starts "MI" (30 8x); a legacy transaction receipt is base64 of "{".
                identifier = decoded.first == 0x30 ? try ReceiptUtility.transactionID(fromAppReceipt: decoded)
                                                   : try ReceiptUtility.transactionID(fromTransactionReceipt: text)
            }
            if let identifier { print(identifier) }
        } catch {
            throw ToolError.usage(error.description)
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

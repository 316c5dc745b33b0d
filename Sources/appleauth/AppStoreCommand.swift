// `appleauth appstore verify`: App Store signed data (a notification body, or a notification, transaction
// or renewal-info JWS) verified to the given roots, printed as JSON.

import AppleAuthURLSession
import AppStoreServer
import AppStoreServerAPI
import CommandLineSupport
import Foundation
import PureASN1
import PureBase64
import PureJWT

enum AppStoreCommand {
    static let help = """
        usage: appleauth appstore verify INPUT --root FILE [--root FILE ...] [--bundle-id ID]
                                         [--app-apple-id N] [--environment Production|Sandbox]
                                         [--at signed-date|now|UNIX_MS|ISO8601] [--online]
        Verifies App Store signed data to the given root certificates (DER or PEM; Apple Root CA - G3 for
        real data) and prints its payload as JSON: a notification (with its transaction and renewal info, or
        app transaction, verified and decoded), a transaction, renewal info, an app transaction (checked at
        its receiptCreationDate) or a Retention Messaging realtime request.
        INPUT: a compact JWS, a notification body {"signedPayload": ...}, a file holding either, or - for stdin.
        --bundle-id, --app-apple-id and --environment are checked when given (the payload's own otherwise).
        --at: when the certificates must be valid (default: the payload's signedDate).
        --online: also asks the certificates' OCSP responders whether the leaf and intermediate are revoked
        (--ocsp-base-url URL, or APPSTORE_OCSP_BASE_URL, sends those requests to another server); the
        answers must be current now, or at --at's date when one is given.
        Exit 0 verified; 1 refused (one line naming the check; with --online also revoked, or an OCSP answer
        that fails a check); 2 usage or unreadable input; 3 (--online) no usable OCSP answer.

        usage: appleauth appstore api CALL ...   (appleauth appstore api --help)
        Calls the App Store Server API with the In-App Purchase key and prints Apple's JSON answer.

        usage: appleauth appstore sign KIND ...   (appleauth appstore sign --help)
        Signs promotional offers, introductory-offer eligibility and Advanced Commerce requests for the app
        with the In-App Purchase key.

        usage: appleauth appstore receipt transaction-id RECEIPT
        The transaction identifier of an app receipt or a legacy transaction receipt (nothing verified).

        usage: appleauth appstore receipt verify RECEIPT --root FILE [--bundle-id ID] [--at creation|now|ISO8601]
        An app receipt verified to the root and printed as JSON (appleauth appstore receipt --help).
        """

    static func run(_ arguments: [String]) async throws {
        switch arguments.first {
        case "verify"?: break
        case "sign"?: try AppStoreSignCommand.run(Array(arguments.dropFirst())); return
        case "receipt"?: try AppStoreReceiptCommand.run(Array(arguments.dropFirst())); return
        case "api"?: try await AppStoreAPICommand.run(Array(arguments.dropFirst())); return
        case nil, "--help"?, "-h"?: print(help); return
        case let other?: throw ToolError.usage("unknown appstore command \"\(other)\"; the commands are: appleauth appstore verify, api, sign, receipt")
        }
        let args = try Arguments(Array(arguments.dropFirst()), flags: ["root", "bundle-id", "app-apple-id", "environment", "at", "ocsp-base-url"],
                                 switches: ["online"])
        if args.wantsHelp { print(help); return }
        guard args.positional.count == 1 else { throw ToolError.usage("give exactly one INPUT (a JWS, a notification body, a file or -); see --help") }
        let roots = args.values("root")
        guard !roots.isEmpty else { throw ToolError.usage("missing --root FILE (Apple Root CA - G3 for real App Store data)") }
        // Every option is checked before any input is read, so a usage error is always exit 2.
        let time = try validationTime(args.value("at"))
        let givenEnvironment = try args.value("environment").map(environmentValue)
        var givenAppAppleID: Int64?
        if let text = args.value("app-apple-id") {
            guard let number = Int64(text), number > 0 else { throw ToolError.usage("--app-apple-id must be a positive integer, got \"\(text)\"") }
            givenAppAppleID = number
        }
        let rootCertificates = try roots.map(readCertificate)
        var online: AppStoreOCSPChecker?
        if args.has("online") {
            do {
                // OCSP answers must be current now, or at --at's date when one is given (checking as of then).
                var clock: @Sendable () -> Date = { Date() }
                if case .at(let date) = time { clock = { date } }
                online = try AppStoreOCSPChecker(transport: try URLSessionTransport(timeout: 10),
                                                 responderBaseURL: args.value("ocsp-base-url") ?? ProcessInfo.processInfo.environment["APPSTORE_OCSP_BASE_URL"],
                                                 now: clock)
            } catch {
                throw ToolError.usage("\(error)")
            }
        } else if args.value("ocsp-base-url") != nil {
            throw ToolError.usage("--ocsp-base-url goes with --online")
        }

        let token = try readInputToken(args.positional[0])
        let peek = try peekPayload(token)
        let kind = peek.kind
        let environment = givenEnvironment ?? peek.payloadEnvironment ?? .sandbox
        // Not given: not checked (the payload's own value; a transaction carries no app Apple ID).
        let appAppleID = givenAppAppleID ?? (environment == .production ? peek.appAppleID ?? 1 : nil)
        var verifier: SignedDataVerifier
        do {
            verifier = try SignedDataVerifier(rootCertificates: rootCertificates, bundleID: args.value("bundle-id") ?? peek.bundleID ?? "-",
                                              appAppleID: appAppleID, environment: environment, validationTime: time,
                                              chainCacheCapacity: 0)
        } catch {
            throw ToolError.usage(error.description)
        }
        // Without --environment nothing is checked against it: the payload's own is used, and real
        // transactions from before 2022 have none (the library keeps Apple's rule and refuses those).
        verifier.checksEnvironment = givenEnvironment != nil

        let output: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            switch kind {
            case .notification:
                let notification: SignedDataVerifier.VerifiedNotification
                if let online {
                    notification = try await verifier.verifyNotification(signedPayload: token, onlineChecks: online)
                } else {
                    notification = try verifier.verifyNotification(signedPayload: token)
                }
                output = try encoder.encode(NotificationOutput(notification: notification.payload, transaction: notification.transaction,
                                                               renewalInfo: notification.renewalInfo, appTransaction: notification.appTransaction))
            case .transaction:
                output = try encoder.encode(try verifier.verifyTransaction(token))
            case .renewalInfo:
                output = try encoder.encode(try verifier.verifyRenewalInfo(token))
            case .appTransaction:
                output = try encoder.encode(try verifier.verifyAppTransaction(token))
            case .realtimeRequest:
                output = try encoder.encode(try verifier.verifyRealtimeRequest(signedPayload: token))
            }
            // The other kinds' chains, online (a notification's were checked above with those inside it).
            if let online, kind != .notification { try await online.check(chain: verifier.onlineCheckChain(token)) }
        } catch let error as AppStoreVerificationError {
            if case .revocationStatusUnavailable = error.check { throw ToolError.network("\(error.check.identifier): \(error)") }
            throw ToolError.rejected("\(error.check.identifier): \(error)")
        }
        print(String(decoding: output, as: UTF8.self))
    }

    private struct NotificationOutput: Encodable {
        let notification: NotificationPayload
        let transaction: TransactionPayload?
        let renewalInfo: RenewalInfoPayload?
        let appTransaction: AppTransactionPayload?
    }

    enum Kind { case notification, transaction, renewalInfo, appTransaction, realtimeRequest }

    /// What the payload says it is, read without verification only to pick the check to run (the
    /// verification that follows decides everything).
    private struct Peek: Decodable {
        let notificationType: String?
        let transactionId: String?
        let bundleId: String?
        let environment: String?
        let receiptType: String?
        let appAppleId: Int64?
        let userLocale: String?
        let data: PeekData?
        struct PeekData: Decodable { let bundleId: String?; let environment: String?; let appAppleId: Int64? }

        var kind: Kind {
            if notificationType != nil { return .notification }
            if transactionId != nil { return .transaction }
            if receiptType != nil { return .appTransaction }
            if userLocale != nil { return .realtimeRequest }
            return .renewalInfo
        }
        var bundleID: String? { data?.bundleId ?? bundleId }
        var appAppleID: Int64? { data?.appAppleId ?? appAppleId }
        var payloadEnvironment: AppStoreEnvironment? { (data?.environment ?? environment ?? receiptType).map(AppStoreEnvironment.init(rawValue:)) }
    }

    private static func peekPayload(_ token: String) throws -> Peek {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = try? Base64URL.decode(parts[1]),
              let peek = try? StrictJSONDecoder().decode(Peek.self, from: payload) else {
            throw ToolError.rejected("jws_malformed: the input is not a compact JWS with a JSON payload, nor a notification body")
        }
        return peek
    }

    /// The JWS in INPUT: literal text, a file's contents, or stdin; a notification body is unwrapped.
    private static func readInputToken(_ input: String) throws -> String {
        var text = input
        if input == "-" {
            text = String(decoding: try readInput("-"), as: UTF8.self)
        } else if !input.hasPrefix("{"), !input.hasPrefix("eyJ"), FileManager.default.fileExists(atPath: input) {
            text = String(decoding: try readInput(input), as: UTF8.self)
        }
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("{") else { return text }
        do {
            return try StrictJSONDecoder().decode(NotificationBody.self, from: text).signedPayload
        } catch {
            throw ToolError.usage("the input is JSON but not a notification body {\"signedPayload\": \"...\"}: \(error)")
        }
    }

    /// A certificate file's DER: the bytes themselves, or the body of a PEM "CERTIFICATE" block.
    static func readCertificate(_ path: String) throws -> [UInt8] {
        let data = try readInput(path)
        let text = String(decoding: data, as: UTF8.self)
        guard text.contains("-----BEGIN ") else { return [UInt8](data) }
        do {
            let block = try PEM.parseSingle(text)
            guard block.label == "CERTIFICATE" else { throw ToolError.usage("\(path): a PEM \"\(block.label)\" block, not a CERTIFICATE") }
            return block.derBytes
        } catch let error as ASN1Error {
            throw ToolError.usage("\(path): \(error)")
        }
    }

    static func environmentValue(_ text: String) throws -> AppStoreEnvironment {
        switch text {
        case "Production", "production": return .production
        case "Sandbox", "sandbox": return .sandbox
        default: throw ToolError.usage("--environment must be Production or Sandbox, got \"\(text)\"")
        }
    }

    private static func validationTime(_ text: String?) throws -> SignedDataVerifier.ValidationTime {
        guard let text, text != "signed-date" else { return .signedDate }
        if text == "now" { return .now }
        if let milliseconds = Int64(text) {
            guard (0...253_402_300_799_000).contains(milliseconds) else { throw ToolError.usage("--at \(text): milliseconds since 1970 out of range") }
            return .at(Date(timeIntervalSince1970: Double(milliseconds) / 1000))
        }
        if let date = iso8601Date(text) { return .at(date) }
        throw ToolError.usage("--at must be signed-date, now, milliseconds since 1970 or an ISO 8601 date (2025-06-01T12:00:00Z), got \"\(text)\"")
    }
}

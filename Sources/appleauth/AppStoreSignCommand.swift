// `appleauth appstore sign ...`: the signatures a server makes for its app with the In-App Purchase key
// (AppStoreServerAPI's AppStoreOfferSigner), printed for StoreKit.

import AppStoreServerAPI
import CommandLineSupport
import Foundation

enum AppStoreSignCommand {
    static let help = """
        usage: appleauth appstore sign KIND --issuer-id ID --key-id ID --key FILE.p8 --bundle-id ID [options]
          promotional-offer --product ID --offer ID [--app-account-token UUID] [--nonce UUID] [--timestamp MS]
              the promotional offer signature V1; prints {"signature", "nonce", "timestamp"} as JSON
          promotional-offer-v2 --product ID --offer ID [--transaction-id ID]
              the promotional offer JWS (audience "promotional-offer"); prints the JWS
          introductory-offer-eligibility --product ID --allow true|false --transaction-id ID
              the introductory offer eligibility JWS; prints the JWS
          advanced-commerce REQUEST_JSON
              the Advanced Commerce in-app request JWS; REQUEST_JSON is JSON text, a file or - for stdin
        The key is the In-App Purchase key (.p8) from App Store Connect (Users and Access → Integrations →
        In-App Purchase), where the issuer ID and key ID are shown.
        Exit 0 signed; 2 usage, unreadable key or unusable input.
        """

    static let credentialFlags: Set<String> = ["issuer-id", "key-id", "key", "bundle-id"]

    static func run(_ arguments: [String]) throws {
        guard let kind = arguments.first, !["--help", "-h"].contains(kind) else { print(help); return }
        let rest = Array(arguments.dropFirst())
        switch kind {
        case "promotional-offer":
            let args = try Arguments(rest, flags: credentialFlags.union(["product", "offer", "app-account-token", "nonce", "timestamp"]))
            if args.wantsHelp { print(help); return }
            try noPositional(args)
            let nonce = try args.value("nonce").map { try uuid($0, "--nonce") } ?? UUID()
            var timestamp: Int64?
            if let text = args.value("timestamp") {
                guard let value = Int64(text), value >= 0 else {
                    throw ToolError.usage("--timestamp is milliseconds since 1970, a whole number ≥ 0; got \"\(text)\"")
                }
                timestamp = value
            }
            let appAccountToken = try args.value("app-account-token").map { try uuid($0, "--app-account-token").uuidString } ?? ""
            let product = try args.required("product"), offer = try args.required("offer")
            let result = try sign(args) {
                try $0.promotionalOfferSignature(productID: product, offerID: offer, appAccountToken: appAccountToken,
                                                 nonce: nonce, timestamp: timestamp)
            }
            print(try Commands.prettyJSON(["signature": result.signature, "nonce": result.nonce.uuidString.lowercased(),
                                           "timestamp": result.timestamp]))
        case "promotional-offer-v2":
            let args = try Arguments(rest, flags: credentialFlags.union(["product", "offer", "transaction-id"]))
            if args.wantsHelp { print(help); return }
            try noPositional(args)
            let product = try args.required("product"), offer = try args.required("offer")
            print(try sign(args) { try $0.promotionalOfferToken(productID: product, offerID: offer, transactionID: args.value("transaction-id")) })
        case "introductory-offer-eligibility":
            let args = try Arguments(rest, flags: credentialFlags.union(["product", "allow", "transaction-id"]))
            if args.wantsHelp { print(help); return }
            try noPositional(args)
            let product = try args.required("product"), transaction = try args.required("transaction-id")
            let allow: Bool
            switch try args.required("allow") {
            case "true": allow = true
            case "false": allow = false
            case let other: throw ToolError.usage("--allow is true or false, not \"\(other)\"")
            }
            print(try sign(args) { try $0.introductoryOfferEligibilityToken(productID: product, allowIntroductoryOffer: allow, transactionID: transaction) })
        case "advanced-commerce":
            let args = try Arguments(rest, flags: credentialFlags)
            if args.wantsHelp { print(help); return }
            guard args.positional.count == 1 else { throw ToolError.usage("give exactly one REQUEST_JSON (JSON text, a file or -); see --help") }
            let request = try requestJSON(args.positional[0])
            print(try sign(args) { try $0.advancedCommerceToken(requestJSON: request) })
        default:
            throw ToolError.usage("unknown kind of signature \"\(kind)\"; see appleauth appstore sign --help")
        }
    }

    /// The signer from the shared options, then `body` with it; its errors are usage errors (exit 2).
    private static func sign<T>(_ args: Arguments, _ body: (AppStoreOfferSigner) throws -> T) throws -> T {
        let signer = AppStoreOfferSigner(credentials: try credentials(args))
        do { return try body(signer) } catch let error as AppStoreAPIError { throw ToolError.usage(error.description) }
    }

    /// The In-App Purchase key and its identifiers from --issuer-id, --key-id, --key and --bundle-id
    /// (shared with `appstore api`); unusable ones are usage errors (exit 2).
    static func credentials(_ args: Arguments) throws -> AppStoreCredentials {
        let issuer = try args.required("issuer-id"), keyID = try args.required("key-id"), bundle = try args.required("bundle-id")
        let pem = String(decoding: try readInput(try args.required("key")), as: UTF8.self)
        do { return try AppStoreCredentials(issuerID: issuer, keyID: keyID, bundleID: bundle, privateKeyPEM: pem) } catch {
            throw ToolError.usage(error.description)
        }
    }

    private static func noPositional(_ args: Arguments) throws {
        guard args.positional.isEmpty else {
            throw ToolError.usage("unexpected argument \"\(args.positional[0])\"; see appleauth appstore sign --help")
        }
    }

    private static func uuid(_ text: String, _ flag: String) throws -> UUID {
        guard let value = UUID(uuidString: text) else { throw ToolError.usage("\(flag) must be a UUID (8-4-4-4-12 hex digits), got \"\(text)\"") }
        return value
    }

    /// JSON text as given when it starts with "{" or "[", else a file or - for stdin.
    private static func requestJSON(_ argument: String) throws -> [UInt8] {
        if let first = argument.drop(while: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).first, first == "{" || first == "[" {
            return Array(argument.utf8)
        }
        return Array(try readInput(argument, limit: 65_536))
    }
}

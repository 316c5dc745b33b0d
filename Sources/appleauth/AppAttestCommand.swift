// `appleauth appattest attestation|assertion|receipt`: App Attest objects verified from files (AppAttest's
// verifiers) and printed as JSON. Exit 0 verified; 1 refused or unparsable, naming the check; 2 usage or an
// unreadable file.

import AppAttest
import CommandLineSupport
import Foundation
import PureBase64
import PureP256
import PureSHA2

enum AppAttestCommand {
    static let help = """
        usage: appleauth appattest attestation --object FILE --key-id B64 (--challenge TEXT | --client-data-hash HEX)
                   --app-id TEAM.BUNDLE [--environment production|development] [--at ISO8601] [--root PEM]
        Verifies an attestation object by Apple's nine steps and prints {"keyID", "publicKey", "counter",
        "environment", "receipt"}. --challenge is hashed (clientDataHash = SHA-256 of its UTF-8 bytes);
        --client-data-hash bytes are used as given, any length. --at (default now) is when the certificates
        must be valid; --root (a PEM file) replaces Apple App Attestation Root CA.

        usage: appleauth appattest assertion --object FILE --client-data FILE --public-key PEM --app-id TEAM.BUNDLE
                   --previous-counter N
        Verifies an assertion of the key in --public-key over the client data and prints {"counter"}.

        usage: appleauth appattest receipt --receipt FILE [--at ISO8601] [--root PEM]
        Verifies an App Attest receipt (Apple's signature, the chain to Apple Root CA - G3, which --root
        replaces) at --at (default now) and prints its fields.

        Object, client data and receipt files are raw bytes or their base64. Exit 0 verified; 1 refused or
        unparsable (one line naming the check); 2 usage or an unreadable file.
        """

    static func run(_ arguments: [String]) throws {
        guard let command = arguments.first, !["--help", "-h"].contains(command) else { print(help); return }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "attestation": try attestation(rest)
        case "assertion": try assertion(rest)
        case "receipt": try receipt(rest)
        default:
            throw ToolError.usage("unknown appattest command \"\(command)\"; the commands are attestation, assertion and receipt (see --help)")
        }
    }

    private static func attestation(_ arguments: [String]) throws {
        let args = try Arguments(arguments, flags: ["object", "key-id", "challenge", "client-data-hash", "app-id", "environment", "at", "root"])
        if args.wantsHelp { print(help); return }
        try noPositional(args)
        let object = try bytes(args.required("object"), raw: { $0.first.map { $0 & 0xE0 == 0xA0 } ?? false })
        let keyIDText = try args.required("key-id")
        guard let keyID = try? Base64.decode(keyIDText), !keyID.isEmpty else {
            throw ToolError.usage("--key-id must be the key ID in base64, as generateKey() gives it, not \"\(keyIDText.prefix(60))\"")
        }
        let clientDataHash: [UInt8]
        switch (args.value("challenge"), args.value("client-data-hash")) {
        case (let challenge?, nil): clientDataHash = Array(SHA256.hash(data: Array(challenge.utf8)))
        case (nil, let hex?):
            guard let bytes = PureSHA2.bytes(fromHex: hex), !bytes.isEmpty else { throw ToolError.usage("--client-data-hash must be hex digits, not \"\(hex.prefix(60))\"") }
            clientDataHash = bytes
        case (nil, nil): throw ToolError.usage("give --challenge TEXT or --client-data-hash HEX; see --help")
        default: throw ToolError.usage("give --challenge or --client-data-hash, not both")
        }
        let environment: AppAttestEnvironment
        switch args.value("environment") {
        case nil, "production"?: environment = .production
        case "development"?: environment = .development
        case let other?: throw ToolError.usage("--environment must be production or development, not \"\(other)\"")
        }
        let verifier: AppAttestVerifier
        do {
            if let root = args.value("root") {
                verifier = try AppAttestVerifier(appID: try args.required("app-id"), environment: environment, rootPEM: try text(root))
            } else {
                verifier = try AppAttestVerifier(appID: try args.required("app-id"), environment: environment)
            }
        } catch let error as AppAttestError {
            throw ToolError.usage(error.description)
        }
        let at = try time(args)
        let result: VerifiedAppAttestation
        do { result = try verifier.verifyAttestation(object, keyID: keyID, clientDataHash: clientDataHash, at: at) } catch {
            throw ToolError.rejected("\(error)")
        }
        try printJSON(["keyID": .string(Base64.encode(result.keyID)), "publicKey": .string(result.publicKey.pemRepresentation),
                       "counter": .int(Int64(result.counter)), "environment": .string(result.environment.rawValue),
                       "receipt": .string(Base64.encode(result.receipt))])
    }

    private static func assertion(_ arguments: [String]) throws {
        let args = try Arguments(arguments, flags: ["object", "client-data", "public-key", "app-id", "previous-counter"])
        if args.wantsHelp { print(help); return }
        try noPositional(args)
        let object = try bytes(args.required("object"), raw: { $0.first.map { $0 & 0xE0 == 0xA0 } ?? false })
        let clientData = try bytes(args.required("client-data"), raw: { !isBase64Text($0) })
        let publicKey: P256.Signing.PublicKey
        do { publicKey = try P256.Signing.PublicKey(pemRepresentation: try text(args.required("public-key"))) } catch let error as ToolError {
            throw error
        } catch {
            throw ToolError.usage("--public-key must be a PEM file of the attested P-256 public key: \(error)")
        }
        guard let previous = try args.number("previous-counter", in: 0...Double(UInt32.max)), previous.rounded() == previous else {
            throw ToolError.usage("give --previous-counter N, the counter stored for the key (a whole number)")
        }
        let verifier: AppAttestVerifier
        do { verifier = try AppAttestVerifier(appID: try args.required("app-id")) } catch let error as AppAttestError {
            throw ToolError.usage(error.description)
        }
        let counter: UInt32
        do { counter = try verifier.verifyAssertion(object, clientData: clientData, publicKey: publicKey, previousCounter: UInt32(previous)) } catch {
            throw ToolError.rejected("\(error)")
        }
        try printJSON(["counter": .int(Int64(counter))])
    }

    private static func receipt(_ arguments: [String]) throws {
        let args = try Arguments(arguments, flags: ["receipt", "at", "root"])
        if args.wantsHelp { print(help); return }
        try noPositional(args)
        let receipt = try bytes(args.required("receipt"), raw: { $0.first == 0x30 })
        let verifier: AppAttestReceiptVerifier
        do {
            verifier = try args.value("root").map { try AppAttestReceiptVerifier(rootPEM: try text($0)) } ?? AppAttestReceiptVerifier()
        } catch let error as AppAttestError {
            throw ToolError.usage(error.description)
        }
        let at = try time(args)
        let fields: AppAttestReceipt
        do { fields = try verifier.verify(receipt, at: at) } catch {
            throw ToolError.rejected("\(error)")
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var output: [String: OutputValue] = ["appID": .string(fields.appID), "type": .string(fields.type),
                                             "creationDate": .string(formatter.string(from: fields.creationDate))]
        if let key = fields.publicKey { output["publicKey"] = .string(key.pemRepresentation) }
        if let hash = fields.clientHash { output["clientHash"] = .string(Base64.encode(hash)) }
        if let token = fields.token { output["token"] = .string(token) }
        if let metric = fields.riskMetric { output["riskMetric"] = .int(Int64(metric)) }
        if let date = fields.notBefore { output["notBefore"] = .string(formatter.string(from: date)) }
        if let date = fields.expirationDate { output["expirationDate"] = .string(formatter.string(from: date)) }
        try printJSON(output)
    }

    // MARK: Inputs and output

    private static func noPositional(_ args: Arguments) throws {
        guard args.positional.isEmpty else { throw ToolError.usage("unexpected argument \"\(args.positional[0])\"; every input is an option (see --help)") }
    }

    /// `--at`: an ISO 8601 time, or now.
    private static func time(_ args: Arguments) throws -> Date {
        try args.iso8601Time("at") ?? Date()
    }

    /// A file's bytes: as they are when `raw` says so, else decoded from base64 text (whitespace ignored);
    /// content that is neither is passed on as it is, for the verifier to refuse (exit 1: an object that
    /// cannot be parsed), while a file that cannot be read is a usage error (exit 2).
    private static func bytes(_ path: String, raw: ([UInt8]) -> Bool) throws -> [UInt8] {
        let contents = Array(try readInput(path, limit: 1 << 20))
        if raw(contents) { return contents }
        guard let decoded = try? Base64.decodeIgnoringWhitespace(String(decoding: contents, as: UTF8.self)), !decoded.isEmpty else {
            return contents
        }
        return decoded
    }

    /// Whether `bytes` are base64 text (the alphabet, padding and whitespace only).
    private static func isBase64Text(_ bytes: [UInt8]) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy { byte in
            (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                || [UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="), 0x20, 0x0A, 0x0D, 0x09].contains(byte)
        }
    }

    private static func text(_ path: String) throws -> String {
        String(decoding: try readInput(path, limit: 64 * 1024), as: UTF8.self)
    }

    private enum OutputValue: Encodable {
        case string(String), int(Int64)
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let text): try container.encode(text)
            case .int(let number): try container.encode(number)
            }
        }
    }

    private static func printJSON(_ object: [String: OutputValue]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(object), as: UTF8.self))
    }
}

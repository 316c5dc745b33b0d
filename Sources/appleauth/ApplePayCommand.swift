// `appleauth applepay decrypt`: an Apple Pay payment token verified (Apple's signature and chain, the
// signing-time window) and decrypted with the merchant's payment processing certificate and key, the payment
// data printed as JSON on standard output. Exit 0 decrypted; 1 the token failed a check (one line naming
// it); 2 usage, an unreadable file, or a key that does not match its certificate. Nothing of the payment
// data ever goes to standard error.

import ApplePay
import CommandLineSupport
import Foundation

enum ApplePayCommand {
    static let help = """
        usage: appleauth applepay decrypt --token FILE (--certificate PEM --key PEM | --pkcs12 FILE --password-file F) ...
                   [--at ISO8601] [--signing-window SECONDS] [--root PEM]
        Verifies an Apple Pay payment token (Apple's CMS signature, the chain to Apple Root CA - G3, the
        signing time within --signing-window seconds of --at, default 300) and decrypts it (EC_v1 or RSA_v1)
        with the payment processing certificate its publicKeyHash names; prints the payment data, as Apple
        wrote it, on standard output. FILE is the token's JSON ({"version", "data", "signature", "header"},
        the paymentData Apple Pay JS gives, or an object holding it as "paymentData"); - reads standard input.
        --certificate and --key are PEM files (the key PKCS#8, SEC 1 or PKCS#1); or --pkcs12 a PKCS#12 file
        (.p12, as Keychain Access exports it: PBES2-AES or Triple DES) whose password is the first line of
        --password-file. Repeat either pair during a certificate rotation. --at (default now) is the verification time: the certificates must be valid
        then and the token signed within the window of it. --root (a PEM file) replaces Apple's root, for
        tokens made on a test chain.

        The output is card data: keep it out of logs. Exit 0 decrypted; 1 the token failed a check (one
        line naming it); 2 usage, an unreadable file, or a key that does not match its certificate.
        """

    static func run(_ arguments: [String]) throws {
        guard let command = arguments.first, !["--help", "-h"].contains(command) else { print(help); return }
        switch command {
        case "decrypt": try decrypt(Array(arguments.dropFirst()))
        default: throw ToolError.usage("unknown applepay command \"\(command)\"; the command is decrypt (see --help)")
        }
    }

    private static func decrypt(_ arguments: [String]) throws {
        let args = try Arguments(arguments, flags: ["token", "certificate", "key", "pkcs12", "password-file", "at", "signing-window", "root"])
        if args.wantsHelp { print(help); return }
        guard args.positional.isEmpty else { throw ToolError.usage("unexpected argument \"\(args.positional[0])\"; every input is an option (see --help)") }
        let tokenBytes = try readInput(try args.required("token"), limit: PaymentToken.maximumSize)
        let certificates = args.values("certificate"), keys = args.values("key")
        let bundles = args.values("pkcs12"), passwordFiles = args.values("password-file")
        guard !certificates.isEmpty || !bundles.isEmpty else {
            throw ToolError.usage("give the payment processing certificate and key: --certificate PEM --key PEM, or --pkcs12 FILE --password-file F")
        }
        guard certificates.count == keys.count else {
            throw ToolError.usage("\(certificates.count) --certificate and \(keys.count) --key options; give them in pairs")
        }
        guard bundles.count == passwordFiles.count else {
            throw ToolError.usage("\(bundles.count) --pkcs12 and \(passwordFiles.count) --password-file options; give them in pairs")
        }
        var credentials: [PaymentProcessingCredential] = []
        for (bundle, passwordFile) in zip(bundles, passwordFiles) {
            let der = Array(try readInput(bundle, limit: 1 << 20))
            let password = try self.password(passwordFile)
            do {
                credentials.append(try PaymentProcessingCredential(pkcs12: der, password: password))
            } catch {
                throw ToolError.usage("\(bundle): \(error)")
            }
        }
        for (certificate, key) in zip(certificates, keys) {
            let certificatePEM = try text(certificate), keyPEM = try text(key)
            do {
                credentials.append(try PaymentProcessingCredential(certificatePEM: certificatePEM, privateKeyPEM: keyPEM))
            } catch {
                throw ToolError.usage("\(certificate) and \(key): \(error)")
            }
        }
        let seconds = try args.number("signing-window", in: 0...86_400) ?? 300
        guard seconds.rounded() == seconds else { throw ToolError.usage("--signing-window must be a whole number of seconds") }
        let window = Int(seconds)
        let rootPEM = try args.value("root").map(text)
        let decrypter: PaymentTokenDecrypter
        do {
            let verifier: PaymentTokenVerifier
            if let rootPEM {
                verifier = try PaymentTokenVerifier(replacingAppleRootForTestingWith: rootPEM, signingTimeWindow: window)
            } else {
                verifier = try PaymentTokenVerifier(signingTimeWindow: window)
            }
            decrypter = try PaymentTokenDecrypter(credentials: credentials, verifier: verifier)
        } catch {
            throw ToolError.usage(error.description)
        }
        let at = try time(args)
        let payment: PaymentData
        do {
            let token = try PaymentToken(jsonRepresentation: Array(tokenBytes))
            payment = try decrypter.decrypt(token, at: at)
        } catch {
            throw ToolError.rejected(error.description)
        }
        var output = payment.jsonRepresentation
        if output.last != UInt8(ascii: "\n") { output.append(UInt8(ascii: "\n")) }
        FileHandle.standardOutput.write(Data(output))
    }

    /// `--at`: an ISO 8601 time, or now.
    private static func time(_ args: Arguments) throws -> Date {
        try args.iso8601Time("at") ?? Date()
    }

    /// The password: the file's text without one trailing line break.
    private static func password(_ path: String) throws -> String {
        var text = String(decoding: try readInput(path, limit: 4096), as: UTF8.self)
        if text.hasSuffix("\r\n") { text.removeLast(1) } else if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    private static func text(_ path: String) throws -> String {
        String(decoding: try readInput(path, limit: 64 * 1024), as: UTF8.self)
    }
}

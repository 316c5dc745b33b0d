// appleauth: Sign in with Apple from the command line, on top of AppleAuth.
//
// Exit codes: 0 success; 1 a token, signature or claim was rejected; 2 usage or input error; 3 network or
// server error.

import CommandLineSupport
import Foundation

let usage = """
    usage: appleauth <command> [options]     (appleauth <command> --help for each)

    commands:
      demo            the main job on built-in sample data, offline
      client-secret   build the ES256 client secret from a .p8 key
      public-key      print the public key of a private key file (PEM or JWK)
      decode          show a token's header and claims; check its signature with --key or --jwks
      verify          verify an Apple identity token and print its claims
      notification    verify a server-to-server notification and print the event
      token           exchange an authorization code or a refresh token at Apple
      revoke          revoke a token at Apple
      keys            print Apple's current public keys
      appstore verify verify App Store signed data (notifications V2, transactions, renewal info)
      appstore api    call the App Store Server API (transactions, history, statuses, refunds, notifications, ...)
      appstore sign   sign promotional offers, offer eligibility and Advanced Commerce requests for the app
      appstore receipt transaction-id   the transaction ID of an app or legacy transaction receipt
      appstore receipt verify           verify an app receipt to Apple's root and print its fields
      appattest attestation   verify an App Attest attestation object (Apple's nine steps)
      appattest assertion     verify an App Attest assertion against the stored key and counter
      appattest receipt       verify an App Attest receipt to Apple Root CA - G3 and print its fields
      applepay decrypt        verify and decrypt an Apple Pay payment token, print the payment data
    """

func run(_ arguments: [String]) async -> ExitCode {
    guard let command = arguments.first else {
        printError(usage)
        return .usage
    }
    let rest = Array(arguments.dropFirst())
    return await runCommand(tool: "appleauth", command: command) {
        switch command {
        case "demo":
            if rest.contains("--help") { print("usage: appleauth demo\nRuns the main job offline on built-in sample data."); return .success }
            try await Demo.run()
            if Demo.failures > 0 { printError("appleauth demo: \(Demo.failures) check(s) failed"); return .rejected }
        case "client-secret": try Commands.clientSecret(rest)
        case "public-key": try Commands.publicKey(rest)
        case "decode": try Commands.decode(rest)
        case "verify": try await Commands.verify(rest)
        case "notification": try await Commands.notification(rest)
        case "token": try await Commands.token(rest)
        case "revoke": try await Commands.revoke(rest)
        case "keys": try await Commands.keys(rest)
        case "appstore": try await AppStoreCommand.run(rest)
        case "appattest": try AppAttestCommand.run(rest)
        case "applepay": try ApplePayCommand.run(rest)
        case "help", "--help", "-h": print(usage)
        default:
            printError("unknown command \"\(command)\"\n" + usage)
            return .usage
        }
        return .success
    }
}

let code = await run(Array(CommandLine.arguments.dropFirst()))
exit(code.rawValue)

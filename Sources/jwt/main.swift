// jwt: JSON Web Tokens from the command line, for any JOSE user: keys for every JWS algorithm, signing,
// verification and decoding, and JWE encryption and decryption, on PureJWT.
//
// Exit codes: 0 success; 1 a token or signature was rejected (one line naming the reason); 2 usage or
// unreadable input. Nothing traps on any input: every parser below throws.

import CommandLineSupport
import Foundation

let usage = """
    usage: jwt <command> [options]     (jwt <command> --help for each)

    commands:
      keygen       make a private key (PKCS#8 PEM) or an HMAC secret (JWK) for an algorithm
      public-key   print the public key of a key file as PEM or JWK
      thumbprint   print the RFC 7638 thumbprint of a key file's key
      sign         sign claims (JSON) into a compact JWS
      verify       verify a token's signature and claims; print its header and claims
      decode       print a token's header and claims WITHOUT verifying anything
      encrypt      encrypt bytes into a compact JWE for a recipient's key
      decrypt      decrypt a compact JWE and write its plaintext bytes

    algorithms: \(ToolAlgorithms.names)
    """

func run(_ arguments: [String]) async -> ExitCode {
    guard let command = arguments.first else {
        printError(usage)
        return .usage
    }
    let rest = Array(arguments.dropFirst())
    return await runCommand(tool: "jwt", command: command) {
        switch command {
        case "keygen": try KeyCommands.keygen(rest)
        case "public-key": try KeyCommands.publicKey(rest)
        case "thumbprint": try KeyCommands.thumbprint(rest)
        case "sign": try TokenCommands.sign(rest)
        case "verify": try TokenCommands.verify(rest)
        case "decode": try TokenCommands.decode(rest)
        case "encrypt": try EncryptionCommands.encrypt(rest)
        case "decrypt": try EncryptionCommands.decrypt(rest)
        case "help", "--help", "-h": print(usage)
        default:
            printError("jwt: unknown command \"\(command)\"\n" + usage)
            return .usage
        }
        return .success
    }
}

exit(await run(Array(CommandLine.arguments.dropFirst())).rawValue)

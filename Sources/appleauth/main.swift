// appleauth: the PureJWT command-line tool.
//
// Today it has one command, `demo`, which runs the primitives that exist so far (SHA-256, HMAC,
// base64url, RSA) on built-in sample data and exits non-zero if any check fails. The Sign in with Apple
// commands (client secret, token exchange, identity-token verification) arrive with the AppleAuth module.

import Foundation
import PureBase64
import PureP256
import PureRSA
import PureSHA2

struct DemoFailure: Error, CustomStringConvertible {
    let description: String
}

/// Shows a JSON text on one line, with CR and LF made visible.
func visible(_ bytes: [UInt8]) -> String {
    // Byte by byte: "\r\n" is a single Character in Swift, so String-level replacement would miss it.
    let shown = bytes.flatMap { byte -> [UInt8] in
        switch byte {
        case 0x0D: return Array("\\r".utf8)
        case 0x0A: return Array("\\n".utf8)
        default: return [byte]
        }
    }
    return String(decoding: shown, as: UTF8.self)
}

func runDemo() throws {
    print("PureJWT demo on built-in sample data: the HS256 JWS of RFC 7515 Appendix A.1")
    let parts = SampleData.compactJWS.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3 else { throw DemoFailure(description: "the sample token does not have three parts") }

    let header = try Base64URL.decode(parts[0])
    let payload = try Base64URL.decode(parts[1])
    let signature = try Base64URL.decode(parts[2])
    print("  header    \(visible(header))")
    print("  payload   \(visible(payload))")

    let key = SymmetricKey(data: try Base64URL.decode(SampleData.keyBase64URL))
    let signingInput = Array(SampleData.compactJWS.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))
    let mac = HMAC<SHA256>.authenticationCode(for: signingInput, using: key)
    print("  HMAC-SHA256 of the signing input  \(Base64URL.encode(mac))")

    let valid = HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: signingInput, using: key)
    print("  signature valid                   \(valid ? "yes" : "NO")")

    var tampered = signingInput
    tampered[tampered.count - 2] ^= 0x01
    let tamperedRejected = !HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: tampered, using: key)
    print("  one-bit change rejected           \(tamperedRejected ? "yes" : "NO")")

    do {
        _ = try Base64URL.decode(parts[2] + "=")
        throw DemoFailure(description: "padded base64url was accepted")
    } catch let error as Base64Error {
        print("  padded base64url rejected         yes (\(error))")
    }

    print("  SHA-256 of the token              \(SHA256.hash(data: Array(SampleData.compactJWS.utf8)))")
    guard valid, tamperedRejected else { throw DemoFailure(description: "a check failed; see above") }
    try runAppleTokenDemo()
    try runClientSecretDemo()
    print("All checks passed. Token exchange and identity-token claim checks arrive with the JWT and AppleAuth modules.")
}

/// RS256: a real Apple identity token against Apple's published key (signature only; the claims are
/// checked once the AppleAuth module exists).
func runAppleTokenDemo() throws {
    print("")
    print("RS256: a real Apple identity token against Apple's key \(AppleSample.kid) (signature only)")
    let key = try RSA.Signing.PublicKey(modulus: try Base64URL.decode(AppleSample.modulusBase64URL),
                                        publicExponent: try Base64URL.decode(AppleSample.exponentBase64URL))
    print("  key                               RSA-\(key.keySizeInBits), e = \(key.publicExponent)")
    let parts = AppleSample.identityToken.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3 else { throw DemoFailure(description: "the sample token does not have three parts") }
    print("  header                            \(visible(try Base64URL.decode(parts[0])))")
    let signingInput = Array(AppleSample.identityToken.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))
    let signature = RSA.Signing.RSASignature(rawRepresentation: try Base64URL.decode(parts[2]))
    let valid = key.isValidSignature(signature, for: signingInput)
    print("  signature valid                   \(valid ? "yes" : "NO")")
    var tampered = signingInput
    tampered[tampered.count / 2] ^= 0x01
    let rejected = !key.isValidSignature(signature, for: tampered)
    print("  one-bit change rejected           \(rejected ? "yes" : "NO")")
    guard valid, rejected else { throw DemoFailure(description: "an RS256 check failed; see above") }
}

/// ES256: the client_secret JWT that a server sends to Apple's token endpoint, signed with a .p8 key.
func runClientSecretDemo() throws {
    print("")
    print("ES256: a Sign in with Apple client_secret signed with a sample .p8 key")
    let key = try P256.Signing.PrivateKey(pemRepresentation: SampleAppleKey.p8)
    let header = #"{"alg":"ES256","kid":"\#(SampleAppleKey.keyID)"}"#
    let claims = #"{"iss":"\#(SampleAppleKey.teamID)","iat":\#(SampleAppleKey.issuedAt),"exp":\#(SampleAppleKey.expires),"#
        + #""aud":"https://appleid.apple.com","sub":"\#(SampleAppleKey.clientID)"}"#
    let signingInput = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(claims.utf8))
    let signature = key.signature(for: Array(signingInput.utf8))
    let token = signingInput + "." + Base64URL.encode(signature.rawRepresentation)
    print("  header                            \(header)")
    print("  claims                            \(claims)")
    print("  client_secret                     \(token)")
    let valid = key.publicKey.isValidSignature(signature, for: Array(signingInput.utf8))
    print("  verifies with the public key      \(valid ? "yes" : "NO")")
    print("  signature is 64 bytes (r ‖ s)     \(signature.rawRepresentation.count == 64 ? "yes" : "NO")")
    guard valid, signature.rawRepresentation.count == 64 else { throw DemoFailure(description: "an ES256 check failed; see above") }
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

let usage = """
    usage: appleauth <command>

    commands:
      demo    run the built-in samples: HS256 (RFC 7515 A.1), a real Apple identity token (RS256),
              and an ES256 client_secret signed with a sample .p8 key
    """

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "demo":
    do {
        try runDemo()
    } catch {
        printError("appleauth demo failed: \(error)")
        exit(1)
    }
case "help", "--help", "-h":
    print(usage)
default:
    printError(usage)
    exit(2)
}

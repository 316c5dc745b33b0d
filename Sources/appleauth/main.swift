// appleauth: the PureJWT command-line tool.
//
// Today it has one command, `demo`, which runs the primitives that exist so far (SHA-256, HMAC,
// base64url, RSA) on built-in sample data and exits non-zero if any check fails. The Sign in with Apple
// commands (client secret, token exchange, identity-token verification) arrive with the AppleAuth module.

import AppleAuth
import Foundation
import PureBase64
import PureJWT
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
    print("All checks passed. Token exchange, refresh, revocation and notifications arrive with the rest of AppleAuth.")
}

/// RS256: a real Apple identity token verified with AppleAuth: signature with Apple's key by kid, issuer,
/// audience, expiry (the demo's clock is set inside the token's 2019 validity window), typed claims.
func runAppleTokenDemo() throws {
    print("")
    print("Identity token: a real Apple-signed token (2019) verified against Apple's key \(AppleSample.kid)")
    let jwks = #"{"keys":[{"kty":"RSA","kid":"\#(AppleSample.kid)","use":"sig","alg":"RS256","n":"\#(AppleSample.modulusBase64URL)","e":"\#(AppleSample.exponentBase64URL)"}]}"#
    let keySet = try JSONWebKeySet(json: jwks)
    let verifier = AppleIdentityTokenVerifier(clientIDs: [AppleSample.clientID], keySet: keySet,
                                              now: { Date(timeIntervalSince1970: AppleSample.issuedAt + 60) })
    let claims = try verifier.verify(AppleSample.identityToken)
    print("  verified (RS256, iss, aud, exp)   yes")
    print("  sub                               \(claims.sub)")
    print("  aud                               \(claims.aud.values.joined(separator: ", "))")
    print("  issued at                         \(claims.iat.date)")

    var tampered = Array(AppleSample.identityToken.utf8)
    tampered[tampered.count / 2] ^= 0x01
    let rejected = (try? verifier.verify(String(decoding: tampered, as: UTF8.self))) == nil
    print("  one-bit change rejected           \(rejected ? "yes" : "NO")")
    let expired = (try? AppleIdentityTokenVerifier(clientIDs: [AppleSample.clientID], keySet: keySet).verify(AppleSample.identityToken)) == nil
    print("  rejected at today's date          \(expired ? "yes (expired)" : "NO")")
    guard rejected, expired else { throw DemoFailure(description: "an identity-token check failed; see above") }
}

/// ES256: the client_secret JWT a server sends to Apple's token endpoint, built by AppleAuth from a .p8 key.
func runClientSecretDemo() throws {
    print("")
    print("Client secret: ES256, signed with a sample .p8 key")
    let configuration = try AppleClientSecretConfiguration(
        teamID: SampleAppleKey.teamID, keyID: SampleAppleKey.keyID, clientID: SampleAppleKey.clientID,
        privateKeyPEM: SampleAppleKey.p8)
    let secret = try configuration.makeSecret(lifetime: SampleAppleKey.lifetime,
                                              now: Date(timeIntervalSince1970: SampleAppleKey.issuedAt))
    print("  client_secret                     \(secret.token)")
    print("  valid                             \(secret.issuedAt) – \(secret.expiresAt)")
    // Check it as Apple would: ES256 with the key's public half, iss = team ID, aud = Apple.
    let publicKey = try PureP256.P256.Signing.PrivateKey(pemRepresentation: SampleAppleKey.p8).publicKey
    struct Claims: Decodable { let sub: String }
    let claims = try JWTVerifier(keys: [.es256(publicKey, keyID: SampleAppleKey.keyID)]).verify(
        secret.token, as: Claims.self,
        validation: JWTValidation(issuer: SampleAppleKey.teamID, audiences: ["https://appleid.apple.com"],
                                  now: { secret.issuedAt }))
    print("  verifies with the public key      \(claims.sub == SampleAppleKey.clientID ? "yes" : "NO")")
    guard claims.sub == SampleAppleKey.clientID else { throw DemoFailure(description: "the client secret check failed") }
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

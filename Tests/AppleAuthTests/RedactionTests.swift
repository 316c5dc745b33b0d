// Secrets never print: for every value that holds a private key, an HMAC key or state, a client secret,
// Apple's tokens or the web flow's state and nonce, its description, debugDescription, string
// interpolation and `dump` contain no byte of the secret in hex (either case), base64 or base64url.

import AppleAuth
import AppleAuthURLSession
import Foundation
import PureBase64
import PureJWT
import PureP256
import PureSHA2
import Testing
import TestSupport

/// Everything a log line or a debugger could show of `value`.
private func everyRendering<T>(_ value: T) -> String {
    var dumped = ""
    dump(value, to: &dumped)
    return ["\(value)", String(describing: value), String(reflecting: value), dumped].joined(separator: "\n")
}

/// The forms a secret could take in text; windows of 12 characters, so that a partial leak is found too.
/// Besides hex and base64: each 64-bit word of a 32-byte scalar in decimal, as `dump` prints the limbs
/// of a big integer.
private func fingerprints(of secret: [UInt8]) -> [String] {
    let hex = secret.map { String(format: "%02x", $0) }.joined()
    let forms = [hex, hex.uppercased(), Base64.encode(secret), Base64URL.encode(secret)]
    let windows = forms.flatMap { form -> [String] in
        let characters = Array(form)
        return stride(from: 0, to: max(1, characters.count - 11), by: 4).map { String(characters[$0..<min(characters.count, $0 + 12)]) }
    }
    let limbs = stride(from: 0, to: secret.count - 7, by: 8).map { offset in
        String(secret[offset..<(offset + 8)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
    }
    return windows + limbs.filter { $0.count >= 12 }
}

private func expectRedacted<T>(_ value: T, hides secrets: [[UInt8]], _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let text = everyRendering(value)
    for secret in secrets {
        for window in fingerprints(of: secret) where text.contains(window) {
            Issue.record("\(what) shows \(window): \(text)", sourceLocation: sourceLocation)
            return
        }
    }
}

private func expectRedacted<T>(_ value: T, hidesText secrets: [String], _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let text = everyRendering(value)
    for secret in secrets where text.contains(secret) {
        Issue.record("\(what) shows \(secret): \(text)", sourceLocation: sourceLocation)
    }
}

@Suite("Secrets never print")
struct RedactionTests {
    @Test("private keys, HMAC keys and states, JWT keys")
    func keys() throws {
        let pem = try VectorFiles.text("test.p8")
        let key = try P256.Signing.PrivateKey(pemRepresentation: pem)
        let scalar = key.rawRepresentation
        // Only the scalar: the DER and PEM forms also hold the public key, which may show.
        expectRedacted(key, hides: [scalar], "P256.Signing.PrivateKey")
        #expect(everyRendering(key).contains("redacted"))
        // The renderings do show the public key (not secret), so keys can be told apart.
        expectRedacted(JWTKey.es256(key, keyID: "ABC123DEFG"), hides: [scalar], "JWTKey.es256 private")

        let secret: [UInt8] = (0..<48).map { UInt8(($0 * 37 + 11) & 0xFF) }
        let symmetric = SymmetricKey(data: secret)
        expectRedacted(symmetric, hides: [secret], "SymmetricKey")
        var hmac = HMAC<SHA256>(key: symmetric)
        hmac.update(data: Array("message".utf8))
        expectRedacted(hmac, hides: [secret], "HMAC<SHA256>")
        #expect(!everyRendering(hmac).contains("inner") && !everyRendering(hmac).contains("outer"))   // the keyed hash states
        #expect(everyRendering(hmac).contains("redacted"))
        expectRedacted(try JWTKey.hs256(symmetric, keyID: "h"), hides: [secret], "JWTKey.hs256")
        #expect("\(try JWTKey.hs256(symmetric, keyID: "h"))" == #"JWTKey(HS256 secret, redacted, kid "h")"#)
    }

    @Test("the configurations, the service, client secrets, Apple's tokens, requests, the web flow's state and nonce")
    func appleAuth() async throws {
        let pem = try VectorFiles.text("test.p8")
        let scalar = try P256.Signing.PrivateKey(pemRepresentation: pem).rawRepresentation
        let secretConfiguration = try AppleClientSecretConfiguration(teamID: "DEF123GHIJ", keyID: "ABC123DEFG", clientID: "com.example.app",
                                                                     privateKeyPEM: pem)
        expectRedacted(secretConfiguration, hides: [scalar], "AppleClientSecretConfiguration")
        let configuration = try SignInWithAppleConfiguration(teamID: "DEF123GHIJ", keyID: "ABC123DEFG", privateKeyPEM: pem,
                                                             clientIDs: ["com.example.app"])
        expectRedacted(configuration, hides: [scalar], "SignInWithAppleConfiguration")
        let service = try SignInWithApple(configuration: configuration, transport: try URLSessionTransport())
        expectRedacted(service, hides: [scalar], "SignInWithApple")
        let client = try AppleAuthClient(transport: try URLSessionTransport(), configuration: secretConfiguration)
        expectRedacted(client, hides: [scalar], "AppleAuthClient")
        let cache = try AppleClientSecretCache(configuration: secretConfiguration)
        let clientSecret = try await cache.secret()
        expectRedacted(clientSecret, hidesText: [String(clientSecret.token.suffix(30)), String(clientSecret.token.prefix(40))], "AppleClientSecret")
        expectRedacted(cache, hides: [scalar], "AppleClientSecretCache")

        let request = AppleRequests.revoke("refresh-secret-123", hint: .refreshToken, clientID: "com.example.app", clientSecret: clientSecret.token)
        expectRedacted(request, hidesText: ["refresh-secret-123", String(clientSecret.token.suffix(30))], "AppleHTTPRequest")
        let body = #"{"access_token":"access-secret-456","token_type":"Bearer","expires_in":3600,"refresh_token":"refresh-secret-789","id_token":"a.b.c"}"#
        let tokens = try AppleResponses.token(status: 200, body: Array(body.utf8))
        expectRedacted(tokens, hidesText: ["access-secret-456", "refresh-secret-789"], "AppleTokenResponse")
        expectRedacted(AppleHTTPResponse(status: 200, body: Array(body.utf8)), hidesText: ["access-secret-456", "refresh-secret-789"], "AppleHTTPResponse")

        let authorization = try service.authorizationRequest(clientID: "com.example.app", redirectURI: "https://example.com/cb")
        expectRedacted(authorization, hidesText: [authorization.state, authorization.rawNonce], "AppleAuthorizationRequest")
        let callback = try AppleAuthorizationCallback(formBody: "code=code-secret-1&id_token=h.p.s&state=state-secret-2")
        expectRedacted(callback, hidesText: ["code-secret-1", "state-secret-2"], "AppleAuthorizationCallback")
    }
}

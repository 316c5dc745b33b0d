// AppleAuth rows against jwt-kit: an Apple-shaped identity token verified end to end (string in, typed
// claims out, audience and nonce checked), and a client secret built. The token is signed here with the RSA
// key of RFC 7515 Appendix A.2 (real Apple tokens are expired, and jwt-kit's AppleIdentityToken always checks
// expiry against the real clock).

import AppleAuth
import Crypto
import Foundation
import JWTKit
import PureJWT
import PureP256

/// The claims of an Apple identity token, as jwt-kit signs them.
struct AppleShapedClaims: JWTKit.JWTPayload {
    let iss: String
    let aud: String
    let exp: Int
    let iat: Int
    let sub: String
    let nonce: String
    let email: String
    let email_verified: String
    let is_private_email: String
    let nonce_supported: Bool
    func verify(using algorithm: some JWTKit.JWTAlgorithm) async throws {}
}

enum AppleAuthBenchmarks {
    static func comparisons() async -> [AsyncComparison] {
        let examples = (vectorJSON("Tests/PureJWTTests/Vectors/rfc7515_appendix_a_jws_examples.json") as! [String: Any])["examples"] as! [String: Any]
        let jwk = (examples["A.2"] as! [String: Any])["jwk_private"] as! [String: String]
        let signingKeys = JWTKeyCollection()
        await signingKeys.add(rsa: try! Insecure.RSA.PrivateKey(modulus: jwk["n"]!, exponent: jwk["e"]!, privateExponent: jwk["d"]!),
                              digestAlgorithm: .sha256, kid: "rfc7515-a2")
        let rawNonce = "raw-nonce-123"
        let hashedNonce = Crypto.SHA256.hash(data: Data(rawNonce.utf8)).map { String(format: "%02x", $0) }.joined()
        let now = Int(Date().timeIntervalSince1970)
        let claims = AppleShapedClaims(iss: "https://appleid.apple.com", aud: "com.example.app", exp: now + 86_400, iat: now,
                                       sub: "001234.example", nonce: hashedNonce, email: "x@privaterelay.appleid.com",
                                       email_verified: "true", is_private_email: "true", nonce_supported: true)
        let token = try! await signingKeys.sign(claims, kid: "rfc7515-a2")

        let jwks = #"{"keys":[{"kty":"RSA","kid":"rfc7515-a2","alg":"RS256","use":"sig","n":"\#(jwk["n"]!)","e":"\#(jwk["e"]!)"}]}"#
        let ours = AppleIdentityTokenVerifier(clientIDs: ["com.example.app"], keySet: try! JSONWebKeySet(json: jwks))
        // The one-call path: the service picks the key by kid from its cache (filled by the first call
        // through an in-memory transport) and verifies, as a server does per request.
        let service = try! SignInWithApple(configuration: try! SignInWithAppleConfiguration(verifyingOnly: ["com.example.app"]),
                                           transport: InMemoryJWKS(body: Array(jwks.utf8)))
        let viaService = try? await service.verifyIdentityToken(token, nonce: .raw(rawNonce))
        precondition(viaService?.emailVerified == true)
        let theirs = JWTKeyCollection()
        try! await theirs.add(jwksJSON: jwks)
        @Sendable func theirVerify() async -> UInt64 {
            let verified = try! await theirs.verify(token, as: JWTKit.AppleIdentityToken.self, expectedAudience: "com.example.app")
            precondition(verified.nonce == hashedNonce)
            return UInt64(verified.subject.value.utf8.count)
        }
        precondition((try? ours.verify(token, nonce: .raw(rawNonce)))?.emailVerified == true)
        _ = await theirVerify()

        let p8 = try! String(contentsOf: repositoryRoot.appendingPathComponent("Tests/PureP256Tests/Vectors/test.p8"), encoding: .utf8)
        let configuration = try! AppleClientSecretConfiguration(teamID: "DEF123GHIJ", keyID: "ABC123DEFG",
                                                                clientID: "com.example.service", privateKeyPEM: p8)
        let theirSigner = JWTKeyCollection()
        await theirSigner.add(ecdsa: try! ES256PrivateKey(pem: try! PureP256.P256.Signing.PrivateKey(pemRepresentation: p8).pemRepresentation),
                              kid: "ABC123DEFG")
        return [
            AsyncComparison(name: "Apple id token verify", peer: "jwt-kit",
                            ours: { UInt64((try! ours.verify(token, nonce: .raw(rawNonce))).sub.utf8.count) },
                            theirs: { await theirVerify() }),
            AsyncComparison(name: "Apple id token verify (service, keys cached)", peer: "jwt-kit",
                            ours: { UInt64((try! await service.verifyIdentityToken(token, nonce: .raw(rawNonce))).sub.utf8.count) },
                            theirs: { await theirVerify() }),
            AsyncComparison(name: "Apple client secret", peer: "jwt-kit",
                            ours: { UInt64((try! configuration.makeSecret(lifetime: 3600)).token.utf8.count) },
                            theirs: {
                                let now = Int(Date().timeIntervalSince1970)
                                let payload = ClientSecretPayload(iss: "DEF123GHIJ", iat: now, exp: now + 3600,
                                                                  aud: "https://appleid.apple.com", sub: "com.example.service")
                                return UInt64((try! await theirSigner.sign(payload, kid: "ABC123DEFG")).utf8.count)
                            }),
        ]
    }
}

/// Answers every request with a key set, so that the service's cache fills without a network.
struct InMemoryJWKS: AppleHTTPTransport {
    let body: [UInt8]
    func send(_ request: AppleHTTPRequest) async throws -> AppleHTTPResponse {
        AppleHTTPResponse(status: 200, headers: ["Cache-Control": "max-age=86400"], body: body)
    }
}

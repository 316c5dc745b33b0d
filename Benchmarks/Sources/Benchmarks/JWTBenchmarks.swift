// JWT rows against vapor/jwt-kit 5.8.0 (crypto in BoringSSL via swift-crypto). Each side checks the other's
// tokens before anything is timed.

import Foundation
import JWTKit
import PureJWT
import PureBase64
import PureCurve25519
import PureP256
import PureP384
import PureRSA

/// Apple's client-secret claims, for both libraries.
struct ClientSecretPayload: JWTKit.JWTPayload, Equatable {
    let iss: String
    let iat: Int
    let exp: Int
    let aud: String
    let sub: String
    func verify(using algorithm: some JWTKit.JWTAlgorithm) async throws {}
}

/// The claims read from an Apple identity token; jwt-kit's side checks the audience in `verify`, as ours
/// does in JWTValidation (expiry is checked on our side against a clock inside the token's window; the
/// tokens in the vector set are years old, so jwt-kit's side, which has no clock to inject, skips it).
struct AppleTokenPayload: JWTKit.JWTPayload {
    let iss: String
    let aud: String
    let sub: String
    let exp: Int
    let iat: Int
    func verify(using algorithm: some JWTKit.JWTAlgorithm) async throws {
        guard aud == "com.gameroasters.stack4", iss == "https://appleid.apple.com" else {
            throw JWTKit.JWTError.claimVerificationFailure(failedClaim: nil, reason: "audience")
        }
    }
}

enum JWTBenchmarks {
    static func comparisons() async -> [AsyncComparison] {
        let root = repositoryRoot
        let p8 = try! String(contentsOf: root.appendingPathComponent("Tests/PureP256Tests/Vectors/test.p8"), encoding: .utf8)
        let claims = ClientSecretPayload(iss: "DEF123GHIJ", iat: 1_767_225_600, exp: 1_767_229_200,
                                         aud: "https://appleid.apple.com", sub: "com.example.service")

        // ES256 client secret.
        let ourSigner = JWTSigner(key: .es256(try! P256.Signing.PrivateKey(pemRepresentation: p8), keyID: "ABC123DEFG"))
        let theirKeys = JWTKeyCollection()
        // swift-crypto refuses the sample's one-line PEM body ("invalidPEMDocument"); give it the same key
        // re-wrapped at 64 columns.
        let wrapped = try! P256.Signing.PrivateKey(pemRepresentation: p8).pemRepresentation
        await theirKeys.add(ecdsa: try! ES256PrivateKey(pem: wrapped), kid: "ABC123DEFG")
        let ourToken = try! ourSigner.sign(claims)
        let theirToken = try! await theirKeys.sign(claims, kid: "ABC123DEFG")
        let ourVerifier = JWTVerifier(keys: [ourSigner.key])
        precondition(try! ourVerifier.verify(theirToken, as: ClientSecretPayload.self,
                                             validation: JWTValidation(issuer: nil, audiences: nil, now: { Date(timeIntervalSince1970: 1_767_225_700) })) == claims)
        let theirReading = try! await theirKeys.verify(ourToken, as: ClientSecretPayload.self)
        precondition(theirReading == claims)

        // RS256 Apple identity token with the key chosen by kid from a JWKS.
        let tokens = vectorJSON("Tests/PureRSATests/Vectors/apple_identity_tokens_verified.json") as! [String: Any]
        let token = (tokens["tokens"] as! [[String: Any]]).first { ($0["kid"] as! String) == "eXaunmL" }!
        let jwt = token["jwt"] as! String
        let keysByKid = (vectorJSON("Tests/PureRSATests/Vectors/apple_keys_by_kid.json") as! [String: Any])["keys_by_kid"] as! [String: Any]
        let jwks = ["keys": ["86D88Kf", "eXaunmL", "YuyXoY"].map { (keysByKid[$0] as! [String: Any])["jwk"]! }]
        let jwksJSON = String(decoding: try! JSONSerialization.data(withJSONObject: jwks), as: UTF8.self)
        let ourAppleVerifier = JWTVerifier(keySet: try! JSONWebKeySet(json: jwksJSON))
        let iat = Double(token["iat"] as! Int)
        let validation = JWTValidation(issuer: "https://appleid.apple.com", audiences: ["com.gameroasters.stack4"],
                                       now: { Date(timeIntervalSince1970: iat + 60) })
        let theirAppleKeys = JWTKeyCollection()
        try! await theirAppleKeys.add(jwksJSON: jwksJSON)
        precondition((try? ourAppleVerifier.verify(jwt, as: AppleTokenPayload.self, validation: validation)) != nil)
        let theirApple = try? await theirAppleKeys.verify(jwt, as: AppleTokenPayload.self)
        precondition(theirApple != nil)

        // HS256.
        let secret = Array(repeating: UInt8(0x5a), count: 32)
        let ourHMAC = JWTSigner(key: try! .hs256(PureSHA2SymmetricKey(secret), keyID: "h"))
        let theirHMAC = JWTKeyCollection()
        await theirHMAC.add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256, kid: "h")
        let ourHS = try! ourHMAC.sign(claims)
        let theirHS = try! await theirHMAC.sign(claims, kid: "h")
        let ourHMACVerifier = JWTVerifier(keys: [ourHMAC.key])
        let fixed = JWTValidation(issuer: nil, audiences: nil, now: { Date(timeIntervalSince1970: 1_767_225_700) })
        precondition((try? ourHMACVerifier.verify(theirHS, as: ClientSecretPayload.self, validation: fixed)) == claims)
        let theirHMACReading = try? await theirHMAC.verify(ourHS, as: ClientSecretPayload.self)
        precondition(theirHMACReading == claims)

        // EdDSA: the same Ed25519 seed on both sides; each verifies the other's token.
        let edSeed = deterministicBytes(32, seed: 8037)
        let ourEd = JWTSigner(key: .eddsa(try! PureCurve25519.Curve25519.Signing.PrivateKey(rawRepresentation: edSeed), keyID: "ed"))
        let theirEd = JWTKeyCollection()
        await theirEd.add(eddsa: try! EdDSA.PrivateKey(d: Base64URL.encode(edSeed), curve: .ed25519), kid: "ed")
        let ourEdToken = try! ourEd.sign(claims)
        let theirEdToken = try! await theirEd.sign(claims, kid: "ed")
        let ourEdVerifier = JWTVerifier(keys: [ourEd.key])
        precondition((try? ourEdVerifier.verify(theirEdToken, as: ClientSecretPayload.self, validation: fixed)) == claims)
        let theirEdReading = try? await theirEd.verify(ourEdToken, as: ClientSecretPayload.self)
        precondition(theirEdReading == claims)

        // ES384 signing: the same P-384 key (PKCS#8 PEM) on both sides; each verifies the other's token.
        let es384Key = try! PureP384.P384.Signing.PrivateKey(rawRepresentation: deterministicBytes(48, seed: 7518))
        let ourES384 = JWTSigner(key: .es384(es384Key, keyID: "es384"))
        let theirES384 = JWTKeyCollection()
        await theirES384.add(ecdsa: try! ES384PrivateKey(pem: es384Key.pemRepresentation), kid: "es384")
        let ourES384Verifier = JWTVerifier(keys: [.es384(es384Key.publicKey, keyID: "es384")])
        let theirES384Token = try! await theirES384.sign(claims, kid: "es384")
        precondition((try? ourES384Verifier.verify(theirES384Token, as: ClientSecretPayload.self, validation: fixed)) == claims)
        let theirES384Reading = try? await theirES384.verify(try! ourES384.sign(claims), as: ClientSecretPayload.self)
        precondition(theirES384Reading == claims)

        // RS256 signing: the same PKCS#8 key on both sides; each verifies the other's token (and the
        // signatures are equal: PKCS#1 v1.5 is deterministic and both serialise the claims alike or not —
        // only verification across is required).
        let rsaVectors = vectorJSON("Tests/PureRSATests/Vectors/rsa_signing_cryptography.json") as! [String: Any]
        let rsaPEM = ((rsaVectors["cases"] as! [[String: Any]]).first { ($0["bits"] as! Int) == 2048 })!["pkcs8_pem"] as! String
        let ourRS = JWTSigner(key: .rs256(try! RSA.Signing.PrivateKey(pemRepresentation: rsaPEM), keyID: "rsa"))
        let theirRS = JWTKeyCollection()
        await theirRS.add(rsa: try! Insecure.RSA.PrivateKey(pem: rsaPEM), digestAlgorithm: .sha256, kid: "rsa")
        let ourRSToken = try! ourRS.sign(claims)
        let theirRSToken = try! await theirRS.sign(claims, kid: "rsa")
        precondition((try? JWTVerifier(keys: [ourRS.key]).verify(theirRSToken, as: ClientSecretPayload.self, validation: fixed)) == claims)
        let theirRSReading = try? await theirRS.verify(ourRSToken, as: ClientSecretPayload.self)
        precondition(theirRSReading == claims)

        // PS256 verification: jwt-kit signs; each side verifies the other's token.
        let rsaKey = try! RSA.Signing.PrivateKey(pemRepresentation: rsaPEM)
        let ourPS = JWTSigner(key: .ps256(rsaKey, keyID: "pss"))
        let theirPS = JWTKeyCollection()
        await theirPS.add(pss: try! Insecure.RSA.PrivateKey(pem: rsaPEM), digestAlgorithm: .sha256, kid: "pss")
        let theirPSToken = try! await theirPS.sign(claims, kid: "pss")
        let ourPSVerifier = JWTVerifier(keys: [.ps256(rsaKey.publicKey, keyID: "pss")])
        precondition((try? ourPSVerifier.verify(theirPSToken, as: ClientSecretPayload.self, validation: fixed)) == claims)
        let theirPSReading = try? await theirPS.verify(try! ourPS.sign(claims), as: ClientSecretPayload.self)
        precondition(theirPSReading == claims)

        return [
            AsyncComparison(name: "JWT PS256 verify", peer: "jwt-kit",
                            ours: { UInt64((try! ourPSVerifier.verify(theirPSToken, as: ClientSecretPayload.self, validation: fixed)).exp) },
                            theirs: { UInt64((try! await theirPS.verify(theirPSToken, as: ClientSecretPayload.self)).exp) }),
            AsyncComparison(name: "JWT RS256 sign", peer: "jwt-kit",
                            ours: { UInt64((try! ourRS.sign(claims)).utf8.count) },
                            theirs: { UInt64((try! await theirRS.sign(claims, kid: "rsa")).utf8.count) }),
            AsyncComparison(name: "JWT ES384 sign", peer: "jwt-kit",
                            ours: { UInt64((try! ourES384.sign(claims)).utf8.count) },
                            theirs: { UInt64((try! await theirES384.sign(claims, kid: "es384")).utf8.count) }),
            AsyncComparison(name: "JWT EdDSA sign", peer: "jwt-kit",
                            ours: { UInt64((try! ourEd.sign(claims)).utf8.count) },
                            theirs: { UInt64((try! await theirEd.sign(claims, kid: "ed")).utf8.count) }),
            AsyncComparison(name: "JWT EdDSA verify", peer: "jwt-kit",
                            ours: { UInt64((try! ourEdVerifier.verify(ourEdToken, as: ClientSecretPayload.self, validation: fixed)).exp) },
                            theirs: { UInt64((try! await theirEd.verify(ourEdToken, as: ClientSecretPayload.self)).exp) }),
            AsyncComparison(name: "JWT ES256 client secret", peer: "jwt-kit",
                            ours: { UInt64((try! ourSigner.sign(claims)).utf8.count) },
                            theirs: { UInt64((try! await theirKeys.sign(claims, kid: "ABC123DEFG")).utf8.count) }),
            AsyncComparison(name: "JWT RS256 Apple verify", peer: "jwt-kit",
                            ours: { UInt64((try! ourAppleVerifier.verify(jwt, as: AppleTokenPayload.self, validation: validation)).exp) },
                            theirs: { UInt64((try! await theirAppleKeys.verify(jwt, as: AppleTokenPayload.self)).exp) }),
            AsyncComparison(name: "JWT HS256 sign", peer: "jwt-kit",
                            ours: { UInt64((try! ourHMAC.sign(claims)).utf8.count) },
                            theirs: { UInt64((try! await theirHMAC.sign(claims, kid: "h")).utf8.count) }),
            AsyncComparison(name: "JWT HS256 verify", peer: "jwt-kit",
                            ours: { UInt64((try! ourHMACVerifier.verify(ourHS, as: ClientSecretPayload.self, validation: fixed)).exp) },
                            theirs: { UInt64((try! await theirHMAC.verify(ourHS, as: ClientSecretPayload.self)).exp) }),
        ]
    }
}

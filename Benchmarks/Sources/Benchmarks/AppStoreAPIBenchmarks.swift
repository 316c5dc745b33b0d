// What a server makes with its In-App Purchase key (AppStoreServerAPI), against the peers an app-store-
// server-library user has: the App Store Server API token against the same JWT made with jwt-kit (header
// alg ES256, kid, typ JWT; claims iss, iat, exp, aud, bid), and the promotional offer signature V1 against
// swift-crypto signing the same U+2063 string (what Apple's PromotionalOfferSignatureCreator does). Apple's
// test key and the inputs of Apple's signature-creator tests; each side's output is checked by the other
// before anything is timed.

import AppStoreServerAPI
import Crypto
import Foundation
import JWTKit
import PureJWT
import PureP256

/// The API token's claims, for jwt-kit.
struct AppStoreAPITokenPayload: JWTKit.JWTPayload, Equatable {
    let iss: String
    let iat: Int
    let exp: Int
    let aud: String
    let bid: String
    func verify(using algorithm: some JWTKit.JWTAlgorithm) async throws {}
}

enum AppStoreAPIBenchmarks {
    static func comparisons() async -> [AsyncComparison] {
        let pem = try! String(contentsOf: repositoryRoot.appendingPathComponent("Tests/AppStoreServerAPITests/Vectors/testSigningKey.p8"),
                              encoding: .utf8)
        let credentials = try! AppStoreCredentials(issuerID: "issuerId", keyID: "keyId", bundleID: "com.example", privateKeyPEM: pem)
        let now = Date(timeIntervalSince1970: 1_767_225_600)
        let claims = AppStoreAPITokenPayload(iss: "issuerId", iat: 1_767_225_600, exp: 1_767_225_900, aud: "appstoreconnect-v1", bid: "com.example")

        // The token: ours verifies in jwt-kit to the same claims, and jwt-kit's in ours.
        let theirKeys = JWTKeyCollection()
        await theirKeys.add(ecdsa: try! ES256PrivateKey(pem: pem), kid: "keyId")
        let ourToken = try! credentials.apiToken(now: now).token
        let theirReading = try! await theirKeys.verify(ourToken, as: AppStoreAPITokenPayload.self)
        precondition(theirReading == claims)
        let theirToken = try! await theirKeys.sign(claims, kid: "keyId")
        let ourVerifier = PureJWT.JWTVerifier(keys: [.es256(credentials.privateKey.publicKey, keyID: "keyId")])
        precondition(try! ourVerifier.verify(theirToken, as: AppStoreAPITokenPayload.self,
                                             validation: JWTValidation(issuer: nil, audiences: nil, now: { now })) == claims)

        // The V1 signature over Apple's string: each side's verifies with the other's key.
        let signer = AppStoreOfferSigner(credentials: credentials)
        let nonce = UUID(uuidString: "20fba8a0-2b80-4a7d-a17f-85c1854727f8")!
        let signed = Data("com.example\u{2063}keyId\u{2063}productId\u{2063}offerId\u{2063}7389a31a-fb6d-4569-a2a6-db7d85d84813\u{2063}20fba8a0-2b80-4a7d-a17f-85c1854727f8\u{2063}1698148900000".utf8)
        let peerKey = try! Crypto.P256.Signing.PrivateKey(pemRepresentation: pem)
        func ours() -> String {
            try! signer.promotionalOfferSignature(productID: "productId", offerID: "offerId",
                                                  appAccountToken: "7389A31A-FB6D-4569-A2A6-DB7D85D84813", nonce: nonce,
                                                  timestamp: 1_698_148_900_000).signature
        }
        func theirs() -> String { try! peerKey.signature(for: signed).derRepresentation.base64EncodedString() }
        precondition(peerKey.publicKey.isValidSignature(try! Crypto.P256.Signing.ECDSASignature(derRepresentation: Data(base64Encoded: ours())!),
                                                        for: signed))
        precondition(credentials.privateKey.publicKey.isValidSignature(
            try! PureP256.P256.Signing.ECDSASignature(derRepresentation: Data(base64Encoded: theirs())!), for: Array(signed)))

        return [
            AsyncComparison(name: "App Store API token", peer: "jwt-kit",
                            ours: { UInt64((try! credentials.apiToken(now: now)).token.utf8.count) },
                            theirs: { UInt64((try! await theirKeys.sign(claims, kid: "keyId")).utf8.count) }),
            AsyncComparison(name: "Promotional offer signature", peer: "swift-crypto",
                            ours: { UInt64(ours().utf8.count) },
                            theirs: { UInt64(theirs().utf8.count) }),
        ]
    }
}

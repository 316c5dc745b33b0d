// jwt-kit's own benchmark set (Signing and Verifying of ES256, RS256 and EdDSA, jwt-kit 5.8.0's
// Benchmarks/), measured on both sides with jwt-kit's keys, tokens and payload (JWTKitSetData), in time and
// in heap allocations per operation — the measure jwt-kit's suite itself tracks (mallocCountTotal).
// Each side checks the other's tokens before anything is measured.

import Foundation
import JWTKit
import PureBase64
import PureCurve25519
import PureJWT
import PureP256
import PureRSA

/// jwt-kit's benchmark payload.
struct KitPayload: JWTKit.JWTPayload, Equatable {
    let name: String
    let admin: Bool
    func verify(using algorithm: some JWTKit.JWTAlgorithm) async throws {}
}

enum JWTKitSetBenchmarks {
    static func comparisons() async -> [AsyncComparison] {
        let data = JWTKitSetData.self
        let payload = KitPayload(name: "Kyle", admin: true)
        // Payloads without exp, as jwt-kit's: our validation is told not to require one.
        let validation = JWTValidation(issuer: nil, audiences: nil, requiresExpiration: false)

        // Signing keys.
        let ourES256 = JWTSigner(key: .es256(try! P256.Signing.PrivateKey(pemRepresentation: data.ecdsaPrivateKey)))
        let theirES256 = await JWTKeyCollection().add(ecdsa: try! ES256PrivateKey(pem: data.ecdsaPrivateKey))
        let ourRS256 = JWTSigner(key: .rs256(try! RSA.Signing.PrivateKey(pemRepresentation: data.rsaPrivateKey)))
        let theirRS256 = await JWTKeyCollection().add(rsa: try! Insecure.RSA.PrivateKey(pem: data.rsaPrivateKey), digestAlgorithm: .sha256)
        let edSeed = try! Base64URL.decode(data.eddsaPrivateKey)
        let ourEdDSA = JWTSigner(key: .eddsa(try! Curve25519.Signing.PrivateKey(rawRepresentation: edSeed)))
        let theirEdDSA = try! await JWTKeyCollection().add(eddsa: EdDSA.PrivateKey(d: data.eddsaPrivateKey, curve: .ed25519))

        // Verifying keys: jwt-kit's public keys and tokens.
        let ourES256Verifier = JWTVerifier(keys: [.es256(try! P256.Signing.PublicKey(pemRepresentation: data.es256PublicKey))])
        let theirES256Verifier = await JWTKeyCollection().add(ecdsa: try! ES256PublicKey(pem: data.es256PublicKey))
        let ourRS256Verifier = JWTVerifier(keys: [.rs256(try! RSA.Signing.PublicKey(pemRepresentation: data.rs256PublicKey))])
        let theirRS256Verifier = await JWTKeyCollection().add(rsa: try! Insecure.RSA.PublicKey(pem: data.rs256PublicKey), digestAlgorithm: .sha256)
        let ourEdDSAVerifier = JWTVerifier(keys: [ourEdDSA.key])
        let theirEdDSAVerifier = theirEdDSA

        // Each side reads the other's tokens, and both read jwt-kit's.
        for (ours, theirs, ourVerifier, theirVerifier) in [(ourES256, theirES256, JWTVerifier(keys: [ourES256.key]), theirES256),
                                                           (ourRS256, theirRS256, JWTVerifier(keys: [ourRS256.key]), theirRS256),
                                                           (ourEdDSA, theirEdDSA, JWTVerifier(keys: [ourEdDSA.key]), theirEdDSA)] {
            let ourToken = try! ours.sign(payload), theirToken = try! await theirs.sign(payload)
            precondition(try! ourVerifier.verify(theirToken, as: KitPayload.self, validation: validation) == payload)
            let theirReading = try! await theirVerifier.verify(ourToken, as: KitPayload.self)
            precondition(theirReading == payload)
        }
        let expected = KitPayload(name: "John Doe", admin: true)
        for (verifier, token) in [(ourES256Verifier, data.es256Token), (ourRS256Verifier, data.rs256Token), (ourEdDSAVerifier, data.eddsaToken)] {
            precondition(try! verifier.verify(token, as: KitPayload.self, validation: validation) == expected)
        }

        func row(_ name: String, ours: @escaping () async -> UInt64, theirs: @escaping () async -> UInt64) -> AsyncComparison {
            AsyncComparison(name: "jwt-kit set: " + name, peer: "jwt-kit", ours: ours, theirs: theirs, countsAllocations: true)
        }
        return [
            row("Signing ES256", ours: { UInt64(try! ourES256.sign(payload).utf8.count) },
                theirs: { UInt64(try! await theirES256.sign(payload).utf8.count) }),
            row("Signing RS256", ours: { UInt64(try! ourRS256.sign(payload).utf8.count) },
                theirs: { UInt64(try! await theirRS256.sign(payload).utf8.count) }),
            row("Signing EdDSA", ours: { UInt64(try! ourEdDSA.sign(payload).utf8.count) },
                theirs: { UInt64(try! await theirEdDSA.sign(payload).utf8.count) }),
            row("Verifying ES256", ours: { UInt64(try! ourES256Verifier.verify(data.es256Token, as: KitPayload.self, validation: validation).name.utf8.count) },
                theirs: { UInt64(try! await theirES256Verifier.verify(data.es256Token, as: KitPayload.self).name.utf8.count) }),
            row("Verifying RS256", ours: { UInt64(try! ourRS256Verifier.verify(data.rs256Token, as: KitPayload.self, validation: validation).name.utf8.count) },
                theirs: { UInt64(try! await theirRS256Verifier.verify(data.rs256Token, as: KitPayload.self).name.utf8.count) }),
            row("Verifying EdDSA", ours: { UInt64(try! ourEdDSAVerifier.verify(data.eddsaToken, as: KitPayload.self, validation: validation).name.utf8.count) },
                theirs: { UInt64(try! await theirEdDSAVerifier.verify(data.eddsaToken, as: KitPayload.self).name.utf8.count) }),
        ]
    }
}

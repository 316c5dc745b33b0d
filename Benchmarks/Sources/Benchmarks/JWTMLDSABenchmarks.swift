// ML-DSA-65 tokens (RFC 9964) against jwt-kit 5.8's ML-DSA (on swift-crypto's BoringSSL), in time and heap
// allocations per operation: "JWT ML-DSA-65 sign" (hedged on both sides, as jwt-kit can only sign, so each
// row's mean is over signing's random number of attempts) and "JWT ML-DSA-65 verify" (a token with its key
// read once, as a server holding a key set does). Each side verifies the other's tokens first.

import Foundation
import JWTKit
import PureJWT
import PureMLDSA

enum JWTMLDSABenchmarks {
    static func comparisons() async -> [AsyncComparison] {
        let payload = KitPayload(name: "Kyle", admin: true)
        let validation = JWTValidation(issuer: nil, audiences: nil, requiresExpiration: false)
        let seed = deterministicBytes(32, seed: 9964)

        let ourKey = try! PureMLDSA.MLDSA65.PrivateKey(seedRepresentation: seed)
        let ourSigner = JWTSigner(key: .mldsa(ourKey))
        let ourVerifier = JWTVerifier(keys: [.mldsa(try! PureMLDSA.MLDSA65.PublicKey(rawRepresentation: ourKey.publicKey.rawRepresentation))])
        let theirKey = try! JWTKit.MLDSA65PrivateKey(seedRepresentation: seed)
        let theirSigner = await JWTKeyCollection().add(mldsa: theirKey)
        let theirVerifier = await JWTKeyCollection().add(mldsa: try! JWTKit.MLDSA65PublicKey(rawRepresentation: ourKey.publicKey.rawRepresentation))

        let ourToken = try! ourSigner.sign(payload), theirToken = try! await theirSigner.sign(payload)
        precondition(try! ourVerifier.verify(theirToken, as: KitPayload.self, validation: validation) == payload, "we reject jwt-kit's ML-DSA-65 token")
        let theirReading = try! await theirVerifier.verify(ourToken, as: KitPayload.self)
        precondition(theirReading == payload, "jwt-kit rejects our ML-DSA-65 token")

        return [
            AsyncComparison(name: "JWT ML-DSA-65 sign", peer: "jwt-kit",
                            ours: { UInt64(try! ourSigner.sign(payload).utf8.count) },
                            theirs: { UInt64(try! await theirSigner.sign(payload).utf8.count) }, countsAllocations: true),
            AsyncComparison(name: "JWT ML-DSA-65 verify", peer: "jwt-kit",
                            ours: { UInt64(try! ourVerifier.verify(theirToken, as: KitPayload.self, validation: validation).name.utf8.count) },
                            theirs: { UInt64(try! await theirVerifier.verify(theirToken, as: KitPayload.self).name.utf8.count) },
                            countsAllocations: true),
        ]
    }
}

// Ed25519 rows against swift-crypto (BoringSSL's portable C, which has no assembly for Ed25519): the same
// seed on both sides, so each signs the same message with the same key; both signatures must be equal
// (Ed25519 is deterministic) and verify on both sides before anything is timed.

import Crypto
import PureCurve25519

enum Ed25519Benchmarks {
    static func comparisons() -> [Comparison] {
        let seed = deterministicBytes(32, seed: 25519)
        let theirs = try! Crypto.Curve25519.Signing.PrivateKey(rawRepresentation: seed)
        let ours = try! PureCurve25519.Curve25519.Signing.PrivateKey(rawRepresentation: seed)
        let message = Array("eyJhbGciOiJFZERTQSIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIn0".utf8)
        let theirSignature = try! theirs.signature(for: message)
        let ourSignature = ours.signature(for: message)
        precondition(ourSignature == Array(theirSignature), "Ed25519 is deterministic: both sides must sign alike")
        let ourPublic = ours.publicKey, theirPublic = theirs.publicKey
        precondition(ourPublic.rawRepresentation == Array(theirPublic.rawRepresentation))
        precondition(ourPublic.isValidSignature(ourSignature, for: message) && theirPublic.isValidSignature(theirSignature, for: message))
        precondition(!ourPublic.isValidSignature(ourSignature, for: message + [0]), "a changed message must fail")
        return [
            Comparison(name: "Ed25519 sign", peer: "swift-crypto",
                       ours: { UInt64(ours.signature(for: message)[0]) },
                       theirs: { UInt64(try! theirs.signature(for: message).first!) }),
            Comparison(name: "Ed25519 verify", peer: "swift-crypto",
                       ours: { ourPublic.isValidSignature(ourSignature, for: message) ? 1 : 0 },
                       theirs: { theirPublic.isValidSignature(theirSignature, for: message) ? 1 : 0 }),
        ]
    }
}

// The P-521 rows against swift-crypto (BoringSSL), with the same key. Before timing, each side verifies
// the other's signature (swift-crypto's nonces are random, ours RFC 6979's, so the bytes differ), and a
// changed message must fail on ours.

import Crypto
import PureP521

enum P521Benchmarks {
    static func comparisons() -> [Comparison] {
        let theirs = try! Crypto.P521.Signing.PrivateKey(rawRepresentation: [0] + deterministicBytes(65, seed: 521))
        let ourPrivate = try! PureP521.P521.Signing.PrivateKey(rawRepresentation: [0] + deterministicBytes(65, seed: 521))
        let ours = ourPrivate.publicKey
        precondition(ours.x963Representation == Array(theirs.publicKey.x963Representation), "the same key on both sides")
        let message = Array("eyJhbGciOiJFUzM4NCIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIn0".utf8)
        let theirSignature = try! theirs.signature(for: message)
        let ourSignature = try! PureP521.P521.Signing.ECDSASignature(rawRepresentation: Array(theirSignature.rawRepresentation))
        precondition(ours.isValidSignature(ourSignature, for: message), "we must verify swift-crypto's signature")
        precondition(!ours.isValidSignature(ourSignature, for: message + [0]), "a changed message must fail")
        precondition(theirs.publicKey.isValidSignature(theirSignature, for: message))
        let ourOwn = ourPrivate.signature(for: message)
        precondition(theirs.publicKey.isValidSignature(try! Crypto.P521.Signing.ECDSASignature(rawRepresentation: ourOwn.rawRepresentation), for: message),
                     "swift-crypto must verify our signature")
        return [
            Comparison(name: "P-521 sign", peer: "swift-crypto",
                       ours: { UInt64(ourPrivate.signature(for: message).rawRepresentation[0]) },
                       theirs: { UInt64(try! theirs.signature(for: message).rawRepresentation.first!) }),
            Comparison(name: "P-521 verify", peer: "swift-crypto",
                       ours: { ours.isValidSignature(ourSignature, for: message) ? 1 : 0 },
                       theirs: { theirs.publicKey.isValidSignature(theirSignature, for: message) ? 1 : 0 }),
        ]
    }
}

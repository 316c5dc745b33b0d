// The P-384 verification row against swift-crypto (BoringSSL). PureP384 verifies only, so swift-crypto
// makes the signature; each side verifies it before timing, and a changed message must fail on ours.

import Crypto
import PureP384

enum P384Benchmarks {
    static func comparisons() -> [Comparison] {
        let theirs = try! Crypto.P384.Signing.PrivateKey(rawRepresentation: deterministicBytes(48, seed: 384))
        let ours = try! PureP384.P384.Signing.PublicKey(x963Representation: Array(theirs.publicKey.x963Representation))
        let message = Array("eyJhbGciOiJFUzM4NCIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIn0".utf8)
        let theirSignature = try! theirs.signature(for: message)
        let ourSignature = try! PureP384.P384.Signing.ECDSASignature(rawRepresentation: Array(theirSignature.rawRepresentation))
        precondition(ours.isValidSignature(ourSignature, for: message), "we must verify swift-crypto's signature")
        precondition(!ours.isValidSignature(ourSignature, for: message + [0]), "a changed message must fail")
        precondition(theirs.publicKey.isValidSignature(theirSignature, for: message))
        return [
            Comparison(name: "P-384 verify", peer: "swift-crypto",
                       ours: { ours.isValidSignature(ourSignature, for: message) ? 1 : 0 },
                       theirs: { theirs.publicKey.isValidSignature(theirSignature, for: message) ? 1 : 0 }),
        ]
    }
}

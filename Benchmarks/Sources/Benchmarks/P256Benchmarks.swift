// P-256 ECDSA rows against swift-crypto (BoringSSL). Before timing, each side verifies the other's
// signature.

import Crypto
import PureP256

enum P256Benchmarks {
    static func comparisons() -> [Comparison] {
        let raw = deterministicBytes(32, seed: 256)
        let ours = try! PureP256.P256.Signing.PrivateKey(rawRepresentation: raw)
        let theirs = try! Crypto.P256.Signing.PrivateKey(rawRepresentation: raw)
        precondition(ours.publicKey.x963Representation == Array(theirs.publicKey.x963Representation))
        let message = Array("eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIn0".utf8)

        let ourSignature = ours.signature(for: message)
        let theirSignature = try! theirs.signature(for: message)
        let theirsAsOurs = try! PureP256.P256.Signing.ECDSASignature(rawRepresentation: Array(theirSignature.rawRepresentation))
        let oursAsTheirs = try! Crypto.P256.Signing.ECDSASignature(rawRepresentation: ourSignature.rawRepresentation)
        precondition(ours.publicKey.isValidSignature(theirsAsOurs, for: message), "we must verify swift-crypto's signature")
        precondition(theirs.publicKey.isValidSignature(oursAsTheirs, for: message), "swift-crypto must verify ours")

        let x963 = ours.publicKey.x963Representation
        return [
            Comparison(name: "P-256 sign", peer: "swift-crypto",
                       ours: { UInt64(ours.signature(for: message).rawRepresentation[0]) },
                       theirs: { UInt64((try! theirs.signature(for: message)).rawRepresentation.first!) }),
            Comparison(name: "P-256 verify", peer: "swift-crypto",
                       ours: { ours.publicKey.isValidSignature(ourSignature, for: message) ? 1 : 0 },
                       theirs: { theirs.publicKey.isValidSignature(oursAsTheirs, for: message) ? 1 : 0 }),
            Comparison(name: "P-256 key generation", peer: "swift-crypto",
                       ours: { UInt64(PureP256.P256.Signing.PrivateKey().publicKey.rawRepresentation[0]) },
                       theirs: { UInt64(Crypto.P256.Signing.PrivateKey().publicKey.rawRepresentation.first!) }),
            Comparison(name: "P-256 public key from raw", peer: "swift-crypto",
                       ours: { UInt64((try! PureP256.P256.Signing.PrivateKey(rawRepresentation: raw)).publicKey.rawRepresentation[0]) },
                       theirs: { UInt64((try! Crypto.P256.Signing.PrivateKey(rawRepresentation: raw)).publicKey.rawRepresentation.first!) }),
            Comparison(name: "P-256 parse x963 key", peer: "swift-crypto",
                       ours: { UInt64((try! PureP256.P256.Signing.PublicKey(x963Representation: x963)).rawRepresentation[0]) },
                       theirs: { UInt64((try! Crypto.P256.Signing.PublicKey(x963Representation: x963)).rawRepresentation.first!) }),
        ]
    }
}

// Key agreement rows against swift-crypto (BoringSSL): X25519 (one scalar multiplication by the peer's
// key, what a JWE recipient does per message).

import Crypto
import PureCurve25519

enum KeyAgreementBenchmarks {
    static func comparisons() -> [Comparison] {
        let ourKey = PureCurve25519.Curve25519.KeyAgreement.PrivateKey()
        let ourPeer = PureCurve25519.Curve25519.KeyAgreement.PrivateKey().publicKey
        let theirKey = try! Crypto.Curve25519.KeyAgreement.PrivateKey(rawRepresentation: ourKey.rawRepresentation)
        let theirPeer = try! Crypto.Curve25519.KeyAgreement.PublicKey(rawRepresentation: ourPeer.rawRepresentation)
        // Cross-check: the same shared secret on both sides.
        let ours = try! ourKey.sharedSecretFromKeyAgreement(with: ourPeer).withUnsafeBytes { Array($0) }
        let theirs = try! theirKey.sharedSecretFromKeyAgreement(with: theirPeer).withUnsafeBytes { Array($0) }
        precondition(ours == theirs, "X25519 disagrees with swift-crypto")
        return [Comparison(
            name: "X25519", peer: "swift-crypto",
            ours: { try! ourKey.sharedSecretFromKeyAgreement(with: ourPeer).withUnsafeBytes { UInt64($0[0]) } },
            theirs: { try! theirKey.sharedSecretFromKeyAgreement(with: theirPeer).withUnsafeBytes { UInt64($0[0]) } })]
    }
}

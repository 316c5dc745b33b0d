// Key agreement rows against swift-crypto (BoringSSL): X25519 and ECDH on P-256, P-384 and P-521 (one
// scalar multiplication by the peer's validated key, what a JWE recipient does per message; the peer key
// is parsed once, outside the timed closure, on both sides).

import Crypto
import PureCurve25519
import PureP256
import PureP384
import PureP521

enum KeyAgreementBenchmarks {
    static func comparisons() -> [Comparison] {
        [x25519(), p256(), p384(), p521()]
    }

    /// A row whose two closures are first checked to give the same secret.
    private static func row(_ name: String, ours: @escaping () -> [UInt8], theirs: @escaping () -> [UInt8]) -> Comparison {
        precondition(ours() == theirs(), "\(name) disagrees with swift-crypto")
        return Comparison(name: name, peer: "swift-crypto",
                          ours: { UInt64(ours()[0]) }, theirs: { UInt64(theirs()[0]) })
    }

    static func x25519() -> Comparison {
        let ourKey = PureCurve25519.Curve25519.KeyAgreement.PrivateKey()
        let ourPeer = PureCurve25519.Curve25519.KeyAgreement.PrivateKey().publicKey
        let theirKey = try! Crypto.Curve25519.KeyAgreement.PrivateKey(rawRepresentation: ourKey.rawRepresentation)
        let theirPeer = try! Crypto.Curve25519.KeyAgreement.PublicKey(rawRepresentation: ourPeer.rawRepresentation)
        return row("X25519",
                   ours: { try! ourKey.sharedSecretFromKeyAgreement(with: ourPeer).withUnsafeBytes { Array($0) } },
                   theirs: { try! theirKey.sharedSecretFromKeyAgreement(with: theirPeer).withUnsafeBytes { Array($0) } })
    }

    static func p256() -> Comparison {
        let ourKey = PureP256.P256.KeyAgreement.PrivateKey()
        let ourPeer = PureP256.P256.KeyAgreement.PrivateKey().publicKey
        let theirKey = try! Crypto.P256.KeyAgreement.PrivateKey(rawRepresentation: ourKey.rawRepresentation)
        let theirPeer = try! Crypto.P256.KeyAgreement.PublicKey(x963Representation: ourPeer.x963Representation)
        return row("ECDH P-256",
                   ours: { try! ourKey.sharedSecretFromKeyAgreement(with: ourPeer).withUnsafeBytes { Array($0) } },
                   theirs: { try! theirKey.sharedSecretFromKeyAgreement(with: theirPeer).withUnsafeBytes { Array($0) } })
    }

    static func p384() -> Comparison {
        let ourKey = PureP384.P384.KeyAgreement.PrivateKey()
        let ourPeer = PureP384.P384.KeyAgreement.PrivateKey().publicKey
        let theirKey = try! Crypto.P384.KeyAgreement.PrivateKey(rawRepresentation: ourKey.rawRepresentation)
        let theirPeer = try! Crypto.P384.KeyAgreement.PublicKey(x963Representation: ourPeer.x963Representation)
        return row("ECDH P-384",
                   ours: { try! ourKey.sharedSecretFromKeyAgreement(with: ourPeer).withUnsafeBytes { Array($0) } },
                   theirs: { try! theirKey.sharedSecretFromKeyAgreement(with: theirPeer).withUnsafeBytes { Array($0) } })
    }

    static func p521() -> Comparison {
        let ourKey = PureP521.P521.KeyAgreement.PrivateKey()
        let ourPeer = PureP521.P521.KeyAgreement.PrivateKey().publicKey
        let theirKey = try! Crypto.P521.KeyAgreement.PrivateKey(rawRepresentation: ourKey.rawRepresentation)
        let theirPeer = try! Crypto.P521.KeyAgreement.PublicKey(x963Representation: ourPeer.x963Representation)
        return row("ECDH P-521",
                   ours: { try! ourKey.sharedSecretFromKeyAgreement(with: ourPeer).withUnsafeBytes { Array($0) } },
                   theirs: { try! theirKey.sharedSecretFromKeyAgreement(with: theirPeer).withUnsafeBytes { Array($0) } })
    }
}

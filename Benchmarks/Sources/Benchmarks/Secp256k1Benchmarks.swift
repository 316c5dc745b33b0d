// The secp256k1 rows (ES256K, RFC 8812): no library the benchmarks may link has the curve (swift-crypto,
// BoringSSL's public API and BearSSL have only the NIST curves and Curve25519), so these are solo rows,
// our time alone. Before timing, our signature must verify and fail on a changed message.

import PureSecp256k1

enum Secp256k1Benchmarks {
    static func soloRows() -> [SoloRow] {
        let privateKey = try! Secp256k1.Signing.PrivateKey(rawRepresentation: deterministicBytes(32, seed: 256))
        let publicKey = privateKey.publicKey
        let message = Array("eyJhbGciOiJFUzI1NksiLCJraWQiOiJBQkMxMjNERUZHIn0.eyJpc3MiOiJERUYxMjNHSElKIn0".utf8)
        let signature = privateKey.signature(for: message)
        precondition(publicKey.isValidSignature(signature, for: message), "our signature must verify")
        precondition(!publicKey.isValidSignature(signature, for: message + [0]), "a changed message must fail")
        let peer = try! Secp256k1.KeyAgreement.PublicKey(rawRepresentation: publicKey.rawRepresentation)
        let agreement = try! Secp256k1.KeyAgreement.PrivateKey(rawRepresentation: deterministicBytes(32, seed: 257))
        return [
            SoloRow(name: "secp256k1 sign") { UInt64(privateKey.signature(for: message).rawRepresentation[0]) },
            SoloRow(name: "secp256k1 verify") { publicKey.isValidSignature(signature, for: message) ? 1 : 0 },
            SoloRow(name: "ECDH secp256k1") {
                UInt64(try! agreement.sharedSecretFromKeyAgreement(with: peer).withUnsafeBytes { $0[0] })
            },
        ]
    }
}

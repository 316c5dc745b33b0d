// The Ed448 and X448 rows (PureCurve448): no library the benchmarks may link has Curve448 (swift-crypto
// and BoringSSL's public API stop at Curve25519, BearSSL has neither), so these are solo rows, our time
// alone. Before timing, our signature must verify and fail on a changed message, and two keys must agree.

import PureCurve448

enum Curve448Benchmarks {
    static func soloRows() -> [SoloRow] {
        let privateKey = try! Curve448.Signing.PrivateKey(rawRepresentation: deterministicBytes(57, seed: 448))
        let publicKey = privateKey.publicKey
        let message = Array("eyJhbGciOiJFZDQ0OCIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIn0".utf8)
        let signature = privateKey.signature(for: message)
        precondition(publicKey.isValidSignature(signature, for: message), "our signature must verify")
        precondition(!publicKey.isValidSignature(signature, for: message + [0]), "a changed message must fail")
        let agreement = try! Curve448.KeyAgreement.PrivateKey(rawRepresentation: deterministicBytes(56, seed: 449))
        let other = try! Curve448.KeyAgreement.PrivateKey(rawRepresentation: deterministicBytes(56, seed: 450))
        let peer = other.publicKey
        precondition(try! agreement.sharedSecretFromKeyAgreement(with: peer) == (try! other.sharedSecretFromKeyAgreement(with: agreement.publicKey)),
                     "two keys must agree")
        return [
            SoloRow(name: "Ed448 sign") { UInt64(privateKey.signature(for: message)[0]) },
            SoloRow(name: "Ed448 verify") { publicKey.isValidSignature(signature, for: message) ? 1 : 0 },
            SoloRow(name: "X448") { UInt64(try! agreement.sharedSecretFromKeyAgreement(with: peer).withUnsafeBytes { $0[0] }) },
        ]
    }
}

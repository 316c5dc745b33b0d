// Every case of Wycheproof's ecdh_secp384r1 and ecdh_secp521r1 files (SubjectPublicKeyInfo and SEC 1 point
// forms), through P384/P521.KeyAgreement's public API on the release build: thousands of scalar
// multiplications, which the debug test run would take minutes over on the generic arithmetic. The rules
// are Tests/TestSupport/Wycheproof.swift's, with the policy of Tests/KeyAgreementTests/ECDHTests.swift
// (which runs the P-256 files): every case runs, the count must equal numberOfTests and not be zero, an
// unknown flag fails, "acceptable" cases flagged InvalidAsn or UnnamedCurve must be refused and the others
// (compressed points) accepted, and an accepted case must give the file's shared secret.

import Foundation
import PureP384
import PureP521

private struct Group: Decodable {
    let curve: String
    let encoding: String
    let tests: [Case]
    struct Case: Decodable {
        let tcId: Int
        let flags: [String]
        let result: String
        let `public`: String
        let `private`: String
        let shared: String
    }
}

private let knownFlags: Set<String> = [
    "AdditionChain", "CVE_2017_10176", "CompressedPoint", "CompressedPublic", "EdgeCaseDoubling", "EdgeCaseEphemeralKey",
    "EdgeCaseSharedSecret", "InvalidAsn", "InvalidCompressedPublic", "InvalidCurveAttack", "InvalidEncoding",
    "InvalidPublic", "LargeCofactor", "ModifiedCofactor", "ModifiedCurveParameter", "ModifiedGenerator", "ModifiedGroup",
    "ModifiedPrime", "ModifiedPublicPoint", "NegativeCofactor", "NoCofactor", "Normal", "UnnamedCurve", "UnusedParam",
    "WeakPublicKey", "WrongCurve", "WrongOrder",
]
private let refusedAcceptable: Set<String> = ["InvalidAsn", "UnnamedCurve"]

/// The shared secret of a private scalar (an ASN.1 INTEGER magnitude in the files) and a peer key.
private func agree(curve: String, encoding: String, scalarHex: String, peer: [UInt8]) throws -> [UInt8] {
    let byteCount = curve == "secp384r1" ? 48 : 66
    let magnitude = Array((hexBytes(scalarHex) ?? []).drop { $0 == 0 })
    let d = [UInt8](repeating: 0, count: max(0, byteCount - magnitude.count)) + magnitude
    let secret: SharedSecret
    switch (curve, encoding) {
    case ("secp384r1", "asn"):
        secret = try P384.KeyAgreement.PrivateKey(rawRepresentation: d).sharedSecretFromKeyAgreement(with: .init(derRepresentation: peer))
    case ("secp384r1", "ecpoint"):
        let key = try peer.first == 0x04 ? P384.KeyAgreement.PublicKey(x963Representation: peer) : P384.KeyAgreement.PublicKey(compressedRepresentation: peer)
        secret = try P384.KeyAgreement.PrivateKey(rawRepresentation: d).sharedSecretFromKeyAgreement(with: key)
    case ("secp521r1", "asn"):
        secret = try P521.KeyAgreement.PrivateKey(rawRepresentation: d).sharedSecretFromKeyAgreement(with: .init(derRepresentation: peer))
    case ("secp521r1", "ecpoint"):
        let key = try peer.first == 0x04 ? P521.KeyAgreement.PublicKey(x963Representation: peer) : P521.KeyAgreement.PublicKey(compressedRepresentation: peer)
        secret = try P521.KeyAgreement.PrivateKey(rawRepresentation: d).sharedSecretFromKeyAgreement(with: key)
    default:
        throw CocoaError(.featureUnsupported)
    }
    return secret.withUnsafeBytes { Array($0) }
}

/// Runs every case of the file at `path`; prints each failure and a summary line. True when all passed.
func runECDHWycheproof(path: String) throws -> Bool {
    let name = URL(fileURLWithPath: path).lastPathComponent
    let file = try WycheproofFile<Group>(path: path)
    var run = 0, failures = 0
    for group in file.testGroups {
        guard ["secp384r1", "secp521r1"].contains(group.curve), ["asn", "ecpoint"].contains(group.encoding) else {
            print("\(name): unexpected group \(group.curve)/\(group.encoding)")
            return false
        }
        for test in group.tests {
            run += 1
            failures += file.unexpectedFlags(test.flags, known: knownFlags, file: name, tcId: test.tcId)
            let expected: Bool
            switch test.result {
            case "valid": expected = true
            case "invalid": expected = false
            default: expected = refusedAcceptable.isDisjoint(with: test.flags)
            }
            let shared = try? agree(curve: group.curve, encoding: group.encoding, scalarHex: test.private, peer: hexBytes(test.public) ?? [])
            let accepted = shared != nil && shared == hexBytes(test.shared)
            if accepted != expected || (shared != nil && !accepted) {
                print("\(name) tcId \(test.tcId) flags \(test.flags): expected \(expected ? "accept" : "reject"), got \(shared == nil ? "reject" : accepted ? "accept" : "a different secret")")
                failures += 1
            }
        }
    }
    return file.passed(file: name, run: run, failures: failures)
}

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
private func agree(curve: String, encoding: String, scalar: [UInt8], peer: [UInt8]) throws -> [UInt8] {
    let byteCount = curve == "secp384r1" ? 48 : 66
    let magnitude = Array(scalar.drop { $0 == 0 })
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
            guard let scalar = hexBytes(test.private), let peer = hexBytes(test.public), let expectedSecret = hexBytes(test.shared) else {
                print("\(name) tcId \(test.tcId): unreadable hex")
                failures += 1
                continue
            }
            let shared = try? agree(curve: group.curve, encoding: group.encoding, scalar: scalar, peer: peer)
            let accepted = shared != nil && shared == expectedSecret
            if accepted != expected || (shared != nil && !accepted) {
                print("\(name) tcId \(test.tcId) flags \(test.flags): expected \(expected ? "accept" : "reject"), got \(shared == nil ? "reject" : accepted ? "accept" : "a different secret")")
                failures += 1
            }
        }
    }
    return file.passed(file: name, run: run, failures: failures)
}

/// Tests/KeyAgreementTests/ECDHTests.swift's edge scalars for P-384 and P-521 (the debug tests run P-256's):
/// for k = 1…24 and n − 24…n − 1, the shared secret of k with G (the ladder) equals the x-coordinate of the
/// signing key k's public key (the comb). The ladder's first windows and its last-window doubling.
/// Prints a line a curve; true when every scalar agreed.
func runECDHEdgeScalars() throws -> Bool {
    func scalars(order: String) -> [[UInt8]] {
        let n = hexBytes(order) ?? []
        var scalars = (1...24).map { [UInt8](repeating: 0, count: n.count - 1) + [UInt8($0)] }
        for below in 1...24 {
            var k = n, borrow = below
            for index in k.indices.reversed() where borrow > 0 {
                let value = Int(k[index]) - borrow
                k[index] = UInt8((value + 256) % 256)
                borrow = value < 0 ? 1 : 0
            }
            scalars.append(k)
        }
        return scalars
    }
    func check(_ curve: String, order: String, _ agrees: ([UInt8]) throws -> Bool) -> Bool {
        let ks = scalars(order: order)
        var failures = 0
        for k in ks where (try? agrees(k)) != true {
            print("\(curve) edge scalar \(k.map { String($0, radix: 16) }.joined(separator: " ")): the ladder and the comb disagree")
            failures += 1
        }
        print("\(curve) edge scalars (1…24, n − 24…n − 1): \(ks.count) scalars, \(failures == 0 ? "all agreed" : "\(failures) FAILED")")
        return failures == 0
    }
    let p384 = check("P-384", order: "ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973") { k in
        let generator = try P384.KeyAgreement.PrivateKey(rawRepresentation: [UInt8](repeating: 0, count: 47) + [1]).publicKey
        let secret = try P384.KeyAgreement.PrivateKey(rawRepresentation: k).sharedSecretFromKeyAgreement(with: generator)
        let comb = try P384.Signing.PrivateKey(rawRepresentation: k).publicKey.rawRepresentation
        return secret.withUnsafeBytes { Array($0) } == Array(comb.prefix(48))
    }
    let p521 = check("P-521", order: "01fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffa51868783bf2f966b7fcc0148f709a5d03bb5c9b8899c47aebb6fb71e91386409") { k in
        let generator = try P521.KeyAgreement.PrivateKey(rawRepresentation: [UInt8](repeating: 0, count: 65) + [1]).publicKey
        let secret = try P521.KeyAgreement.PrivateKey(rawRepresentation: k).sharedSecretFromKeyAgreement(with: generator)
        let comb = try P521.Signing.PrivateKey(rawRepresentation: k).publicKey.rawRepresentation
        return secret.withUnsafeBytes { Array($0) } == Array(comb.prefix(66))
    }
    return p384 && p521
}

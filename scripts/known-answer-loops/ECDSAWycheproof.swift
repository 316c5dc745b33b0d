// Every case of Wycheproof's ecdsa_secp384r1_sha384 and ecdsa_secp521r1_sha512 files (DER and P1363
// signatures), through P384/P521.Signing's public API on the release build: over 1,600 verifications,
// which the debug test run would take a minute and a half over on the generic arithmetic (the debug tests
// run the first case of each flag and result of the same files). The rules are
// Tests/TestSupport/Wycheproof.swift's, with the policy of Tests/PureP384Tests/SigningVectorTests.swift and
// Tests/PureP521Tests/SigningVectorTests.swift: every case runs, the count must equal numberOfTests and
// not be zero, a flag the tests have not looked at (or one the file's notes do not define) fails, the files
// have no "acceptable" case, each group's key reads alike from its DER and its PEM, and its hash is the
// curve's (SHA-384, SHA-512).

import Foundation
import PureP384
import PureP521

private struct File: Decodable {
    let numberOfTests: Int
    let notes: [String: Note]
    let testGroups: [Group]
    struct Note: Decodable {}
    struct Group: Decodable {
        let type: String
        let publicKeyDer: String
        let publicKeyPem: String
        let sha: String
        let tests: [Case]
    }
    struct Case: Decodable {
        let tcId: Int
        let flags: [String]
        let result: String
        let msg: String
        let sig: String
    }
}

private let knownFlags: Set<String> = [
    "ArithmeticError", "BerEncodedSignature", "EdgeCasePublicKey", "EdgeCaseShamirMultiplication", "IntegerOverflow",
    "InvalidEncoding", "InvalidSignature", "InvalidTypesInSignature", "MissingZero", "ModifiedInteger",
    "ModifiedSignature", "ModularInverse", "PointDuplication", "RangeCheck", "SmallRandS", "SpecialCaseHash",
    "ValidSignature", "SignatureSize",
]

/// Verifies one case; nil when the group's key is unusable (its DER and PEM disagree, or do not parse).
private protocol Verifier {
    init?(der: [UInt8], pem: String)
    func verifies(signature: [UInt8], p1363: Bool, message: [UInt8]) -> Bool
}

private struct P384Verifier: Verifier {
    let key: P384.Signing.PublicKey
    init?(der: [UInt8], pem: String) {
        guard let key = try? P384.Signing.PublicKey(derRepresentation: der),
              (try? P384.Signing.PublicKey(pemRepresentation: pem)) == key else { return nil }
        self.key = key
    }
    func verifies(signature: [UInt8], p1363: Bool, message: [UInt8]) -> Bool {
        let parsed = p1363 ? try? P384.Signing.ECDSASignature(rawRepresentation: signature)
                           : try? P384.Signing.ECDSASignature(derRepresentation: signature)
        return parsed.map { key.isValidSignature($0, for: message) } ?? false
    }
}

private struct P521Verifier: Verifier {
    let key: P521.Signing.PublicKey
    init?(der: [UInt8], pem: String) {
        guard let key = try? P521.Signing.PublicKey(derRepresentation: der),
              (try? P521.Signing.PublicKey(pemRepresentation: pem)) == key else { return nil }
        self.key = key
    }
    func verifies(signature: [UInt8], p1363: Bool, message: [UInt8]) -> Bool {
        let parsed = p1363 ? try? P521.Signing.ECDSASignature(rawRepresentation: signature)
                           : try? P521.Signing.ECDSASignature(derRepresentation: signature)
        return parsed.map { key.isValidSignature($0, for: message) } ?? false
    }
}

/// Runs every case of the file at `path`; prints each failure and a summary line. True when all passed.
func runECDSAWycheproof(path: String) throws -> Bool {
    let name = URL(fileURLWithPath: path).lastPathComponent
    let verifier: any Verifier.Type, hash: String
    switch true {
    case name.hasPrefix("ecdsa_secp384r1_sha384_"): (verifier, hash) = (P384Verifier.self, "SHA-384")
    case name.hasPrefix("ecdsa_secp521r1_sha512_"): (verifier, hash) = (P521Verifier.self, "SHA-512")
    default:
        print("\(name): not an ecdsa_secp384r1_sha384 or ecdsa_secp521r1_sha512 file")
        return false
    }
    let file = try JSONDecoder().decode(File.self, from: try Data(contentsOf: URL(fileURLWithPath: path)))
    var run = 0, failures = 0
    for group in file.testGroups {
        let p1363: Bool
        switch group.type {
        case "EcdsaVerify": p1363 = false
        case "EcdsaP1363Verify": p1363 = true
        default:
            print("\(name): unexpected group type \(group.type)")
            return false
        }
        guard group.sha == hash, let der = hexBytes(group.publicKeyDer), let key = verifier.init(der: der, pem: group.publicKeyPem) else {
            print("\(name): a group's key does not read alike from DER and PEM, or its hash is \(group.sha)")
            return false
        }
        for test in group.tests {
            run += 1
            for flag in test.flags where !knownFlags.contains(flag) || file.notes[flag] == nil {
                print("\(name) tcId \(test.tcId): flag \(flag) unknown here or undefined in the file's notes")
                failures += 1
            }
            guard test.result == "valid" || test.result == "invalid" else {
                print("\(name) tcId \(test.tcId): result \(test.result), which these files do not have")
                failures += 1
                continue
            }
            let expected = test.result == "valid"
            let accepted = key.verifies(signature: hexBytes(test.sig) ?? [], p1363: p1363, message: hexBytes(test.msg) ?? [])
            if accepted != expected {
                print("\(name) tcId \(test.tcId) flags \(test.flags): expected \(expected ? "accept" : "reject"), got \(accepted ? "accept" : "reject")")
                failures += 1
            }
        }
    }
    if run == 0 || run != file.numberOfTests {
        print("\(name): ran \(run) cases, the file declares \(file.numberOfTests)")
        failures += 1
    }
    print("\(name): \(run) cases, \(failures == 0 ? "all passed" : "\(failures) FAILED")")
    return failures == 0
}

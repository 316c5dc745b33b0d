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

private struct Group: Decodable {
    let type: String
    let publicKeyDer: String
    let publicKeyPem: String
    let sha: String
    let tests: [Case]
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

/// What the loop needs of a curve's signing public key, so that one loop serves P-384 and P-521.
private protocol VerifyingKey: Equatable {
    init(derRepresentation: [UInt8]) throws
    init(pemRepresentation: String) throws
    /// Whether `signature` (r ‖ s when `p1363`, else DER) is valid for `message`; false when it does not parse.
    func verifies(_ signature: [UInt8], p1363: Bool, _ message: [UInt8]) -> Bool
}

extension P384.Signing.PublicKey: VerifyingKey {
    fileprivate func verifies(_ signature: [UInt8], p1363: Bool, _ message: [UInt8]) -> Bool {
        let parsed = p1363 ? try? P384.Signing.ECDSASignature(rawRepresentation: signature) : try? P384.Signing.ECDSASignature(derRepresentation: signature)
        return parsed.map { isValidSignature($0, for: message) } ?? false
    }
}

extension P521.Signing.PublicKey: VerifyingKey {
    fileprivate func verifies(_ signature: [UInt8], p1363: Bool, _ message: [UInt8]) -> Bool {
        let parsed = p1363 ? try? P521.Signing.ECDSASignature(rawRepresentation: signature) : try? P521.Signing.ECDSASignature(derRepresentation: signature)
        return parsed.map { isValidSignature($0, for: message) } ?? false
    }
}

/// Runs every case of the file at `path`; prints each failure and a summary line. True when all passed.
func runECDSAWycheproof(path: String) throws -> Bool {
    let name = URL(fileURLWithPath: path).lastPathComponent
    switch true {
    case name.hasPrefix("ecdsa_secp384r1_sha384_"): return try run(P384.Signing.PublicKey.self, hash: "SHA-384", path: path, name: name)
    case name.hasPrefix("ecdsa_secp521r1_sha512_"): return try run(P521.Signing.PublicKey.self, hash: "SHA-512", path: path, name: name)
    default:
        print("\(name): not an ecdsa_secp384r1_sha384 or ecdsa_secp521r1_sha512 file")
        return false
    }
}

private func run<Key: VerifyingKey>(_: Key.Type, hash: String, path: String, name: String) throws -> Bool {
    let file = try WycheproofFile<Group>(path: path)
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
        guard group.sha == hash, let der = hexBytes(group.publicKeyDer), let key = try? Key(derRepresentation: der),
              (try? Key(pemRepresentation: group.publicKeyPem)) == key else {
            print("\(name): a group's key does not read alike from DER and PEM, or its hash is \(group.sha)")
            return false
        }
        for test in group.tests {
            run += 1
            failures += file.unexpectedFlags(test.flags, known: knownFlags, file: name, tcId: test.tcId)
            guard test.result == "valid" || test.result == "invalid" else {
                print("\(name) tcId \(test.tcId): result \(test.result), which these files do not have")
                failures += 1
                continue
            }
            guard let signature = hexBytes(test.sig), let message = hexBytes(test.msg) else {
                print("\(name) tcId \(test.tcId): unreadable hex")
                failures += 1
                continue
            }
            let expected = test.result == "valid"
            let accepted = key.verifies(signature, p1363: p1363, message)
            if accepted != expected {
                print("\(name) tcId \(test.tcId) flags \(test.flags): expected \(expected ? "accept" : "reject"), got \(accepted ? "accept" : "reject")")
                failures += 1
            }
        }
    }
    return file.passed(file: name, run: run, failures: failures)
}

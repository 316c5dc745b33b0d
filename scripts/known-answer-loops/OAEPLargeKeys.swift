// The 4096- and 8192-bit groups of Wycheproof's rsa_oaep_misc_test.json, through RSA.Encryption's public API
// on the release build. An 8192-bit private operation is two 4096-bit exponentiations, which the debug test
// run took about four seconds over, and these groups were nine tenths of that file's time there;
// Tests/PureRSATests/OAEPTests.swift runs the file's other groups and counts these as run here (the
// 4096-bit rsa_oaep file runs there in full). The policy is that test's: a group whose OAEP
// hash and MGF1 hash are the same SHA-1/256/384/512 (JOSE's parameters) decrypts every valid case to its
// message, and every case of the other groups is refused — here each one is tried under OAEP with the
// group's hash, when we have it, where the debug test tries each group's first case.

import Foundation
import PureRSA

private struct OAEPFile: Decodable {
    let testGroups: [Group]
    struct Group: Decodable {
        let keySize: Int
        let sha: String
        let mgfSha: String
        let privateKeyPkcs8: String
        let tests: [Case]
    }
    struct Case: Decodable {
        let tcId: Int
        let result: String
        let msg: String
        let ct: String
        let label: String
    }
}

/// The padding of ours that uses `hash` for OAEP and MGF1 alike, if we have one.
private func padding(_ hash: String) -> RSA.Encryption.Padding? {
    switch hash {
    case "SHA-1": return .PKCS1_OAEP
    case "SHA-256": return .PKCS1_OAEP_SHA256
    case "SHA-384": return .PKCS1_OAEP_SHA384
    case "SHA-512": return .PKCS1_OAEP_SHA512
    default: return nil
    }
}

/// Runs every case of the file's groups with keys of the given sizes; prints each failure and a summary
/// line. True when all passed, there were cases both to decrypt and to refuse, and `expectedCases` ran (the
/// number the debug test counts as run here).
func runOAEPLargeKeys(path: String, keySizes: Set<Int>, expectedCases: Int) throws -> Bool {
    let name = URL(fileURLWithPath: path).lastPathComponent
    let file = try JSONDecoder().decode(OAEPFile.self, from: try Data(contentsOf: URL(fileURLWithPath: path)))
    var run = 0, decrypted = 0, refused = 0, failures = 0
    for group in file.testGroups where keySizes.contains(group.keySize) {
        guard let der = hexBytes(group.privateKeyPkcs8), let key = try? RSA.Encryption.PrivateKey(derRepresentation: der) else {
            print("\(name): the \(group.keySize)-bit \(group.sha)/\(group.mgfSha) group's key was refused")
            failures += 1
            continue
        }
        let groupPadding = padding(group.sha)
        // JOSE's parameters: the padding that decrypts this group, when there is one.
        let jose = group.sha == group.mgfSha ? groupPadding : nil
        for test in group.tests {
            run += 1
            guard let ciphertext = hexBytes(test.ct), let message = hexBytes(test.msg) else {
                print("\(name) tcId \(test.tcId): unreadable hex")
                failures += 1
                continue
            }
            if let jose, test.result == "valid" && test.label.isEmpty {
                // Through the public API: no label, the padding by name.
                guard (try? key.decrypt(ciphertext, padding: jose)) == message else {
                    print("\(name) tcId \(test.tcId): did not decrypt to its message")
                    failures += 1
                    continue
                }
                decrypted += 1
            } else if jose != nil {
                print("\(name) tcId \(test.tcId): a case the policy here does not cover (\(test.result), label \(test.label.isEmpty ? "empty" : "given"))")
                failures += 1
            } else {
                if let groupPadding, (try? key.decrypt(ciphertext, padding: groupPadding)) != nil {
                    print("\(name) tcId \(test.tcId): decrypted under OAEP with \(group.sha) for both hashes, though MGF1 uses \(group.mgfSha)")
                    failures += 1
                    continue
                }
                refused += 1
            }
        }
    }
    if run != expectedCases || decrypted == 0 || refused == 0 {
        print("\(name): \(run) cases (\(expectedCases) expected), \(decrypted) decrypted, \(refused) refused: a group is missing")
        failures += 1
    }
    print("\(name), \(keySizes.sorted().map(String.init).joined(separator: "- and "))-bit keys: \(run) cases (\(decrypted) decrypted, \(refused) refused), \(failures == 0 ? "all passed" : "\(failures) FAILED")")
    return failures == 0
}

// Every case of Wycheproof's rsa_oaep files on the release build: the seven single-parameter files
// (rsa_oaep_{2048,3072,4096}_sha*_mgf1sha*_test.json) and rsa_oaep_misc_test.json. A private operation
// with a 3072- or 4096-bit key takes a debug build a tenth of a second or more, and an 8192-bit one about
// four seconds, so Tests/PureRSATests/OAEPTests.swift runs the first case of each flag and result of
// the single-parameter files and the first case of each misc group, and these run the rest. The policy
// is that test's:
// - single-parameter files: through `oaepDecrypt` (package access: any label, any OAEP and MGF1 hash of
//   ours), a valid case decrypts to its message, an invalid one is refused, an acceptable one either;
// - the misc file: a group whose OAEP hash and MGF1 hash are the same SHA-1/256/384/512 on a key of
//   2048 bits or more (JOSE's parameters) decrypts every valid case to its message, through the public API
//   when it has no label; every case of the other groups is refused (keys under 2048 bits are refused
//   when read; the rest, under OAEP with the group's hash for both, when we have that hash).

import Foundation
import PureRSA
import PureSHA2

private struct OAEPGroup: Decodable {
    let keySize: Int
    let sha: String
    let mgfSha: String
    let privateKeyPkcs8: String
    let tests: [Case]
    struct Case: Decodable {
        let tcId: Int
        let result: String
        let flags: [String]
        let msg: String
        let ct: String
        let label: String
    }
}

private let knownFlags: Set<String> = ["Constructed", "EncryptionWithLabel", "InvalidCiphertext", "InvalidOaepPadding", "Normal",
                                       "SmallModulus", "SmallIntegerCiphertext"]

/// The hash named in a Wycheproof group, if PureSHA2 has it (SHA-224 is not offered).
private func hashType(_ name: String) -> (any HashFunction.Type)? {
    switch name {
    case "SHA-1": return Insecure.SHA1.self
    case "SHA-256": return SHA256.self
    case "SHA-384": return SHA384.self
    case "SHA-512": return SHA512.self
    default: return nil
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

private func decrypt(_ key: RSA.Encryption.PrivateKey, _ ciphertext: [UInt8], label: [UInt8],
                     hash: any HashFunction.Type, mgf: any HashFunction.Type) -> [UInt8]? {
    func open<H: HashFunction, M: HashFunction>(_ h: H.Type, _ m: M.Type) -> [UInt8]? {
        try? key.oaepDecrypt(ciphertext, label: label, hash: h, mgfHash: m)
    }
    return open(hash, mgf)
}

/// Runs every case of the file; prints each failure and a summary line. True when every case passed and
/// the cases run are the file's `numberOfTests` (not zero).
func runOAEPWycheproof(path: String) throws -> Bool {
    let name = URL(fileURLWithPath: path).lastPathComponent
    let file = try WycheproofFile<OAEPGroup>(path: path)
    let misc = name == "rsa_oaep_misc_test.json"
    var run = 0, decrypted = 0, refused = 0, failures = 0
    for group in file.testGroups {
        let key = hexBytes(group.privateKeyPkcs8).flatMap { try? RSA.Encryption.PrivateKey(derRepresentation: $0) }
        let hash = hashType(group.sha), mgf = hashType(group.mgfSha)
        // The misc file's policy: JOSE's parameters decrypt, the rest are refused.
        let jose = group.sha == group.mgfSha && hash != nil && group.keySize >= 2048
        if key == nil && (group.keySize >= 2048 || !misc) {
            print("\(name): the \(group.keySize)-bit \(group.sha)/\(group.mgfSha) group's key was refused")
            failures += 1
        }
        if key != nil && group.keySize < 2048 {
            print("\(name): the \(group.keySize)-bit \(group.sha)/\(group.mgfSha) group's key was accepted")
            failures += 1
        }
        for test in group.tests {
            run += 1
            failures += file.unexpectedFlags(test.flags, known: knownFlags, file: name, tcId: test.tcId)
            guard let ciphertext = hexBytes(test.ct), let message = hexBytes(test.msg), let label = hexBytes(test.label) else {
                print("\(name) tcId \(test.tcId): unreadable hex")
                failures += 1
                continue
            }
            guard let key else { refused += 1; continue }
            if misc && !jose {
                if let hash, decrypt(key, ciphertext, label: label, hash: hash, mgf: hash) != nil {
                    print("\(name) tcId \(test.tcId): decrypted under OAEP with \(group.sha) for both hashes, though MGF1 uses \(group.mgfSha)")
                    failures += 1
                } else {
                    refused += 1
                }
                continue
            }
            guard let hash, let mgf else {
                print("\(name) tcId \(test.tcId): the group's hashes \(group.sha)/\(group.mgfSha) are not ours")
                failures += 1
                continue
            }
            // A JOSE case without a label goes through the public API, the padding by name.
            let viaPublicAPI = misc && label.isEmpty && group.sha == group.mgfSha
            let opened = if viaPublicAPI, let padding = padding(group.sha) {
                try? key.decrypt(ciphertext, padding: padding)
            } else {
                decrypt(key, ciphertext, label: label, hash: hash, mgf: mgf)
            }
            switch test.result {
            case "valid":
                if opened == message { decrypted += 1 } else {
                    print("\(name) tcId \(test.tcId): did not decrypt to its message")
                    failures += 1
                }
            case "invalid":
                if opened == nil { refused += 1 } else {
                    print("\(name) tcId \(test.tcId): an invalid ciphertext decrypted")
                    failures += 1
                }
            default:   // acceptable: either, but never to another message
                if let opened, opened != message {
                    print("\(name) tcId \(test.tcId): decrypted to another message")
                    failures += 1
                }
            }
        }
    }
    if decrypted == 0 {
        print("\(name): nothing decrypted")
        failures += 1
    }
    print("\(name): \(decrypted) decrypted, \(refused) refused")
    return file.passed(file: name, run: run, failures: failures)
}

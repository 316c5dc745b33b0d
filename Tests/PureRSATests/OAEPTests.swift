// RSA-OAEP against Wycheproof's rsa_oaep files: the seven single-parameter files as they are (through the
// package API, which takes any label and any of the four hashes for OAEP and MGF1), and
// rsa_oaep_misc_test.json, whose JOSE parameter sets (the same hash for OAEP and MGF1, SHA-1/256/384/512,
// keys of 2048 bits or more) must decrypt and whose others must be refused. Every case of every file runs on
// the release build (scripts/known-answer-loops.sh, `oaep`, which CI runs, under the same policy): a
// private operation with a 3072- or 4096-bit key takes a debug build a tenth of a second or more, an 8192-bit
// one about four seconds. Here every case is read and counted, and a selection runs.

@testable import PureRSA
import PureSHA2
import Testing
import TestSupport

private struct OAEPGroup: WycheproofTestGroup {
    let keySize: Int
    let sha: String
    let mgfSha: String
    let privateKeyPkcs8: String
    let tests: [OAEPCase]
}

private struct OAEPCase: WycheproofTestCase {
    let tcId: Int
    let comment: String
    let flags: [String]
    let result: WycheproofResult
    let msg: String
    let ct: String
    let label: String
}

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

private func decrypt(_ key: RSA.Encryption.PrivateKey, _ test: OAEPCase, hash: any HashFunction.Type, mgf: any HashFunction.Type) throws -> [UInt8] {
    func open<H: HashFunction, M: HashFunction>(_ h: H.Type, _ m: M.Type) throws -> [UInt8] {
        try key.oaepDecrypt(try [UInt8](hex: test.ct), label: try [UInt8](hex: test.label), hash: h, mgfHash: m)
    }
    return try open(hash, mgf)
}

private let flags: Set<String> = ["Constructed", "EncryptionWithLabel", "InvalidCiphertext", "InvalidOaepPadding", "Normal",
                                  "SmallModulus", "SmallIntegerCiphertext"]

@Suite("RSA-OAEP")
struct OAEPTests {
    @Test("Wycheproof rsa_oaep files for 2048, 3072 and 4096 bits: the first case of each flag and result (every case: release run)", arguments: [
        "rsa_oaep_2048_sha1_mgf1sha1_test.json", "rsa_oaep_2048_sha256_mgf1sha1_test.json", "rsa_oaep_2048_sha256_mgf1sha256_test.json",
        "rsa_oaep_2048_sha384_mgf1sha384_test.json", "rsa_oaep_2048_sha512_mgf1sha512_test.json",
        "rsa_oaep_3072_sha256_mgf1sha256_test.json", "rsa_oaep_4096_sha256_mgf1sha256_test.json",
    ])
    func wycheproof(_ name: String) throws {
        var keys: [String: RSA.Encryption.PrivateKey] = [:]
        let run = try Wycheproof.run(name, groups: OAEPGroup.self, knownFlags: flags, selection: .firstOfEachFlagAndResult) { group, test in
            let key = try keys[group.privateKeyPkcs8] ?? RSA.Encryption.PrivateKey(derRepresentation: try [UInt8](hex: group.privateKeyPkcs8))
            keys[group.privateKeyPkcs8] = key
            let hash = try #require(hashType(group.sha)), mgf = try #require(hashType(group.mgfSha))
            let message = try decrypt(key, test, hash: hash, mgf: mgf)
            return message == (try [UInt8](hex: test.msg))
        }
        #expect(run > 0)
    }

    /// Every group's key is read (under 2048 bits refused, the rest accepted) and its cases counted; the
    /// first case of each group with a key under 3072 bits runs here (one private operation a group, 26
    /// groups), the other groups' cases on the release build only.
    @Test("Wycheproof rsa_oaep_misc_test.json: JOSE's parameters decrypt, every other set is refused (first case of each group under 3072 bits; every case: release run)")
    func misc() throws {
        let file = try VectorFiles.json(WycheproofFile<OAEPGroup>.self, "rsa_oaep_misc_test.json")
        var read = 0, decrypted = 0, refused = 0, onReleaseBuild = 0
        for group in file.testGroups {
            let jose = group.sha == group.mgfSha && hashType(group.sha) != nil && group.keySize >= 2048
            let key = try? RSA.Encryption.PrivateKey(derRepresentation: try [UInt8](hex: group.privateKeyPkcs8))
            if group.keySize < 2048 { #expect(key == nil, "a \(group.keySize)-bit key was accepted") }
            else { #expect(key != nil, "a \(group.keySize)-bit key was refused") }
            read += group.tests.count
            if group.keySize >= 3072 {
                onReleaseBuild += group.tests.count
                continue
            }
            let test = group.tests[0]
            for flag in test.flags { #expect(flags.contains(flag), "tcId \(test.tcId): unknown flag \(flag)") }
            if jose, let key, test.label.isEmpty, test.result != .acceptable {
                // The public API: no label, the padding by name.
                let padding: RSA.Encryption.Padding = switch group.sha {
                    case "SHA-1": .PKCS1_OAEP
                    case "SHA-256": .PKCS1_OAEP_SHA256
                    case "SHA-384": .PKCS1_OAEP_SHA384
                    default: .PKCS1_OAEP_SHA512
                }
                #expect(try key.decrypt(try [UInt8](hex: test.ct), padding: padding) == (try [UInt8](hex: test.msg)), "tcId \(test.tcId)")
                decrypted += 1
            } else if jose, let key, let hash = hashType(group.sha) {
                // A label, or an "acceptable" small-integer ciphertext: through the package API.
                let message = try? decrypt(key, test, hash: hash, mgf: hash)
                if test.result == .valid { #expect(message == (try [UInt8](hex: test.msg)), "tcId \(test.tcId)"); decrypted += 1 }
            } else {
                // Not JOSE's parameters: refused for the key's size, or because no padding of ours decrypts
                // it (tried under OAEP with the group's hash for both, when we have that hash).
                if let key, let hash = hashType(group.sha) {
                    #expect((try? decrypt(key, test, hash: hash, mgf: hash)) == nil, "tcId \(test.tcId) decrypted under other parameters")
                }
                refused += 1
            }
        }
        #expect(read == file.numberOfTests && read == 395)
        #expect(decrypted > 0 && refused > 0 && onReleaseBuild == 191)
    }

    @Test("encrypt then decrypt, every padding and length up to the maximum; a changed byte is refused")
    func roundTrip() throws {
        let file = try VectorFiles.json(WycheproofFile<OAEPGroup>.self, "rsa_oaep_2048_sha256_mgf1sha256_test.json")
        let key = try RSA.Encryption.PrivateKey(derRepresentation: try [UInt8](hex: file.testGroups[0].privateKeyPkcs8))
        for (padding, hashLength) in [(RSA.Encryption.Padding.PKCS1_OAEP, 20), (.PKCS1_OAEP_SHA256, 32), (.PKCS1_OAEP_SHA384, 48), (.PKCS1_OAEP_SHA512, 64)] {
            let maximum = 256 - 2 * hashLength - 2
            for length in [0, 1, 32, maximum] {
                let message = [UInt8](repeating: UInt8(length & 0xFF), count: length)
                var ciphertext = try key.publicKey.encrypt(message, padding: padding)
                #expect(ciphertext.count == 256)
                #expect(try key.decrypt(ciphertext, padding: padding) == message)
                ciphertext[100] ^= 1
                #expect(throws: RSAError(.decryptionFailed)) { try key.decrypt(ciphertext, padding: padding) }
            }
            #expect(throws: RSAError(.messageTooLong(maximum: maximum))) {
                try key.publicKey.encrypt([UInt8](repeating: 1, count: maximum + 1), padding: padding)
            }
        }
        #expect(throws: RSAError(.decryptionFailed)) { try key.decrypt([UInt8](repeating: 1, count: 255), padding: .PKCS1_OAEP_SHA256) }
        #expect(throws: RSAError(.decryptionFailed)) { try key.decrypt([UInt8](repeating: 0xFF, count: 256), padding: .PKCS1_OAEP_SHA256) }
    }
}

// RSASSA-PSS with JOSE's parameters (MGF1 over the same hash, salt length = hash length): every case of
// Wycheproof's rsa_pss_* files. In the files whose parameters are JOSE's, each case must come out as the
// file says; in rsa_pss_misc, only the cases with JOSE's parameters may verify (as the file says), every
// other parameter set must be refused — the ones over SHA-1 or SHA-224, which PureSHA2 does not compute,
// are refused by construction and counted. Our PSS signatures (random salts) verify with the public key,
// differ from each other, and fail when changed.

import PureBigInt
@testable import PureRSA
import PureSHA2
import Testing
import TestSupport

private struct PSSFile: Decodable {
    struct Key: Decodable { let modulus: String; let publicExponent: String }
    struct Group: Decodable { let sha: String; let mgfSha: String; let sLen: Int; let publicKey: Key; let tests: [Case] }
    struct Case: Decodable { let tcId: Int; let msg: String; let sig: String; let result: String; let flags: [String] }
    let numberOfTests: Int
    let testGroups: [Group]
}

private let hashLengths = ["SHA-256": 32, "SHA-384": 48, "SHA-512": 64]

private func verifyPSS(_ key: RSA.Signing.PublicKey, _ signature: [UInt8], _ message: [UInt8], hash: String) -> Bool {
    let signature = RSA.Signing.RSASignature(rawRepresentation: signature)
    switch hash {
    case "SHA-256": return key.isValidSignature(signature, for: SHA256.hash(data: message), padding: .PSS)
    case "SHA-384": return key.isValidSignature(signature, for: SHA384.hash(data: message), padding: .PSS)
    case "SHA-512": return key.isValidSignature(signature, for: SHA512.hash(data: message), padding: .PSS)
    default: return false
    }
}

@Suite("RSASSA-PSS (PS256/384/512)")
struct PSSTests {
    @Test("Wycheproof rsa_pss_*: every case", arguments: [
        "rsa_pss_2048_sha256_mgf1_32_test.json", "rsa_pss_2048_sha256_mgf1_32_params_test.json", "rsa_pss_2048_sha384_mgf1_48_test.json",
        "rsa_pss_3072_sha256_mgf1_32_test.json", "rsa_pss_3072_sha256_mgf1_32_params_test.json", "rsa_pss_4096_sha256_mgf1_32_test.json",
        "rsa_pss_4096_sha384_mgf1_48_test.json", "rsa_pss_4096_sha512_mgf1_64_test.json", "rsa_pss_4096_sha512_mgf1_64_params_test.json",
        "rsa_pss_misc_test.json",
    ])
    func wycheproof(file name: String) throws {
        let file = try VectorFiles.json(PSSFile.self, name)
        var run = 0, verified = 0
        for group in file.testGroups {
            let joseParameters = hashLengths[group.sha] == group.sLen && group.mgfSha == group.sha
            let key = try? RSA.Signing.PublicKey(modulus: try [UInt8](hex: group.publicKey.modulus),
                                                 publicExponent: try [UInt8](hex: group.publicKey.publicExponent))
            for test in group.tests {
                run += 1
                let expected = joseParameters && test.result == "valid"
                // A key our policy refuses (below 2048 bits) verifies nothing.
                let accepted = try key.map { verifyPSS($0, try [UInt8](hex: test.sig), try [UInt8](hex: test.msg), hash: group.sha) } ?? false
                #expect(accepted == expected, "\(name) tcId \(test.tcId) (\(group.sha)/\(group.mgfSha)/\(group.sLen), \(test.result), \(test.flags))")
                if accepted { verified += 1 }
            }
        }
        #expect(run > 0 && run == file.numberOfTests)
        #expect(verified > 0)
    }

    @Test("our PSS signatures verify, differ (random salt), fail when changed or read as PKCS#1 v1.5", arguments: ["SHA-256", "SHA-384", "SHA-512"])
    func signing(hash: String) throws {
        struct Keys: Decodable { struct Case: Decodable { let pkcs8_pem: String }; let cases: [Case] }
        let keys = try VectorFiles.json(Keys.self, "rsa_signing_cryptography.json").cases
        for test in keys {
            let key = try RSA.Signing.PrivateKey(pemRepresentation: test.pkcs8_pem)
            let message = Array("eyJhbGciOiJQUzI1NiJ9.eyJzdWIiOiJwc3MifQ".utf8)
            let first: [UInt8], second: [UInt8]
            switch hash {
            case "SHA-256": (first, second) = (try key.signature(for: message, padding: .PSS).rawRepresentation,
                                               try key.signature(for: message, padding: .PSS).rawRepresentation)
            case "SHA-384": (first, second) = (try key.signature(for: SHA384.hash(data: message), padding: .PSS).rawRepresentation,
                                               try key.signature(for: SHA384.hash(data: message), padding: .PSS).rawRepresentation)
            default: (first, second) = (try key.signature(for: SHA512.hash(data: message), padding: .PSS).rawRepresentation,
                                        try key.signature(for: SHA512.hash(data: message), padding: .PSS).rawRepresentation)
            }
            #expect(first != second)
            #expect(verifyPSS(key.publicKey, first, message, hash: hash) && verifyPSS(key.publicKey, second, message, hash: hash))
            #expect(!verifyPSS(key.publicKey, first, message + [0], hash: hash))
            var changed = first
            changed[changed.count / 2] ^= 1
            #expect(!verifyPSS(key.publicKey, changed, message, hash: hash))
            if hash == "SHA-256" {
                #expect(!key.publicKey.isValidSignature(RSA.Signing.RSASignature(rawRepresentation: first), for: message))
            }
        }
    }
}

// The SSE2 forms of AES and of RSA's radix-2^28 kernels, checked against known answers on the release build.
//
// Debug builds give the bitsliced AES planes and the radix-2^28 lanes a plain two-`UInt64` type instead of
// `SIMD2<UInt64>` (Sources/PureAES/BoyarPeraltaSBox.swift, Sources/PureBigInt/Radix28Montgomery.swift: unoptimized, the
// SIMD2 operators are generic calls, some 10–150× slower), so the debug tests check the cipher and the kernels
// through that form. These loops run the optimized form, SIMD2<UInt64> compiled to SSE2 on x86-64, over:
// - every case of Wycheproof's aes_gcm_test.json through AES.GCM's public API (valid cases open to their
//   message and seal to their box; invalid ones are refused), the bitsliced rounds and the GHASH;
// - every record of NIST's SHA256LongMsg.rsp (messages of 163 to 6,400 bytes): SHA-256's four-block schedule,
//   whose `SIMD4<UInt32>` debug builds replace likewise (Sources/PureSHA2/SHA256FourBlockSchedule.swift);
// - every SHA-256, SHA-384 and SHA-512 case of Wycheproof's rsa_pkcs1_{2048,3072,4096}_sig_gen files, signed
//   byte for byte and verified: the CRT halves of 2048- and 4096-bit keys and a 2048-bit public operation run
//   the 37- and 74-limb kernels (their SHA-1 and SHA-224 cases sign through an internal entry point, and
//   run in the debug tests only).

import Foundation
import PureAES
import PureRSA
import PureSHA2

private struct AEADFile: Decodable {
    let numberOfTests: Int
    let testGroups: [Group]
    struct Group: Decodable { let tests: [Case] }
    struct Case: Decodable {
        let tcId: Int
        let key: String
        let iv: String
        let aad: String
        let msg: String
        let ct: String
        let tag: String
        let result: String
    }
}

/// Every case of a Wycheproof AES-GCM file; true when all passed and `expectedCases` ran.
func runAESGCMWycheproof(path: String, expectedCases: Int) throws -> Bool {
    let name = URL(fileURLWithPath: path).lastPathComponent
    let file = try JSONDecoder().decode(AEADFile.self, from: try Data(contentsOf: URL(fileURLWithPath: path)))
    var run = 0, opened = 0, refused = 0, failures = 0
    for test in file.testGroups.flatMap(\.tests) {
        run += 1
        guard let keyBytes = hexBytes(test.key), let iv = hexBytes(test.iv), let aad = hexBytes(test.aad),
              let message = hexBytes(test.msg), let ciphertext = hexBytes(test.ct), let tag = hexBytes(test.tag) else {
            print("\(name) tcId \(test.tcId): unreadable hex")
            failures += 1
            continue
        }
        let key = SymmetricKey(data: keyBytes)
        // Opened, or nil when refused; and whether sealing the message with the same nonce gives the same box.
        var result: [UInt8]? = nil
        var sealedAlike = false
        do {
            let nonce = try AES.GCM.Nonce(data: iv)
            let box = try AES.GCM.SealedBox(nonce: nonce, ciphertext: ciphertext, tag: tag)
            result = try AES.GCM.open(box, using: key, authenticating: aad)
            sealedAlike = try AES.GCM.seal(message, using: key, nonce: nonce, authenticating: aad) == box
        } catch {}
        switch (test.result, result) {
        case ("valid", let plaintext?) where plaintext == message && sealedAlike:
            opened += 1
        case ("invalid", nil):
            refused += 1
        default:
            print("\(name) tcId \(test.tcId): \(test.result), but \(result == nil ? "refused" : sealedAlike ? "opened to other bytes" : "sealed to another box")")
            failures += 1
        }
    }
    if run != expectedCases || run != file.numberOfTests || opened == 0 || refused == 0 {
        print("\(name): \(run) cases (\(expectedCases) expected, the file says \(file.numberOfTests)), \(opened) opened, \(refused) refused")
        failures += 1
    }
    print("\(name), release build: \(run) cases (\(opened) opened, \(refused) refused), \(failures == 0 ? "all passed" : "\(failures) FAILED")")
    return failures == 0
}

private struct SigGenFile: Decodable {
    let testGroups: [Group]
    struct Group: Decodable {
        let sha: String
        let privateKeyPkcs8: String
        let tests: [Case]
    }
    struct Case: Decodable {
        let tcId: Int
        let msg: String
        let sig: String
    }
}

/// Every SHA-256/384/512 case of Wycheproof rsa_pkcs1_*_sig_gen files, signed and verified; true when all
/// passed and `expectedCases` ran.
func runRSASigGen(paths: [String], expectedCases: Int) throws -> Bool {
    var run = 0, failures = 0
    for path in paths {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let file = try JSONDecoder().decode(SigGenFile.self, from: try Data(contentsOf: URL(fileURLWithPath: path)))
        for group in file.testGroups where ["SHA-256", "SHA-384", "SHA-512"].contains(group.sha) {
            guard let der = hexBytes(group.privateKeyPkcs8), let key = try? RSA.Signing.PrivateKey(derRepresentation: der) else {
                print("\(name): a \(group.sha) group's key was refused")
                failures += 1
                continue
            }
            for test in group.tests {
                run += 1
                guard let message = hexBytes(test.msg), let expected = hexBytes(test.sig) else {
                    print("\(name) tcId \(test.tcId): unreadable hex")
                    failures += 1
                    continue
                }
                let signature: RSA.Signing.RSASignature
                let verified: Bool
                switch group.sha {
                case "SHA-256":
                    signature = try key.signature(for: SHA256.hash(data: message))
                    verified = key.publicKey.isValidSignature(signature, for: SHA256.hash(data: message))
                case "SHA-384":
                    signature = try key.signature(for: SHA384.hash(data: message))
                    verified = key.publicKey.isValidSignature(signature, for: SHA384.hash(data: message))
                default:
                    signature = try key.signature(for: SHA512.hash(data: message))
                    verified = key.publicKey.isValidSignature(signature, for: SHA512.hash(data: message))
                }
                if signature.rawRepresentation != expected || !verified {
                    print("\(name) tcId \(test.tcId) (\(group.sha)): \(verified ? "another signature" : "did not verify")")
                    failures += 1
                }
            }
        }
    }
    if run != expectedCases {
        print("rsa_pkcs1 sig_gen: \(run) SHA-2 cases, \(expectedCases) expected")
        failures += 1
    }
    print("rsa_pkcs1_{2048,3072,4096}_sig_gen, release build: \(run) SHA-2 cases signed and verified, \(failures == 0 ? "all passed" : "\(failures) FAILED")")
    return failures == 0
}

/// Every record of a NIST SHA-256 byte-oriented response file (Len, Msg, MD); true when all matched and
/// `expectedRecords` ran.
func runSHA256Records(path: String, expectedRecords: Int) -> Bool {
    let name = URL(fileURLWithPath: path).lastPathComponent
    guard let text = readText(path) else { return false }
    var fields: [String: String] = [:]
    var run = 0, failures = 0
    for line in text.split(whereSeparator: \.isNewline) {
        let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, !line.hasPrefix("[") else { continue }
        fields[parts[0]] = parts[1]
        guard parts[0] == "MD" else { continue }
        run += 1
        guard let length = fields["Len"].flatMap({ Int($0) }), length % 8 == 0, let message = hexBytes(fields["Msg"] ?? ""),
              let expected = hexBytes(parts[1]) else {
            print("\(name) record \(run): unreadable")
            failures += 1
            continue
        }
        if Array(SHA256.hash(data: message.prefix(length / 8))) != expected {
            print("\(name) record \(run) (\(length / 8) bytes): another digest")
            failures += 1
        }
        fields = [:]
    }
    if run != expectedRecords {
        print("\(name): \(run) records, \(expectedRecords) expected")
        failures += 1
    }
    print("\(name), release build: \(run) records, \(failures == 0 ? "all matched" : "\(failures) FAILED")")
    return failures == 0
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
// Known answers too long for the debug test run, on the release build (scripts/known-answer-loops.sh):
//   known-answer-loops x25519 ITERATIONS EXPECTED_HEX   RFC 7748 §5.2's X25519 iterated (k = u = 9; then
//                                                       k, u = X25519(k, u), k); exit 0 when it matches
//   known-answer-loops x448 ITERATIONS EXPECTED_HEX     the same for X448 (k = u = 5, 56 bytes)
//   known-answer-loops ecdh FILE…                       every case of Wycheproof ecdh_secp384r1/521r1 files
//                                                       (ECDHWycheproof.swift); exit 0 when all pass
//   known-answer-loops ecdh-edge                        P-384's and P-521's edge scalars, ladder against comb
//                                                       (ECDHWycheproof.swift)
//   known-answer-loops nist-key-pairs FILE              every P-384 and P-521 key pair of NIST's SigGen.txt
//                                                       (NISTKeyPairs.swift)
//   known-answer-loops ecdsa FILE…                      every case of Wycheproof ecdsa_secp384r1_sha384 and
//                                                       ecdsa_secp521r1_sha512 files, DER and P1363 (ECDSAWycheproof.swift)
//   known-answer-loops mldsa-accumulated N README       CCTV's accumulated ML-DSA hashes (MLDSAAccumulated.swift)
//   known-answer-loops mldsa-field README               CCTV's exhaustive field-operation hash
//   known-answer-loops oaep FILE…                       every case of Wycheproof's rsa_oaep files (OAEPWycheproof.swift)
//   known-answer-loops aes-gcm FILE                     every case of Wycheproof's aes_gcm_test (VectorForms.swift)
//   known-answer-loops rsa-sig-gen FILE…                the SHA-2 cases of Wycheproof's rsa_pkcs1_*_sig_gen files
//   known-answer-loops bigint-modular FILE              every modular case of bigint_vectors.json (BigIntModular.swift)
//   known-answer-loops sha256 FILE                      every record of NIST's SHA256LongMsg.rsp

import PureCurve25519
import PureCurve448

func hexBytes(_ text: String) -> [UInt8]? {
    let digits = Array(text.utf8)
    guard digits.count % 2 == 0 else { return nil }
    var out: [UInt8] = []
    var index = 0
    while index < digits.count {
        guard let high = Int(String(UnicodeScalar(digits[index])), radix: 16),
              let low = Int(String(UnicodeScalar(digits[index + 1])), radix: 16) else { return nil }
        out.append(UInt8(high << 4 | low))
        index += 2
    }
    return out
}

func x25519Iterated(_ iterations: Int, expected: [UInt8]) throws -> Bool {
    var k: [UInt8] = [9] + [UInt8](repeating: 0, count: 31), u = k
    for _ in 0..<iterations {
        let key = try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: k)
        // A low-order u never occurs in this sequence; an all-zero result would throw and fail the run.
        let next = try key.sharedSecretFromKeyAgreement(with: Curve25519.KeyAgreement.PublicKey(rawRepresentation: u))
        (k, u) = (next.withUnsafeBytes { Array($0) }, k)
    }
    let matched = k == expected
    print("X25519 iterated \(iterations) times (RFC 7748 §5.2): \(matched ? "ok" : "MISMATCH")")
    return matched
}

func x448Iterated(_ iterations: Int, expected: [UInt8]) throws -> Bool {
    var k: [UInt8] = [5] + [UInt8](repeating: 0, count: 55), u = k
    for _ in 0..<iterations {
        let key = try Curve448.KeyAgreement.PrivateKey(rawRepresentation: k)
        let next = try key.sharedSecretFromKeyAgreement(with: Curve448.KeyAgreement.PublicKey(rawRepresentation: u))
        (k, u) = (next.withUnsafeBytes { Array($0) }, k)
    }
    let matched = k == expected
    print("X448 iterated \(iterations) times (RFC 7748 §5.2): \(matched ? "ok" : "MISMATCH")")
    return matched
}

func readText(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { print("cannot read \(path)"); return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count <= 0 { break }
        bytes += chunk[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}

let arguments = CommandLine.arguments
switch arguments.dropFirst().first {
case "x25519":
    guard arguments.count == 4, let iterations = Int(arguments[2]), iterations > 0, let expected = hexBytes(arguments[3]) else {
        print("usage: known-answer-loops x25519 ITERATIONS EXPECTED_HEX")
        exit(2)
    }
    exit(try x25519Iterated(iterations, expected: expected) ? 0 : 1)
case "x448":
    guard arguments.count == 4, let iterations = Int(arguments[2]), iterations > 0, let expected = hexBytes(arguments[3]) else {
        print("usage: known-answer-loops x448 ITERATIONS EXPECTED_HEX")
        exit(2)
    }
    exit(try x448Iterated(iterations, expected: expected) ? 0 : 1)
case "ecdh" where arguments.count > 2:
    var passed = true
    for path in arguments.dropFirst(2) {
        passed = try runECDHWycheproof(path: path) && passed
    }
    exit(passed ? 0 : 1)
case "ecdh-edge" where arguments.count == 2:
    exit(try runECDHEdgeScalars() ? 0 : 1)
case "nist-key-pairs" where arguments.count == 3:
    exit(runNISTKeyPairs(path: arguments[2]) ? 0 : 1)
case "ecdsa" where arguments.count > 2:
    var passed = true
    for path in arguments.dropFirst(2) {
        passed = try runECDSAWycheproof(path: path) && passed
    }
    exit(passed ? 0 : 1)
case "mldsa-accumulated" where arguments.count == 4:
    guard let iterations = Int(arguments[2]), iterations > 0, let readme = readText(arguments[3]) else {
        print("usage: known-answer-loops mldsa-accumulated ITERATIONS README")
        exit(2)
    }
    exit(try runAccumulated(iterations: iterations, readme: readme) ? 0 : 1)
case "mldsa-field" where arguments.count == 3:
    guard let readme = readText(arguments[2]) else { exit(2) }
    exit(runFieldOperations(readme: readme) ? 0 : 1)
case "oaep" where arguments.count > 2:
    var passed = true
    for path in arguments.dropFirst(2) {
        passed = try runOAEPWycheproof(path: path) && passed
    }
    exit(passed ? 0 : 1)
case "aes-gcm" where arguments.count == 3:
    exit(try runAESGCMWycheproof(path: arguments[2], expectedCases: 316) ? 0 : 1)   // AESGCMTests.wycheproof counts 316
case "rsa-sig-gen" where arguments.count > 2:
    // 27 + 26 + 24 SHA-256/384/512 cases in the 2048-, 3072- and 4096-bit files.
    exit(try runRSASigGen(paths: Array(arguments.dropFirst(2)), expectedCases: 77) ? 0 : 1)
case "bigint-modular" where arguments.count == 3:
    exit(try runBigIntModular(path: arguments[2], expectedCases: 34) ? 0 : 1)   // BigIntVectorTests.counts expects 34
case "sha256" where arguments.count == 3:
    exit(runSHA256Records(path: arguments[2], expectedRecords: 64) ? 0 : 1)   // SHA256NISTTests reads the same 64
default:
    print("usage: known-answer-loops x25519|x448 ITERATIONS EXPECTED_HEX | ecdh FILE… | ecdh-edge | nist-key-pairs FILE | ecdsa FILE… | mldsa-accumulated N README | mldsa-field README | oaep FILE… | aes-gcm FILE | rsa-sig-gen FILE… | bigint-modular FILE | sha256 FILE")
    exit(2)
}

// HKDF, PBKDF2, ANSI X9.63 and the Concat KDF against Wycheproof (every case of hkdf_sha256/384/512 and
// pbkdf2_hmacsha256/384/512), RFC 5869 Appendix A, NIST's X9.63 response file (the SHA-256, SHA-384 and
// SHA-512 sections) and Python cryptography's ConcatKDFHash (RFC 7518 Appendix C among them).

@testable import PureSHA2
import Testing
import TestSupport

private struct HKDFGroup: WycheproofTestGroup {
    let keySize: Int
    let tests: [HKDFCase]
}

private struct HKDFCase: WycheproofTestCase {
    let tcId: Int
    let comment: String
    let flags: [String]
    let result: WycheproofResult
    let ikm: String
    let salt: String
    let info: String
    let size: Int
    let okm: String
}

private struct PBKDF2Group: WycheproofTestGroup {
    let tests: [PBKDF2Case]
}

private struct PBKDF2Case: WycheproofTestCase {
    let tcId: Int
    let comment: String
    let flags: [String]
    let result: WycheproofResult
    let password: String
    let salt: String
    let iterationCount: Int
    let dkLen: Int
    let dk: String
}

private struct ConcatFile: Decodable {
    struct Case: Decodable { let hash: String; let z: String; let otherInfo: String; let length: Int; let key: String; let comment: String }
    let cases: [Case]
}

private func bytes(_ key: SymmetricKey) -> [UInt8] { key.withUnsafeBytes { Array($0) } }

/// The OKM by the full form; where the case has no salt or no info, the shorter form without them must give
/// the same bytes, or the result is empty (which no case expects). `shorterFormRuns` counts the cases each
/// shorter form ran on.
private func hkdf<H: HashFunction>(_: H.Type, _ test: HKDFCase, shorterFormRuns: inout [String: Int]) throws -> [UInt8] {
    let ikm = SymmetricKey(data: try [UInt8](hex: test.ikm))
    let salt = try [UInt8](hex: test.salt), info = try [UInt8](hex: test.info)
    let okm = bytes(try HKDF<H>.deriveKey(inputKeyMaterial: ikm, salt: salt, info: info, outputByteCount: test.size))
    let shorter: (String, SymmetricKey)?
    switch (salt.isEmpty, info.isEmpty) {
    case (true, true): shorter = ("neither", try HKDF<H>.deriveKey(inputKeyMaterial: ikm, outputByteCount: test.size))
    case (true, false): shorter = ("no salt", try HKDF<H>.deriveKey(inputKeyMaterial: ikm, info: info, outputByteCount: test.size))
    case (false, true): shorter = ("no info", try HKDF<H>.deriveKey(inputKeyMaterial: ikm, salt: salt, outputByteCount: test.size))
    case (false, false): shorter = nil
    }
    if let (form, key) = shorter {
        shorterFormRuns[form, default: 0] += 1
        guard bytes(key) == okm else { return [] }
    }
    return okm
}

private func pbkdf2<H: HashFunction>(_: H.Type, _ test: PBKDF2Case) throws -> [UInt8] {
    bytes(try PBKDF2<H>.deriveKey(fromPassword: try [UInt8](hex: test.password), salt: try [UInt8](hex: test.salt),
                                  rounds: test.iterationCount, outputByteCount: test.dkLen))
}

@Suite("Key derivation")
struct KeyDerivationTests {
    @Test("Wycheproof hkdf_sha256, hkdf_sha384, hkdf_sha512: every case (sizes over 255 hash lengths refused)",
          arguments: [("hkdf_sha256_test.json", "SHA-256", 86), ("hkdf_sha384_test.json", "SHA-384", 83), ("hkdf_sha512_test.json", "SHA-512", 83)])
    func hkdfWycheproof(_ name: String, _ hash: String, _ count: Int) throws {
        var shorterFormRuns: [String: Int] = [:]
        let run = try Wycheproof.run(name, groups: HKDFGroup.self,
                                     knownFlags: ["EmptySalt", "MaximalOutputSize", "Normal", "OutputCollision", "SizeTooLarge"]) { _, test in
            let okm: [UInt8]
            switch hash {
            case "SHA-256": okm = try hkdf(SHA256.self, test, shorterFormRuns: &shorterFormRuns)
            case "SHA-384": okm = try hkdf(SHA384.self, test, shorterFormRuns: &shorterFormRuns)
            default: okm = try hkdf(SHA512.self, test, shorterFormRuns: &shorterFormRuns)
            }
            return okm == (try [UInt8](hex: test.okm))
        }
        #expect(run == count)
        // Each of HKDF's forms without salt or info ran on the cases that have none.
        #expect(shorterFormRuns["no salt", default: 0] > 0 && shorterFormRuns["no info", default: 0] > 0
                && shorterFormRuns["neither", default: 0] > 0, "\(shorterFormRuns)")
    }

    @Test("RFC 5869 Appendix A (SHA-256): PRK and OKM of every case")
    func rfc5869() throws {
        // A case's fields are split over blank-line separated groups: collect them until its OKM.
        var fields: [String: String] = [:], checked = 0
        for record in NISTResponseFile.records(try VectorFiles.text("rfc-5869-HKDF-SHA256.txt")) {
            for (name, value) in record.fields { fields[name] = value }
            guard let okm = fields["OKM"] else { continue }
            let ikm = SymmetricKey(data: try [UInt8](hex: fields["IKM"] ?? ""))
            let salt = try [UInt8](hex: fields["salt"] ?? ""), info = try [UInt8](hex: fields["info"] ?? "")
            let prk = HKDF<SHA256>.extract(inputKeyMaterial: ikm, salt: salt)
            #expect(Array(prk) == (try [UInt8](hex: fields["PRK"] ?? "")), "case \(fields["COUNT"] ?? "?")")
            let derived = try HKDF<SHA256>.expand(pseudoRandomKey: prk, info: info, outputByteCount: Int(fields["L"] ?? "") ?? -1)
            #expect(bytes(derived) == (try [UInt8](hex: okm)), "case \(fields["COUNT"] ?? "?")")
            fields = [:]
            checked += 1
        }
        #expect(checked == 3)
    }

    @Test("Wycheproof pbkdf2_hmacsha256, 384, 512: every case",
          arguments: [("pbkdf2_hmacsha256_test.json", "SHA-256"), ("pbkdf2_hmacsha384_test.json", "SHA-384"), ("pbkdf2_hmacsha512_test.json", "SHA-512")])
    func pbkdf2Wycheproof(_ name: String, _ hash: String) throws {
        let run = try Wycheproof.run(name, groups: PBKDF2Group.self,
                                     knownFlags: ["Ascii", "NonUtf8", "Printable", "Pseudorandom", "Rfc7914", "Utf8"]) { _, test in
            let dk: [UInt8]
            switch hash {
            case "SHA-256": dk = try pbkdf2(SHA256.self, test)
            case "SHA-384": dk = try pbkdf2(SHA384.self, test)
            default: dk = try pbkdf2(SHA512.self, test)
            }
            return dk == (try [UInt8](hex: test.dk))
        }
        #expect(run == (hash == "SHA-256" ? 60 : 58))
    }

    /// RFC 6070 §2's PBKDF2-HMAC-SHA1 cases (the 16,777,216-iteration one left out; Python's hashlib gives the
    /// same keys). SHA-1 is the one hash here that runs PBKDF2's general loop (HMAC's update and finalize),
    /// not the compression-function loop of SHA-256/384/512 (PBKDF2Rounds.swift), and PKCS#12 files whose
    /// PBES2 parameters name no PRF use it.
    @Test("RFC 6070: PBKDF2-HMAC-SHA1, the general loop",
          arguments: [(Array("password".utf8), Array("salt".utf8), 1, "0c60c80f961f0e71f3a9b524af6012062fe037a6"),
                      (Array("password".utf8), Array("salt".utf8), 2, "ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957"),
                      (Array("password".utf8), Array("salt".utf8), 4096, "4b007901b765489abead49d926f721d065a429c1"),
                      (Array("passwordPASSWORDpassword".utf8), Array("saltSALTsaltSALTsaltSALTsaltSALTsalt".utf8), 4096,
                       "3d2eec4fe41c849b80c8d83662c0e44a8b291a964cf2f07038"),
                      (Array("pass".utf8) + [0] + Array("word".utf8), Array("sa".utf8) + [0] + Array("lt".utf8), 4096,
                       "56fa6aa75548099dcc37d7f03425e0c3")])
    func pbkdf2SHA1(_ password: [UInt8], _ salt: [UInt8], _ rounds: Int, _ expected: String) throws {
        let key = try PBKDF2<Insecure.SHA1>.deriveKey(fromPassword: password, salt: salt, rounds: rounds,
                                                      outputByteCount: expected.count / 2)
        #expect(bytes(key) == (try [UInt8](hex: expected)))
    }

    @Test("NIST ANSI X9.63 KDF (ansx963_2001.txt): every SHA-256, SHA-384 and SHA-512 record")
    func x963() throws {
        // Sections are several bracketed lines; the hash is the one that starts with "[SHA-".
        var hash = "", checked = 0
        var z: [UInt8] = [], info: [UInt8] = []
        for rawLine in try VectorFiles.text("ansx963_2001.txt").split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[SHA-") { hash = String(line.dropFirst().dropLast()) }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let name = line[..<equals].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            switch name {
            case "Z": z = try [UInt8](hex: value)
            case "SharedInfo": info = try [UInt8](hex: value)
            case "key_data" where ["SHA-256", "SHA-384", "SHA-512"].contains(hash):
                let expected = try [UInt8](hex: value)
                let secret = SharedSecret(bytes: z)
                let derived: SymmetricKey
                switch hash {
                case "SHA-256": derived = try secret.x963DerivedSymmetricKey(using: SHA256.self, sharedInfo: info, outputByteCount: expected.count)
                case "SHA-384": derived = try secret.x963DerivedSymmetricKey(using: SHA384.self, sharedInfo: info, outputByteCount: expected.count)
                default: derived = try secret.x963DerivedSymmetricKey(using: SHA512.self, sharedInfo: info, outputByteCount: expected.count)
                }
                #expect(bytes(derived) == expected, "\(hash) Z \(z.hex.prefix(16))…")
                checked += 1
            default: break
            }
        }
        #expect(checked == 60)
    }

    @Test("Concat KDF against Python cryptography's ConcatKDFHash, RFC 7518 Appendix C included")
    func concat() throws {
        let file = try VectorFiles.json(ConcatFile.self, "concat_kdf_vectors.json")
        #expect(file.cases.count == 16)
        for vector in file.cases {
            let secret = SharedSecret(bytes: try [UInt8](hex: vector.z)), other = try [UInt8](hex: vector.otherInfo)
            let derived: SymmetricKey
            switch vector.hash {
            case "SHA-256": derived = try secret.concatDerivedSymmetricKey(using: SHA256.self, otherInfo: other, outputByteCount: vector.length)
            case "SHA-384": derived = try secret.concatDerivedSymmetricKey(using: SHA384.self, otherInfo: other, outputByteCount: vector.length)
            default: derived = try secret.concatDerivedSymmetricKey(using: SHA512.self, otherInfo: other, outputByteCount: vector.length)
            }
            #expect(bytes(derived) == (try [UInt8](hex: vector.key)), "\(vector.comment) \(vector.hash)")
        }
    }

    @Test("refusals: lengths out of range, rounds below one; SharedSecret prints (and dumps) no secret")
    func refusals() {
        #expect(throws: KeyDerivationError(.outputByteCountOutOfRange(requested: 255 * 32 + 1, maximum: 255 * 32))) {
            try HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: [1]), info: [UInt8](), outputByteCount: 255 * 32 + 1)
        }
        #expect(throws: KeyDerivationError.self) {
            try HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: [1]), info: [UInt8](), outputByteCount: -1)
        }
        #expect(throws: KeyDerivationError(.invalidRounds(0))) {
            try PBKDF2<SHA256>.deriveKey(fromPassword: [1], salt: [2], rounds: 0, outputByteCount: 16)
        }
        #expect(throws: KeyDerivationError.self) {
            try SharedSecret(bytes: [1]).x963DerivedSymmetricKey(using: SHA256.self, sharedInfo: [UInt8](), outputByteCount: -5)
        }
        let secret = SharedSecret(bytes: [0xAB, 0xCD])
        #expect(secret.description == "SharedSecret(2 bytes)")
        #expect(!secret.description.contains("ab"))
        // dump lists a type's stored properties unless it has its own mirror: here "byteCount: 2", not 171, 205.
        var dumped = ""
        dump(secret, to: &dumped)
        for text in [String(reflecting: secret), "\(secret)", dumped] {
            #expect(!text.contains("171") && !text.contains("205") && text.contains("2"), "\(text)")
        }
        #expect(secret == SharedSecret(bytes: [0xAB, 0xCD]) && secret != SharedSecret(bytes: [0xAB, 0xCE]))
    }
}

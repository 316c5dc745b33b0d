// HMAC-SHA-256 against RFC 4231, NIST CAVP HMACVS ([L=32]) and Wycheproof.

import PureSHA2
import Testing
import TestSupport

private struct RFC4231File: Decodable {
    let cases: [Case]
    struct Case: Decodable, Sendable {
        let test_case: Int
        let key_hex: String
        let data_hex: String
        let hmac_sha256_hex: String
    }
}

/// HMACVS records for HMAC-SHA-256: section [L=32] (L is the digest length in bytes).
private let nistRecords: [NISTRecord] =
    ((try? NISTResponseFile.records(VectorFiles.text("HMAC.rsp"))) ?? []).filter { $0.section == "L=32" }

/// Our MAC truncated to `length` bytes equals `tag`, compared in constant time via the digest type when
/// full-length, via the public API otherwise.
private func truncatedMACMatches(key: [UInt8], message: [UInt8], tag: [UInt8]) -> Bool {
    let mac = HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key))
    return Array(mac.prefix(tag.count)) == tag
}

@Suite("HMAC-SHA-256")
struct HMACTests {
    @Test("RFC 4231 §4.2–4.8, all 7 cases")
    func rfc4231() throws {
        let file = try VectorFiles.json(RFC4231File.self, "rfc4231_hmac_sha256.json")
        #expect(file.cases.count == 7)
        for vector in file.cases {
            let key = SymmetricKey(data: try [UInt8](hex: vector.key_hex))
            let data = try [UInt8](hex: vector.data_hex)
            let expected = try [UInt8](hex: vector.hmac_sha256_hex)
            let mac = HMAC<SHA256>.authenticationCode(for: data, using: key)
            // Case 5 is truncated to 128 bits by the RFC.
            #expect(Array(mac.prefix(expected.count)) == expected, "RFC 4231 case \(vector.test_case)")
            if expected.count == 32 {
                #expect(HMAC<SHA256>.isValidAuthenticationCode(expected, authenticating: data, using: key))
            } else {
                // A truncated tag is never accepted by the verification API.
                #expect(!HMAC<SHA256>.isValidAuthenticationCode(expected, authenticating: data, using: key))
            }
        }
    }

    @Test("NIST HMAC.rsp [L=32]: all 225 records")
    func nistCaseCount() {
        #expect(nistRecords.count == 225)
    }

    @Test("NIST HMAC.rsp [L=32]", arguments: nistRecords)
    func nist(_ record: NISTRecord) throws {
        let key = try [UInt8](hex: record.value("Key"))
        let message = try [UInt8](hex: record.value("Msg"))
        let tag = try [UInt8](hex: record.value("Mac"))
        #expect(key.count == Int(try record.value("Klen")))
        #expect(tag.count == Int(try record.value("Tlen")))
        #expect(truncatedMACMatches(key: key, message: message, tag: tag), "line \(record.line)")
    }

    private struct MacGroup: WycheproofTestGroup {
        let keySize: Int
        let tagSize: Int
        let tests: [MacCase]
    }
    private struct MacCase: WycheproofTestCase {
        let tcId: Int
        let comment: String
        let flags: [String]
        let result: WycheproofResult
        let key: String
        let msg: String
        let tag: String
    }

    @Test("Wycheproof hmac_sha256_test.json: every case")
    func wycheproof() throws {
        // ModifiedTag: tags with flipped bits must be rejected; Pseudorandom: plain correctness.
        let run = try Wycheproof.run(
            "hmac_sha256_test.json", groups: MacGroup.self, knownFlags: ["ModifiedTag", "Pseudorandom"]
        ) { group, test in
            let key = try [UInt8](hex: test.key)
            let message = try [UInt8](hex: test.msg)
            let tag = try [UInt8](hex: test.tag)
            if group.tagSize == 256 {
                return HMAC<SHA256>.isValidAuthenticationCode(tag, authenticating: message, using: SymmetricKey(data: key))
            }
            // Truncated-tag groups (tagSize 128): the public API refuses any tag shorter than 32 bytes,
            // so check the truncation against our full MAC, and that the API does refuse it.
            #expect(tag.count * 8 == group.tagSize)
            #expect(!HMAC<SHA256>.isValidAuthenticationCode(tag, authenticating: message, using: SymmetricKey(data: key)))
            return truncatedMACMatches(key: key, message: message, tag: tag)
        }
        #expect(run == 174)
    }

    @Test("streaming HMAC equals one-shot; a copied HMAC forks")
    func streaming() {
        let key = SymmetricKey(data: Array(0..<100).map { UInt8($0) })   // longer than a block: hashed
        let message = (0..<500).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let expected = HMAC<SHA256>.authenticationCode(for: message, using: key)
        for split in stride(from: 0, through: 500, by: 7) {
            var hmac = HMAC<SHA256>(key: key)
            hmac.update(data: message[..<split])
            let fork = hmac
            hmac.update(data: message[split...])
            #expect(hmac.finalize() == expected)
            #expect(fork.finalize() == HMAC<SHA256>.authenticationCode(for: message[..<split], using: key))
        }
        #expect(HMAC<SHA256>.isValidAuthenticationCode(expected, authenticating: message, using: key))
        #expect(!HMAC<SHA256>.isValidAuthenticationCode(expected, authenticating: message.dropLast(), using: key))
        #expect(!HMAC<SHA256>.isValidAuthenticationCode([UInt8](), authenticating: message, using: key))
    }

    @Test("keys never print their bytes")
    func keyDescription() {
        let key = SymmetricKey(data: [0xDE, 0xAD, 0xBE, 0xEF])
        #expect(key.description == "SymmetricKey(32 bits)")
        #expect(SymmetricKey(size: .bits256).bitCount == 256)
        #expect(SymmetricKey(size: .bits256) != SymmetricKey(size: .bits256))
    }
}

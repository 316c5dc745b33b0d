// SHA3-256/384/512 against NIST CAVP SHA3VS byte-oriented response files: every short and long message and
// the Monte Carlo test with all 100 checkpoints; and HMAC over them against Wycheproof.

import PureSHA2
import PureSHA3
import Testing
import TestSupport

/// One hash function and its three response files.
struct SHA3Variant: Sendable, CustomTestStringConvertible {
    let name: String
    let hash: @Sendable ([UInt8]) -> [UInt8]
    var testDescription: String { name }

    static let all = [
        SHA3Variant(name: "SHA3_256") { SHA3_256.hash(data: $0).bytes },
        SHA3Variant(name: "SHA3_384") { SHA3_384.hash(data: $0).bytes },
        SHA3Variant(name: "SHA3_512") { SHA3_512.hash(data: $0).bytes },
    ]
}

@Suite("SHA-3, NIST CAVP")
struct SHA3NISTTests {
    /// The published files: (short, long) record counts per variant; a run of zero cases must fail.
    private static let expectedCounts = ["SHA3_256": (137, 100), "SHA3_384": (105, 100), "SHA3_512": (73, 100)]

    @Test("ShortMsg and LongMsg: every record", arguments: SHA3Variant.all)
    func messages(_ variant: SHA3Variant) throws {
        var counts: [Int] = []
        for kind in ["ShortMsg", "LongMsg"] {
            let records = NISTResponseFile.records(try VectorFiles.text("\(variant.name)\(kind).rsp")).filter { $0.has("MD") }
            for record in records {
                let bits = try #require(Int(try record.value("Len")))
                let message = Array(try [UInt8](hex: record.value("Msg")).prefix(bits / 8))
                #expect(variant.hash(message).hex == (try record.value("MD")), "\(kind) line \(record.line)")
            }
            counts.append(records.count)
        }
        let expected = try #require(Self.expectedCounts[variant.name])
        #expect(counts == [expected.0, expected.1])
    }

    /// SHA3VS §6.2.3: MD₀ = Seed; each checkpoint is the 1000th iterate MDᵢ = SHA3(MDᵢ₋₁), the next seed.
    @Test("Monte: all 100 checkpoints", arguments: SHA3Variant.all)
    func monteCarlo(_ variant: SHA3Variant) throws {
        let records = NISTResponseFile.records(try VectorFiles.text("\(variant.name)Monte.rsp"))
        let seedRecord = try #require(records.first { $0.has("Seed") })
        let checkpoints = records.filter { $0.has("MD") }
        try #require(checkpoints.count == 100)
        var md = try [UInt8](hex: seedRecord.value("Seed"))
        for (count, checkpoint) in checkpoints.enumerated() {
            #expect(try checkpoint.value("COUNT") == String(count))
            for _ in 0..<1000 { md = variant.hash(md) }
            #expect(md.hex == (try checkpoint.value("MD")), "checkpoint \(count)")
        }
    }

    @Test("streaming in every split equals one-shot; finalize leaves the hasher usable")
    func streaming() throws {
        let message = (0..<600).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) }
        let expected = SHA3_256.hash(data: message)
        for split in 0...message.count {
            var hasher = SHA3_256()
            hasher.update(data: message[..<split])
            _ = hasher.finalize()
            hasher.update(data: message[split...])
            #expect(hasher.finalize() == expected, "split at \(split)")
        }
        // The one-shot answer itself comes from the vector files above; here it is "abc" from FIPS 202's examples.
        #expect(SHA3_256.hash(data: Array("abc".utf8)).description
                == "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532")
    }
}

@Suite("HMAC over SHA-3, Wycheproof")
struct HMACSHA3Tests {
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

    private func run<H: HashFunction>(_ file: String, _ hash: H.Type) throws -> Int {
        try Wycheproof.run(file, groups: MacGroup.self, knownFlags: ["ModifiedTag", "Pseudorandom"]) { group, test in
            let key = SymmetricKey(data: try [UInt8](hex: test.key))
            let message = try [UInt8](hex: test.msg)
            let tag = try [UInt8](hex: test.tag)
            let full = HMAC<H>.authenticationCode(for: message, using: key)
            if group.tagSize == H.Digest.byteCount * 8 {
                return HMAC<H>.isValidAuthenticationCode(tag, authenticating: message, using: key)
            }
            // Truncated-tag groups: the API refuses a short tag; the truncation of the full MAC must match.
            #expect(!HMAC<H>.isValidAuthenticationCode(tag, authenticating: message, using: key))
            return Array(Array(full).prefix(tag.count)) == tag
        }
    }

    @Test("hmac_sha3_{256,384,512}_test.json: every case")
    func wycheproof() throws {
        #expect(try run("hmac_sha3_256_test.json", SHA3_256.self) == 174)
        #expect(try run("hmac_sha3_384_test.json", SHA3_384.self) == 174)
        #expect(try run("hmac_sha3_512_test.json", SHA3_512.self) == 174)
    }
}

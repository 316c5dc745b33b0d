// SHA-256 against the NIST CAVP SHAVS response files (byte-oriented): every short and long message and
// the Monte Carlo test with all 100 checkpoints.

import PureSHA2
import Testing
import TestSupport

private let shortMessages = (try? NISTResponseFile.records(VectorFiles.text("SHA256ShortMsg.rsp"))) ?? []
private let longMessages = (try? NISTResponseFile.records(VectorFiles.text("SHA256LongMsg.rsp"))) ?? []

@Suite("SHA-256, NIST CAVP")
struct SHA256NISTTests {
    @Test("every vector file ran all of its cases")
    func caseCounts() {
        // The published files hold 65 (0…512 bits) and 64 messages; a run of zero cases must fail.
        #expect(shortMessages.count == 65)
        #expect(longMessages.count == 64)
    }

    @Test("SHA256ShortMsg.rsp", arguments: shortMessages)
    func shortMessage(_ record: NISTRecord) throws {
        try checkMessage(record)
    }

    @Test("SHA256LongMsg.rsp", arguments: longMessages)
    func longMessage(_ record: NISTRecord) throws {
        try checkMessage(record)
    }

    private func checkMessage(_ record: NISTRecord) throws {
        let bits = try #require(Int(try record.value("Len")))
        // "Len = 0" comes with "Msg = 00": the message is the first Len/8 bytes of Msg.
        let message = Array(try [UInt8](hex: record.value("Msg")).prefix(bits / 8))
        let expected = try record.value("MD")
        #expect(SHA256.hash(data: message).description == expected, "Len = \(bits), line \(record.line)")
    }

    /// SHAVS §6.4: from the seed, each checkpoint is the last of 1000 hashes of the three previous digests.
    @Test("SHA256Monte.rsp: all 100 checkpoints")
    func monteCarlo() throws {
        let records = NISTResponseFile.records(try VectorFiles.text("SHA256Monte.rsp"))
        let seedRecord = try #require(records.first { $0.has("Seed") })
        let checkpoints = records.filter { $0.has("MD") }
        try #require(checkpoints.count == 100)

        var seed = try [UInt8](hex: seedRecord.value("Seed"))
        for (count, checkpoint) in checkpoints.enumerated() {
            #expect(try checkpoint.value("COUNT") == String(count))
            var md = (seed, seed, seed)
            for _ in 3..<1003 {
                let next = SHA256.hash(data: md.0 + md.1 + md.2).bytes
                md = (md.1, md.2, next)
            }
            seed = md.2
            #expect(seed.hex == (try checkpoint.value("MD")), "checkpoint \(count)")
        }
    }
}

extension NISTRecord: CustomTestStringConvertible {
    public var testDescription: String { "line \(line)" }
}

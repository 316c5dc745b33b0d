// SHAKE128 and SHAKE256 against NIST CAVP SHAKEVS byte-oriented response files: every short and long
// message, every variable-output record (also read back in uneven pieces), and the Monte Carlo test.

import Foundation
import PureSHA3
import Testing
import TestSupport

/// One XOF: a one-shot function and an incremental reader that squeezes in the pieces given.
struct SHAKEVariant: Sendable, CustomTestStringConvertible {
    let name: String
    let hash: @Sendable ([UInt8], Int) -> [UInt8]
    let pieces: @Sendable ([UInt8], [Int]) -> [UInt8]
    var testDescription: String { name }

    static let all = [
        SHAKEVariant(name: "SHAKE128", hash: { SHAKE128.hash(data: $0, outputByteCount: $1) }, pieces: { message, sizes in
            var shake = SHAKE128()
            shake.update(data: message)
            return sizes.flatMap { shake.squeeze(byteCount: $0) }
        }),
        SHAKEVariant(name: "SHAKE256", hash: { SHAKE256.hash(data: $0, outputByteCount: $1) }, pieces: { message, sizes in
            var shake = SHAKE256()
            shake.update(data: message)
            return sizes.flatMap { shake.squeeze(byteCount: $0) }
        }),
    ]
}

@Suite("SHAKE, NIST CAVP")
struct SHAKENISTTests {
    /// Records per file: ShortMsg, LongMsg, VariableOut. A run of zero cases must fail.
    private static let expectedCounts = ["SHAKE128": [337, 100, 1126], "SHAKE256": [273, 100, 1246]]

    @Test("ShortMsg, LongMsg and VariableOut: every record", arguments: SHAKEVariant.all)
    func messages(_ variant: SHAKEVariant) throws {
        var counts: [Int] = []
        for kind in ["ShortMsg", "LongMsg"] {
            let records = NISTResponseFile.records(try VectorFiles.text("\(variant.name)\(kind).rsp")).filter { $0.has("Output") }
            for record in records {
                let bits = try #require(Int(try record.value("Len")))
                let message = Array(try [UInt8](hex: record.value("Msg")).prefix(bits / 8))
                let expected = try [UInt8](hex: record.value("Output"))
                #expect(variant.hash(message, expected.count) == expected, "\(kind) line \(record.line)")
            }
            counts.append(records.count)
        }
        let variable = NISTResponseFile.records(try VectorFiles.text("\(variant.name)VariableOut.rsp")).filter { $0.has("Output") }
        for record in variable {
            let message = try [UInt8](hex: record.value("Msg"))
            let expected = try [UInt8](hex: record.value("Output"))
            #expect(expected.count * 8 == Int(try record.value("Outputlen")))
            #expect(variant.hash(message, expected.count) == expected, "VariableOut line \(record.line)")
            // The same bytes read in uneven pieces, crossing block boundaries differently each time.
            var sizes: [Int] = []
            var left = expected.count, step = 1 + record.line % 37
            while left > 0 { let take = min(left, step); sizes.append(take); left -= take; step = step * 3 % 71 + 1 }
            #expect(variant.pieces(message, sizes) == expected, "VariableOut line \(record.line) in pieces \(sizes)")
        }
        counts.append(variable.count)
        #expect(counts == Self.expectedCounts[variant.name])
    }

    /// SHAKEVS §6.3.3: from Output₀ = Msg, Msgᵢ = the leftmost 128 bits of Outputᵢ₋₁ (zero-padded),
    /// Outputᵢ = SHAKE(Msgᵢ, Outputlen); after each, Outputlen = minOut + (rightmost 16 bits mod range).
    /// Each of the 100 checkpoints is the 1000th output.
    @Test("Monte: all 100 checkpoints", arguments: SHAKEVariant.all)
    func monteCarlo(_ variant: SHAKEVariant) throws {
        let text = try VectorFiles.text("\(variant.name)Monte.rsp")
        func header(_ name: String) throws -> Int {
            let line = try #require(text.split(whereSeparator: \.isNewline).first { $0.contains(name) })
            let digits = line.split(separator: "=").last!.filter(\.isNumber)
            return try #require(Int(digits))
        }
        let minimum = try header("Minimum Output Length") / 8, maximum = try header("Maximum Output Length") / 8
        let records = NISTResponseFile.records(text)
        let seed = try [UInt8](hex: try #require(records.first { $0.has("Msg") }).value("Msg"))
        let checkpoints = records.filter { $0.has("Output") }
        try #require(checkpoints.count == 100)

        var output = seed
        var outputLength = maximum
        for (count, checkpoint) in checkpoints.enumerated() {
            for _ in 0..<1000 {
                var message = Array(output.prefix(16))
                message += [UInt8](repeating: 0, count: 16 - message.count)
                output = variant.hash(message, outputLength)
                let rightmost = Int(output[output.count - 2]) << 8 | Int(output[output.count - 1])
                outputLength = minimum + rightmost % (maximum - minimum + 1)
            }
            #expect(output.hex == (try checkpoint.value("Output")), "checkpoint \(count)")
            #expect(output.count * 8 == Int(try checkpoint.value("Outputlen")))
        }
    }
}

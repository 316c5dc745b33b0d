// C2SP CCTV's accumulated ML-DSA tests (Vectors/cctv_accumulated_README.md): seeds read from one SHAKE128,
// each key's pk and the deterministic signature of the empty message written to another, whose first 32
// bytes must match the published hash. The 100-iteration hashes run here; the 10,000-iteration ones and the
// exhaustive field-operation hash run on the release build in scripts/known-answer-loops.sh.

import Foundation
import PureMLDSA
import PureSHA3
import Testing
import TestSupport

/// The published hash for `name` ("ML-DSA-65") and `iterations` ("100"), from the README.
func cctvAccumulatedHash(_ name: String, iterations: String, testFile: String = #filePath) throws -> String {
    let text = try VectorFiles.text("cctv_accumulated_README.md", testFile: testFile)
    guard let section = text.components(separatedBy: "### \(name)\n").dropFirst().first,
          let line = section.split(separator: "\n").first(where: { $0.hasPrefix("- \(iterations) iterations:") }),
          let hash = line.split(separator: "`").dropFirst().first else {
        throw VectorFileError(description: "no \(iterations)-iteration hash for \(name) in cctv_accumulated_README.md")
    }
    return String(hash)
}

struct AccumulatedVariant: Sendable, CustomTestStringConvertible {
    let name: String
    let run: @Sendable (Int) throws -> String
    var testDescription: String { name }

    static let all = [
        AccumulatedVariant(name: "ML-DSA-44") { try accumulate(MLDSA44.self, iterations: $0) },
        AccumulatedVariant(name: "ML-DSA-65") { try accumulate(MLDSA65.self, iterations: $0) },
        AccumulatedVariant(name: "ML-DSA-87") { try accumulate(MLDSA87.self, iterations: $0) },
    ]

    static func accumulate<Set: MLDSAParameterSet>(_: Set.Type, iterations: Int) throws -> String {
        var seeds = SHAKE128(), accumulator = SHAKE128()
        for _ in 0..<iterations {
            let key = try MLDSAPrivateKey<Set>(seedRepresentation: seeds.squeeze(byteCount: 32))
            accumulator.update(data: key.publicKey.rawRepresentation)
            let signature = try key.deterministicSignature(for: [UInt8](), context: [UInt8]())
            accumulator.update(data: signature)
            guard key.publicKey.isValidSignature(signature, for: [UInt8]()) else { return "signature \(signature.prefix(4)) did not verify" }
        }
        return accumulator.squeeze(byteCount: 32).hex
    }
}

@Suite("ML-DSA, CCTV accumulated")
struct MLDSAAccumulatedTests {
    @Test("100 iterations of keygen, deterministic signing, verification", arguments: AccumulatedVariant.all)
    func hundred(_ variant: AccumulatedVariant) throws {
        #expect(try variant.run(100) == (try cctvAccumulatedHash(variant.name, iterations: "100")))
    }

    /// The line format of the field-operation hash, checked on the README's own example (r = 6 010 000),
    /// so that the exhaustive run in scripts/known-answer-loops.sh hashes what CCTV hashed.
    @Test("field operations on the README's example r = 6010000")
    func fieldExample() throws {
        let text = try VectorFiles.text("cctv_accumulated_README.md")
        let block = try #require(text.components(separatedBy: "For r = 6 010 000, the 12 lines to be hashed are:\n\n```\n").dropFirst().first)
        let expected = block.components(separatedBy: "```").first!.split(separator: "\n").map(String.init)
        #expect(expected.count == 12)
        #expect(MLDSAFieldLines.lines(for: 6_010_000) == expected)
    }
}

// ML-DSA against pyca's deterministic pure known answers (kat_MLDSA_{44,65,87}_det_pure.rsp, 100 per size):
// the public and expanded private key of each seed ξ, the deterministic signature of each message with its
// context, and that the expanded key read back signs the same.

import Foundation
import PureMLDSA
import Testing
import TestSupport

struct KnownAnswerFile: Sendable, CustomTestStringConvertible {
    let size: Int
    let run: @Sendable (NISTRecord) throws -> Void
    var testDescription: String { "ML-DSA-\(size)" }

    static let all = [
        KnownAnswerFile(size: 44) { try MLDSAKnownAnswerTests.check(MLDSA44.self, $0) },
        KnownAnswerFile(size: 65) { try MLDSAKnownAnswerTests.check(MLDSA65.self, $0) },
        KnownAnswerFile(size: 87) { try MLDSAKnownAnswerTests.check(MLDSA87.self, $0) },
    ]
}

@Suite("ML-DSA, pyca known answers")
struct MLDSAKnownAnswerTests {
    static func check<Set: MLDSAParameterSet>(_: Set.Type, _ record: NISTRecord) throws {
        let label = "count \(try record.value("count"))"
        let key = try MLDSAPrivateKey<Set>(seedRepresentation: [UInt8](hex: record.value("xi")))
        #expect(key.publicKey.rawRepresentation.hex == (try record.value("pk")), "\(label): pk")
        #expect(key.expandedRepresentation.hex == (try record.value("sk")), "\(label): sk")

        let message = try [UInt8](hex: record.value("msg"))
        let context = try [UInt8](hex: record.value("ctx"))
        let signedMessage = try [UInt8](hex: record.value("sm"))
        #expect(signedMessage.count == Set.algorithm.signatureByteCount + message.count)
        let expected = Array(signedMessage.prefix(Set.algorithm.signatureByteCount))
        #expect(Array(signedMessage.suffix(message.count)) == message)

        let signature = try key.deterministicSignature(for: message, context: context)
        #expect(signature == expected, "\(label): signature")
        #expect(key.publicKey.isValidSignature(expected, for: message, context: context), "\(label): verifies")

        let expanded = try MLDSAPrivateKey<Set>(expandedRepresentation: [UInt8](hex: record.value("sk")))
        #expect(expanded.seedRepresentation == nil)
        #expect(expanded.publicKey == key.publicKey, "\(label): the expanded key's public key")
        #expect(try expanded.deterministicSignature(for: message, context: context) == expected, "\(label): expanded key signs")
    }

    @Test("kat_MLDSA_*_det_pure.rsp: all 100 records", arguments: KnownAnswerFile.all)
    func knownAnswers(_ file: KnownAnswerFile) throws {
        // The records follow each other without blank lines: each starts at its "count = " line.
        let text = try VectorFiles.text("kat_MLDSA_\(file.size)_det_pure.rsp")
            .replacingOccurrences(of: "\ncount = ", with: "\n\ncount = ")
        let records = NISTResponseFile.records(text).filter { $0.has("sm") }
        #expect(records.count == 100)
        for record in records { try file.run(record) }
    }
}

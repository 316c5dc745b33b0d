// The key's reused blinding pairs (Sources/PureRSA/RSABlinding.swift): signatures stay those of OpenSSL
// (rsa_signing_cryptography.json, Python `cryptography`) across the squarings between fresh pairs, the
// refresh after 32 operations, and concurrent use of one key.

import PureBase64
@testable import PureRSA
import PureSHA2
import Testing
import TestSupport

private struct CryptographyFile: Decodable {
    struct Signature: Decodable { let hash: String; let message: String; let signature: String }
    struct Case: Decodable { let bits: Int; let pkcs8_pem: String; let signatures: [Signature] }
    let cases: [Case]
}

struct RSABlindingTests {
    /// The first 2048-bit key of the file and its SHA-256 signature: (key, digest, expected signature).
    private func vector() throws -> (RSA.Signing.PrivateKey, SHA256Digest, [UInt8]) {
        let file = try VectorFiles.json(CryptographyFile.self, "rsa_signing_cryptography.json")
        let test = try #require(file.cases.first { $0.bits == 2048 })
        let signature = try #require(test.signatures.first { $0.hash == "SHA-256" })
        return (try RSA.Signing.PrivateKey(pemRepresentation: test.pkcs8_pem), SHA256.hash(data: try [UInt8](hex: signature.message)),
                try [UInt8](hex: signature.signature))
    }

    @Test("40 signatures in a row are OpenSSL's: a pair squared 31 times, then a fresh one at the 33rd operation")
    func sequential() throws {
        let (key, digest, expected) = try vector()
        #expect(RSABlindingPairs.usesPerPair == 32)
        for i in 1...40 {
            #expect(try key.signature(for: digest).rawRepresentation == expected, "signature \(i)")
            if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *), i == 1 || i == 32 || i == 33 || i == 40 {
                // One caller at a time: always the first slot.
                let uses = key.storage.blindingPairs.usesBySlot
                #expect(uses.count == RSABlindingPairs.slotCount)
                #expect(uses.first == [1: 1, 32: 32, 33: 1, 40: 8][i], "after signature \(i)")
                #expect(uses.dropFirst().allSatisfy { $0 == 0 })
            }
        }
    }

    @Test("16 tasks signing with one key at once (more tasks than slots): every signature is OpenSSL's")
    func concurrent() async throws {
        let (key, digest, expected) = try vector()
        let signatures = try await withThrowingTaskGroup(of: [[UInt8]].self) { group in
            for _ in 0..<16 {
                group.addTask { try (0..<4).map { _ in try key.signature(for: digest).rawRepresentation } }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(signatures.count == 64)
        #expect(signatures.allSatisfy { $0 == expected })
    }
}

// ML-DSA keys in RFC 9881's formats against mldsa_key_formats.json (scripts/crosscheck/mldsa-key-formats.py:
// seed-form PKCS#8 and SPKI written by Python `cryptography`, expanded and both forms around pyca's expanded
// keys), Wycheproof's PKCS#8 and SPKI encodings, and the refusals an auditor would try.

import Foundation
import PureMLDSA
import Testing
import TestSupport

private struct KeyFormats: Decodable {
    struct Size: Decodable {
        struct Refused: Decodable { let name: String; let der: String }
        let size: Int
        let seed, publicKey, expandedKey, pkcs8Seed, pkcs8SeedPEM, pkcs8Expanded, pkcs8Both, spki, spkiPEM: String
        let refused: [Refused]
    }
    let sizes: [Size]
}

struct KeyFormatVariant: Sendable, CustomTestStringConvertible {
    let size: Int
    let check: @Sendable () throws -> Void
    var testDescription: String { "ML-DSA-\(size)" }

    static let all = [
        KeyFormatVariant(size: 44) { try MLDSAKeyFormatTests.check(MLDSA44.self, 44) },
        KeyFormatVariant(size: 65) { try MLDSAKeyFormatTests.check(MLDSA65.self, 65) },
        KeyFormatVariant(size: 87) { try MLDSAKeyFormatTests.check(MLDSA87.self, 87) },
    ]
}

@Suite("ML-DSA key formats")
struct MLDSAKeyFormatTests {
    static func check<Set: MLDSAParameterSet>(_: Set.Type, _ size: Int) throws {
        let file = try VectorFiles.json(KeyFormats.self, "mldsa_key_formats.json")
        let vector = try #require(file.sizes.first { $0.size == size })

        let fromSeed = try MLDSAPrivateKey<Set>(derRepresentation: [UInt8](hex: vector.pkcs8Seed))
        #expect(fromSeed.seedRepresentation?.hex == vector.seed)
        #expect(fromSeed.publicKey.rawRepresentation.hex == vector.publicKey)
        #expect(fromSeed.derRepresentation.hex == vector.pkcs8Seed, "written in the seed form, as cryptography writes it")
        #expect(try MLDSAPrivateKey<Set>(pemRepresentation: vector.pkcs8SeedPEM).seedRepresentation?.hex == vector.seed)
        #expect(fromSeed.pemRepresentation == vector.pkcs8SeedPEM)

        let fromExpanded = try MLDSAPrivateKey<Set>(derRepresentation: [UInt8](hex: vector.pkcs8Expanded))
        #expect(fromExpanded.seedRepresentation == nil)
        #expect(fromExpanded.expandedRepresentation.hex == vector.expandedKey)
        #expect(fromExpanded.publicKey.rawRepresentation.hex == vector.publicKey)
        #expect(fromExpanded.derRepresentation.hex == vector.pkcs8Expanded, "a key without a seed is written expanded")

        let fromBoth = try MLDSAPrivateKey<Set>(derRepresentation: [UInt8](hex: vector.pkcs8Both))
        #expect(fromBoth.seedRepresentation?.hex == vector.seed)
        #expect(fromBoth.expandedRepresentation.hex == vector.expandedKey)

        for refused in vector.refused {
            #expect(throws: MLDSAError.self, "\(refused.name)") { try MLDSAPrivateKey<Set>(derRepresentation: [UInt8](hex: refused.der)) }
        }

        let publicKey = try MLDSAPublicKey<Set>(derRepresentation: [UInt8](hex: vector.spki))
        #expect(publicKey.rawRepresentation.hex == vector.publicKey)
        #expect(publicKey.derRepresentation.hex == vector.spki)
        #expect(try MLDSAPublicKey<Set>(pemRepresentation: vector.spkiPEM) == publicKey)
        #expect(publicKey.pemRepresentation == vector.spkiPEM)
    }

    @Test("seed, expanded and both forms; SPKI; refusals", arguments: KeyFormatVariant.all)
    func formats(_ variant: KeyFormatVariant) throws { try variant.check() }

    @Test("a key of another parameter set or algorithm is refused, naming what it is")
    func wrongAlgorithm() throws {
        let file = try VectorFiles.json(KeyFormats.self, "mldsa_key_formats.json")
        let mldsa44 = try #require(file.sizes.first { $0.size == 44 })
        let der = try [UInt8](hex: mldsa44.pkcs8Seed)
        do {
            _ = try MLDSA65.PrivateKey(derRepresentation: der)
            Issue.record("an ML-DSA-44 key read as ML-DSA-65")
        } catch {
            #expect(error.description.contains("id-ml-dsa-44"), "\(error)")
        }
        #expect(throws: MLDSAError.self) { try MLDSA65.PublicKey(derRepresentation: [UInt8](hex: mldsa44.spki)) }
        // An Ed25519 SPKI (RFC 8410 §10.1).
        let ed25519 = try [UInt8](hex: "302a300506032b657003210019bf44096984cdfe8541bac167dc3b96c85086aa30b6b6cb0c5c38ad703166e1")
        #expect(throws: MLDSAError.self) { try MLDSA44.PublicKey(derRepresentation: ed25519) }
    }

    @Test("an expanded key whose parts disagree is refused")
    func corruptedExpandedKey() throws {
        let file = try VectorFiles.json(KeyFormats.self, "mldsa_key_formats.json")
        let vector = try #require(file.sizes.first { $0.size == 65 })
        let expanded = try [UInt8](hex: vector.expandedKey)
        // ρ, K, tr, s₁ (128 + 5 · 128 bytes), s₂ (6 · 128), t₀ (6 · 416).
        for (offset, part) in [(40, "K (unchecked: any K signs)"), (64, "tr"), (200, "s₁"), (128 + 640 + 10, "s₂"), (4000, "t₀"), (5, "ρ")] {
            var corrupted = expanded
            corrupted[offset] ^= 0x01
            if part.hasPrefix("K") {
                #expect((try? MLDSA65.PrivateKey(expandedRepresentation: corrupted)) != nil, "\(part)")
            } else {
                #expect(throws: MLDSAError(.invalidExpandedKey), "\(part)") { try MLDSA65.PrivateKey(expandedRepresentation: corrupted) }
            }
        }
        // A coefficient of s₁ outside [−η, η]: η − s = 15 > 2η for ML-DSA-65 (η = 4, 4 bits each).
        var outOfRange = expanded
        outOfRange[128] = 0xFF
        #expect(throws: MLDSAError(.invalidExpandedKey)) { try MLDSA65.PrivateKey(expandedRepresentation: outOfRange) }
        #expect(throws: MLDSAError.self) { try MLDSA65.PrivateKey(expandedRepresentation: expanded.dropLast()) }
    }

    @Test("Wycheproof's PKCS#8 and SPKI encodings")
    func wycheproofEncodings() throws {
        struct Group: Decodable { let privateSeed: String; let privateKeyPkcs8: String?; let publicKey: String? }
        struct VerifyGroup: Decodable { let publicKey: String; let publicKeyDer: String? }
        struct File<G: Decodable>: Decodable { let testGroups: [G] }
        var checked = 0
        for group in try VectorFiles.json(File<Group>.self, "mldsa_65_sign_seed_test.json").testGroups {
            guard let der = group.privateKeyPkcs8, let publicKey = group.publicKey else { continue }
            let key = try MLDSA65.PrivateKey(derRepresentation: [UInt8](hex: der))
            #expect(key.seedRepresentation?.hex == group.privateSeed)
            #expect(key.publicKey.rawRepresentation.hex == publicKey)
            #expect(key.derRepresentation.hex == der)
            checked += 1
        }
        for group in try VectorFiles.json(File<VerifyGroup>.self, "mldsa_65_verify_test.json").testGroups {
            guard let der = group.publicKeyDer, let key = try? MLDSA65.PublicKey(derRepresentation: [UInt8](hex: der)) else { continue }
            #expect(key.rawRepresentation.hex == group.publicKey)
            #expect(key.derRepresentation.hex == der)
            checked += 1
        }
        #expect(checked > 10)
    }

    @Test("a private key's description shows no secret")
    func redaction() throws {
        let key = try MLDSA65.PrivateKey(seedRepresentation: [UInt8](repeating: 0x2A, count: 32))
        let text = "\(key) \(String(reflecting: key))"
        #expect(text.contains("redacted"))
        #expect(!text.contains("2a2a2a2a"))
        var dumped = ""
        dump(key, to: &dumped)
        #expect(!dumped.contains("42, 42"))
        // K, the secret that seeds every signature (bytes 32..<64 of the expanded key; the first 32 are ρ, public).
        #expect(!dumped.contains(key.expandedRepresentation[32..<40].hex))
        #expect(!dumped.contains(key.expandedRepresentation[32..<40].map(String.init).joined(separator: "\n")))
        #expect(dumped.count < 2000, "a dump shows the keys' summaries, not their arrays")
    }
}

// ML-DSA against every case of Wycheproof's mldsa_{44,65,87}_sign_seed_test.json (keys from seeds,
// deterministic and randomized signatures, μ, over-long contexts, wrong seed lengths) and
// mldsa_{44,65,87}_verify_test.json (malformed hints, norm violations, wrong lengths, zero keys).

import PureMLDSA
import Testing
import TestSupport

/// Runs one parameter set's tests through the generic key types.
struct MLDSAVariant: Sendable, CustomTestStringConvertible {
    let size: Int
    let signTests: Int
    let verifyTests: Int
    let run: @Sendable (MLDSAVariant) throws -> (signed: Int, verified: Int)
    var testDescription: String { "ML-DSA-\(size)" }

    static let all = [
        MLDSAVariant(size: 44, signTests: 86, verifyTests: 180) { try MLDSAWycheproofTests.runBoth(MLDSA44.self, $0) },
        MLDSAVariant(size: 65, signTests: 105, verifyTests: 210) { try MLDSAWycheproofTests.runBoth(MLDSA65.self, $0) },
        MLDSAVariant(size: 87, signTests: 96, verifyTests: 241) { try MLDSAWycheproofTests.runBoth(MLDSA87.self, $0) },
    ]
}

@Suite("ML-DSA, Wycheproof")
struct MLDSAWycheproofTests {
    struct SignGroup: WycheproofTestGroup {
        let privateSeed: String
        /// Absent for the groups whose seed has the wrong length.
        let publicKey: String?
        let tests: [SignCase]
    }
    struct SignCase: WycheproofTestCase {
        let tcId: Int
        let comment: String
        let flags: [String]
        let result: WycheproofResult
        let msg: String?
        let mu: String?
        let ctx: String?
        let rnd: String?
        let sig: String
    }
    struct VerifyGroup: WycheproofTestGroup {
        let publicKey: String
        let tests: [VerifyCase]
    }
    struct VerifyCase: WycheproofTestCase {
        let tcId: Int
        let comment: String
        let flags: [String]
        let result: WycheproofResult
        let msg: String
        let ctx: String?
        let sig: String
    }

    static func runBoth<Set: MLDSAParameterSet>(_: Set.Type, _ variant: MLDSAVariant) throws -> (signed: Int, verified: Int) {
        let signed = try Wycheproof.run(
            "mldsa_\(variant.size)_sign_seed_test.json", groups: SignGroup.self,
            knownFlags: ["BoundaryCondition", "InvalidContext", "ManySteps", "Randomized", "ValidSignature", "Internal",
                         "IncorrectPrivateKeyLength"]
        ) { group, test in
            let key = try MLDSAPrivateKey<Set>(seedRepresentation: [UInt8](hex: group.privateSeed))
            #expect(key.publicKey.rawRepresentation.hex == (try #require(group.publicKey)), "tcId \(test.tcId): public key of the seed")
            let randomness = try test.rnd.map { try [UInt8](hex: $0) } ?? [UInt8](repeating: 0, count: 32)
            let expected = try [UInt8](hex: test.sig)
            let signature: [UInt8]
            if let message = test.msg {
                let context = try [UInt8](hex: test.ctx ?? "")
                if let mu = test.mu {
                    #expect(try key.publicKey.messageRepresentative(for: [UInt8](hex: message), context: context).hex == mu, "tcId \(test.tcId): μ")
                }
                signature = try key.signature(for: [UInt8](hex: message), context: context, randomness: randomness)
            } else {
                // External μ only ("Internal"): Sign_internal on the given μ.
                signature = try key.signature(forMessageRepresentative: [UInt8](hex: #require(test.mu)), randomness: randomness)
                #expect(key.publicKey.isValidSignature(signature, forMessageRepresentative: try [UInt8](hex: #require(test.mu))))
                return signature == expected
            }
            #expect(key.publicKey.isValidSignature(signature, for: try [UInt8](hex: test.msg!), context: try [UInt8](hex: test.ctx ?? "")),
                    "tcId \(test.tcId): our signature verifies")
            return signature == expected
        }
        let verified = try Wycheproof.run(
            "mldsa_\(variant.size)_verify_test.json", groups: VerifyGroup.self,
            knownFlags: ["BoundaryCondition", "IncorrectPublicKeyLength", "IncorrectSignatureLength", "InvalidContext",
                         "InvalidHintsEncoding", "InvalidPrivateKey", "ManySteps", "ModifiedSignature", "ValidSignature",
                         "ZeroPublicKey", "InfinityNormViolation", "InvalidSignature", "MissingReduction"],
            flagsMissingFromNotes: ["InvalidSignature"]
        ) { group, test in
            let key = try MLDSAPublicKey<Set>(rawRepresentation: [UInt8](hex: group.publicKey))
            return key.isValidSignature(try [UInt8](hex: test.sig), for: try [UInt8](hex: test.msg), context: try [UInt8](hex: test.ctx ?? ""))
        }
        return (signed, verified)
    }

    @Test("sign_seed and verify files: every case", arguments: MLDSAVariant.all)
    func wycheproof(_ variant: MLDSAVariant) throws {
        let (signed, verified) = try variant.run(variant)
        #expect(signed == variant.signTests)
        #expect(verified == variant.verifyTests)
    }
}

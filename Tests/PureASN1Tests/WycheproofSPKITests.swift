// SubjectPublicKeyInfo parsing against Wycheproof's ECDH files, which carry hundreds of well-formed and
// malformed DER and PEM encodings of P-256 public keys. Only the public keys are used here; the shared
// secrets belong to no module yet.
//
// Which flags are whose:
//   PureASN1 (this test) must reject
//     InvalidAsn / InvalidPem / InvalidEncoding when the DER breaks a rule (lengths, tags, trailing bytes,
//       truncation, the OID) — except where only the BIT STRING's content changed, see below;
//     UnnamedCurve, ModifiedCofactor, ModifiedGenerator, ModifiedGroup, ModifiedPrime, ModifiedCurveParameter,
//       NegativeCofactor, LargeCofactor, NoCofactor, WrongOrder, UnusedParam, WeakPublicKey: explicit curve
//       parameters, which PKIX forbids (RFC 5480 §2.1.1) — a P-256 key must name prime256v1;
//     WrongCurve: another named curve.
//   PureP256 (point validation, not this module) must reject
//     InvalidCurveAttack, InvalidPublic, ModifiedPublicPoint, InvalidCompressedPublic, WrongCurve cases whose
//     SPKI names P-256 but whose point lies on the twist, and InvalidAsn/InvalidEncoding cases whose DER is
//     sound but whose BIT STRING holds a wrong point (wrong length, prefix or coordinates): PureASN1 hands
//     those bytes over and the curve code refuses them.
//   CompressedPoint / CompressedPublic: well-formed DER around a compressed point; PureP256 decides.

import PureASN1
import Testing
import TestSupport

private let asn1Flags: Set<String> = [
    "UnnamedCurve", "ModifiedCofactor", "ModifiedGenerator", "ModifiedGroup", "ModifiedPrime", "ModifiedCurveParameter",
    "NegativeCofactor", "LargeCofactor", "NoCofactor", "WrongOrder", "UnusedParam", "WeakPublicKey", "WrongCurve",
]
private let encodingFlags: Set<String> = ["InvalidAsn", "InvalidPem", "InvalidEncoding"]
private let pointFlags: Set<String> = [
    "InvalidCurveAttack", "InvalidPublic", "ModifiedPublicPoint", "InvalidCompressedPublic",
    "CompressedPoint", "CompressedPublic",
]
private let arithmeticFlags: Set<String> = [
    "Normal", "AdditionChain", "CVE-2017-8932", "EdgeCaseDoubling", "EdgeCaseEphemeralKey", "EdgeCaseSharedSecret",
]

private struct EcdhGroup: WycheproofTestGroup {
    let curve: String
    let encoding: String
    let tests: [EcdhCase]
}
private struct EcdhCase: WycheproofTestCase {
    let tcId: Int
    let comment: String
    let flags: [String]
    let result: WycheproofResult
    let `public`: String
}
private struct IndependentPoints: Decodable {
    struct Entry: Decodable { let algorithm: String; let curve: String?; let point_hex: String }
    let points: [String: Entry]
}

@Suite("Wycheproof ECDH public keys (SPKI)")
struct WycheproofSPKITests {
    private let independent = (try? VectorFiles.json(IndependentPoints.self, "ecdh_secp256r1_points.json"))?.points ?? [:]

    /// Invalid or acceptable cases whose DER is sound and names P-256, so that only point validation can
    /// refuse them (InvalidCurveAttack, InvalidPublic, ModifiedPublicPoint, compressed and twist points,
    /// and the InvalidAsn/InvalidEncoding cases that change only the BIT STRING's content).
    private let expectedDeferred = 33

    private func run(_ file: String, parse: (String) throws -> ECPublicKeyMaterial) throws {
        #expect(independent.count > 300)
        var deferredToP256: [Int] = []
        let count = try Wycheproof.run(
            file, groups: EcdhGroup.self, knownFlags: asn1Flags.union(encodingFlags).union(pointFlags).union(arithmeticFlags),
            acceptable: .reject
        ) { group, test in
            #expect(group.curve == "secp256r1")
            let flags = Set(test.flags)
            let reference = independent[String(test.tcId)]
            let namesP256 = reference?.algorithm == "1.2.840.10045.2.1" && reference?.curve == "1.2.840.10045.3.1.7"
            // WrongCurve also marks points on P-256's twist inside a P-256 SPKI: those are PureP256's.
            let mustReject = !flags.isDisjoint(with: asn1Flags) && !namesP256
            switch Result(catching: { try parse(test.public) }) {
            case .success(let key):
                // Whatever PureASN1 accepts, the independent decoder must read the same way.
                #expect(reference?.point_hex == key.point.hex, "tcId \(test.tcId): point differs from pyasn1's")
                #expect(namesP256, "tcId \(test.tcId): pyasn1 does not see a P-256 SPKI")
                if mustReject { return true }   // reported by the runner as a wrong accept
                if test.result == .valid { return true }
                // Sound DER naming P-256 around a point that is wrong (not on the curve, wrong length or
                // prefix, on the twist): only the curve code can refuse it. Counted, and answered here as
                // the whole stack will answer once PureP256 validates points.
                deferredToP256.append(test.tcId)
                return false
            case .failure(let error):
                if test.result == .valid {
                    Issue.record("tcId \(test.tcId) (\(test.comment)): valid key refused: \(error)")
                }
                return false
            }
        }
        #expect(count == 612)
        // Recorded so that a change in the split shows up in review: these cases reach PureP256.
        #expect(deferredToP256.count == expectedDeferred, "deferred to PureP256: \(deferredToP256)")
    }

    @Test("ecdh_secp256r1_test.json (DER): every case")
    func der() throws {
        try run("ecdh_secp256r1_test.json") { hex in
            try ECPublicKeyMaterial(derRepresentation: [UInt8](hex: hex), curve: .prime256v1)
        }
    }

    @Test("ecdh_secp256r1_pem_test.json (PEM): every case")
    func pem() throws {
        try run("ecdh_secp256r1_pem_test.json") { text in
            try ECPublicKeyMaterial(pemRepresentation: text, curve: .prime256v1)
        }
    }

    @Test("every well-formed key round-trips to the same DER")
    func roundTrip() throws {
        let file = try VectorFiles.json(WycheproofFile<EcdhGroup>.self, "ecdh_secp256r1_test.json")
        var roundTripped = 0
        for test in file.testGroups.flatMap(\.tests) where test.result == .valid {
            let der = try [UInt8](hex: test.public)
            let info = try SubjectPublicKeyInfo(derEncoded: der)
            #expect(info.derRepresentation == der, "tcId \(test.tcId)")
            roundTripped += 1
        }
        #expect(roundTripped == 330)
    }
}

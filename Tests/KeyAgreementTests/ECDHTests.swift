// ECDH on P-256, P-384 and P-521 (P256/P384/P521.KeyAgreement): every case of Wycheproof's ecdh_secp256r1
// files (peer keys as SubjectPublicKeyInfo DER, as SEC 1 points and as PEM), agreement both ways with
// fresh keys, the key encodings the generated key types share with Signing, and redaction.
//
// The P-384 and P-521 files (Vectors/ecdh_secp384r1_*, ecdh_secp521r1_*) run, every case under the same
// policy, on the release build in scripts/known-answer-loops.sh, which CI runs: on the generic arithmetic
// unspecialised in a debug build their 3,400 cases take minutes.

import PureP256
import PureP384
import PureP521
import Testing
import TestSupport

private struct ECDHGroup: WycheproofTestGroup {
    let curve: String
    let encoding: String
    let tests: [ECDHCase]
}

private struct ECDHCase: WycheproofTestCase {
    let tcId: Int
    let comment: String
    let flags: [String]
    let result: WycheproofResult
    let `public`: String
    let `private`: String
    let shared: String
}

/// One curve's key agreement through its public API, in the forms the vector files give keys.
private struct Curve: Sendable, CustomTestStringConvertible {
    let name: String
    let wycheproofName: String
    let byteCount: Int
    /// The shared secret of a raw private scalar and a peer key given as SPKI DER, a SEC 1 point, or PEM.
    let withDER: @Sendable (_ privateKey: [UInt8], _ peer: [UInt8]) throws -> [UInt8]
    let withPoint: @Sendable (_ privateKey: [UInt8], _ peer: [UInt8]) throws -> [UInt8]
    let withPEM: @Sendable (_ privateKeyPEM: String, _ peerPEM: String) throws -> [UInt8]
    /// Two fresh keys: (a's secret with b's public key, b's with a's).
    let freshPair: @Sendable () throws -> ([UInt8], [UInt8])
    /// A fresh private key's PEM, DER and raw forms read back, and its description.
    let encodings: @Sendable () throws -> (roundTrips: Bool, description: String, raw: [UInt8])

    /// The group order n, big-endian.
    let order: String
    /// Whether the shared secret of scalar k with the generator G (G's own key pair: k = 1) equals the x of
    /// k·G computed by the signing keys' fixed-base comb, another code path.
    let agreesWithComb: @Sendable (_ k: [UInt8]) throws -> Bool

    var testDescription: String { name }

    var asnFile: String { "ecdh_\(wycheproofName)_test.json" }
    var pointFile: String { "ecdh_\(wycheproofName)_ecpoint_test.json" }

    /// Wycheproof's private keys are ASN.1 INTEGER magnitudes: a leading 00 on some, short on others.
    func scalar(_ hex: String) throws -> [UInt8] {
        let bytes = Array(try [UInt8](hex: hex).drop { $0 == 0 })
        return [UInt8](repeating: 0, count: max(0, byteCount - bytes.count)) + bytes
    }
}

private func bytes(_ secret: SharedSecret) -> [UInt8] { secret.withUnsafeBytes { Array($0) } }

private let p256 = Curve(
    name: "P-256", wycheproofName: "secp256r1", byteCount: 32,
    withDER: { try bytes(P256.KeyAgreement.PrivateKey(rawRepresentation: $0).sharedSecretFromKeyAgreement(with: .init(derRepresentation: $1))) },
    withPoint: { d, point in
        let peer = try point.first == 0x04 ? P256.KeyAgreement.PublicKey(x963Representation: point) : P256.KeyAgreement.PublicKey(compressedRepresentation: point)
        return bytes(try P256.KeyAgreement.PrivateKey(rawRepresentation: d).sharedSecretFromKeyAgreement(with: peer))
    },
    withPEM: { try bytes(P256.KeyAgreement.PrivateKey(pemRepresentation: $0).sharedSecretFromKeyAgreement(with: .init(pemRepresentation: $1))) },
    freshPair: {
        let a = P256.KeyAgreement.PrivateKey(), b = P256.KeyAgreement.PrivateKey()
        return (bytes(try a.sharedSecretFromKeyAgreement(with: b.publicKey)), bytes(try b.sharedSecretFromKeyAgreement(with: a.publicKey)))
    },
    encodings: {
        let key = P256.KeyAgreement.PrivateKey()
        let again = [try P256.KeyAgreement.PrivateKey(pemRepresentation: key.pemRepresentation),
                     try P256.KeyAgreement.PrivateKey(derRepresentation: key.derRepresentation),
                     try P256.KeyAgreement.PrivateKey(rawRepresentation: key.rawRepresentation)]
        let publicAgain = try P256.KeyAgreement.PublicKey(compressedRepresentation: key.publicKey.compressedRepresentation)
        let roundTrips = again.allSatisfy { $0.rawRepresentation == key.rawRepresentation && $0.publicKey == key.publicKey } && publicAgain == key.publicKey
        return (roundTrips, "\(key) \(String(reflecting: key))", key.rawRepresentation)
    },
    order: "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551",
    agreesWithComb: { k in
        let one = [UInt8](repeating: 0, count: k.count - 1) + [1]
        let generator = try P256.KeyAgreement.PrivateKey(rawRepresentation: one).publicKey
        let secret = try P256.KeyAgreement.PrivateKey(rawRepresentation: k).sharedSecretFromKeyAgreement(with: generator)
        let comb = try P256.Signing.PrivateKey(rawRepresentation: k).publicKey.rawRepresentation
        return bytes(secret) == Array(comb.prefix(k.count))
    })

private let p384 = Curve(
    name: "P-384", wycheproofName: "secp384r1", byteCount: 48,
    withDER: { try bytes(P384.KeyAgreement.PrivateKey(rawRepresentation: $0).sharedSecretFromKeyAgreement(with: .init(derRepresentation: $1))) },
    withPoint: { d, point in
        let peer = try point.first == 0x04 ? P384.KeyAgreement.PublicKey(x963Representation: point) : P384.KeyAgreement.PublicKey(compressedRepresentation: point)
        return bytes(try P384.KeyAgreement.PrivateKey(rawRepresentation: d).sharedSecretFromKeyAgreement(with: peer))
    },
    withPEM: { try bytes(P384.KeyAgreement.PrivateKey(pemRepresentation: $0).sharedSecretFromKeyAgreement(with: .init(pemRepresentation: $1))) },
    freshPair: {
        let a = P384.KeyAgreement.PrivateKey(), b = P384.KeyAgreement.PrivateKey()
        return (bytes(try a.sharedSecretFromKeyAgreement(with: b.publicKey)), bytes(try b.sharedSecretFromKeyAgreement(with: a.publicKey)))
    },
    encodings: {
        let key = P384.KeyAgreement.PrivateKey()
        let again = [try P384.KeyAgreement.PrivateKey(pemRepresentation: key.pemRepresentation),
                     try P384.KeyAgreement.PrivateKey(derRepresentation: key.derRepresentation),
                     try P384.KeyAgreement.PrivateKey(rawRepresentation: key.rawRepresentation)]
        let publicAgain = try P384.KeyAgreement.PublicKey(compressedRepresentation: key.publicKey.compressedRepresentation)
        let roundTrips = again.allSatisfy { $0.rawRepresentation == key.rawRepresentation && $0.publicKey == key.publicKey } && publicAgain == key.publicKey
        return (roundTrips, "\(key) \(String(reflecting: key))", key.rawRepresentation)
    },
    order: "ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973",
    agreesWithComb: { k in
        let one = [UInt8](repeating: 0, count: k.count - 1) + [1]
        let generator = try P384.KeyAgreement.PrivateKey(rawRepresentation: one).publicKey
        let secret = try P384.KeyAgreement.PrivateKey(rawRepresentation: k).sharedSecretFromKeyAgreement(with: generator)
        let comb = try P384.Signing.PrivateKey(rawRepresentation: k).publicKey.rawRepresentation
        return bytes(secret) == Array(comb.prefix(k.count))
    })

private let p521 = Curve(
    name: "P-521", wycheproofName: "secp521r1", byteCount: 66,
    withDER: { try bytes(P521.KeyAgreement.PrivateKey(rawRepresentation: $0).sharedSecretFromKeyAgreement(with: .init(derRepresentation: $1))) },
    withPoint: { d, point in
        let peer = try point.first == 0x04 ? P521.KeyAgreement.PublicKey(x963Representation: point) : P521.KeyAgreement.PublicKey(compressedRepresentation: point)
        return bytes(try P521.KeyAgreement.PrivateKey(rawRepresentation: d).sharedSecretFromKeyAgreement(with: peer))
    },
    withPEM: { try bytes(P521.KeyAgreement.PrivateKey(pemRepresentation: $0).sharedSecretFromKeyAgreement(with: .init(pemRepresentation: $1))) },
    freshPair: {
        let a = P521.KeyAgreement.PrivateKey(), b = P521.KeyAgreement.PrivateKey()
        return (bytes(try a.sharedSecretFromKeyAgreement(with: b.publicKey)), bytes(try b.sharedSecretFromKeyAgreement(with: a.publicKey)))
    },
    encodings: {
        let key = P521.KeyAgreement.PrivateKey()
        let again = [try P521.KeyAgreement.PrivateKey(pemRepresentation: key.pemRepresentation),
                     try P521.KeyAgreement.PrivateKey(derRepresentation: key.derRepresentation),
                     try P521.KeyAgreement.PrivateKey(rawRepresentation: key.rawRepresentation)]
        let publicAgain = try P521.KeyAgreement.PublicKey(compressedRepresentation: key.publicKey.compressedRepresentation)
        let roundTrips = again.allSatisfy { $0.rawRepresentation == key.rawRepresentation && $0.publicKey == key.publicKey } && publicAgain == key.publicKey
        return (roundTrips, "\(key) \(String(reflecting: key))", key.rawRepresentation)
    },
    order: "01fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffa51868783bf2f966b7fcc0148f709a5d03bb5c9b8899c47aebb6fb71e91386409",
    agreesWithComb: { k in
        let one = [UInt8](repeating: 0, count: k.count - 1) + [1]
        let generator = try P521.KeyAgreement.PrivateKey(rawRepresentation: one).publicKey
        let secret = try P521.KeyAgreement.PrivateKey(rawRepresentation: k).sharedSecretFromKeyAgreement(with: generator)
        let comb = try P521.Signing.PrivateKey(rawRepresentation: k).publicKey.rawRepresentation
        return bytes(secret) == Array(comb.prefix(k.count))
    })

/// Every flag the ecdh files use (their notes define them); each was looked at.
private let ecdhFlags: Set<String> = [
    "AdditionChain", "CVE-2017-8932", "CVE_2017_10176", "CompressedPoint", "CompressedPublic", "EdgeCaseDoubling",
    "EdgeCaseEphemeralKey", "EdgeCaseSharedSecret", "InvalidAsn", "InvalidCompressedPublic", "InvalidCurveAttack",
    "InvalidEncoding", "InvalidPem", "InvalidPublic", "LargeCofactor", "ModifiedCofactor", "ModifiedCurveParameter",
    "ModifiedGenerator", "ModifiedGroup", "ModifiedPrime", "ModifiedPublicPoint", "NegativeCofactor", "NoCofactor",
    "Normal", "UnnamedCurve", "UnusedParam", "WeakPublicKey", "WrongCurve", "WrongOrder",
]

/// "Acceptable" cases: BER or otherwise non-DER key encodings and curves given by explicit parameters are
/// refused (keys are strict DER with a named curve, as for signing); a compressed point is accepted.
private let acceptablePolicy = WycheproofAcceptablePolicy.rejectFlagged(["InvalidAsn", "UnnamedCurve", "InvalidPem"])

@Suite("ECDH (P-256, P-384, P-521)")
struct ECDHTests {
    @Test("Wycheproof ecdh_secp256r1_test.json: every case, peer keys as SubjectPublicKeyInfo DER", arguments: [p256])
    fileprivate func subjectPublicKeyInfo(curve: Curve) throws {
        let run = try Wycheproof.run(curve.asnFile, groups: ECDHGroup.self, knownFlags: ecdhFlags, acceptable: acceptablePolicy) { group, test in
            #expect(group.curve == curve.wycheproofName && group.encoding == "asn")
            let shared = try curve.withDER(try curve.scalar(test.private), try [UInt8](hex: test.public))
            #expect(shared == (try [UInt8](hex: test.shared)), "tcId \(test.tcId)")
            return shared == (try [UInt8](hex: test.shared))
        }
        #expect(run > 600)
    }

    @Test("Wycheproof ecdh_secp256r1_ecpoint_test.json: every case, peer keys as SEC 1 points", arguments: [p256])
    fileprivate func sec1Points(curve: Curve) throws {
        let run = try Wycheproof.run(curve.pointFile, groups: ECDHGroup.self, knownFlags: ecdhFlags, acceptable: acceptablePolicy) { group, test in
            #expect(group.curve == curve.wycheproofName && group.encoding == "ecpoint")
            let shared = try curve.withPoint(try curve.scalar(test.private), try [UInt8](hex: test.public))
            #expect(shared == (try [UInt8](hex: test.shared)), "tcId \(test.tcId)")
            return shared == (try [UInt8](hex: test.shared))
        }
        #expect(run > 350)
    }

    @Test("Wycheproof ecdh_secp256r1_pem_test.json: every case, both keys as PEM")
    func pem() throws {
        let run = try Wycheproof.run("ecdh_secp256r1_pem_test.json", groups: ECDHGroup.self, knownFlags: ecdhFlags, acceptable: acceptablePolicy) { group, test in
            #expect(group.curve == "secp256r1" && group.encoding == "pem")
            let shared = try p256.withPEM(test.private, test.public)
            #expect(shared == (try [UInt8](hex: test.shared)), "tcId \(test.tcId)")
            return shared == (try [UInt8](hex: test.shared))
        }
        #expect(run == 612)
    }

    @Test("P-384 and P-521: the Wycheproof cases flagged Normal, as DER and as points (every case: release run)", arguments: [p384, p521])
    fileprivate func normalCases(curve: Curve) throws {
        var run = 0
        for (file, agree) in [(curve.asnFile, curve.withDER), (curve.pointFile, curve.withPoint)] {
            let vectors = try VectorFiles.json(WycheproofFile<ECDHGroup>.self, file)
            for test in vectors.testGroups.flatMap(\.tests) where test.flags == ["Normal"] {
                #expect(test.result == .valid)
                #expect(try agree(try curve.scalar(test.private), try [UInt8](hex: test.public)) == (try [UInt8](hex: test.shared)), "\(file) tcId \(test.tcId)")
                run += 1
            }
        }
        #expect(run >= 2)
    }

    /// P-384's and P-521's (20 s of debug CPU) run on the release build, in scripts/known-answer-loops.sh
    /// (`ecdh-edge`, the same scalars and comparison), which CI runs.
    @Test("Scalars 1…24 and n − 24…n − 1 with G: the ladder's first windows and its last-window doubling (P-384, P-521: release run)", arguments: [p256])
    fileprivate func edgeScalars(curve: Curve) throws {
        let n = try [UInt8](hex: curve.order)
        var scalars: [[UInt8]] = []
        for small in 1...24 { scalars.append([UInt8](repeating: 0, count: curve.byteCount - 1) + [UInt8(small)]) }
        for below in 1...24 {
            var k = n, borrow = below
            for index in k.indices.reversed() where borrow > 0 {
                let value = Int(k[index]) - borrow
                k[index] = UInt8((value + 256) % 256)
                borrow = value < 0 ? 1 : 0
            }
            scalars.append(k)
        }
        for k in scalars {
            #expect(try curve.agreesWithComb(k), "k = \(k.map { String($0) })")
        }
    }

    @Test("Fresh key pairs agree both ways", arguments: [p256, p384, p521])
    fileprivate func agreement(curve: Curve) throws {
        for _ in 0..<8 {
            let (ab, ba) = try curve.freshPair()
            #expect(ab == ba)
            #expect(ab.count == curve.byteCount)
        }
    }

    @Test("Private keys read back from PEM, DER and raw; descriptions redact the scalar", arguments: [p256, p384, p521])
    fileprivate func encodingsAndRedaction(curve: Curve) throws {
        let (roundTrips, description, raw) = try curve.encodings()
        #expect(roundTrips)
        #expect(description.contains("KeyAgreement.PrivateKey(redacted"))
        let hex = raw.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        #expect(!description.contains(hex.suffix(16)))
    }

    @Test("A point of another curve is refused with pointNotOnCurve")
    func wrongCurve() throws {
        let p384Point = P384.KeyAgreement.PrivateKey().publicKey.rawRepresentation
        #expect(throws: P256Error(.invalidLength(expected: 64, found: 96))) {
            try P256.KeyAgreement.PublicKey(rawRepresentation: p384Point)
        }
        var offCurve = P256.KeyAgreement.PrivateKey().publicKey.rawRepresentation
        offCurve[63] ^= 1
        #expect(throws: P256Error(.pointNotOnCurve)) { try P256.KeyAgreement.PublicKey(rawRepresentation: offCurve) }
    }
}

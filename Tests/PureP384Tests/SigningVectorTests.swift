// ECDSA P-384 signing (ES384) against RFC 6979 A.2.6 and NIST CAVP SigGen.txt (given d and k: our r and s
// must equal the file's), and verification against every case of Wycheproof's P-384 files.

@testable import PureP384
import PureECDSA
import PureSHA2
import Testing
import TestSupport

/// A digest of `message` under a NIST or RFC hash name, as bytes.
private func digest(_ message: [UInt8], hash: String) throws -> [UInt8] {
    switch hash {
    case "SHA-256": return SHA256.hash(data: message).withUnsafeBytes { Array($0) }
    case "SHA-384": return SHA384.hash(data: message).withUnsafeBytes { Array($0) }
    case "SHA-512": return SHA512.hash(data: message).withUnsafeBytes { Array($0) }
    default: throw VectorError("no hash \(hash)")
    }
}

private struct VectorError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// RFC 6979's values as printed, padded to 48 bytes.
private func bytes48(_ hex: String) throws -> [UInt8] {
    let bytes = try [UInt8](hex: hex.count % 2 == 0 ? hex : "0" + hex)
    return [UInt8](repeating: 0, count: 48 - bytes.count) + bytes
}

@Suite("ECDSA P-384 signing")
struct P384SigningVectorTests {
    struct RFC6979File: Decodable {
        struct Curve: Decodable {
            struct Case: Decodable { let hash: String; let message: String; let k: String; let r: String; let s: String; let jws_alg: String? }
            let curve: String
            let private_key_x: String
            let public_key_Ux: String
            let public_key_Uy: String
            let cases: [Case]
        }
        let curves: [Curve]
    }

    @Test("RFC 6979 A.2.6: the nonce k, r and s of every P-384 case (SHA-384 through the public API)")
    func rfc6979() throws {
        let file = try VectorFiles.json(RFC6979File.self, "rfc6979_p384_p521.json")
        let curve = try #require(file.curves.first { $0.curve == "P-384" })
        #expect(curve.cases.count == 4)
        let key = try P384.Signing.PrivateKey(rawRepresentation: try bytes48(curve.private_key_x))
        #expect(key.publicKey.rawRepresentation == (try bytes48(curve.public_key_Ux) + bytes48(curve.public_key_Uy)))
        for vector in curve.cases {
            let message = Array(vector.message.utf8)
            let expected = try bytes48(vector.r) + bytes48(vector.s)
            let h = try digest(message, hash: vector.hash)
            let d = try bytes48(curve.private_key_x)
            var nonces: [UInt8]
            switch vector.hash {
            case "SHA-384":
                var generator = RFC6979Nonces<P384Curve, SHA384>(privateKey: d, digest: h)
                nonces = generator.next()
                #expect(key.signature(for: message).rawRepresentation == expected, "\(vector.message)")
            default:
                var generator = RFC6979Nonces<P384Curve, SHA512>(privateKey: d, digest: h)
                nonces = generator.next()
                #expect(key.signature(for: SHA512.hash(data: message), hash: SHA512.self).rawRepresentation == expected, "\(vector.message)")
            }
            #expect(nonces == (try bytes48(vector.k)), "\(vector.hash) \(vector.message): k")
            let signature = try P384.Signing.ECDSASignature(rawRepresentation: expected)
            let valid = vector.hash == "SHA-384" ? key.publicKey.isValidSignature(signature, for: message)
                                                 : key.publicKey.isValidSignature(signature, for: SHA512.hash(data: message))
            #expect(valid, "\(vector.hash) \(vector.message)")
        }
    }

    @Test("NIST SigGen.txt [P-384,SHA-256/384/512]: with the file's d and k, r and s equal the file's")
    func nistSigGen() throws {
        let sections = ["P-384,SHA-256", "P-384,SHA-384", "P-384,SHA-512"]
        let records = NISTResponseFile.records(try VectorFiles.text("SigGen.txt")).filter { sections.contains($0.section) }
        #expect(records.count == 45)
        for record in records {
            let hash = String(record.section.dropFirst("P-384,".count))
            let key = try P384.Signing.PrivateKey(rawRepresentation: try [UInt8](hex: record.value("d")))
            #expect(key.publicKey.rawRepresentation == (try [UInt8](hex: record.value("Qx")) + [UInt8](hex: record.value("Qy"))), "line \(record.line)")
            let h = try digest(try [UInt8](hex: record.value("Msg")), hash: hash)
            let signature = try #require(key.signature(forDigestBytes: h, nonce: try [UInt8](hex: record.value("k"))))
            #expect(signature.rawRepresentation == (try [UInt8](hex: record.value("R")) + [UInt8](hex: record.value("S"))), "line \(record.line)")
        }
    }

    @Test("signatures verify, keys round-trip through every encoding, and the description hides the scalar")
    func roundTrips() throws {
        var generator = SplitMix64(seed: 0x384_5160)
        for index in 0..<8 {
            let key = index == 0 ? P384.Signing.PrivateKey() : try P384.Signing.PrivateKey(rawRepresentation: (0..<48).map { _ in UInt8(truncatingIfNeeded: generator.next()) } )
            let message = Array("message \(index)".utf8)
            let signature = key.signature(for: message)
            #expect(key.publicKey.isValidSignature(signature, for: message))
            #expect(!key.publicKey.isValidSignature(signature, for: message + [0]))
            #expect(key.signature(for: message) == signature, "RFC 6979 is deterministic")
            let hedged = key.hedgedSignature(for: message)
            #expect(hedged != signature && key.publicKey.isValidSignature(hedged, for: message))
            #expect(try P384.Signing.ECDSASignature(derRepresentation: signature.derRepresentation) == signature)
            #expect(try P384.Signing.PrivateKey(derRepresentation: key.derRepresentation).rawRepresentation == key.rawRepresentation)
            #expect(try P384.Signing.PrivateKey(pemRepresentation: key.pemRepresentation).rawRepresentation == key.rawRepresentation)
            let description = "\(key) \(String(reflecting: key))"
            #expect(!description.contains(key.rawRepresentation.hex) && description.contains("redacted"))
        }
        // 0 and n are not private keys.
        #expect(throws: P384Error.self) { try P384.Signing.PrivateKey(rawRepresentation: [UInt8](repeating: 0, count: 48)) }
        #expect(throws: P384Error.self) { try P384.Signing.PrivateKey(rawRepresentation: Modulus384.n.m.bigEndianBytes) }
        #expect(throws: P384Error.self) { try P384.Signing.PrivateKey(rawRepresentation: [UInt8](repeating: 1, count: 47)) }
    }

    private struct Group: WycheproofTestGroup {
        let publicKeyDer: String
        let publicKeyPem: String
        let sha: String
        let tests: [Case]
    }
    private struct Case: WycheproofTestCase {
        let tcId: Int
        let comment: String
        let flags: [String]
        let result: WycheproofResult
        let msg: String
        let sig: String
    }

    private static let flags: Set<String> = [
        "ArithmeticError", "BerEncodedSignature", "EdgeCasePublicKey", "EdgeCaseShamirMultiplication", "IntegerOverflow",
        "InvalidEncoding", "InvalidSignature", "InvalidTypesInSignature", "MissingZero", "ModifiedInteger",
        "ModifiedSignature", "ModularInverse", "PointDuplication", "RangeCheck", "SmallRandS", "SpecialCaseHash",
        "ValidSignature", "SignatureSize",
    ]

    private func key(_ group: Group) throws -> P384.Signing.PublicKey {
        let key = try P384.Signing.PublicKey(derRepresentation: [UInt8](hex: group.publicKeyDer))
        #expect(try P384.Signing.PublicKey(pemRepresentation: group.publicKeyPem) == key)
        #expect(group.sha == "SHA-384")
        return key
    }

    @Test("Wycheproof ecdsa_secp384r1_sha384_test.json (DER signatures): the first case of each flag and result (every case: release run)")
    func wycheproofDER() throws {
        let run = try Wycheproof.run("ecdsa_secp384r1_sha384_test.json", groups: Group.self, knownFlags: Self.flags,
                                       selection: .firstOfEachFlagAndResult) { group, test in
            let signature = try P384.Signing.ECDSASignature(derRepresentation: [UInt8](hex: test.sig))
            return try key(group).isValidSignature(signature, for: [UInt8](hex: test.msg))
        }
        #expect(run == 17)   // of 504; scripts/known-answer-loops.sh runs every case
    }

    @Test("Wycheproof ecdsa_secp384r1_sha384_p1363_test.json (r‖s): the first case of each flag and result (every case: release run)")
    func wycheproofP1363() throws {
        let run = try Wycheproof.run("ecdsa_secp384r1_sha384_p1363_test.json", groups: Group.self, knownFlags: Self.flags,
                                       selection: .firstOfEachFlagAndResult) { group, test in
            let signature = try P384.Signing.ECDSASignature(rawRepresentation: [UInt8](hex: test.sig))
            return try key(group).isValidSignature(signature, for: [UInt8](hex: test.msg))
        }
        #expect(run == 13)   // of 280; scripts/known-answer-loops.sh runs every case
    }
}

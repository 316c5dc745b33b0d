// ECDSA P-521 signing (ES512) against RFC 6979 A.2.7 and NIST CAVP SigGen.txt (given d and k: our r and s
// must equal the file's), and verification against NIST SigVer.rsp and every case of Wycheproof's P-521
// files.

@testable import PureP521
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

/// RFC 6979's values as printed, padded to 66 bytes.
private func bytes66(_ hex: String) throws -> [UInt8] {
    let bytes = try [UInt8](hex: hex.count % 2 == 0 ? hex : "0" + hex)
    return [UInt8](repeating: 0, count: 66 - bytes.count) + bytes
}

@Suite("ECDSA P-521 signing")
struct P521SigningVectorTests {
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

    @Test("RFC 6979 A.2.7: the nonce k, r and s of every P-521 case (SHA-512 through the public API)")
    func rfc6979() throws {
        let file = try VectorFiles.json(RFC6979File.self, "rfc6979_p384_p521.json")
        let curve = try #require(file.curves.first { $0.curve == "P-521" })
        #expect(curve.cases.count == 4)
        let key = try P521.Signing.PrivateKey(rawRepresentation: try bytes66(curve.private_key_x))
        #expect(key.publicKey.rawRepresentation == (try bytes66(curve.public_key_Ux) + bytes66(curve.public_key_Uy)))
        for vector in curve.cases {
            let message = Array(vector.message.utf8)
            let expected = try bytes66(vector.r) + bytes66(vector.s)
            let h = try digest(message, hash: vector.hash)
            let d = try bytes66(curve.private_key_x)
            var nonces: [UInt8]
            switch vector.hash {
            case "SHA-512":
                var generator = RFC6979Nonces<P521Curve, SHA512>(privateKey: d, digest: h)
                nonces = generator.next()
                #expect(key.signature(for: message).rawRepresentation == expected, "\(vector.message)")
            default:
                var generator = RFC6979Nonces<P521Curve, SHA384>(privateKey: d, digest: h)
                nonces = generator.next()
                #expect(key.signature(for: SHA384.hash(data: message), hash: SHA384.self).rawRepresentation == expected, "\(vector.message)")
            }
            #expect(nonces == (try bytes66(vector.k)), "\(vector.hash) \(vector.message): k")
            let signature = try P521.Signing.ECDSASignature(rawRepresentation: expected)
            let valid = vector.hash == "SHA-512" ? key.publicKey.isValidSignature(signature, for: message)
                                                 : key.publicKey.isValidSignature(signature, for: SHA384.hash(data: message))
            #expect(valid, "\(vector.hash) \(vector.message)")
        }
    }

    @Test("NIST SigGen.txt [P-521,SHA-256/384/512]: with the file's d and k, r and s equal the file's")
    func nistSigGen() throws {
        let sections = ["P-521,SHA-256", "P-521,SHA-384", "P-521,SHA-512"]
        let records = NISTResponseFile.records(try VectorFiles.text("SigGen.txt")).filter { sections.contains($0.section) }
        #expect(records.count == 45)
        for record in records {
            let hash = String(record.section.dropFirst("P-521,".count))
            let key = try P521.Signing.PrivateKey(rawRepresentation: try bytes66(record.value("d")))
            #expect(key.publicKey.rawRepresentation == (try bytes66(record.value("Qx")) + bytes66(record.value("Qy"))), "line \(record.line)")
            let h = try digest(try [UInt8](hex: record.value("Msg")), hash: hash)
            let signature = try #require(key.signature(forDigestBytes: h, nonce: try bytes66(record.value("k"))))
            #expect(signature.rawRepresentation == (try bytes66(record.value("R")) + bytes66(record.value("S"))), "line \(record.line)")
        }
    }

    @Test("NIST SigVer.rsp [P-521,SHA-256/384/512]: every P/F result")
    func nistSigVer() throws {
        let sections = ["P-521,SHA-256", "P-521,SHA-384", "P-521,SHA-512"]
        let records = NISTResponseFile.records(try VectorFiles.text("SigVer.rsp")).filter { sections.contains($0.section) }
        #expect(records.count == 45)
        for record in records {
            let pass = try record.value("Result").hasPrefix("P")
            let hash = String(record.section.dropFirst("P-521,".count))
            let signature = try P521.Signing.ECDSASignature(rawRepresentation: try bytes66(record.value("R")) + bytes66(record.value("S")))
            // A "Q changed" record may carry a point off the curve: refusing the key is refusing the case.
            guard let key = try? P521.Signing.PublicKey(rawRepresentation: try bytes66(record.value("Qx")) + bytes66(record.value("Qy"))) else {
                #expect(!pass, "line \(record.line): a key the file says is good was refused")
                continue
            }
            let h = try digest(try [UInt8](hex: record.value("Msg")), hash: hash)
            let valid: Bool
            switch hash {
            case "SHA-256": valid = key.isValidSignature(signature, for: SHA256.hash(data: try [UInt8](hex: record.value("Msg"))))
            case "SHA-384": valid = key.isValidSignature(signature, for: SHA384.hash(data: try [UInt8](hex: record.value("Msg"))))
            default: valid = key.isValidSignature(signature, for: SHA512.hash(data: try [UInt8](hex: record.value("Msg"))))
            }
            let result = try record.value("Result")
            #expect(valid == pass, "line \(record.line): \(result) (digest \(h.count) bytes)")
        }
    }

    @Test("signatures verify, keys round-trip through every encoding, and the description hides the scalar")
    func roundTrips() throws {
        var generator = SplitMix64(seed: 0x384_5160)
        for index in 0..<8 {
            let key = index == 0 ? P521.Signing.PrivateKey()
                                 : try P521.Signing.PrivateKey(rawRepresentation: [0] + (0..<65).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
            let message = Array("message \(index)".utf8)
            let signature = key.signature(for: message)
            #expect(key.publicKey.isValidSignature(signature, for: message))
            #expect(!key.publicKey.isValidSignature(signature, for: message + [0]))
            #expect(key.signature(for: message) == signature, "RFC 6979 is deterministic")
            let hedged = key.hedgedSignature(for: message)
            #expect(hedged != signature && key.publicKey.isValidSignature(hedged, for: message))
            #expect(try P521.Signing.ECDSASignature(derRepresentation: signature.derRepresentation) == signature)
            #expect(try P521.Signing.PrivateKey(derRepresentation: key.derRepresentation).rawRepresentation == key.rawRepresentation)
            #expect(try P521.Signing.PrivateKey(pemRepresentation: key.pemRepresentation).rawRepresentation == key.rawRepresentation)
            let description = "\(key) \(String(reflecting: key))"
            #expect(!description.contains(key.rawRepresentation.hex) && description.contains("redacted"))
        }
        // 0 and n are not private keys.
        #expect(throws: P521Error.self) { try P521.Signing.PrivateKey(rawRepresentation: [UInt8](repeating: 0, count: 66)) }
        #expect(throws: P521Error.self) { try P521.Signing.PrivateKey(rawRepresentation: Scalar.n.bigEndian66) }
        #expect(throws: P521Error.self) { try P521.Signing.PrivateKey(rawRepresentation: [UInt8](repeating: 1, count: 65)) }
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

    private func key(_ group: Group) throws -> P521.Signing.PublicKey {
        let key = try P521.Signing.PublicKey(derRepresentation: [UInt8](hex: group.publicKeyDer))
        #expect(try P521.Signing.PublicKey(pemRepresentation: group.publicKeyPem) == key)
        #expect(group.sha == "SHA-512")
        return key
    }

    @Test("Wycheproof ecdsa_secp521r1_sha512_test.json (DER signatures): the first case of each flag and result (every case: release run)")
    func wycheproofDER() throws {
        let run = try Wycheproof.run("ecdsa_secp521r1_sha512_test.json", groups: Group.self, knownFlags: Self.flags,
                                       selection: .firstOfEachFlagAndResult) { group, test in
            let signature = try P521.Signing.ECDSASignature(derRepresentation: [UInt8](hex: test.sig))
            return try key(group).isValidSignature(signature, for: [UInt8](hex: test.msg))
        }
        #expect(run == 16)   // of 542; scripts/known-answer-loops.sh runs every case
    }

    @Test("Wycheproof ecdsa_secp521r1_sha512_p1363_test.json (r‖s): the first case of each flag and result (every case: release run)")
    func wycheproofP1363() throws {
        let run = try Wycheproof.run("ecdsa_secp521r1_sha512_p1363_test.json", groups: Group.self, knownFlags: Self.flags,
                                       selection: .firstOfEachFlagAndResult) { group, test in
            let signature = try P521.Signing.ECDSASignature(rawRepresentation: [UInt8](hex: test.sig))
            return try key(group).isValidSignature(signature, for: [UInt8](hex: test.msg))
        }
        #expect(run == 13)   // of 318; scripts/known-answer-loops.sh runs every case
    }
}

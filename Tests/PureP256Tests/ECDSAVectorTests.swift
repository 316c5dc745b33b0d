// ES256 against RFC 6979, NIST CAVP and Wycheproof.

import PureP256
import PureSHA2
import Testing
import TestSupport

@Suite("P-256 ECDSA vectors")
struct ECDSAVectorTests {
    private struct RFC6979: Decodable {
        struct Case: Decodable { let message: String; let k: String; let r: String; let s: String }
        let private_key_x: String
        let public_key_Ux: String
        let public_key_Uy: String
        let cases: [Case]
    }

    @Test("RFC 6979 A.2.5: our deterministic signatures equal the RFC's r and s exactly")
    func rfc6979() throws {
        let file = try VectorFiles.json(RFC6979.self, "rfc6979_p256_sha256.json")
        #expect(file.cases.count == 2)
        let key = try P256.Signing.PrivateKey(rawRepresentation: [UInt8](hex: file.private_key_x))
        #expect(key.publicKey.rawRepresentation.hex == (file.public_key_Ux + file.public_key_Uy).lowercased())
        for vector in file.cases {
            let signature = key.signature(for: Array(vector.message.utf8))
            #expect(signature.rawRepresentation.hex == (vector.r + vector.s).lowercased(), "\(vector.message)")
            #expect(key.publicKey.isValidSignature(signature, for: Array(vector.message.utf8)))
        }
    }

    @Test("NIST SigGen.txt [P-256,SHA-256]: public keys and signatures with the given k")
    func nistSigGen() throws {
        let records = NISTResponseFile.records(try VectorFiles.text("SigGen.txt")).filter { $0.section == "P-256,SHA-256" }
        #expect(records.count == 15)
        for record in records {
            let key = try P256.Signing.PrivateKey(rawRepresentation: [UInt8](hex: record.value("d")))
            #expect(key.publicKey.rawRepresentation.hex == (try record.value("Qx") + record.value("Qy")), "line \(record.line)")
            let digest = SHA256.hash(data: try [UInt8](hex: record.value("Msg")))
            let signature = try #require(key.signature(for: digest, nonce: [UInt8](hex: record.value("k"))))
            #expect(signature.rawRepresentation.hex == (try record.value("R") + record.value("S")), "line \(record.line)")
            #expect(key.publicKey.isValidSignature(signature, for: digest))
        }
    }

    @Test("NIST SigVer.rsp [P-256,SHA-256], [P-256,SHA-384], [P-256,SHA-512]: every P/F result (the longer digests' leftmost 256 bits)",
          arguments: ["SHA-256", "SHA-384", "SHA-512"])
    func nistSigVer(_ hash: String) throws {
        let records = NISTResponseFile.records(try VectorFiles.text("SigVer.rsp")).filter { $0.section == "P-256,\(hash)" }
        #expect(records.count == 15)
        for record in records {
            let pass = try record.value("Result").hasPrefix("P")
            let message = try [UInt8](hex: record.value("Msg"))
            let accepted: Bool
            do {
                let key = try P256.Signing.PublicKey(rawRepresentation: [UInt8](hex: record.value("Qx") + record.value("Qy")))
                let signature = try P256.Signing.ECDSASignature(rawRepresentation: [UInt8](hex: record.value("R") + record.value("S")))
                switch hash {
                case "SHA-384": accepted = key.isValidSignature(signature, for: SHA384.hash(data: message))
                case "SHA-512": accepted = key.isValidSignature(signature, for: SHA512.hash(data: message))
                default: accepted = key.isValidSignature(signature, for: message)
                }
            } catch {
                accepted = false
            }
            #expect(accepted == pass, "\(hash), line \(record.line)")
        }
    }

    private struct Group: WycheproofTestGroup {
        struct Key: Decodable, Sendable { let uncompressed: String; let wx: String; let wy: String }
        let publicKey: Key
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
        "ValidSignature", "SignatureSize", "Untruncatedhash",
    ]

    private func key(_ group: Group) throws -> P256.Signing.PublicKey {
        let key = try P256.Signing.PublicKey(derRepresentation: [UInt8](hex: group.publicKeyDer))
        // The three encodings of the group's key agree.
        #expect(try P256.Signing.PublicKey(pemRepresentation: group.publicKeyPem).rawRepresentation == key.rawRepresentation)
        #expect(try P256.Signing.PublicKey(x963Representation: [UInt8](hex: group.publicKey.uncompressed)).rawRepresentation
                == key.rawRepresentation)
        #expect(key.derRepresentation.hex == group.publicKeyDer)
        return key
    }

    @Test("Wycheproof ecdsa_secp256r1_sha256_test.json (DER signatures): every case")
    func wycheproofDER() throws {
        let run = try Wycheproof.run("ecdsa_secp256r1_sha256_test.json", groups: Group.self, knownFlags: Self.flags) { group, test in
            #expect(group.sha == "SHA-256")
            let signature = try P256.Signing.ECDSASignature(derRepresentation: [UInt8](hex: test.sig))
            return try key(group).isValidSignature(signature, for: [UInt8](hex: test.msg))
        }
        #expect(run == 484)
    }

    @Test("Wycheproof ecdsa_secp256r1_sha256_p1363_test.json (r‖s): every case")
    func wycheproofP1363() throws {
        let run = try Wycheproof.run("ecdsa_secp256r1_sha256_p1363_test.json", groups: Group.self, knownFlags: Self.flags) { group, test in
            let signature = try P256.Signing.ECDSASignature(rawRepresentation: [UInt8](hex: test.sig))
            return try key(group).isValidSignature(signature, for: [UInt8](hex: test.msg))
        }
        #expect(run == 262)
    }

    @Test("Wycheproof ecdsa_secp256r1_sha512_test.json (DER signatures, SHA-512 digests truncated to 256 bits): every case")
    func wycheproofSHA512DER() throws {
        let run = try Wycheproof.run("ecdsa_secp256r1_sha512_test.json", groups: Group.self, knownFlags: Self.flags) { group, test in
            #expect(group.sha == "SHA-512")
            let signature = try P256.Signing.ECDSASignature(derRepresentation: [UInt8](hex: test.sig))
            return try key(group).isValidSignature(signature, for: SHA512.hash(data: [UInt8](hex: test.msg)))
        }
        #expect(run == 554)
    }

    @Test("Wycheproof ecdsa_secp256r1_sha512_p1363_test.json (r‖s, SHA-512 digests): every case")
    func wycheproofSHA512P1363() throws {
        let run = try Wycheproof.run("ecdsa_secp256r1_sha512_p1363_test.json", groups: Group.self, knownFlags: Self.flags) { group, test in
            let signature = try P256.Signing.ECDSASignature(rawRepresentation: [UInt8](hex: test.sig))
            return try key(group).isValidSignature(signature, for: SHA512.hash(data: [UInt8](hex: test.msg)))
        }
        #expect(run == 332)
    }
}

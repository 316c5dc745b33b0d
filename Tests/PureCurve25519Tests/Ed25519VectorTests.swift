// Ed25519 against RFC 8032 §7.1 (signatures reproduced byte for byte), every case of Wycheproof's
// ed25519_test.json (verification, including non-canonical S, malformed and small-order inputs), and 64
// keys and signatures made with Python `cryptography` (Vectors/generate_ed25519_vectors.py): public keys,
// PKCS#8 and SPKI encodings and signatures all equal OpenSSL's.

import PureASN1
import PureCurve25519
import Testing
import TestSupport

private struct RFC8032File: Decodable {
    struct Case: Decodable, Sendable {
        let name: String
        let secret_key_hex: String
        let public_key_hex: String
        let message_hex: String
        let signature_hex: String
    }
    let cases: [Case]
}

private struct CryptographyFile: Decodable {
    struct Case: Decodable, Sendable {
        let seed, public_key, pkcs8_der, spki_der, message, signature: String
    }
    let cases: [Case]
}

private struct EddsaGroup: WycheproofTestGroup {
    struct Key: Decodable, Sendable { let pk: String }
    struct TestCase: WycheproofTestCase {
        let tcId: Int
        let comment: String
        let flags: [String]
        let result: WycheproofResult
        let msg: String
        let sig: String
    }
    let publicKey: Key
    let publicKeyDer: String
    let publicKeyPem: String
    let tests: [TestCase]
}

@Suite("Ed25519 vectors")
struct Ed25519VectorTests {
    @Test("RFC 8032 §7.1: public keys and signatures reproduced byte for byte; each verifies, and not when changed")
    func rfc8032() throws {
        let file = try VectorFiles.json(RFC8032File.self, "rfc8032_ed25519.json")
        #expect(file.cases.count == 5)
        for test in file.cases {
            let key = try Curve25519.Signing.PrivateKey(rawRepresentation: try [UInt8](hex: test.secret_key_hex))
            let message = try [UInt8](hex: test.message_hex)
            #expect(key.publicKey.rawRepresentation == (try [UInt8](hex: test.public_key_hex)), "\(test.name)")
            let signature = key.signature(for: message)
            #expect(signature == (try [UInt8](hex: test.signature_hex)), "\(test.name)")
            let publicKey = try Curve25519.Signing.PublicKey(rawRepresentation: try [UInt8](hex: test.public_key_hex))
            #expect(publicKey.isValidSignature(signature, for: message), "\(test.name)")
            #expect(!publicKey.isValidSignature(signature, for: message + [0]), "\(test.name)")
            var flipped = signature
            flipped[63] ^= 0x01
            #expect(!publicKey.isValidSignature(flipped, for: message), "\(test.name)")
        }
    }

    @Test("Wycheproof ed25519_test.json: every case, through the raw key, the SPKI DER and the PEM")
    func wycheproof() throws {
        let run = try Wycheproof.run("ed25519_test.json", groups: EddsaGroup.self,
                                     knownFlags: ["CompressedSignature", "InvalidEncoding", "InvalidKtv", "InvalidSignature", "Ktv",
                                                  "SignatureMalleability", "SignatureWithGarbage", "TinkOverflow",
                                                  "TruncatedSignature", "Valid"]) { group, test in
            let key = try Curve25519.Signing.PublicKey(rawRepresentation: try [UInt8](hex: group.publicKey.pk))
            #expect(try Curve25519.Signing.PublicKey(derRepresentation: try [UInt8](hex: group.publicKeyDer)) == key)
            #expect(try Curve25519.Signing.PublicKey(pemRepresentation: group.publicKeyPem) == key)
            return key.isValidSignature(try [UInt8](hex: test.sig), for: try [UInt8](hex: test.msg))
        }
        #expect(run == 151)
    }

    @Test("64 keys from Python cryptography: public key, PKCS#8, SPKI and signature equal OpenSSL's, and read back")
    func cryptography() throws {
        let file = try VectorFiles.json(CryptographyFile.self, "ed25519_cryptography.json")
        #expect(file.cases.count == 64)
        for (index, test) in file.cases.enumerated() {
            let key = try Curve25519.Signing.PrivateKey(rawRepresentation: try [UInt8](hex: test.seed))
            let message = try [UInt8](hex: test.message)
            #expect(key.publicKey.rawRepresentation == (try [UInt8](hex: test.public_key)), "case \(index)")
            #expect(key.derRepresentation == (try [UInt8](hex: test.pkcs8_der)), "case \(index)")
            #expect(key.publicKey.derRepresentation == (try [UInt8](hex: test.spki_der)), "case \(index)")
            #expect(key.signature(for: message) == (try [UInt8](hex: test.signature)), "case \(index)")
            let reread = try Curve25519.Signing.PrivateKey(derRepresentation: try [UInt8](hex: test.pkcs8_der))
            #expect(reread.rawRepresentation == key.rawRepresentation)
            let fromPEM = try Curve25519.Signing.PrivateKey(pemRepresentation: key.pemRepresentation)
            #expect(fromPEM.rawRepresentation == key.rawRepresentation)
            let publicKey = try Curve25519.Signing.PublicKey(derRepresentation: try [UInt8](hex: test.spki_der))
            #expect(publicKey.isValidSignature(try [UInt8](hex: test.signature), for: message), "case \(index)")
        }
    }
}

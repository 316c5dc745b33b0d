// X25519 keys in RFC 8410's forms against Python `cryptography` (x25519_keys.json, generate_x25519_keys.py):
// every key reads from its PKCS#8 and SubjectPublicKeyInfo DER and PEM to the raw bytes `cryptography` gave,
// and is written back byte for byte; a version 1 PKCS#8 reads when its public key is the key's own; Ed25519
// files, truncations and other algorithms are refused with the reason.

import PureASN1
import PureCurve25519
import Testing
import TestSupport

private struct X25519KeyFile: Decodable {
    struct Key: Decodable {
        let private_raw, public_raw, pkcs8_der, pkcs8_pem, spki_der, spki_pem: String
    }
    let keys: [Key]
    let version1_pkcs8_der, version1_mismatched_public_key_der, ed25519_pkcs8_pem, ed25519_spki_pem: String

    static func load() throws -> X25519KeyFile { try VectorFiles.json(X25519KeyFile.self, "x25519_keys.json") }
}

@Suite("X25519 keys: PKCS#8 and SubjectPublicKeyInfo (RFC 8410)")
struct X25519KeyFormatTests {
    @Test("every key of the file reads from DER and PEM and is written back as cryptography wrote it")
    func everyKey() throws {
        let file = try X25519KeyFile.load()
        #expect(file.keys.count == 33)
        for key in file.keys {
            let raw = try [UInt8](hex: key.private_raw), publicRaw = try [UInt8](hex: key.public_raw)
            let fromDER = try Curve25519.KeyAgreement.PrivateKey(derRepresentation: try [UInt8](hex: key.pkcs8_der))
            let fromPEM = try Curve25519.KeyAgreement.PrivateKey(pemRepresentation: key.pkcs8_pem)
            #expect(fromDER.rawRepresentation == raw && fromPEM.rawRepresentation == raw)
            #expect(fromDER.publicKey.rawRepresentation == publicRaw)
            #expect(fromDER.derRepresentation == (try [UInt8](hex: key.pkcs8_der)))
            #expect(fromDER.pemRepresentation == key.pkcs8_pem)
            let publicFromDER = try Curve25519.KeyAgreement.PublicKey(derRepresentation: try [UInt8](hex: key.spki_der))
            let publicFromPEM = try Curve25519.KeyAgreement.PublicKey(pemRepresentation: key.spki_pem)
            #expect(publicFromDER.rawRepresentation == publicRaw && publicFromPEM.rawRepresentation == publicRaw)
            #expect(fromDER.publicKey.derRepresentation == (try [UInt8](hex: key.spki_der)))
            #expect(fromDER.publicKey.pemRepresentation == key.spki_pem)
        }
    }

    @Test("a version 1 PKCS#8 reads when its public key is the key's; another key's is refused")
    func version1() throws {
        let file = try X25519KeyFile.load()
        let key = try Curve25519.KeyAgreement.PrivateKey(derRepresentation: try [UInt8](hex: file.version1_pkcs8_der))
        #expect(key.rawRepresentation == (try [UInt8](hex: file.keys[0].private_raw)))
        #expect(throws: Curve25519Error(.inconsistentKey)) {
            try Curve25519.KeyAgreement.PrivateKey(derRepresentation: try [UInt8](hex: file.version1_mismatched_public_key_der))
        }
    }

    @Test("Ed25519 files, truncations and other keys are refused naming what they are; never a trap")
    func refusals() throws {
        let file = try X25519KeyFile.load()
        func reason(_ body: () throws(Curve25519Error) -> Void) -> String? {
            do { try body(); return nil } catch {
                guard case .invalidKeyEncoding(let why) = error.reason else { return "\(error)" }
                return why
            }
        }
        let ed25519Private = reason { () throws(Curve25519Error) in _ = try Curve25519.KeyAgreement.PrivateKey(pemRepresentation: file.ed25519_pkcs8_pem) }
        #expect(ed25519Private?.contains("id-Ed25519") == true, "\(String(describing: ed25519Private))")
        let ed25519Public = reason { () throws(Curve25519Error) in _ = try Curve25519.KeyAgreement.PublicKey(pemRepresentation: file.ed25519_spki_pem) }
        #expect(ed25519Public?.contains("id-Ed25519") == true, "\(String(describing: ed25519Public))")
        // And the reverse: an X25519 file is not an Ed25519 key.
        let x25519AsSigning = reason { () throws(Curve25519Error) in _ = try Curve25519.Signing.PrivateKey(pemRepresentation: file.keys[0].pkcs8_pem) }
        #expect(x25519AsSigning?.contains("id-X25519") == true, "\(String(describing: x25519AsSigning))")
        let der = try [UInt8](hex: file.keys[0].pkcs8_der), spki = try [UInt8](hex: file.keys[0].spki_der)
        for length in 0..<der.count {
            #expect(throws: Curve25519Error.self) { try Curve25519.KeyAgreement.PrivateKey(derRepresentation: Array(der.prefix(length))) }
        }
        for length in 0..<spki.count {
            #expect(throws: Curve25519Error.self) { try Curve25519.KeyAgreement.PublicKey(derRepresentation: Array(spki.prefix(length))) }
        }
        // A P-256 SubjectPublicKeyInfo (RFC 5480) is named as such.
        let p256 = "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEFbSqDIo75VpnI+aODhk64SxG2j9B\nWbfi4YoCcQfyKd3bQnMbud+UoYO8WvSU2E2nu3WEeG3az7d2XBxp7SGZMg==\n-----END PUBLIC KEY-----\n"
        let p256Reason = reason { () throws(Curve25519Error) in _ = try Curve25519.KeyAgreement.PublicKey(pemRepresentation: p256) }
        #expect(p256Reason?.contains("EC key") == true, "\(String(describing: p256Reason))")
    }
}

// Key handling: every malformed input is a Curve25519Error that says what is wrong, never a trap; key
// files of another algorithm are named; private keys never print their seed.

import PureASN1
import PureCurve25519
import Testing
import TestSupport

@Suite("Ed25519 keys")
struct Curve25519KeyTests {
    @Test("raw keys of the wrong length, and public keys that encode no point, are refused")
    func rawKeys() throws {
        for length in [0, 31, 33, 64] {
            #expect(throws: Curve25519Error(.invalidLength(expected: 32, found: length))) {
                try Curve25519.Signing.PrivateKey(rawRepresentation: [UInt8](repeating: 1, count: length))
            }
            #expect(throws: Curve25519Error(.invalidLength(expected: 32, found: length))) {
                try Curve25519.Signing.PublicKey(rawRepresentation: [UInt8](repeating: 1, count: length))
            }
        }
        // y = p (non-canonical 0), y = 2 (x² = 3/(4d+1) is not a square), x = 0 with the sign bit (y = 1).
        let p = try [UInt8](hex: "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")
        let two = [2] + [UInt8](repeating: 0, count: 31)
        let negativeZero = [1] + [UInt8](repeating: 0, count: 30) + [0x80]
        for bytes in [p, two, negativeZero] {
            #expect(throws: Curve25519Error(.invalidPoint)) { try Curve25519.Signing.PublicKey(rawRepresentation: bytes) }
        }
        // The identity (y = 1, sign 0) is a point: accepted as a key, and it verifies nothing honest.
        let identity = try Curve25519.Signing.PublicKey(rawRepresentation: [1] + [UInt8](repeating: 0, count: 31))
        #expect(!identity.isValidSignature([UInt8](repeating: 0, count: 64), for: [1, 2, 3]))
    }

    @Test("signatures of the wrong length are invalid, not a trap")
    func signatureLengths() {
        let key = Curve25519.Signing.PrivateKey()
        let signature = key.signature(for: [1, 2, 3])
        #expect(key.publicKey.isValidSignature(signature, for: [1, 2, 3]))
        for bad in [[], Array(signature.prefix(63)), signature + [0], signature + signature] {
            #expect(!key.publicKey.isValidSignature(bad, for: [1, 2, 3]))
        }
    }

    @Test("key files: another algorithm is named; parameters, a foreign public key and truncation are refused")
    func keyFiles() throws {
        let key = try Curve25519.Signing.PrivateKey(rawRepresentation: [UInt8](repeating: 7, count: 32))
        let ecPEM = """
        -----BEGIN PUBLIC KEY-----
        MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEQ7IrTkkbnVh3f+y8GfBRb0MLN4AhQAxjmk4VcQqwbG2bi0c+Yf2oeyyXk7sNRVYAUU7g/lS7L5+oJZJ+K5c2RA==
        -----END PUBLIC KEY-----
        """
        let error = try #require(throws: Curve25519Error.self) { try Curve25519.Signing.PublicKey(pemRepresentation: ecPEM) }
        #expect(error.description.contains("expected an Ed25519 key"))
        #expect(throws: Curve25519Error.self) { try Curve25519.Signing.PrivateKey(pemRepresentation: key.publicKey.pemRepresentation) }

        // id-Ed25519 with NULL parameters.
        var der = key.publicKey.derRepresentation
        let withParameters = [0x30, 0x2c, 0x30, 0x07, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x05, 0x00] + der.suffix(35)
        #expect(throws: Curve25519Error.self) { try Curve25519.Signing.PublicKey(derRepresentation: withParameters) }
        // A OneAsymmetricKey whose public key is another key's.
        let other = Curve25519.Signing.PrivateKey().publicKey.rawRepresentation
        var inner = DERWriter()
        inner.writeOctetString(key.rawRepresentation)
        let mismatched = PKCS8PrivateKey(algorithm: AlgorithmIdentifier(algorithm: .ed25519, parameters: nil), privateKey: inner.bytes,
                                         publicKey: other)
        #expect(throws: Curve25519Error(.inconsistentKey)) { try Curve25519.Signing.PrivateKey(derRepresentation: mismatched.derRepresentation) }
        let matching = PKCS8PrivateKey(algorithm: AlgorithmIdentifier(algorithm: .ed25519, parameters: nil), privateKey: inner.bytes,
                                       publicKey: key.publicKey.rawRepresentation)
        #expect(try Curve25519.Signing.PrivateKey(derRepresentation: matching.derRepresentation).rawRepresentation == key.rawRepresentation)
        // Every truncation of both files is an error.
        der = key.derRepresentation
        for length in 0..<der.count {
            #expect(throws: Curve25519Error.self) { try Curve25519.Signing.PrivateKey(derRepresentation: Array(der.prefix(length))) }
        }
        let spki = key.publicKey.derRepresentation
        for length in 0..<spki.count {
            #expect(throws: Curve25519Error.self) { try Curve25519.Signing.PublicKey(derRepresentation: Array(spki.prefix(length))) }
        }
    }

    @Test("a private key prints redacted: no seed in description, debugDescription or dump")
    func redaction() throws {
        let seed = [UInt8](repeating: 0xab, count: 32)
        let key = try Curve25519.Signing.PrivateKey(rawRepresentation: seed)
        var dumped = ""
        dump(key, to: &dumped)
        for text in [key.description, key.debugDescription, "\(key)", String(reflecting: key), dumped] {
            #expect(!text.contains("abababab"), "\(text)")
            #expect(text.contains("redacted"))
        }
    }

    @Test("new keys differ, sign and verify; signing is deterministic")
    func generation() {
        let a = Curve25519.Signing.PrivateKey(), b = Curve25519.Signing.PrivateKey()
        #expect(a.rawRepresentation != b.rawRepresentation)
        let message = Array("hello".utf8)
        #expect(a.signature(for: message) == a.signature(for: message))
        #expect(a.publicKey.isValidSignature(a.signature(for: message), for: message))
        #expect(!b.publicKey.isValidSignature(a.signature(for: message), for: message))
    }
}

// The key types' edges: lengths, files of the wrong algorithm, a PKCS#8 file whose public key is another
// key's, contexts over 255 bytes, malformed signatures, and private keys that never print their secrets.

import PureASN1
import PureCurve448
import Testing
import TestSupport

@Suite("Curve448 keys")
struct Curve448KeyTests {
    @Test("raw keys of the wrong length are refused with the lengths named")
    func lengths() {
        #expect(throws: Curve448Error(.invalidLength(expected: 57, found: 56))) {
            try Curve448.Signing.PrivateKey(rawRepresentation: [UInt8](repeating: 1, count: 56))
        }
        #expect(throws: Curve448Error(.invalidLength(expected: 57, found: 32))) {
            try Curve448.Signing.PublicKey(rawRepresentation: [UInt8](repeating: 0, count: 32))
        }
        #expect(throws: Curve448Error(.invalidLength(expected: 56, found: 57))) {
            try Curve448.KeyAgreement.PrivateKey(rawRepresentation: [UInt8](repeating: 1, count: 57))
        }
        #expect(throws: Curve448Error(.invalidLength(expected: 56, found: 0))) {
            try Curve448.KeyAgreement.PublicKey(rawRepresentation: [UInt8]())
        }
        #expect(Curve448Error(.invalidLength(expected: 57, found: 56)).description.contains("57"))
    }

    @Test("a file of the other algorithm is refused, naming both")
    func wrongAlgorithm() throws {
        let signing = Curve448.Signing.PrivateKey(), agreement = Curve448.KeyAgreement.PrivateKey()
        do {
            _ = try Curve448.KeyAgreement.PrivateKey(derRepresentation: signing.derRepresentation)
            Issue.record("an Ed448 PKCS#8 key was read as X448")
        } catch {
            #expect(error.description.contains("X448") && error.description.contains("Ed448"))
        }
        #expect(throws: Curve448Error.self) { try Curve448.Signing.PrivateKey(pemRepresentation: agreement.pemRepresentation) }
        #expect(throws: Curve448Error.self) { try Curve448.Signing.PublicKey(derRepresentation: agreement.publicKey.derRepresentation) }
        #expect(throws: Curve448Error.self) { try Curve448.KeyAgreement.PublicKey(pemRepresentation: signing.publicKey.pemRepresentation) }
        #expect(throws: Curve448Error.self) { try Curve448.Signing.PrivateKey(derRepresentation: [0x30, 0x03, 0x02, 0x01]) }
        #expect(throws: Curve448Error.self) { try Curve448.Signing.PrivateKey(pemRepresentation: "not a key") }
    }

    @Test("a version 1 PKCS#8 key whose public key is another key's is refused")
    func inconsistentKey() throws {
        let key = Curve448.Signing.PrivateKey(), other = Curve448.Signing.PrivateKey()
        var inner = DERWriter()
        inner.writeOctetString(key.rawRepresentation)
        let mismatched = PKCS8PrivateKey(algorithm: AlgorithmIdentifier(algorithm: .ed448, parameters: nil),
                                         privateKey: inner.bytes, publicKey: other.publicKey.rawRepresentation)
        #expect(throws: Curve448Error(.inconsistentKey)) { try Curve448.Signing.PrivateKey(derRepresentation: mismatched.derRepresentation) }
        let matching = PKCS8PrivateKey(algorithm: AlgorithmIdentifier(algorithm: .ed448, parameters: nil),
                                       privateKey: inner.bytes, publicKey: key.publicKey.rawRepresentation)
        #expect(try Curve448.Signing.PrivateKey(derRepresentation: matching.derRepresentation).rawRepresentation == key.rawRepresentation)
    }

    @Test("contexts: 255 bytes sign, 256 are refused; a signature verifies only under its own context")
    func contexts() throws {
        let key = Curve448.Signing.PrivateKey()
        let message = Array("message".utf8)
        let longest = [UInt8](repeating: 7, count: 255)
        let signature = try key.signature(for: message, context: longest)
        #expect(key.publicKey.isValidSignature(signature, for: message, context: longest))
        #expect(!key.publicKey.isValidSignature(signature, for: message))
        #expect(throws: Curve448Error(.contextTooLong(256))) { try key.signature(for: message, context: [UInt8](repeating: 7, count: 256)) }
        #expect(!key.publicKey.isValidSignature(signature, for: message, context: [UInt8](repeating: 7, count: 256)))
    }

    @Test("malformed signatures are simply invalid")
    func malformedSignatures() {
        let key = Curve448.Signing.PrivateKey()
        let message = Array("m".utf8)
        let signature = key.signature(for: message)
        #expect(key.publicKey.isValidSignature(signature, for: message))
        #expect(!key.publicKey.isValidSignature([UInt8](), for: message))
        #expect(!key.publicKey.isValidSignature(signature + [0], for: message))
        #expect(!key.publicKey.isValidSignature([UInt8](repeating: 0xFF, count: 114), for: message))
        #expect(!key.publicKey.isValidSignature([UInt8](repeating: 0, count: 114), for: message))
        #expect(!Curve448.Signing.PrivateKey().publicKey.isValidSignature(signature, for: message))
    }

    @Test("private keys print redacted")
    func redaction() {
        let key = Curve448.Signing.PrivateKey(), agreement = Curve448.KeyAgreement.PrivateKey()
        let secretHex = key.rawRepresentation.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        for text in ["\(key)", String(reflecting: key), { var out = ""; dump(key, to: &out); return out }()] {
            #expect(text.contains("redacted"))
            #expect(!text.contains(secretHex.prefix(16)))
        }
        #expect("\(agreement)" == "Curve448.KeyAgreement.PrivateKey(redacted)")
        var dumped = ""
        dump(agreement, to: &dumped)
        #expect(!dumped.contains(agreement.rawRepresentation.map { String($0) }.joined(separator: ", ")))
    }
}

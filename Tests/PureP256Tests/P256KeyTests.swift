// Keys: Apple's .p8 samples against OpenSSL's reading, every representation both ways, validation of
// untrusted bytes, and the group law on random points.

import PureASN1
import PureP256
import Testing
import TestSupport

private struct ExpectedKey: Decodable {
    let private_key_hex: String?
    let public_point_hex: String?
}

@Suite("P-256 keys")
struct P256KeyTests {
    @Test("the .p8 samples load and their public keys equal OpenSSL's", arguments: ["test.p8", "testValidKey_p256.p8"])
    func appleKeys(file: String) throws {
        let expected = try #require(try VectorFiles.json([String: ExpectedKey].self, "key_files_expected.json")[file])
        let key = try P256.Signing.PrivateKey(pemRepresentation: try VectorFiles.text(file))
        #expect(key.rawRepresentation.hex == expected.private_key_hex)
        #expect(key.publicKey.x963Representation.hex == expected.public_point_hex)
        // Sign and verify round trip with the loaded key.
        let message = Array("client secret".utf8)
        #expect(key.publicKey.isValidSignature(key.signature(for: message), for: message))
        // PKCS#8 out, in again.
        let again = try P256.Signing.PrivateKey(pemRepresentation: key.pemRepresentation)
        #expect(again.rawRepresentation == key.rawRepresentation)
        #expect(try P256.Signing.PrivateKey(derRepresentation: key.derRepresentation).rawRepresentation == key.rawRepresentation)
    }

    @Test("the SEC 1 form and the public key file (made by openssl) agree with the .p8")
    func sec1AndPublic() throws {
        let p8 = try P256.Signing.PrivateKey(pemRepresentation: try VectorFiles.text("test.p8"))
        let sec1 = try P256.Signing.PrivateKey(pemRepresentation: try VectorFiles.text("test.sec1.pem"))
        #expect(sec1.rawRepresentation == p8.rawRepresentation)
        let publicKey = try P256.Signing.PublicKey(pemRepresentation: try VectorFiles.text("test.pub.pem"))
        #expect(publicKey.rawRepresentation == p8.publicKey.rawRepresentation)
        #expect(publicKey.pemRepresentation == (try VectorFiles.text("test.pub.pem")))
    }

    @Test("public key representations round-trip, compressed included")
    func representations() throws {
        for _ in 0..<20 {
            let key = P256.Signing.PrivateKey().publicKey
            #expect(try P256.Signing.PublicKey(rawRepresentation: key.rawRepresentation).rawRepresentation == key.rawRepresentation)
            #expect(try P256.Signing.PublicKey(x963Representation: key.x963Representation).rawRepresentation == key.rawRepresentation)
            #expect(try P256.Signing.PublicKey(compressedRepresentation: key.compressedRepresentation).rawRepresentation == key.rawRepresentation)
            #expect(try P256.Signing.PublicKey(derRepresentation: key.derRepresentation).rawRepresentation == key.rawRepresentation)
        }
    }

    @Test("untrusted bytes are validated with clear errors")
    func validation() throws {
        let good = P256.Signing.PrivateKey().publicKey
        #expect(throws: P256Error(.invalidLength(expected: 65, found: 64))) {
            try P256.Signing.PublicKey(x963Representation: good.rawRepresentation)
        }
        var offCurve = good.x963Representation
        offCurve[64] ^= 1
        #expect(throws: P256Error(.pointNotOnCurve)) { try P256.Signing.PublicKey(x963Representation: offCurve) }
        var badPrefix = good.x963Representation
        badPrefix[0] = 0x05
        #expect(throws: P256Error(.invalidPointEncoding)) { try P256.Signing.PublicKey(x963Representation: badPrefix) }
        // x = p (not below p).
        let p: [UInt8] = [0xff, 0xff, 0xff, 0xff, 0, 0, 0, 1] + [UInt8](repeating: 0, count: 12) + [UInt8](repeating: 0xff, count: 12)
        #expect(throws: P256Error(.coordinateOutOfRange)) { try P256.Signing.PublicKey(rawRepresentation: p + p) }
        #expect(throws: P256Error(.invalidPrivateKey)) { try P256.Signing.PrivateKey(rawRepresentation: [UInt8](repeating: 0, count: 32)) }
        // n itself.
        let n = try [UInt8](hex: "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")
        #expect(throws: P256Error(.invalidPrivateKey)) { try P256.Signing.PrivateKey(rawRepresentation: n) }
        // An RSA key is named as such.
        let error = try #require(throws: P256Error.self) {
            try P256.Signing.PrivateKey(pemRepresentation: "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=\n-----END PUBLIC KEY-----\n")
        }
        #expect(error.description.contains("public key"), "\(error)")
    }

    @Test("errors are the curves' shared type: they name P-256 and equal the reason alone, as P256Error did")
    func sharedErrorType() throws {
        var offCurve = P256.Signing.PrivateKey().publicKey.rawRepresentation
        offCurve[63] ^= 1
        let error = try #require(throws: P256Error.self) { try P256.Signing.PublicKey(rawRepresentation: offCurve) }
        #expect(error.curve == "P-256")
        #expect(error.description.contains("P-256"), "\(error)")
        #expect(error == P256Error(.pointNotOnCurve))
        #expect(error != P256Error(.coordinateOutOfRange))
        let tooShort = try #require(throws: P256Error.self) { try P256.Signing.ECDSASignature(rawRepresentation: [UInt8](repeating: 1, count: 63)) }
        #expect(tooShort.reason == .invalidLength(expected: 64, found: 63) && tooShort.description.contains("(P-256)"))
    }

    @Test("public keys are equal when their points are, whatever encoding they were read from")
    func publicKeyEquality() throws {
        let key = P256.Signing.PrivateKey().publicKey
        #expect(try P256.Signing.PublicKey(compressedRepresentation: key.compressedRepresentation) == key)
        #expect(try P256.Signing.PublicKey(derRepresentation: key.derRepresentation) == key)
        #expect(P256.Signing.PrivateKey().publicKey != key)
    }

    @Test("signatures: DER and raw round trips; malformed DER refused")
    func signatures() throws {
        let key = P256.Signing.PrivateKey()
        let message = Array("payload".utf8)
        let signature = key.signature(for: message)
        let viaDER = try P256.Signing.ECDSASignature(derRepresentation: signature.derRepresentation)
        #expect(viaDER.rawRepresentation == signature.rawRepresentation)
        #expect(key.publicKey.isValidSignature(viaDER, for: message))
        // JWS wants exactly 64 bytes; a DER signature where raw is expected is the wrong length.
        #expect(throws: P256Error.self) { try P256.Signing.ECDSASignature(rawRepresentation: signature.derRepresentation) }
        #expect(throws: P256Error.self) { try P256.Signing.ECDSASignature(derRepresentation: signature.rawRepresentation) }
        // Deterministic: the same message gives the same signature; hedged ones differ but verify.
        #expect(key.signature(for: message) == signature)
        let hedged = key.hedgedSignature(for: message)
        #expect(hedged != signature && key.publicKey.isValidSignature(hedged, for: message))
        #expect(!key.publicKey.isValidSignature(signature, for: Array("Payload".utf8)))
    }
}

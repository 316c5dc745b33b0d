// COSE keys against the W3C WebAuthn Level 3 §16 test vectors (spec-vectors.json): every credential public
// key in their attestation objects is read, has the vector's algorithm, re-encodes to the authenticator's
// bytes and is the public key of the vector's private key (computed with PureP256/P384/P521, PureCurve25519,
// PureCurve448 and, for RSA, the product of the two Mersenne primes the spec names).
// Then the checks one by one on keys built here.

import PureBigInt
import PureCBOR
import PureCurve25519
import PureCurve448
import PureP256
import PureP384
import PureP521
import Testing
import TestSupport

private struct SpecVectors: Decodable {
    struct Vector: Decodable {
        struct Registration: Decodable {
            let credential_private_key: String?
            let private_key: String?
            let private_key_p: String?
            let private_key_q: String?
            let credential_id: String
            let attestationObject: String
        }
        let name: String
        let format: String
        let credential_alg: Int64
        let registration: Registration
    }
    let vectors: [Vector]
}

/// The credential public key's bytes in authenticator data (WebAuthn §6.1: rpIdHash 32, flags 1, signCount 4,
/// then attested credential data: AAGUID 16, credentialIdLength 2, credentialId, the COSE key) and where the
/// key ends.
private func credentialKey(in authData: [UInt8]) throws -> (key: CBOR, start: Int, end: Int) {
    let idLength = Int(authData[53]) << 8 | Int(authData[54])
    let start = 55 + idLength
    let (key, end) = try CBORDecoder().decodeFirst(authData, startingAt: start)
    return (key, start, end)
}

@Suite("COSE keys")
struct COSEKeyTests {
    @Test("WebAuthn §16: every vector's attestation object decodes strictly and its credential key is the vector's key")
    func specVectors() throws {
        let vectors = try VectorFiles.json(SpecVectors.self, "../../PureWebAuthnTests/Vectors/spec-vectors.json").vectors
        #expect(vectors.count == 15)
        var ed448Keys = 0
        for vector in vectors {
            let attestationObject = try CBOR(decoding: [UInt8](hex: vector.registration.attestationObject))
            let object = try #require(attestationObject.mapValue, "\(vector.name)")
            #expect(object["fmt"]?.textStringValue == vector.format, "\(vector.name)")
            let authData = try #require(object["authData"]?.byteStringValue, "\(vector.name)")
            #expect(authData[32] & 0x40 != 0, "\(vector.name): AT flag")
            let (item, start, end) = try credentialKey(in: authData)
            #expect(end == authData.count, "\(vector.name): bytes after the key")
            #expect(Array(authData[55..<start]).hex == vector.registration.credential_id, "\(vector.name)")

            let key = try COSEKey(item)
            #expect(key.algorithm.rawValue == vector.credential_alg, "\(vector.name)")
            #expect(key.encoded() == Array(authData[start..<end]), "\(vector.name): canonical re-encoding")
            #expect(try COSEKey(encoded: key.encoded()) == key)
            let registration = vector.registration
            switch key.parameters {
            case .ec2(let curve, let x, let y):
                // The file writes each scalar in the fewest bytes (the P-521 one is 65): pad to the curve's length.
                let written = try [UInt8](hex: try #require(registration.credential_private_key))
                let scalar = [UInt8](repeating: 0, count: max(0, curve.coordinateByteCount - written.count)) + written
                let expected: [UInt8] = switch curve {
                case .p256: try P256.Signing.PrivateKey(rawRepresentation: scalar).publicKey.rawRepresentation
                case .p384: try P384.Signing.PrivateKey(rawRepresentation: scalar).publicKey.rawRepresentation
                default: try P521.Signing.PrivateKey(rawRepresentation: scalar).publicKey.rawRepresentation
                }
                #expect(x + y == expected, "\(vector.name)")
            case .okp(.ed448, let x):
                let secret = try [UInt8](hex: try #require(registration.private_key))
                #expect(x == Array(try Curve448.Signing.PrivateKey(rawRepresentation: secret).publicKey.rawRepresentation), "\(vector.name)")
                ed448Keys += 1
            case .okp(_, let x):
                let seed = try [UInt8](hex: try #require(registration.private_key))
                #expect(x == Array(try Curve25519.Signing.PrivateKey(rawRepresentation: seed).publicKey.rawRepresentation), "\(vector.name)")
            case .rsa(let modulus, let exponent):
                let p = BigUInt(bigEndianBytes: try [UInt8](hex: try #require(registration.private_key_p)))
                let q = BigUInt(bigEndianBytes: try [UInt8](hex: try #require(registration.private_key_q)))
                #expect(modulus == (p * q).bigEndianBytes(), "\(vector.name)")
                #expect(exponent == [0x01, 0x00, 0x01])
                // The spec's primes are 2^1279 - 1 and 2^2203 - 1.
                #expect(p.bitWidth == 1279 && q.bitWidth == 2203)
            case .akp:
                Issue.record("\(vector.name): the §16 vectors have no ML-DSA credential")
            }
        }
        #expect(ed448Keys == 1)
    }

    private static let x = [UInt8](repeating: 0x11, count: 32), y = [UInt8](repeating: 0x22, count: 32)

    private func ec2Map(_ extra: [(CBOR, CBOR)] = [], algorithm: Int64 = -7, curve: Int64 = 1,
                        x: CBOR = .byteString(COSEKeyTests.x), y: CBOR? = .byteString(COSEKeyTests.y)) -> CBOR {
        var pairs: [(CBOR, CBOR)] = [(CBOR(1), CBOR(2)), (CBOR(3), CBOR(algorithm)), (CBOR(-1), CBOR(curve)), (CBOR(-2), x)]
        if let y { pairs.append((CBOR(-3), y)) }
        return .map(CBORMap(pairs: pairs + extra))
    }

    private func reason(_ item: CBOR) -> CBORError.Reason? {
        do { _ = try COSEKey(item); return nil } catch { return error.reason }
    }

    @Test("EC2 keys: the curve's coordinate lengths, no compressed form, no private part; extra labels ignored")
    func ec2() throws {
        let key = try COSEKey(ec2Map())
        #expect(key.parameters == .ec2(curve: .p256, x: Self.x, y: Self.y))
        #expect(key.algorithm == .es256)
        #expect(try COSEKey(ec2Map([(CBOR(2), .byteString([1, 2]))])) == key)  // kid
        #expect(reason(ec2Map(y: .boolean(true))).map { "\($0)" }?.contains("compressed") == true)
        #expect(reason(ec2Map(y: nil)) != nil)
        #expect(reason(ec2Map(x: .byteString(Array(Self.x.dropFirst())))) != nil)
        #expect(reason(ec2Map(x: .textString("x"))) != nil)
        #expect(reason(ec2Map([(CBOR(-4), .byteString(Self.x))])).map { "\($0)" }?.contains("private") == true)
        // secp256k1 (crv 8, RFC 8812) takes ES256K only; ES256K takes no other curve.
        #expect(reason(ec2Map(curve: 8)) == .mismatchedCOSEAlgorithm(algorithm: -7, key: "an EC2 secp256k1 key"))
        #expect(try COSEKey(ec2Map(algorithm: -47, curve: 8)).parameters == .ec2(curve: .secp256k1, x: Self.x, y: Self.y))
        #expect(reason(ec2Map(curve: 9)) == .unsupportedCOSECurve(9))
        #expect(reason(ec2Map(curve: 6)) == .unsupportedCOSECurve(6))
        #expect(reason(ec2Map(algorithm: -35)) == .mismatchedCOSEAlgorithm(algorithm: -35, key: "an EC2 P-256 key"))
        #expect(reason(ec2Map(algorithm: -47)) == .mismatchedCOSEAlgorithm(algorithm: -47, key: "an EC2 P-256 key"))
        #expect(reason(ec2Map([(.textString("kid"), CBOR(1))])) != nil)
    }

    @Test("The key type and algorithm are required integers; RS1 is never a credential key's algorithm")
    func requiredLabels() throws {
        #expect(reason(.array([])) != nil)
        #expect(reason(.map(CBORMap(pairs: [(CBOR(3), CBOR(-7))]))) != nil)
        #expect(reason(.map(CBORMap(pairs: [(CBOR(1), CBOR(2))]))) != nil)
        #expect(reason(.map(CBORMap(pairs: [(CBOR(1), CBOR(4)), (CBOR(3), CBOR(-7))]))) == .unsupportedCOSEKeyType(4))
        let n = [UInt8](repeating: 0xc5, count: 256)
        let rsa: (Int64) -> CBOR = { algorithm in
            .map(CBORMap(pairs: [(CBOR(1), CBOR(3)), (CBOR(3), CBOR(algorithm)), (CBOR(-1), .byteString(n)),
                                 (CBOR(-2), .byteString([1, 0, 1]))]))
        }
        for algorithm: Int64 in [-257, -258, -259, -37, -38, -39] { #expect(reason(rsa(algorithm)) == nil) }
        #expect(reason(rsa(-65535)) == .unsupportedCOSEAlgorithm(-65535))
        #expect(reason(rsa(-7)) == .mismatchedCOSEAlgorithm(algorithm: -7, key: "an RSA key"))
        #expect(throws: CBORError.self) { try COSEKey(algorithm: .rs256, parameters: .rsa(modulus: [0] + n, exponent: [1, 0, 1])) }
        #expect(throws: CBORError.self) { try COSEKey(algorithm: .rs256, parameters: .rsa(modulus: n, exponent: [0, 1, 0, 1])) }
        #expect(throws: CBORError.self) { try COSEKey(algorithm: .rs256, parameters: .rsa(modulus: n, exponent: [])) }
    }

    @Test("OKP keys: EdDSA or Ed25519 on a 32-byte Ed25519 key, EdDSA or Ed448 on a 57-byte Ed448 key; neither curve on EC2")
    func okp() throws {
        let okp: (Int64, [UInt8], Int64) -> CBOR = { algorithm, x, curve in
            .map(CBORMap(pairs: [(CBOR(1), CBOR(1)), (CBOR(3), CBOR(algorithm)), (CBOR(-1), CBOR(curve)), (CBOR(-2), .byteString(x))]))
        }
        let okp25519: (Int64, [UInt8]) -> CBOR = { okp($0, $1, 6) }
        #expect(try COSEKey(okp25519(-8, Self.x)).parameters == .okp(curve: .ed25519, x: Self.x))
        #expect(try COSEKey(okp25519(-19, Self.x)).algorithm == .ed25519)
        #expect(reason(okp25519(-8, Array(Self.x.prefix(31)))) != nil)
        #expect(reason(okp25519(-7, Self.x)) == .mismatchedCOSEAlgorithm(algorithm: -7, key: "an OKP Ed25519 key"))
        #expect(reason(okp25519(-53, Self.x)) == .mismatchedCOSEAlgorithm(algorithm: -53, key: "an OKP Ed25519 key"))
        let x448 = [UInt8](repeating: 0x33, count: 57)
        #expect(try COSEKey(okp(-8, x448, 7)).parameters == .okp(curve: .ed448, x: x448))
        #expect(try COSEKey(okp(-53, x448, 7)).algorithm == .ed448)
        #expect(reason(okp(-53, Self.x, 7)) != nil)
        #expect(reason(okp(-19, x448, 7)) == .mismatchedCOSEAlgorithm(algorithm: -19, key: "an OKP Ed448 key"))
        #expect(reason(okp(-8, x448, 1)) == .unsupportedCOSECurve(1))
        #expect(reason(ec2Map(curve: 7)) == .unsupportedCOSECurve(7))
        #expect(COSEAlgorithm.edDSA.description == "EdDSA (-8)")
        #expect(COSEAlgorithm(rawValue: -47).description == "ES256K (-47)")
        #expect(COSEAlgorithm(rawValue: -53).description == "Ed448 (-53)")
        #expect(COSEAlgorithm(rawValue: -54).description == "COSE algorithm -54")
    }
}

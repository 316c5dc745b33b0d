// secp256k1 against an independent implementation: Python `cryptography` (OpenSSL underneath), through
// scripts/crosscheck/secp256k1-vectors.py, whose output Vectors/secp256k1_cryptography_vectors.json is
// committed. Keys in every form, RFC 6979 signatures reproduced byte for byte, verification of valid,
// high-s and corrupted signatures, ECDH shared secrets, invalid public keys, and the field and scalar
// arithmetic on extreme operands.

@testable import PureSecp256k1
import PureECDSA
import PureSHA2
import Testing
import TestSupport

private struct Vectors: Decodable {
    struct Key: Decodable { let d, x, y, compressed, spki, pkcs8, sec1Pem: String }
    struct Signature: Decodable { let key: Int; let message, der: String; let deterministic, valid: Bool; let comment: String }
    struct ECDH: Decodable { let d, peer, shared: String }
    struct InvalidKey: Decodable { let x963, comment: String }
    struct Value: Decodable { let a: String; let inverse: String?; let isSquare: Bool? }
    struct Pair: Decodable { let a, b, product, sum, difference: String }
    struct Modulus: Decodable { let values: [Value]; let pairs: [Pair] }
    struct Arithmetic: Decodable { let p, n: Modulus }
    let keys: [Key]
    let signatures: [Signature]
    let ecdh: [ECDH]
    let invalidPublicKeys: [InvalidKey]
    let arithmetic: Arithmetic

    static func load() throws -> Vectors { try VectorFiles.json(Vectors.self, "secp256k1_cryptography_vectors.json") }
}

private func u256(_ hex: String) throws -> U256 { try #require(U256(bigEndianBytes: try [UInt8](hex: hex))) }

@Suite("secp256k1 against Python cryptography")
struct Secp256k1VectorTests {
    @Test("keys: the public key of every scalar, in every encoding, and each encoding read back")
    func keys() throws {
        let vectors = try Vectors.load()
        #expect(vectors.keys.count == 16)
        for key in vectors.keys {
            let privateKey = try Secp256k1.Signing.PrivateKey(rawRepresentation: try [UInt8](hex: key.d))
            let publicKey = privateKey.publicKey
            #expect(publicKey.rawRepresentation == (try [UInt8](hex: key.x + key.y)), "d = \(key.d)")
            #expect(publicKey.compressedRepresentation == (try [UInt8](hex: key.compressed)), "d = \(key.d)")
            #expect(publicKey.derRepresentation == (try [UInt8](hex: key.spki)), "d = \(key.d)")
            #expect(privateKey.derRepresentation == (try [UInt8](hex: key.pkcs8)), "d = \(key.d)")
            #expect(try Secp256k1.Signing.PublicKey(derRepresentation: try [UInt8](hex: key.spki)) == publicKey)
            #expect(try Secp256k1.Signing.PublicKey(compressedRepresentation: try [UInt8](hex: key.compressed)) == publicKey)
            let fromPEM = try Secp256k1.Signing.PrivateKey(pemRepresentation: key.sec1Pem)
            #expect(fromPEM.rawRepresentation == (try [UInt8](hex: key.d)))
            let fromPKCS8 = try Secp256k1.KeyAgreement.PrivateKey(derRepresentation: try [UInt8](hex: key.pkcs8))
            #expect(fromPKCS8.publicKey.rawRepresentation == publicKey.rawRepresentation)
        }
    }

    @Test("signatures: RFC 6979 reproduced byte for byte; valid, high-s and corrupted ones verified as the file says")
    func signatures() throws {
        let vectors = try Vectors.load()
        #expect(vectors.signatures.count == 612)
        var deterministic = 0, valid = 0, invalid = 0
        for (index, vector) in vectors.signatures.enumerated() {
            let key = vectors.keys[vector.key]
            let privateKey = try Secp256k1.Signing.PrivateKey(rawRepresentation: try [UInt8](hex: key.d))
            let message = try [UInt8](hex: vector.message)
            let der = try [UInt8](hex: vector.der)
            if vector.deterministic {
                #expect(privateKey.signature(for: message).derRepresentation == der, "case \(index)")
                deterministic += 1
            }
            let verified: Bool
            if let signature = try? Secp256k1.Signing.ECDSASignature(derRepresentation: der) {
                verified = privateKey.publicKey.isValidSignature(signature, for: message)
            } else {
                verified = false
            }
            #expect(verified == vector.valid, "case \(index): \(vector.comment)")
            if vector.valid { valid += 1 } else { invalid += 1 }
        }
        #expect(deterministic == 68 && valid == 136 && invalid == 476)
    }

    @Test("ECDH: d·Q's x-coordinate for every pair")
    func ecdh() throws {
        let vectors = try Vectors.load()
        #expect(vectors.ecdh.count == 16)
        for vector in vectors.ecdh {
            let privateKey = try Secp256k1.KeyAgreement.PrivateKey(rawRepresentation: try [UInt8](hex: vector.d))
            let peer = try Secp256k1.KeyAgreement.PublicKey(x963Representation: try [UInt8](hex: vector.peer))
            let shared = try privateKey.sharedSecretFromKeyAgreement(with: peer)
            #expect(shared.withUnsafeBytes { Array($0) } == (try [UInt8](hex: vector.shared)), "d = \(vector.d)")
        }
    }

    @Test("invalid public keys are refused with the reason")
    func invalidPublicKeys() throws {
        let vectors = try Vectors.load()
        #expect(vectors.invalidPublicKeys.count == 7)
        for vector in vectors.invalidPublicKeys {
            #expect(throws: EllipticCurveError.self, "\(vector.comment)") {
                try Secp256k1.Signing.PublicKey(x963Representation: try [UInt8](hex: vector.x963))
            }
        }
    }

    @Test("field arithmetic mod p: every product, square, sum, difference, inverse and square root")
    func fieldArithmetic() throws {
        let vectors = try Vectors.load().arithmetic.p
        #expect(vectors.values.count == 24 && vectors.pairs.count == 192)
        func element(_ hex: String) throws -> FieldElement {
            try #require(try [UInt8](hex: hex).withUnsafeBytes { FieldElement(canonicalBigEndian: $0) })
        }
        for pair in vectors.pairs {
            let a = try element(pair.a), b = try element(pair.b)
            #expect((a * b).value == (try u256(pair.product)), "\(pair.a) × \(pair.b)")
            #expect((a + b).value == (try u256(pair.sum)), "\(pair.a) + \(pair.b)")
            #expect((a - b).value == (try u256(pair.difference)), "\(pair.a) − \(pair.b)")
            #expect(a.squared == a * a, "\(pair.a)²")
        }
        for value in vectors.values {
            let a = try element(value.a)
            if let inverse = value.inverse {
                #expect(a.inverted.value == (try u256(inverse)), "\(value.a)⁻¹")
            } else {
                #expect(a.inverted == .zero)
            }
            let (root, exists) = a.squareRoot()
            #expect(exists == value.isSquare, "√\(value.a)")
            if exists { #expect(root.squared == a) }
        }
    }

    @Test("scalar arithmetic mod n: every Montgomery product, sum and inverse")
    func scalarArithmetic() throws {
        let vectors = try Vectors.load().arithmetic.n
        #expect(vectors.values.count == 25 && vectors.pairs.count == 225)
        func scalar(_ hex: String) throws -> Scalar { try #require(Scalar(canonicalBigEndian: try [UInt8](hex: hex))) }
        for pair in vectors.pairs {
            let a = try scalar(pair.a), b = try scalar(pair.b)
            #expect((a * b).canonical == (try u256(pair.product)), "\(pair.a) × \(pair.b)")
            #expect((a + b).canonical == (try u256(pair.sum)), "\(pair.a) + \(pair.b)")
        }
        for value in vectors.values {
            guard let inverse = value.inverse else { continue }
            #expect((try scalar(value.a)).inverted.canonical == (try u256(inverse)), "\(value.a)⁻¹")
        }
    }
}

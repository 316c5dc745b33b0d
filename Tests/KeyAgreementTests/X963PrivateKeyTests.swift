// EC private keys in ANSI X9.63's form, 04 ‖ x ‖ y ‖ d, through both key types of P-256, P-384, P-521 and
// secp256k1: Vectors/ec_x963_private_keys.json, whose public points come from Python `cryptography`
// (scripts/crosscheck/ec-x963-private-keys.py). Every case of every curve runs.

import PureP256
import PureP384
import PureP521
import PureSecp256k1
import Testing
import TestSupport

private struct X963File: Decodable {
    struct Curve: Decodable {
        struct Valid: Decodable { let d: String; let x963: String }
        struct Invalid: Decodable { let comment: String; let x963: String }
        let curve: String
        let valid: [Valid]
        let invalid: [Invalid]
    }
    let curves: [Curve]
}

/// Reads x963 bytes as a Signing and as a KeyAgreement key: (scalar, public x963, key's own x963) of each,
/// or an error.
private typealias Reader = @Sendable ([UInt8]) throws -> [(d: [UInt8], publicX963: [UInt8], x963: [UInt8])]
/// The x963 form a Signing key made from the scalar alone writes.
private typealias Writer = @Sendable ([UInt8]) throws -> [UInt8]

private let curves: [String: (Reader, Writer)] = [
    "P-256": ({ bytes in
        let s = try P256.Signing.PrivateKey(x963Representation: bytes), k = try P256.KeyAgreement.PrivateKey(x963Representation: bytes)
        return [(s.rawRepresentation, s.publicKey.x963Representation, s.x963Representation),
                (k.rawRepresentation, k.publicKey.x963Representation, k.x963Representation)]
    }, { try P256.Signing.PrivateKey(rawRepresentation: $0).x963Representation }),
    "P-384": ({ bytes in
        let s = try P384.Signing.PrivateKey(x963Representation: bytes), k = try P384.KeyAgreement.PrivateKey(x963Representation: bytes)
        return [(s.rawRepresentation, s.publicKey.x963Representation, s.x963Representation),
                (k.rawRepresentation, k.publicKey.x963Representation, k.x963Representation)]
    }, { try P384.Signing.PrivateKey(rawRepresentation: $0).x963Representation }),
    "P-521": ({ bytes in
        let s = try P521.Signing.PrivateKey(x963Representation: bytes), k = try P521.KeyAgreement.PrivateKey(x963Representation: bytes)
        return [(s.rawRepresentation, s.publicKey.x963Representation, s.x963Representation),
                (k.rawRepresentation, k.publicKey.x963Representation, k.x963Representation)]
    }, { try P521.Signing.PrivateKey(rawRepresentation: $0).x963Representation }),
    "secp256k1": ({ bytes in
        let s = try Secp256k1.Signing.PrivateKey(x963Representation: bytes), k = try Secp256k1.KeyAgreement.PrivateKey(x963Representation: bytes)
        return [(s.rawRepresentation, s.publicKey.x963Representation, s.x963Representation),
                (k.rawRepresentation, k.publicKey.x963Representation, k.x963Representation)]
    }, { try Secp256k1.Signing.PrivateKey(rawRepresentation: $0).x963Representation }),
]

@Suite("EC private keys in X9.63 form")
struct X963PrivateKeyTests {
    @Test("every curve's keys read (scalar and public point as Python cryptography computed them), written back, and every malformed one refused")
    func everyCase() throws {
        let file = try VectorFiles.json(X963File.self, "ec_x963_private_keys.json")
        var valid = 0, invalid = 0
        #expect(Set(file.curves.map(\.curve)) == Set(curves.keys))
        for curve in file.curves {
            let (read, write) = try #require(curves[curve.curve])
            for test in curve.valid {
                let bytes = try [UInt8](hex: test.x963), d = try [UInt8](hex: test.d)
                for key in try read(bytes) {
                    #expect(key.d == d, "\(curve.curve)")
                    #expect(key.publicX963 == Array(bytes[..<(bytes.count - d.count)]), "\(curve.curve)")
                    #expect(key.x963 == bytes, "\(curve.curve)")
                }
                #expect(try write(d) == bytes, "\(curve.curve)")
                valid += 1
            }
            for test in curve.invalid {
                #expect(throws: (any Error).self, "\(curve.curve): \(test.comment)") { try read(try [UInt8](hex: test.x963)) }
                invalid += 1
            }
        }
        #expect(valid == 24 && invalid == 32)
    }
}

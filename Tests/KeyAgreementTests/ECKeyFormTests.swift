// Two key forms of swift-crypto's, through both key types of P-256, P-384, P-521 and secp256k1: private keys
// in ANSI X9.63's form, 04 ‖ x ‖ y ‖ d (Vectors/ec_x963_private_keys.json), and public keys in the compact
// form of draft-jivsov-ecc-compact-05, x alone (Vectors/ec_compact_keys.json). The points in both files come
// from Python `cryptography` (scripts/crosscheck/ec-key-forms.py). Every case of every curve runs.

import PureP256
import PureP384
import PureP521
import PureSecp256k1
import Testing
import TestSupport

/// What the tests need of a curve's private key type (Signing or KeyAgreement): the generated key types
/// have these members with the same names, so each conforms with an empty extension.
private protocol PrivateKeyForms {
    associatedtype Public: PublicKeyForms
    init(x963Representation: [UInt8]) throws
    init(rawRepresentation: [UInt8]) throws
    init(compactRepresentable: Bool)
    var rawRepresentation: [UInt8] { get }
    var x963Representation: [UInt8] { get }
    var publicKey: Public { get }
}

private protocol PublicKeyForms {
    init(x963Representation: [UInt8]) throws
    init(compactRepresentation: [UInt8]) throws
    var x963Representation: [UInt8] { get }
    var compactRepresentation: [UInt8]? { get }
}

extension P256.Signing.PrivateKey: PrivateKeyForms {}
extension P256.KeyAgreement.PrivateKey: PrivateKeyForms {}
extension P384.Signing.PrivateKey: PrivateKeyForms {}
extension P384.KeyAgreement.PrivateKey: PrivateKeyForms {}
extension P521.Signing.PrivateKey: PrivateKeyForms {}
extension P521.KeyAgreement.PrivateKey: PrivateKeyForms {}
extension Secp256k1.Signing.PrivateKey: PrivateKeyForms {}
extension Secp256k1.KeyAgreement.PrivateKey: PrivateKeyForms {}
extension P256.Signing.PublicKey: PublicKeyForms {}
extension P256.KeyAgreement.PublicKey: PublicKeyForms {}
extension P384.Signing.PublicKey: PublicKeyForms {}
extension P384.KeyAgreement.PublicKey: PublicKeyForms {}
extension P521.Signing.PublicKey: PublicKeyForms {}
extension P521.KeyAgreement.PublicKey: PublicKeyForms {}
extension Secp256k1.Signing.PublicKey: PublicKeyForms {}
extension Secp256k1.KeyAgreement.PublicKey: PublicKeyForms {}

/// Each curve's two private key types, by the vector files' curve names (computed: a stored global of
/// metatypes is not `Sendable`).
private var keyTypes: [String: [any PrivateKeyForms.Type]] {
    ["P-256": [P256.Signing.PrivateKey.self, P256.KeyAgreement.PrivateKey.self],
     "P-384": [P384.Signing.PrivateKey.self, P384.KeyAgreement.PrivateKey.self],
     "P-521": [P521.Signing.PrivateKey.self, P521.KeyAgreement.PrivateKey.self],
     "secp256k1": [Secp256k1.Signing.PrivateKey.self, Secp256k1.KeyAgreement.PrivateKey.self]]
}

private func publicType<K: PrivateKeyForms>(of _: K.Type) -> any PublicKeyForms.Type { K.Public.self }

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

private struct CompactFile: Decodable {
    struct Curve: Decodable {
        struct Point: Decodable { let x963: String; let compact: String? }
        struct Decode: Decodable { let compact: String; let x963: String }
        struct Invalid: Decodable { let comment: String; let compact: String }
        let curve: String
        let points: [Point]
        let decode: [Decode]
        let invalid: [Invalid]
    }
    let curves: [Curve]
}

@Suite("EC private keys in X9.63 form")
struct X963PrivateKeyTests {
    @Test("every curve's keys read (scalar and public point as Python cryptography computed them), written back, and every malformed one refused")
    func everyCase() throws {
        let file = try VectorFiles.json(X963File.self, "ec_x963_private_keys.json")
        #expect(Set(file.curves.map(\.curve)) == Set(keyTypes.keys))
        var valid = 0, invalid = 0
        for curve in file.curves {
            for type in try #require(keyTypes[curve.curve]) {
                for test in curve.valid {
                    let bytes = try [UInt8](hex: test.x963), d = try [UInt8](hex: test.d)
                    let key = try type.init(x963Representation: bytes)
                    #expect(key.rawRepresentation == d, "\(type)")
                    #expect(key.publicKey.x963Representation == Array(bytes[..<(bytes.count - d.count)]), "\(type)")
                    #expect(key.x963Representation == bytes, "\(type)")
                    #expect(try type.init(rawRepresentation: d).x963Representation == bytes, "\(type)")
                    valid += 1
                }
                for test in curve.invalid {
                    #expect(throws: (any Error).self, "\(type): \(test.comment)") { try type.init(x963Representation: try [UInt8](hex: test.x963)) }
                    invalid += 1
                }
            }
        }
        #expect(valid == 48 && invalid == 64)
    }
}

@Suite("EC public keys in compact form")
struct CompactPublicKeyTests {
    @Test("every curve: which keys have a compact form and what it is, what an x is read as (y = min(y, p − y)), malformed ones refused")
    func everyCase() throws {
        let file = try VectorFiles.json(CompactFile.self, "ec_compact_keys.json")
        #expect(Set(file.curves.map(\.curve)) == Set(keyTypes.keys))
        var points = 0, withoutCompactForm = 0, decoded = 0, invalid = 0
        for curve in file.curves {
            for type in try #require(keyTypes[curve.curve]).map({ publicType(of: $0) }) {
                for test in curve.points {
                    let expected = try test.compact.map { try [UInt8](hex: $0) }
                    #expect(try type.init(x963Representation: try [UInt8](hex: test.x963)).compactRepresentation == expected, "\(type)")
                    points += 1
                    if expected == nil { withoutCompactForm += 1 }
                }
                for test in curve.decode {
                    #expect(try type.init(compactRepresentation: try [UInt8](hex: test.compact)).x963Representation == (try [UInt8](hex: test.x963)), "\(type)")
                    decoded += 1
                }
                for test in curve.invalid {
                    #expect(throws: (any Error).self, "\(type): \(test.comment)") { try type.init(compactRepresentation: try [UInt8](hex: test.compact)) }
                    invalid += 1
                }
            }
        }
        #expect(points >= 64 && withoutCompactForm >= 24 && decoded == points && invalid == 32)
    }

    @Test("keys made compact-representable have a compact form that reads back as their point")
    func compactRepresentableKeys() throws {
        for type in keyTypes.values.joined() {
            for _ in 0..<8 {
                let publicKey = type.init(compactRepresentable: true).publicKey
                let compact = try #require(publicKey.compactRepresentation, "\(type)")
                #expect(try Swift.type(of: publicKey).init(compactRepresentation: compact).x963Representation == publicKey.x963Representation, "\(type)")
            }
        }
    }
}

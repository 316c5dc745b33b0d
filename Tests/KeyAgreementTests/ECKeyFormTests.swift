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

/// One curve's compact forms through its public API, for Signing and KeyAgreement keys alike.
private struct CompactForms: Sendable {
    /// The compact form of the key with this x963 point (one per key type).
    let compactOf: @Sendable ([UInt8]) throws -> [[UInt8]?]
    /// The x963 point a compact form is read as (one per key type).
    let read: @Sendable ([UInt8]) throws -> [[UInt8]]
    /// A new key made compact-representable: its compact form read back gives its point.
    let freshKeyRoundTrips: @Sendable () throws -> Bool
}

private let compactForms: [String: CompactForms] = [
    "P-256": CompactForms(
        compactOf: { [try P256.Signing.PublicKey(x963Representation: $0).compactRepresentation,
                      try P256.KeyAgreement.PublicKey(x963Representation: $0).compactRepresentation] },
        read: { [try P256.Signing.PublicKey(compactRepresentation: $0).x963Representation,
                 try P256.KeyAgreement.PublicKey(compactRepresentation: $0).x963Representation] },
        freshKeyRoundTrips: {
            let s = P256.Signing.PrivateKey(compactRepresentable: true).publicKey, k = P256.KeyAgreement.PrivateKey(compactRepresentable: true).publicKey
            return try P256.Signing.PublicKey(compactRepresentation: s.compactRepresentation ?? []) == s
                && P256.KeyAgreement.PublicKey(compactRepresentation: k.compactRepresentation ?? []) == k
        }),
    "P-384": CompactForms(
        compactOf: { [try P384.Signing.PublicKey(x963Representation: $0).compactRepresentation,
                      try P384.KeyAgreement.PublicKey(x963Representation: $0).compactRepresentation] },
        read: { [try P384.Signing.PublicKey(compactRepresentation: $0).x963Representation,
                 try P384.KeyAgreement.PublicKey(compactRepresentation: $0).x963Representation] },
        freshKeyRoundTrips: {
            let s = P384.Signing.PrivateKey(compactRepresentable: true).publicKey, k = P384.KeyAgreement.PrivateKey(compactRepresentable: true).publicKey
            return try P384.Signing.PublicKey(compactRepresentation: s.compactRepresentation ?? []) == s
                && P384.KeyAgreement.PublicKey(compactRepresentation: k.compactRepresentation ?? []) == k
        }),
    "P-521": CompactForms(
        compactOf: { [try P521.Signing.PublicKey(x963Representation: $0).compactRepresentation,
                      try P521.KeyAgreement.PublicKey(x963Representation: $0).compactRepresentation] },
        read: { [try P521.Signing.PublicKey(compactRepresentation: $0).x963Representation,
                 try P521.KeyAgreement.PublicKey(compactRepresentation: $0).x963Representation] },
        freshKeyRoundTrips: {
            let s = P521.Signing.PrivateKey(compactRepresentable: true).publicKey, k = P521.KeyAgreement.PrivateKey(compactRepresentable: true).publicKey
            return try P521.Signing.PublicKey(compactRepresentation: s.compactRepresentation ?? []) == s
                && P521.KeyAgreement.PublicKey(compactRepresentation: k.compactRepresentation ?? []) == k
        }),
    "secp256k1": CompactForms(
        compactOf: { [try Secp256k1.Signing.PublicKey(x963Representation: $0).compactRepresentation,
                      try Secp256k1.KeyAgreement.PublicKey(x963Representation: $0).compactRepresentation] },
        read: { [try Secp256k1.Signing.PublicKey(compactRepresentation: $0).x963Representation,
                 try Secp256k1.KeyAgreement.PublicKey(compactRepresentation: $0).x963Representation] },
        freshKeyRoundTrips: {
            let s = Secp256k1.Signing.PrivateKey(compactRepresentable: true).publicKey, k = Secp256k1.KeyAgreement.PrivateKey(compactRepresentable: true).publicKey
            return try Secp256k1.Signing.PublicKey(compactRepresentation: s.compactRepresentation ?? []) == s
                && Secp256k1.KeyAgreement.PublicKey(compactRepresentation: k.compactRepresentation ?? []) == k
        }),
]

@Suite("EC public keys in compact form")
struct CompactPublicKeyTests {
    @Test("every curve: which keys have a compact form and what it is, what an x is read as (y = min(y, p − y)), malformed ones refused")
    func everyCase() throws {
        let file = try VectorFiles.json(CompactFile.self, "ec_compact_keys.json")
        #expect(Set(file.curves.map(\.curve)) == Set(compactForms.keys))
        var points = 0, withoutCompactForm = 0, decoded = 0, invalid = 0
        for curve in file.curves {
            let forms = try #require(compactForms[curve.curve])
            for test in curve.points {
                let expected = try test.compact.map { try [UInt8](hex: $0) }
                #expect(try forms.compactOf(try [UInt8](hex: test.x963)) == [expected, expected], "\(curve.curve)")
                points += 1
                if expected == nil { withoutCompactForm += 1 }
            }
            for test in curve.decode {
                let x963 = try [UInt8](hex: test.x963)
                #expect(try forms.read(try [UInt8](hex: test.compact)) == [x963, x963], "\(curve.curve)")
                decoded += 1
            }
            for test in curve.invalid {
                #expect(throws: (any Error).self, "\(curve.curve): \(test.comment)") { try forms.read(try [UInt8](hex: test.compact)) }
                invalid += 1
            }
        }
        #expect(points >= 32 && withoutCompactForm >= 12 && decoded == points && invalid == 16)
    }

    @Test("keys made compact-representable have a compact form that reads back as their point")
    func compactRepresentableKeys() throws {
        for (name, forms) in compactForms {
            for _ in 0..<8 { #expect(try forms.freshKeyRoundTrips(), "\(name)") }
        }
    }
}

// Ed448 (RFC 8032 §5.2) against RFC 8032 §7.4 and against Python `cryptography` (OpenSSL): public keys and
// signatures reproduced byte for byte, verification of valid, context-bound, corrupted and small-order
// signatures with OpenSSL's verdicts, and the public keys §5.2.3 refuses.

@testable import PureCurve448
import Testing
import TestSupport

@Suite("Ed448 known answers")
struct Ed448VectorTests {
    @Test("RFC 8032 §7.4: each key's public key and signature, and the signature verifies")
    func rfc8032() throws {
        let vectors = try Curve448Vectors.load()
        #expect(vectors.rfc8032.count == 4)
        for vector in vectors.rfc8032 {
            let key = try Curve448.Signing.PrivateKey(rawRepresentation: try [UInt8](hex: vector.secret))
            #expect(key.publicKey.rawRepresentation == (try [UInt8](hex: vector.publicKey)), "\(vector.name)")
            let message = try [UInt8](hex: vector.message), context = try [UInt8](hex: vector.context)
            let signature = try key.signature(for: message, context: context)
            #expect(signature == (try [UInt8](hex: vector.signature)), "\(vector.name)")
            #expect(key.publicKey.isValidSignature(signature, for: message, context: context), "\(vector.name)")
            if context.isEmpty {
                #expect(key.signature(for: message) == signature)
                #expect(key.publicKey.isValidSignature(signature, for: message))
            } else {
                #expect(!key.publicKey.isValidSignature(signature, for: message), "\(vector.name): the context is part of what is signed")
            }
        }
    }

    @Test("keys: the public key of every secret, the PKCS#8 and SPKI DER OpenSSL writes, each read back")
    func keys() throws {
        let vectors = try Curve448Vectors.load()
        #expect(vectors.keys.count == 10)
        for vector in vectors.keys {
            let key = try Curve448.Signing.PrivateKey(rawRepresentation: try [UInt8](hex: vector.secret))
            #expect(key.publicKey.rawRepresentation == (try [UInt8](hex: vector.publicKey)))
            #expect(key.derRepresentation == (try [UInt8](hex: vector.pkcs8)))
            #expect(key.publicKey.derRepresentation == (try [UInt8](hex: vector.spki)))
            #expect(try Curve448.Signing.PrivateKey(derRepresentation: try [UInt8](hex: vector.pkcs8)).rawRepresentation == key.rawRepresentation)
            #expect(try Curve448.Signing.PublicKey(derRepresentation: try [UInt8](hex: vector.spki)) == key.publicKey)
            #expect(try Curve448.Signing.PrivateKey(pemRepresentation: key.pemRepresentation).rawRepresentation == key.rawRepresentation)
            #expect(try Curve448.Signing.PublicKey(pemRepresentation: key.publicKey.pemRepresentation) == key.publicKey)
        }
    }

    @Test("signatures: valid ones reproduced byte for byte, every one verified as OpenSSL (or, with a context, the reference) decides")
    func signatures() throws {
        let vectors = try Curve448Vectors.load()
        #expect(vectors.signatures.count == 189)
        let keys = try vectors.keys.map { try Curve448.Signing.PrivateKey(rawRepresentation: try [UInt8](hex: $0.secret)) }
        var valid = 0, invalid = 0
        for (index, vector) in vectors.signatures.enumerated() {
            let key = keys[vector.key]
            let message = try [UInt8](hex: vector.message), context = try [UInt8](hex: vector.context)
            let signature = try [UInt8](hex: vector.signature)
            #expect(key.publicKey.isValidSignature(signature, for: message, context: context) == vector.valid,
                    "case \(index) \(vector.name ?? "")")
            if vector.valid {
                valid += 1
                #expect(try key.signature(for: message, context: context) == signature, "case \(index)")
            } else {
                invalid += 1
            }
        }
        #expect(valid == 65 && invalid == 124)
    }

    @Test("small-order components in R: accepted, as OpenSSL accepts them (the cofactored equation)")
    func cofactor() throws {
        let vectors = try Curve448Vectors.load()
        #expect(vectors.cofactor.count == 9)
        for (index, vector) in vectors.cofactor.enumerated() {
            let publicKey = try Curve448.Signing.PublicKey(rawRepresentation: try [UInt8](hex: vectors.keys[vector.key].publicKey))
            #expect(vector.valid)
            #expect(publicKey.isValidSignature(try [UInt8](hex: vector.signature), for: try [UInt8](hex: vector.message)) == vector.valid,
                    "case \(index)")
        }
    }

    @Test("public keys RFC 8032 §5.2.3 refuses are refused; y = 1 and y = p − 1 are points")
    func invalidPublicKeys() throws {
        let vectors = try Curve448Vectors.load()
        #expect(vectors.invalidPublicKeys.count == 10)
        for vector in vectors.invalidPublicKeys {
            #expect(throws: Curve448Error(.invalidPoint), "\(vector.name)") {
                try Curve448.Signing.PublicKey(rawRepresentation: try [UInt8](hex: vector.publicKey))
            }
        }
        #expect(vectors.validEdgePublicKeys.count == 2)
        for encoding in vectors.validEdgePublicKeys {
            #expect(throws: Never.self) { try Curve448.Signing.PublicKey(rawRepresentation: try [UInt8](hex: encoding)) }
        }
    }
}

// X448 (RFC 7748) against RFC 7748 §5.2 and §6.2 and against Python `cryptography` (OpenSSL): the
// function's outputs, the iterated results (once here; 1,000 and 1,000,000 times in
// scripts/known-answer-loops.sh on the release build), u-coordinates of p and above reduced, small-order inputs refused, key formats.

@testable import PureCurve448
import Testing
import TestSupport

@Suite("X448 known answers")
struct X448Tests {
    @Test("X448(k, u) for RFC 7748's vectors, OpenSSL's random pairs and inputs u ≥ p")
    func function() throws {
        let vectors = try Curve448Vectors.load()
        #expect(vectors.x448.count == 20)
        for vector in vectors.x448 {
            let result = X448.scalarMultiply(try [UInt8](hex: vector.scalar), try [UInt8](hex: vector.u))
            #expect(result == (try [UInt8](hex: vector.result)), "\(vector.name)")
            let key = try Curve448.KeyAgreement.PrivateKey(rawRepresentation: try [UInt8](hex: vector.scalar))
            let peer = try Curve448.KeyAgreement.PublicKey(rawRepresentation: try [UInt8](hex: vector.u))
            let shared = try key.sharedSecretFromKeyAgreement(with: peer)
            #expect(shared.withUnsafeBytes { Array($0) } == result, "\(vector.name)")
        }
    }

    @Test("RFC 7748 §5.2 iterated once (1,000 and 1,000,000 times: scripts/known-answer-loops.sh, release build)")
    func iterated() throws {
        let vectors = try Curve448Vectors.load()
        let expected = Dictionary(uniqueKeysWithValues: vectors.x448Iterated.map { ($0.iterations, $0.result) })
        #expect(expected.keys.sorted() == [1, 1000, 1_000_000])
        let once = X448.scalarMultiply(X448.basePoint, X448.basePoint)
        #expect(once == (try [UInt8](hex: try #require(expected[1]))))
    }

    @Test("small-order inputs give zeros, which key agreement refuses")
    func zeroResults() throws {
        let vectors = try Curve448Vectors.load()
        #expect(vectors.x448ZeroResults.count == 5)
        for vector in vectors.x448ZeroResults {
            let scalar = try [UInt8](hex: vector.scalar), u = try [UInt8](hex: vector.u)
            #expect(X448.scalarMultiply(scalar, u) == [UInt8](repeating: 0, count: 56), "\(vector.name)")
            let key = try Curve448.KeyAgreement.PrivateKey(rawRepresentation: scalar)
            #expect(throws: Curve448Error(.zeroSharedSecret), "\(vector.name)") {
                try key.sharedSecretFromKeyAgreement(with: try Curve448.KeyAgreement.PublicKey(rawRepresentation: u))
            }
        }
    }

    @Test("keys: public keys, PKCS#8 and SPKI as OpenSSL writes them, read back")
    func keys() throws {
        let vectors = try Curve448Vectors.load()
        #expect(vectors.x448Keys.count == 3)
        for vector in vectors.x448Keys {
            let key = try Curve448.KeyAgreement.PrivateKey(rawRepresentation: try [UInt8](hex: vector.private))
            #expect(key.publicKey.rawRepresentation == (try [UInt8](hex: vector.public)))
            #expect(key.derRepresentation == (try [UInt8](hex: vector.pkcs8)))
            #expect(key.publicKey.derRepresentation == (try [UInt8](hex: vector.spki)))
            #expect(try Curve448.KeyAgreement.PrivateKey(derRepresentation: try [UInt8](hex: vector.pkcs8)).rawRepresentation == key.rawRepresentation)
            #expect(try Curve448.KeyAgreement.PublicKey(derRepresentation: try [UInt8](hex: vector.spki)) == key.publicKey)
            #expect(try Curve448.KeyAgreement.PrivateKey(pemRepresentation: key.pemRepresentation).rawRepresentation == key.rawRepresentation)
            #expect(try Curve448.KeyAgreement.PublicKey(pemRepresentation: key.publicKey.pemRepresentation) == key.publicKey)
        }
    }

    @Test("two fresh keys agree")
    func agreement() throws {
        let alice = Curve448.KeyAgreement.PrivateKey(), bob = Curve448.KeyAgreement.PrivateKey()
        let one = try alice.sharedSecretFromKeyAgreement(with: bob.publicKey)
        let other = try bob.sharedSecretFromKeyAgreement(with: alice.publicKey)
        #expect(one.withUnsafeBytes { Array($0) } == other.withUnsafeBytes { Array($0) })
    }
}

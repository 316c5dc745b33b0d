// X25519 (RFC 7748) against Wycheproof (every case of x25519_test.json), RFC 7748 §5.2 (its vectors and
// the iterated function), §6.1's Diffie-Hellman example, and the refusals.

import PureCurve25519
import Testing
import TestSupport

private struct XDHGroup: WycheproofTestGroup {
    let curve: String
    let tests: [XDHCase]
}

private struct XDHCase: WycheproofTestCase {
    let tcId: Int
    let comment: String
    let flags: [String]
    let result: WycheproofResult
    let `public`: String
    let `private`: String
    let shared: String
}

private struct X25519Vectors: Decodable {
    let iterated: [String: String]
    struct Example: Decodable {
        let alice_private: String, alice_public: String, bob_private: String, bob_public: String, shared: String
    }
    let diffie_hellman: Example
}

/// X25519(k, u) through the public API: the shared secret's bytes.
private func x25519(_ k: [UInt8], _ u: [UInt8]) throws -> [UInt8] {
    let key = try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: k)
    let secret = try key.sharedSecretFromKeyAgreement(with: try Curve25519.KeyAgreement.PublicKey(rawRepresentation: u))
    return secret.withUnsafeBytes { Array($0) }
}

@Suite("X25519")
struct X25519Tests {
    @Test("Wycheproof x25519_test.json: every case (zero shared secrets refused, twist and non-canonical points accepted)")
    func wycheproof() throws {
        let run = try Wycheproof.run(
            "x25519_test.json", groups: XDHGroup.self,
            knownFlags: ["EdgeCaseMultiplication", "EdgeCasePrivateKey", "EdgeCaseShared", "Ktv", "LowOrderPublic",
                         "NonCanonicalPublic", "Normal", "SmallPublicKey", "SpecialPublicKey", "Twist", "ZeroSharedSecret"],
            acceptable: .rejectFlagged(["ZeroSharedSecret"])
        ) { group, test in
            #expect(group.curve == "curve25519")
            let shared = try x25519(try [UInt8](hex: test.private), try [UInt8](hex: test.public))
            #expect(shared == (try [UInt8](hex: test.shared)), "tcId \(test.tcId)")
            return shared == (try [UInt8](hex: test.shared))
        }
        #expect(run == 518)
    }

    @Test("RFC 7748 §5.2: both test vectors and the first iteration")
    func rfcVectors() throws {
        let records = NISTResponseFile.records(try VectorFiles.text("rfc7748.txt"))
        #expect(records.count == 3)
        for record in records {
            let output = try x25519(try [UInt8](hex: record.value("INPUT_SCALAR")), try [UInt8](hex: record.value("INPUT_U")))
            #expect(output == (try [UInt8](hex: record.value("OUTPUT_U"))), "line \(record.line)")
        }
    }

    @Test("RFC 7748 §5.2: X25519 iterated 1,000 times")
    func iterated() throws {
        let vectors = try VectorFiles.json(X25519Vectors.self, "x25519_vectors.json")
        var k = [9] + [UInt8](repeating: 0, count: 31), u = k
        for _ in 0..<1000 { (k, u) = (try x25519(k, u), k) }
        #expect(k == (try [UInt8](hex: vectors.iterated["1000"] ?? "")))
    }

    @Test("RFC 7748 §6.1: Alice's and Bob's public keys and their shared secret")
    func diffieHellman() throws {
        let example = try VectorFiles.json(X25519Vectors.self, "x25519_vectors.json").diffie_hellman
        let alice = try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: try [UInt8](hex: example.alice_private))
        let bob = try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: try [UInt8](hex: example.bob_private))
        #expect(alice.publicKey.rawRepresentation == (try [UInt8](hex: example.alice_public)))
        #expect(bob.publicKey.rawRepresentation == (try [UInt8](hex: example.bob_public)))
        let one = try alice.sharedSecretFromKeyAgreement(with: bob.publicKey)
        let other = try bob.sharedSecretFromKeyAgreement(with: alice.publicKey)
        #expect(one == other)
        #expect(one.withUnsafeBytes { Array($0) } == (try [UInt8](hex: example.shared)))
        #expect(one.description == "SharedSecret(32 bytes)")
    }

    @Test("a private key prints redacted: its scalar neither in hex, nor as a list, nor in a dump")
    func redaction() throws {
        let example = try VectorFiles.json(X25519Vectors.self, "x25519_vectors.json").diffie_hellman
        let scalar = try [UInt8](hex: example.alice_private)
        let key = try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: scalar)
        var dumped = ""
        dump(key, to: &dumped)
        // dump lists array elements one per line ("- 119"); print and interpolation as "[119, 7, …]".
        let dumpedNumbers = dumped.split(separator: "\n").map { $0.drop { $0 == " " } }.filter { $0.hasPrefix("- ") }
        #expect(dumpedNumbers.count < 8, "\(dumped)")
        for text in [key.description, key.debugDescription, "\(key)", String(reflecting: key), dumped] {
            #expect(!text.contains(example.alice_private.prefix(16)) && !text.contains(scalar.prefix(4).map(String.init).joined(separator: ", ")), "\(text)")
            #expect(text.contains("redacted"), "\(text)")
        }
        #expect("\(key.publicKey)" == "Curve25519.KeyAgreement.PublicKey(\(example.alice_public))")
    }

    @Test("fresh keys agree; wrong lengths and small-order points are refused")
    func refusals() throws {
        let a = Curve25519.KeyAgreement.PrivateKey(), b = Curve25519.KeyAgreement.PrivateKey()
        #expect(try a.sharedSecretFromKeyAgreement(with: b.publicKey) == (try b.sharedSecretFromKeyAgreement(with: a.publicKey)))
        for size in [0, 31, 33, 64] {
            #expect(throws: Curve25519Error(.invalidLength(expected: 32, found: size))) {
                try Curve25519.KeyAgreement.PublicKey(rawRepresentation: [UInt8](repeating: 9, count: size))
            }
            #expect(throws: Curve25519Error(.invalidLength(expected: 32, found: size))) {
                try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: [UInt8](repeating: 9, count: size))
            }
        }
        // u = 0 and u = 1 have small order: the result is zero whatever the key.
        for u in [[UInt8](repeating: 0, count: 32), [1] + [UInt8](repeating: 0, count: 31)] {
            #expect(throws: Curve25519Error(.zeroSharedSecret)) {
                try a.sharedSecretFromKeyAgreement(with: Curve25519.KeyAgreement.PublicKey(rawRepresentation: u))
            }
        }
    }
}

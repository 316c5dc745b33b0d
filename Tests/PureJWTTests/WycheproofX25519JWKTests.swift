// Every case of Wycheproof's x25519_jwk_test.json: X25519 keys as JWKs (RFC 8037), read through
// `JSONWebKey.jweKey()` as ECDH-ES keys, and the agreement JWE's ECDH-ES runs on them.
//
// valid: both JWKs read and the shared secret is the file's. acceptable (twists, non-canonical public
// keys, small-order points): when the agreement succeeds its result must be the file's; an all-zero result
// is refused (RFC 7748 §6.1), which is what a small-order point gives. invalid (a public key of another
// curve or key type, or missing members): the public JWK is refused when read, or — a well-formed P-256,
// P-384 or P-521 key — the agreement with an X25519 key is refused; no secret either way.

import Foundation
@testable import PureJWT
import Testing
import TestSupport

private struct X25519JWKFile: Decodable {
    let numberOfTests: Int
    let testGroups: [Group]
    struct Group: Decodable { let tests: [Case] }
    struct Case: Decodable {
        let tcId: Int
        let comment: String
        let flags: [String]
        let `public`: JSONValue
        let `private`: JSONValue
        let shared: String
        let result: String
    }
}

@Suite("X25519 JWKs: Wycheproof x25519_jwk_test.json")
struct WycheproofX25519JWKTests {
    @Test("every case: valid agreements give the file's secret, acceptable ones that succeed too, invalid public JWKs are refused")
    func everyCase() throws {
        let file = try VectorFiles.json(X25519JWKFile.self, "x25519_jwk_test.json")
        var run = 0, agreed = 0, refusedKeys = 0, zeroRefused = 0
        func jweKey(_ value: JSONValue) throws -> JWEKey {
            try StrictJSONDecoder().decode(JSONWebKey.self, from: try JSONEncoder().encode(value)).jweKey()
        }
        for group in file.testGroups {
            for test in group.tests {
                run += 1
                let label = "tcId \(test.tcId) (\(test.comment))"
                let privateKey = try jweKey(test.private)
                guard case .agreementPrivate(let own) = privateKey.material else { Issue.record("\(label): not a private key"); continue }
                let publicKey: JWEKey
                do { publicKey = try jweKey(test.public) } catch {
                    #expect(test.result == "invalid", "\(label): \(error)")
                    refusedKeys += 1
                    continue
                }
                guard case .agreementPublic(let peer) = publicKey.material else { Issue.record("\(label): not a public key"); continue }
                guard let secret = own.sharedSecret(with: peer) else {
                    if test.result == "invalid" {
                        // A well-formed key of another curve (P-256, P-384, P-521): the agreement refuses it.
                        #expect(peer.curve != "X25519", "\(label)")
                        refusedKeys += 1
                    } else {
                        #expect(test.result == "acceptable" && test.shared == String(repeating: "0", count: 64), "\(label): refused")
                        zeroRefused += 1
                    }
                    continue
                }
                #expect(test.result != "invalid", "\(label): an invalid public JWK gave a secret")
                #expect(secret.withUnsafeBytes { Array($0) } == (try [UInt8](hex: test.shared)), "\(label)")
                agreed += 1
            }
        }
        #expect(run == file.numberOfTests && run > 0)
        #expect(refusedKeys == 13 && agreed > 400)
        print("x25519_jwk_test.json: \(run) cases, \(agreed) agreed, \(zeroRefused) all-zero results refused, \(refusedKeys) public JWKs refused")
    }
}

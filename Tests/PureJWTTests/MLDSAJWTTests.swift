// ML-DSA in JOSE (RFC 9964): AKP JWKs, thumbprints, the Appendix A examples byte for byte, signing and
// verifying tokens through JWTSigner/JWTVerifier, key files, key sets and the keys they must refuse.

import Foundation
import PureBase64
import PureJWT
import PureMLDSA
import Testing
import TestSupport

private struct JOSEExample: Decodable {
    struct JWK: Decodable { let kid, kty, alg, pub, priv: String }
    let priv: String
    let jwk: JWK
    let jws: String
    let raw_to_be_signed: String
    let raw_signature: String
    let raw_public_key: String
}

private struct SeedOneKAT: Decodable {
    let seed_hex: String
    let pub_b64url: String
    let thumbprint: String
}

@Suite("ML-DSA in JOSE (RFC 9964)")
struct MLDSAJWTTests {
    @Test("Appendix A: JWK, kid thumbprint, the JWS verifies, the signature byte for byte", arguments: [44, 65, 87])
    func appendixA(_ size: Int) throws {
        let example = try VectorFiles.json(JOSEExample.self, "ML_DSA_\(size).jose.json")
        var jwk = JSONWebKey(kty: example.jwk.kty)
        jwk.kid = example.jwk.kid
        jwk.alg = example.jwk.alg
        jwk.pub = example.jwk.pub
        jwk.priv = example.jwk.priv
        #expect(try jwk.thumbprint() == example.jwk.kid)
        let key = try jwk.jwtKey()
        #expect(key.algorithm.rawValue == "ML-DSA-\(size)")
        #expect(key.canSign)
        #expect(try Base64URL.decode(example.jwk.pub) == (try [UInt8](hex: example.raw_public_key)))

        // The published token verifies, with the private key and with its public half.
        let parts = example.jws.split(separator: ".")
        let payload = try Base64URL.decode(String(parts[1]))
        #expect(try JWTVerifier(keys: [key]).verifiedPayload(example.jws) == payload)
        #expect(try JWTVerifier(keys: [try #require(key.publicKey)]).verifiedPayload(example.jws) == payload)
        #expect(Array((parts[0] + "." + parts[1]).utf8) == (try [UInt8](hex: example.raw_to_be_signed)))

        // Its signature is the deterministic one (rnd = 0³², empty context) of the signing input.
        let input = try [UInt8](hex: example.raw_to_be_signed)
        let expected = try [UInt8](hex: example.raw_signature)
        #expect(Base64URL.encode(expected) == String(parts[2]))
        switch size {
        case 44: #expect(try MLDSA44.PrivateKey(seedRepresentation: [UInt8](hex: example.priv)).deterministicSignature(for: input, context: [UInt8]()) == expected)
        case 65: #expect(try MLDSA65.PrivateKey(seedRepresentation: [UInt8](hex: example.priv)).deterministicSignature(for: input, context: [UInt8]()) == expected)
        default: #expect(try MLDSA87.PrivateKey(seedRepresentation: [UInt8](hex: example.priv)).deterministicSignature(for: input, context: [UInt8]()) == expected)
        }

        // A changed signature or payload fails.
        var forged = Array(example.jws.utf8)
        forged[forged.count - 5] = forged[forged.count - 5] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        #expect(throws: JWTError.self) { try JWTVerifier(keys: [key]).verifiedPayload(String(decoding: forged, as: UTF8.self)) }

        // The key writes the same JWK back (public and private forms), and signs tokens that verify.
        let exported = try JSONWebKey(privateKeyOf: key.withKeyID(example.jwk.kid))
        #expect(exported.kty == "AKP" && exported.alg == example.jwk.alg && exported.pub == example.jwk.pub && exported.priv == example.jwk.priv)
        let published = try #require(JSONWebKey(publicKeyOf: key))
        #expect(published.priv == nil && published.pub == example.jwk.pub)
        let token = try JWTSigner(key: key.withKeyID(example.jwk.kid)).sign(claimsJSON: Array(#"{"sub":"pq"}"#.utf8))
        #expect(try JWTVerifier(keys: [try published.jwtKey()]).verifiedPayload(token) == Array(#"{"sub":"pq"}"#.utf8))
    }

    @Test("the all-0x01 seed's AKP public keys and thumbprints", arguments: [44, 65, 87])
    func seedOne(_ size: Int) throws {
        let kat = try #require(try VectorFiles.json([String: SeedOneKAT].self, "seed01_akp_kat.json")["\(size)"])
        var jwk = JSONWebKey(kty: "AKP")
        jwk.alg = "ML-DSA-\(size)"
        jwk.priv = Base64URL.encode(try [UInt8](hex: kat.seed_hex))
        jwk.pub = kat.pub_b64url
        let key = try jwk.jwtKey()
        #expect(JSONWebKey(publicKeyOf: key)?.pub == kat.pub_b64url)
        #expect(try JSONWebKey(publicKeyOf: key)?.thumbprint() == kat.thumbprint)
        #expect(try jwk.thumbprint() == kat.thumbprint, "the thumbprint covers alg, kty and pub only")
    }

    @Test("AKP keys refused with a reason; unknown ones skipped in a key set")
    func refusals() throws {
        let example = try VectorFiles.json(JOSEExample.self, "ML_DSA_44.jose.json")
        func akp(_ edit: (inout JSONWebKey) -> Void) -> JSONWebKey {
            var jwk = JSONWebKey(kty: "AKP")
            jwk.alg = "ML-DSA-44"
            jwk.pub = example.jwk.pub
            jwk.priv = example.jwk.priv
            edit(&jwk)
            return jwk
        }
        let cases: [(String, JSONWebKey, String)] = [
            ("no alg", akp { $0.alg = nil }, "needs \"alg\""),
            ("unknown alg", akp { $0.alg = "ML-DSA-99" }, "not supported"),
            ("another size's alg", akp { $0.alg = "ML-DSA-65" }, "1952"),
            ("priv of another key", akp { $0.priv = Base64URL.encode([UInt8](repeating: 1, count: 32)) }, "does not give the public key"),
            ("priv not 32 bytes", akp { $0.priv = Base64URL.encode([UInt8](repeating: 0, count: 64)) }, "32 bytes"),
            ("pub truncated", akp { $0.pub = Base64URL.encode((try? Base64URL.decode(example.jwk.pub))?.dropLast(3) ?? []); $0.priv = nil }, "1312"),
        ]
        for (name, jwk, reason) in cases {
            do {
                _ = try jwk.jwtKey()
                Issue.record("\(name): accepted")
            } catch {
                #expect(error.description.contains(reason), "\(name): \(error)")
            }
        }
        let set = try JSONWebKeySet(json: """
            {"keys": [{"kty": "AKP", "alg": "ML-DSA-44", "kid": "good", "pub": "\(example.jwk.pub)"},
                      {"kty": "AKP", "alg": "SLH-DSA-SHA2-128s", "kid": "later", "pub": "AAAA"}]}
            """)
        #expect(set.keys.map(\.keyID) == ["good"])
        #expect(set.skipped.count == 1 && set.skipped[0].reason.contains("SLH-DSA-SHA2-128s"))
        // A private JWK's description never shows "priv".
        #expect(!"\(akp { _ in })".contains(example.jwk.priv))
    }

    @Test("key files: PKCS#8 (seed and expanded forms) and SPKI give ML-DSA keys")
    func keyFiles() throws {
        let seed = [UInt8](repeating: 7, count: 32)
        let privateKey = try MLDSA65.PrivateKey(seedRepresentation: seed)
        let fromPEM = try JWTKey(pemRepresentation: privateKey.pemRepresentation, keyID: "k")
        #expect(fromPEM.algorithm == .mldsa65 && fromPEM.canSign)
        #expect(fromPEM.privateKeyPEMRepresentation == privateKey.pemRepresentation)
        #expect(fromPEM.publicKeyPEMRepresentation == privateKey.publicKey.pemRepresentation)
        let expandedOnly = try MLDSA65.PrivateKey(expandedRepresentation: privateKey.expandedRepresentation)
        let fromExpanded = try JWTKey(derRepresentation: expandedOnly.derRepresentation)
        let token = try JWTSigner(key: fromExpanded).sign(claimsJSON: Array("{}".utf8))
        let fromSPKI = try JWTKey(pemRepresentation: privateKey.publicKey.pemRepresentation)
        #expect(!fromSPKI.canSign)
        #expect(try JWTVerifier(keys: [fromSPKI]).verifiedPayload(token) == Array("{}".utf8))
        #expect(throws: JWTError.self) { try JSONWebKey(privateKeyOf: fromExpanded) }
        // A token's "alg" must be the key's: an ML-DSA-65 key does not verify a header saying ML-DSA-44.
        let parts = token.split(separator: ".")
        let header = Base64URL.encode(Array(#"{"alg":"ML-DSA-44"}"#.utf8))
        #expect(throws: JWTError.self) { try JWTVerifier(keys: [fromSPKI]).verifiedPayload("\(header).\(parts[1]).\(parts[2])") }
    }
}

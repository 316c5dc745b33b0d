// The JWS JSON serializations (RFC 7515 §7.2): joserfc's flattened and general JWS
// (Vectors/jws_json_joserfc_vectors.json, made by Vectors/generate_jws_json_vectors.py) verified, and ours
// for the deterministic algorithms equal to joserfc's; RFC 7515 A.6 and A.7, assembled from A.2's and A.3's
// published signatures as the RFC assembles them; Wycheproof's one JSON-serialized case; and the refusals.

import Foundation   // JSONSerialization, to compare two JSON texts whatever their member order
import PureBase64
import PureJWT
import PureP256
import Testing
import TestSupport

private struct JoserfcJWSVectors: Decodable {
    struct Case: Decodable {
        let name: String
        let algorithms: [String]
        let jwks_private: [[String: String]]
        let jwks_public: [[String: String]]
        let payload: String
        let json: String
    }
    let cases: [Case]
}

private struct RFC7515Examples: Decodable {
    struct Example: Decodable {
        let protected_header_b64u: String
        let payload_b64u: String
        let signature_b64u: String
        let jwk_private: [String: String]
    }
    let examples: [String: Example]
}

private func jwk(_ members: [String: String]) throws -> JSONWebKey {
    try JSONDecoder().decode(JSONWebKey.self, from: JSONEncoder().encode(members))
}

/// The JSON text parsed by Foundation, to compare two serializations whatever their member order.
private func parsed(_ json: String) throws -> NSDictionary {
    try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSDictionary)
}

@Suite("JWS JSON serializations (RFC 7515 §7.2)")
struct JWSJSONSerializationTests {
    @Test("joserfc's flattened and general JWS verify; a general JWS verifies with each signer's key alone, at its index")
    func joserfc() throws {
        let file = try VectorFiles.json(JoserfcJWSVectors.self, "jws_json_joserfc_vectors.json")
        #expect(file.cases.count == 9)
        for test in file.cases {
            let payload = try Base64URL.decode(test.payload)
            for (index, members) in test.jwks_public.enumerated() {
                let verified = try JWTVerifier(keys: [try jwk(members).jwtKey()]).verifiedJSONSerialization(test.json)
                #expect(verified.payload == payload, "\(test.name)")
                #expect(verified.signatureIndex == index && verified.header.alg == test.algorithms[index], "\(test.name)")
                #expect(verified.header.kid == members["kid"], "\(test.name)")
            }
            // All the keys together: the first signature verifies.
            let all = try test.jwks_public.map { try jwk($0).jwtKey() }
            #expect(try JWTVerifier(keys: all).verifiedJSONSerialization(test.json).signatureIndex == 0)
        }
        let described = try #require(file.cases.first { $0.name.hasPrefix("flattened ES256, more") })
        let verified = try JWTVerifier(keys: [try jwk(described.jwks_public[0]).jwtKey()]).verifiedJSONSerialization(described.json)
        #expect(verified.header.typ == "example+jws" && verified.header.cty == "json")
        #expect(verified.unprotectedMemberNames == ["x-note"] && verified.header.additionalMembers["x-note"] == .string("not covered"))
        let plain = try #require(file.cases.first { $0.name == "flattened HS256" })
        #expect(try JWTVerifier(keys: [try jwk(plain.jwks_public[0]).jwtKey()]).verifiedJSONSerialization(plain.json).unprotectedMemberNames == ["kid"])
    }

    @Test("our flattened JWS for HS256, RS256, EdDSA and Ed25519, and our general JWS's deterministic signatures, are joserfc's")
    func signingMatchesJoserfc() throws {
        let file = try VectorFiles.json(JoserfcJWSVectors.self, "jws_json_joserfc_vectors.json")
        var compared = 0
        for name in ["HS256", "RS256", "EdDSA", "Ed25519"] {
            let test = try #require(file.cases.first { $0.name == "flattened \(name)" })
            let algorithm = try #require(JWTAlgorithm(rawValue: name))
            let key = try jwk(test.jwks_private[0]).jwtKey().restricted(to: [algorithm])
            let ours = try JWTSigner(key: key).signFlattened(payload: try Base64URL.decode(test.payload))
            #expect(try parsed(ours) == parsed(test.json), "\(name)")
            compared += 1
        }
        #expect(compared == 4)

        // The general JWS: RS256 and EdDSA are deterministic, ES256 is not (checked by verification).
        let general = try #require(file.cases.first { $0.name.hasPrefix("general") })
        let signers = try general.jwks_private.map { JWTSigner(key: try jwk($0).jwtKey()) }
        let ours = try JWTSigner.signGeneral(payload: try Base64URL.decode(general.payload), signers: signers)
        let (theirs, mine) = (try parsed(general.json), try parsed(ours))
        #expect(mine["payload"] as? String == theirs["payload"] as? String)
        let theirSignatures = try #require(theirs["signatures"] as? [NSDictionary])
        let mySignatures = try #require(mine["signatures"] as? [NSDictionary])
        #expect(mySignatures.count == 3)
        #expect(mySignatures[0] == theirSignatures[0] && mySignatures[2] == theirSignatures[2])
        for (index, members) in general.jwks_public.enumerated() {
            #expect(try JWTVerifier(keys: [try jwk(members).jwtKey()]).verifiedJSONSerialization(ours).signatureIndex == index)
        }
    }

    @Test("RFC 7515 A.6 (general: A.2's RS256 and A.3's ES256 signatures) and A.7 (flattened: A.3's) verify; our A.6 RS256 entry is the RFC's")
    func rfc7515() throws {
        let examples = try VectorFiles.json(RFC7515Examples.self, "rfc7515_appendix_a_jws_examples.json").examples
        let rs256 = try #require(examples["A.2"]), es256 = try #require(examples["A.3"])
        #expect(rs256.payload_b64u == es256.payload_b64u)
        let (rsaKID, ecKID) = ("2010-12-29", "e9bc097a-ce51-4036-9562-d2ade882db0d")
        let a6 = """
            {"payload":"\(rs256.payload_b64u)","signatures":[\
            {"protected":"\(rs256.protected_header_b64u)","header":{"kid":"\(rsaKID)"},"signature":"\(rs256.signature_b64u)"},\
            {"protected":"\(es256.protected_header_b64u)","header":{"kid":"\(ecKID)"},"signature":"\(es256.signature_b64u)"}]}
            """
        let a7 = """
            {"payload":"\(es256.payload_b64u)","protected":"\(es256.protected_header_b64u)","header":{"kid":"\(ecKID)"},"signature":"\(es256.signature_b64u)"}
            """
        var rsaMembers = rs256.jwk_private, ecMembers = es256.jwk_private
        rsaMembers["kid"] = rsaKID
        ecMembers["kid"] = ecKID
        let rsaPrivate = try jwk(rsaMembers).jwtKey(), ecPrivate = try jwk(ecMembers).jwtKey()
        let rsaPublic = try #require(rsaPrivate.publicKey), ecPublic = try #require(ecPrivate.publicKey)
        #expect(try JWTVerifier(keys: [rsaPublic]).verifiedJSONSerialization(a6).signatureIndex == 0)
        #expect(try JWTVerifier(keys: [ecPublic]).verifiedJSONSerialization(a6).signatureIndex == 1)
        let flattened = try JWTVerifier(keys: [ecPublic]).verifiedJSONSerialization(a7)
        let a3Payload = try Base64URL.decode(es256.payload_b64u)
        #expect(flattened.signatureIndex == 0 && flattened.payload == a3Payload)
        // RS256 is deterministic: signing A.2's payload with its key in A.6's layout gives the RFC's entry.
        let ours = try JWTSigner.signGeneral(payload: try Base64URL.decode(rs256.payload_b64u),
                                             signers: [JWTSigner(key: try rsaPrivate.restricted(to: [.rs256]))])
        let entry = try #require((try parsed(ours)["signatures"] as? [NSDictionary])?.first)
        #expect(entry == ["protected": rs256.protected_header_b64u, "header": ["kid": rsaKID], "signature": rs256.signature_b64u] as NSDictionary)
    }

    @Test("refused: tampering, alg or crit unprotected, a name in both headers, no key, malformed shapes, too many signatures")
    func refusals() throws {
        let key = try JWTKey.hs256([UInt8](repeating: 7, count: 32), keyID: "k")
        let signer = JWTSigner(key: key)
        let verifier = JWTVerifier(keys: [key])
        let good = try signer.signFlattened(payload: Array("pay".utf8), unprotectedHeader: ["note": .string("n")])
        #expect(try verifier.verifiedJSONSerialization(good).payload == Array("pay".utf8))
        let object = try parsed(good)
        let protectedPart = try #require(object["protected"] as? String), signature = try #require(object["signature"] as? String)

        func reason(_ json: String, verifier: JWTVerifier? = nil) -> JWTError.Reason? {
            do { _ = try (verifier ?? JWTVerifier(keys: [key])).verifiedJSONSerialization(json); return nil } catch { return error.reason }
        }
        func flattened(payload: String = Base64URL.encode(Array("pay".utf8)), protected: String? = nil, header: String = #"{"kid":"k"}"#,
                       signature: String? = nil) -> String {
            #"{"payload":"\#(payload)","protected":"\#(protected ?? "")","header":\#(header),"signature":"\#(signature ?? "")"}"#
        }
        #expect(reason(flattened(protected: protectedPart, signature: signature)) == nil)
        #expect(reason(flattened(payload: Base64URL.encode(Array("paz".utf8)), protected: protectedPart, signature: signature)) == .invalidSignature)
        // "alg" only in the unprotected header: refused even though the signature itself is sound.
        let kidOnly = Base64URL.encode(Array(#"{"kid":"k"}"#.utf8))
        #expect(reason(flattened(protected: kidOnly, header: #"{"alg":"HS256"}"#, signature: signature)).map { "\($0)" }?.contains("protected header") == true)
        #expect(reason(flattened(protected: protectedPart, header: #"{"kid":"k","crit":["exp"]}"#, signature: signature)).map { "\($0)" }?.contains("crit") == true)
        #expect(reason(flattened(protected: protectedPart, header: #"{"alg":"HS256"}"#, signature: signature)).map { "\($0)" }?.contains("both") == true)
        #expect(reason(flattened(protected: protectedPart, header: #"{"kid":"other"}"#, signature: signature)) == .keyNotFound(kid: "other"))
        // Shapes.
        #expect(reason(#"{"signatures":[]}"#).map { "\($0)" }?.contains("payload") == true)
        #expect(reason(#"{"payload":"cGF5","signatures":[]}"#).map { "\($0)" }?.contains("at least one") == true)
        #expect(reason(#"{"payload":"cGF5","signatures":[{"signature":"\#(signature)"}],"signature":"\#(signature)"}"#).map { "\($0)" }?.contains("cannot both") == true)
        #expect(reason(#"{"payload":"cGF5","signatures":"x"}"#).map { "\($0)" }?.contains("array") == true)
        #expect(reason(#"{"payload":"cGF5","protected":"\#(protectedPart)"}"#).map { "\($0)" }?.contains("signature") == true)
        #expect(reason("eyJhbGciOiJIUzI1NiJ9.cGF5.c2ln").map { "\($0)" }?.contains("not a JWS JSON serialization") == true)
        // Eleven signatures: refused by count before any is checked.
        let entry = #"{"protected":"\#(protectedPart)","header":{"kid":"k"},"signature":"\#(signature)"}"#
        let eleven = #"{"payload":"cGF5","signatures":[\#(Array(repeating: entry, count: 11).joined(separator: ","))]}"#
        #expect(reason(eleven) == .tooManySignatures(count: 11, limit: 10))
        var lenient = JWTVerifier(keys: [key])
        lenient.maximumSignatureCount = 11
        #expect(reason(eleven, verifier: lenient) == nil)
        // Over the size limit, refused before parsing.
        let small = JWTVerifier(keys: [key], maximumTokenSize: 64)
        #expect(reason(good, verifier: small) == .tokenTooLarge(size: good.utf8.count, limit: 64))
    }

    @Test("signing refuses what verification would: alg, crit or b64 unprotected, a name in both headers, no signer, a public key")
    func signingRefusals() throws {
        let key = try JWTKey.hs256([UInt8](repeating: 7, count: 32), keyID: "k")
        for name in ["alg", "crit", "b64"] {
            #expect(throws: JWTError.self) { try JWTSigner(key: key).signFlattened(payload: [], unprotectedHeader: [name: .string("x")]) }
        }
        #expect(throws: JWTError.self) {
            try JWTSigner(key: key).signFlattened(payload: [], header: JWTHeader(alg: "HS256", typ: "x"), unprotectedHeader: ["typ": .string("y")])
        }
        #expect(throws: JWTError.self) { try JWTSigner(key: key).signFlattened(payload: [], header: JWTHeader(alg: "HS512")) }
        #expect(throws: JWTError.self) { try JWTSigner.signGeneral(payload: [], signers: []) }
        let publicOnly = JWTKey.es256(P256.Signing.PrivateKey().publicKey)
        #expect(throws: JWTError.self) { try JWTSigner.signGeneral(payload: [], signers: [JWTSigner(key: publicOnly)]) }
        // The key's ID goes unprotected unless the protected header names one.
        let named = try parsed(try JWTSigner(key: key).signFlattened(payload: [], header: JWTHeader(alg: "HS256", kid: "mine", typ: nil)))
        #expect(named["header"] == nil)
        #expect(try JWTVerifier(keys: [key.withKeyID("mine")]).verifiedJSONSerialization(
            try JWTSigner(key: key).signFlattened(payload: [1], header: JWTHeader(alg: "HS256", kid: "mine", typ: nil))).unprotectedMemberNames.isEmpty)
    }
}

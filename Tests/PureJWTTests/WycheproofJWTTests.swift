// Wycheproof's JSON Web Signature and JSON Web Key files, every case.
//
// Every algorithm the files use is implemented (ES512 since P-521 arrived); the cases PureJWT answers
// differently from the file are listed below with the reason.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureBase64
import PureJWT
import Testing
import TestSupport

/// A JSON value kept as it is, to re-encode a JWK or key set from the vector file.
private struct AnyJSON: Codable, Sendable {
    let value: any Sendable
    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let b = try? c.decode(Bool.self) { value = b }
        else if let n = try? c.decode(Double.self) { value = n }
        else if let s = try? c.decode(String.self) { value = s }
        else if let a = try? c.decode([AnyJSON].self) { value = a }
        else if let o = try? c.decode([String: AnyJSON].self) { value = o }
        else { value = Optional<String>.none as any Sendable }
    }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch value {
        case let b as Bool: try c.encode(b)
        case let n as Double: try c.encode(n)
        case let s as String: try c.encode(s)
        case let a as [AnyJSON]: try c.encode(a)
        case let o as [String: AnyJSON]: try c.encode(o)
        default: try c.encodeNil()
        }
    }
    var data: Data { (try? JSONEncoder().encode(self)) ?? Data() }
}

private struct Case: WycheproofTestCase {
    let tcId: Int
    let comment: String
    let flags: [String]
    let result: WycheproofResult
    let jws: AnyJSON
}
private struct Group: WycheproofTestGroup {
    let comment: String
    let `private`: AnyJSON?
    let `public`: AnyJSON?
    let tests: [Case]
}

/// Cases where PureJWT's answer differs from the file's label, on purpose:
/// - 367 and 370 ("invalidBase64Padding…", labelled invalid) are byte for byte the valid token of tcId 357:
///   whatever padding they were meant to carry is not in the file, so a correct verifier accepts them.
/// - 372 and 373 (a '?' inserted in the header or payload, labelled valid) are refused: base64url is
///   decoded strictly (../shared/DESIGN.md), so a stray character makes the token malformed.
/// - 346 and 350 (RFC 7520 Figure 20, labelled valid) are a PS384 token checked with a JWK whose "alg" is
///   "PS256": the key decides the algorithm (../shared/DESIGN.md), so a header naming another one is
///   refused as an algorithm mismatch, as an RS256 key refuses an RS512 token.
/// - 347 and 351 (RFC 7520 Figure 27, labelled valid) give the ES512 key a JWK "alg" of "ES521", a name
///   no registry has (RFC 7518 §3.1 names ES512): an unknown "alg" in a key is refused rather than
///   guessed at. The same token verifies with the member corrected (`rfc7520ES512` below).
private let deliberateDifferences: [Int: Bool] = [367: true, 370: true, 372: false, 373: false, 346: false, 350: false,
                                                  347: false, 351: false]

private func headerAlgorithm(_ token: String) -> String? {
    guard let part = token.split(separator: ".").first,
          let bytes = try? PureBase64Decode(String(part)),
          let header = try? JSONDecoder().decode([String: AnyJSON].self, from: Data(bytes)) else { return nil }
    return header["alg"]?.value as? String
}

private func PureBase64Decode(_ text: String) throws -> [UInt8] { try Base64URL.decode(text) }

@Suite("Wycheproof JWS and JWK")
struct WycheproofJWTTests {
    @Test("json_web_signature_test.json: every case")
    func signatures() throws {
        var supportedValid: [String: Int] = [:]
        var differences: [Int: Bool] = [:]
        let run = try Wycheproof.run(
            "json_web_signature_test.json", groups: Group.self,
            knownFlags: ["JsonSerialization", "ModifiedPadding", "ModifiedSignature", "WrongPrimitive", "AlgIsNone"]
        ) { group, test in
            // The verifier is given the group's key (public when there is one); JSON-serialized JWS are not
            // compact and must be refused by the parser.
            guard let token = test.jws.value as? String else { return false }
            let keyJSON = (group.public ?? group.private)?.data ?? Data()
            let accepted: Bool
            do {
                var jwk = try JSONDecoder().decode(JSONWebKey.self, from: keyJSON)
                if jwk.kid == nil { jwk.kid = kid(of: token) }
                let key = try jwk.jwtKey()
                _ = try JWTVerifier(keys: [key]).verifiedPayload(token)
                accepted = true
                if let alg = headerAlgorithm(token) { supportedValid[alg, default: 0] += 1 }
            } catch {
                accepted = false
            }
            if let ours = deliberateDifferences[test.tcId] {
                differences[test.tcId] = accepted
                #expect(accepted == ours, "tcId \(test.tcId)")
                return test.result == .valid   // answered as the file expects; checked just above
            }
            return accepted
        }
        #expect(run == 401)
        #expect(differences == deliberateDifferences)
        // The ES512 ×2 valid cases (RFC 7520 included), RS384 ×4, RS512 ×4, PS256 ×6, PS384 ×4 (and the two
        // deliberate differences above) and PS512 ×4 valid cases verify.
        #expect(supportedValid["RS384"] == 4 && supportedValid["RS512"] == 4)
        #expect(supportedValid["PS256"] == 6 && supportedValid["PS384"] == 4 && supportedValid["PS512"] == 4)
    }

    @Test("tcId 17, the JSON-serialized JWS: not a JWT (refused above); as a JWS JSON serialization it is truncated, and completed it verifies")
    func jsonSerialization() throws {
        let file = try VectorFiles.json(WycheproofFile<Group>.self, "json_web_signature_test.json")
        let cases = file.testGroups.flatMap { group in group.tests.filter { $0.flags.contains("JsonSerialization") }.map { (group, $0) } }
        #expect(cases.count == 1)
        for (group, test) in cases {
            let text = try #require(test.jws.value as? String)
            let key = try JSONDecoder().decode(JSONWebKey.self, from: try #require((group.public ?? group.private)?.data)).jwtKey()
            // The file's text stops after the signature object: the array and the object are never closed.
            #expect(throws: JWTError.self) { try JWTVerifier(keys: [key]).verifiedJSONSerialization(text) }
            let verified = try JWTVerifier(keys: [key]).verifiedJSONSerialization(text + "]}")
            #expect(verified.payload == Array("foo".utf8) && verified.unprotectedMemberNames == ["unknown"], "tcId \(test.tcId)")
        }
    }

    @Test("RFC 7520 Figure 27 (ES512): the token verifies with the key's \"alg\" corrected from ES521 to ES512")
    func rfc7520ES512() throws {
        let file = try VectorFiles.json(WycheproofFile<Group>.self, "json_web_signature_test.json")
        let cases = file.testGroups.flatMap { group in group.tests.filter { $0.tcId == 347 || $0.tcId == 351 }.map { (group, $0) } }
        #expect(cases.count == 2)
        for (group, test) in cases {
            let token = try #require(test.jws.value as? String)
            var jwk = try JSONDecoder().decode(JSONWebKey.self, from: try #require((group.public ?? group.private)?.data))
            #expect(jwk.alg == "ES521")
            #expect(throws: JWTError.self) { try jwk.jwtKey() }
            jwk.alg = "ES512"
            let key = try jwk.jwtKey()
            #expect(key.algorithm == .es512)
            #expect(try JWTVerifier(keys: [key]).verifiedPayload(token).count > 0, "tcId \(test.tcId)")
        }
    }

    @Test("json_web_key_test.json: every case")
    func keySets() throws {
        var verified: [String: Int] = [:]
        let run = try Wycheproof.run(
            "json_web_key_test.json", groups: Group.self, knownFlags: ["MixedKeySet", "DuplicateKid", "Ambiguous"]
        ) { group, test in
            guard let token = test.jws.value as? String else { return false }
            let setJSON = (group.public ?? group.private)?.data ?? Data()
            do {
                let set = try JSONWebKeySet(json: setJSON)
                _ = try JWTVerifier(keySet: set).verifiedPayload(token)
                if let alg = headerAlgorithm(token) { verified[alg, default: 0] += 1 }
                return true
            } catch is JWTError {
                return false
            }
        }
        #expect(run == 26)
        // Every valid case verifies, HS384 and HS512 (with their long keys) included.
        #expect(verified == ["HS256": 2, "HS384": 1, "HS512": 1, "RS256": 1])
    }
}

private func kid(of token: String) -> String? {
    guard let part = token.split(separator: ".").first,
          let bytes = try? PureBase64Decode(String(part)),
          let header = try? JSONDecoder().decode([String: AnyJSON].self, from: Data(bytes)) else { return nil }
    return header["kid"]?.value as? String
}

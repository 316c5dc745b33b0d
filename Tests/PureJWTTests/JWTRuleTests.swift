// Each header, key and claim rule with its own rejection test, and sign/verify round trips.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureBase64
import PureJWT
import PureP256
import PureSHA2
import Testing

private struct Claims: Codable, Equatable {
    var iss: String?
    var sub: String?
    var aud: String?
    var exp: Int?
    var nbf: Int?
    var iat: Int?
}

private let now: Double = 1_800_000_000
private let secret = SymmetricKey(data: [UInt8](repeating: 0x42, count: 32))

/// A token with a hand-made header, signed with HS256 under `secret`.
private func handMade(header: String, payload: String = #"{"exp":1800000100}"#, key: SymmetricKey = secret) -> String {
    let input = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(payload.utf8))
    return input + "." + Base64URL.encode(HMAC<SHA256>.authenticationCode(for: Array(input.utf8), using: key))
}

private func reason(_ token: String, keys: [JWTKey], validation: JWTValidation = JWTValidation(issuer: nil, audiences: nil, now: clock(now))) -> JWTError.Reason? {
    do { _ = try JWTVerifier(keys: keys).verify(token, as: Claims.self, validation: validation); return nil } catch { return error.reason }
}

@Suite("PureJWT rules")
struct JWTRuleTests {
    let hmacKey = try! JWTKey.hs256(secret, keyID: "h1")

    @Test("round trips: ES256 and HS256 sign, then verify; RS256 signing is refused")
    func roundTrips() throws {
        let claims = Claims(iss: "team", sub: "client", aud: "https://appleid.apple.com", exp: Int(now) + 60, iat: Int(now))
        let p256 = P256.Signing.PrivateKey()
        for key in [JWTKey.es256(p256, keyID: "K1"), hmacKey] {
            let token = try JWTSigner(key: key).sign(claims)
            let verified = try JWTVerifier(keys: [key]).verify(token, as: Claims.self, validation: JWTValidation(issuer: nil, audiences: nil, now: clock(now)))
            #expect(verified == claims)
        }
        // The public half alone verifies ES256.
        let token = try JWTSigner(key: .es256(p256, keyID: "K1")).sign(claims)
        #expect(throws: Never.self) {
            try JWTVerifier(keys: [.es256(p256.publicKey, keyID: "K1")]).verify(token, as: Claims.self, validation: JWTValidation(issuer: nil, audiences: nil, now: clock(now)))
        }
        #expect(throws: JWTError.self) { try JWTSigner(key: .es256(p256.publicKey)).sign(claims) }
    }

    @Test("the unverified header gives the kid for key selection, by the same parsing rules")
    func unverifiedHeader() throws {
        let header = try JWTHeader(unverifiedFrom: handMade(header: #"{"alg":"RS256","kid":"W6WcOKB"}"#))
        #expect(header.kid == "W6WcOKB" && header.alg == "RS256")
        #expect(try JWTHeader(unverifiedFrom: handMade(header: #"{"alg":"HS256"}"#)).kid == nil)
        for bad in ["a.b", "", handMade(header: #"{"kid":"k"}"#), handMade(header: #"{"alg":"HS256","kid":1}"#),
                    handMade(header: #"{"alg":"HS256","alg":"none"}"#), handMade(header: #"{"alg":"HS256"}"#) + "="] {
            #expect(throws: JWTError.self, "\(bad)") { try JWTHeader(unverifiedFrom: bad) }
        }
        let big = handMade(header: #"{"alg":"HS256"}"#, payload: "{\"p\":\"" + String(repeating: "a", count: 20_000) + "\"}")
        #expect(throws: JWTError.self) { try JWTHeader(unverifiedFrom: big) }
    }

    @Test("alg none in any letter case, unknown algorithms, crit and b64:false are refused")
    func headerRules() {
        for none in ["none", "None", "NONE", "nOnE"] {
            #expect(reason(handMade(header: #"{"alg":"\#(none)"}"#), keys: [hmacKey]) == .algorithmNone)
        }
        #expect(reason(handMade(header: #"{"alg":"RS1"}"#), keys: [hmacKey]) == .unsupportedAlgorithm("RS1"))
        #expect(reason(handMade(header: #"{"alg":"ES521"}"#), keys: [hmacKey]) == .unsupportedAlgorithm("ES521"))
        // An implemented algorithm that no configured key is for: no key is tried.
        #expect(reason(handMade(header: #"{"alg":"HS512"}"#), keys: [hmacKey]) == .keyNotFound(kid: nil))
        #expect(reason(handMade(header: #"{"alg":"ES256K"}"#), keys: [hmacKey]) == .keyNotFound(kid: nil))
        #expect(reason(handMade(header: #"{"alg":"HS256","crit":["exp"],"exp":1}"#), keys: [hmacKey]) == .unsupportedCriticalHeader(["exp"]))
        #expect(reason(handMade(header: #"{"alg":"HS256","crit":[]}"#), keys: [hmacKey]) == .unsupportedCriticalHeader([]))
        #expect(reason(handMade(header: #"{"alg":"HS256","b64":false,"crit":["b64"]}"#), keys: [hmacKey]) == .unsupportedCriticalHeader(["b64"]))
        #expect(reason(handMade(header: #"{"alg":"HS256","b64":false}"#), keys: [hmacKey]) == .unencodedPayload)
        if case .malformed(part: "header", _) = reason(handMade(header: #"["HS256"]"#), keys: [hmacKey]) {} else {
            Issue.record("a header that is not a JSON object was accepted")
        }
        // jku/jwk/x5u in the header are ignored: the key still comes from the verifier.
        #expect(reason(handMade(header: #"{"alg":"HS256","jku":"https://evil.example/keys","jwk":{"kty":"oct","k":"AA"}}"#), keys: [hmacKey]) == nil)
    }

    @Test("the key decides the algorithm: HS256 with an RSA or EC key's material is refused")
    func algorithmConfusion() throws {
        let p256 = P256.Signing.PrivateKey()
        let ecKey = JWTKey.es256(p256.publicKey, keyID: "e1")
        // An attacker signs HS256 with the public key's bytes as the secret and names the EC key's kid.
        let forged = handMade(header: #"{"alg":"HS256","kid":"e1"}"#, key: SymmetricKey(data: p256.publicKey.x963Representation))
        #expect(reason(forged, keys: [ecKey]) == .algorithmMismatch(header: "HS256", key: "ES256"))
        // Without a kid, no key fits HS256.
        #expect(reason(handMade(header: #"{"alg":"HS256"}"#), keys: [ecKey]) == .keyNotFound(kid: nil))
        #expect(reason(handMade(header: #"{"alg":"HS256","kid":"zz"}"#), keys: [hmacKey]) == .keyNotFound(kid: "zz"))
    }

    @Test("structure: parts, base64url strictness, size cap, signature encoding")
    func structure() throws {
        let good = handMade(header: #"{"alg":"HS256"}"#)
        #expect(reason(good, keys: [hmacKey]) == nil)
        if case .malformed(part: "token", _) = reason(good + ".x", keys: [hmacKey]) {} else { Issue.record("four parts accepted") }
        #expect(reason("token.jwt", keys: [hmacKey]) == .malformed(part: "token", detail: "a compact JWS has 3 parts separated by 2 dots; this has 2 parts"))
        #expect(reason("eyJ", keys: [hmacKey]) == .malformed(part: "token", detail: "a compact JWS has 3 parts separated by 2 dots; this has no dot"))
        #expect(reason("a.b.c.d.e", keys: [hmacKey]) == .malformed(part: "token", detail: "a compact JWS has 3 parts separated by 2 dots; this has 5 parts (a compact JWE: decrypt it first)"))
        #expect(reason(#"{"payload":"e30","protected":"e30","signature":""}"#, keys: [hmacKey])
                == .malformed(part: "token", detail: "a compact JWS has 3 parts separated by 2 dots; this has no dot and is JSON: a JWT is compact; a JWS JSON serialization (RFC 7515 §7.2) is read by JWTVerifier.verifiedJSONSerialization"))
        if case .malformed(part: "signature", _) = reason(good + "=", keys: [hmacKey]) {} else { Issue.record("padding accepted") }
        let parts = good.split(separator: ".")
        if case .malformed(part: "signature", _) = reason("\(parts[0]).\(parts[1]).", keys: [hmacKey]) {} else { Issue.record("empty signature accepted") }
        let big = handMade(header: #"{"alg":"HS256"}"#, payload: #"{"exp":1800000100,"pad":""# + String(repeating: "x", count: 20_000) + #""}"#)
        #expect(reason(big, keys: [hmacKey]) == .tokenTooLarge(size: big.utf8.count, limit: 16 * 1024))
        // ES256 with a DER signature instead of r ‖ s.
        let p256 = P256.Signing.PrivateKey()
        let input = Base64URL.encode(Array(#"{"alg":"ES256"}"#.utf8)) + "." + Base64URL.encode(Array(#"{"exp":1800000100}"#.utf8))
        let der = p256.signature(for: Array(input.utf8)).derRepresentation
        #expect(reason(input + "." + Base64URL.encode(der), keys: [.es256(p256.publicKey)]) == .invalidSignatureEncoding(length: der.count))
        // A wrong signature.
        #expect(reason(handMade(header: #"{"alg":"HS256"}"#, key: SymmetricKey(data: [UInt8](repeating: 1, count: 32))), keys: [hmacKey]) == .invalidSignature)
    }

    @Test("exp, nbf and iat at the leeway boundaries, with a fixed clock")
    func timeClaims() {
        let token = handMade(header: #"{"alg":"HS256"}"#, payload: #"{"exp":1800000000,"nbf":1799999000,"iat":1799999000}"#)
        let at = { (seconds: Double, leeway: Double) in JWTValidation(issuer: nil, audiences: nil, leeway: leeway, now: clock(seconds)) }
        #expect(reason(token, keys: [hmacKey], validation: at(1_799_999_999, 0)) == nil)
        #expect(reason(token, keys: [hmacKey], validation: at(1_800_000_000, 0)) == .expired(expiration: 1_800_000_000, now: 1_800_000_000))
        #expect(reason(token, keys: [hmacKey], validation: at(1_800_000_009, 10)) == nil)
        #expect(reason(token, keys: [hmacKey], validation: at(1_800_000_010, 10)) == .expired(expiration: 1_800_000_000, now: 1_800_000_010))
        #expect(reason(token, keys: [hmacKey], validation: at(1_799_998_999, 0)) == .notYetValid(notBefore: 1_799_999_000, now: 1_799_998_999))
        #expect(reason(token, keys: [hmacKey], validation: at(1_799_998_990, 10)) == nil)
        let future = handMade(header: #"{"alg":"HS256"}"#, payload: #"{"exp":1900000000,"iat":1800000100}"#)
        #expect(reason(future, keys: [hmacKey], validation: at(1_800_000_000, 0)) == .issuedInTheFuture(issuedAt: 1_800_000_100, now: 1_800_000_000))
        #expect(reason(future, keys: [hmacKey], validation: at(1_800_000_000, 100)) == nil)
        let noExp = handMade(header: #"{"alg":"HS256"}"#, payload: #"{}"#)
        #expect(reason(noExp, keys: [hmacKey]) == .missingClaim("exp"))
        #expect(reason(noExp, keys: [hmacKey], validation: JWTValidation(issuer: nil, audiences: nil, requiresExpiration: false, now: clock(now))) == nil)
    }

    @Test("issuer and audience (string or array)")
    func issuerAndAudience() {
        let single = handMade(header: #"{"alg":"HS256"}"#, payload: #"{"exp":1900000000,"iss":"a","aud":"x"}"#)
        let array = handMade(header: #"{"alg":"HS256"}"#, payload: #"{"exp":1900000000,"iss":"a","aud":["y","x"]}"#)
        let validation = JWTValidation(issuer: "a", audiences: ["x", "z"], now: clock(now))
        #expect(reason(single, keys: [hmacKey], validation: validation) == nil)
        // An array audience passes validation; read it with the ready-made RegisteredClaims.
        let registered = try? JWTVerifier(keys: [hmacKey]).verify(array, as: RegisteredClaims.self, validation: validation)
        #expect(registered?.aud?.values == ["y", "x"])
        #expect(reason(single, keys: [hmacKey], validation: JWTValidation(issuer: "b", audiences: nil, now: clock(now))) == .issuerMismatch(expected: "b", found: "a"))
        #expect(reason(single, keys: [hmacKey], validation: JWTValidation(issuer: nil, audiences: ["q"], now: clock(now))) == .audienceMismatch(expected: ["q"], found: ["x"]))
    }

    @Test("HS256 secrets shorter than 32 bytes are refused")
    func shortSecret() {
        #expect(throws: JWTError.self) { try JWTKey.hs256(SymmetricKey(data: [UInt8](repeating: 1, count: 31))) }
    }

    @Test("JWKS: unsupported and invalid keys are skipped, not fatal")
    func keySetSkipping() throws {
        let p256 = P256.Signing.PrivateKey().publicKey.rawRepresentation
        let x = Base64URL.encode(p256.prefix(32)), y = Base64URL.encode(p256.suffix(32))
        let json = """
            {"keys":[
              {"kty":"EC","crv":"P-256","kid":"good","x":"\(x)","y":"\(y)"},
              {"kty":"EC","crv":"P-384","kid":"p384","x":"AA","y":"AA"},
              {"kty":"OKP","crv":"Ed25519","kid":"ed","x":"AA"},
              {"kty":"RSA","kid":"small","n":"AQAB","e":"AQAB"},
              {"kty":"EC","crv":"P-256","kid":"enc","use":"enc","x":"\(x)","y":"\(y)"},
              {"kty":"EC","crv":"P-256","kid":"wrongalg","alg":"RS256","x":"\(x)","y":"\(y)"},
              {"no":"kty"}
            ]}
            """
        let set = try JSONWebKeySet(json: json)
        #expect(set.keys.map(\.keyID) == ["good"])
        #expect(set.skipped.count == 6)
        #expect(throws: JWTError.self) { try JSONWebKeySet(json: "[1,2]") }
    }

    @Test("JWKS: more keys than the limit, or more bytes, are refused before any key is built")
    func keySetLimits() throws {
        func set(ofKeys count: Int) -> String {
            let entries = (0..<count).map { #"{"kty":"OKP","crv":"Ed25519","kid":"k\#($0)","x":"AA"}"# }
            return #"{"keys":["# + entries.joined(separator: ",") + "]}"
        }
        // At the default limit: read (every entry skipped, as an unsupported type).
        let atLimit = try JSONWebKeySet(json: set(ofKeys: JSONWebKeySet.defaultMaximumKeyCount))
        #expect(atLimit.skipped.count == 100)
        // One over: refused, with the count, the limit and the way to raise it in the message.
        let overCount = #expect(throws: JWTError.self) { try JSONWebKeySet(json: set(ofKeys: 101)) }
        #expect(overCount?.description.contains("lists 101 keys, over the limit of 100; pass maximumKeyCount:") == true)
        // A raised limit accepts it; a lowered one refuses a smaller set.
        #expect(try JSONWebKeySet(json: set(ofKeys: 101), maximumKeyCount: 101).skipped.count == 101)
        #expect(throws: JWTError.self) { try JSONWebKeySet(json: set(ofKeys: 3), maximumKeyCount: 2) }
        // Size: checked on the bytes, before parsing (this document would not even parse).
        let big = String(repeating: " ", count: JSONWebKeySet.defaultMaximumSize + 1)
        let overSize = #expect(throws: JWTError.self) { try JSONWebKeySet(json: big) }
        #expect(overSize?.description.contains("over the limit of 1048576; pass maximumSize:") == true)
        #expect(throws: JWTError.self) { try JSONWebKeySet(json: set(ofKeys: 1), maximumSize: 10) }
    }

    @Test("unverified decoding reads claims without a key (for debugging)")
    func unverified() throws {
        let token = handMade(header: #"{"alg":"HS256"}"#, payload: #"{"sub":"s"}"#, key: SymmetricKey(data: [UInt8](repeating: 9, count: 32)))
        #expect(try JWTVerifier.unverifiedClaims(of: token, as: Claims.self).sub == "s")
    }
}

// The attack catalogue (issue 9, item 4), each test named after the attack. Listed in Docs/Security.md.
// Tokens are made by hand here so that each carries exactly the malformation under test.

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
import TestSupport

private let secret = SymmetricKey(data: [UInt8](repeating: 0x42, count: 32))
private let hmacKey = try! JWTKey.hs256(secret, keyID: "k")
private let now: Double = 1_800_000_000

private func token(header: String, payload: String, key: SymmetricKey = secret) -> String {
    let input = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(payload.utf8))
    return input + "." + Base64URL.encode(HMAC<SHA256>.authenticationCode(for: Array(input.utf8), using: key))
}

private func refused(_ token: String, keys: [JWTKey] = [hmacKey], validation: JWTValidation = JWTValidation(issuer: nil, audiences: nil, now: { Date(timeIntervalSince1970: now) })) -> Bool {
    (try? JWTVerifier(keys: keys).verify(token, as: RegisteredClaims.self, validation: validation)) == nil
}

@Suite("Attack catalogue")
struct AttackCatalogueTests {
    @Test("kid absent, empty, huge or full of path characters never selects another key")
    func kidAttacks() {
        let payload = #"{"exp":1900000000}"#
        #expect(!refused(token(header: #"{"alg":"HS256"}"#, payload: payload)))          // absent: tried against HS256 keys
        #expect(refused(token(header: #"{"alg":"HS256","kid":""}"#, payload: payload)))
        #expect(refused(token(header: #"{"alg":"HS256","kid":"\#(String(repeating: "k", count: 10_000))"}"#, payload: payload)))
        #expect(refused(token(header: #"{"alg":"HS256","kid":"../../etc/passwd"}"#, payload: payload)))
        #expect(refused(token(header: #"{"alg":"HS256","kid":"k\u0000"}"#, payload: payload)))
    }

    @Test("deeply nested JSON in the header or claims is refused, not a stack overflow")
    func deepNesting() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(refused(token(header: #"{"alg":"HS256","x":\#(deep)}"#, payload: #"{"exp":1900000000}"#),
                        keys: [hmacKey]))
        let nestedClaims = #"{"exp":1900000000,"x":"# + String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000) + "}"
        let claims = token(header: #"{"alg":"HS256"}"#, payload: nestedClaims)
        // Within the size cap? 10 KB of brackets: yes. The registered-claims scan refuses depth > 32.
        #expect(refused(claims, keys: [hmacKey]))
    }

    @Test("duplicate members: two alg in the header, two exp in the claims")
    func duplicates() {
        #expect(refused(token(header: #"{"alg":"HS256","alg":"none"}"#, payload: #"{"exp":1900000000}"#)))
        #expect(refused(token(header: #"{"alg":"HS256"}"#, payload: #"{"exp":1900000000,"exp":1}"#)))
    }

    @Test("exp, nbf, iat as strings, negative, fractional, or beyond year 9999", arguments: [
        #"{"exp":"1900000000"}"#, #"{"exp":1900000000,"nbf":"0"}"#, #"{"exp":1900000000,"iat":"1"}"#,
        #"{"exp":-1}"#, #"{"exp":1799999999.5}"#, #"{"exp":1900000000,"nbf":1800000000.5}"#,
        #"{"exp":1900000000,"iat":253402300800}"#, #"{"exp":1e400}"#, #"{"exp":null}"#, #"{"exp":true}"#,
    ])
    func timeClaimTypes(payload: String) {
        #expect(refused(token(header: #"{"alg":"HS256"}"#, payload: payload)), "\(payload)")
    }

    @Test("far-future exp is accepted only as a number")
    func farFuture() {
        #expect(!refused(token(header: #"{"alg":"HS256"}"#, payload: #"{"exp":253402300799}"#)))
    }

    @Test("ES256 signatures truncated, extended, all zero, DER-encoded, r or s equal to n")
    func es256Signatures() throws {
        let key = P256.Signing.PrivateKey()
        let jwtKey = JWTKey.es256(key.publicKey)
        let input = Base64URL.encode(Array(#"{"alg":"ES256"}"#.utf8)) + "." + Base64URL.encode(Array(#"{"exp":1900000000}"#.utf8))
        let signature = key.signature(for: Array(input.utf8))
        let good = signature.rawRepresentation
        let n = try [UInt8](hex: "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")
        let variants: [[UInt8]] = [
            Array(good.dropLast()), good + [0], [UInt8](repeating: 0, count: 64), signature.derRepresentation,
            n + Array(good.suffix(32)), Array(good.prefix(32)) + n, n + n,
        ]
        #expect(!refused(input + "." + Base64URL.encode(good), keys: [jwtKey]))
        for variant in variants {
            #expect(refused(input + "." + Base64URL.encode(variant), keys: [jwtKey]))
        }
    }

    @Test("HS256 with the public key's bytes as the secret (algorithm confusion), for EC and RSA keys")
    func algorithmConfusion() throws {
        let ec = P256.Signing.PrivateKey().publicKey
        for material in [ec.x963Representation, ec.derRepresentation, Array(ec.pemRepresentation.utf8)] {
            let forged = token(header: #"{"alg":"HS256","kid":"e"}"#, payload: #"{"exp":1900000000}"#, key: SymmetricKey(data: material))
            #expect(refused(forged, keys: [.es256(ec, keyID: "e")]))
        }
    }

    @Test("attacker-supplied jwk, jku, x5u and x5c in the header are never used")
    func embeddedKeys() {
        let attacker = SymmetricKey(data: [UInt8](repeating: 0x66, count: 32))
        let header = #"{"alg":"HS256","jwk":{"kty":"oct","k":"\#(Base64URL.encode([UInt8](repeating: 0x66, count: 32)))"},"jku":"https://evil.example/k","x5u":"https://evil.example/c","x5c":["AAAA"]}"#
        #expect(refused(token(header: header, payload: #"{"exp":1900000000}"#, key: attacker)))
    }

    @Test("alg none in every casing, with and without a signature")
    func algNone() {
        for alg in ["none", "None", "NONE", "nOnE", "NoNe"] {
            let unsigned = Base64URL.encode(Array(#"{"alg":"\#(alg)"}"#.utf8)) + "." + Base64URL.encode(Array(#"{"exp":1900000000}"#.utf8)) + "."
            #expect(refused(unsigned))
            #expect(refused(token(header: #"{"alg":"\#(alg)"}"#, payload: #"{"exp":1900000000}"#)))
        }
    }

    @Test("tokens over the size cap are refused before decoding")
    func oversized() {
        let big = token(header: #"{"alg":"HS256"}"#, payload: #"{"exp":1900000000,"p":""# + String(repeating: "a", count: 17_000) + #""}"#)
        #expect(refused(big))
    }

    @Test("unknown crit and b64: false (RFC 7515 §4.1.11, RFC 7797) are refused, not ignored")
    func critAndUnencoded() {
        #expect(refused(token(header: #"{"alg":"HS256","crit":["exp"],"exp":1}"#, payload: #"{"exp":1900000000}"#)))
        #expect(refused(token(header: #"{"alg":"HS256","crit":["b64"],"b64":false}"#, payload: #"{"exp":1900000000}"#)))
        #expect(refused(token(header: #"{"alg":"HS256","b64":false}"#, payload: #"{"exp":1900000000}"#)))
    }

    @Test("invalid-curve and off-curve EC keys in a JWK are refused when the key is read")
    func invalidCurveKeys() throws {
        let gx = "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296"
        let gy = "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5"
        let p = "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff"
        // G with y + 1 (off the curve); (0, 0), which lies on y² = x³ − 3x, a curve with other b where it
        // has order 2 (the invalid-curve attack); a coordinate equal to p; a 31-byte coordinate.
        let gyPlusOne = String(gy.dropLast()) + "6"
        let cases: [(String, String)] = [(gx, gyPlusOne), (String(repeating: "0", count: 64), String(repeating: "0", count: 64)),
                                         (p, gy), (gx, p), (String(gx.dropFirst(2)), gy)]
        let generator = #"{"kty":"EC","crv":"P-256","x":"\#(Base64URL.encode(try [UInt8](hex: gx)))","y":"\#(Base64URL.encode(try [UInt8](hex: gy)))"}"#
        #expect(throws: Never.self) { try JSONDecoder().decode(JSONWebKey.self, from: Data(generator.utf8)).jwtKey() }
        for (x, y) in cases {
            let json = #"{"kty":"EC","crv":"P-256","x":"\#(Base64URL.encode(try [UInt8](hex: x)))","y":"\#(Base64URL.encode(try [UInt8](hex: y)))"}"#
            #expect(throws: (any Error).self, "x \(x) y \(y)") { try JSONDecoder().decode(JSONWebKey.self, from: Data(json.utf8)).jwtKey() }
        }
    }

    @Test("RSA keys under 2048 bits, with an even exponent or e = 1, are refused when the key is read")
    func weakRSAKeys() throws {
        let apple = try appleKey()
        #expect(throws: Never.self) { try apple.jwtKey() }
        let n1024 = Base64URL.encode([0xc5] + [UInt8](repeating: 0x5a, count: 126) + [0x01])
        for (n, e) in [(n1024, "AQAB"), (apple.n!, "AQ"), (apple.n!, "AQAA"), (apple.n!, "Ag"), (apple.n!, "")] {
            let json = #"{"kty":"RSA","n":"\#(n)","e":"\#(e)"}"#
            #expect(throws: (any Error).self, "e \(e)") { try JSONDecoder().decode(JSONWebKey.self, from: Data(json.utf8)).jwtKey() }
        }
    }

    @Test("RS256 signatures s = n, s > n, s = 0 and one byte short on a real Apple token are refused")
    func rsaSignatureRange() throws {
        let (token, key) = try appleToken()
        let input = token.split(separator: ".").prefix(2).joined(separator: ".")
        let n = try Base64URL.decode(key.n!)
        let variants: [[UInt8]] = [n, [UInt8](repeating: 0xff, count: n.count), [UInt8](repeating: 0, count: n.count),
                                   Array(n.dropFirst()), try Base64URL.decode(String(token.split(separator: ".")[2])) + [0]]
        let verifier = JWTVerifier(keys: [try key.jwtKey()])
        #expect(throws: Never.self) { try verifier.verifiedPayload(token) }
        for variant in variants {
            #expect(throws: JWTError.self) { try verifier.verifiedPayload(input + "." + Base64URL.encode(variant)) }
        }
    }
}

private struct AppleTokens: Decodable {
    struct Token: Decodable { let kid: String; let jwt: String }
    let tokens: [Token]
}
private struct AppleSnapshots: Decodable {
    struct Snapshot: Decodable { let keys: [JSONWebKey] }
    let snapshots: [Snapshot]
}

/// The first real Apple identity token and the JWK of its kid.
private func appleToken() throws -> (String, JSONWebKey) {
    let token = try #require(try VectorFiles.json(AppleTokens.self, "apple_identity_tokens_verified.json").tokens.first)
    let keys = try VectorFiles.json(AppleSnapshots.self, "apple_jwks_snapshots.json").snapshots.flatMap(\.keys)
    return (token.jwt, try #require(keys.first { $0.kid == token.kid }))
}

private func appleKey() throws -> JSONWebKey { try appleToken().1 }

// ES384, RS384, RS512, HS384 and HS512: tokens signed by joserfc (Vectors/more_algorithms_tokens.json,
// made by Vectors/generate_more_algorithms.py) verify with keys read from their JWKs, and the attacks of
// the catalogue that apply to them are refused: a changed payload or signature, the public key as an
// HMAC secret, one digest's key for another's token, malformed ES384 signatures, short HMAC secrets,
// P-384 JWKs whose private key does not match, or off the curve.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureBase64
import PureJWT
import PureP384
import PureSHA2
import Testing
import TestSupport

struct MoreAlgorithms: Decodable {
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        let alg: String
        let jwk: [String: String]
        let token: String
        var testDescription: String { alg }
    }
    let cases: [Case]
}

private let file = try? VectorFiles.json(MoreAlgorithms.self, "more_algorithms_tokens.json")

private func key(_ jwk: [String: String]) throws -> JWTKey {
    try JSONDecoder().decode(JSONWebKey.self, from: JSONEncoder().encode(jwk)).jwtKey()
}

private func verifies(_ token: String, _ keys: [JWTKey]) -> Bool {
    (try? JWTVerifier(keys: keys).verifiedPayload(token)) != nil
}

/// `token` with its signature replaced by `signature`.
private func resigned(_ token: String, _ signature: [UInt8]) -> String {
    let parts = token.split(separator: ".")
    return parts[0] + "." + parts[1] + "." + Base64URL.encode(signature)
}

@Suite("ES384, RS384, RS512, HS384, HS512")
struct MoreAlgorithmsTests {
    @Test("the file has a token for each of the five algorithms")
    func counts() throws {
        #expect(try #require(file).cases.map(\.alg) == ["ES384", "RS384", "RS512", "HS384", "HS512"])
    }

    @Test("joserfc's token verifies; a changed payload, a changed or truncated signature do not", arguments: file?.cases ?? [])
    func joserfcTokens(_ vector: MoreAlgorithms.Case) throws {
        let key = try key(vector.jwk)
        #expect(key.algorithm.rawValue == vector.alg)
        let claims = try JWTVerifier(keys: [key]).verify(vector.token, as: RegisteredClaims.self,
                                                         validation: JWTValidation(issuer: "https://joserfc.example", audiences: nil))
        #expect(claims.sub == "more-algorithms")
        let parts = vector.token.split(separator: ".").map(String.init)
        let otherPayload = Base64URL.encode(Array(#"{"iss":"https://joserfc.example","sub":"someone-else","exp":4102444800}"#.utf8))
        #expect(!verifies(parts[0] + "." + otherPayload + "." + parts[2], [key]))
        var signature = try Base64URL.decode(parts[2])
        #expect(!verifies(resigned(vector.token, signature.dropLast()), [key]))
        signature[signature.count / 2] ^= 0x01
        #expect(!verifies(resigned(vector.token, signature), [key]))
    }

    @Test("HS384 and HS512 sign, and what they sign verifies; short secrets are refused")
    func hmacSigning() throws {
        typealias Make = (SymmetricKey, String?) throws -> JWTKey
        for (make, bytes) in [(JWTKey.hs384 as Make, 48), (JWTKey.hs512 as Make, 64)] {
            let key = try make(SymmetricKey(data: [UInt8](repeating: 7, count: bytes)), "k")
            let token = try JWTSigner(key: key).sign(RegisteredClaims(sub: "signed here", exp: NumericDate(secondsSince1970: 4_102_444_800)))
            #expect(verifies(token, [key]) && key.canSign)
            #expect(throws: JWTError.self) { try make(SymmetricKey(data: [UInt8](repeating: 7, count: bytes - 1)), nil) }
        }
        let es384 = try key(try #require(file?.cases.first { $0.alg == "ES384" }).jwk)
        #expect(!es384.canSign)
        #expect(throws: JWTError.self) { try JWTSigner(key: es384).sign(RegisteredClaims(sub: "x")) }
    }

    @Test("algorithm confusion: an RSA or EC public key's bytes as an HS384/HS512 secret; one digest's key for another's token")
    func confusion() throws {
        let cases = try #require(file).cases
        let rs384 = try #require(cases.first { $0.alg == "RS384" }), rs512 = try #require(cases.first { $0.alg == "RS512" })
        let es384 = try #require(cases.first { $0.alg == "ES384" })
        for vector in [rs384, es384] {
            let publicBytes = Array(try JSONEncoder().encode(vector.jwk))
            for alg in ["HS384", "HS512"] {
                let header = Base64URL.encode(Array(#"{"alg":"\#(alg)","kid":"\#(vector.alg.lowercased())"}"#.utf8))
                let payload = vector.token.split(separator: ".")[1]
                let input = Array((header + "." + payload).utf8)
                let mac = alg == "HS384" ? Array(HMAC<SHA384>.authenticationCode(for: input, using: SymmetricKey(data: publicBytes)))
                                         : Array(HMAC<SHA512>.authenticationCode(for: input, using: SymmetricKey(data: publicBytes)))
                #expect(!verifies(header + "." + payload + "." + Base64URL.encode(mac), [try key(vector.jwk)]))
            }
        }
        // The RS512 token against the same RSA key declared RS256 or RS384: the key decides the algorithm.
        for alg in ["RS256", "RS384"] {
            var jwk = rs512.jwk
            jwk["alg"] = alg
            #expect(!verifies(rs512.token, [try key(jwk)]))
        }
    }

    @Test("ES384 signatures: DER-encoded, one byte short or long, all zero, r or s equal to n")
    func es384Signatures() throws {
        let vector = try #require(file?.cases.first { $0.alg == "ES384" })
        let key = try key(vector.jwk)
        let raw = try Base64URL.decode(vector.token.split(separator: ".")[2])
        let n: [UInt8] = try [UInt8](hex: "ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973")
        let der = try P384.Signing.ECDSASignature(rawRepresentation: raw).derRepresentation
        for signature in [der, Array(raw.dropLast()), raw + [0], [UInt8](repeating: 0, count: 96), n + raw.suffix(48), raw.prefix(48) + n] {
            #expect(!verifies(resigned(vector.token, Array(signature)), [key]))
        }
        #expect(verifies(resigned(vector.token, raw), [key]))
    }

    @Test("P-384 JWKs: a private key that does not match x and y, short coordinates or a point off the curve are refused when read")
    func p384Keys() throws {
        let vector = try #require(file?.cases.first { $0.alg == "ES384" })
        var withD = vector.jwk
        withD["d"] = Base64URL.encode([UInt8](repeating: 1, count: 48))
        var short = vector.jwk
        short["x"] = Base64URL.encode(try Base64URL.decode(try #require(vector.jwk["x"])).dropFirst())
        var offCurve = vector.jwk
        var y = try Base64URL.decode(try #require(vector.jwk["y"]))
        y[47] ^= 1
        offCurve["y"] = Base64URL.encode(y)
        for jwk in [withD, short, offCurve] {
            #expect(throws: JWTError.self) { try key(jwk) }
        }
    }
}

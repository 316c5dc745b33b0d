// Header members beyond alg/kid/typ/cty/crit/b64: written when signing, read back when verifying, and kept
// when decoding a header written by hand; a registered name or a non-finite number in them is refused.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureBase64
@testable import PureJWT
import Testing

private struct Claims: Codable, Equatable { let iss: String }

@Suite("Additional header members")
struct HeaderMembersTests {
    private let key: JWTKey
    init() throws { key = try JWTKey.hs256([UInt8](repeating: 0x5A, count: 32), keyID: "k1") }

    @Test("members set for signing are in the signed header, and come back from verification")
    func roundTrip() throws {
        let extra: [String: JSONValue] = ["x5t#S256": .string("abc"), "ver": .number(2), "ctx": .object(["a": .array([.bool(true), .null])])]
        let token = try JWTSigner(key: key).sign(Claims(iss: "i"), header: JWTHeader(alg: "HS256", typ: "at+jwt", cty: "x", additionalMembers: extra))
        let headerText = String(decoding: try Base64URL.decode(String(token.split(separator: ".")[0])), as: UTF8.self)
        // Written sorted by name, numbers without ".0": the text a reader sees.
        #expect(headerText == #"{"alg":"HS256","ctx":{"a":[true,null]},"cty":"x","kid":"k1","typ":"at+jwt","ver":2,"x5t#S256":"abc"}"#)
        let verified = try JWTVerifier(keys: [key]).verifiedJWT(token, as: Claims.self,
                                                                  validation: JWTValidation(issuer: "i", audiences: nil, requiresExpiration: false))
        #expect(verified.header.additionalMembers == extra)
        #expect(verified.header.typ == "at+jwt" && verified.header.cty == "x" && verified.header.kid == "k1")
    }

    @Test("a header written by hand: its other members are kept with their JSON types")
    func readByHand() throws {
        let header = #"{"alg":"ES256","kid":"abc","jku":"https://example.com/keys","n":-1.5e3,"list":[1,"two"],"flag":false}"#
        let token = Base64URL.encode(Array(header.utf8)) + ".e30.AAAA"
        let parsed = try JWTHeader(unverifiedFrom: token)
        #expect(parsed.alg == "ES256" && parsed.kid == "abc")
        #expect(parsed.additionalMembers == ["jku": .string("https://example.com/keys"), "n": .number(-1500),
                                             "list": .array([.number(1), .string("two")]), "flag": .bool(false)])
        // Codable gives the same header (Foundation's decoder, the same members).
        let decoded = try JSONDecoder().decode(JWTHeader.self, from: Data(header.utf8))
        #expect(decoded == parsed)
        let reencoded = try JSONDecoder().decode(JWTHeader.self, from: JSONEncoder().encode(decoded))
        #expect(reencoded == parsed)
    }

    @Test("signing refuses a registered name in additionalMembers and a non-finite number")
    func refused() throws {
        for extra: [String: JSONValue] in [["alg": .string("none")], ["kid": .string("x")], ["crit": .array([])], ["n": .number(.infinity)], ["n": .number(.nan)]] {
            #expect(throws: JWTError.self) { try JWTSigner(key: key).sign(Claims(iss: "i"), header: JWTHeader(alg: "HS256", additionalMembers: extra)) }
        }
    }
}

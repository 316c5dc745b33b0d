// JSONNodeEncoder and JSONWriter against an independent implementation, Foundation's JSONEncoder (default
// strategies, `.sortedKeys`, `.withoutEscapingSlashes`): both outputs are read back by Foundation's
// JSONSerialization and must be the same JSON value; for the claims shapes tokens use they must also be
// the same bytes. Values JSONEncoder refuses (NaN, infinity) must be refused too.

import Foundation
@testable import PureJWT
import Testing

private struct Claims: Codable {
    var iss: String
    var sub: String
    var aud: Audience
    var iat: NumericDate
    var exp: NumericDate
    var nonce: String?
    var email_verified: Bool?
    var scopes: [String]?
}

private struct Everything: Codable {
    struct Inner: Codable { var x: Int; var y: [Double?] }
    enum Kind: String, Codable { case one, two }
    var text: String
    var escapes: String
    var unicode: String
    var flag: Bool
    var int: Int
    var int8: Int8
    var uint64: UInt64
    var double: Double
    var float: Float
    var small: Double
    var big: Double
    var negativeZero: Double
    var optionalMissing: Int?
    var kind: Kind
    var inner: Inner
    var list: [Inner]
    var map: [String: Int]
    var date: Date
    var data: Data
    var url: URL
    var decimal: Decimal
    var nested: [[String]]
}

private func foundationBytes<T: Encodable>(_ value: T) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return Array(try encoder.encode(value))
}

private func ourBytes<T: Encodable>(_ value: T) throws -> [UInt8] {
    try JSONNodeEncoder.encode(value).jsonBytes
}

/// The JSON value of some bytes as Foundation reads it, for comparing two texts semantically.
private func value(_ bytes: [UInt8]) throws -> NSObject {
    try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) as! NSObject
}

@Suite("JSON encoder against Foundation's JSONEncoder")
struct JSONNodeEncoderTests {
    @Test("token claims: the same bytes as JSONEncoder with sorted keys")
    func claimsBytes() throws {
        let claims = Claims(iss: "DEF123GHIJ", sub: "com.example.app", aud: Audience(["https://appleid.apple.com"]),
                            iat: NumericDate(secondsSince1970: 1_700_000_000), exp: NumericDate(secondsSince1970: 1_700_003_600),
                            nonce: "n-0S6_WzA2Mj", email_verified: true, scopes: ["a", "b/c"])
        #expect(try ourBytes(claims) == foundationBytes(claims))
        let header = JWTHeader(alg: "ES256", kid: "ABC123DEFG")
        #expect(try ourBytes(header) == foundationBytes(header))
        let fractional = Claims(iss: "x", sub: "y", aud: Audience(["a", "b"]), iat: NumericDate(secondsSince1970: 1.5),
                                exp: NumericDate(secondsSince1970: 2e9), nonce: nil, email_verified: nil, scopes: [])
        #expect(try value(ourBytes(fractional)) == value(foundationBytes(fractional)))
    }

    @Test("every kind of value: the same JSON value as JSONEncoder writes")
    func everything() throws {
        let sample = Everything(
            text: "plain", escapes: "quote \" backslash \\ slash / newline \n tab \t bell \u{07} del \u{7f}",
            unicode: "é 😀 \u{2028}", flag: false, int: -42, int8: -128, uint64: .max, double: 1.5, float: 0.1,
            small: .leastNonzeroMagnitude, big: 1e300, negativeZero: -0.0, optionalMissing: nil, kind: .two,
            inner: .init(x: 1, y: [1, nil, 2.25]), list: [.init(x: 2, y: [])], map: ["b": 2, "a": 1, "B": 3],
            date: Date(timeIntervalSinceReferenceDate: 12.5), data: Data([0, 1, 2, 250]),
            url: URL(string: "https://appleid.apple.com/auth/keys?x=1")!, decimal: Decimal(string: "12.50")!,
            nested: [["x"], []])
        let ours = try ourBytes(sample)
        #expect(try value(ours) == value(foundationBytes(sample)), "\(String(decoding: ours, as: UTF8.self))")
        // And our own parser reads it back to the same values.
        let back = try JSONNodeDecoder.decode(Everything.self, from: JSONNode.parse(ours))
        #expect(back.escapes == sample.escapes && back.unicode == sample.unicode && back.uint64 == .max)
        #expect(back.small == .leastNonzeroMagnitude && back.big == 1e300 && back.float == 0.1 && back.data == sample.data)
    }

    @Test("non-finite numbers are refused, as JSONEncoder refuses them")
    func nonFinite() {
        for number in [Double.nan, .infinity, -.infinity] {
            #expect(throws: (any Error).self) { try ourBytes(["x": number]) }
            #expect(throws: (any Error).self) { try foundationBytes(["x": number]) }
            #expect(throws: (any Error).self) { try ourBytes(["x": NumericDate(secondsSince1970: number)]) }
            #expect(throws: (any Error).self) { try foundationBytes(["x": NumericDate(secondsSince1970: number)]) }
        }
    }

    @Test("keys are sorted by their UTF-8 bytes; a key encoded twice keeps the last value")
    func keyOrder() throws {
        struct Twice: Encodable {
            enum K: String, CodingKey { case a }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: K.self)
                try container.encode(1, forKey: .a)
                try container.encode(2, forKey: .a)
            }
        }
        #expect(String(decoding: try ourBytes(["b": 1, "a": 2, "B": 3, "é": 4]), as: UTF8.self) == #"{"B":3,"a":2,"b":1,"é":4}"#)
        #expect(String(decoding: try ourBytes(Twice()), as: UTF8.self) == #"{"a":2}"#)
        #expect(try value(ourBytes(Twice())) == value(foundationBytes(Twice())))
    }

    @Test("the signing path's header writer gives the same bytes as JSONEncoder for every member combination")
    func headerBytes() throws {
        var headers = [JWTHeader(alg: "ES256"), JWTHeader(alg: "HS256", kid: "k/1", typ: nil),
                       JWTHeader(alg: "RS256", kid: "eXaunmL", typ: "JWT", cty: "JWT")]
        var withExtensions = JWTHeader(alg: "ES256", kid: "ABC123DEFG")
        withExtensions.crit = ["b64", "exp"]
        withExtensions.b64 = false
        headers.append(withExtensions)
        var escaped = JWTHeader(alg: "ES256", kid: "quote \" and \u{1}")
        escaped.crit = []
        headers.append(escaped)
        headers.append(JWTHeader(alg: "EdDSA", typ: "at+jwt", additionalMembers: ["x5t#S256": .string("a/b"), "ver": .number(2), "z": .array([.null])]))
        for header in headers {
            #expect((try header.jsonNode()).jsonBytes == (try foundationBytes(header)), "\(header)")
            // The direct writer of the signing path gives the same text.
            #expect(try header.jsonBytes() == (try foundationBytes(header)), "\(header)")
        }
    }
}

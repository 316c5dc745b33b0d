// The strict top-level JSON reader used for headers and registered claims. Expected values are JSON facts
// (RFC 8259), each checked against Python's json module when the cases were written.

@testable import PureJWT
import PureBase64
import PureSHA2
import Testing

private func members(_ text: String) -> [String: JSONScalar]? {
    try? JSONObjectScanner.members(of: Array(text.utf8))
}

@Suite("JSON object scanner")
struct JSONObjectScannerTests {
    @Test("reads scalars, string arrays and escapes")
    func reads() {
        let m = members(#" { "a" : "x\"y\\z\/\n\u00e9\ud83d\ude00", "n": -1.5e2, "z": 0, "t": true, "f": false, "u": null, "s": ["p","q"], "o": {"k":[1,{"d":[]}]}, "m": [1,"x"] } "#)
        #expect(m?["a"] == .string("x\"y\\z/\né😀"))
        #expect(m?["n"] == .number(-150))
        #expect(m?["z"] == .number(0))
        #expect(m?["t"] == .bool(true) && m?["f"] == .bool(false) && m?["u"] == .null)
        #expect(m?["s"] == .strings(["p", "q"]))
        #expect(m?["o"] == .other && m?["m"] == .other)
        #expect(members("{}")?.isEmpty == true)
        #expect(members(#"{"e":[]}"#)?["e"] == .strings([]))
    }

    @Test("refuses what is not one valid JSON object", arguments: [
        #"{"a":1,"a":2}"#,            // duplicate member
        #"["a"]"#, #""a""#, "1", "",  // not an object
        #"{"a":1}x"#, #"{"a":1}{}"#,  // trailing bytes
        #"{"a":01}"#, #"{"a":1.}"#, #"{"a":.5}"#, #"{"a":1e}"#, #"{"a":+1}"#, #"{"a":--1}"#,
        #"{"a":"\x"}"#, #"{"a":"\u12"}"#, #"{"a":"\ud800"}"#, #"{"a":"\udc00"}"#, #"{"a":"\ud800\u0041"}"#,
        "{\"a\":\"\u{01}\"}",         // raw control character
        #"{"a":tru}"#, #"{"a":nul}"#, #"{a:1}"#, #"{"a" 1}"#, #"{"a":1,}"#, #"{"a":[1,]}"#, #"{"a":"x}"#,
        #"{"a":{"b":1,}}"#, #"{"a":[1 2]}"#,
    ])
    func refuses(_ text: String) {
        #expect(members(text) == nil, "\(text)")
    }

    @Test("nesting is bounded")
    func depth() {
        let deep = #"{"a":"# + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + "}"
        #expect(members(deep) == nil)
        let ok = #"{"a":"# + String(repeating: "[", count: 20) + String(repeating: "]", count: 20) + "}"
        #expect(members(ok)?["a"] == .other)
    }

    @Test("duplicate alg in a header makes the token malformed")
    func duplicateAlg() throws {
        let key = try JWTKey.hs256(SymmetricKey(data: [UInt8](repeating: 7, count: 32)))
        let header = Base64URL.encode(Array(#"{"alg":"HS256","alg":"none"}"#.utf8))
        let payload = Base64URL.encode(Array(#"{"exp":9999999999}"#.utf8))
        let input = header + "." + payload
        let token = input + "." + Base64URL.encode(HMAC<SHA256>.authenticationCode(for: Array(input.utf8), using: SymmetricKey(data: [UInt8](repeating: 7, count: 32))))
        do {
            _ = try JWTVerifier(keys: [key]).verifiedPayload(token)
            Issue.record("a header with two alg members was accepted")
        } catch {
            guard case .malformed(part: "header", let detail) = error.reason else { Issue.record("\(error)"); return }
            #expect(detail.contains("duplicate member"))
        }
    }
}

// The strict JSON parser used for headers and claims. Expected values are JSON facts (RFC 8259), each
// checked against Python's json module when the cases were written.

@testable import PureJWT
import PureBase64
import PureSHA2
import Testing

private func members(_ text: String) -> JSONObject? {
    try? JSONNode.parseObject(Array(text.utf8))
}

/// A node as plain values, for comparisons: numbers as their text.
private func plain(_ node: JSONNode?) -> String? {
    guard let node else { return nil }
    switch node {
    case .null: return "null"
    case .bool(let value): return "\(value)"
    case .number(let text): return "#" + text
    case .string(let value): return "'" + value + "'"
    case .array(let elements): return "[" + elements.map { plain($0)! }.joined(separator: ",") + "]"
    case .object(let object): return "{" + zip(object.names, object.values).map { "\($0):\(plain($1)!)" }.joined(separator: ",") + "}"
    }
}

@Suite("JSON parser")
struct JSONNodeTests {
    @Test("reads every kind of value, escapes, nesting, in document order")
    func reads() {
        let m = members(#" { "a" : "x\"y\\z\/\n\u00e9\ud83d\ude00", "n": -1.5e2, "z": 0, "t": true, "f": false, "u": null, "s": ["p","q"], "o": {"k":[1,{"d":[]}]}, "m": [1,"x"] } "#)
        #expect(plain(m?["a"]) == "'x\"y\\z/\né😀'")
        #expect(plain(m?["n"]) == "#-1.5e2")
        #expect(plain(m?["z"]) == "#0")
        #expect(plain(m?["t"]) == "true" && plain(m?["f"]) == "false" && plain(m?["u"]) == "null")
        #expect(plain(m?["s"]) == "['p','q']")
        #expect(plain(m?["o"]) == "{k:[#1,{d:[]}]}" && plain(m?["m"]) == "[#1,'x']")
        #expect(m?.names == ["a", "n", "z", "t", "f", "u", "s", "o", "m"])
        #expect(members("{}")?.names.isEmpty == true)
        #expect(plain(m?["absent"]) == nil)
        #expect(plain(try? JSONNode.parse(Array(" [1, \"2\", null] ".utf8))) == "[#1,'2',null]")
        #expect(plain(try? JSONNode.parse(Array("12345678901234567890123".utf8))) == "#12345678901234567890123")
    }

    @Test("duplicates are refused at any depth and in objects of any size, in linear time")
    func duplicates() {
        #expect(members(#"{"a":{"b":1,"b":2}}"#) == nil)
        #expect(members(#"{"a":[{"c":1,"c":1}]}"#) == nil)
        let many = (0..<5000).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        #expect(members("{" + many + "}")?.names.count == 5000)
        #expect(members("{" + many + #","k4999":0}"#) == nil)
        #expect(members("{" + many + #","k3":0}"#) == nil)
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
        #expect(members(ok)?["a"] != nil)
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

@Suite("JSON strings: UTF-8")
struct JSONStringUTF8Tests {
    /// Ill-formed UTF-8 by Unicode §3.9 (Python's `bytes.decode("utf-8")` refuses each): an overlong "/",
    /// a surrogate, a code point above U+10FFFF, a truncated sequence, a lone continuation byte, an
    /// overlong NUL. Each is refused in a plain string and in one with an escape (the parser's two paths).
    @Test("ill-formed UTF-8 is refused in both string paths; well-formed multi-byte text is kept",
          arguments: [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80], [0xC0, 0x80]] as [[UInt8]])
    func illFormed(bytes: [UInt8]) {
        let plainString = Array(#"{"k":""#.utf8) + bytes + Array(#""}"#.utf8)
        let escaped = Array(#"{"k":"\n"#.utf8) + bytes + Array(#""}"#.utf8)
        #expect((try? JSONNode.parseObject(plainString)) == nil)
        #expect((try? JSONNode.parseObject(escaped)) == nil)
    }

    @Test("well-formed multi-byte text (2, 3 and 4 bytes) is kept in both paths")
    func wellFormed() throws {
        let text = "é€😀"
        let plainString = try JSONNode.parseObject(Array(#"{"k":"\#(text)"}"#.utf8))
        let escaped = try JSONNode.parseObject(Array(#"{"k":"\#(text)\t"}"#.utf8))
        guard case .string(let a)? = plainString["k"], case .string(let b)? = escaped["k"] else { Issue.record("not strings"); return }
        #expect(a == text && b == text + "\t")
    }
}

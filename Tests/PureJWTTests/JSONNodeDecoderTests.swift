// JSONNodeDecoder against an independent implementation, Foundation's JSONDecoder with its default
// strategies: for every type and input below both must succeed with equal values or both must fail.
// (Duplicate member names are the one intended difference: the parser refuses them, JSONDecoder takes
// the last; they are tested in JSONNodeTests.)

import Foundation
@testable import PureJWT
import Testing

private struct Primitives: Codable, Equatable {
    var s: String
    var b: Bool
    var i: Int
    var i8: Int8?
    var u16: UInt16?
    var i64: Int64?
    var u64: UInt64?
    var d: Double
    var f: Float?
}

private struct Nested: Codable, Equatable {
    enum Kind: String, Codable { case a, b }
    struct Inner: Codable, Equatable { var x: Int; var tags: [String]? }
    var kind: Kind
    var inner: Inner?
    var list: [Inner]
    var map: [String: Int]?
    var matrix: [[Double]]?
    var optionals: [Int?]?
}

private struct FoundationTypes: Codable, Equatable {
    var date: Date?
    var data: Data?
    var url: URL?
    var decimal: Decimal?
}

/// A type with a hand-written init(from:) that uses every container kind.
private struct Custom: Decodable, Equatable {
    var first: Int
    var rest: [String]
    var flag: Bool
    var single: String?

    enum Keys: String, CodingKey { case pair, flag, single }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        var pair = try container.nestedUnkeyedContainer(forKey: .pair)
        first = try pair.decode(Int.self)
        var rest: [String] = []
        while !pair.isAtEnd {
            if try pair.decodeNil() { rest.append("nil"); continue }
            rest.append(try pair.decode(String.self))
        }
        self.rest = rest
        let nested = try container.nestedContainer(keyedBy: Keys.self, forKey: .flag)
        flag = try nested.decode(Bool.self, forKey: .flag)
        single = try container.decodeIfPresent(String.self, forKey: .single)
    }
}

private func agree<T: Decodable & Equatable>(_ type: T.Type, _ json: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let bytes = Array(json.utf8)
    let theirs = try? JSONDecoder().decode(T.self, from: Data(bytes))
    let ours = try? JSONNode.parse(bytes).map { try JSONNodeDecoder.decode(T.self, from: $0) }
    #expect(ours == theirs, "\(T.self) from \(json): ours \(String(describing: ours)), JSONDecoder \(String(describing: theirs))",
            sourceLocation: sourceLocation)
}

private extension JSONNode {
    func map<T>(_ body: (JSONNode) throws -> T) rethrows -> T { try body(self) }
}

@Suite("JSON decoder against Foundation's JSONDecoder")
struct JSONNodeDecoderTests {
    @Test("primitives: exact integers, ranges, floating point, mismatches, null, missing keys", arguments: [
        #"{"s":"x","b":true,"i":1,"d":1.5}"#,
        #"{"s":"x","b":false,"i":-9223372036854775808,"d":-0.0,"i8":-128,"u16":65535,"i64":9223372036854775807,"u64":18446744073709551615,"f":3.25}"#,
        #"{"s":"x","b":true,"i":1.0,"d":1e300}"#,           // integral written with a fraction
        #"{"s":"x","b":true,"i":1e2,"d":1}"#,               // integral written with an exponent
        #"{"s":"x","b":true,"i":1.5,"d":1}"#,               // not integral
        #"{"s":"x","b":true,"i":9223372036854775808,"d":1}"#,   // above Int.max
        #"{"s":"x","b":true,"i":1,"d":1,"i8":128}"#,        // above Int8.max
        #"{"s":"x","b":true,"i":1,"d":1,"u64":-1}"#,        // negative for unsigned
        #"{"s":"x","b":true,"i":1,"d":1e400}"#,             // Double overflow
        #"{"s":"x","b":true,"i":1,"d":1,"f":1e50}"#,        // Float overflow
        #"{"s":1,"b":true,"i":1,"d":1}"#,                   // number for string
        #"{"s":"x","b":"true","i":1,"d":1}"#,               // string for bool
        #"{"s":"x","b":1,"i":1,"d":1}"#,                    // number for bool
        #"{"s":"x","b":true,"i":"1","d":1}"#,               // string for number
        #"{"s":null,"b":true,"i":1,"d":1}"#,                // null for a required value
        #"{"b":true,"i":1,"d":1}"#,                         // missing key
        #"{"s":"x","b":true,"i":1,"d":1,"i8":null,"extra":[1,{"y":2}]}"#,   // null optional, unknown key
        #"["s"]"#, #""s""#, "null", "1",
    ])
    func primitives(_ json: String) {
        agree(Primitives.self, json)
    }

    @Test("nested types, enums, arrays, dictionaries, arrays of optionals", arguments: [
        #"{"kind":"a","list":[]}"#,
        #"{"kind":"b","inner":{"x":1,"tags":["p"]},"list":[{"x":2},{"x":3,"tags":[]}],"map":{"k":1,"l":2},"matrix":[[1,2.5],[]],"optionals":[1,null,3]}"#,
        #"{"kind":"c","list":[]}"#,                         // unknown enum case
        #"{"kind":"a","list":[{"x":"1"}]}"#,                // mismatch inside an array
        #"{"kind":"a","list":{}}"#,                         // object for array
        #"{"kind":"a","list":[],"map":{"k":"v"}}"#,         // dictionary value mismatch
        #"{"kind":"a","list":[],"map":[]}"#,                // array for dictionary
        #"{"kind":"a","list":[],"inner":null}"#,
        #"{"kind":"a","list":[null]}"#,
    ])
    func nested(_ json: String) {
        agree(Nested.self, json)
    }

    @Test("Foundation types with JSONDecoder's default strategies", arguments: [
        #"{"date":0,"data":"AAEC","url":"https://appleid.apple.com/auth/keys","decimal":12.5}"#,
        #"{"date":-1.5e9}"#,
        #"{"data":"not base64!"}"#,
        #"{"date":"2026-01-01"}"#,
        #"{"decimal":"12"}"#,
        #"{}"#,
    ])
    func foundationTypes(_ json: String) {
        agree(FoundationTypes.self, json)
    }

    @Test("hand-written init(from:) with nested keyed and unkeyed containers", arguments: [
        #"{"pair":[1,"a",null,"b"],"flag":{"flag":true}}"#,
        #"{"pair":[1],"flag":{"flag":false},"single":"s"}"#,
        #"{"pair":[],"flag":{"flag":false}}"#,               // unkeyed container runs out
        #"{"pair":[1,2],"flag":{"flag":false}}"#,            // mismatch in unkeyed
        #"{"pair":[1],"flag":true}"#,                        // boolean for nested object
        #"{"pair":[1],"flag":{"flag":true},"single":null}"#,
    ])
    func custom(_ json: String) {
        agree(Custom.self, json)
    }

    @Test("top-level collections and scalars")
    func topLevel() {
        agree([Int].self, "[1,2,3]")
        agree([String: [Bool]].self, #"{"a":[true],"b":[]}"#)
        agree(String.self, #""x""#)
        agree(Double.self, "2.5")
        agree(Int?.self, "null")
        agree([Int].self, "[1,2.5]")
    }

    @Test("the valid inputs above do decode (the comparisons are not all of two failures)")
    func validInputsDecode() throws {
        func decodes<T: Decodable>(_ type: T.Type, _ json: String) -> Bool {
            (try? JSONNodeDecoder.decode(T.self, from: JSONNode.parse(Array(json.utf8)))) != nil
        }
        #expect(decodes(Primitives.self, #"{"s":"x","b":true,"i":1,"d":1.5}"#))
        #expect(decodes(Primitives.self, #"{"s":"x","b":true,"i":1e2,"d":1}"#))
        #expect(decodes(Primitives.self, #"{"s":"x","b":false,"i":-9223372036854775808,"d":-0.0,"i8":-128,"u16":65535,"i64":9223372036854775807,"u64":18446744073709551615,"f":3.25}"#))
        #expect(decodes(Nested.self, #"{"kind":"b","inner":{"x":1,"tags":["p"]},"list":[{"x":2},{"x":3,"tags":[]}],"map":{"k":1,"l":2},"matrix":[[1,2.5],[]],"optionals":[1,null,3]}"#))
        #expect(decodes(FoundationTypes.self, #"{"date":0,"data":"AAEC","url":"https://appleid.apple.com/auth/keys","decimal":12.5}"#))
        #expect(decodes(Custom.self, #"{"pair":[1,"a",null,"b"],"flag":{"flag":true}}"#))
        #expect(!decodes(Primitives.self, #"{"s":"x","b":true,"i":1.5,"d":1}"#))
    }

    @Test("errors name the coding path")
    func errorPaths() throws {
        let node = try JSONNode.parse(Array(#"{"kind":"a","list":[{"x":1},{"x":"2"}]}"#.utf8))
        do {
            _ = try JSONNodeDecoder.decode(Nested.self, from: node)
            Issue.record("a string was decoded as an Int")
        } catch {
            let text = JSONNodeDecoder.describe(error)
            #expect(text.contains("list.[1].x") && text.contains("expected a number, found a string"), "\(text)")
        }
        let missing = try JSONNode.parse(Array(#"{"kind":"a"}"#.utf8))
        do {
            _ = try JSONNodeDecoder.decode(Nested.self, from: missing)
            Issue.record("a missing key was not reported")
        } catch {
            #expect(JSONNodeDecoder.describe(error) == #"missing "list" in the top level"#)
        }
    }
}

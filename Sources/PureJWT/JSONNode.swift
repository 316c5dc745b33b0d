// A small, strict JSON parser (RFC 8259) into a tree, read once per token part: the JOSE header, the
// registered claims and the caller's claims type all come from the same tree (JSONNodeDecoder.swift
// decodes `Decodable` types from it without Foundation's JSONDecoder).
//
// Accepted: one value with optional whitespace around it. Refused, with the byte offset: anything that
// is not valid JSON (RFC 8259 grammar; no comments, no trailing commas, no NaN), invalid UTF-8, control
// characters and lone surrogates in strings, duplicate member names in any object (RFC 7515 §5.2 allows
// refusing them, and two "alg"s are an attack), nesting deeper than 32, trailing bytes. Numbers are kept
// as their text, so an integer is decoded exactly, whatever its size, and out-of-range ones are refused by
// the decoder, not rounded.

/// A parsed JSON value (internal: modules above PureJWT read JSON through `JSONValue` and
/// `StrictJSONDecoder`). Not `indirect`: the recursion goes through
/// arrays, which are already references, and an indirect enum puts every value in a heap box of its own.
enum JSONNode: Sendable {
    case null
    case bool(Bool)
    /// The number's literal text, already checked against the grammar.
    case number(String)
    case string(String)
    case array([JSONNode])
    case object(JSONObject)

    /// The value in `bytes`.
    static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONNode {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("bytes after the value") }
        return value
    }

    /// The object in `bytes`; anything else is an error.
    static func parseObject(_ bytes: [UInt8]) throws(JSONParseError) -> JSONObject {
        guard case .object(let object) = try parse(bytes) else {
            throw JSONParseError(message: "expected a JSON object", offset: 0)
        }
        return object
    }

    /// What the value is, for error messages.
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// An object's members in document order. Objects in tokens are small, so lookup is a linear scan.
struct JSONObject: Sendable {
    var names: [String] = []
    var values: [JSONNode] = []

    init() {}
    init(names: [String], values: [JSONNode]) { (self.names, self.values) = (names, values) }

    /// The member named `name`. Lengths are compared first: most names in a scan differ, and String's
    /// `==` on two different short strings goes through its slow comparison path (a fifth of the lookup
    /// cost of an Apple identity token's claims). JSON names are compared by code points (RFC 8259 §8.3),
    /// so a name of another length is another name.
    subscript(name: String) -> JSONNode? {
        let length = name.utf8.count
        for index in names.indices where names[index].utf8.count == length && names[index] == name { return values[index] }
        return nil
    }
}

struct JSONParseError: Error, CustomStringConvertible {
    let message: String
    let offset: Int
    var description: String { "\(message) at byte \(offset)" }
}

/// The parser's state: the bytes and a read position.
struct JSONParser {
    static let maximumDepth = 32

    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    func error(_ message: String) -> JSONParseError { JSONParseError(message: message, offset: index) }

    mutating func expect(_ byte: UInt8) throws(JSONParseError) {
        guard peek == byte else { throw error("expected '\(Character(Unicode.Scalar(byte)))'") }
        index += 1
    }

    mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    /// Any value, starting at a non-whitespace byte.
    mutating func value(depth: Int) throws(JSONParseError) -> JSONNode {
        switch peek {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "{"): return .object(try object(depth: depth + 1))
        case UInt8(ascii: "["): return .array(try array(depth: depth + 1))
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case nil: throw error("expected a value, found the end")
        default: return .number(try number())
        }
    }

    mutating func object(depth: Int) throws(JSONParseError) -> JSONObject {
        guard depth <= Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth)") }
        try expect(UInt8(ascii: "{"))
        var object = JSONObject()
        skipWhitespace()
        if peek == UInt8(ascii: "}") { index += 1; return object }
        var seen: Set<String>? = nil
        // The top-level object (a header or a claims set): room for a typical token's members at once,
        // instead of regrowing the arrays five times. Nested objects grow as needed, so that a hostile
        // array of thousands of tiny objects cannot make each one reserve sixteen slots.
        if depth == 1 {
            object.names.reserveCapacity(16)
            object.values.reserveCapacity(16)
        }
        while true {
            skipWhitespace()
            let nameOffset = index
            let name = try string()
            // Duplicates: a linear scan while the object is small, a set once it is not (a hostile token
            // with thousands of members must not cost quadratic time).
            if object.names.count < 16 {
                if object.names.contains(name) { throw JSONParseError(message: "duplicate member \"\(name)\"", offset: nameOffset) }
            } else {
                if seen == nil { seen = Set(object.names) }
                guard seen!.insert(name).inserted else {
                    throw JSONParseError(message: "duplicate member \"\(name)\"", offset: nameOffset)
                }
            }
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            let member = try value(depth: depth)
            object.names.append(name)
            object.values.append(member)
            skipWhitespace()
            if peek == UInt8(ascii: ",") { index += 1; continue }
            try expect(UInt8(ascii: "}"))
            return object
        }
    }

    mutating func array(depth: Int) throws(JSONParseError) -> [JSONNode] {
        guard depth <= Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth)") }
        try expect(UInt8(ascii: "["))
        var elements: [JSONNode] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") { index += 1; return elements }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth))
            skipWhitespace()
            if peek == UInt8(ascii: ",") { index += 1; continue }
            try expect(UInt8(ascii: "]"))
            return elements
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONParseError) {
        let count = word.utf8CodeUnitCount
        let matches = index + count <= bytes.count && word.withUTF8Buffer { expected in
            (0..<count).allSatisfy { bytes[index + $0] == expected[$0] }
        }
        guard matches else { throw error("expected a value") }
        index += count
    }

    /// RFC 8259 §6: -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?, returned as its text.
    mutating func number() throws(JSONParseError) -> String {
        let start = index
        if peek == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let from = index
            while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
            return index - from
        }
        if peek == UInt8(ascii: "0") {
            index += 1
        } else {
            guard digits() > 0 else { throw error("expected a value") }
        }
        if peek == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("expected digits after '.'") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("expected exponent digits") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }
}

// A small, strict reader for the top level of a JSON object (RFC 8259), used for the JOSE header and the
// registered claims so that each token costs one full JSON decode (the caller's claims) instead of three.
//
// Accepted: one object, optional whitespace around it; members whose names are strings; values of any
// JSON type. Strings, numbers, true/false/null and arrays of strings are read; other arrays and objects
// are checked and skipped. Refused: anything that is not valid JSON, duplicate member names (RFC 7515
// §5.2 allows refusing them, and two "alg"s are an attack), nesting deeper than 32, trailing bytes.

/// A top-level member value.
enum JSONScalar: Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case strings([String])
    /// An object, or an array that is not all strings: valid, not read.
    case other
}

struct JSONScanError: Error {
    let message: String
    let offset: Int
}

struct JSONObjectScanner {
    private let bytes: [UInt8]
    private var index = 0

    /// The members of the object in `bytes`, by name.
    static func members(of bytes: [UInt8]) throws(JSONScanError) -> [String: JSONScalar] {
        var scanner = JSONObjectScanner(bytes: bytes)
        scanner.skipWhitespace()
        guard scanner.peek == UInt8(ascii: "{") else { throw scanner.error("expected a JSON object") }
        var members: [String: JSONScalar] = [:]
        scanner.index += 1
        scanner.skipWhitespace()
        if scanner.peek == UInt8(ascii: "}") {
            scanner.index += 1
        } else {
            while true {
                scanner.skipWhitespace()
                let name = try scanner.string()
                scanner.skipWhitespace()
                try scanner.expect(UInt8(ascii: ":"))
                scanner.skipWhitespace()
                let value = try scanner.topValue()
                guard members.updateValue(value, forKey: name) == nil else {
                    throw scanner.error("duplicate member \"\(name)\"")
                }
                scanner.skipWhitespace()
                if scanner.peek == UInt8(ascii: ",") { scanner.index += 1; continue }
                try scanner.expect(UInt8(ascii: "}"))
                break
            }
        }
        scanner.skipWhitespace()
        guard scanner.index == bytes.count else { throw scanner.error("bytes after the object") }
        return members
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func error(_ message: String) -> JSONScanError { JSONScanError(message: message, offset: index) }

    private mutating func expect(_ byte: UInt8) throws(JSONScanError) {
        guard peek == byte else { throw error("expected '\(Character(Unicode.Scalar(byte)))'") }
        index += 1
    }

    private mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    /// A member value: read when it is a scalar or an array of strings, else validated and skipped.
    private mutating func topValue() throws(JSONScanError) -> JSONScalar {
        switch peek {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "["):
            let start = index
            if let strings = try? stringArray() { return .strings(strings) }
            index = start
            try skipValue(depth: 1)
            return .other
        case UInt8(ascii: "{"):
            try skipValue(depth: 1)
            return .other
        default:
            return try scalar()
        }
    }

    private mutating func stringArray() throws(JSONScanError) -> [String] {
        try expect(UInt8(ascii: "["))
        var values: [String] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") { index += 1; return values }
        while true {
            skipWhitespace()
            values.append(try string())
            skipWhitespace()
            if peek == UInt8(ascii: ",") { index += 1; continue }
            try expect(UInt8(ascii: "]"))
            return values
        }
    }

    private mutating func scalar() throws(JSONScanError) -> JSONScalar {
        if literal("true") { return .bool(true) }
        if literal("false") { return .bool(false) }
        if literal("null") { return .null }
        return .number(try number())
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let matches = word.withUTF8Buffer { expected in
            (0..<count).allSatisfy { bytes[index + $0] == expected[$0] }
        }
        if matches { index += count }
        return matches
    }

    /// RFC 8259 §6: -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
    private mutating func number() throws(JSONScanError) -> Double {
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
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
            throw error("number out of range")
        }
        return value
    }

    /// A string with its escapes resolved (RFC 8259 §7), refusing control characters, lone surrogates and
    /// invalid UTF-8. Without escapes (the usual case) the bytes are validated and used as they are.
    private mutating func string() throws(JSONScanError) -> String {
        try expect(UInt8(ascii: "\""))
        let start = index
        while let byte = peek, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
            guard byte >= 0x20 else { throw error("control character in a string") }
            index += 1
        }
        guard let stop = peek else { throw error("unterminated string") }
        if stop == UInt8(ascii: "\"") {
            guard let text = String(validating: bytes[start..<index], as: UTF8.self) else { throw error("invalid UTF-8") }
            index += 1
            return text
        }
        // Escapes: collect UTF-8 bytes, then validate once.
        var utf8 = Array(bytes[start..<index])
        while true {
            guard let byte = peek else { throw error("unterminated string") }
            if byte == UInt8(ascii: "\"") {
                index += 1
                guard let text = String(validating: utf8, as: UTF8.self) else { throw error("invalid UTF-8") }
                return text
            }
            if byte < 0x20 { throw error("control character in a string") }
            index += 1
            guard byte == UInt8(ascii: "\\") else { utf8.append(byte); continue }
            guard let escape = peek else { throw error("unterminated escape") }
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800...0xDBFF).contains(code) {
                    guard literal("\\u") else { throw error("lone high surrogate") }
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid low surrogate") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(code) {
                    throw error("lone low surrogate")
                }
                guard let scalar = Unicode.Scalar(code), let encoded = UTF8.encode(scalar) else {
                    throw error("invalid \\u escape")
                }
                utf8.append(contentsOf: encoded)
            default:
                throw error("invalid escape")
            }
        }
    }

    private mutating func hex4() throws(JSONScanError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// Validates and skips any value.
    private mutating func skipValue(depth: Int) throws(JSONScanError) {
        guard depth <= 32 else { throw error("nested deeper than 32") }
        skipWhitespace()
        switch peek {
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "["):
            index += 1
            skipWhitespace()
            if peek == UInt8(ascii: "]") { index += 1; return }
            while true {
                try skipValue(depth: depth + 1)
                skipWhitespace()
                if peek == UInt8(ascii: ",") { index += 1; continue }
                try expect(UInt8(ascii: "]"))
                return
            }
        case UInt8(ascii: "{"):
            index += 1
            skipWhitespace()
            if peek == UInt8(ascii: "}") { index += 1; return }
            while true {
                skipWhitespace()
                _ = try string()
                skipWhitespace()
                try expect(UInt8(ascii: ":"))
                try skipValue(depth: depth + 1)
                skipWhitespace()
                if peek == UInt8(ascii: ",") { index += 1; continue }
                try expect(UInt8(ascii: "}"))
                return
            }
        default:
            _ = try scalar()
        }
    }
}

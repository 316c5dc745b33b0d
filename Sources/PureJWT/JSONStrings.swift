// JSON strings (RFC 8259 §7) for JSONParser: escapes resolved; control characters, lone surrogates and
// invalid UTF-8 refused. Without escapes (the usual case) the bytes are validated and used as they are.

extension JSONParser {
    /// A string with its escapes resolved (RFC 8259 §7), refusing control characters, lone surrogates and
    /// invalid UTF-8. Without escapes (the usual case) the bytes are validated and used as they are.
    mutating func string() throws(JSONParseError) -> String {
        try expect(UInt8(ascii: "\""))
        let start = index
        var highBits: UInt8 = 0      // any byte ≥ 0x80 sets the top bit
        while let byte = peek, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
            guard byte >= 0x20 else { throw error("control character in a string") }
            highBits |= byte
            index += 1
        }
        guard let stop = peek else { throw error("unterminated string") }
        if stop == UInt8(ascii: "\"") {
            let text: String
            if highBits < 0x80 {
                // ASCII is valid UTF-8: build the string straight from the buffer (the generic validating
                // initializer costs a metadata lookup per call, a few percent of a token's verification).
                text = bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<index]), as: UTF8.self) }
            } else {
                guard let validated = Self.validatedUTF8(bytes[start..<index]) else { throw error("invalid UTF-8") }
                text = validated
            }
            index += 1
            return text
        }
        // Escapes: collect UTF-8 bytes, then validate once.
        var utf8 = Array(bytes[start..<index])
        while true {
            guard let byte = peek else { throw error("unterminated string") }
            if byte == UInt8(ascii: "\"") {
                index += 1
                guard let text = Self.validatedUTF8(utf8) else { throw error("invalid UTF-8") }
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
                    guard index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw error("lone high surrogate")
                    }
                    index += 2
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

    mutating func hex4() throws(JSONParseError) -> UInt32 {
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
}

extension JSONParser {
    /// `bytes` as a String if they are well-formed UTF-8 (Unicode §3.9, D92: no overlong forms, no
    /// surrogates, nothing above U+10FFFF), else nil. `String(validating:as:)` does this from macOS 15 /
    /// iOS 18 only, below the package's minimums; the standard library's transcoder, which refuses the same
    /// sequences, is available everywhere.
    static func validatedUTF8<Bytes: Collection>(_ bytes: Bytes) -> String? where Bytes.Element == UInt8 {
        let malformed = transcode(bytes.makeIterator(), from: UTF8.self, to: UTF8.self, stoppingOnError: true, into: { _ in })
        return malformed ? nil : String(decoding: bytes, as: UTF8.self)
    }
}

// application/x-www-form-urlencoded, as Apple's token and revoke endpoints require (a JSON body or values
// in the query string are the classic mistakes). WHATWG URL Standard §5.2 (urlencoded serializer): ASCII
// letters, digits and "*-._" stay; a space becomes "+"; every other byte of the UTF-8 form is "%XX".

enum FormEncoding {
    static func encode(_ fields: [(String, String)]) -> String {
        fields.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
    }

    static func escape(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
                out.append(byte)
            case UInt8(ascii: " "):
                out.append(UInt8(ascii: "+"))
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension FormEncoding {
    /// The fields of an application/x-www-form-urlencoded body (WHATWG URL Standard §5.1, strictly): "+"
    /// is a space, "%XX" a byte, the result must be UTF-8. Returns nil for a malformed escape or invalid
    /// UTF-8, and for a name that appears twice (which of two values is meant would be a guess).
    static func decode(_ body: String) -> [String: String]? {
        var fields: [String: String] = [:]
        for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = unescape(parts[0]), let value = unescape(parts.count > 1 ? parts[1] : ""),
                  fields.updateValue(value, forKey: name) == nil else { return nil }
        }
        return fields
    }

    static func unescape(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        func hexValue(_ byte: UInt8?) -> UInt8? {
            switch byte {
            case let b? where b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"): return b - UInt8(ascii: "0")
            case let b? where b >= UInt8(ascii: "a") && b <= UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
            case let b? where b >= UInt8(ascii: "A") && b <= UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = hexValue(iterator.next()), let low = hexValue(iterator.next()) else { return nil }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        // Well-formed UTF-8 (the standard library's transcoder refuses overlongs, surrogates and truncated
        // sequences) and no NUL.
        let malformed = transcode(bytes.makeIterator(), from: UTF8.self, to: UTF8.self, stoppingOnError: true, into: { _ in })
        return malformed || bytes.contains(0) ? nil : String(decoding: bytes, as: UTF8.self)
    }
}

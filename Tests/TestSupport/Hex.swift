// Hex helpers for tests: vector files carry bytes as hex.

public struct HexError: Error, CustomStringConvertible {
    public let text: String
    public var description: String { "not an even-length hex string: \(text.prefix(80))" }
}

extension Array where Element == UInt8 {
    /// Bytes from hex text (either case, even length). Throws on anything else.
    public init(hex: String) throws {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { throw HexError(text: hex) }
        func value(_ digit: UInt8) throws -> UInt8 {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
            default: throw HexError(text: hex)
            }
        }
        self = []
        reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            append(try value(digits[index]) << 4 | value(digits[index + 1]))
            index += 2
        }
    }
}

extension Sequence where Element == UInt8 {
    /// Lower-case hex of the bytes.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        for byte in self {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

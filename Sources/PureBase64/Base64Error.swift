// The one error type of PureBase64.

/// Why a base64 or base64url string was rejected, and the byte offset where the problem is.
///
/// The offset counts bytes (UTF-8 code units) from the start of the input as given, including any
/// whitespace skipped by `Base64.decodeIgnoringWhitespace`.
public struct Base64Error: Error, Hashable, Sendable, CustomStringConvertible {
    /// The encoding that was being decoded.
    public enum Encoding: String, Hashable, Sendable {
        /// The standard alphabet with `=` padding (RFC 4648 §4).
        case base64
        /// The URL- and filename-safe alphabet without padding, as JWS uses it (RFC 4648 §5, RFC 7515 §2).
        case base64url
    }

    /// What was wrong.
    public enum Reason: Hashable, Sendable {
        /// A byte outside the alphabet (the byte is given).
        case invalidCharacter(UInt8)
        /// '=' somewhere other than the last one or two characters of base64.
        case misplacedPadding
        /// Base64 whose length is not a multiple of 4: the '=' padding is missing or the text was cut.
        case missingPadding
        /// '=' in base64url, which JWS forbids (RFC 7515 §2).
        case unexpectedPadding
        /// A length that no byte string encodes to (one character left over after the last full group).
        case truncated
        /// The unused low bits of the last character are not zero (RFC 4648 §3.5), so the text is not the
        /// canonical encoding of any bytes.
        case nonZeroTrailingBits
    }

    /// The encoding that was being decoded.
    public let encoding: Encoding
    /// What was wrong.
    public let reason: Reason
    /// Byte offset of the offending character, or the input's length for length problems.
    public let offset: Int

    /// An error for `reason` at byte `offset` of input in `encoding`.
    public init(encoding: Encoding, reason: Reason, offset: Int) {
        self.encoding = encoding
        self.reason = reason
        self.offset = offset
    }

    public var description: String {
        let name = encoding.rawValue
        switch reason {
        case .invalidCharacter(let byte):
            var text = "invalid \(name): byte \(hexByte(byte))\(printable(byte)) at offset \(offset) is not in the \(name) alphabet"
            switch (encoding, byte) {
            case (.base64url, UInt8(ascii: "+")), (.base64url, UInt8(ascii: "/")):
                text += "; this looks like standard base64: use '-' for '+' and '_' for '/'"
            case (.base64, UInt8(ascii: "-")), (.base64, UInt8(ascii: "_")):
                text += "; this looks like base64url: decode it with Base64URL"
            case (_, UInt8(ascii: " ")), (_, UInt8(ascii: "\n")), (_, UInt8(ascii: "\r")), (_, UInt8(ascii: "\t")):
                text += "; whitespace is only skipped by Base64.decodeIgnoringWhitespace (for PEM bodies)"
            default:
                break
            }
            return text
        case .misplacedPadding:
            return "invalid \(name): '=' at offset \(offset); padding may only end the text"
        case .missingPadding:
            return "invalid \(name): length \(offset) is not a multiple of 4; the '=' padding is missing or the text was cut short"
        case .unexpectedPadding:
            return "invalid \(name): '=' at offset \(offset); base64url in JWS/JWT carries no padding (RFC 7515 §2), remove the trailing '='"
        case .truncated:
            return "invalid \(name): length \(offset) leaves a single character after the last full group; the text was cut short"
        case .nonZeroTrailingBits:
            return "invalid \(name): the character at offset \(offset) has non-zero unused bits, so this is not the canonical encoding of any bytes (RFC 4648 §3.5)"
        }
    }
}

private func hexByte(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    return "0x" + String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
}

private func printable(_ byte: UInt8) -> String {
    (0x21...0x7E).contains(byte) ? " ('\(Character(Unicode.Scalar(byte)))')" : ""
}

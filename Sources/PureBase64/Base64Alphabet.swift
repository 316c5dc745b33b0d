// The two alphabets of RFC 4648: base64 (§4, Table 1) and base64url (§5, Table 2).

/// An alphabet and its padding rule, with lookup tables built once.
@usableFromInline
struct Base64Alphabet: Sendable {
    /// Which encoding this is; named in errors.
    let encoding: Base64Error.Encoding
    /// Value → character, 64 entries.
    let encodeTable: [UInt8]
    /// Character → value (0…63), or `invalid` for bytes outside the alphabet, 256 entries.
    let decodeTable: [UInt8]
    /// Whether encoded text ends in '=' padding to a multiple of 4 characters. Base64 (§4) pads;
    /// base64url as used by JWS (RFC 7515 §2) never does.
    let padded: Bool

    static let invalid: UInt8 = 0xFF
    static let paddingCharacter = UInt8(ascii: "=")

    init(encoding: Base64Error.Encoding, last two: String, padded: Bool) {
        self.encoding = encoding
        self.padded = padded
        let characters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8) + Array(two.utf8)
        encodeTable = characters
        var decode = [UInt8](repeating: Self.invalid, count: 256)
        for (value, character) in characters.enumerated() { decode[Int(character)] = UInt8(value) }
        decodeTable = decode
    }

    /// RFC 4648 §4: '+' and '/', padded with '='.
    static let standard = Base64Alphabet(encoding: .base64, last: "+/", padded: true)
    /// RFC 4648 §5 without padding, as JWS requires (RFC 7515 §2): '-' and '_'.
    static let url = Base64Alphabet(encoding: .base64url, last: "-_", padded: false)
}

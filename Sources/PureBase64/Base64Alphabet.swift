// The two alphabets of RFC 4648: base64 (§4, Table 1) and base64url (§5, Table 2).
//
// Characters and values are converted with arithmetic and masks instead of lookup tables, so that the
// time taken and the memory touched do not depend on the data: PEM bodies of private keys go through
// this code, and a table indexed by secret bytes leaks them through the cache (the reason BoringSSL's
// base64 is constant-time too).

/// An alphabet and its padding rule. The two alphabets differ only in the characters for 62 and 63.
@usableFromInline
struct Base64Alphabet: Sendable {
    /// Which encoding this is; named in errors.
    let encoding: Base64Error.Encoding
    /// The character for value 62 ('+' or '-').
    let character62: UInt8
    /// The character for value 63 ('/' or '_').
    let character63: UInt8
    /// Whether encoded text ends in '=' padding to a multiple of 4 characters. Base64 (§4) pads;
    /// base64url as used by JWS (RFC 7515 §2) never does.
    let padded: Bool

    static let paddingCharacter = UInt8(ascii: "=")
    /// The bit that `value(of:)` sets for a byte outside the alphabet. Valid values are 0…63.
    static let invalidBit: UInt32 = 0x100

    /// RFC 4648 §4: '+' and '/', padded with '='.
    @usableFromInline static let standard = Base64Alphabet(
        encoding: .base64, character62: UInt8(ascii: "+"), character63: UInt8(ascii: "/"), padded: true)
    /// RFC 4648 §5 without padding, as JWS requires (RFC 7515 §2): '-' and '_'.
    @usableFromInline static let url = Base64Alphabet(
        encoding: .base64url, character62: UInt8(ascii: "-"), character63: UInt8(ascii: "_"), padded: false)

    /// The 6-bit value of `character`, or a value with `invalidBit` set if it is not in the alphabet.
    /// Constant-time: the same operations run for every byte.
    @inline(__always)
    func value(of character: UInt8) -> UInt32 {
        let c = Int32(character)
        let upper = rangeMask(c, 0x41, 0x5A)      // 'A'…'Z' → 0…25
        let lower = rangeMask(c, 0x61, 0x7A)      // 'a'…'z' → 26…51
        let digit = rangeMask(c, 0x30, 0x39)      // '0'…'9' → 52…61
        let is62 = rangeMask(c, Int32(character62), Int32(character62))
        let is63 = rangeMask(c, Int32(character63), Int32(character63))
        let value = (upper & (c &- 0x41)) | (lower & (c &- 0x47)) | (digit & (c &+ 4)) | (is62 & 62) | (is63 & 63)
        let valid = upper | lower | digit | is62 | is63
        return UInt32(bitPattern: value | (~valid & Int32(Self.invalidBit)))
    }

    /// The character for the 6-bit `value` (0…63). Constant-time.
    @inline(__always)
    func character(for value: UInt32) -> UInt8 {
        let v = Int32(value & 0x3F)
        var c = v &+ 0x41                                                  // 'A' + v
        c &+= atLeastMask(v, 26) & 6                                       // 'a' + (v - 26)
        c &+= atLeastMask(v, 52) & -75                                     // '0' + (v - 52)
        c &+= atLeastMask(v, 62) & (Int32(character62) &- 58)              // character62
        c &+= atLeastMask(v, 63) & (Int32(character63) &- Int32(character62) &- 1)  // character63
        return UInt8(truncatingIfNeeded: c)
    }
}

/// All ones if `low <= x <= high`, else zero, without branching. Inputs are small (bytes).
@inline(__always)
private func rangeMask(_ x: Int32, _ low: Int32, _ high: Int32) -> Int32 {
    ~(((x &- low) | (high &- x)) >> 31)
}

/// All ones if `x >= bound`, else zero, without branching.
@inline(__always)
private func atLeastMask(_ x: Int32, _ bound: Int32) -> Int32 {
    ~((x &- bound) >> 31)
}

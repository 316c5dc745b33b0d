// UTF-8 validation for CBOR text strings (RFC 8949 §3.1: major type 3 is UTF-8, RFC 3629), written out so
// that it needs no API newer than the package's platforms and builds for Embedded Swift.

/// Well-formed UTF-8 as the Unicode Standard's Table 3-7 defines it: no overlong forms, no surrogates
/// (U+D800 ... U+DFFF), nothing above U+10FFFF, no truncated sequence.
enum UTF8Validation {
    static func isValid(_ bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex
        let end = bytes.endIndex
        while index < end {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            // The sequence's length and the range its second byte must fall in (Table 3-7).
            let length: Int
            var secondLow: UInt8 = 0x80, secondHigh: UInt8 = 0xbf
            switch lead {
            case 0xc2...0xdf: length = 2
            case 0xe0: length = 3; secondLow = 0xa0
            case 0xe1...0xec, 0xee...0xef: length = 3
            case 0xed: length = 3; secondHigh = 0x9f
            case 0xf0: length = 4; secondLow = 0x90
            case 0xf1...0xf3: length = 4
            case 0xf4: length = 4; secondHigh = 0x8f
            default: return false  // 0x80 ... 0xc1 (continuations, overlong two-byte leads), 0xf5 ... 0xff
            }
            guard end - index >= length else { return false }
            let second = bytes[index + 1]
            guard second >= secondLow, second <= secondHigh else { return false }
            var offset = 2
            while offset < length {
                guard bytes[index + offset] & 0xc0 == 0x80 else { return false }
                offset += 1
            }
            index += length
        }
        return true
    }
}

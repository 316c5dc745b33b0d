// Decoding eight characters at a time, as SIMD within a 64-bit register (SWAR): the class tests of
// Base64Alphabet.value(of:) run on all eight bytes at once, then the 6-bit values are packed into six
// bytes with shifts and masks. Same rules and same timing property as the scalar path: no branch and no
// memory index depends on the characters, except the one exit taken when a block holds a byte outside
// the alphabet (the caller's scalar loop then finds and reports it).
//
// Tokens carry most of their length in base64url (an RS256 signature alone is 342 characters), and the
// scalar conversion takes about six cycles per character. (Swift's SIMD16<UInt8> was tried first: its
// generic `replace(with:where:)` and scalar comparisons compiled to a loop per lane, 12× slower.)
//
// Every test below works on bytes below 0x80 (a byte with its top bit set is rejected first), with the
// top bit of each byte as the flag: for such x and a constant k ≤ 0x80, (x | 0x80) − k keeps bit 7 iff
// x ≥ k, and (k | 0x80) − x keeps it iff x ≤ k; neither subtraction borrows out of its byte.

/// A byte repeated in all eight lanes.
@inline(__always) private func lanes(_ byte: UInt8) -> UInt64 { UInt64(byte) &* 0x0101_0101_0101_0101 }

private let high: UInt64 = 0x8080_8080_8080_8080

/// Bit 7 of each lane set where `low ≤ x ≤ top`.
@inline(__always) private func inRange(_ x: UInt64, _ low: UInt8, _ top: UInt8) -> UInt64 {
    ((x | high) &- lanes(low)) & ((lanes(top) | high) &- x) & high
}

/// Bit 7 of each lane set where x equals `byte`.
@inline(__always) private func equal(_ x: UInt64, _ byte: UInt8) -> UInt64 {
    ~(((x ^ lanes(byte)) | high) &- lanes(1)) & high
}

/// A lane flag (bit 7) widened to a whole-lane mask.
@inline(__always) private func mask(_ flags: UInt64) -> UInt64 { (flags >> 7) &* 0xFF }

extension Base64Alphabet {
    /// Decodes the 8 characters at `input` into 6 bytes at `output` (which must have room for 8: the
    /// store is one 64-bit word). Returns false, having written nothing useful, if any character is
    /// outside the alphabet.
    @inline(__always)
    func decodeBlock(_ input: UnsafePointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) -> Bool {
        // Lane i (bits 8i…8i+7) holds the i-th character.
        let x = UInt64(littleEndian: UnsafeRawPointer(input).loadUnaligned(as: UInt64.self))
        let upper = inRange(x, 0x41, 0x5A)              // 'A'…'Z' → 0…25
        let lower = inRange(x, 0x61, 0x7A)              // 'a'…'z' → 26…51
        let digit = inRange(x, 0x30, 0x39)              // '0'…'9' → 52…61
        let is62 = equal(x, character62)
        let is63 = equal(x, character63)
        // All eight lanes in one class, and none with its top bit set (the tests assume that).
        guard (upper | lower | digit | is62 | is63) == high, x & high == 0 else { return false }
        // The differences are taken with bit 7 set, so no lane borrows from the next; & 0x3F drops it.
        let value = (mask(upper) & ((x | high) &- lanes(0x41)))
            | (mask(lower) & ((x | high) &- lanes(0x47)))
            | (mask(digit) & (x &+ lanes(4)))
            | (mask(is62) & lanes(62))
            | (mask(is63) & lanes(63))
        let values = value & 0x3F3F_3F3F_3F3F_3F3F

        // Pairs of values become 12-bit fields, pairs of those 24-bit fields: characters 0–3 in bits
        // 0…23, characters 4–7 in bits 32…55, first character most significant.
        let pairs = (values & 0x003F_003F_003F_003F) << 6 | (values >> 8) & 0x003F_003F_003F_003F
        let groups = (pairs & 0x0000_0FFF_0000_0FFF) << 12 | (pairs >> 16) & 0x0000_0FFF_0000_0FFF
        // Each group's three bytes, most significant first: (g << 8).byteSwapped puts them in the low
        // 24 bits in memory order.
        let first = UInt32(truncatingIfNeeded: groups), second = UInt32(truncatingIfNeeded: groups >> 32)
        let bytes = UInt64((first << 8).byteSwapped) | UInt64((second << 8).byteSwapped) << 24
        UnsafeMutableRawPointer(output).storeBytes(of: bytes.littleEndian, as: UInt64.self)
        return true
    }
}

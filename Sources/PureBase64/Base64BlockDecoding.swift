// Decoding sixteen characters at a time: the character-to-value conversion of Base64Alphabet.value(of:)
// on a SIMD16<UInt8> (compares and selects, which baseline x86-64's SSE2 does sixteen lanes at a time),
// then the 6-bit values packed into 12 bytes with shifts and masks on two 64-bit words. Same rules and
// same timing property as the scalar path: no branch and no memory index depends on the characters,
// except the one exit taken when a block holds a byte outside the alphabet (the caller then reports it).
//
// Tokens carry most of their length in base64url (an RS256 signature alone is 342 characters), and the
// scalar conversion took about six cycles per character.

extension Base64Alphabet {
    /// Decodes the 16 characters at `input` into 12 bytes at `output` (which must have room for 14: the
    /// second 8-byte store starts at byte 6). Returns false, writing nothing useful, if any character is outside
    /// the alphabet.
    @inline(__always)
    func decodeBlock(_ input: UnsafePointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) -> Bool {
        let c = UnsafeRawPointer(input).loadUnaligned(as: SIMD16<UInt8>.self)
        // Each class as a range test on the wrapped difference: c − low ≤ high − low, unsigned.
        let upper = (c &- 0x41) .<= 25                       // 'A'…'Z' → 0…25
        let lower = (c &- 0x61) .<= 25                       // 'a'…'z' → 26…51
        let digit = (c &- 0x30) .<= 9                        // '0'…'9' → 52…61
        let is62 = c .== SIMD16(repeating: character62)
        let is63 = c .== SIMD16(repeating: character63)
        let valid = upper .| lower .| digit .| is62 .| is63
        guard all(valid) else { return false }
        var value = SIMD16<UInt8>(repeating: 63)             // is63, and the start of the selects
        value.replace(with: 62, where: is62)
        value.replace(with: c &+ 4, where: digit)
        value.replace(with: c &- 0x47, where: lower)
        value.replace(with: c &- 0x41, where: upper)

        // Pack: in each 64-bit word (8 values, first character in the low byte), pairs become 12-bit
        // fields, pairs of those 24-bit fields, each 24-bit field the next three output bytes.
        @inline(__always) func pack(_ word: UInt64) -> UInt64 {
            let pairs = (word & 0x003F_003F_003F_003F) << 6 | (word >> 8) & 0x003F_003F_003F_003F
            return (pairs & 0x0000_0FFF_0000_0FFF) << 12 | (pairs >> 16) & 0x0000_0FFF_0000_0FFF
        }
        // Two 24-bit groups per word, each written most significant byte first; the 8-byte store writes
        // 6 bytes of output and 2 that the next store (or the caller) overwrites.
        @inline(__always) func store(_ word: UInt64, at offset: Int) {
            let first = UInt32(truncatingIfNeeded: word), second = UInt32(truncatingIfNeeded: word >> 32)
            // (w << 8).byteSwapped holds w's bytes from the most significant one up, in the low 24 bits.
            let bytes = UInt64((first << 8).byteSwapped) | UInt64((second << 8).byteSwapped) << 24
            UnsafeMutableRawPointer(output + offset).storeBytes(of: bytes.littleEndian, as: UInt64.self)
        }
        let words = unsafeBitCast(value, to: SIMD2<UInt64>.self)
        store(pack(UInt64(littleEndian: words[0])), at: 0)
        store(pack(UInt64(littleEndian: words[1])), at: 6)
        return true
    }
}

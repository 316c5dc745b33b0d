// Triple DES (NIST SP 800-67; DES as FIPS 46-3) in CBC decryption only: for PKCS#12 files made with
// pbeWithSHAAnd3-KeyTripleDES-CBC, which macOS Keychain Access and `openssl pkcs12 -legacy` still write. Not
// offered for anything else: 3DES is slow and its 64-bit block is too small for new data.
//
// Written for clarity and constant time rather than speed (a key file is a few hundred blocks, read once):
// every permutation walks its whole table, and each S-box lookup reads all 64 entries and keeps the one
// whose index matches by mask, so neither branches nor memory addresses depend on the key or the data.
// Bits are numbered as FIPS 46-3 numbers them: bit 1 is the most significant of the block.

enum TripleDES {
    /// `ciphertext` (a non-empty multiple of 8 bytes) decrypted under the 24-byte key K1 ‖ K2 ‖ K3
    /// (P = D_K1(E_K2(D_K3(C))), chained from `iv`); the padding is left for the caller.
    static func decryptCBC(_ ciphertext: [UInt8], key: [UInt8], iv: [UInt8]) -> [UInt8]? {
        guard key.count == 24, iv.count == 8, !ciphertext.isEmpty, ciphertext.count % 8 == 0 else { return nil }
        let k1 = subkeys(key[0..<8]), k2 = subkeys(key[8..<16]), k3 = subkeys(key[16..<24])
        var previous = load(iv[...])
        var plaintext: [UInt8] = []
        plaintext.reserveCapacity(ciphertext.count)
        for offset in stride(from: 0, to: ciphertext.count, by: 8) {
            let block = load(ciphertext[offset..<(offset + 8)])
            let opened = crypt(crypt(crypt(block, k3, decrypting: true), k2, decrypting: false), k1, decrypting: true) ^ previous
            for shift in stride(from: 56, through: 0, by: -8) { plaintext.append(UInt8(truncatingIfNeeded: opened >> UInt64(shift))) }
            previous = block
        }
        return plaintext
    }

    /// One DES encryption or decryption of `block` with the 16 round keys `keys`.
    static func crypt(_ block: UInt64, _ keys: [UInt64], decrypting: Bool) -> UInt64 {
        let permuted = permute(block, width: 64, table: initialPermutation)
        var left = UInt32(truncatingIfNeeded: permuted >> 32), right = UInt32(truncatingIfNeeded: permuted)
        for round in 0..<16 {
            let key = keys[decrypting ? 15 - round : round]
            (left, right) = (right, left ^ feistel(right, key))
        }
        return permute(UInt64(right) << 32 | UInt64(left), width: 64, table: finalPermutation)
    }

    /// f(R, K) = P(S(E(R) ⊕ K)).
    static func feistel(_ right: UInt32, _ key: UInt64) -> UInt32 {
        let expanded = permute(UInt64(right), width: 32, table: expansion) ^ key
        var substituted: UInt32 = 0
        sBoxes.withUnsafeBufferPointer { table in
            for box in 0..<8 {
                let six = UInt8(truncatingIfNeeded: expanded >> UInt64(42 - 6 * box)) & 0x3F
                // Row from the outer bits, column from the inner four (FIPS 46-3's S-box indexing).
                let index = (six & 0x20) | ((six & 1) << 4) | ((six >> 1) & 0x0F)
                var value: UInt8 = 0
                for entry in 0..<64 {
                    let difference = UInt8(entry) ^ index
                    let mask = UInt8(truncatingIfNeeded: (Int(difference) - 1) >> 8)   // 0xFF when equal
                    value |= table[64 * box + entry] & mask
                }
                substituted = substituted << 4 | UInt32(value)
            }
        }
        return UInt32(truncatingIfNeeded: permute(UInt64(substituted), width: 32, table: roundPermutation))
    }

    /// The 16 48-bit round keys of an 8-byte DES key (PC-1, left rotations, PC-2). Written without
    /// appends or iteration over arrays, so that the machine code has no branch but the loops' own.
    static func subkeys(_ key: ArraySlice<UInt8>) -> [UInt64] {
        var block: UInt64 = 0
        for offset in 0..<8 { block = block << 8 | UInt64(key[key.startIndex + offset]) }
        let selected = permute(block, width: 64, table: permutedChoice1)
        var c = UInt32(truncatingIfNeeded: selected >> 28) & 0x0FFF_FFFF, d = UInt32(truncatingIfNeeded: selected) & 0x0FFF_FFFF
        var keys = [UInt64](repeating: 0, count: 16)
        for round in 0..<16 {
            // Rotations by 1 in rounds 1, 2, 9 and 16, by 2 in the others (bit mask 0x8103).
            let shift = UInt32(2 - ((0x8103 >> round) & 1))
            c = (c << shift | c >> (28 - shift)) & 0x0FFF_FFFF
            d = (d << shift | d >> (28 - shift)) & 0x0FFF_FFFF
            keys[round] = permute(UInt64(c) << 28 | UInt64(d), width: 56, table: permutedChoice2)
        }
        return keys
    }

    /// Output bit i (1 = most significant of `table.count` bits) is input bit table[i] of `width` bits.
    /// The tables are constants of known length; the loop's trip count is public.
    static func permute(_ input: UInt64, width: Int, table: [UInt8]) -> UInt64 {
        table.withUnsafeBufferPointer { positions in
            var output: UInt64 = 0
            var index = 0
            repeat {
                output = output << 1 | (input >> UInt64(width - Int(positions[index]))) & 1
                index += 1
            } while index < positions.count
            return output
        }
    }

    static func load(_ bytes: ArraySlice<UInt8>) -> UInt64 { bytes.reduce(0) { $0 << 8 | UInt64($1) } }

    // FIPS 46-3's tables.
    static let initialPermutation: [UInt8] = [
        58, 50, 42, 34, 26, 18, 10, 2, 60, 52, 44, 36, 28, 20, 12, 4, 62, 54, 46, 38, 30, 22, 14, 6, 64, 56, 48, 40, 32, 24, 16, 8,
        57, 49, 41, 33, 25, 17, 9, 1, 59, 51, 43, 35, 27, 19, 11, 3, 61, 53, 45, 37, 29, 21, 13, 5, 63, 55, 47, 39, 31, 23, 15, 7]
    static let finalPermutation: [UInt8] = [
        40, 8, 48, 16, 56, 24, 64, 32, 39, 7, 47, 15, 55, 23, 63, 31, 38, 6, 46, 14, 54, 22, 62, 30, 37, 5, 45, 13, 53, 21, 61, 29,
        36, 4, 44, 12, 52, 20, 60, 28, 35, 3, 43, 11, 51, 19, 59, 27, 34, 2, 42, 10, 50, 18, 58, 26, 33, 1, 41, 9, 49, 17, 57, 25]
    static let expansion: [UInt8] = [
        32, 1, 2, 3, 4, 5, 4, 5, 6, 7, 8, 9, 8, 9, 10, 11, 12, 13, 12, 13, 14, 15, 16, 17,
        16, 17, 18, 19, 20, 21, 20, 21, 22, 23, 24, 25, 24, 25, 26, 27, 28, 29, 28, 29, 30, 31, 32, 1]
    static let roundPermutation: [UInt8] = [
        16, 7, 20, 21, 29, 12, 28, 17, 1, 15, 23, 26, 5, 18, 31, 10, 2, 8, 24, 14, 32, 27, 3, 9, 19, 13, 30, 6, 22, 11, 4, 25]
    static let permutedChoice1: [UInt8] = [
        57, 49, 41, 33, 25, 17, 9, 1, 58, 50, 42, 34, 26, 18, 10, 2, 59, 51, 43, 35, 27, 19, 11, 3, 60, 52, 44, 36,
        63, 55, 47, 39, 31, 23, 15, 7, 62, 54, 46, 38, 30, 22, 14, 6, 61, 53, 45, 37, 29, 21, 13, 5, 28, 20, 12, 4]
    static let permutedChoice2: [UInt8] = [
        14, 17, 11, 24, 1, 5, 3, 28, 15, 6, 21, 10, 23, 19, 12, 4, 26, 8, 16, 7, 27, 20, 13, 2,
        41, 52, 31, 37, 47, 55, 30, 40, 51, 45, 33, 48, 44, 49, 39, 56, 34, 53, 46, 42, 50, 36, 29, 32]
    /// S1 … S8, each 4 rows of 16, indexed by 64 · box + row · 16 + column.
    static let sBoxes: [UInt8] = [
        14, 4, 13, 1, 2, 15, 11, 8, 3, 10, 6, 12, 5, 9, 0, 7, 0, 15, 7, 4, 14, 2, 13, 1, 10, 6, 12, 11, 9, 5, 3, 8,
        4, 1, 14, 8, 13, 6, 2, 11, 15, 12, 9, 7, 3, 10, 5, 0, 15, 12, 8, 2, 4, 9, 1, 7, 5, 11, 3, 14, 10, 0, 6, 13,
        15, 1, 8, 14, 6, 11, 3, 4, 9, 7, 2, 13, 12, 0, 5, 10, 3, 13, 4, 7, 15, 2, 8, 14, 12, 0, 1, 10, 6, 9, 11, 5,
        0, 14, 7, 11, 10, 4, 13, 1, 5, 8, 12, 6, 9, 3, 2, 15, 13, 8, 10, 1, 3, 15, 4, 2, 11, 6, 7, 12, 0, 5, 14, 9,
        10, 0, 9, 14, 6, 3, 15, 5, 1, 13, 12, 7, 11, 4, 2, 8, 13, 7, 0, 9, 3, 4, 6, 10, 2, 8, 5, 14, 12, 11, 15, 1,
        13, 6, 4, 9, 8, 15, 3, 0, 11, 1, 2, 12, 5, 10, 14, 7, 1, 10, 13, 0, 6, 9, 8, 7, 4, 15, 14, 3, 11, 5, 2, 12,
        7, 13, 14, 3, 0, 6, 9, 10, 1, 2, 8, 5, 11, 12, 4, 15, 13, 8, 11, 5, 6, 15, 0, 3, 4, 7, 2, 12, 1, 10, 14, 9,
        10, 6, 9, 0, 12, 11, 7, 13, 15, 1, 3, 14, 5, 2, 8, 4, 3, 15, 0, 6, 10, 1, 13, 8, 9, 4, 5, 11, 12, 7, 2, 14,
        2, 12, 4, 1, 7, 10, 11, 6, 8, 5, 3, 15, 13, 0, 14, 9, 14, 11, 2, 12, 4, 7, 13, 1, 5, 0, 15, 10, 3, 9, 8, 6,
        4, 2, 1, 11, 10, 13, 7, 8, 15, 9, 12, 5, 6, 3, 0, 14, 11, 8, 12, 7, 1, 14, 2, 13, 6, 15, 0, 9, 10, 4, 5, 3,
        12, 1, 10, 15, 9, 2, 6, 8, 0, 13, 3, 4, 14, 7, 5, 11, 10, 15, 4, 2, 7, 12, 9, 5, 6, 1, 13, 14, 0, 11, 3, 8,
        9, 14, 15, 5, 2, 8, 12, 3, 7, 0, 4, 10, 1, 13, 11, 6, 4, 3, 2, 12, 9, 5, 15, 10, 11, 14, 1, 7, 6, 0, 8, 13,
        4, 11, 2, 14, 15, 0, 8, 13, 3, 12, 9, 7, 5, 10, 6, 1, 13, 0, 11, 7, 4, 9, 1, 10, 14, 3, 5, 12, 2, 15, 8, 6,
        1, 4, 11, 13, 12, 3, 7, 14, 10, 15, 6, 8, 0, 5, 9, 2, 6, 11, 13, 8, 1, 4, 10, 7, 9, 5, 0, 15, 14, 2, 3, 12,
        13, 2, 8, 4, 6, 15, 11, 1, 10, 9, 3, 14, 5, 0, 12, 7, 1, 15, 13, 8, 10, 3, 7, 4, 12, 5, 6, 11, 0, 14, 9, 2,
        7, 11, 4, 1, 9, 12, 14, 2, 0, 6, 10, 13, 15, 3, 5, 8, 2, 1, 14, 7, 4, 10, 8, 13, 15, 12, 9, 0, 3, 5, 6, 11,
    ]
}

// Eight AES blocks held as eight bit planes: the bitsliced representation every AES function here works on.
//
// Why bitsliced: a table-driven AES (T-tables, or an S-box array) reads memory at addresses that depend on
// the key and the data, and cache timing recovers the key from that (Bernstein 2005; Osvik, Shamir, Tromer
// 2006). Here the S-box is a Boolean circuit (BoyarPeraltaSBox.swift) evaluated on whole words, and every
// other step is a fixed sequence of shifts, masks and XORs: no branch and no memory address depends on a
// key or data bit. The same code computes 1 to 8 blocks; fewer blocks leave lanes unused, not shorter code.
//
// Layout. Plane j (q0 … q7) holds bit j (bit 0 the least significant) of every byte of eight blocks. A
// plane is two 64-bit lanes (`Plane`, defined in BoyarPeraltaSBox.swift: one SSE2/NEON register, or two
// integers on targets without vectors); lane 0 holds blocks 0–3, lane 1 blocks 4–7. Within a lane, the byte in row r and column c of
// the AES state (FIPS 197 §3.4: input byte r + 4c) of the lane's block b sits at bit
//
//     16·r + 4·c + b          rows are 16-bit chunks, columns are nibbles, blocks the bits of a nibble
//
// so ShiftRows rotates each row's chunk by a multiple of 4 bits and MixColumns, which combines the four
// rows of a column, rotates the lane by multiples of 16 bits (AESRoundFunctions.swift).
//
// From bytes to planes: each block is read as two little-endian words (bytes 0–7 and 8–15), and the words
// are byte-interleaved into word i = 4·cLow + b (cLow the low bit of the column), which holds at byte m =
// 2·r + cHigh the state byte (r, c = 2·cHigh + cLow). An 8×8 bit-matrix transpose of the eight words then
// makes plane n's bit 8·m + i the bit n of word i's byte m, which is bit 16·r + 4·c + b as above. The
// transpose is its own inverse, so the way back is the same transpose and the interleaving undone.

/// Eight bit planes of up to eight AES blocks (layout above).
package struct AESSlices: Sendable {
    package var q0, q1, q2, q3, q4, q5, q6, q7: Plane

    @inline(__always)
    package init(_ q0: Plane, _ q1: Plane, _ q2: Plane, _ q3: Plane,
                 _ q4: Plane, _ q5: Plane, _ q6: Plane, _ q7: Plane) {
        (self.q0, self.q1, self.q2, self.q3, self.q4, self.q5, self.q6, self.q7) = (q0, q1, q2, q3, q4, q5, q6, q7)
    }

    /// XORs `other` into every plane (AddRoundKey with a bitsliced round key).
    @inline(__always)
    package mutating func formXOR(_ other: AESSlices) {
        q0 ^= other.q0; q1 ^= other.q1; q2 ^= other.q2; q3 ^= other.q3
        q4 ^= other.q4; q5 ^= other.q5; q6 ^= other.q6; q7 ^= other.q7
    }
}

// MARK: - Bytes to planes and back

/// Byte k of the low 32 bits of `x` moved to byte 2k (odd bytes zero).
@inline(__always)
func spreadBytes(_ x: Plane) -> Plane {
    var x = x & 0xFFFF_FFFF
    x = (x | (x &<< 16)) & 0x0000_FFFF_0000_FFFF
    return (x | (x &<< 8)) & 0x00FF_00FF_00FF_00FF
}

/// The even bytes of `x` gathered into its low 32 bits: the inverse of `spreadBytes`.
@inline(__always)
func gatherEvenBytes(_ x: Plane) -> Plane {
    var x = x & 0x00FF_00FF_00FF_00FF
    x = (x | (x &>> 8)) & 0x0000_FFFF_0000_FFFF
    return (x | (x &>> 16)) & 0xFFFF_FFFF
}

/// Swaps bit k of the word index with bit k of the bit index within each byte, for words `a` (index bit
/// k clear) and `b` (index bit k set), where `distance` = 2^k and `mask` selects the byte bits whose
/// bit k is clear. Three of these (k = 0, 1, 2) transpose every 8×8 bit matrix of eight words.
@inline(__always)
func swapBits(_ a: inout Plane, _ b: inout Plane, distance: UInt64, mask: UInt64) {
    let t = ((a &>> distance) ^ b) & mask
    b ^= t
    a ^= t &<< distance
}

extension AESSlices {
    /// The 8×8 bit-matrix transpose described at the top of the file (an involution).
    @inline(__always)
    mutating func transpose() {
        swapBits(&q0, &q1, distance: 1, mask: 0x5555_5555_5555_5555)
        swapBits(&q2, &q3, distance: 1, mask: 0x5555_5555_5555_5555)
        swapBits(&q4, &q5, distance: 1, mask: 0x5555_5555_5555_5555)
        swapBits(&q6, &q7, distance: 1, mask: 0x5555_5555_5555_5555)
        swapBits(&q0, &q2, distance: 2, mask: 0x3333_3333_3333_3333)
        swapBits(&q1, &q3, distance: 2, mask: 0x3333_3333_3333_3333)
        swapBits(&q4, &q6, distance: 2, mask: 0x3333_3333_3333_3333)
        swapBits(&q5, &q7, distance: 2, mask: 0x3333_3333_3333_3333)
        swapBits(&q0, &q4, distance: 4, mask: 0x0F0F_0F0F_0F0F_0F0F)
        swapBits(&q1, &q5, distance: 4, mask: 0x0F0F_0F0F_0F0F_0F0F)
        swapBits(&q2, &q6, distance: 4, mask: 0x0F0F_0F0F_0F0F_0F0F)
        swapBits(&q3, &q7, distance: 4, mask: 0x0F0F_0F0F_0F0F_0F0F)
    }

    /// Planes from the 16·count bytes at `blocks` (count 1 … 8; missing blocks read as zero).
    @inline(__always)
    package init(loading blocks: UnsafeRawPointer, count: Int) {
        // Two words (low and high half) of block `index`, or zero past `count`.
        @inline(__always) func half(_ index: Int, _ offset: Int) -> UInt64 {
            index < count ? UInt64(littleEndian: blocks.loadUnaligned(fromByteOffset: 16 * index + offset, as: UInt64.self)) : 0
        }
        // Word i = 4·cLow + b: lane 0 from block b, lane 1 from block b + 4.
        var words: (Plane, Plane, Plane, Plane,
                    Plane, Plane, Plane, Plane)
        @inline(__always) func pair(_ b: Int) -> (Plane, Plane) {
            let low = Plane(half(b, 0), half(b + 4, 0)), high = Plane(half(b, 8), half(b + 4, 8))
            return (spreadBytes(low) | (spreadBytes(high) &<< 8),
                    spreadBytes(low &>> 32) | (spreadBytes(high &>> 32) &<< 8))
        }
        (words.0, words.4) = pair(0)
        (words.1, words.5) = pair(1)
        (words.2, words.6) = pair(2)
        (words.3, words.7) = pair(3)
        self.init(words.0, words.1, words.2, words.3, words.4, words.5, words.6, words.7)
        transpose()
    }

    /// Writes the first `count` blocks (1 … 8) to `output`, 16·count bytes.
    @inline(__always)
    package func store(to output: UnsafeMutableRawPointer, count: Int) {
        var words = self
        words.transpose()
        @inline(__always) func put(_ b: Int, _ even: Plane, _ odd: Plane) {
            // even: cLow = 0 word, odd: cLow = 1 word of blocks b and b + 4.
            let low = gatherEvenBytes(even) | (gatherEvenBytes(odd) &<< 32)
            let high = gatherEvenBytes(even &>> 8) | (gatherEvenBytes(odd &>> 8) &<< 32)
            if b < count {
                output.storeBytes(of: low[0].littleEndian, toByteOffset: 16 * b, as: UInt64.self)
                output.storeBytes(of: high[0].littleEndian, toByteOffset: 16 * b + 8, as: UInt64.self)
            }
            if b + 4 < count {
                output.storeBytes(of: low[1].littleEndian, toByteOffset: 16 * (b + 4), as: UInt64.self)
                output.storeBytes(of: high[1].littleEndian, toByteOffset: 16 * (b + 4) + 8, as: UInt64.self)
            }
        }
        put(0, words.q0, words.q4)
        put(1, words.q1, words.q5)
        put(2, words.q2, words.q6)
        put(3, words.q3, words.q7)
    }
}

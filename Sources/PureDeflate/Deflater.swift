// Raw DEFLATE compression (RFC 1951), for JWE's "zip": "DEF" when encrypting: LZ77 with hash chains over a
// 32 KiB window (greedy matching, lazy evaluation left out), written as one final block with the fixed
// Huffman codes of §3.2.6. A JWE payload is a few hundred bytes of JSON, where the fixed codes lose little
// to dynamic ones and there is no code table to send; any inflater reads the result.
//
// Not constant-time, and it cannot be: compression before encryption lets the ciphertext's length depend
// on the plaintext's content (the CRIME/BREACH family). Docs/JWE.md says when not to compress.

/// Raw DEFLATE (RFC 1951) compression.
public enum Deflate {
    /// `data` compressed as raw DEFLATE (no zlib or gzip header).
    public static func compress(_ data: [UInt8]) -> [UInt8] {
        var writer = BitWriter()
        writer.write(1, bits: 1)                            // BFINAL
        writer.write(1, bits: 2)                            // BTYPE 01: fixed Huffman codes
        var matcher = MatchFinder(data)
        var position = 0
        while position < data.count {
            if let (length, distance) = matcher.longestMatch(at: position) {
                writer.writeLength(length)
                writer.writeDistance(distance)
                for skipped in position..<(position + length) { matcher.insert(skipped) }
                position += length
            } else {
                writer.writeLiteral(Int(data[position]))
                matcher.insert(position)
                position += 1
            }
        }
        writer.writeLiteral(256)                            // end of block
        return writer.finish()
    }
}

/// LZ77 matches through chains of earlier positions with the same three-byte hash.
struct MatchFinder {
    static let window = 32_768, minimumLength = 3, maximumLength = 258, maximumChain = 64
    static let hashBits = 15

    let data: [UInt8]
    /// The latest position of each hash, −1 for none.
    var head = [Int](repeating: -1, count: 1 << hashBits)
    /// For each position, the previous one with the same hash, −1 for none.
    var previous: [Int]

    init(_ data: [UInt8]) {
        self.data = data
        previous = [Int](repeating: -1, count: data.count)
    }

    func hash(_ position: Int) -> Int {
        let value = UInt32(data[position]) << 16 | UInt32(data[position + 1]) << 8 | UInt32(data[position + 2])
        return Int((value &* 0x9E37_79B1) >> UInt32(32 - Self.hashBits))     // Knuth's multiplicative hash
    }

    mutating func insert(_ position: Int) {
        guard position + Self.minimumLength <= data.count else { return }
        let h = hash(position)
        previous[position] = head[h]
        head[h] = position
    }

    /// The longest earlier match for the bytes at `position` (length ≥ 3, distance ≤ 32 KiB), if any.
    func longestMatch(at position: Int) -> (length: Int, distance: Int)? {
        guard position + Self.minimumLength <= data.count else { return nil }
        let limit = min(Self.maximumLength, data.count - position)
        var best: (length: Int, distance: Int)?
        var candidate = head[hash(position)]
        var chain = 0
        while candidate >= 0, position - candidate <= Self.window, chain < Self.maximumChain {
            var length = 0
            while length < limit && data[candidate + length] == data[position + length] { length += 1 }
            if length >= Self.minimumLength && length > (best?.length ?? 0) {
                best = (length, position - candidate)
                if length == limit { break }
            }
            candidate = previous[candidate]
            chain += 1
        }
        return best
    }
}

/// Bits packed least significant first (§3.1.1), and the fixed Huffman codes (§3.2.6), whose bits go
/// most significant first.
struct BitWriter {
    var bytes: [UInt8] = []
    var buffer: UInt64 = 0
    var count = 0

    mutating func write(_ value: Int, bits: Int) {
        buffer |= UInt64(value) << UInt64(count)
        count += bits
        while count >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count -= 8
        }
    }

    /// A Huffman code of `length` bits, most significant bit first.
    mutating func writeCode(_ code: Int, length: Int) {
        var reversed = 0
        for bit in 0..<length { reversed |= (code >> bit & 1) << (length - 1 - bit) }
        write(reversed, bits: length)
    }

    /// A literal/length symbol in the fixed code.
    mutating func writeLiteral(_ symbol: Int) {
        switch symbol {
        case 0...143: writeCode(0x30 + symbol, length: 8)
        case 144...255: writeCode(0x190 + symbol - 144, length: 9)
        case 256...279: writeCode(symbol - 256, length: 7)
        default: writeCode(0xC0 + symbol - 280, length: 8)
        }
    }

    /// A match length 3…258: its symbol and extra bits.
    mutating func writeLength(_ length: Int) {
        var index = DeflateTables.lengthBase.count - 1
        while DeflateTables.lengthBase[index] > length { index -= 1 }
        writeLiteral(257 + index)
        write(length - DeflateTables.lengthBase[index], bits: DeflateTables.lengthExtraBits[index])
    }

    /// A distance 1…32768: its 5-bit fixed code and extra bits.
    mutating func writeDistance(_ distance: Int) {
        var index = DeflateTables.distanceBase.count - 1
        while DeflateTables.distanceBase[index] > distance { index -= 1 }
        writeCode(index, length: 5)
        write(distance - DeflateTables.distanceBase[index], bits: DeflateTables.distanceExtraBits[index])
    }

    /// The bytes, the last one padded with zero bits.
    mutating func finish() -> [UInt8] {
        if count > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
        buffer = 0
        count = 0
        return bytes
    }
}

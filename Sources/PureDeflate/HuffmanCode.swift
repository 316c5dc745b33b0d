// Canonical Huffman codes as RFC 1951 §3.2.2 defines them: from each symbol's code length alone. Decoding
// follows Mark Adler's puff.c approach (counts per length and symbols in code order, one bit at a time),
// which needs no table sized by the longest code and checks completeness for free.

/// Tables of RFC 1951 §3.2.5: the base value and the number of extra bits of each length symbol
/// (257…285) and distance symbol (0…29).
enum DeflateTables {
    static let lengthBase: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtraBits: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase: [Int] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049,
                                      3073, 4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtraBits: [Int] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    /// The order in which a dynamic block sends the code-length code's lengths (§3.2.7).
    static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
    /// The longest code DEFLATE allows.
    static let maximumCodeLength = 15
}

/// A prefix code for decoding: how many codes of each length, and the symbols in canonical order.
struct HuffmanCode {
    /// counts[l]: the number of symbols whose code has length l (1…15); counts[0] those without a code.
    var counts: [Int]
    /// The symbols with a code, ordered by code length, then by symbol (the canonical order).
    var symbols: [Int]

    /// Whether every bit pattern leads to a symbol; an incomplete code is refused by the inflater except
    /// where `isSingleCodeOrEmpty` allows it.
    let isComplete: Bool

    /// The code of `lengths` (one per symbol, 0 for none). Throws for an over-subscribed set (more codes of
    /// some length than the shorter ones leave room for).
    init(lengths: [Int], at offset: Int) throws(DeflateError) {
        counts = [Int](repeating: 0, count: DeflateTables.maximumCodeLength + 1)
        for length in lengths { counts[length] += 1 }
        var left = 1                                        // codes of the current length still unassigned
        for length in 1...DeflateTables.maximumCodeLength {
            left = 2 * left - counts[length]
            if left < 0 { throw DeflateError(.invalidCodeLengths, at: offset) }
        }
        isComplete = left == 0
        // The symbols in canonical order: by length, then by value.
        var offsets = [Int](repeating: 0, count: DeflateTables.maximumCodeLength + 2)
        for length in 1...DeflateTables.maximumCodeLength { offsets[length + 1] = offsets[length] + counts[length] }
        symbols = [Int](repeating: 0, count: offsets[DeflateTables.maximumCodeLength + 1])
        for (symbol, length) in lengths.enumerated() where length != 0 {
            symbols[offsets[length]] = symbol
            offsets[length] += 1
        }
    }

    /// Whether this is the one kind of incomplete code RFC 1951 permits (a single symbol with a 1-bit
    /// code, or no symbol at all, as puff and zlib accept for distance codes).
    var isSingleCodeOrEmpty: Bool { symbols.count <= 1 && counts[2...].allSatisfy { $0 == 0 } }

    /// Reads one symbol, bit by bit, first bit most significant (codes are packed starting with their
    /// most significant bit, §3.1.1).
    func decode(_ reader: inout BitReader) throws(DeflateError) -> Int {
        var code = 0, first = 0, index = 0
        for length in 1...DeflateTables.maximumCodeLength {
            code |= try reader.bits(1)
            let count = counts[length]
            if code - first < count { return symbols[index + code - first] }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw DeflateError(.invalidSymbol, at: reader.byteOffset)
    }
}

/// Bits of a byte array, least significant bit of each byte first (RFC 1951 §3.1.1).
struct BitReader {
    let bytes: [UInt8]
    /// The next byte to load.
    private(set) var byteOffset = 0
    private var buffer: UInt64 = 0
    private var bufferCount = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The next `count` bits (0…32) as an integer, the first bit read the least significant.
    mutating func bits(_ count: Int) throws(DeflateError) -> Int {
        while bufferCount < count {
            guard byteOffset < bytes.count else { throw DeflateError(.truncated, at: byteOffset) }
            buffer |= UInt64(bytes[byteOffset]) << UInt64(bufferCount)
            byteOffset += 1
            bufferCount += 8
        }
        let value = Int(truncatingIfNeeded: buffer & ((1 << UInt64(count)) - 1))
        buffer >>= UInt64(count)
        bufferCount -= count
        return value
    }

    /// Drops the bits left in the current byte (a stored block starts on a byte boundary).
    mutating func alignToByte() {
        buffer >>= UInt64(bufferCount % 8)
        bufferCount -= bufferCount % 8
    }

    /// The next whole byte; only after `alignToByte`.
    mutating func byte() throws(DeflateError) -> UInt8 { UInt8(truncatingIfNeeded: try bits(8)) }

    /// Whether any whole byte remains unread (bits left in a partly read byte are padding).
    var hasWholeBytesLeft: Bool { bufferCount >= 8 || byteOffset < bytes.count }
}

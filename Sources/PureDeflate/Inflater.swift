// Raw DEFLATE decompression (RFC 1951), for JWE's "zip": "DEF" (RFC 7516 §4.1.3): stored, fixed-Huffman
// and dynamic-Huffman blocks, with the output bounded before it is written.
//
// Built for hostile input: every read is bounds-checked (a short stream is `.truncated`, never a trap),
// code-length sets must form valid prefix codes (over-subscribed and — but for the single-code case
// RFC 1951 permits — incomplete sets are refused, as zlib and puff do), reserved symbols and block type 3
// are refused, back-references may not reach before the output's start, and the output limit is checked
// before each literal, copy and stored block, so a "zip bomb" stops at the limit having allocated at most
// the limit. Only the raw format: no zlib or gzip header. Bytes after the final block are refused.
//
// Not constant-time: what is decompressed is data the caller already decrypted and will read anyway.

/// Raw DEFLATE (RFC 1951) decompression.
public enum Inflate {
    /// The bytes `compressed` decompresses to, at most `maximumOutputCount` of them.
    ///
    /// - Throws: `DeflateError` saying what was wrong and where; `.outputTooLarge` when the data would
    ///   exceed `maximumOutputCount` (nothing beyond the limit is allocated).
    public static func decompress(_ compressed: [UInt8], maximumOutputCount: Int) throws(DeflateError) -> [UInt8] {
        guard maximumOutputCount >= 0 else { throw DeflateError(.invalidLimit, at: 0) }
        var inflater = Inflater(compressed, limit: maximumOutputCount)
        try inflater.run()
        return inflater.output
    }
}

struct Inflater {
    var reader: BitReader
    var output: [UInt8] = []
    let limit: Int

    init(_ compressed: [UInt8], limit: Int) {
        reader = BitReader(compressed)
        self.limit = limit
    }

    mutating func run() throws(DeflateError) {
        var isFinal = false
        while !isFinal {
            isFinal = try reader.bits(1) == 1
            switch try reader.bits(2) {
            case 0: try storedBlock()
            case 1: try huffmanBlock(literals: Self.fixedLiterals, distances: Self.fixedDistances)
            case 2:
                let (literals, distances) = try dynamicCodes()
                try huffmanBlock(literals: literals, distances: distances)
            default: throw DeflateError(.invalidBlockType, at: reader.byteOffset)
            }
        }
        if reader.hasWholeBytesLeft { throw DeflateError(.trailingData, at: reader.byteOffset) }
    }

    /// Room for `count` more bytes under the limit, or `.outputTooLarge`.
    func reserve(_ count: Int) throws(DeflateError) {
        if count > limit - output.count { throw DeflateError(.outputTooLarge(limit: limit), at: reader.byteOffset) }
    }

    /// §3.2.4: LEN and NLEN on a byte boundary, then LEN bytes.
    mutating func storedBlock() throws(DeflateError) {
        reader.alignToByte()
        let length = try reader.bits(16), complement = try reader.bits(16)
        guard length == complement ^ 0xffff else { throw DeflateError(.storedLengthMismatch, at: reader.byteOffset) }
        try reserve(length)
        for _ in 0..<length { output.append(try reader.byte()) }
    }

    /// §3.2.5: literals, end of block (256), and length/distance pairs.
    mutating func huffmanBlock(literals: HuffmanCode, distances: HuffmanCode) throws(DeflateError) {
        while true {
            let symbol = try literals.decode(&reader)
            if symbol < 256 {
                try reserve(1)
                output.append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            let lengthIndex = symbol - 257
            guard lengthIndex < DeflateTables.lengthBase.count else { throw DeflateError(.invalidSymbol, at: reader.byteOffset) }
            let length = DeflateTables.lengthBase[lengthIndex] + (try reader.bits(DeflateTables.lengthExtraBits[lengthIndex]))
            let distanceSymbol = try distances.decode(&reader)
            guard distanceSymbol < DeflateTables.distanceBase.count else { throw DeflateError(.invalidSymbol, at: reader.byteOffset) }
            let distance = DeflateTables.distanceBase[distanceSymbol] + (try reader.bits(DeflateTables.distanceExtraBits[distanceSymbol]))
            guard distance <= output.count else { throw DeflateError(.distanceTooFarBack, at: reader.byteOffset) }
            try reserve(length)
            // Byte by byte: a copy may overlap what it writes (distance < length repeats a pattern).
            var source = output.count - distance
            for _ in 0..<length {
                output.append(output[source])
                source += 1
            }
        }
    }

    /// §3.2.7: the code lengths of a dynamic block, themselves Huffman-coded.
    mutating func dynamicCodes() throws(DeflateError) -> (HuffmanCode, HuffmanCode) {
        let offset = reader.byteOffset
        let literalCount = try reader.bits(5) + 257, distanceCount = try reader.bits(5) + 1, codeLengthCount = try reader.bits(4) + 4
        // 286 and 287 literal codes, 31 and 32 distance codes, would name reserved symbols (zlib refuses).
        guard literalCount <= 286, distanceCount <= 30 else { throw DeflateError(.invalidCodeLengths, at: offset) }
        var codeLengthLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeLengthCount { codeLengthLengths[DeflateTables.codeLengthOrder[index]] = try reader.bits(3) }
        let codeLengthCode = try HuffmanCode(lengths: codeLengthLengths, at: offset)
        guard codeLengthCode.isComplete else { throw DeflateError(.invalidCodeLengths, at: offset) }

        var lengths: [Int] = []
        lengths.reserveCapacity(literalCount + distanceCount)
        while lengths.count < literalCount + distanceCount {
            let symbol = try codeLengthCode.decode(&reader)
            let value: Int, repeats: Int
            switch symbol {
            case 0...15: (value, repeats) = (symbol, 1)
            case 16:
                guard let previous = lengths.last else { throw DeflateError(.invalidCodeLengths, at: reader.byteOffset) }
                (value, repeats) = (previous, 3 + (try reader.bits(2)))
            case 17: (value, repeats) = (0, 3 + (try reader.bits(3)))
            default: (value, repeats) = (0, 11 + (try reader.bits(7)))
            }
            guard lengths.count + repeats <= literalCount + distanceCount else { throw DeflateError(.invalidCodeLengths, at: reader.byteOffset) }
            lengths += repeatElement(value, count: repeats)
        }
        guard lengths[256] != 0 else { throw DeflateError(.invalidCodeLengths, at: offset) }
        let literals = try HuffmanCode(lengths: Array(lengths[..<literalCount]), at: offset)
        guard literals.isComplete || literals.isSingleCodeOrEmpty else { throw DeflateError(.invalidCodeLengths, at: offset) }
        let distances = try HuffmanCode(lengths: Array(lengths[literalCount...]), at: offset)
        guard distances.isComplete || distances.isSingleCodeOrEmpty else { throw DeflateError(.invalidCodeLengths, at: offset) }
        return (literals, distances)
    }

    /// §3.2.6's fixed codes: literals 0–143 in 8 bits, 144–255 in 9, 256–279 in 7, 280–287 in 8; the 30
    /// distance codes (and the two reserved) in 5 bits.
    static let fixedLiterals = try! HuffmanCode(lengths: [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112)
                                                    + [Int](repeating: 7, count: 24) + [Int](repeating: 8, count: 8), at: 0)
    static let fixedDistances = try! HuffmanCode(lengths: [Int](repeating: 5, count: 32), at: 0)
}

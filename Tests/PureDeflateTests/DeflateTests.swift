// Raw DEFLATE against zlib's output (every case of deflate_vectors.json: stored, fixed and dynamic blocks,
// several blocks), our compressor through our inflater, and hostile input: output bombs stopped at the
// limit, every truncation, reserved block types and symbols, bad code lengths, references before the
// start, trailing bytes, and random corruption that must throw or decode within the limit, never trap.

import PureDeflate
import Testing
import TestSupport

private struct DeflateVectors: Decodable {
    struct Case: Decodable {
        let name: String
        let plaintext: String
        let compressed: String
    }
    let source: String
    let cases: [Case]
}

private func vectors() throws -> [DeflateVectors.Case] {
    try VectorFiles.json(DeflateVectors.self, "deflate_vectors.json").cases
}

private func reason(_ body: () throws(DeflateError) -> [UInt8]) -> DeflateError.Reason? {
    do { _ = try body(); return nil } catch { return error.reason }
}

@Suite("DEFLATE (RFC 1951)")
struct DeflateTests {
    @Test("zlib's raw DEFLATE: every case of deflate_vectors.json decompresses to its plaintext")
    func zlibVectors() throws {
        let cases = try vectors()
        #expect(cases.count == 48)
        for vector in cases {
            let plaintext = try [UInt8](hex: vector.plaintext)
            let output = try Inflate.decompress(try [UInt8](hex: vector.compressed), maximumOutputCount: plaintext.count)
            #expect(output == plaintext, "\(vector.name)")
        }
    }

    @Test("Our compression of every vector plaintext decompresses to it, and compresses what repeats")
    func roundTrip() throws {
        for vector in try vectors() {
            let plaintext = try [UInt8](hex: vector.plaintext)
            let compressed = Deflate.compress(plaintext)
            #expect(try Inflate.decompress(compressed, maximumOutputCount: plaintext.count) == plaintext, "\(vector.name)")
            if vector.name.hasPrefix("repetitive") || vector.name.hasPrefix("run of zeros") {
                #expect(compressed.count * 20 < plaintext.count, "\(vector.name): \(compressed.count) bytes")
            }
        }
        let claims = Array(#"{"iss":"https://appleid.apple.com","aud":"com.example.app","sub":"001234.5678abcdef.0123","sub2":"001234.5678abcdef.0123"}"#.utf8)
        #expect(Deflate.compress(claims).count < claims.count)
    }

    @Test("The output limit: exactly the size passes, one less is outputTooLarge, without writing past it")
    func outputLimit() throws {
        for vector in try vectors() where !vector.plaintext.isEmpty {
            let plaintext = try [UInt8](hex: vector.plaintext), compressed = try [UInt8](hex: vector.compressed)
            #expect(reason { () throws(DeflateError) in try Inflate.decompress(compressed, maximumOutputCount: plaintext.count - 1) }
                    == .outputTooLarge(limit: plaintext.count - 1), "\(vector.name)")
        }
        // A bomb: 10 MB of zeros in about 63 KB of fixed-code DEFLATE (dynamic codes would make it ~10 KB),
        // against the JWE default limit of 250 kB.
        let bomb = Deflate.compress([UInt8](repeating: 0, count: 10_000_000))
        #expect(bomb.count * 100 < 10_000_000)
        #expect(reason { () throws(DeflateError) in try Inflate.decompress(bomb, maximumOutputCount: 250_000) } == .outputTooLarge(limit: 250_000))
        #expect(reason { () throws(DeflateError) in try Inflate.decompress(bomb, maximumOutputCount: -1) } == .invalidLimit)
    }

    @Test("Every truncation of every vector is refused (truncated, or a code the cut made invalid)")
    func truncations() throws {
        for vector in try vectors() where vector.compressed.count < 4_000 {
            let compressed = try [UInt8](hex: vector.compressed)
            for length in 0..<compressed.count {
                #expect(reason { () throws(DeflateError) in try Inflate.decompress(Array(compressed[..<length]), maximumOutputCount: 1 << 20) } != nil,
                        "\(vector.name) cut to \(length)")
            }
        }
    }

    @Test("Malformed streams are refused with their reason")
    func malformed() throws {
        func inflate(_ bytes: [UInt8]) -> DeflateError.Reason? {
            reason { () throws(DeflateError) in try Inflate.decompress(bytes, maximumOutputCount: 1 << 16) }
        }
        #expect(inflate([0x07]) == .invalidBlockType)                          // BFINAL 1, BTYPE 11
        #expect(inflate([0x01, 0x05, 0x00, 0xfb, 0xff]) == .storedLengthMismatch)   // LEN 5, NLEN not ~5
        #expect(inflate([0x01, 0x01, 0x00, 0xfe, 0xff, 0x41, 0x42]) == .trailingData)  // "A", then a stray byte
        #expect(inflate([0x01, 0x01, 0x00, 0xfe, 0xff, 0x41]) == nil)
        // Fixed codes: a match (length 3, distance 1) with nothing before it.
        // bits: BFINAL 1, BTYPE 01, then length symbol 257 (7 bits 0000001), distance code 0 (5 bits 00000),
        // end of block (0000000), packed LSB first: 1 10 | 1000000 | 00000 | 0000000
        #expect(inflate([0b0000_0011, 0b0000_0010, 0b0000_0000, 0b0000_0000]) == .distanceTooFarBack)
        // Dynamic: HLIT 257, HDIST 1, HCLEN 4 with all code-length code lengths 0 (an empty, incomplete code).
        #expect(inflate([0x05, 0x00, 0x00, 0x00]) == .invalidCodeLengths)
        // An empty input and a zlib header are not raw DEFLATE.
        #expect(inflate([]) == .truncated)
        #expect(inflate([0x78, 0x9c, 0x03, 0x00]) != nil)
    }

    @Test("Random corruption of the vectors: every result is an error or output within the limit")
    func corruption() throws {
        var generator = SplitMix64(seed: 43)
        let cases = try vectors().filter { $0.compressed.count < 8_000 }
        var decoded = 0, refused = 0
        for round in 0..<3_000 {
            var bytes = try [UInt8](hex: cases[round % cases.count].compressed)
            guard !bytes.isEmpty else { continue }
            for _ in 0...(Int(generator.next() % 3)) {
                let index = Int(generator.next() % UInt64(bytes.count))
                bytes[index] ^= UInt8(truncatingIfNeeded: generator.next() | 1)
            }
            do {
                let output = try Inflate.decompress(bytes, maximumOutputCount: 100_000)
                #expect(output.count <= 100_000)
                decoded += 1
            } catch {
                refused += 1
            }
        }
        #expect(decoded + refused > 2_900)
        #expect(refused > 1_000)
    }

    @Test("Errors say what went wrong and where")
    func messages() {
        let error = DeflateError(.outputTooLarge(limit: 250_000), at: 17)
        #expect(error.description.contains("250000") && error.description.contains("byte 17"))
        #expect(DeflateError(.invalidBlockType, at: 0).description.contains("raw DEFLATE"))
    }
}

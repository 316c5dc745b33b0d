// CompactJWS.findDots (eight bytes at a time) against a byte-by-byte count, on every alignment.

import Testing
@testable import PureJWT

@Suite("Compact JWS dot scan")
struct DotScanTests {
    /// The byte loop the word-at-a-time scan replaced: the reference.
    static func reference(_ bytes: [UInt8]) -> (count: Int, first: Int, second: Int) {
        let positions = bytes.indices.filter { bytes[$0] == UInt8(ascii: ".") }
        return (positions.count, positions.first ?? 0, positions.count > 1 ? positions[1] : 0)
    }

    static func scan(_ bytes: [UInt8]) -> (count: Int, first: Int, second: Int) {
        bytes.withUnsafeBytes(CompactJWS.findDots)
    }

    @Test("every placement of up to three dots in buffers of 0–40 bytes")
    func placements() {
        // The filler includes bytes that differ from "." (0x2E) in one bit, 0xAE (high bit) and 0x2F/0x2C,
        // and 0x00 and 0xFF, so a flag computed across byte boundaries or from the wrong bits would show.
        let fillers: [UInt8] = [UInt8(ascii: "a"), 0xAE, 0x2F, 0x2C, 0x00, 0xFF, 0x6E, 0x0E]
        var cases = 0
        for length in 0...40 {
            for filler in fillers {
                let base = (0..<length).map { index in index % 3 == 0 ? filler : UInt8(ascii: "A") &+ UInt8(index % 26) }
                #expect(Self.scan(base) == Self.reference(base))
                cases += 1
                for first in 0..<length {
                    for second in first..<length where (second - first) % 3 == 0 || second - first < 10 {
                        var bytes = base
                        bytes[first] = UInt8(ascii: ".")
                        bytes[second] = UInt8(ascii: ".")
                        if length > 2 { bytes[length - 1] = UInt8(ascii: ".") }
                        let got = Self.scan(bytes), expected = Self.reference(bytes)
                        #expect(got == expected, "length \(length), dots at \(first), \(second)")
                        cases += 1
                    }
                }
            }
        }
        #expect(cases > 10_000)
    }

    @Test("a buffer of dots only, and one with every byte value")
    func extremes() {
        for length in 0...24 {
            let dots = [UInt8](repeating: UInt8(ascii: "."), count: length)
            #expect(Self.scan(dots) == Self.reference(dots))
        }
        let everyByte = (0...255).map { UInt8($0) } + (0...255).map { UInt8(255 - $0) }
        for start in 0..<8 {
            let bytes = Array(everyByte[start...])
            #expect(Self.scan(bytes) == Self.reference(bytes))
        }
    }
}

// The strict decoder's rules one by one, beyond what the vector files exercise: shortest forms at every
// width, duplicate keys, UTF-8 (Unicode Table 3-7's edges), nesting, length bombs checked before
// allocation, decodeFirst's end offset, error offsets, and random and mutated input that must decode or
// throw, never trap.

import PureCBOR
import Testing
import TestSupport

private func reason(_ hex: String, decoder: CBORDecoder = CBORDecoder()) throws -> CBORError.Reason? {
    let bytes = try [UInt8](hex: hex)
    do { _ = try decoder.decode(bytes); return nil } catch { return error.reason }
}

private func decoded(_ hex: String) throws -> CBOR {
    try CBORDecoder().decode(try [UInt8](hex: hex))
}

@Suite("CBOR decoder: strictness and hostile input")
struct CBORDecoderTests {
    @Test("An argument in a longer form than it needs is refused at every width, for every major type", arguments: [
        "1817", "190017", "19 00ff", "1a0000ffff", "1b00000000ffffffff",  // unsigned
        "3817", "3900ff", "3a0000ffff", "3b00000000ffffffff",              // negative
        "5800", "590001" + "00", "5a00000001" + "00",                      // byte string lengths
        "7800", "790000",                                                  // text string lengths
        "9800", "990000", "9a00000000", "9b0000000000000000",              // array counts
        "b800", "b90000",                                                  // map counts
    ])
    func nonShortest(hex: String) throws {
        #expect(try reason(hex.replacingOccurrences(of: " ", with: "")) == .nonShortestForm)
    }

    @Test("The shortest forms at each width's lower edge decode")
    func shortestEdges() throws {
        #expect(try decoded("1818") == .unsignedInteger(24))
        #expect(try decoded("190100") == .unsignedInteger(256))
        #expect(try decoded("1a00010000") == .unsignedInteger(65_536))
        #expect(try decoded("1b0000000100000000") == .unsignedInteger(1 << 32))
        #expect(try decoded("3b7fffffffffffffff").integerValue == Int64.min)
        #expect(try decoded("3b8000000000000000").integerValue == nil)  // -2^63 - 1
        #expect(try decoded("1b7fffffffffffffff").integerValue == Int64.max)
        #expect(try decoded("1b8000000000000000").integerValue == nil)
    }

    @Test("A map with a repeated key is refused, wherever the repeat is; the same key in two maps is not")
    func duplicateKeys() throws {
        #expect(try reason("a201020103") == .duplicateMapKey)                    // {1: 2, 1: 3}
        #expect(try reason("a3616101616202616103") == .duplicateMapKey)          // {"a": 1, "b": 2, "a": 3}
        #expect(try reason("a24201020042010201") == .duplicateMapKey)            // {h'0102': 0, h'0102': 1}
        #expect(try reason("a2a10102f5a10102f4") == .duplicateMapKey)            // {{1: 2}: true, {1: 2}: false}
        #expect(try reason("a201022002") == nil)                                 // {1: 2, -1: 2}: 1 and -1 differ
        #expect(try reason("82a10102a10102") == nil)                             // [{1: 2}, {1: 2}]
        // Maps are equivalent whatever the order of their entries (RFC 8949 §5.6.1), as keys too, and
        // inside an array key; arrays are not.
        #expect(try reason("a2a201020304f5a203040102f4") == .duplicateMapKey)    // {{1: 2, 3: 4}: true, {3: 4, 1: 2}: false}
        #expect(try reason("a281a2010203040081a20304010201") == .duplicateMapKey) // {[{1: 2, 3: 4}]: 0, [{3: 4, 1: 2}]: 1}
        #expect(try reason("a2a201020304f5a201020305f4") == nil)                 // {{1: 2, 3: 4}: true, {1: 2, 3: 5}: false}
        #expect(try reason("a28201020082020101") == nil)                         // {[1, 2]: 0, [2, 1]: 1}
        // "é" precomposed and decomposed: equal as Swift strings, two different CBOR keys (RFC 8949 §2).
        let accents = try decoded("a262c3a9016365cc8102")
        #expect(accents.mapValue?.count == 2)
        #expect(CBOR.textString("\u{e9}") != .textString("e\u{301}"))
        #expect(accents.mapValue?["e\u{301}"] == .unsignedInteger(2))
        // A large map of distinct keys, then the same with one repeat at the end: found either way.
        var distinct: [UInt8] = [0xb9, 0x01, 0x00]
        for key in 0..<256 { distinct += key < 24 ? [UInt8(key), 0xf6] : [0x18, UInt8(key), 0xf6] }
        #expect(throws: Never.self) { try CBORDecoder().decode(distinct) }
        var repeated = distinct
        repeated.replaceSubrange(repeated.count - 3..<repeated.count, with: [0x00, 0xf6])  // key 255 → key 0
        #expect(throws: CBORError.self) { try CBORDecoder().decode(repeated) }
        do { _ = try CBORDecoder().decode(repeated) } catch { #expect(error.reason == .duplicateMapKey) }
    }

    @Test("Text strings must be UTF-8: overlong forms, surrogates, values past U+10FFFF, stray and missing continuation bytes are refused", arguments: [
        "61 80", "61 bf", "61 c0", "62 c080", "62 c1bf", "63 e08080", "63 e09fbf", "63 eda080", "63 edbfbf",
        "64 f08f bfbf", "64 f4908080", "61 f5", "61 ff", "62 e282", "63 e28228", "61 e2", "64 f0908028",
    ])
    func invalidUTF8(hex: String) throws {
        #expect(try reason(hex.replacingOccurrences(of: " ", with: "")) == .invalidUTF8)
    }

    @Test("UTF-8 at the edges of Table 3-7 decodes", arguments: [
        ("617f", "\u{7f}"), ("62c280", "\u{80}"), ("62dfbf", "\u{7ff}"), ("63e0a080", "\u{800}"),
        ("63ed9fbf", "\u{d7ff}"), ("63ee8080", "\u{e000}"), ("63efbfbf", "\u{ffff}"), ("64f0908080", "\u{10000}"),
        ("64f48fbfbf", "\u{10ffff}"),
    ])
    func validUTF8(hex: String, text: String) throws {
        let value = try decoded(hex)
        #expect(value.textStringValue.map { Array($0.utf8) } == Array(text.utf8))
    }

    @Test("Nesting is capped: 16 levels decode by default, 17 do not; the limit can be set, within 1 ... 128")
    func nesting() throws {
        let sixteen = [UInt8](repeating: 0x81, count: 15) + [0x80]
        let seventeen = [UInt8](repeating: 0x81, count: 16) + [0x80]
        #expect(throws: Never.self) { try CBORDecoder().decode(sixteen) }
        do { _ = try CBORDecoder().decode(seventeen); Issue.record("17 levels decoded") } catch {
            #expect(error.reason == .tooDeep(limit: 16))
            #expect(error.offset == 16)
        }
        let maps = try [UInt8](hex: String(repeating: "a101", count: 4) + "a10102")  // {1: {1: {1: {1: {1: 2}}}}}
        #expect(throws: Never.self) { try CBORDecoder(maximumDepth: 5).decode(maps) }
        #expect(throws: CBORError.self) { try CBORDecoder(maximumDepth: 4).decode(maps) }
        // A hostile million levels stops at the limit, without recursing further.
        let deep = [UInt8](repeating: 0x81, count: 1_000_000)
        #expect(throws: CBORError.self) { try CBORDecoder(maximumDepth: 128).decode(deep) }
        for limit in [0, -1, 129, Int.max] {
            #expect(try reason("00", decoder: CBORDecoder(maximumDepth: limit)) == .invalidLimit(limit))
        }
    }

    @Test("Declared lengths and counts larger than the input are refused before anything is allocated", arguments: [
        ("5bffffffffffffffff", UInt64.max), ("7bffffffffffffffff", UInt64.max), ("9bffffffffffffffff", UInt64.max),
        ("bbffffffffffffffff", UInt64.max), ("5a7fffffff00", 0x7fff_ffff), ("9a0001000001", 0x1_0000),
        ("a20102", 2), ("8301", 3), ("4201", 2),
    ] as [(String, UInt64)])
    func lengthBombs(hex: String, declared: UInt64) throws {
        let bytes = try [UInt8](hex: hex)
        do {
            _ = try CBORDecoder().decode(bytes)
            Issue.record("\(hex) decoded")
        } catch {
            switch error.reason {
            case .lengthExceedsInput(let value, _): #expect(value == declared, "\(hex)")
            default: Issue.record("\(hex): \(error)")
            }
            #expect(error.offset == 0)
            #expect(!error.description.isEmpty)
        }
    }

    @Test("A map needs two bytes per entry: a count that fits one byte each is refused up front")
    func mapNeedsTwoBytesPerEntry() throws {
        // 3 entries declared, 5 bytes follow: enough for three one-byte items, not for three pairs.
        #expect(try reason("a30102030405") == .lengthExceedsInput(declared: 3, available: 5))
    }

    @Test("decodeFirst reports where the item ends and leaves what follows; decode refuses it")
    func decodeFirst() throws {
        let bytes = try [UInt8](hex: "ffff" + "a201020304" + "deadbeef")
        let (item, end) = try CBORDecoder().decodeFirst(bytes, startingAt: 2)
        #expect(end == 7)
        #expect(item.mapValue?[1] == .unsignedInteger(2))
        #expect(item.mapValue?[3] == .unsignedInteger(4))
        do { _ = try CBORDecoder().decode(Array(bytes[2...])); Issue.record("trailing bytes accepted") } catch {
            #expect(error.reason == .trailingBytes(count: 4))
            #expect(error.offset == 5)
        }
        // Error offsets count from the start of the whole input.
        do { _ = try CBORDecoder().decodeFirst(bytes, startingAt: 9); Issue.record("decoded") } catch {
            #expect(error.offset == 9)
        }
        #expect(throws: CBORError.self) { try CBORDecoder().decodeFirst(bytes, startingAt: 12) }
        #expect(throws: CBORError.self) { try CBORDecoder().decodeFirst(bytes, startingAt: -1) }
        #expect(throws: CBORError.self) { try CBORDecoder().decode([UInt8]()) }
    }

    @Test("Error offsets point at the offending item")
    func offsets() throws {
        let cases: [(String, Int)] = [("83 01 02 f9 0000", 3), ("a1 61 61 c1 00", 3), ("82 01 5f", 2), ("82 01 1c", 2), ("8201ff", 2)]
        for (hex, offset) in cases {
            let bytes = try [UInt8](hex: hex.replacingOccurrences(of: " ", with: ""))
            do { _ = try CBORDecoder().decode(bytes); Issue.record("\(hex) decoded") } catch {
                #expect(error.offset == offset, "\(hex): \(error)")
            }
        }
    }

    @Test("Simple values: false, true, null, undefined, 0 ... 19 in one byte, 32 ... 255 in two")
    func simpleValues() throws {
        #expect(try decoded("f4") == .boolean(false))
        #expect(try decoded("f5") == .boolean(true))
        #expect(try decoded("f6") == .null)
        #expect(try decoded("f7") == .undefined)
        #expect(try decoded("e0") == .simple(0))
        #expect(try decoded("f3") == .simple(19))
        #expect(try decoded("f820") == .simple(32))
        #expect(try reason("f81f") == .invalidSimpleValue(31))
        #expect(try reason("f8") == .truncated)
    }

    @Test("Random bytes and mutations of real items decode or throw, never trap; what decodes re-encodes canonically")
    func randomInput() throws {
        var generator = SplitMix64(seed: 0xC0B0)
        let seeds = try [
            "a363666d74646e6f6e656761747453746d74a068617574684461746144deadbeef",
            "a5010203262001215820" + String(repeating: "11", count: 32) + "225820" + String(repeating: "22", count: 32),
            "8301820203820405", "a26161016162820203", "64f0908591",
        ].map { try [UInt8](hex: $0) }
        var decodedCount = 0
        for round in 0..<20_000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                bytes = generator.bytes(Int(generator.next() % 24))
            } else {
                bytes = seeds[Int(generator.next() % UInt64(seeds.count))]
                for _ in 0...(generator.next() % 3) where !bytes.isEmpty {
                    bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next())
                }
                if generator.next() % 4 == 0 { bytes.removeLast(Int(generator.next() % UInt64(bytes.count + 1))) }
            }
            guard let value = try? CBORDecoder().decode(bytes) else { continue }
            decodedCount += 1
            // Encoding sorts map keys, so the decoded-again value may list entries in another order; its
            // encoding must be the same bytes, and an item without maps must come back equal.
            let encoded = try value.encoded()
            let again = try CBORDecoder().decode(encoded)
            #expect(try again.encoded() == encoded, "\(bytes.hex)")
            if !bytes.contains(where: { $0 >> 5 == 5 }) { #expect(again == value, "\(bytes.hex)") }
        }
        #expect(decodedCount > 100)
    }
}

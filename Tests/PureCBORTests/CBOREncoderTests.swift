// The CTAP2 canonical encoder: heads at every width's edges (RFC 8949 §3, written out by hand), the key
// order of RFC 8949 §4.2.3's example keys under CTAP2's rule, and what it refuses.

import PureCBOR
import Testing
import TestSupport

@Suite("CBOR encoder: the CTAP2 canonical form")
struct CBOREncoderTests {
    @Test("Integers take the shortest head: one byte below 24, then 1, 2, 4 or 8 argument bytes", arguments: [
        (CBOR.unsignedInteger(0), "00"), (.unsignedInteger(23), "17"), (.unsignedInteger(24), "1818"),
        (.unsignedInteger(255), "18ff"), (.unsignedInteger(256), "190100"), (.unsignedInteger(65_535), "19ffff"),
        (.unsignedInteger(65_536), "1a00010000"), (.unsignedInteger(0xffff_ffff), "1affffffff"),
        (.unsignedInteger(1 << 32), "1b0000000100000000"), (.unsignedInteger(.max), "1bffffffffffffffff"),
        (CBOR(-1), "20"), (CBOR(-24), "37"), (CBOR(-25), "3818"), (CBOR(-257), "390100"),
        (CBOR(Int64.min), "3b7fffffffffffffff"), (.negativeInteger(.max), "3bffffffffffffffff"),
    ])
    func integers(value: CBOR, hex: String) throws {
        #expect(try value.encoded().hex == hex)
    }

    @Test("Strings, arrays and simple values")
    func otherKinds() throws {
        #expect(try CBOR.byteString([]).encoded().hex == "40")
        #expect(try CBOR.byteString([UInt8](repeating: 7, count: 24)).encoded().prefix(2).hex == "5818")
        #expect(try CBOR.textString("IETF").encoded().hex == "6449455446")
        #expect(try CBOR.textString("\u{10151}").encoded().hex == "64f0908591")
        #expect(try CBOR.array([CBOR(1), .array([CBOR(2), CBOR(3)])]).encoded().hex == "8201820203")
        #expect(try CBOR.boolean(false).encoded().hex == "f4")
        #expect(try CBOR.null.encoded().hex == "f6")
        #expect(try CBOR.undefined.encoded().hex == "f7")
        #expect(try CBOR.simple(16).encoded().hex == "f0")
        #expect(try CBOR.simple(255).encoded().hex == "f8ff")
    }

    @Test("Map keys are sorted by major type, then length, then bytes (CTAP 2.1 §8), not RFC 8949 §4.2's orders")
    func keyOrder() throws {
        // RFC 8949 §4.2.3's example keys. Bytewise (§4.2.1) they sort 10, 100, -1, "z", "aa", [100], [-1],
        // false; length-first (§4.2.3) 10, -1, false, 100, "z", [-1], "aa", [100]. CTAP2 compares the major
        // type first, then the length: [-1] (8120) comes before [100] (811864), false last.
        let ordered: [CBOR] = [CBOR(10), CBOR(100), CBOR(-1), .textString("z"), .textString("aa"),
                               .array([CBOR(-1)]), .array([CBOR(100)]), .boolean(false)]
        var generator = SplitMix64(seed: 3)
        for _ in 0..<20 {
            let shuffled = ordered.shuffled(using: &generator)
            let map = CBOR.map(CBORMap(pairs: shuffled.map { ($0, CBOR.null) }))
            var expected: [UInt8] = [0xa8]
            for key in ordered { expected += try key.encoded() + [0xf6] }
            #expect(try map.encoded() == expected)
        }
        // A WebAuthn COSE key in the order authenticators write it: 1, 3, -1, -2, -3.
        let key = CBOR.map(CBORMap(pairs: [(CBOR(-2), .byteString([1])), (CBOR(3), CBOR(-7)), (CBOR(-3), .byteString([2])),
                                           (CBOR(1), CBOR(2)), (CBOR(-1), CBOR(1))]))
        #expect(try key.encoded().hex == "a50102032620012141012241" + "02")
    }

    @Test("Refused: a key twice, simple values 20 ... 31, nesting past 128")
    func refusals() throws {
        let duplicate = CBOR.map(CBORMap(pairs: [(CBOR(1), CBOR(2)), (CBOR(1), CBOR(3))]))
        #expect(throws: CBORError(.duplicateMapKey, at: 0)) { try duplicate.encoded() }
        for value: UInt8 in 20...31 {
            #expect(throws: CBORError(.invalidSimpleValue(value), at: 0)) { try CBOR.simple(value).encoded() }
        }
        var nested = CBOR.null
        for _ in 0..<128 { nested = .array([nested]) }
        #expect(throws: Never.self) { try nested.encoded() }
        nested = .array([nested])
        #expect(throws: CBORError(.tooDeep(limit: 128), at: 0)) { try nested.encoded() }
    }

    @Test("An input FuzzCBOR found, which decoded and then could not be encoded (two map keys that are the same map with its entries in two orders), is refused as a repeated key")
    func decodedItemsEncode() throws {
        // Fuzz/Sources/FuzzCBOR found it (2026-11-30): the decoder compared keys by their bytes, so these
        // two equivalent map keys passed and the canonical encoder, which sorts them, refused the map.
        let found = try [UInt8](hex: "a20000a2810000a20000a281000000000000a28100a20000a281a20000a28100010000000000000000a28100a20000a2"
                                  + "810000000000a28100a20000a281a20000a28100000000a2a2000081000000a281000000000000446f75626c65000000"
                                  + "000000000000")
        #expect(found.count == 102)
        let error = #expect(throws: CBORError.self) { try CBORDecoder().decode(found) }
        #expect(error?.reason == .duplicateMapKey)
    }

    @Test("Integer conversions: CBOR(Int64) and integerValue agree at the edges")
    func integerConversions() {
        for value: Int64 in [0, 1, 23, 24, -1, -24, -25, .max, .min, .min + 1] {
            #expect(CBOR(value).integerValue == value)
        }
        #expect(CBOR(-1) == .negativeInteger(0))
        #expect(CBOR(Int64.min) == .negativeInteger(UInt64(Int64.max)))
        #expect(CBOR.unsignedInteger(UInt64(Int64.max) + 1).integerValue == nil)
    }
}

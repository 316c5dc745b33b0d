// The BER reader: indefinite lengths and constructed OCTET STRINGs re-encoded as DER's definite form,
// non-minimal lengths shortened, DER passed through byte for byte, and every malformed layout refused with
// an error. The expected bytes are worked out by hand from X.690 §8.1.3 and §8.7.

import PureASN1
import Testing
import TestSupport

@Suite("BER reader")
struct BERTests {
    @Test("indefinite lengths become definite; constructed OCTET STRINGs are joined; long forms shortened",
          arguments: [
            // SEQUENCE (indefinite) { INTEGER 1, INTEGER 2 } → 30 06 02 01 01 02 01 02
            ("30 80 02 01 01 02 01 02 00 00", "30 06 02 01 01 02 01 02"),
            // OCTET STRING, constructed, indefinite: "ab" + (constructed, definite: "c") + "" → 04 03 61 62 63
            ("24 80 04 02 61 62 24 03 04 01 63 04 00 00 00", "04 03 61 62 63"),
            // [0] EXPLICIT (indefinite) around SEQUENCE (indefinite) { OCTET STRING constructed { "x" } }
            ("a0 80 30 80 24 80 04 01 78 00 00 00 00 00 00", "a0 05 30 03 04 01 78"),
            // A non-minimal long-form length (BER allows it): 04 81 02 → 04 02.
            ("04 81 02 01 02", "04 02 01 02"),
            ("04 84 00 00 00 01 ff", "04 01 ff"),
            // An empty SEQUENCE, indefinite.
            ("30 80 00 00", "30 00"),
          ])
    func reencodes(_ ber: String, _ der: String) throws {
        let input = try [UInt8](hex: ber.replacingOccurrences(of: " ", with: ""))
        let expected = try [UInt8](hex: der.replacingOccurrences(of: " ", with: ""))
        #expect(try BER.definiteLengthEncoding(input) == expected)
        // The output is DER the strict reader accepts.
        #expect(try DER.parse(expected).encoded.count == expected.count)
    }

    @Test("DER input comes out byte for byte (a PKCS#8 key and a long-form length of 300)")
    func derUnchanged() throws {
        let key = try #require(try PEM.parse(VectorFiles.text("test.p8")).first).derBytes
        #expect(try BER.definiteLengthEncoding(key) == key)
        let long = [0x04, 0x82, 0x01, 0x2c] + [UInt8](repeating: 7, count: 300)
        #expect(try BER.definiteLengthEncoding(long) == long)
    }

    @Test("malformed BER is refused with an error, never a trap", arguments: [
        "04 80 01 02 00 00",             // a primitive element with an indefinite length
        "30 80 02 01 01",                // no end-of-contents
        "00 00",                         // end-of-contents where an element belongs
        "30 80 00 01 00 00",             // end-of-contents with a length
        "30 04 02 01 01 00 00",          // a lone 00 inside a definite length (truncated end-of-contents)
        "30 02 00 00",                   // end-of-contents inside a definite length
        "02 01 01 00",                   // a byte after the element
        "24 80 02 01 01 00 00",          // a segment of an OCTET STRING that is not one
        "2c 80 0c 01 61 00 00",          // a constructed UTF8String
        "23 03 03 01 00",                // a constructed BIT STRING
        "04 85 00 00 00 00 01 00",       // a five-byte length
        "04 82 01",                      // a truncated length
        "04 05 01 02",                   // content shorter than its length
        "1f 01 00",                      // a high tag number
        "30",                            // an identifier alone
        "",                              // nothing
    ])
    func refuses(_ hex: String) throws {
        let input = try [UInt8](hex: hex.replacingOccurrences(of: " ", with: ""))
        #expect(throws: ASN1Error.self) { try BER.definiteLengthEncoding(input) }
    }

    @Test("nesting deeper than maximumDepth and output larger than maximumSize are refused")
    func bounds() throws {
        let depth = BER.maximumDepth + 1
        let nested = [UInt8](repeating: 0x30, count: depth).flatMap { [$0, 0x80] } + [0x05, 0x00]
            + [UInt8](repeating: 0, count: 2 * depth)
        #expect(throws: ASN1Error.self) { try BER.definiteLengthEncoding(nested) }
        let shallow = [UInt8](repeating: 0x30, count: depth - 2).flatMap { [$0, 0x80] } + [0x05, 0x00]
            + [UInt8](repeating: 0, count: 2 * (depth - 2))
        #expect(try BER.definiteLengthEncoding(shallow).count == 2 * (depth - 2) + 2)
        let big = [0x04, 0x82, 0x10, 0x00] + [UInt8](repeating: 1, count: 4096)
        #expect(throws: ASN1Error.self) { try BER.definiteLengthEncoding(big, maximumSize: 4000) }
        #expect(try BER.definiteLengthEncoding(big, maximumSize: 5000) == big)
    }
}

// The DER reader's rules one by one, and the writer's canonical output.

@testable import PureASN1
import Testing
import TestSupport

private func parseError(_ hex: String) -> ASN1Error.Reason? {
    do {
        let node = try DER.parse([UInt8](hex: hex))
        // Descend into the common shapes so content rules are checked too.
        switch node.tag {
        case .integer: _ = try node.integerMagnitude()
        case .objectIdentifier: _ = try node.objectIdentifier()
        case .bitString: _ = try node.bitStringBytes()
        case .null: try node.null()
        default: break
        }
        return nil
    } catch let error as ASN1Error {
        return error.reason
    } catch {
        return .invalidValue("\(error)")
    }
}

@Suite("DER reader")
struct DERReaderTests {
    @Test("rejects what DER forbids", arguments: [
        ("3080020101 0000", ASN1Error.Reason.indefiniteLength),      // BER indefinite length
        ("30 81 03 020101", .nonMinimalLength),                       // long form for a short length
        ("30 82 0003 020101", .nonMinimalLength),                     // leading zero length byte
        ("04 85 0100000000", .unsupportedLength),                     // five length bytes
        ("04 84 7fffffff 00", .truncated),                            // huge length, 1 byte present
        ("04 05 0102", .truncated),
        ("04", .truncated),
        ("", .truncated),
        ("020100 00", .trailingBytes),
        ("1f1e00", .unsupportedTagNumber),                            // high form for 30, which fits one byte
        ("1f802200", .unsupportedTagNumber),                          // leading 0x80 digit
        ("1f8080808001 00", .unsupportedTagNumber),                   // five digits
        ("1f 81", .truncated),                                        // the number's digits run out
        ("0200", .nonMinimalInteger),                                 // empty INTEGER
        ("02020001", .nonMinimalInteger),                             // redundant 00
        ("0202ff80", .nonMinimalInteger),                             // redundant ff
        ("0201ff", .negativeInteger),
        ("0600", .invalidObjectIdentifier),                           // empty OID
        ("06022a80", .invalidObjectIdentifier),                       // last byte continues
        ("0603802a01", .invalidObjectIdentifier),                     // leading 0x80 in an arc
        ("030201ff", .invalidBitString),                              // unused bits in a key
        ("0300", .invalidBitString),                                  // no unused-bits byte
        ("050100", .invalidEncoding("NULL with content")),
    ])
    func rejects(hex: String, reason: ASN1Error.Reason) {
        #expect(parseError(hex.replacing(" ", with: "")) == reason, "\(hex)")
    }

    @Test("accepts the shortest forms")
    func accepts() throws {
        #expect(try DER.parse([UInt8](hex: "020100")).integerMagnitude() == [0])
        #expect(try DER.parse([UInt8](hex: "0202 0080".replacing(" ", with: ""))).integerMagnitude() == [0x80])
        #expect(try DER.parse([UInt8](hex: "02017f")).smallInteger() == 127)
        let negative = try DER.parse([UInt8](hex: "0202ff7f")).integer()
        #expect(negative.isNegative && negative.twosComplement == [0xFF, 0x7F])
        #expect(try DER.parse([UInt8](hex: "020200ff")).integer().isNegative == false)
        let long = try [UInt8](hex: "048180") + [UInt8](repeating: 7, count: 128)
        #expect(try DER.parse(long).octetString().count == 128)
        #expect(try DER.parse([UInt8](hex: "06082a8648ce3d030107")).objectIdentifier() == .prime256v1)
        #expect(ASN1ObjectIdentifier.prime256v1.description == "1.2.840.10045.3.1.7")
        #expect(ASN1ObjectIdentifier.sha256.derContent == [UInt8](try [UInt8](hex: "608648016503040201")))
    }

    // Expected seconds from Python's calendar.timegm (an independent calendar).
    @Test("UTCTime and GeneralizedTime (RFC 5280 §4.1.2.5): years, leap days, month lengths; malformed ones refused",
          arguments: [
              ("17", "491231235959Z", 2_524_607_999), ("17", "500101000000Z", -631_152_000),
              ("18", "20240229120000Z", 1_709_208_000), ("18", "20000229000000Z", 951_782_400),
              ("18", "20241231235959Z", 1_735_689_599), ("18", "20231130235959Z", 1_701_388_799),
              ("18", "19700101000000Z", 0),
              ("18", "20230229000000Z", nil), ("18", "21000229000000Z", nil), ("18", "20240431000000Z", nil),
              ("18", "20241131000000Z", nil), ("18", "20240100000000Z", nil), ("18", "20241301000000Z", nil),
              ("18", "20240101240000Z", nil), ("18", "20240101006000Z", nil), ("18", "20240101000060Z", nil),
              ("18", "20240101000000", nil), ("18", "2024010100000Z", nil), ("17", "2401010000000Z", nil),
              ("18", "2024010100000aZ", nil), ("17", "24010100000Z", nil),
          ] as [(String, String, Int64?)])
    func times(tag: String, text: String, expected: Int64?) throws {
        let encoded = try [UInt8](hex: tag) + [UInt8(text.utf8.count)] + Array(text.utf8)
        let node = try DER.parse(encoded)
        if let expected {
            #expect(try node.time() == expected)
        } else {
            #expect(throws: ASN1Error.self) { try node.time() }
        }
    }

    @Test("well-known identifiers decode to their shared copy, equal to the same arcs; others, short or long, to their own octets")
    func wellKnownObjectIdentifiers() throws {
        #expect(ASN1ObjectIdentifier.wellKnownArcs.count >= 60)
        for arcs in ASN1ObjectIdentifier.wellKnownArcs {
            let built = ASN1ObjectIdentifier(arcs: arcs)
            let decoded = try DER.parse([0x06, UInt8(built.derContent.count)] + built.derContent).objectIdentifier()
            #expect(decoded == built && decoded.arcs == arcs && decoded.hashValue == built.hashValue)
        }
        // Not listed: 1.2.840.113635.100.6.99 (9 octets), and 1.2 followed by 12 arcs of 300 (25 octets,
        // past the 16 a table key holds); a listed one with its last octet changed.
        for arcs: [UInt64] in [[1, 2, 840, 113635, 100, 6, 99], [1, 2] + [UInt64](repeating: 300, count: 12), [2, 5, 4, 99]] {
            let built = ASN1ObjectIdentifier(arcs: arcs)
            #expect(ASN1ObjectIdentifier.wellKnown(built.derContent) == nil)
            let decoded = try #require(ASN1ObjectIdentifier(derContent: built.derContent[...]))
            #expect(decoded == built && decoded.arcs == arcs)
        }
        #expect(try DER.parse([UInt8](hex: "0603550403")).objectIdentifier() != ASN1ObjectIdentifier(arcs: [2, 5, 4, 99]))
    }

    @Test("reads and writes the high-tag-number form (X.690 §8.1.2.4), as Android's AuthorizationList uses it")
    func highTagNumbers() throws {
        // [600] EXPLICIT INTEGER 1: identifier 0xBF (context, constructed, 0b11111), then 600 = 4·128 + 88.
        let encoded = try [UInt8](hex: "bf8458 03 020101".replacing(" ", with: ""))
        let node = try DER.parse(encoded)
        #expect(node.tag == ASN1Tag(.contextSpecific, constructed: true, tagNumber: 600))
        #expect(node.tag.number == 31 && node.tag.tagNumber == 600 && node.tag.description == "[600] (constructed)")
        let inner = try node.constructed(node.tag) { (children) throws(ASN1Error) in try children.next("value").smallInteger() }
        #expect(inner == 1)
        #expect(try DER.parse([UInt8](hex: "1f1f00")).tag.tagNumber == 31)
        var writer = DERWriter()
        writer.writeConstructed(ASN1Tag(.contextSpecific, constructed: true, tagNumber: 600)) { $0.writeInteger(1) }
        #expect(writer.bytes == encoded)
        #expect(ASN1Tag(.contextSpecific, constructed: false, tagNumber: 0x1F_FFFF).encodedIdentifier == [0x9F, 0xFF, 0xFF, 0x7F])
    }

    @Test("sequences must be read to the end")
    func strictSequences() throws {
        let node = try DER.parse([UInt8](hex: "3006020101020102"))
        #expect(throws: ASN1Error(.unconsumedElements, at: 5)) {
            try node.sequence { (children) throws(ASN1Error) in _ = try children.next("first") }
        }
        #expect(throws: ASN1Error(.missingElement("third"), at: 8)) {
            try node.sequence { (children) throws(ASN1Error) in
                _ = try children.next("first"); _ = try children.next("second"); _ = try children.next("third")
            }
        }
        let sum = try node.sequence { (children) throws(ASN1Error) in
            try children.next("a").smallInteger() + children.next("b").smallInteger()
        }
        #expect(sum == 3)
    }

    @Test("nesting deeper than the limit is refused without recursion trouble")
    func depth() throws {
        var bytes: [UInt8] = [0x05, 0x00]
        for _ in 0..<40 { bytes = [0x30, UInt8(bytes.count)] + bytes }
        func descend(_ node: DERNode) throws(ASN1Error) {
            guard node.tag == .sequence else { return }
            try node.sequence { (children) throws(ASN1Error) in try descend(children.next("child")) }
        }
        #expect(throws: ASN1Error.self) { try descend(try DER.parse(bytes)) }
    }

    @Test("offsets in errors point into the input")
    func offsets() {
        // SEQUENCE { INTEGER 1, INTEGER with redundant zero }: the error is at the second INTEGER.
        #expect(throws: ASN1Error(.nonMinimalInteger, at: 5)) {
            try DER.parse([UInt8](hex: "30070201010202007f")).sequence { (children) throws(ASN1Error) in
                _ = try children.next("a").smallInteger()
                _ = try children.next("b").integerMagnitude()
            }
        }
    }
}

@Suite("DER writer")
struct DERWriterTests {
    @Test("canonical integers and lengths")
    func canonical() throws {
        var writer = DERWriter()
        writer.writeInteger(magnitude: [0, 0, 0x80])
        writer.writeInteger(magnitude: [UInt8]())
        writer.writeInteger(65537)
        writer.writeOctetString([UInt8](repeating: 0xAB, count: 200))
        #expect(writer.bytes.prefix(13).hex == "020200800201000203010001" + "04")
        #expect(writer.bytes[13...14] == [0x81, 200])
    }

    @Test("writer output reads back", arguments: [0, 1, 127, 128, 255, 256, 65535, 65536])
    func roundTrip(length: Int) throws {
        var writer = DERWriter()
        let payload = (0..<length).map { UInt8(truncatingIfNeeded: $0) }
        writer.writeSequence { $0.writeOctetString(payload); $0.writeNull() }
        let read = try DER.parse(writer.bytes).sequence { (children) throws(ASN1Error) in
            let octets = try children.next("octets").octetString()
            try children.next("null").null()
            return Array(octets)
        }
        #expect(read == payload)
    }
}

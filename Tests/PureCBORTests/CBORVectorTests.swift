// RFC 8949 Appendix A and the cbor/test-vectors lists against the strict decoder: every item of
// strict-decoder-expectations.json (accepted items decode to the value it gives, refused ones are refused
// for the reason it gives), every item of appendix_a.json (decoded as the expectations say; the ones it
// marks "roundtrip" re-encoded to the same bytes) and every item of fail.json refused.

import Foundation
import PureCBOR
import Testing
import TestSupport

/// A value as strict-decoder-expectations.json writes it: `["uint", 0]`, `["bstr", "hex"]`,
/// `["array", [...]]`, `["map", [[key, value], ...]]`, `["simple", "null"]`.
private struct ExpectedValue: Decodable {
    let cbor: CBOR

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let kind = try container.decode(String.self)
        switch kind {
        case "uint":
            // Decimal keeps every digit of 2^64 - 1, which no Int type the JSON decoder offers holds.
            let digits = try container.decode(Decimal.self).description
            guard let value = UInt64(digits) else { throw VectorFileError(description: "uint \(digits)") }
            cbor = .unsignedInteger(value)
        case "nint":
            // -1 - n = value, so n = |value| - 1, computed on the digits (|value| may be 2^64).
            let digits = try container.decode(Decimal.self).description
            guard digits.hasPrefix("-"), let n = UInt64(decrementDecimal(String(digits.dropFirst()))) else {
                throw VectorFileError(description: "nint \(digits)")
            }
            cbor = .negativeInteger(n)
        case "bstr":
            cbor = .byteString(try [UInt8](hex: container.decode(String.self)))
        case "tstr":
            cbor = .textString(try container.decode(String.self))
        case "array":
            cbor = .array(try container.decode([ExpectedValue].self).map(\.cbor))
        case "map":
            let pairs = try container.decode([[ExpectedValue]].self)
            cbor = .map(CBORMap(pairs: pairs.map { ($0[0].cbor, $0[1].cbor) }))
        case "simple":
            switch try container.decode(String.self) {
            case "false": cbor = .boolean(false)
            case "true": cbor = .boolean(true)
            case "null": cbor = .null
            case "undefined": cbor = .undefined
            case let other:
                guard other.hasPrefix("simple("), let value = UInt8(other.dropFirst(7).dropLast()) else {
                    throw VectorFileError(description: "simple \(other)")
                }
                cbor = .simple(value)
            }
        default:
            throw VectorFileError(description: "unknown value kind \(kind)")
        }
    }
}

/// A decimal number's digits minus one ("18446744073709551616" → "18446744073709551615").
private func decrementDecimal(_ digits: String) -> String {
    var bytes = Array(digits.utf8)
    var index = bytes.count - 1
    while index >= 0 {
        if bytes[index] > UInt8(ascii: "0") { bytes[index] -= 1; break }
        bytes[index] = UInt8(ascii: "9")
        index -= 1
    }
    while bytes.count > 1, bytes.first == UInt8(ascii: "0") { bytes.removeFirst() }
    return String(decoding: bytes, as: UTF8.self)
}

private struct Expectations: Decodable {
    struct Item: Decodable {
        let index: Int
        let hex: String
        let strict_decoder: String
        let category: String?
        let value: ExpectedValue?
    }
    struct Section: Decodable {
        let count: Int
        let items: [Item]
    }
    let rfc8949_appendix_a: Section
    let cbor_test_vectors_appendix_a: Section
    let cbor_test_vectors_fail: Section
}

private struct AppendixAItem: Decodable {
    let hex: String
    let roundtrip: Bool
}

private struct FailItem: Decodable {
    let hex: String
}

/// The refusal categories of the expectations file, as this decoder's reasons.
private func category(of reason: CBORError.Reason) -> String {
    switch reason {
    case .floatingPointNotAllowed: return "float"
    case .tagNotAllowed: return "tag"
    case .indefiniteLength: return "indefinite-length"
    case .reservedAdditionalInformation: return "reserved-additional-info"
    case .invalidIndefiniteLength, .invalidSimpleValue: return "not-well-formed"
    case .unexpectedBreak: return "stray-break"
    case .truncated, .lengthExceedsInput: return "truncated"
    case .trailingBytes: return "trailing-bytes"
    default: return "other: \(reason)"
    }
}

private func decodeResult(_ bytes: [UInt8]) -> Result<CBOR, CBORError> {
    do { return .success(try CBORDecoder().decode(bytes)) } catch { return .failure(error) }
}

@Suite("CBOR vectors: RFC 8949 Appendix A, cbor/test-vectors")
struct CBORVectorTests {
    private static let expectations = Result { try VectorFiles.json(Expectations.self, "strict-decoder-expectations.json") }

    @Test("strict-decoder-expectations.json: each section decodes and refuses exactly as it says", arguments: [
        "rfc8949_appendix_a", "cbor_test_vectors_appendix_a", "cbor_test_vectors_fail",
    ])
    func expectations(section name: String) throws {
        let all = try Self.expectations.get()
        let section = switch name {
        case "rfc8949_appendix_a": all.rfc8949_appendix_a
        case "cbor_test_vectors_appendix_a": all.cbor_test_vectors_appendix_a
        default: all.cbor_test_vectors_fail
        }
        #expect(section.items.count == section.count)
        #expect(!section.items.isEmpty)
        var accepted = 0, refused = 0
        for item in section.items {
            let bytes = try [UInt8](hex: item.hex)
            switch (item.strict_decoder, decodeResult(bytes)) {
            case ("accept", .success(let decoded)):
                let expected = try #require(item.value, "item \(item.index) has no value").cbor
                #expect(decoded == expected, "item \(item.index) \(item.hex)")
                accepted += 1
            case ("refuse", .failure(let error)):
                #expect(category(of: error.reason) == item.category, "item \(item.index) \(item.hex): \(error)")
                refused += 1
            case (let verdict, let result):
                Issue.record("item \(item.index) \(item.hex): expected \(verdict), got \(result)")
            }
        }
        #expect(accepted + refused == section.count)
    }

    @Test("appendix_a.json: every item decodes or is refused as the expectations say; round-trip items re-encode to their bytes")
    func appendixA() throws {
        let items = try VectorFiles.json([AppendixAItem].self, "appendix_a.json")
        let verdicts = Dictionary(try Self.expectations.get().cbor_test_vectors_appendix_a.items.map { ($0.hex, $0.strict_decoder) },
                                  uniquingKeysWith: { first, _ in first })
        #expect(items.count == 82)
        var reencoded = 0
        for item in items {
            let bytes = try [UInt8](hex: item.hex)
            let verdict = try #require(verdicts[item.hex], "\(item.hex) is not in the expectations")
            switch decodeResult(bytes) {
            case .success(let decoded):
                #expect(verdict == "accept", "\(item.hex)")
                if item.roundtrip {
                    #expect(try decoded.encoded() == bytes, "\(item.hex)")
                    reencoded += 1
                }
            case .failure:
                #expect(verdict == "refuse", "\(item.hex)")
            }
        }
        #expect(reencoded == 40)
    }

    @Test("fail.json: every item is refused")
    func failures() throws {
        let items = try VectorFiles.json([FailItem].self, "fail.json")
        #expect(items.count == 679)
        for item in items {
            let bytes = try [UInt8](hex: item.hex)
            if case .success(let value) = decodeResult(bytes) {
                Issue.record("\(item.hex) decoded to \(value)")
            }
        }
    }
}

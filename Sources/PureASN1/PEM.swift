// PEM armor, RFC 7468, read the way keys actually arrive.
//
// Accepted text (anything else inside a block throws):
//   - any text before, between and after blocks (RFC 7468 §2 allows explanatory text);
//   - "-----BEGIN <label>-----", base64 body, "-----END <label>-----" with the same label;
//   - LF or CRLF line ends, a missing final newline, spaces and tabs around lines, the body wrapped at any
//     width or all on one line, or on the BEGIN/END lines themselves ("-----BEGIN X----- MIIB... -----END X-----");
//   - a key whose line breaks arrived as the two characters '\' 'n' (or "\r\n" spelled out), as happens
//     when a key is pasted into an environment variable; these are turned into real line breaks first.
// Rejected: BEGIN without END, different BEGIN and END labels, RFC 1421 headers such as "Proc-Type:"
// (legacy encrypted keys), any other byte in the body that is neither base64 nor whitespace, bad base64.

import PureBase64

/// One PEM block: its label (e.g. "PRIVATE KEY") and the DER bytes of its body.
public struct PEMBlock: Sendable, Hashable {
    /// The label between "-----BEGIN " and "-----" ("PRIVATE KEY").
    public let label: String
    /// The decoded body.
    public let derBytes: [UInt8]

    /// A block with `label` holding `derBytes`.
    public init(label: String, derBytes: [UInt8]) {
        self.label = label
        self.derBytes = derBytes
    }

    /// The block as PEM text: 64-character lines (RFC 7468 §2), LF line ends, a final newline.
    public var pemRepresentation: String { PEM.encode(label: label, derBytes: derBytes) }
}

/// PEM text (RFC 7468): the strict form, with base64 bodies between BEGIN and END lines.
public enum PEM {
    /// Every PEM block in `text`, in order. Throws if there is none.
    public static func parse(_ text: String) throws(ASN1Error) -> [PEMBlock] {
        let bytes = unescapeLineBreaks(Array(text.utf8))
        var blocks: [PEMBlock] = []
        var position = 0
        while let begin = find(beginMarker, in: bytes, from: position) {
            let labelStart = begin + beginMarker.count
            guard let labelEnd = find(dashes, in: bytes, from: labelStart) else {
                throw ASN1Error(.invalidPEMBody("the BEGIN line is not closed by '-----'"), at: begin)
            }
            let label = String(decoding: bytes[labelStart..<labelEnd], as: UTF8.self)
            let bodyStart = labelEnd + dashes.count
            guard let end = find(endMarker, in: bytes, from: bodyStart) else {
                throw ASN1Error(.missingPEMEnd(label), at: begin)
            }
            let endLabelStart = end + endMarker.count
            guard let endLabelEnd = find(dashes, in: bytes, from: endLabelStart) else {
                throw ASN1Error(.missingPEMEnd(label), at: begin)
            }
            let endLabel = String(decoding: bytes[endLabelStart..<endLabelEnd], as: UTF8.self)
            guard endLabel == label else { throw ASN1Error(.mismatchedPEMLabels(begin: label, end: endLabel), at: end) }

            let der = try decodeBody(bytes[bodyStart..<end])
            blocks.append(PEMBlock(label: label, derBytes: der))
            position = endLabelEnd + dashes.count
        }
        guard !blocks.isEmpty else { throw ASN1Error(.noPEMBlock, at: 0) }
        return blocks
    }

    /// The one PEM block in `text`; throws if there are none or several.
    public static func parseSingle(_ text: String) throws(ASN1Error) -> PEMBlock {
        let blocks = try parse(text)
        guard blocks.count == 1 else { throw ASN1Error(.multiplePEMBlocks(blocks.count), at: 0) }
        return blocks[0]
    }

    /// PEM text for `derBytes` under `label`, with 64-character lines (RFC 7468 §2).
    public static func encode(label: String, derBytes: [UInt8]) -> String {
        let body = Base64.encodeToBytes(derBytes)
        var text = "-----BEGIN \(label)-----\n"
        var index = 0
        while index < body.count {
            let end = min(index + 64, body.count)
            text += String(decoding: body[index..<end], as: UTF8.self) + "\n"
            index = end
        }
        return text + "-----END \(label)-----\n"
    }

    private static let beginMarker = Array("-----BEGIN ".utf8)
    private static let endMarker = Array("-----END ".utf8)
    private static let dashes = Array("-----".utf8)

    /// Decodes a block body: whitespace is skipped, a header line (RFC 1421 "Name: value") means a legacy
    /// encrypted key, and any other non-base64 byte is an error at its offset.
    private static func decodeBody(_ body: ArraySlice<UInt8>) throws(ASN1Error) -> [UInt8] {
        if body.contains(UInt8(ascii: ":")) {
            // Byte search, not String.contains(String): that one is Foundation's (or _StringProcessing's),
            // which Embedded Swift does not have.
            func mentions(_ word: String) -> Bool {
                let needle = Array(word.utf8)
                return body.indices.contains { start in body[start...].starts(with: needle) }
            }
            if mentions("Proc-Type") || mentions("DEK-Info") { throw ASN1Error(.encryptedKey, at: body.startIndex) }
            throw ASN1Error(.invalidPEMBody("headers ('Name: value' lines) are not supported"), at: body.startIndex)
        }
        do {
            return try Base64.decodeIgnoringWhitespace(String(decoding: body, as: UTF8.self))
        } catch {
            throw ASN1Error(.invalidPEMBody("\(error)"), at: body.startIndex + error.offset)
        }
    }

    /// Turns the two-character sequences "\r\n" and "\n" (backslash, letter) into a real LF, so keys
    /// stored in environment variables parse. A PEM body never contains a backslash, so nothing valid
    /// changes meaning.
    private static func unescapeLineBreaks(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "\\")) else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
                let next = bytes[index + 1]
                if next == UInt8(ascii: "n") {
                    out.append(0x0A); index += 2; continue
                }
                if next == UInt8(ascii: "r"), index + 3 < bytes.count,
                   bytes[index + 2] == UInt8(ascii: "\\"), bytes[index + 3] == UInt8(ascii: "n") {
                    out.append(0x0A); index += 4; continue
                }
            }
            out.append(bytes[index])
            index += 1
        }
        return out
    }

    /// The first index at or after `start` where `needle` occurs in `haystack`.
    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        var index = start
        while index + needle.count <= haystack.count {
            if haystack[index] == needle[0] && haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}

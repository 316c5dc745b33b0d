// Writes a JSONNode tree as compact JSON text (RFC 8259), for the header and claims of tokens we sign.
//
// Object members are written in the order of their names' UTF-8 bytes (sorted, so the same claims always
// give the same token); strings escape only what RFC 8259 §7 requires ('"', '\', control characters), so
// '/' and non-ASCII text are written as they are; numbers are written from their text.

extension JSONNode {
    /// The compact JSON text of this value, as UTF-8 bytes.
    var jsonBytes: [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(into: &output)
        return output
    }

    func write(into output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let text): output.append(contentsOf: text.utf8)
        case .string(let value): JSONNode.writeString(value, into: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                element.write(into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            // Already in order (the encoder's members usually are not, a parsed header's may be): no
            // index array.
            if object.isSorted {
                for index in object.names.indices {
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    JSONNode.writeString(object.names[index], into: &output)
                    output.append(UInt8(ascii: ":"))
                    object.values[index].write(into: &output)
                }
            } else {
                for (position, index) in object.sortedOrder.enumerated() {
                    if position > 0 { output.append(UInt8(ascii: ",")) }
                    JSONNode.writeString(object.names[index], into: &output)
                    output.append(UInt8(ascii: ":"))
                    object.values[index].write(into: &output)
                }
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    func writePretty(into output: inout [UInt8], depth: Int) {
        func newline(_ depth: Int) {
            output.append(0x0A)
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
        }
        switch self {
        case .array(let elements) where !elements.isEmpty:
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(depth + 1)
                element.writePretty(into: &output, depth: depth + 1)
            }
            newline(depth)
            output.append(UInt8(ascii: "]"))
        case .object(let object) where !object.names.isEmpty:
            output.append(UInt8(ascii: "{"))
            for (position, index) in object.sortedOrder.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                newline(depth + 1)
                JSONNode.writeString(object.names[index], into: &output)
                output.append(contentsOf: ": ".utf8)
                object.values[index].writePretty(into: &output, depth: depth + 1)
            }
            newline(depth)
            output.append(UInt8(ascii: "}"))
        default:
            write(into: &output)
        }
    }

    static func writeString(_ value: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most strings in a token need no escape: copy those in one append. The scan runs on the string's
        // contiguous bytes where it has them (every native string): through the view's iterator it costs
        // some forty instructions a byte.
        func needsEscape(_ bytes: some Sequence<UInt8>) -> Bool {
            bytes.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        }
        if !(value.utf8.withContiguousStorageIfAvailable { needsEscape($0) } ?? needsEscape(value.utf8)) {
            output.append(contentsOf: value.utf8)
            output.append(UInt8(ascii: "\""))
            return
        }
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
            case 0x0A: output.append(contentsOf: #"\n"#.utf8)
            case 0x0D: output.append(contentsOf: #"\r"#.utf8)
            case 0x09: output.append(contentsOf: #"\t"#.utf8)
            case 0x08: output.append(contentsOf: #"\b"#.utf8)
            case 0x0C: output.append(contentsOf: #"\f"#.utf8)
            case 0x00..<0x20:
                @inline(__always) func hex(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 0x30 + nibble : 0x57 + nibble }
                output.append(contentsOf: #"\u00"#.utf8)
                output.append(hex(byte >> 4))
                output.append(hex(byte & 0xF))
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}

extension JSONObject {
    /// The member indices in the order of their names' UTF-8 bytes (no sort when already in order).
    var sortedOrder: [Int] {
        isSorted ? Array(names.indices) : names.indices.sorted { Self.bytesPrecede(names[$0], names[$1]) }
    }

    /// Whether the names are already in the order of their bytes.
    var isSorted: Bool { zip(names, names.dropFirst()).allSatisfy { !Self.bytesPrecede($1, $0) } }

    /// Whether `first`'s UTF-8 bytes come before `second`'s, compared on contiguous bytes where the strings
    /// have them (every native string), which is several times cheaper than through the views' iterators.
    private static func bytesPrecede(_ first: String, _ second: String) -> Bool {
        first.utf8.withContiguousStorageIfAvailable { firstBytes in
            second.utf8.withContiguousStorageIfAvailable { secondBytes in
                firstBytes.lexicographicallyPrecedes(secondBytes)
            }
        }.flatMap { $0 } ?? first.utf8.lexicographicallyPrecedes(second.utf8)
    }
}

/// JSON text for people.
package enum JSONText {
    /// One object of the given members, each given as JSON text, written indented (two spaces a level,
    /// members sorted as in the compact form, numbers exactly as they were written): the `jwt` tool prints
    /// verified headers and claims this way, so a 20-digit number is not rounded through a Double.
    package static func pretty(_ members: [(name: String, json: [UInt8])]) throws(JWTError) -> String {
        var object = JSONObject()
        for (name, json) in members {
            object.names.append(name)
            do { object.values.append(try JSONNode.parse(json)) } catch { throw JWTError(.invalidJSON("\(name): \(error)")) }
        }
        return text(of: .object(object))
    }

    /// A JSON object written compactly with its members sorted and its numbers exactly as given: the
    /// payload `JWTSigner.sign(claimsJSON:)` signs, for the `jwt` tool's JSON serializations. Its
    /// registered claims are checked as `sign(claimsJSON:)` checks them.
    package static func compactObject(_ json: [UInt8]) throws(JWTError) -> [UInt8] {
        let object: JSONObject
        do { object = try JSONNode.parseObject(json) } catch {
            throw JWTError(.invalidJSON("the claims are not a JSON object: \(error.message) at byte \(error.offset)"))
        }
        try RegisteredClaims.checkForSigning(object)
        return JSONNode.object(object).jsonBytes
    }

    /// One JSON document, written indented.
    package static func pretty(_ json: [UInt8]) throws(JWTError) -> String {
        do { return text(of: try JSONNode.parse(json)) } catch { throw JWTError(.invalidJSON(error.description)) }
    }

    private static func text(of node: JSONNode) -> String {
        var output: [UInt8] = []
        node.writePretty(into: &output, depth: 0)
        output.append(0x0A)
        return String(decoding: output, as: UTF8.self)
    }
}

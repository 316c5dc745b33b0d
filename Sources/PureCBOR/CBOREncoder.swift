// The CTAP2 canonical CBOR encoding (CTAP 2.1 §8, "CTAP2 canonical CBOR encoding form"), which is also
// RFC 8949 §4.2.3's length-first map ordering refined by major type: integers, lengths and counts in their
// shortest form, definite lengths only, and each map's keys sorted by (1) major type, (2) length of their
// encoding, (3) their encoded bytes.

/// Writes CBOR in the CTAP2 canonical form: what WebAuthn authenticators write and COSE keys are compared in.
public enum CBOREncoder {
    /// The canonical encoding of `item`.
    ///
    /// - Throws: ``CBORError/Reason/duplicateMapKey`` for a map holding one key twice,
    ///   ``CBORError/Reason/invalidSimpleValue(_:)`` for ``CBOR/simple(_:)`` 20 ... 31 (20 ... 23 are
    ///   ``CBOR/boolean(_:)``, ``CBOR/null`` and ``CBOR/undefined``; 24 ... 31 are not well-formed), and
    ///   ``CBORError/Reason/tooDeep(limit:)`` past ``CBORDecoder/largestDepthLimit`` levels of nesting.
    public static func encode(_ item: CBOR) throws(CBORError) -> [UInt8] {
        var output: [UInt8] = []
        try append(item, to: &output, depth: 0)
        return output
    }

    private static func append(_ item: CBOR, to output: inout [UInt8], depth: Int) throws(CBORError) {
        switch item {
        case .unsignedInteger(let value):
            appendHead(majorType: 0, argument: value, to: &output)
        case .negativeInteger(let value):
            appendHead(majorType: 1, argument: value, to: &output)
        case .byteString(let bytes):
            appendHead(majorType: 2, argument: UInt64(bytes.count), to: &output)
            output.append(contentsOf: bytes)
        case .textString(let text):
            appendHead(majorType: 3, argument: UInt64(text.utf8.count), to: &output)
            output.append(contentsOf: text.utf8)
        case .array(let elements):
            guard depth < CBORDecoder.largestDepthLimit else {
                throw CBORError(.tooDeep(limit: CBORDecoder.largestDepthLimit), at: 0)
            }
            appendHead(majorType: 4, argument: UInt64(elements.count), to: &output)
            for element in elements { try append(element, to: &output, depth: depth + 1) }
        case .map(let map):
            guard depth < CBORDecoder.largestDepthLimit else {
                throw CBORError(.tooDeep(limit: CBORDecoder.largestDepthLimit), at: 0)
            }
            appendHead(majorType: 5, argument: UInt64(map.count), to: &output)
            var encoded: [(key: [UInt8], value: [UInt8])] = []
            encoded.reserveCapacity(map.count)
            for entry in map.entries {
                var key: [UInt8] = [], value: [UInt8] = []
                try append(entry.key, to: &key, depth: depth + 1)
                try append(entry.value, to: &value, depth: depth + 1)
                encoded.append((key, value))
            }
            encoded.sort { canonicallyPrecedes($0.key, $1.key) }
            for (index, entry) in encoded.enumerated() {
                if index > 0, encoded[index - 1].key == entry.key { throw CBORError(.duplicateMapKey, at: 0) }
                output.append(contentsOf: entry.key)
                output.append(contentsOf: entry.value)
            }
        case .boolean(let value):
            output.append(value ? 0xf5 : 0xf4)
        case .null:
            output.append(0xf6)
        case .undefined:
            output.append(0xf7)
        case .simple(let value):
            switch value {
            case 0..<20: output.append(0xe0 | value)
            case 32...: output.append(contentsOf: [0xf8, value])
            default: throw CBORError(.invalidSimpleValue(value), at: 0)
            }
        }
    }

    /// CTAP2's key order: lower major type first, then the shorter encoding, then the lower bytes.
    static func canonicallyPrecedes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        let majorA = (a.first ?? 0) >> 5, majorB = (b.first ?? 0) >> 5
        if majorA != majorB { return majorA < majorB }
        if a.count != b.count { return a.count < b.count }
        return a.lexicographicallyPrecedes(b)
    }

    /// An item head (RFC 8949 §3) with its argument in the shortest form.
    static func appendHead(majorType: UInt8, argument: UInt64, to output: inout [UInt8]) {
        let type = majorType << 5
        switch argument {
        case 0..<24:
            output.append(type | UInt8(argument))
        case 24...0xff:
            output.append(contentsOf: [type | 24, UInt8(argument)])
        case 0x100...0xffff:
            output.append(type | 25)
            appendBigEndian(argument, byteCount: 2, to: &output)
        case 0x1_0000...0xffff_ffff:
            output.append(type | 26)
            appendBigEndian(argument, byteCount: 4, to: &output)
        default:
            output.append(type | 27)
            appendBigEndian(argument, byteCount: 8, to: &output)
        }
    }

    private static func appendBigEndian(_ value: UInt64, byteCount: Int, to output: inout [UInt8]) {
        for index in stride(from: byteCount - 1, through: 0, by: -1) {
            output.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))))
        }
    }
}

extension CBOR {
    /// The item's CTAP2 canonical encoding (``CBOREncoder/encode(_:)``).
    public func encoded() throws(CBORError) -> [UInt8] {
        try CBOREncoder.encode(self)
    }
}

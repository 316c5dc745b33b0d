// A strict CBOR decoder (RFC 8949) for what WebAuthn, CTAP2 and COSE send: definite-length items of major
// types 0-5 and the simple values, each integer, length and count in its shortest form, text strings in
// UTF-8 and maps without a repeated key. Everything else is refused with the reason and the byte offset:
// indefinite lengths, tags, floating-point numbers, the reserved encodings and stray breaks.
//
// Written for hostile input: every declared length or count is compared with the bytes actually left
// before anything is allocated (a string needs its length in bytes, an array at least one byte per element,
// a map two per entry), nesting is capped, and no path traps.

/// Decodes CBOR (RFC 8949) strictly: see the module overview for what is accepted.
///
/// ```swift
/// let attestationObject = try CBORDecoder().decode(bytes)           // exactly one item
/// let (key, count) = try CBORDecoder().decodeFirst(authData, startingAt: 55 + idLength)
/// ```
public struct CBORDecoder: Sendable {
    /// The nesting limit a decoder has unless told otherwise: arrays and maps 16 deep. WebAuthn's deepest
    /// structure, an attestation object's certificate chain, is 3 deep.
    public static let defaultDepthLimit = 16
    /// The largest nesting limit a decoder accepts (the decoder recurses once per level).
    public static let largestDepthLimit = 128

    /// How deep arrays and maps may nest: a top-level array or map is depth 1.
    public var maximumDepth: Int

    /// A decoder that refuses arrays and maps nested deeper than `maximumDepth` (1 ...
    /// ``largestDepthLimit``; another value makes every decode throw ``CBORError/Reason/invalidLimit(_:)``).
    public init(maximumDepth: Int = CBORDecoder.defaultDepthLimit) {
        self.maximumDepth = maximumDepth
    }

    /// Decodes `bytes` as exactly one item; bytes after it are refused
    /// (``CBORError/Reason/trailingBytes(count:)``).
    public func decode(_ bytes: [UInt8]) throws(CBORError) -> CBOR {
        let (item, end) = try decodeFirst(bytes, startingAt: 0)
        guard end == bytes.count else { throw CBORError(.trailingBytes(count: bytes.count - end), at: end) }
        return item
    }

    /// Decodes `bytes` as exactly one item (a copy is made first).
    public func decode<Bytes: Sequence>(_ bytes: Bytes) throws(CBORError) -> CBOR where Bytes.Element == UInt8 {
        try decode(Array(bytes))
    }

    /// Decodes the one item that starts at `offset` in `bytes` and says where it ends: for CBOR followed by
    /// other data, as a COSE key is followed by extensions in authenticator data. Error offsets count
    /// from the start of `bytes`.
    ///
    /// - Returns: the item, and the offset just after it (`offset` plus the bytes it took).
    public func decodeFirst(_ bytes: [UInt8], startingAt offset: Int = 0) throws(CBORError) -> (item: CBOR, end: Int) {
        guard maximumDepth >= 1, maximumDepth <= CBORDecoder.largestDepthLimit else {
            throw CBORError(.invalidLimit(maximumDepth), at: 0)
        }
        guard offset >= 0, offset <= bytes.count else { throw CBORError(.truncated, at: bytes.count) }
        var reader = CBORReader(bytes: bytes, position: offset, maximumDepth: maximumDepth)
        let item = try reader.readItem(depth: 0)
        return (item, reader.position)
    }
}

/// The decoder's cursor over the input.
struct CBORReader {
    let bytes: [UInt8]
    private(set) var position: Int
    let maximumDepth: Int

    init(bytes: [UInt8], position: Int, maximumDepth: Int) {
        self.bytes = bytes
        self.position = position
        self.maximumDepth = maximumDepth
    }

    /// The bytes left after the cursor.
    var remaining: Int { bytes.count - position }

    /// Reads one item; `depth` is the number of arrays and maps around it.
    mutating func readItem(depth: Int) throws(CBORError) -> CBOR {
        let start = position
        let initial = try readByte()
        let majorType = initial >> 5
        let additional = initial & 0x1f

        if majorType == 7 { return try readSimpleOrFloat(additional, start: start) }
        if additional == 31 {
            switch majorType {
            case 2, 3, 4, 5: throw CBORError(.indefiniteLength(majorType: majorType), at: start)
            default: throw CBORError(.invalidIndefiniteLength(majorType: majorType), at: start)
            }
        }
        let argument = try readArgument(additional, start: start)

        switch majorType {
        case 0:
            return .unsignedInteger(argument)
        case 1:
            return .negativeInteger(argument)
        case 2:
            return .byteString(Array(try readBytes(count: argument, start: start)))
        case 3:
            let text = try readBytes(count: argument, start: start)
            guard UTF8Validation.isValid(text) else { throw CBORError(.invalidUTF8, at: start) }
            return .textString(String(decoding: text, as: UTF8.self))
        case 4:
            guard depth < maximumDepth else { throw CBORError(.tooDeep(limit: maximumDepth), at: start) }
            // Each element takes at least one byte: a count above what is left cannot be honest.
            guard argument <= UInt64(remaining) else {
                throw CBORError(.lengthExceedsInput(declared: argument, available: remaining), at: start)
            }
            var elements: [CBOR] = []
            elements.reserveCapacity(Int(argument))
            for _ in 0..<Int(argument) { elements.append(try readItem(depth: depth + 1)) }
            return .array(elements)
        case 5:
            guard depth < maximumDepth else { throw CBORError(.tooDeep(limit: maximumDepth), at: start) }
            // Each entry takes at least two bytes.
            guard argument <= UInt64(remaining / 2) else {
                throw CBORError(.lengthExceedsInput(declared: argument, available: remaining), at: start)
            }
            return .map(try readMapEntries(count: Int(argument), depth: depth + 1, start: start))
        default:  // 6
            throw CBORError(.tagNotAllowed(argument), at: start)
        }
    }

    /// A map's entries, refused when two keys are equivalent (RFC 8949 §5.6). Equivalence is §5.6.1's:
    /// maps are equivalent when they hold equivalent pairs in any order. For a key without a map inside
    /// (integers, strings, simple values), each item having one allowed form makes equivalent keys equal
    /// bytes, and the bytes read are compared. An array or map key may hold a map whose entries came in
    /// another order, so those are compared by their canonical encoding (CBOREncoder.swift), which sorts
    /// every map's entries. (Without that, two such keys passed here, and encoding the map failed.)
    private mutating func readMapEntries(count: Int, depth: Int, start: Int) throws(CBORError) -> CBORMap {
        var entries: [CBORMap.Entry] = []
        entries.reserveCapacity(count)
        // Each key's bytes with its offset: plain keys as read (a slice of the input), array and map keys
        // in their canonical encoding. A key of one kind cannot equal one of the other: their first bytes'
        // major types differ.
        var keys: [(offset: Int, bytes: ArraySlice<UInt8>)] = []
        keys.reserveCapacity(count)
        for _ in 0..<count {
            let keyStart = position
            let key = try readItem(depth: depth)
            switch key {
            case .array, .map:
                // The key's own maps were checked as they were read, and it nests less deeply than the
                // decoder's limit (at most `largestDepthLimit`): the encoder has nothing to refuse. Were it
                // to refuse, its reason is passed on at the key's offset.
                do {
                    keys.append((keyStart, try CBOREncoder.encode(key)[...]))
                } catch {
                    throw CBORError(error.reason, at: keyStart)
                }
            default:
                keys.append((keyStart, bytes[keyStart..<position]))
            }
            let value = try readItem(depth: depth)
            entries.append(CBORMap.Entry(key: key, value: value))
        }
        if let duplicate = firstRepeatedKey(keys) { throw CBORError(.duplicateMapKey, at: duplicate) }
        return CBORMap(entries)
    }

    /// The later offset of two keys with equal bytes, or nil. Sorting keeps a hostile map of many keys from
    /// costing n² comparisons.
    private func firstRepeatedKey(_ keys: [(offset: Int, bytes: ArraySlice<UInt8>)]) -> Int? {
        if keys.count < 2 { return nil }
        let sorted = keys.sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
        for index in 1..<sorted.count where sorted[index - 1].bytes == sorted[index].bytes {
            return max(sorted[index - 1].offset, sorted[index].offset)
        }
        return nil
    }

    private mutating func readSimpleOrFloat(_ additional: UInt8, start: Int) throws(CBORError) -> CBOR {
        switch additional {
        case 20: return .boolean(false)
        case 21: return .boolean(true)
        case 22: return .null
        case 23: return .undefined
        case 0..<20: return .simple(additional)
        case 24:
            let value = try readByte()
            guard value >= 32 else { throw CBORError(.invalidSimpleValue(value), at: start) }
            return .simple(value)
        case 25, 26, 27: throw CBORError(.floatingPointNotAllowed, at: start)
        case 31: throw CBORError(.unexpectedBreak, at: start)
        default: throw CBORError(.reservedAdditionalInformation(additional), at: start)
        }
    }

    /// The argument of an item head (RFC 8949 §3): the additional information itself below 24, else the
    /// 1, 2, 4 or 8 bytes after it, which must be needed (the shortest form, §4.2.1).
    private mutating func readArgument(_ additional: UInt8, start: Int) throws(CBORError) -> UInt64 {
        let byteCount: Int
        switch additional {
        case 0..<24: return UInt64(additional)
        case 24: byteCount = 1
        case 25: byteCount = 2
        case 26: byteCount = 4
        case 27: byteCount = 8
        default: throw CBORError(.reservedAdditionalInformation(additional), at: start)
        }
        guard remaining >= byteCount else { throw CBORError(.truncated, at: bytes.count) }
        var value: UInt64 = 0
        for _ in 0..<byteCount {
            value = value << 8 | UInt64(bytes[position])
            position += 1
        }
        // The smallest value that needs this many bytes: 24, then 2^8, 2^16, 2^32.
        let smallest: UInt64 = byteCount == 1 ? 24 : 1 << (4 * UInt64(byteCount))
        guard value >= smallest else { throw CBORError(.nonShortestForm, at: start) }
        return value
    }

    private mutating func readByte() throws(CBORError) -> UInt8 {
        guard position < bytes.count else { throw CBORError(.truncated, at: bytes.count) }
        defer { position += 1 }
        return bytes[position]
    }

    private mutating func readBytes(count: UInt64, start: Int) throws(CBORError) -> ArraySlice<UInt8> {
        guard count <= UInt64(remaining) else {
            throw CBORError(.lengthExceedsInput(declared: count, available: remaining), at: start)
        }
        let end = position + Int(count)
        defer { position = end }
        return bytes[position..<end]
    }
}

extension CBOR {
    /// Decodes `bytes` as exactly one item with a default ``CBORDecoder``.
    public init(decoding bytes: [UInt8]) throws(CBORError) {
        self = try CBORDecoder().decode(bytes)
    }
}

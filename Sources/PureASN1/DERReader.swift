// A strict, zero-copy DER reader (X.690 §8 and §10).
//
// Accepted element layout (every other layout throws):
//   identifier  one byte whose low five bits are the tag number 0…30, or (high-tag-number form, X.690
//               §8.1.2.4) low bits 0b11111 and then one to four base-128 digits of a number from 31 on,
//               with no leading 0x80 digit (ASN1Tag.swift)
//   length      0x00…0x7F: the length itself (short form)
//               0x81 LL: 128…255;  0x82 LL LL: 256…65535;  0x83 …;  0x84 LL LL LL LL: up to 2^32-1
//               the long form only when the short form cannot express the length, with no leading
//               zero byte (shortest form, §10.1); 0x80 (indefinite, BER only) and 0x85… are rejected
//   content     exactly `length` bytes, all present in the input
//
// Nodes are views (ArraySlice) into the caller's bytes, so offsets in errors are offsets into the input,
// and nothing is allocated in proportion to a length field: a length is checked against the bytes that
// remain before anything uses it.

/// One DER element: its tag and its content, as views into the input.
public struct DERNode: Sendable {
    /// The element's tag.
    public let tag: ASN1Tag
    /// The whole element: identifier, length and content.
    public let encoded: ArraySlice<UInt8>
    /// The content octets.
    public let content: ArraySlice<UInt8>
    /// Nesting depth (0 for the outermost element).
    let depth: Int

    /// Offset of the element's first byte in the input.
    public var offset: Int { encoded.startIndex }
}

/// Parsing DER (X.690 §10): one element at a time, as views into the input.
public enum DER {
    /// The deepest nesting the reader follows. The containers here need 4; hostile input gets no further.
    public static let maximumDepth = 16

    /// Parses `bytes` as exactly one DER element; bytes after it are an error.
    public static func parse(_ bytes: [UInt8]) throws(ASN1Error) -> DERNode {
        try parse(bytes[...])
    }

    /// Parses `bytes` as exactly one DER element; bytes after it are an error.
    public static func parse(_ bytes: ArraySlice<UInt8>) throws(ASN1Error) -> DERNode {
        var remaining = bytes
        let node = try readElement(&remaining, depth: 0)
        guard remaining.isEmpty else { throw ASN1Error(.trailingBytes, at: remaining.startIndex) }
        return node
    }

    /// Reads one element from the front of `input`, leaving the rest in `input`.
    static func readElement(_ input: inout ArraySlice<UInt8>, depth: Int) throws(ASN1Error) -> DERNode {
        let start = input.startIndex
        guard depth <= maximumDepth else { throw ASN1Error(.tooDeep, at: start) }
        guard !input.isEmpty else { throw ASN1Error(.truncated, at: start) }
        var cursor = start
        let tag = try readTag(input, &cursor)
        guard cursor < input.endIndex else { throw ASN1Error(.truncated, at: cursor) }
        let lengthByte = input[cursor]
        cursor += 1
        var length = 0
        if lengthByte < 0x80 {
            length = Int(lengthByte)
        } else if lengthByte == 0x80 {
            throw ASN1Error(.indefiniteLength, at: cursor - 1)
        } else {
            let count = Int(lengthByte & 0x7F)
            guard count <= 4 else { throw ASN1Error(.unsupportedLength, at: cursor - 1) }
            guard input.endIndex - cursor >= count else { throw ASN1Error(.truncated, at: input.endIndex) }
            guard input[cursor] != 0 else { throw ASN1Error(.nonMinimalLength, at: cursor - 1) }
            for _ in 0..<count {
                length = length << 8 | Int(input[cursor])
                cursor += 1
            }
            guard length >= 0x80 else { throw ASN1Error(.nonMinimalLength, at: start + 1) }
        }
        guard input.endIndex - cursor >= length else { throw ASN1Error(.truncated, at: start) }

        let end = cursor + length
        let node = DERNode(tag: tag, encoded: input[start..<end],
                           content: input[cursor..<end], depth: depth)
        input = input[end...]
        return node
    }

    /// Reads the identifier octets at `cursor` (not at the end of `input`), leaving `cursor` after them.
    static func readTag(_ input: ArraySlice<UInt8>, _ cursor: inout Int) throws(ASN1Error) -> ASN1Tag {
        let start = cursor
        let identifier = input[cursor]
        cursor += 1
        guard identifier & 0x1F == 0x1F else { return ASN1Tag(identifier: identifier) }
        var number: UInt32 = 0
        for digitIndex in 0..<4 {
            guard cursor < input.endIndex else { throw ASN1Error(.truncated, at: cursor) }
            let digit = input[cursor]
            cursor += 1
            guard digitIndex > 0 || digit != 0x80 else { throw ASN1Error(.unsupportedTagNumber, at: start) }
            number = number << 7 | UInt32(digit & 0x7F)
            if digit & 0x80 == 0 {
                // The high form for a number the one-byte form can write is not DER.
                guard number >= 31 else { throw ASN1Error(.unsupportedTagNumber, at: start) }
                return ASN1Tag(ASN1Tag.TagClass(rawValue: identifier >> 6) ?? .universal, constructed: identifier & 0x20 != 0, tagNumber: number)
            }
        }
        throw ASN1Error(.unsupportedTagNumber, at: start)
    }
}

/// The children of a constructed element, read in order. Obtained from `DERNode.sequence(_:)` and
/// friends, which throw if any child is left unread: strict by construction.
public struct DERSequence: Sendable {
    private var remaining: ArraySlice<UInt8>
    private let depth: Int

    init(_ content: ArraySlice<UInt8>, depth: Int) {
        remaining = content
        self.depth = depth
    }

    /// Whether every child has been read.
    public var isEmpty: Bool { remaining.isEmpty }

    /// Offset of the next unread byte.
    public var offset: Int { remaining.startIndex }

    /// The tag of the next child, without consuming it (nil at the end or on a malformed identifier).
    public var nextTag: ASN1Tag? {
        guard !remaining.isEmpty else { return nil }
        var cursor = remaining.startIndex
        return try? DER.readTag(remaining, &cursor)
    }

    /// The next child; throws `missingElement(what)` at the end. `what` is built only then (an
    /// interpolated label would otherwise be a heap allocation on every call).
    public mutating func next(_ what: @autoclosure () -> String) throws(ASN1Error) -> DERNode {
        guard !remaining.isEmpty else { throw ASN1Error(.missingElement(what()), at: remaining.startIndex) }
        return try DER.readElement(&remaining, depth: depth)
    }

    /// The next child if it has `tag`, else nil (nothing consumed). For OPTIONAL and DEFAULT fields.
    public mutating func optional(_ tag: ASN1Tag) throws(ASN1Error) -> DERNode? {
        guard nextTag == tag else { return nil }
        return try DER.readElement(&remaining, depth: depth)
    }
}

extension DERNode {
    /// Throws unless this element has `tag`.
    public func require(_ expected: ASN1Tag) throws(ASN1Error) {
        guard tag == expected else { throw ASN1Error(.unexpectedTag(expected: expected, found: tag), at: offset) }
    }

    /// Reads this SEQUENCE's children with `body`, then throws if any child was left unread.
    public func sequence<T>(_ body: (inout DERSequence) throws(ASN1Error) -> T) throws(ASN1Error) -> T {
        try constructed(.sequence, body)
    }

    /// Reads the children of a constructed element with tag `expected` (SEQUENCE, SET, or an IMPLICIT
    /// context tag of a constructed type), then throws if any child was left unread.
    public func constructed<T>(_ expected: ASN1Tag, _ body: (inout DERSequence) throws(ASN1Error) -> T) throws(ASN1Error) -> T {
        try require(expected)
        var children = DERSequence(content, depth: depth + 1)
        let result = try body(&children)
        guard children.isEmpty else { throw ASN1Error(.unconsumedElements, at: children.offset) }
        return result
    }

    /// The single element inside an EXPLICIT context tag `[number]`.
    public func explicit(_ number: UInt8) throws(ASN1Error) -> DERNode {
        try constructed(.contextSpecific(number, constructed: true)) { (children) throws(ASN1Error) in
            try children.next("tagged [\(number)] value")
        }
    }
}

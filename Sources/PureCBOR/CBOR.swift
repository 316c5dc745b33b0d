// One CBOR data item (RFC 8949 §3), of the kinds WebAuthn, CTAP2 and COSE use: integers, byte and text
// strings, arrays, maps and simple values. Floating-point numbers and tags are not among them; the
// decoder refuses them (CBORError.Reason.floatingPointNotAllowed, .tagNotAllowed).

/// A CBOR data item (RFC 8949 §3) of the kinds WebAuthn and COSE use.
///
/// Integers keep CBOR's own range, -2^64 ... 2^64 - 1, as two cases: ``unsignedInteger(_:)`` holds major
/// type 0, ``negativeInteger(_:)`` major type 1, whose value is -1 - n. ``integerValue`` gives the value as
/// an `Int64` when it fits. Equality is structural, as CBOR defines it (RFC 8949 §2): text strings are equal
/// when their UTF-8 bytes are (not under Unicode canonical equivalence, as Swift's `String` compares), and
/// two maps are equal when they hold the same entries in the same order.
public enum CBOR: Hashable, Sendable {
    /// Major type 0: the integer n, 0 ... 2^64 - 1.
    case unsignedInteger(UInt64)
    /// Major type 1: the integer -1 - n, for n in 0 ... 2^64 - 1 (so -2^64 ... -1).
    case negativeInteger(UInt64)
    /// Major type 2: a byte string.
    case byteString([UInt8])
    /// Major type 3: a text string (UTF-8 on the wire).
    case textString(String)
    /// Major type 4: an array.
    case array([CBOR])
    /// Major type 5: a map, its entries in the order they were read (or are to be sorted on encoding).
    case map(CBORMap)
    /// The simple values 20 and 21 (`false`, `true`).
    case boolean(Bool)
    /// The simple value 22 (`null`).
    case null
    /// The simple value 23 (`undefined`).
    case undefined
    /// Any other simple value: 0 ... 19 or 32 ... 255 (RFC 8949 §3.3; 24 ... 31 are not well-formed).
    case simple(UInt8)

    /// An integer item for `value`: ``unsignedInteger(_:)`` when it is not negative, else
    /// ``negativeInteger(_:)``.
    public init(_ value: Int64) {
        if value >= 0 {
            self = .unsignedInteger(UInt64(value))
        } else {
            // -1 - value without overflow: ~value is exactly that for a two's complement negative value.
            self = .negativeInteger(UInt64(~value))
        }
    }

    /// The item's value when it is an integer that fits in an `Int64`, else nil.
    public var integerValue: Int64? {
        switch self {
        case .unsignedInteger(let n): return n <= UInt64(Int64.max) ? Int64(n) : nil
        case .negativeInteger(let n): return n <= UInt64(Int64.max) ? ~Int64(n) : nil
        default: return nil
        }
    }

    /// The bytes of a byte string, else nil.
    public var byteStringValue: [UInt8]? {
        if case .byteString(let bytes) = self { return bytes }
        return nil
    }

    /// The text of a text string, else nil.
    public var textStringValue: String? {
        if case .textString(let text) = self { return text }
        return nil
    }

    /// The elements of an array, else nil.
    public var arrayValue: [CBOR]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The entries of a map, else nil.
    public var mapValue: CBORMap? {
        if case .map(let map) = self { return map }
        return nil
    }

    /// The value of `true` or `false`, else nil.
    public var booleanValue: Bool? {
        if case .boolean(let value) = self { return value }
        return nil
    }

    public static func == (lhs: CBOR, rhs: CBOR) -> Bool {
        switch (lhs, rhs) {
        case (.unsignedInteger(let a), .unsignedInteger(let b)): return a == b
        case (.negativeInteger(let a), .negativeInteger(let b)): return a == b
        case (.byteString(let a), .byteString(let b)): return a == b
        case (.textString(let a), .textString(let b)): return a.utf8.elementsEqual(b.utf8)
        case (.array(let a), .array(let b)): return a == b
        case (.map(let a), .map(let b)): return a == b
        case (.boolean(let a), .boolean(let b)): return a == b
        case (.null, .null), (.undefined, .undefined): return true
        case (.simple(let a), .simple(let b)): return a == b
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(majorType)
        switch self {
        case .unsignedInteger(let n), .negativeInteger(let n): hasher.combine(n)
        case .byteString(let bytes): hasher.combine(bytes)
        case .textString(let text):
            hasher.combine(text.utf8.count)
            for byte in text.utf8 { hasher.combine(byte) }
        case .array(let elements): hasher.combine(elements)
        case .map(let map): hasher.combine(map)
        case .boolean(let value): hasher.combine(value)
        case .null: hasher.combine(22 as UInt8)
        case .undefined: hasher.combine(23 as UInt8)
        case .simple(let value): hasher.combine(value)
        }
    }

    /// The major type (RFC 8949 §3.1) the item is encoded with: 0 ... 5, or 7 for simple values.
    public var majorType: UInt8 {
        switch self {
        case .unsignedInteger: return 0
        case .negativeInteger: return 1
        case .byteString: return 2
        case .textString: return 3
        case .array: return 4
        case .map: return 5
        case .boolean, .null, .undefined, .simple: return 7
        }
    }
}

/// The entries of a CBOR map, in order, with lookup by key.
///
/// Lookup compares keys structurally and returns the first match; maps the decoder returns never hold a
/// key twice (a duplicate is refused), and the encoder refuses a map that does.
public struct CBORMap: Hashable, Sendable {
    /// One key and its value.
    public struct Entry: Hashable, Sendable {
        /// The entry's key.
        public var key: CBOR
        /// The entry's value.
        public var value: CBOR

        /// An entry mapping `key` to `value`.
        public init(key: CBOR, value: CBOR) {
            self.key = key
            self.value = value
        }
    }

    /// The entries, in order.
    public var entries: [Entry]

    /// A map of `entries`, in that order.
    public init(_ entries: [Entry] = []) {
        self.entries = entries
    }

    /// A map of the given key-value pairs, in that order.
    public init(pairs: [(CBOR, CBOR)]) {
        self.entries = pairs.map { Entry(key: $0.0, value: $0.1) }
    }

    /// The number of entries.
    public var count: Int { entries.count }

    /// The value for `key`, or nil.
    public subscript(key: CBOR) -> CBOR? {
        for entry in entries where entry.key == key { return entry.value }
        return nil
    }

    /// The value for the integer key `key` (COSE's labels), or nil.
    public subscript(key: Int64) -> CBOR? { self[CBOR(key)] }

    /// The value for the text key `key` (WebAuthn's attestation object), or nil. Keys compare as UTF-8
    /// bytes, as CBOR compares them.
    public subscript(key: String) -> CBOR? {
        for entry in entries {
            if case .textString(let text) = entry.key, text.utf8.elementsEqual(key.utf8) { return entry.value }
        }
        return nil
    }

    /// Appends an entry (no check for an existing key: encoding refuses duplicates).
    public mutating func append(_ key: CBOR, _ value: CBOR) {
        entries.append(Entry(key: key, value: value))
    }
}

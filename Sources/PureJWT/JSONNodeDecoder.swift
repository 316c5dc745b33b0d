// Decodes `Decodable` types from a parsed JSONNode tree, in place of Foundation's JSONDecoder on the
// verification path: the token's payload is parsed once (JSONNode.swift) and both the registered claims
// and the caller's type are read from that tree.
//
// Behaves as a JSONDecoder with its default strategies, so claims types written for JSONDecoder decode
// the same: Date through its own Decodable (seconds since 2001, "deferredToDate"), Data from a base64
// string, URL from a string, Decimal from a number. Integers must be exact and in range (1.0 is 1; 1.5
// and 2^64 are errors for Int); a missing key, a null where a value is required and a type mismatch are
// DecodingErrors with the coding path, as JSONDecoder reports them.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

enum JSONNodeDecoder {
    static func decode<T: Decodable>(_ type: T.Type, from node: JSONNode) throws -> T {
        try NodeDecoder(node: node, codingPath: []).decodeValue(T.self)
    }

    /// A one-line description of a decoding error, naming the coding path.
    static func describe(_ error: any Error) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.isEmpty ? "the top level" : "\"" + context.codingPath.map { key in
                key.intValue.map { "[\($0)]" } ?? key.stringValue
            }.joined(separator: ".") + "\""
        }
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?:
            return "missing \"\(key.stringValue)\" in \(path(context))"
        case .valueNotFound(_, let context)?, .typeMismatch(_, let context)?, .dataCorrupted(let context)?:
            return "\(path(context)): \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }
}

/// A coding key for array positions.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { return nil }
}

/// The decoder over one node. `JSONValue.init(from:)` reads `node` directly when handed this decoder, so
/// loosely typed claims decode without throwing and catching an error for every type tried.
struct NodeDecoder: Decoder {
    let node: JSONNode
    /// The path to the parent, and this value's key in it: `codingPath` is built from them only when
    /// asked (for an error, or a nested container), so that decoding a member allocates no path array.
    private let parentPath: [any CodingKey]
    private let key: (any CodingKey)?
    var codingPath: [any CodingKey] {
        guard let key else { return parentPath }
        return parentPath + [key]
    }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(node: JSONNode, codingPath: [any CodingKey]) {
        (self.node, parentPath, key) = (node, codingPath, nil)
    }

    init(node: JSONNode, parentPath: [any CodingKey], key: any CodingKey) {
        (self.node, self.parentPath, self.key) = (node, parentPath, key)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = node else { throw mismatch(expected: "an object") }
        return KeyedDecodingContainer(KeyedNodeContainer<Key>(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = node else { throw mismatch(expected: "an array") }
        return UnkeyedNodeContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func mismatch(expected: String) -> DecodingError {
        if case .null = node {
            return .valueNotFound(Any.self, .init(codingPath: codingPath, debugDescription: "expected \(expected), found null"))
        }
        return .typeMismatch(Any.self, .init(codingPath: codingPath, debugDescription: "expected \(expected), found \(node.kind)"))
    }

    // MARK: - Values

    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        // JSONDecoder's default strategies for the Foundation types it treats specially.
        if T.self == Data.self {
            let text = try decodeString()
            guard let data = Data(base64Encoded: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "expected base64 data"))
            }
            return data as! T
        }
        if T.self == URL.self {
            guard let url = URL(string: try decodeString()) else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "invalid URL"))
            }
            return url as! T
        }
        if T.self == Decimal.self {
            guard case .number(let text) = node, let decimal = Decimal(string: text) else { throw mismatch(expected: "a number") }
            return decimal as! T
        }
        return try T(from: self)
    }

    func decodeString() throws -> String {
        guard case .string(let value) = node else { throw mismatch(expected: "a string") }
        return value
    }

    func decodeBool() throws -> Bool {
        guard case .bool(let value) = node else { throw mismatch(expected: "a boolean") }
        return value
    }

    func decodeFloatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(_ type: T.Type) throws -> T {
        guard case .number(let text) = node else { throw mismatch(expected: "a number") }
        guard let value = T(text), value.isFinite else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "the number \(text) does not fit in \(T.self)"))
        }
        return value
    }

    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard case .number(let text) = node else { throw mismatch(expected: "a number") }
        if let value = T(text, radix: 10) { return value }
        // "1.0" or "1e3": exact integers written another way, as JSONDecoder accepts them.
        if let double = Double(text), double.isFinite, double.rounded(.towardZero) == double,
           let value = T(exactly: double) {
            return value
        }
        throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "the number \(text) does not fit in \(T.self)"))
    }
}

extension NodeDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool { if case .null = node { return true } else { return false } }
    func decode(_ type: Bool.Type) throws -> Bool { try decodeBool() }
    func decode(_ type: String.Type) throws -> String { try decodeString() }
    func decode(_ type: Double.Type) throws -> Double { try decodeFloatingPoint(Double.self) }
    func decode(_ type: Float.Type) throws -> Float { try decodeFloatingPoint(Float.self) }
    func decode(_ type: Int.Type) throws -> Int { try decodeInteger(Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decodeInteger(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decodeInteger(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decodeInteger(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decodeInteger(Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try decodeInteger(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeInteger(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeInteger(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeInteger(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeInteger(UInt64.self) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(T.self) }
}

struct KeyedNodeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let codingPath: [any CodingKey]

    var allKeys: [Key] { object.names.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

    private func member(_ key: Key) throws -> NodeDecoder {
        guard let node = object[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no member \"\(key.stringValue)\""))
        }
        return NodeDecoder(node: node, parentPath: codingPath, key: key)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key).decodeNil() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try member(key).decodeBool() }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try member(key).decodeString() }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try member(key).decodeFloatingPoint(Double.self) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try member(key).decodeFloatingPoint(Float.self) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try member(key).decodeInteger(Int.self) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try member(key).decodeInteger(Int8.self) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try member(key).decodeInteger(Int16.self) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try member(key).decodeInteger(Int32.self) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try member(key).decodeInteger(Int64.self) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try member(key).decodeInteger(UInt.self) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try member(key).decodeInteger(UInt8.self) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try member(key).decodeInteger(UInt16.self) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try member(key).decodeInteger(UInt32.self) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try member(key).decodeInteger(UInt64.self) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try member(key).decodeValue(T.self) }

    // decodeIfPresent: absent or null is nil (JSONDecoder's rule); the default implementations would look
    // the key up twice.
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let node = object[key.stringValue] else { return nil }
        if case .null = node { return nil }
        return try NodeDecoder(node: node, parentPath: codingPath, key: key).decodeString()
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        guard let node = object[key.stringValue] else { return nil }
        if case .null = node { return nil }
        return try NodeDecoder(node: node, parentPath: codingPath, key: key).decodeFloatingPoint(Double.self)
    }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard let node = object[key.stringValue] else { return nil }
        if case .null = node { return nil }
        return try NodeDecoder(node: node, parentPath: codingPath, key: key).decodeBool()
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let node = object[key.stringValue] else { return nil }
        if case .null = node { return nil }
        return try NodeDecoder(node: node, parentPath: codingPath, key: key).decodeValue(T.self)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try member(key).container(keyedBy: NestedKey.self)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try member(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        NodeDecoder(node: object["super"] ?? .null, parentPath: codingPath, key: IndexKey(0))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        NodeDecoder(node: object[key.stringValue] ?? .null, parentPath: codingPath, key: key)
    }
}

struct UnkeyedNodeContainer: UnkeyedDecodingContainer {
    let elements: [JSONNode]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(elements: [JSONNode], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The next element's decoder; advances only when `body` succeeds, as JSONDecoder does.
    private mutating func next<T>(_ body: (NodeDecoder) throws -> T) throws -> T {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(T.self, .init(codingPath: codingPath + [IndexKey(currentIndex)],
                                                             debugDescription: "the array has only \(elements.count) elements"))
        }
        let value = try body(NodeDecoder(node: elements[currentIndex], parentPath: codingPath, key: IndexKey(currentIndex)))
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { return false }
        if case .null = elements[currentIndex] { currentIndex += 1; return true }
        return false
    }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try next { try $0.decodeBool() } }
    mutating func decode(_ type: String.Type) throws -> String { try next { try $0.decodeString() } }
    mutating func decode(_ type: Double.Type) throws -> Double { try next { try $0.decodeFloatingPoint(Double.self) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try next { try $0.decodeFloatingPoint(Float.self) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try next { try $0.decodeInteger(Int.self) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next { try $0.decodeInteger(Int8.self) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next { try $0.decodeInteger(Int16.self) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next { try $0.decodeInteger(Int32.self) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next { try $0.decodeInteger(Int64.self) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next { try $0.decodeInteger(UInt.self) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next { try $0.decodeInteger(UInt8.self) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next { try $0.decodeInteger(UInt16.self) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next { try $0.decodeInteger(UInt32.self) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next { try $0.decodeInteger(UInt64.self) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next { try $0.decodeValue(T.self) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next { try $0.container(keyedBy: NestedKey.self) }
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next { try $0.unkeyedContainer() }
    }
    mutating func superDecoder() throws -> any Decoder { try next { $0 } }
}

// Encodes `Encodable` values into a JSONNode tree (written out by JSONWriter.swift), in place of
// Foundation's JSONEncoder on the signing path.
//
// Behaves as a JSONEncoder with its default strategies, so claims types written for JSONEncoder encode
// the same values: Date through its own Encodable (seconds since 2001), Data as a base64 string, URL as its
// absolute string, Decimal as a number; a value that encodes nothing is an empty object; NaN and infinity
// are errors. Keys are written sorted and '/' is not escaped (as JSONEncoder with `.sortedKeys` and
// `.withoutEscapingSlashes` writes them), so tokens are deterministic.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

enum JSONNodeEncoder {
    static func encode<T: Encodable>(_ value: T) throws -> JSONNode {
        let slot = EncodingSlot()
        try NodeEncoder(slot: slot, codingPath: []).encodeValue(value)
        return slot.node
    }
}

/// Where one value is being built. Containers are classes so that a container handed out by an encoder
/// keeps writing into the same place, as the Encoder protocol requires.
final class EncodingSlot {
    enum Content { case empty, node(JSONNode), object(EncodingObject), array(EncodingArray) }
    var content: Content = .empty

    var node: JSONNode {
        switch content {
        case .empty: return .object(JSONObject())
        case .node(let node): return node
        case .object(let object): return .object(object.node)
        case .array(let array): return .array(array.slots.map(\.node))
        }
    }

    func object() -> EncodingObject {
        if case .object(let object) = content { return object }
        let object = EncodingObject()
        content = .object(object)
        return object
    }

    func array() -> EncodingArray {
        if case .array(let array) = content { return array }
        let array = EncodingArray()
        content = .array(array)
        return array
    }
}

final class EncodingObject {
    /// A member's value: finished (a primitive, written by the keyed container directly) or still being
    /// built by a nested encoder.
    enum Value { case node(JSONNode), slot(EncodingSlot) }

    /// The members, in one stored property: each access to a class's stored property is checked for
    /// exclusivity at run time, so setting a member costs one check instead of three.
    private var members = Members()

    private struct Members {
        var names: [String] = []
        var values: [Value] = []

        /// Sets `name`, replacing what an earlier encode of the same key wrote (JSONEncoder's rule).
        /// Lengths are compared first, as in `JSONObject`'s lookup: `==` on two different short strings
        /// takes String's slow comparison path.
        mutating func set(_ name: String, _ value: Value) {
            let length = name.utf8.count
            if let index = names.firstIndex(where: { $0.utf8.count == length && $0 == name }) {
                values[index] = value
            } else {
                names.append(name)
                values.append(value)
            }
        }
    }

    init() {
        // Claims objects have a handful of members: one allocation each instead of growing 1, 2, 4, 8.
        members.names.reserveCapacity(8)
        members.values.reserveCapacity(8)
    }

    /// Sets `name`, replacing what an earlier encode of the same key wrote.
    func set(_ name: String, _ value: Value) { members.set(name, value) }

    /// A new slot for `name`, for a nested encoder to fill.
    func slot(_ name: String) -> EncodingSlot {
        let slot = EncodingSlot()
        set(name, .slot(slot))
        return slot
    }

    var node: JSONObject {
        let members = self.members
        return JSONObject(names: members.names, values: members.values.map { value in
            switch value {
            case .node(let node): return node
            case .slot(let slot): return slot.node
            }
        })
    }
}

final class EncodingArray {
    var slots: [EncodingSlot] = []

    func append() -> EncodingSlot {
        let slot = EncodingSlot()
        slots.append(slot)
        return slot
    }
}

struct NodeEncoder: Encoder {
    let slot: EncodingSlot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedNodeEncodingContainer<Key>(object: slot.object(), codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedNodeEncodingContainer(array: slot.array(), codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    func encodeValue<T: Encodable>(_ value: T) throws {
        // JSONEncoder's default strategies for the Foundation types it treats specially.
        // (Type comparisons, not `as?` casts: a dynamic cast per value costs more than encoding it.)
        if T.self == Data.self { slot.content = .node(.string((value as! Data).base64EncodedString())); return }
        if T.self == URL.self { slot.content = .node(.string((value as! URL).absoluteString)); return }
        if T.self == Decimal.self { slot.content = .node(.number((value as! Decimal).description)); return }
        try value.encode(to: self)
    }

    func number<T: BinaryFloatingPoint & CustomStringConvertible>(_ value: T) throws -> JSONNode {
        try Self.number(value, codingPath: codingPath)
    }

    /// `codingPath` is only evaluated for the error.
    static func number<T: BinaryFloatingPoint & CustomStringConvertible>(
        _ value: T, codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> JSONNode {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath(), debugDescription: "\(value) is not a JSON number"))
        }
        // Swift's shortest round-trip text ("1.5", "1e-07", "1e+20") is valid JSON; integral values
        // lose their ".0" as JSONEncoder writes them.
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .number(text)
    }
}

extension NodeEncoder: SingleValueEncodingContainer {
    func encodeNil() { slot.content = .node(.null) }
    func encode(_ value: Bool) { slot.content = .node(.bool(value)) }
    func encode(_ value: String) { slot.content = .node(.string(value)) }
    func encode(_ value: Double) throws { slot.content = .node(try number(value)) }
    func encode(_ value: Float) throws { slot.content = .node(try number(value)) }
    func encode(_ value: Int) { slot.content = .node(.number(String(value))) }
    func encode(_ value: Int8) { slot.content = .node(.number(String(value))) }
    func encode(_ value: Int16) { slot.content = .node(.number(String(value))) }
    func encode(_ value: Int32) { slot.content = .node(.number(String(value))) }
    func encode(_ value: Int64) { slot.content = .node(.number(String(value))) }
    func encode(_ value: UInt) { slot.content = .node(.number(String(value))) }
    func encode(_ value: UInt8) { slot.content = .node(.number(String(value))) }
    func encode(_ value: UInt16) { slot.content = .node(.number(String(value))) }
    func encode(_ value: UInt32) { slot.content = .node(.number(String(value))) }
    func encode(_ value: UInt64) { slot.content = .node(.number(String(value))) }
    func encode<T: Encodable>(_ value: T) throws { try encodeValue(value) }
}

struct KeyedNodeEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: EncodingObject
    let codingPath: [any CodingKey]

    private func encoder(_ key: Key) -> NodeEncoder {
        NodeEncoder(slot: object.slot(key.stringValue), codingPath: codingPath + [key])
    }

    // Primitives go straight into the object: no slot, no nested encoder, no coding path to build.
    private func set(_ key: Key, _ node: JSONNode) { object.set(key.stringValue, .node(node)) }
    mutating func encodeNil(forKey key: Key) { set(key, .null) }
    mutating func encode(_ value: Bool, forKey key: Key) { set(key, .bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) { set(key, .string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(key, try NodeEncoder.number(value, codingPath: codingPath + [key])) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(key, try NodeEncoder.number(value, codingPath: codingPath + [key])) }
    mutating func encode(_ value: Int, forKey key: Key) { set(key, .number(String(value))) }
    mutating func encode(_ value: Int8, forKey key: Key) { set(key, .number(String(value))) }
    mutating func encode(_ value: Int16, forKey key: Key) { set(key, .number(String(value))) }
    mutating func encode(_ value: Int32, forKey key: Key) { set(key, .number(String(value))) }
    mutating func encode(_ value: Int64, forKey key: Key) { set(key, .number(String(value))) }
    mutating func encode(_ value: UInt, forKey key: Key) { set(key, .number(String(value))) }
    mutating func encode(_ value: UInt8, forKey key: Key) { set(key, .number(String(value))) }
    mutating func encode(_ value: UInt16, forKey key: Key) { set(key, .number(String(value))) }
    mutating func encode(_ value: UInt32, forKey key: Key) { set(key, .number(String(value))) }
    mutating func encode(_ value: UInt64, forKey key: Key) { set(key, .number(String(value))) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        // This module's own claim types, whose JSON is known: no nested encoder for them. (Type
        // comparisons, as in `encodeValue`; the output is what their `encode(to:)` writes.)
        if T.self == NumericDate.self { set(key, try (value as! NumericDate).jsonNode(codingPath: codingPath + [key])); return }
        if T.self == Audience.self { set(key, (value as! Audience).jsonNode); return }
        try encoder(key).encodeValue(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        encoder(key).container(keyedBy: NestedKey.self)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder(key).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder {
        NodeEncoder(slot: object.slot("super"), codingPath: codingPath + [IndexKey(0)])
    }
    mutating func superEncoder(forKey key: Key) -> any Encoder { encoder(key) }
}

struct UnkeyedNodeEncodingContainer: UnkeyedEncodingContainer {
    let array: EncodingArray
    let codingPath: [any CodingKey]
    var count: Int { array.slots.count }

    private func encoder() -> NodeEncoder {
        let index = array.slots.count
        return NodeEncoder(slot: array.append(), codingPath: codingPath + [IndexKey(index)])
    }

    mutating func encodeNil() { encoder().encodeNil() }
    mutating func encode(_ value: Bool) { encoder().encode(value) }
    mutating func encode(_ value: String) { encoder().encode(value) }
    mutating func encode(_ value: Double) throws { try encoder().encode(value) }
    mutating func encode(_ value: Float) throws { try encoder().encode(value) }
    mutating func encode(_ value: Int) { encoder().encode(value) }
    mutating func encode(_ value: Int8) { encoder().encode(value) }
    mutating func encode(_ value: Int16) { encoder().encode(value) }
    mutating func encode(_ value: Int32) { encoder().encode(value) }
    mutating func encode(_ value: Int64) { encoder().encode(value) }
    mutating func encode(_ value: UInt) { encoder().encode(value) }
    mutating func encode(_ value: UInt8) { encoder().encode(value) }
    mutating func encode(_ value: UInt16) { encoder().encode(value) }
    mutating func encode(_ value: UInt32) { encoder().encode(value) }
    mutating func encode(_ value: UInt64) { encoder().encode(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encoder().encodeValue(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        encoder().container(keyedBy: NestedKey.self)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { encoder().unkeyedContainer() }
    mutating func superEncoder() -> any Encoder { encoder() }
}

extension NumericDate {
    /// What `encode(to:)` writes: an integer when the value is whole (and below 10^15), else the number.
    func jsonNode(codingPath: @autoclosure () -> [any CodingKey]) throws -> JSONNode {
        if secondsSince1970.rounded() == secondsSince1970, abs(secondsSince1970) < 1e15 {
            return .number(String(Int64(secondsSince1970)))
        }
        return try NodeEncoder.number(secondsSince1970, codingPath: codingPath())
    }
}

extension Audience {
    /// What `encode(to:)` writes: one audience as a string, several as an array.
    var jsonNode: JSONNode {
        values.count == 1 ? .string(values[0]) : .array(values.map { .string($0) })
    }
}

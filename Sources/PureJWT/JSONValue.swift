// Any JSON value, for members a Decodable type does not know (kept as they came), and the strict JSON
// decoder behind verification made public for other untrusted documents (key sets, webhook bodies,
// endpoint responses).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A JSON value. Numbers are `Double`s: one beyond Double's range is a decoding error, not infinity.
public indirect enum JSONValue: Codable, Sendable, Hashable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as a `Double` (RFC 8259 §6: what interoperable JSON numbers can hold).
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object (member names are unique: the parser refuses duplicates).
    case object([String: JSONValue])

    /// Any JSON value, from any decoder (directly from the parsed tree on PureJWT's).
    public init(from decoder: any Decoder) throws {
        // From PureJWT's decoder (every token): convert the parsed tree directly; trying each type in turn
        // would throw and catch up to four errors per value.
        if let nodeDecoder = decoder as? NodeDecoder {
            // The path is built only for an error: building it for every value (an array of existential
            // keys) cost 2% of an Apple identity-token verification.
            try self.init(nodeDecoder.node, codingPath: nodeDecoder.codingPath)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    /// The members of the object that `decoder` is decoding, without those named in `excluding`: for claims
    /// types that keep the claims they do not know (`AppleIdentityToken.otherClaims`). On PureJWT's decoder
    /// this walks the parsed members; on any other decoder it goes through `allKeys`.
    public static func members(of decoder: any Decoder, excluding names: Set<String>) throws -> [String: JSONValue] {
        var members: [String: JSONValue] = [:]
        if let nodeDecoder = decoder as? NodeDecoder {
            guard case .object(let object) = nodeDecoder.node else {
                throw DecodingError.typeMismatch([String: JSONValue].self, .init(codingPath: nodeDecoder.codingPath,
                                                                                   debugDescription: "expected an object, found \(nodeDecoder.node.kind)"))
            }
            for (name, value) in zip(object.names, object.values) where !names.contains(name) {
                members[name] = try JSONValue(value, codingPath: nodeDecoder.codingPath + [MemberKey(stringValue: name)])
            }
            return members
        }
        let container = try decoder.container(keyedBy: MemberKey.self)
        for key in container.allKeys where !names.contains(key.stringValue) {
            members[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
        }
        return members
    }
}

extension JSONValue {
    /// The value of a parsed node; a number beyond Double's range is an error, as in the general path.
    init(_ node: JSONNode, codingPath: @autoclosure () -> [any CodingKey]) throws {
        switch node {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .number(let text):
            guard let value = Double(text), value.isFinite else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath(), debugDescription: "the number \(text) does not fit in Double"))
            }
            self = .number(value)
        case .string(let value): self = .string(value)
        case .array(let elements): self = .array(try elements.map { try JSONValue($0, codingPath: codingPath()) })
        case .object(let object):
            var members: [String: JSONValue] = [:]
            for (name, value) in zip(object.names, object.values) { members[name] = try JSONValue(value, codingPath: codingPath()) }
            self = .object(members)
        }
    }
}

extension JSONValue {
    /// Writes the value as it is (a non-finite number throws: JSON has none).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let elements): try container.encode(elements)
        case .object(let members): try container.encode(members)
        }
    }

    /// The parsed-tree form, for writing a signed token's header directly.
    func node() throws -> JSONNode {
        switch self {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .number(let value): return try NodeEncoder.number(value, codingPath: [])
        case .string(let value): return .string(value)
        case .array(let elements): return .array(try elements.map { try $0.node() })
        case .object(let members):
            var object = JSONObject()
            for (name, value) in members {
                object.names.append(name)
                object.values.append(try value.node())
            }
            return .object(object)
        }
    }
}

/// A coding key for any member name.
struct MemberKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}

/// Decodes `Decodable` types from JSON by the same strict rules as token payloads: RFC 8259 exactly,
/// valid UTF-8, duplicate member names refused (two "keys" or two "payload" members are an attack, not a
/// typo), nesting at most 32 deep, numbers exact or refused. Otherwise it decodes as Foundation's
/// `JSONDecoder` with its default strategies, so a type written for one decodes the same with the other.
///
/// ```swift
/// let body = try StrictJSONDecoder().decode(WebhookBody.self, from: requestBytes)
/// ```
public struct StrictJSONDecoder: Sendable {
    /// Documents larger than this many bytes are refused before parsing (default 1 MiB).
    public var maximumSize: Int

    /// A decoder refusing documents over `maximumSize` bytes.
    public init(maximumSize: Int = 1 << 20) { self.maximumSize = maximumSize }

    /// `T` from the JSON document in `bytes`. Throws `JWTError.Reason.invalidJSON` with the byte offset
    /// of a syntax error, or the coding path of a decoding error.
    public func decode<T: Decodable, Bytes: Collection>(_ type: T.Type, from bytes: Bytes) throws(JWTError) -> T
    where Bytes.Element == UInt8 {
        guard bytes.count <= maximumSize else {
            throw JWTError(.invalidJSON("the document is \(bytes.count) bytes, over the limit of \(maximumSize)"))
        }
        let node: JSONNode
        do { node = try JSONNode.parse(Array(bytes)) } catch { throw JWTError(.invalidJSON(error.description)) }
        do { return try JSONNodeDecoder.decode(T.self, from: node) } catch {
            throw JWTError(.invalidJSON(JSONNodeDecoder.describe(error)))
        }
    }

    /// `T` from JSON text.
    public func decode<T: Decodable>(_ type: T.Type, from text: String) throws(JWTError) -> T {
        try decode(T.self, from: Array(text.utf8))
    }
}

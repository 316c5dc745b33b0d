// Any JSON value, for claims this library does not know (kept as they came).

import PureJWT

/// A JSON value.
public indirect enum JSONValue: Decodable, Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        // From PureJWT's decoder (every token): convert the parsed tree directly; trying each type in turn
        // would throw and catch up to four errors per value.
        if let node = (decoder as? NodeDecoder)?.node {
            try self.init(node, codingPath: decoder.codingPath)
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
}

extension JSONValue {
    /// The value of a parsed node; a number beyond Double's range is an error, as in the general path.
    init(_ node: JSONNode, codingPath: [any CodingKey]) throws {
        switch node {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .number(let text):
            guard let value = Double(text), value.isFinite else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "the number \(text) does not fit in Double"))
            }
            self = .number(value)
        case .string(let value): self = .string(value)
        case .array(let elements): self = .array(try elements.map { try JSONValue($0, codingPath: codingPath) })
        case .object(let object):
            var members: [String: JSONValue] = [:]
            for (name, value) in zip(object.names, object.values) { members[name] = try JSONValue(value, codingPath: codingPath) }
            self = .object(members)
        }
    }
}

/// A coding key for any member name.
struct AnyCodingKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}

// The JOSE header (RFC 7515 §4.1). The registered members below are typed; every other member is kept in
// `additionalMembers` as it came, and written when signing. "jku", "x5u", "jwk" and "x5c" are never used
// to find a key (a token must not choose the key that verifies it).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The header of a JWS.
public struct JWTHeader: Codable, Sendable, Hashable {
    /// "alg": the signature algorithm (RFC 7515 §4.1.1); "none" is always refused.
    public var alg: String
    /// "kid": which key signed (§4.1.4).
    public var kid: String?
    /// "typ": the media type of the whole token, usually "JWT" (§4.1.9).
    public var typ: String?
    /// "cty": the media type of the payload (§4.1.10).
    public var cty: String?
    /// "crit": extensions the verifier must understand (§4.1.11); only "b64" is understood.
    public var crit: [String]?
    /// RFC 7797; only `true` (or absent) is accepted.
    public var b64: Bool?
    /// Every other member ("x5t#S256", "jku", a private "ver"...), as it came or as it is to be written.
    /// The names above cannot be set here: signing throws if one is (set the property instead).
    public var additionalMembers: [String: JSONValue]

    /// The members with a property of their own.
    static let registeredNames: Set<String> = ["alg", "kid", "typ", "cty", "crit", "b64"]

    /// A header for signing; "typ" defaults to "JWT".
    public init(alg: String, kid: String? = nil, typ: String? = "JWT", cty: String? = nil,
                additionalMembers: [String: JSONValue] = [:]) {
        self.alg = alg
        self.kid = kid
        self.typ = typ
        self.cty = cty
        self.additionalMembers = additionalMembers
    }

    /// Reads the members of a header object: "alg" must be a string; "kid", "typ" and "cty" strings;
    /// "crit" an array of strings; "b64" a boolean. Other members are kept in `additionalMembers`.
    init(object: JSONObject) throws(JWTError) {
        func string(_ name: String) throws(JWTError) -> String? { try object.headerString(name) }
        guard let alg = try string("alg") else { throw JWTError(.malformed(part: "header", detail: "no \"alg\"")) }
        self.alg = alg
        kid = try string("kid")
        typ = try string("typ")
        cty = try string("cty")
        switch object["crit"] {
        case nil: crit = nil
        case .array(let elements)?:
            var names: [String] = []
            for element in elements {
                guard case .string(let name) = element else {
                    throw JWTError(.malformed(part: "header", detail: "\"crit\" must be an array of strings"))
                }
                names.append(name)
            }
            crit = names
        default: throw JWTError(.malformed(part: "header", detail: "\"crit\" must be an array of strings"))
        }
        switch object["b64"] {
        case nil: b64 = nil
        case .bool(let value)?: b64 = value
        default: throw JWTError(.malformed(part: "header", detail: "\"b64\" must be a boolean"))
        }
        additionalMembers = [:]
        for (name, value) in zip(object.names, object.values) where !Self.registeredNames.contains(name) {
            do { additionalMembers[name] = try JSONValue(value, codingPath: []) } catch {
                throw JWTError(.malformed(part: "header", detail: "\"\(name)\": a number that does not fit in a Double"))
            }
        }
    }

    /// The header as a JSON object (absent optionals left out), built directly: the signing path writes a
    /// header per token, and the `Encoder` machinery cost more than everything else in an HS256
    /// signature. Throws for an additional member with a registered name or a non-finite number.
    func jsonNode() throws(JWTError) -> JSONNode {
        var names = ["alg"], values: [JSONNode] = [.string(alg)]
        names.reserveCapacity(6 + additionalMembers.count)
        values.reserveCapacity(6 + additionalMembers.count)
        if let kid { names.append("kid"); values.append(.string(kid)) }
        if let typ { names.append("typ"); values.append(.string(typ)) }
        if let cty { names.append("cty"); values.append(.string(cty)) }
        if let crit { names.append("crit"); values.append(.array(crit.map { .string($0) })) }
        if let b64 { names.append("b64"); values.append(.bool(b64)) }
        for (name, value) in additionalMembers {
            guard !Self.registeredNames.contains(name) else {
                throw JWTError(.malformed(part: "header", detail: "\"\(name)\" is set in additionalMembers; set the header's \(name) property instead"))
            }
            do { names.append(name); values.append(try value.node()) } catch {
                throw JWTError(.malformed(part: "header", detail: "\"\(name)\": \(error)"))
            }
        }
        return .object(JSONObject(names: names, values: values))
    }

    /// The header's JSON text, as `jsonNode()` writes it (members sorted, absent ones left out), written
    /// directly when only registered members are set: the header of every signed token, where building
    /// a tree cost four allocations.
    func jsonBytes() throws(JWTError) -> [UInt8] {
        guard additionalMembers.isEmpty else { return try jsonNode().jsonBytes }
        var output: [UInt8] = []
        output.reserveCapacity(32 + alg.utf8.count + (kid?.utf8.count ?? 0) + (typ?.utf8.count ?? 0) + (cty?.utf8.count ?? 0))
        var first = true
        func member(_ name: StaticString) {
            output.append(first ? UInt8(ascii: "{") : UInt8(ascii: ","))
            first = false
            output.append(UInt8(ascii: "\""))
            output.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            output.append(contentsOf: "\":".utf8)
        }
        // In the order of the names' bytes: alg, b64, crit, cty, kid, typ.
        member("alg"); JSONNode.writeString(alg, into: &output)
        if let b64 { member("b64"); output.append(contentsOf: (b64 ? "true" : "false").utf8) }
        if let crit { member("crit"); JSONNode.array(crit.map { .string($0) }).write(into: &output) }
        if let cty { member("cty"); JSONNode.writeString(cty, into: &output) }
        if let kid { member("kid"); JSONNode.writeString(kid, into: &output) }
        if let typ { member("typ"); JSONNode.writeString(typ, into: &output) }
        output.append(UInt8(ascii: "}"))
        return output
    }

    /// The names of the members that are set.
    var memberNames: Set<String> {
        var names: Set<String> = ["alg"]
        if kid != nil { names.insert("kid") }
        if typ != nil { names.insert("typ") }
        if cty != nil { names.insert("cty") }
        if crit != nil { names.insert("crit") }
        if b64 != nil { names.insert("b64") }
        return names.union(additionalMembers.keys)
    }

    /// The checks that do not depend on the key: "crit" understood, "b64" not false.
    func validate() throws(JWTError) {
        if let crit {
            // RFC 7515 §4.1.11: an empty list is invalid; this library implements no extension, so every
            // listed name is one it does not understand.
            throw JWTError(.unsupportedCriticalHeader(crit))
        }
        if b64 == false { throw JWTError(.unencodedPayload) }
    }
}

extension JWTHeader {
    private enum CodingKeys: String, CodingKey { case alg, kid, typ, cty, crit, b64 }

    /// The registered members by name, the others into `additionalMembers`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        alg = try container.decode(String.self, forKey: .alg)
        kid = try container.decodeIfPresent(String.self, forKey: .kid)
        typ = try container.decodeIfPresent(String.self, forKey: .typ)
        cty = try container.decodeIfPresent(String.self, forKey: .cty)
        crit = try container.decodeIfPresent([String].self, forKey: .crit)
        b64 = try container.decodeIfPresent(Bool.self, forKey: .b64)
        additionalMembers = try JSONValue.members(of: decoder, excluding: Self.registeredNames)
    }

    /// The registered members that are set, and the additional members.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: MemberKey.self)
        try container.encode(alg, forKey: MemberKey(stringValue: "alg"))
        for (name, value) in [("kid", kid), ("typ", typ), ("cty", cty)] {
            if let value { try container.encode(value, forKey: MemberKey(stringValue: name)) }
        }
        if let crit { try container.encode(crit, forKey: MemberKey(stringValue: "crit")) }
        if let b64 { try container.encode(b64, forKey: MemberKey(stringValue: "b64")) }
        for (name, value) in additionalMembers where !Self.registeredNames.contains(name) {
            try container.encode(value, forKey: MemberKey(stringValue: name))
        }
    }

    /// The header of a token whose signature has not been checked yet, for choosing the key to verify it
    /// with (its `kid`, e.g. for `AppleKeyCache.keySet(containing:)`). Nothing in it can be trusted until
    /// the token verifies. The token is parsed by the same strict rules and size limit as verification,
    /// so a token that fails here would fail there too.
    public init(unverifiedFrom token: String, maximumTokenSize: Int = 16 * 1024) throws(JWTError) {
        self = try CompactJWS(token, maximumSize: maximumTokenSize).header
    }
}

extension JSONObject {
    /// A JOSE header member that must be a string when present (JWS and JWE headers alike).
    func headerString(_ name: String) throws(JWTError) -> String? {
        switch self[name] {
        case nil: return nil
        case .string(let value)?: return value
        default: throw JWTError(.malformed(part: "header", detail: "\"\(name)\" must be a string"))
        }
    }
}

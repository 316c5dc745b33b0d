// The JOSE header (RFC 7515 §4.1). Only these members are read; "jku", "x5u", "jwk" and "x5c" are never
// used to find a key (a token must not choose the key that verifies it).

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

    /// A header for signing; "typ" defaults to "JWT".
    public init(alg: String, kid: String? = nil, typ: String? = "JWT", cty: String? = nil) {
        self.alg = alg
        self.kid = kid
        self.typ = typ
        self.cty = cty
    }

    /// Reads the members of a header object: "alg" must be a string; "kid", "typ" and "cty" strings;
    /// "crit" an array of strings; "b64" a boolean. Other members are ignored.
    init(object: JSONObject) throws(JWTError) {
        func string(_ name: String) throws(JWTError) -> String? {
            switch object[name] {
            case nil: return nil
            case .string(let value)?: return value
            default: throw JWTError(.malformed(part: "header", detail: "\"\(name)\" must be a string"))
            }
        }
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
    }

    /// The header as a JSON object with the members the synthesized `Encodable` writes (absent optionals
    /// left out), built directly: the signing path writes a header per token, and the `Encoder`
    /// machinery cost more than everything else in an HS256 signature.
    var jsonNode: JSONNode {
        var names = ["alg"], values: [JSONNode] = [.string(alg)]
        names.reserveCapacity(6)
        values.reserveCapacity(6)
        if let kid { names.append("kid"); values.append(.string(kid)) }
        if let typ { names.append("typ"); values.append(.string(typ)) }
        if let cty { names.append("cty"); values.append(.string(cty)) }
        if let crit { names.append("crit"); values.append(.array(crit.map { .string($0) })) }
        if let b64 { names.append("b64"); values.append(.bool(b64)) }
        return .object(JSONObject(names: names, values: values))
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
    /// The header of a token whose signature has not been checked yet, for choosing the key to verify it
    /// with (its `kid`, e.g. for `AppleKeyCache.keySet(containing:)`). Nothing in it can be trusted until
    /// the token verifies. The token is parsed by the same strict rules and size limit as verification,
    /// so a token that fails here would fail there too.
    public init(unverifiedFrom token: String, maximumTokenSize: Int = 16 * 1024) throws(JWTError) {
        self = try CompactJWS(token, maximumSize: maximumTokenSize).header
    }
}

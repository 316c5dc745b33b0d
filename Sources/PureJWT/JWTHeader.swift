// The JOSE header (RFC 7515 §4.1). Only these members are read; "jku", "x5u", "jwk" and "x5c" are never
// used to find a key (a token must not choose the key that verifies it).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The header of a JWS.
public struct JWTHeader: Codable, Sendable, Hashable {
    public var alg: String
    public var kid: String?
    public var typ: String?
    public var cty: String?
    public var crit: [String]?
    /// RFC 7797; only `true` (or absent) is accepted.
    public var b64: Bool?

    public init(alg: String, kid: String? = nil, typ: String? = "JWT", cty: String? = nil) {
        self.alg = alg
        self.kid = kid
        self.typ = typ
        self.cty = cty
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

// The registered claims of RFC 7519 §4.1, and their validation (§4.1.4 exp, §4.1.5 nbf, §4.1.6 iat,
// §4.1.1 iss, §4.1.3 aud) against an injected clock with a leeway.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A NumericDate (RFC 7519 §2): seconds since 1970-01-01T00:00:00Z, possibly fractional.
public struct NumericDate: Codable, Sendable, Hashable, Comparable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var secondsSince1970: Double

    /// The time of `date`.
    public init(_ date: Date) { secondsSince1970 = date.timeIntervalSince1970 }
    /// The time `secondsSince1970` seconds after 1970-01-01T00:00:00Z.
    public init(secondsSince1970: Double) { self.secondsSince1970 = secondsSince1970 }

    /// The time as a `Date`.
    public var date: Date { Date(timeIntervalSince1970: secondsSince1970) }

    public init(from decoder: any Decoder) throws {
        secondsSince1970 = try decoder.singleValueContainer().decode(Double.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        // Whole seconds as integers, as everyone writes them.
        if secondsSince1970.rounded() == secondsSince1970, abs(secondsSince1970) < 1e15 {
            try container.encode(Int64(secondsSince1970))
        } else {
            try container.encode(secondsSince1970)
        }
    }

    public static func < (lhs: NumericDate, rhs: NumericDate) -> Bool { lhs.secondsSince1970 < rhs.secondsSince1970 }
}

/// "aud": one string or an array of strings (RFC 7519 §4.1.3).
public struct Audience: Codable, Sendable, Hashable {
    /// The audiences, in the token's order.
    public var values: [String]

    /// An audience claim; one value is written as a string, several as an array.
    public init(_ values: [String]) { self.values = values }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let single = try? container.decode(String.self) {
            values = [single]
        } else {
            values = try container.decode([String].self)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if values.count == 1 { try container.encode(values[0]) } else { try container.encode(values) }
    }
}

/// The registered claims, all optional.
public struct RegisteredClaims: Codable, Sendable, Hashable {
    /// "iss": who issued the token (RFC 7519 §4.1.1).
    public var iss: String?
    /// "sub": whom the token is about (§4.1.2).
    public var sub: String?
    /// "aud": whom the token is for (§4.1.3).
    public var aud: Audience?
    /// "exp": the time at and after which the token must be refused (§4.1.4).
    public var exp: NumericDate?
    /// "nbf": the time before which the token must be refused (§4.1.5).
    public var nbf: NumericDate?
    /// "iat": when the token was issued (§4.1.6).
    public var iat: NumericDate?
    /// "jti": a unique ID for the token (§4.1.7).
    public var jti: String?

    /// Reads the registered claims from a payload's top-level members; wrong types are errors.
    ///
    /// One pass over the members: every registered name is three ASCII bytes, so a name of another length
    /// is skipped at once and the rest are matched as one integer (this runs on every token signed and
    /// verified; seven lookups by `String` cost about a quarter of a small token's HMAC-SHA256). The
    /// parser refuses duplicate names, but an object may be built otherwise, so the first member of a name
    /// wins, as the object's subscript would have it.
    init(object: JSONObject) throws(JWTError) {
        var seen: UInt8 = 0
        for index in object.names.indices {
            guard let name = Self.registeredName(object.names[index]), seen & name.bit == 0 else { continue }
            seen |= name.bit
            let value = object.values[index]
            switch name {
            case .iss: iss = try Self.string(value, name)
            case .sub: sub = try Self.string(value, name)
            case .jti: jti = try Self.string(value, name)
            case .aud: aud = try Self.audience(value)
            case .exp: exp = try Self.date(value, name)
            case .nbf: nbf = try Self.date(value, name)
            case .iat: iat = try Self.date(value, name)
            }
        }
    }

    /// The seven registered names, each as its three bytes read big-endian ("iss" is 0x69_73_73).
    private enum Name: UInt32 {
        case iss = 0x69_73_73, sub = 0x73_75_62, aud = 0x61_75_64, exp = 0x65_78_70
        case nbf = 0x6e_62_66, iat = 0x69_61_74, jti = 0x6a_74_69

        var bit: UInt8 {
            switch self {
            case .iss: 1
            case .sub: 2
            case .aud: 4
            case .exp: 8
            case .nbf: 16
            case .iat: 32
            case .jti: 64
            }
        }

        var text: String {
            switch self {
            case .iss: "iss"
            case .sub: "sub"
            case .aud: "aud"
            case .exp: "exp"
            case .nbf: "nbf"
            case .iat: "iat"
            case .jti: "jti"
            }
        }
    }

    /// The registered claim `name` names, if any.
    private static func registeredName(_ name: String) -> Name? {
        let utf8 = name.utf8
        guard utf8.count == 3 else { return nil }
        // Contiguous for every string the parser and the encoder make; iterating the view byte by byte
        // costs some forty instructions a byte.
        func packed(_ bytes: some Sequence<UInt8>) -> UInt32 {
            var packed: UInt32 = 0
            for byte in bytes { packed = packed << 8 | UInt32(byte) }
            return packed
        }
        return Name(rawValue: utf8.withContiguousStorageIfAvailable { packed($0) } ?? packed(utf8))
    }

    private static func string(_ value: JSONNode, _ name: Name) throws(JWTError) -> String {
        guard case .string(let text) = value else {
            throw JWTError(.claimsDecoding("\"\(name.text)\" must be a string"))
        }
        return text
    }

    private static func audience(_ value: JSONNode) throws(JWTError) -> Audience {
        switch value {
        case .string(let text): return Audience([text])
        case .array(let elements):
            var values: [String] = []
            values.reserveCapacity(elements.count)
            for element in elements {
                guard case .string(let text) = element else {
                    throw JWTError(.claimsDecoding("\"aud\" must be a string or an array of strings"))
                }
                values.append(text)
            }
            return Audience(values)
        default: throw JWTError(.claimsDecoding("\"aud\" must be a string or an array of strings"))
        }
    }

    private static func date(_ value: JSONNode, _ name: Name) throws(JWTError) -> NumericDate {
        guard case .number(let text) = value else {
            throw JWTError(.claimsDecoding("\"\(name.text)\" must be a number of seconds (RFC 7519 NumericDate)"))
        }
        // The usual case, a plain count of seconds, without strtod: up to 15 digits convert exactly (below
        // 2^53), as Double(text) would.
        if let seconds = wholeSeconds(text) { return NumericDate(secondsSince1970: Double(seconds)) }
        guard let seconds = Double(text), seconds.isFinite else {
            throw JWTError(.claimsDecoding("\"\(name.text)\" is out of range"))
        }
        return NumericDate(secondsSince1970: seconds)
    }

    /// `text` as an integer when it is 1 to 15 ASCII digits (the parser has already refused leading zeros),
    /// else nil: a sign, a fraction or an exponent go to `Double(text)`.
    private static func wholeSeconds(_ text: String) -> Int64? {
        let utf8 = text.utf8
        guard (1...15).contains(utf8.count) else { return nil }
        func digits(_ bytes: some Sequence<UInt8>) -> Int64? {
            var value: Int64 = 0
            for byte in bytes {
                let digit = byte &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value &* 10 &+ Int64(digit)
            }
            return value
        }
        return utf8.withContiguousStorageIfAvailable { digits($0) } ?? digits(utf8)
    }

    /// Refuses, before signing, claims whose registered members no verifier would accept ("exp" as a
    /// string or beyond a Double, "sub" as a number, "aud" an array holding a number): signing them would
    /// only make a token that every verifier, ours included, refuses when it is used.
    static func checkForSigning(_ object: JSONObject) throws(JWTError) {
        do { _ = try RegisteredClaims(object: object) } catch {
            guard case .claimsDecoding(let message) = error.reason else { throw error }
            throw JWTError(.invalidJSON("the claims cannot be signed: \(message), and every verifier would refuse the token"))
        }
    }

    /// Claims for signing; every claim is optional.
    public init(iss: String? = nil, sub: String? = nil, aud: Audience? = nil, exp: NumericDate? = nil,
                nbf: NumericDate? = nil, iat: NumericDate? = nil, jti: String? = nil) {
        (self.iss, self.sub, self.aud, self.exp, self.nbf, self.iat, self.jti) = (iss, sub, aud, exp, nbf, iat, jti)
    }
}

/// What a verifier checks beyond the signature.
///
/// The issuer and the audiences have no defaults: a token from another issuer, or minted for another
/// service by the same issuer, verifies with the right key all the same, so leaving them unchecked must be
/// a choice the code states (`issuer: nil, audiences: nil`), never what a forgotten argument does.
public struct JWTValidation: Sendable {
    /// The expected "iss"; nil: not checked.
    public var issuer: String?
    /// Accepted audiences: the token's "aud" must contain at least one. Nil: not checked. Empty: a
    /// configuration error (it would refuse every token).
    public var audiences: Set<String>?
    /// Tolerated clock difference, in seconds, for exp, nbf and iat: finite and ≥ 0, else every
    /// verification fails with `invalidValidation` (a NaN leeway would make every time comparison false,
    /// an infinite one would accept any time).
    public var leeway: Double
    /// Whether a token without "exp" is refused.
    public var requiresExpiration: Bool
    /// The clock.
    public var now: @Sendable () -> Date

    /// - Parameters:
    ///   - issuer: the expected "iss", or nil to accept any issuer.
    ///   - audiences: the accepted "aud" values, or nil to accept any audience.
    ///   - leeway: tolerated clock difference in seconds (finite, ≥ 0).
    ///   - requiresExpiration: whether a token without "exp" is refused.
    ///   - now: the clock.
    public init(issuer: String?, audiences: Set<String>?, leeway: Double = 0, requiresExpiration: Bool = true,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.issuer = issuer
        self.audiences = audiences
        self.leeway = leeway
        self.requiresExpiration = requiresExpiration
        self.now = now
    }

    /// Checks `claims` at the current time.
    func validate(_ claims: RegisteredClaims) throws(JWTError) {
        guard leeway.isFinite, leeway >= 0 else {
            throw JWTError(.invalidValidation("the leeway must be a finite number of seconds ≥ 0, not \(leeway)"))
        }
        let now = self.now().timeIntervalSince1970
        guard now.isFinite else { throw JWTError(.invalidValidation("the clock returned \(now), not a time")) }
        if let audiences, audiences.isEmpty {
            throw JWTError(.invalidValidation("the set of accepted audiences is empty; pass nil to accept any audience"))
        }
        if let exp = claims.exp?.secondsSince1970 {
            // §4.1.4: the current time must be before exp.
            guard now < exp + leeway else { throw JWTError(.expired(expiration: exp, now: now)) }
        } else if requiresExpiration {
            throw JWTError(.missingClaim("exp"))
        }
        if let nbf = claims.nbf?.secondsSince1970, now < nbf - leeway {
            throw JWTError(.notYetValid(notBefore: nbf, now: now))
        }
        if let iat = claims.iat?.secondsSince1970, iat > now + leeway {
            throw JWTError(.issuedInTheFuture(issuedAt: iat, now: now))
        }
        if let issuer {
            guard let iss = claims.iss else { throw JWTError(.missingClaim("iss")) }
            guard iss == issuer else { throw JWTError(.issuerMismatch(expected: issuer, found: iss)) }
        }
        if let audiences {
            guard let aud = claims.aud else { throw JWTError(.missingClaim("aud")) }
            guard aud.values.contains(where: audiences.contains) else {
                throw JWTError(.audienceMismatch(expected: audiences.sorted(), found: aud.values))
            }
        }
    }
}

// Apple identity tokens: the claims ("Authenticating users with Sign in with Apple", Apple's documentation)
// and their verification: RS256 with a key from Apple's JWKS by kid, iss "https://appleid.apple.com", aud
// one of the app's client IDs, exp with a leeway, iat not in the future, and the nonce when one was sent.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureBase64
import PureJWT
import PureSHA2

/// A Bool that Apple sometimes sends as the string "true" or "false" (email_verified, is_private_email).
struct LenientBool: Decodable, Sendable, Hashable {
    let value: Bool

    init(from decoder: any Decoder) throws {
        // Through JSONValue: on PureJWT's decoder (every token) it reads the parsed value directly,
        // instead of trying one type and catching the error.
        switch try JSONValue(from: decoder) {
        case .bool(let bool): value = bool
        case .string("true"): value = true
        case .string("false"): value = false
        case let other:
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected true or false, got \(other)"))
        }
    }
}

/// The claims of an Apple identity token.
public struct AppleIdentityToken: Decodable, Sendable {
    /// Apple's real-user indicator: 0 unsupported, 1 unknown, 2 likely real. A value Apple may add later
    /// is kept as it came, not fatal (a new value must not make every sign-in fail).
    public enum RealUserStatus: Sendable, Hashable {
        /// 0: the platform cannot tell; 1: unknown (treat as a real user, check further); 2: likely real.
        case unsupported, unknown, likelyReal
        /// A value this library does not know.
        case other(Int)

        /// The status for Apple's number; an unknown number becomes `.other`.
        public init(rawValue: Int) {
            switch rawValue {
            case 0: self = .unsupported
            case 1: self = .unknown
            case 2: self = .likelyReal
            default: self = .other(rawValue)
            }
        }

        /// Apple's number for the status.
        public var rawValue: Int {
            switch self {
            case .unsupported: return 0
            case .unknown: return 1
            case .likelyReal: return 2
            case .other(let value): return value
            }
        }

        /// From a JSON integer, or an integer written as a string; nil for anything else.
        init?(_ value: JSONValue) {
            switch value {
            case .number(let number) where number.rounded(.towardZero) == number && abs(number) < 1e9: self.init(rawValue: Int(number))
            case .string(let text): guard let number = Int(text) else { return nil }; self.init(rawValue: number)
            default: return nil
            }
        }
    }

    /// "iss": always https://appleid.apple.com once verified.
    public let iss: String
    /// The user's stable identifier for this team.
    public let sub: String
    /// "aud": the client ID (bundle ID or Services ID) the token was issued to.
    public let aud: Audience
    /// "exp": when the token expires (about ten minutes after issue).
    public let exp: NumericDate
    /// "iat": when Apple issued the token.
    public let iat: NumericDate
    /// "nonce": what the app sent in the authorization request (the SHA-256 hex of the raw nonce).
    public let nonce: String?
    /// "nonce_supported": whether the platform supports nonces.
    public let nonceSupported: Bool?
    /// "email": the user's email or private relay address; sent on every sign-in once shared.
    public let email: String?
    /// "email_verified": Apple sends `true` or "true"; both read as `true`.
    public let emailVerified: Bool?
    /// "is_private_email": whether `email` is a private relay address.
    public let isPrivateEmail: Bool?
    /// Nil when absent, or when it is neither an integer nor an integer in a string (then the value is in
    /// `otherClaims["real_user_status"]`).
    public let realUserStatus: RealUserStatus?
    /// "azp", the authorized party (OpenID Connect Core §2), when present.
    public let authorizedParty: String?
    /// "auth_time": when the user authenticated.
    public let authTime: NumericDate?
    /// "transfer_sub": present while an app moves between teams (app transfer).
    public let transferSub: String?
    /// "org_id": the organization, for Managed Apple Accounts.
    public let orgID: String?
    /// "c_hash": the left half of the SHA-256 of the authorization code, base64url (OpenID Connect Core §3.3.2.11).
    public let cHash: String?
    /// "at_hash": the same for an access token.
    public let atHash: String?
    /// Every other claim, as it came.
    public let otherClaims: [String: JSONValue]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case iss, sub, aud, exp, iat, nonce, email
        case nonceSupported = "nonce_supported", emailVerified = "email_verified", isPrivateEmail = "is_private_email"
        case realUserStatus = "real_user_status", authTime = "auth_time", transferSub = "transfer_sub"
        case orgID = "org_id", cHash = "c_hash", atHash = "at_hash", authorizedParty = "azp"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        iss = try c.decode(String.self, forKey: .iss)
        sub = try c.decode(String.self, forKey: .sub)
        aud = try c.decode(Audience.self, forKey: .aud)
        // Times as Double (NumericDate's own encoding): the concrete decode skips the generic path and the
        // decoder box that NumericDate.init(from:) takes, three times per token.
        exp = NumericDate(secondsSince1970: try c.decode(Double.self, forKey: .exp))
        iat = NumericDate(secondsSince1970: try c.decode(Double.self, forKey: .iat))
        nonce = try c.decodeIfPresent(String.self, forKey: .nonce)
        nonceSupported = try c.decodeIfPresent(LenientBool.self, forKey: .nonceSupported)?.value
        email = try c.decodeIfPresent(String.self, forKey: .email)
        emailVerified = try c.decodeIfPresent(LenientBool.self, forKey: .emailVerified)?.value
        isPrivateEmail = try c.decodeIfPresent(LenientBool.self, forKey: .isPrivateEmail)?.value
        authTime = try c.decodeIfPresent(Double.self, forKey: .authTime).map(NumericDate.init(secondsSince1970:))
        transferSub = try c.decodeIfPresent(String.self, forKey: .transferSub)
        orgID = try c.decodeIfPresent(String.self, forKey: .orgID)
        cHash = try c.decodeIfPresent(String.self, forKey: .cHash)
        atHash = try c.decodeIfPresent(String.self, forKey: .atHash)
        authorizedParty = try c.decodeIfPresent(String.self, forKey: .authorizedParty)
        var others = try JSONValue.members(of: decoder, excluding: Self.knownClaims)
        switch try c.decodeIfPresent(JSONValue.self, forKey: .realUserStatus) {
        case nil, .null?: realUserStatus = nil
        case let value?:
            realUserStatus = RealUserStatus(value)
            if realUserStatus == nil { others["real_user_status"] = value }
        }
        otherClaims = others
    }

    /// The names of the typed claims above: every other member goes to `otherClaims`.
    static let knownClaims = Set(CodingKeys.allCases.map(\.rawValue))
}

/// What the token's nonce must be. There is no default: a server that sent a nonce and forgets to check
/// it accepts replayed tokens, so the choice is written at every call.
public enum AppleNonceCheck: Sendable, Hashable {
    /// The raw nonce the app generated: the token must carry its SHA-256 in lower-case hex (what Apple's
    /// documentation recommends: send the hash to Apple, keep the raw value; the web flow of
    /// `SignInWithApple.authorizationRequest` does this).
    case raw(String)
    /// The exact value that was sent in the authorization request.
    case exact(String)
    /// No nonce was sent in the authorization request, so none is checked (the token is then replayable
    /// until it expires; prefer sending one).
    case notSent
}

/// What an authorization code given with a token requires of the token's `c_hash`.
public enum AppleCodeHashPolicy: Sendable, Hashable {
    /// `c_hash` must be present and be the code's hash (the default): the code and the token came together.
    case required
    /// `c_hash` is checked when present, and its absence accepted (for clients known to send tokens
    /// without one).
    case checkedWhenPresent
}

/// Verifies Apple identity tokens for a set of client IDs against a fixed key set (`SignInWithApple`
/// fetches and caches the keys and calls this).
public struct AppleIdentityTokenVerifier: Sendable {
    /// The issuer of every Apple identity token.
    public static let issuer = "https://appleid.apple.com"

    private let check: AppleJWTCheck
    private let codeHashPolicy: AppleCodeHashPolicy

    /// - Parameters:
    ///   - clientIDs: the app's bundle ID and/or Services IDs; every audience of the token must be one of them.
    ///   - keySet: Apple's JWKS (only its RS256 keys are used).
    ///   - leeway: tolerated clock difference, in seconds (finite, ≥ 0; otherwise every verification fails
    ///     with `.invalidConfiguration`).
    ///   - codeHashPolicy: what an authorization code requires of `c_hash`.
    ///   - now: the clock (tests pass a fake one).
    public init(clientIDs: Set<String>, keySet: JSONWebKeySet, leeway: TimeInterval = 60,
                codeHashPolicy: AppleCodeHashPolicy = .required, now: @escaping @Sendable () -> Date = { Date() }) {
        check = AppleJWTCheck(clientIDs: clientIDs, keySet: keySet, leeway: leeway, now: now)
        self.codeHashPolicy = codeHashPolicy
    }

    /// The token's claims, after every check: RS256 signature by a key of the set, iss, every aud one of
    /// the client IDs, azp (when present, or when there are several audiences) one of them, exp/iat with
    /// the leeway, the nonce, and with `authorizationCode` the `c_hash` (OpenID Connect Core §3.3.2.11:
    /// base64url of the left half of SHA-256 of the code).
    public func verify(_ token: String, nonce: AppleNonceCheck, authorizationCode: String? = nil) throws(AppleAuthError) -> AppleIdentityToken {
        let (claims, audiences) = try check.claims(of: token, as: AppleIdentityToken.self)
        if audiences.count > 1 || claims.authorizedParty != nil {
            guard let azp = claims.authorizedParty, check.clientIDs.contains(azp) else {
                throw AppleAuthError(.authorizedPartyMismatch(found: claims.authorizedParty))
            }
        }
        if let authorizationCode {
            if let cHash = claims.cHash {
                let digest = SHA256.hash(data: Array(authorizationCode.utf8)).bytes
                guard cHash == Base64URL.encode(digest.prefix(16)) else { throw AppleAuthError(.codeHashMismatch) }
            } else if codeHashPolicy == .required {
                throw AppleAuthError(.missingCodeHash)
            }
        }
        switch nonce {
        case .notSent:
            break
        case .raw(let raw):
            guard let found = claims.nonce else { throw AppleAuthError(.missingNonce) }
            guard found == SHA256.hash(data: Array(raw.utf8)).description else { throw AppleAuthError(.nonceMismatch) }
        case .exact(let expected):
            guard let found = claims.nonce else { throw AppleAuthError(.missingNonce) }
            guard found == expected else { throw AppleAuthError(.nonceMismatch) }
        }
        return claims
    }
}

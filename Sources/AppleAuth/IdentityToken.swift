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
public struct LenientBool: Decodable, Sendable, Hashable {
    public let value: Bool

    public init(from decoder: any Decoder) throws {
        // From PureJWT's decoder (every token): read the parsed value instead of trying one type and
        // catching the error.
        if let node = (decoder as? NodeDecoder)?.node {
            switch node {
            case .bool(let bool): value = bool; return
            case .string("true"): value = true; return
            case .string("false"): value = false; return
            default: break                      // the general path below reports the error
            }
        }
        let container = try decoder.singleValueContainer()
        if let bool = try? container.decode(Bool.self) {
            value = bool
        } else {
            switch try container.decode(String.self) {
            case "true": value = true
            case "false": value = false
            case let other:
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected true or false, got \"\(other)\"")
            }
        }
    }
}

/// The claims of an Apple identity token.
public struct AppleIdentityToken: Decodable, Sendable {
    /// Apple's real-user indicator: 0 unsupported, 1 unknown, 2 likely real.
    public enum RealUserStatus: Int, Decodable, Sendable {
        case unsupported = 0, unknown = 1, likelyReal = 2
    }

    public let iss: String
    /// The user's stable identifier for this team.
    public let sub: String
    public let aud: Audience
    public let exp: NumericDate
    public let iat: NumericDate
    public let nonce: String?
    public let nonceSupported: Bool?
    public let email: String?
    public let emailVerified: Bool?
    public let isPrivateEmail: Bool?
    public let realUserStatus: RealUserStatus?
    public let authTime: NumericDate?
    public let transferSub: String?
    public let orgID: String?
    public let cHash: String?
    public let atHash: String?
    /// Every other claim, as it came.
    public let otherClaims: [String: JSONValue]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case iss, sub, aud, exp, iat, nonce, email
        case nonceSupported = "nonce_supported", emailVerified = "email_verified", isPrivateEmail = "is_private_email"
        case realUserStatus = "real_user_status", authTime = "auth_time", transferSub = "transfer_sub"
        case orgID = "org_id", cHash = "c_hash", atHash = "at_hash"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        iss = try c.decode(String.self, forKey: .iss)
        sub = try c.decode(String.self, forKey: .sub)
        aud = try c.decode(Audience.self, forKey: .aud)
        exp = try c.decode(NumericDate.self, forKey: .exp)
        iat = try c.decode(NumericDate.self, forKey: .iat)
        nonce = try c.decodeIfPresent(String.self, forKey: .nonce)
        nonceSupported = try c.decodeIfPresent(LenientBool.self, forKey: .nonceSupported)?.value
        email = try c.decodeIfPresent(String.self, forKey: .email)
        emailVerified = try c.decodeIfPresent(LenientBool.self, forKey: .emailVerified)?.value
        isPrivateEmail = try c.decodeIfPresent(LenientBool.self, forKey: .isPrivateEmail)?.value
        realUserStatus = try c.decodeIfPresent(RealUserStatus.self, forKey: .realUserStatus)
        authTime = try c.decodeIfPresent(NumericDate.self, forKey: .authTime)
        transferSub = try c.decodeIfPresent(String.self, forKey: .transferSub)
        orgID = try c.decodeIfPresent(String.self, forKey: .orgID)
        cHash = try c.decodeIfPresent(String.self, forKey: .cHash)
        atHash = try c.decodeIfPresent(String.self, forKey: .atHash)
        var others: [String: JSONValue] = [:]
        if let node = (decoder as? NodeDecoder)?.node, case .object(let object) = node {
            // From PureJWT's decoder (every token): walk the parsed members. Through `allKeys` the same
            // took a fifth of the whole verification (an array of keys, cast to and from existentials).
            for (name, value) in zip(object.names, object.values) where !Self.knownClaims.contains(name) {
                others[name] = try JSONValue(value, codingPath: decoder.codingPath + [AnyCodingKey(stringValue: name)])
            }
        } else {
            let all = try decoder.container(keyedBy: AnyCodingKey.self)
            for key in all.allKeys where !Self.knownClaims.contains(key.stringValue) {
                others[key.stringValue] = try all.decode(JSONValue.self, forKey: key)
            }
        }
        otherClaims = others
    }

    /// The names of the typed claims above: every other member goes to `otherClaims`.
    static let knownClaims = Set(CodingKeys.allCases.map(\.rawValue))
}

/// What the token's nonce must be.
public enum AppleNonceCheck: Sendable {
    /// No nonce was sent; none is checked.
    case none
    /// The raw nonce the app generated: the token must carry its SHA-256 in lower-case hex (the practice
    /// Apple's documentation recommends: send the hash, keep the raw value).
    case raw(String)
    /// The exact value sent in the authorization request.
    case exact(String)
}

/// Verifies Apple identity tokens for a set of client IDs against Apple's keys.
public struct AppleIdentityTokenVerifier: Sendable {
    public static let issuer = "https://appleid.apple.com"

    private let check: AppleJWTCheck

    /// - Parameters:
    ///   - clientIDs: the app's bundle ID and/or Services IDs; the token's aud must be one of them.
    ///   - keySet: Apple's JWKS (only its RS256 keys are used).
    ///   - leeway: tolerated clock difference, in seconds.
    public init(clientIDs: Set<String>, keySet: JSONWebKeySet, leeway: TimeInterval = 60,
                now: @escaping @Sendable () -> Date = { Date() }) {
        check = AppleJWTCheck(clientIDs: clientIDs, keySet: keySet, leeway: leeway, now: now)
    }

    /// The token's claims, after every check. With `authorizationCode`, a `c_hash` in the token must be the
    /// code's hash (OpenID Connect Core §3.3.2.11: base64url of the left half of SHA-256 of the code).
    public func verify(_ token: String, nonce: AppleNonceCheck = .none, authorizationCode: String? = nil) throws(AppleAuthError) -> AppleIdentityToken {
        let claims = try check.claims(of: token, as: AppleIdentityToken.self)
        if let authorizationCode, let cHash = claims.cHash {
            let digest = SHA256.hash(data: Array(authorizationCode.utf8)).bytes
            guard cHash == Base64URL.encode(digest.prefix(16)) else { throw AppleAuthError(.codeHashMismatch) }
        }
        switch nonce {
        case .none:
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

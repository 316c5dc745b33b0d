// Apple's responses: the token response ("TokenResponse") and the error body ("ErrorResponse", RFC 6749
// §5.2 codes), each error with what a person should check.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureJWT

/// A successful /auth/token response. Its tokens are credentials: it prints without them.
public struct AppleTokenResponse: Decodable, Sendable, Hashable {
    /// "access_token": a token for Apple's API (rarely needed by servers). A credential.
    public let accessToken: String
    /// "token_type": "Bearer".
    public let tokenType: String
    /// Seconds; Apple has sent it as a number and, in recorded responses, as a string.
    public let expiresIn: Int
    /// "refresh_token": present after a code exchange; store it to revoke on account deletion. A credential.
    public let refreshToken: String?
    /// "id_token": an identity token; verify it before use (`SignInWithApple` does when signing in).
    public let idToken: String?

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token", tokenType = "token_type", expiresIn = "expires_in"
        case refreshToken = "refresh_token", idToken = "id_token"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        accessToken = try c.decode(String.self, forKey: .accessToken)
        tokenType = try c.decode(String.self, forKey: .tokenType)
        switch try c.decode(JSONValue.self, forKey: .expiresIn) {
        case .number(let number) where number >= 0 && number <= 1e12 && number.rounded(.towardZero) == number:
            expiresIn = Int(number)
        case .string(let text) where Int(text).map { $0 >= 0 } == true:
            expiresIn = Int(text) ?? 0
        default:
            throw DecodingError.dataCorruptedError(forKey: .expiresIn, in: c, debugDescription: "expires_in is not a number of seconds")
        }
        refreshToken = try c.decodeIfPresent(String.self, forKey: .refreshToken)
        idToken = try c.decodeIfPresent(String.self, forKey: .idToken)
    }
}

/// An error from Apple's REST API, with the causes worth checking.
public struct AppleAPIError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Apple's `error` value (RFC 6749 §5.2), with `.other` for any Apple may add.
    public enum Code: Sendable, Hashable {
        /// The OAuth error codes Apple documents: `invalid_request`, `invalid_client`, `invalid_grant`,
        /// `unauthorized_client`, `unsupported_grant_type`, `invalid_scope`.
        case invalidRequest, invalidClient, invalidGrant, unauthorizedClient, unsupportedGrantType, invalidScope
        /// A code this library does not know, as sent.
        case other(String)

        init(_ text: String) {
            switch text {
            case "invalid_request": self = .invalidRequest
            case "invalid_client": self = .invalidClient
            case "invalid_grant": self = .invalidGrant
            case "unauthorized_client": self = .unauthorizedClient
            case "unsupported_grant_type": self = .unsupportedGrantType
            case "invalid_scope": self = .invalidScope
            default: self = .other(text)
            }
        }
    }

    /// The HTTP status (400 for most OAuth errors).
    public let status: Int
    /// Apple's error code.
    public let code: Code
    /// Apple's `error` string as sent.
    public let rawCode: String
    /// Apple's `error_description`, when it sends one.
    public let errorDescription: String?

    /// What usually causes this error.
    public var likelyCauses: [String] {
        switch code {
        case .invalidClient:
            return ["the client_id is not the client secret's sub (bundle ID for native apps, Services ID for web)",
                    "the client secret has expired, or its iat is in the future (check the server clock)",
                    "the secret's kid is not the ID of the key that signed it, or iss is not the team ID",
                    "the request was sent as JSON or with values in the query string instead of a form body"]
        case .invalidGrant:
            return ["the authorization code was already used or is older than five minutes",
                    "the refresh token was revoked (the user stopped using Sign in with Apple with the app)",
                    "the redirect_uri differs from the one used in the authorization request"]
        case .invalidRequest:
            return ["a required form field is missing or misspelled (grant_type, code, refresh_token, token)"]
        case .unauthorizedClient:
            return ["the client is not allowed to use this grant type; check the Services ID configuration"]
        case .unsupportedGrantType:
            return ["grant_type must be authorization_code or refresh_token"]
        case .invalidScope:
            return ["the requested scope is not name or email"]
        case .other:
            return []
        }
    }

    public var description: String {
        var text = "Apple answered \(status) \(rawCode)"
        if let errorDescription { text += " (\(errorDescription))" }
        if !likelyCauses.isEmpty { text += "; check: " + likelyCauses.joined(separator: "; ") }
        return text
    }
}

extension AppleTokenResponse: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "AppleTokenResponse(\(tokenType), expires in \(expiresIn) s, refresh token \(refreshToken == nil ? "absent" : "redacted"), "
            + "identity token \(idToken == nil ? "absent" : "present"), access token redacted)"
    }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(self, children: ["tokenType": tokenType, "expiresIn": expiresIn, "accessToken": "redacted",
                                "refreshToken": refreshToken == nil ? "absent" : "redacted", "idToken": idToken == nil ? "absent" : "present"],
               displayStyle: .struct)
    }
}

/// Apple's error body ("ErrorResponse").
private struct AppleErrorBody: Decodable { let error: String; let error_description: String? }

/// Reads Apple's answers to the REST requests (with the strict JSON parser: they are network input).
public enum AppleResponses {
    /// Decodes a /auth/token response: the tokens on 2xx, `.appleRejected` otherwise.
    public static func token<Body: Collection>(status: Int, body: Body) throws(AppleAuthError) -> AppleTokenResponse where Body.Element == UInt8 {
        guard (200..<300).contains(status) else { throw AppleAuthError(.appleRejected(error(status: status, body: body))) }
        do { return try StrictJSONDecoder().decode(AppleTokenResponse.self, from: body) } catch {
            throw AppleAuthError(.invalidResponse("the token response (HTTP \(status)) is not the documented JSON: \(error)"))
        }
    }

    /// Checks a /auth/revoke response: success on 2xx (Apple sends an empty body), `.appleRejected` otherwise.
    public static func revocation<Body: Collection>(status: Int, body: Body) throws(AppleAuthError) where Body.Element == UInt8 {
        guard (200..<300).contains(status) else { throw AppleAuthError(.appleRejected(error(status: status, body: body))) }
    }

    static func error<Body: Collection>(status: Int, body: Body) -> AppleAPIError where Body.Element == UInt8 {
        guard let decoded = try? StrictJSONDecoder(maximumSize: 64 * 1024).decode(AppleErrorBody.self, from: body) else {
            // Not Apple's error JSON (a proxy's page, an empty 503): a short, printable excerpt.
            let excerpt = String(decoding: body.prefix(200), as: UTF8.self).filter { !$0.isNewline }
            return AppleAPIError(status: status, code: .other("http_\(status)"), rawCode: "http_\(status)",
                                 errorDescription: excerpt.isEmpty ? nil : excerpt)
        }
        return AppleAPIError(status: status, code: .init(decoded.error), rawCode: decoded.error,
                             errorDescription: decoded.error_description)
    }
}

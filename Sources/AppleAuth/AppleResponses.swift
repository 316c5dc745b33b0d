// Apple's responses: the token response ("TokenResponse") and the error body ("ErrorResponse", RFC 6749
// §5.2 codes), each error with what a person should check.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A successful /auth/token response.
public struct AppleTokenResponse: Decodable, Sendable, Hashable {
    public let accessToken: String
    public let tokenType: String
    /// Seconds; Apple has sent it as a number and, in recorded responses, as a string.
    public let expiresIn: Int
    public let refreshToken: String?
    public let idToken: String?

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token", tokenType = "token_type", expiresIn = "expires_in"
        case refreshToken = "refresh_token", idToken = "id_token"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        accessToken = try c.decode(String.self, forKey: .accessToken)
        tokenType = try c.decode(String.self, forKey: .tokenType)
        if let number = try? c.decode(Int.self, forKey: .expiresIn) {
            expiresIn = number
        } else if let text = try? c.decode(String.self, forKey: .expiresIn), let number = Int(text) {
            expiresIn = number
        } else {
            throw DecodingError.dataCorruptedError(forKey: .expiresIn, in: c, debugDescription: "expires_in is not a number of seconds")
        }
        refreshToken = try c.decodeIfPresent(String.self, forKey: .refreshToken)
        idToken = try c.decodeIfPresent(String.self, forKey: .idToken)
    }
}

/// An error from Apple's REST API, with the causes worth checking.
public struct AppleAPIError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: Sendable, Hashable {
        case invalidRequest, invalidClient, invalidGrant, unauthorizedClient, unsupportedGrantType, invalidScope
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

    public let status: Int
    public let code: Code
    /// Apple's `error` string as sent.
    public let rawCode: String
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

public enum AppleResponses {
    /// Decodes a /auth/token response: the tokens on 2xx, an `AppleAPIError` otherwise.
    public static func token(status: Int, body: Data) throws -> AppleTokenResponse {
        guard (200..<300).contains(status) else { throw error(status: status, body: body) }
        return try JSONDecoder().decode(AppleTokenResponse.self, from: body)
    }

    /// Checks a /auth/revoke response: success on 2xx (Apple sends an empty body), an `AppleAPIError` otherwise.
    public static func revocation(status: Int, body: Data) throws {
        guard (200..<300).contains(status) else { throw error(status: status, body: body) }
    }

    static func error(status: Int, body: Data) -> AppleAPIError {
        struct Body: Decodable { let error: String; let error_description: String? }
        guard let decoded = try? JSONDecoder().decode(Body.self, from: body) else {
            return AppleAPIError(status: status, code: .other("http_\(status)"), rawCode: "http_\(status)",
                                 errorDescription: String(decoding: body.prefix(200), as: UTF8.self))
        }
        return AppleAPIError(status: status, code: .init(decoded.error), rawCode: decoded.error,
                             errorDescription: decoded.error_description)
    }
}

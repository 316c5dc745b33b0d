// The requests of Apple's Sign in with Apple REST API ("Generate and validate tokens", "Revoke tokens"):
// POST https://appleid.apple.com/auth/token and /auth/revoke with a form body. AppleAuth builds them; the
// caller's HTTP client sends them.

/// An HTTP request to send as it is.
public struct AppleHTTPRequest: Sendable, Hashable {
    public let method: String
    public let url: String
    public let headers: [String: String]
    /// The form-encoded body.
    public let body: String

    static func form(_ url: String, _ fields: [(String, String)]) -> AppleHTTPRequest {
        AppleHTTPRequest(method: "POST", url: url,
                         headers: ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json",
                                   "User-Agent": "PureJWT-AppleAuth"],
                         body: FormEncoding.encode(fields))
    }
}

/// An HTTP response as the transport received it.
public struct AppleHTTPResponse: Sendable, Hashable {
    public let status: Int
    /// Header names in any case.
    public let headers: [String: String]
    public let body: [UInt8]

    public init(status: Int, headers: [String: String] = [:], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of a header, matched without regard to case.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }
}

/// The one method AppleAuth needs from an HTTP client; implement it with URLSession, AsyncHTTPClient, …
public protocol AppleHTTPTransport: Sendable {
    func send(_ request: AppleHTTPRequest) async throws -> AppleHTTPResponse
}

/// Which token a revocation names.
public enum AppleTokenTypeHint: String, Sendable {
    case refreshToken = "refresh_token"
    case accessToken = "access_token"
}

public enum AppleRequests {
    public static let tokenURL = "https://appleid.apple.com/auth/token"
    public static let revokeURL = "https://appleid.apple.com/auth/revoke"
    public static let keysURL = "https://appleid.apple.com/auth/keys"

    /// Fetches Apple's public keys (JWKS).
    public static func keys() -> AppleHTTPRequest {
        AppleHTTPRequest(method: "GET", url: keysURL, headers: ["Accept": "application/json", "User-Agent": "PureJWT-AppleAuth"], body: "")
    }

    /// Exchanges an authorization code. `redirectURI` is sent only when given (web flows that used one).
    public static func exchange(code: String, clientID: String, clientSecret: String, redirectURI: String? = nil) -> AppleHTTPRequest {
        var fields = [("client_id", clientID), ("client_secret", clientSecret), ("code", code), ("grant_type", "authorization_code")]
        if let redirectURI { fields.append(("redirect_uri", redirectURI)) }
        return .form(tokenURL, fields)
    }

    /// Refreshes: validates a refresh token and returns a new access token and identity token.
    public static func refresh(_ refreshToken: String, clientID: String, clientSecret: String) -> AppleHTTPRequest {
        .form(tokenURL, [("client_id", clientID), ("client_secret", clientSecret), ("grant_type", "refresh_token"),
                         ("refresh_token", refreshToken)])
    }

    /// Revokes a token; required when a user deletes their account (App Store Review Guideline 5.1.1(v)).
    public static func revoke(_ token: String, hint: AppleTokenTypeHint, clientID: String, clientSecret: String) -> AppleHTTPRequest {
        .form(revokeURL, [("client_id", clientID), ("client_secret", clientSecret), ("token", token),
                          ("token_type_hint", hint.rawValue)])
    }
}

// The requests of Apple's Sign in with Apple REST API ("Generate and validate tokens", "Revoke tokens",
// "Fetch Apple's public key"): POST {base}/auth/token and {base}/auth/revoke with a form body, GET
// {base}/auth/keys. AppleAuth builds them; the caller's HTTP client sends them (`AppleHTTPTransport`, in
// AppleHTTP, re-exported here).

@_exported import AppleHTTP

extension AppleHTTPRequest {
    /// A form POST to Apple's REST API.
    static func form(_ url: String, _ fields: [(String, String)]) -> AppleHTTPRequest {
        AppleHTTPRequest(method: "POST", url: url,
                         headers: ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json",
                                   "User-Agent": "PureJWT-AppleAuth"],
                         body: FormEncoding.encode(fields))
    }
}

/// Which token a revocation names.
public enum AppleTokenTypeHint: String, Sendable {
    /// A refresh token: revoking it ends the user's authorization (what account deletion needs).
    case refreshToken = "refresh_token"
    /// An access token.
    case accessToken = "access_token"
}

/// Builds the REST requests against Apple's endpoints, or a stand-in's.
public enum AppleRequests {
    /// Apple's production base URL.
    public static let defaultBaseURL = "https://appleid.apple.com"
    /// Apple's token endpoint (exchange and refresh).
    public static let tokenURL = defaultBaseURL + "/auth/token"
    /// Apple's revocation endpoint.
    public static let revokeURL = defaultBaseURL + "/auth/revoke"
    /// Apple's public keys (JWKS).
    public static let keysURL = defaultBaseURL + "/auth/keys"

    /// Fetches Apple's public keys (JWKS).
    public static func keys(baseURL: String = defaultBaseURL) -> AppleHTTPRequest {
        AppleHTTPRequest(method: "GET", url: baseURL + "/auth/keys", headers: ["Accept": "application/json", "User-Agent": "PureJWT-AppleAuth"], body: "")
    }

    /// Exchanges an authorization code. `redirectURI` is sent only when given (web flows that used one).
    public static func exchange(code: String, clientID: String, clientSecret: String, redirectURI: String? = nil,
                                baseURL: String = defaultBaseURL) -> AppleHTTPRequest {
        var fields = [("client_id", clientID), ("client_secret", clientSecret), ("code", code), ("grant_type", "authorization_code")]
        if let redirectURI { fields.append(("redirect_uri", redirectURI)) }
        return .form(baseURL + "/auth/token", fields)
    }

    /// Refreshes: validates a refresh token and returns a new access token and identity token.
    public static func refresh(_ refreshToken: String, clientID: String, clientSecret: String,
                               baseURL: String = defaultBaseURL) -> AppleHTTPRequest {
        .form(baseURL + "/auth/token", [("client_id", clientID), ("client_secret", clientSecret), ("grant_type", "refresh_token"),
                                        ("refresh_token", refreshToken)])
    }

    /// Revokes a token; required when a user deletes their account (App Store Review Guideline 5.1.1(v)).
    public static func revoke(_ token: String, hint: AppleTokenTypeHint, clientID: String, clientSecret: String,
                              baseURL: String = defaultBaseURL) -> AppleHTTPRequest {
        .form(baseURL + "/auth/revoke", [("client_id", clientID), ("client_secret", clientSecret), ("token", token),
                                         ("token_type_hint", hint.rawValue)])
    }

    /// `baseURL` if it can be one: http or https, a host, no query, fragment or user info; a trailing
    /// slash is dropped.
    static func checkedBaseURL(_ baseURL: String) throws(AppleAuthError) -> String {
        switch AppleBaseURL.normalized(baseURL) {
        case .success(let url): return url
        case .failure(let problem): throw AppleAuthError(.invalidConfiguration(problem.message))
        }
    }
}

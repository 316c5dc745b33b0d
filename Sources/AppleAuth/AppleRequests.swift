// The requests of Apple's Sign in with Apple REST API ("Generate and validate tokens", "Revoke tokens",
// "Fetch Apple's public key"): POST {base}/auth/token and {base}/auth/revoke with a form body, GET
// {base}/auth/keys. AppleAuth builds them; the caller's HTTP client sends them (`AppleHTTPTransport`).

/// An HTTP request to send as it is.
public struct AppleHTTPRequest: Sendable, Hashable {
    /// "GET" or "POST".
    public let method: String
    /// The absolute URL, with the configured base.
    public let url: String
    /// The headers to send.
    public let headers: [String: String]
    /// The form-encoded body.
    public let body: String

    /// A request (for transports' tests; AppleAuth builds its own with `AppleRequests`).
    public init(method: String, url: String, headers: [String: String], body: String) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    static func form(_ url: String, _ fields: [(String, String)]) -> AppleHTTPRequest {
        AppleHTTPRequest(method: "POST", url: url,
                         headers: ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json",
                                   "User-Agent": "PureJWT-AppleAuth"],
                         body: FormEncoding.encode(fields))
    }
}

// The form bodies carry the client secret and tokens: a request never prints them.
extension AppleHTTPRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "AppleHTTPRequest(\(method) \(url), body redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(self, children: ["method": method, "url": url, "body": "redacted"], displayStyle: .struct)
    }
}

/// An HTTP response as the transport received it.
public struct AppleHTTPResponse: Sendable, Hashable {
    /// The HTTP status code.
    public let status: Int
    /// Header names in any case.
    public let headers: [String: String]
    /// The body as received.
    public let body: [UInt8]

    /// A response as the transport received it.
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

// A token response body holds access and refresh tokens.
extension AppleHTTPResponse: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "AppleHTTPResponse(\(status), \(body.count) bytes, body redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(self, children: ["status": status, "headers": headers, "body": "redacted"], displayStyle: .struct)
    }
}

/// The one method AppleAuth needs from an HTTP client; implement it with URLSession, AsyncHTTPClient, …
///
/// Throw `AppleTransportError` where you can tell what happened: AppleAuth retries an authorization-code
/// exchange only after `.connectionFailed` (the request was certainly not sent: a code is single-use, so a
/// request that may have reached Apple is never sent twice). Any other error is treated as `.other`.
public protocol AppleHTTPTransport: Sendable {
    /// Sends `request` and returns Apple's answer, whatever its status; throws only when no answer came
    /// (preferably an `AppleTransportError`). Must honour Swift task cancellation.
    func send(_ request: AppleHTTPRequest) async throws -> AppleHTTPResponse
}

/// A transport failure, classified by whether the request may have reached Apple.
public struct AppleTransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What happened, as far as the transport can tell.
    public enum Kind: Sendable, Hashable {
        /// The connection never opened (refused, no route, DNS failure): the request was not sent.
        case connectionFailed
        /// No complete answer in time: the request may or may not have reached Apple.
        case timedOut
        /// Anything else after the connection opened: the request may have reached Apple.
        case other
    }

    /// What happened.
    public let kind: Kind
    /// The transport's own words, for logs.
    public let message: String

    /// An error of `kind`, with a message for logs.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// Whether Apple may have received the request.
    public var requestMayHaveReachedApple: Bool { kind != .connectionFailed }

    public var description: String { message }
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
        var url = baseURL
        while url.hasSuffix("/") { url.removeLast() }
        let lower = url.lowercased()
        let rest: Substring
        if lower.hasPrefix("https://") { rest = url.dropFirst(8) } else if lower.hasPrefix("http://") { rest = url.dropFirst(7) } else {
            throw AppleAuthError(.invalidConfiguration("the base URL must start with https:// (or http:// for a local stand-in), not \"\(baseURL)\""))
        }
        let host = rest.prefix { $0 != "/" }
        guard !host.isEmpty, !url.contains(where: { $0 == "?" || $0 == "#" || $0 == "@" || $0.isWhitespace }) else {
            throw AppleAuthError(.invalidConfiguration("the base URL must be scheme://host[:port][/path] with no query, fragment or user info, not \"\(baseURL)\""))
        }
        return url
    }
}

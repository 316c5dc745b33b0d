// The one HTTP transport protocol of the package: AppleAuth (Sign in with Apple's REST API) and
// AppStoreServerAPI (the App Store Server and Retention Messaging APIs) build `AppleHTTPRequest`s, and the
// caller's HTTP client sends them. Defined here, below both, so that one transport — URLSession,
// AsyncHTTPClient, Vapor's client — serves both without either module depending on the other; both
// re-export this module, so `import AppleAuth` alone still names these types.

/// An HTTP request to send as it is.
public struct AppleHTTPRequest: Sendable, Hashable {
    /// "GET", "POST", "PUT" or "DELETE".
    public let method: String
    /// The absolute URL, with the configured base, path and query.
    public let url: String
    /// The headers to send.
    public let headers: [String: String]
    /// The body to send, byte for byte (empty: no body). A form or JSON body is UTF-8 text; a Retention
    /// Messaging image is PNG bytes.
    public let bodyBytes: [UInt8]

    /// A request with a text body (a form or JSON), sent as its UTF-8 bytes.
    public init(method: String, url: String, headers: [String: String], body: String) {
        self.init(method: method, url: url, headers: headers, bodyBytes: Array(body.utf8))
    }

    /// A request with a body of any bytes.
    public init(method: String, url: String, headers: [String: String], bodyBytes: [UInt8]) {
        self.method = method
        self.url = url
        self.headers = headers
        self.bodyBytes = bodyBytes
    }

    /// The body as UTF-8 text. Binary bodies (a Retention Messaging image) are not text: send `bodyBytes`.
    @available(*, deprecated, message: "send bodyBytes: a request's body may be binary (Retention Messaging's Upload Image)")
    public var body: String { String(decoding: bodyBytes, as: UTF8.self) }
}

// The bodies carry client secrets and tokens, and the headers the App Store's bearer token: a request
// never prints them.
extension AppleHTTPRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "AppleHTTPRequest(\(method) \(url), headers and body redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(self, children: ["method": method, "url": url, "headers": "redacted", "body": "redacted"], displayStyle: .struct)
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

/// The one method AppleAuth and AppStoreServerAPI need from an HTTP client; implement it with URLSession,
/// AsyncHTTPClient, … (the package's integrations do).
///
/// Throw `AppleTransportError` where you can tell what happened: a request that cannot be repeated (an
/// authorization-code exchange) is retried only after `.connectionFailed` (the request was certainly not
/// sent). Any other error is treated as `.other`.
public protocol AppleHTTPTransport: Sendable {
    /// Sends `request` and returns the answer, whatever its status; throws only when no answer came
    /// (preferably an `AppleTransportError`). Must send `bodyBytes` unchanged and honour Swift task
    /// cancellation.
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

/// Base URLs as the clients accept them.
package enum AppleBaseURL {
    /// `baseURL` if it can be one — http or https, a host, no query, fragment or user info; a trailing slash
    /// is dropped — or the message saying why not.
    package static func normalized(_ baseURL: String) -> Result<String, AppleBaseURLProblem> {
        var url = baseURL
        while url.hasSuffix("/") { url.removeLast() }
        let lower = url.lowercased()
        let rest: Substring
        if lower.hasPrefix("https://") { rest = url.dropFirst(8) } else if lower.hasPrefix("http://") { rest = url.dropFirst(7) } else {
            return .failure(AppleBaseURLProblem(message: "the base URL must start with https:// (or http:// for a local stand-in), not \"\(baseURL)\""))
        }
        let host = rest.prefix { $0 != "/" }
        guard !host.isEmpty, !url.contains(where: { $0 == "?" || $0 == "#" || $0 == "@" || $0.isWhitespace }) else {
            return .failure(AppleBaseURLProblem(
                message: "the base URL must be scheme://host[:port][/path] with no query, fragment or user info, not \"\(baseURL)\""))
        }
        return .success(url)
    }
}

/// Why a base URL cannot be used.
package struct AppleBaseURLProblem: Error, Sendable {
    /// What is wrong with it.
    package let message: String
}

// AppleAuth's failures as HTTP answers: the status a client can act on and a JSON body
// `{"error": "<code>"}`. The codes are stable strings for apps to switch on; the details go to the log,
// not to the client (a configuration error's text could name keys or files).

import AppleAuth
import Hummingbird
import NIOCore

/// An `AppleAuthError` as an HTTP response: 401 `invalid_token` for a rejected identity or session token
/// (or another status you choose, e.g. 400 for a notification body), 400 `invalid_callback` for a web-flow
/// callback that is malformed, cancelled, or has a state this browser was not sent with, 400 with Apple's
/// own code (`invalid_grant`, …) when Apple refused a request, 503 `apple_unavailable` when Apple could not
/// be reached or its keys are unavailable, 500 `server_error` for a configuration error.
public struct AppleAuthHTTPError: HTTPResponseError, Sendable {
    /// The underlying error.
    public let error: AppleAuthError
    /// The status for a rejected token.
    public let rejectedTokenStatus: HTTPResponse.Status

    private var isCallbackError: Bool {
        if case .invalidCallback = error.reason { return true }
        return false
    }

    /// The response status for the error's category.
    public var status: HTTPResponse.Status {
        if isCallbackError { return .badRequest }
        switch error.category {
        case .rejectedToken: return rejectedTokenStatus
        case .appleError: return .badRequest
        case .keysUnavailable, .transport: return .serviceUnavailable
        case .configuration: return .internalServerError
        }
    }

    /// The stable code in the body: Apple's error code when Apple refused, otherwise one of
    /// `invalid_token`, `apple_unavailable`, `server_error`.
    public var code: String {
        if isCallbackError { return "invalid_callback" }
        switch error.category {
        case .rejectedToken: return "invalid_token"
        case .appleError: return error.appleError?.rawCode ?? "apple_error"
        case .keysUnavailable, .transport: return "apple_unavailable"
        case .configuration: return "server_error"
        }
    }

    /// Wraps `error`; a rejected token answers `rejectedTokenStatus` (default 401).
    public init(_ error: AppleAuthError, rejectedTokenStatus: HTTPResponse.Status = .unauthorized) {
        self.error = error
        self.rejectedTokenStatus = rejectedTokenStatus
    }

    /// `{"error": code}` with `status`; a 503 carries `Retry-After: 5`.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if status == .serviceUnavailable { headers[.retryAfter] = "5" }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: AppleAuthHTTPError.json(error: code))))
    }

    /// `{"error": "<text>"}` with the text escaped for JSON.
    public static func json(error text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case _ where scalar.value < 0x20: escaped += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return "{\"error\":\"\(escaped)\"}"
    }
}

/// Turns an `AppleAuthError` thrown by a route into `AppleAuthHTTPError` (status and JSON body), logging
/// the full error; other errors pass through.
public struct AppleAuthErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// A middleware for every route below it.
    public init() {}

    /// Runs the route, converting `AppleAuthError`.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as AppleAuthError {
            context.logger.info("Sign in with Apple: \(error)", metadata: ["category": "\(error.category)"])
            throw AppleAuthHTTPError(error)
        }
    }
}

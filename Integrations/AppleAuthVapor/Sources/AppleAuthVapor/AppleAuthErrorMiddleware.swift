// AppleAuth's failures as HTTP answers in Vapor: `AppleAuthError.httpStatus` with `{"error": errorCode}`,
// instead of Vapor's generic 500. The details go to the log, not to the client.

import AppleAuth
import Vapor

/// Answers an `AppleAuthError` thrown by a route with its status and `{"error": "<code>"}` (a 503 with
/// `Retry-After: 5`), logging the full error; other errors pass through to Vapor's `ErrorMiddleware`.
/// Add it after `ErrorMiddleware` so it runs closer to the routes.
public struct AppleAuthErrorMiddleware: AsyncMiddleware {
    /// A middleware for the routes it wraps.
    public init() {}

    /// Runs the route, converting `AppleAuthError`.
    public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch let error as AppleAuthError {
            request.logger.info("Sign in with Apple: \(error)", metadata: ["category": "\(error.category)"])
            return try Self.response(for: error)
        }
    }

    /// The response for `error`: its status, `{"error": errorCode}`, and `Retry-After` on a 503.
    public static func response(for error: AppleAuthError, status: HTTPResponseStatus? = nil) throws -> Response {
        let status = status ?? HTTPResponseStatus(statusCode: error.httpStatus)
        var headers: HTTPHeaders = ["Content-Type": "application/json; charset=utf-8"]
        if status == .serviceUnavailable { headers.replaceOrAdd(name: .retryAfter, value: "5") }
        let body = try JSONEncoder().encode(["error": error.errorCode])
        return Response(status: status, headers: headers, body: .init(data: body))
    }
}

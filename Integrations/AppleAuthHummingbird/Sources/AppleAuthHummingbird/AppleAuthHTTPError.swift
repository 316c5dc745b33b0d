// AppleAuth's failures as HTTP answers: the status and stable code of `AppleAuthError.httpStatus` and
// `errorCode` in a JSON body `{"error": "<code>"}`. The details go to the log, not to the client (a
// configuration error's text could name keys or files).

import AppleAuth
import Foundation
import Hummingbird
import NIOCore

/// An `AppleAuthError` as an HTTP response: `AppleAuthError.httpStatus` (401 rejected token, 400 bad
/// callback or Apple's refusal, 503 Apple unavailable, 500 configuration) with `{"error": errorCode}`;
/// a rejected token may answer another status of your choice (e.g. 400 for a notification body).
public struct AppleAuthHTTPError: HTTPResponseError, Sendable {
    /// The underlying error.
    public let error: AppleAuthError
    /// The status for a rejected token.
    public let rejectedTokenStatus: HTTPResponse.Status

    /// Wraps `error`; a rejected token answers `rejectedTokenStatus` (default 401).
    public init(_ error: AppleAuthError, rejectedTokenStatus: HTTPResponse.Status = .unauthorized) {
        self.error = error
        self.rejectedTokenStatus = rejectedTokenStatus
    }

    /// The response status.
    public var status: HTTPResponse.Status {
        error.httpStatus == 401 ? rejectedTokenStatus : HTTPResponse.Status(code: error.httpStatus)
    }

    /// `{"error": errorCode}` with `status`; a 503 carries `Retry-After: 5`.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if status == .serviceUnavailable { headers[.retryAfter] = "5" }
        let body = try JSONEncoder().encode(["error": error.errorCode])
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
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

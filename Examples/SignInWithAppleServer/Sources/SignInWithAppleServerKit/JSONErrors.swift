// Every error answer of the server has the same shape, `{"error": "<text>"}`: AppleAuth's failures
// already do (AppleAuthErrorMiddleware); this renders Hummingbird's own errors (401 without a session,
// 400 for a malformed body, 404, 413) the same way instead of Hummingbird's `{"error": {"message": ...}}`,
// and a database that cannot be reached as 503 `{"error": "database_unavailable"}` with Retry-After.

import Foundation
import Hummingbird
import NIOCore

/// Renders `HTTPError`s as `{"error": "<message or reason>"}` with their status, and `StoreUnavailable` as 503.
struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as StoreUnavailable {
            context.logger.warning("request failed: database unavailable", metadata: ["error": "\(error)"])
            return databaseUnavailableResponse()
        } catch let error as HTTPError {
            let text = error.body ?? error.status.reasonPhrase.lowercased().replacingOccurrences(of: " ", with: "_")
            var headers = error.headers
            headers[.contentType] = "application/json; charset=utf-8"
            return Response(status: error.status, headers: headers,
                            body: .init(byteBuffer: ByteBuffer(bytes: try JSONEncoder().encode(["error": text]))))
        }
    }
}

/// 503 `{"error": "database_unavailable"}` with Retry-After: the database does not answer; try again shortly.
func databaseUnavailableResponse() -> Response {
    Response(status: .serviceUnavailable, headers: [.contentType: "application/json; charset=utf-8", .retryAfter: "5"],
             body: .init(byteBuffer: ByteBuffer(string: #"{"error":"database_unavailable"}"#)))
}

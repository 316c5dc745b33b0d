// An AppleHTTPTransport on URLSession, in its own target so that AppleAuth itself never links an HTTP
// client (on Linux, URLSession lives in FoundationNetworking, which links libcurl).

import AppleAuth
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends AppleAuth's requests with URLSession.
public struct URLSessionTransport: AppleHTTPTransport {
    public let timeout: TimeInterval
    /// Replaces "https://appleid.apple.com" in request URLs (for tests against a local server).
    public let baseURL: String?

    public init(timeout: TimeInterval = 15, baseURL: String? = nil) {
        self.timeout = timeout
        self.baseURL = baseURL
    }

    public func send(_ request: AppleHTTPRequest) async throws -> AppleHTTPResponse {
        var address = request.url
        if let baseURL, address.hasPrefix("https://appleid.apple.com") {
            address = baseURL + address.dropFirst("https://appleid.apple.com".count)
        }
        guard let url = URL(string: address) else { throw URLError(.badURL) }
        var urlRequest = URLRequest(url: url, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if !request.body.isEmpty { urlRequest.httpBody = Data(request.body.utf8) }
        let finalRequest = urlRequest
        let (data, response) = try await Self.withDeadline(timeout) { try await URLSession.shared.data(for: finalRequest) }
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return AppleHTTPResponse(status: http.statusCode, headers: headers, body: Array(data))
    }

    /// Runs `operation` and gives up after `seconds` with URLError(.timedOut). URLSession's own
    /// timeoutInterval is an idle timeout that FoundationNetworking does not always apply to a server that
    /// accepts and then stays silent, so the deadline is enforced here as well. The abandoned request is
    /// cancelled and finishes in the background.
    static func withDeadline<T: Sendable>(_ seconds: TimeInterval, _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        let once = ResumeOnce()
        return try await withCheckedThrowingContinuation { continuation in
            let work = Task {
                do {
                    let value = try await operation()
                    if once.claim() { continuation.resume(returning: value) }
                } catch {
                    if once.claim() { continuation.resume(throwing: error) }
                }
            }
            Task {
                try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1e9))
                if once.claim() {
                    work.cancel()
                    continuation.resume(throwing: URLError(.timedOut))
                }
            }
        }
    }
}

/// Lets exactly one of two racing tasks resume a continuation.
private final class ResumeOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false

    func claim() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if done { return false }
        done = true
        return true
    }
}

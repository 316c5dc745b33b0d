// An AppleHTTPTransport on URLSession, in its own target so that AppleAuth itself never links an HTTP
// client (on Linux, URLSession lives in FoundationNetworking, which links libcurl).

import AppleAuth
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends AppleAuth's requests with URLSession. Failures are `AppleTransportError`s: a connection that
/// never opened is `.connectionFailed` (AppleAuth may then retry even an authorization-code exchange), a
/// deadline passed is `.timedOut`.
public struct URLSessionTransport: AppleHTTPTransport {
    /// The deadline of one request, in seconds.
    public let timeout: TimeInterval
    /// Responses larger than this many bytes are refused (Apple's are a few KB).
    public let maximumResponseSize: Int

    /// - Parameters:
    ///   - timeout: the deadline of one request, from 0.001 to 3600 seconds.
    ///   - maximumResponseSize: the largest response body accepted, in bytes.
    public init(timeout: TimeInterval = 15, maximumResponseSize: Int = 1 << 20) throws(AppleAuthError) {
        guard timeout >= 0.001, timeout <= 3600 else {
            throw AppleAuthError(.invalidConfiguration("the transport's timeout must be from 0.001 to 3600 seconds, not \(timeout)"))
        }
        guard maximumResponseSize > 0 else {
            throw AppleAuthError(.invalidConfiguration("the transport's maximum response size must be positive, not \(maximumResponseSize)"))
        }
        self.timeout = timeout
        self.maximumResponseSize = maximumResponseSize
    }

    public func send(_ request: AppleHTTPRequest) async throws -> AppleHTTPResponse {
        guard let url = URL(string: request.url) else { throw AppleTransportError(.connectionFailed, "not a URL: \(request.url)") }
        var urlRequest = URLRequest(url: url, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if !request.body.isEmpty { urlRequest.httpBody = Data(request.body.utf8) }
        let finalRequest = urlRequest
        let data: Data, response: URLResponse
        do {
            (data, response) = try await Self.withDeadline(timeout) { try await URLSession.shared.data(for: finalRequest) }
        } catch let error as URLError {
            throw Self.classify(error, url: request.url)
        }
        guard let http = response as? HTTPURLResponse else { throw AppleTransportError(.other, "not an HTTP response from \(request.url)") }
        guard data.count <= maximumResponseSize else {
            throw AppleTransportError(.other, "the response from \(request.url) is \(data.count) bytes, over the limit of \(maximumResponseSize)")
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return AppleHTTPResponse(status: http.statusCode, headers: headers, body: Array(data))
    }

    /// Which URLSession errors mean the request never left: the connection was refused or the host not
    /// found. Everything else may have reached the server.
    static func classify(_ error: URLError, url: String) -> AppleTransportError {
        switch error.code {
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet, .badURL, .unsupportedURL:
            return AppleTransportError(.connectionFailed, "could not connect to \(url): \(error.localizedDescription)")
        case .timedOut:
            return AppleTransportError(.timedOut, "no answer from \(url) within the deadline")
        default:
            return AppleTransportError(.other, "\(url): \(error.localizedDescription)")
        }
    }

    /// Runs `operation` and gives up after `seconds` with URLError(.timedOut). URLSession's own
    /// timeoutInterval is an idle timeout that FoundationNetworking does not always apply to a server that
    /// accepts and then stays silent, so the deadline is enforced here as well. The timer is a Dispatch
    /// timer, not a sleeping task: when the cooperative thread pool is saturated (a server under load), a
    /// sleeping task wakes late and a slow answer could win the race; the abandoned request is cancelled.
    static func withDeadline<T: Sendable>(_ seconds: TimeInterval, _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        let once = ResumeOnce()
        // `seconds` was checked to be finite and at most an hour when the transport was made.
        let deadline = DispatchTime.now() + .nanoseconds(Int(min(max(0, seconds), 3600) * 1e9))
        return try await withCheckedThrowingContinuation { continuation in
            let work = Task {
                do {
                    let value = try await operation()
                    if once.claim() { continuation.resume(returning: value) }
                } catch {
                    if once.claim() { continuation.resume(throwing: error) }
                }
            }
            DispatchQueue.global().asyncAfter(deadline: deadline) {
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

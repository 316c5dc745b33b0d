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
///
/// On Linux, URLSession is FoundationNetworking's, over libcurl, which is known to leave many simultaneous
/// requests on one session unanswered together (swift-corelibs-foundation#3287). A server on Linux that calls Apple under load is better served by the
/// AsyncHTTPClient transport (Integrations/AppleAuthAsyncHTTPClient).
public struct URLSessionTransport: AppleHTTPTransport {
    /// The deadline of one request, in seconds.
    public let timeout: TimeInterval
    /// Responses larger than this many bytes are refused (Apple's are a few KB).
    public let maximumResponseSize: Int

    /// - Parameters:
    ///   - timeout: the deadline of one request, from 0.001 to 3600 seconds.
    ///   - maximumResponseSize: the largest response body accepted, in bytes.
    public init(timeout: TimeInterval = 10, maximumResponseSize: Int = 1 << 20) throws(AppleAuthError) {
        guard timeout >= 0.001, timeout <= 3600 else {
            throw AppleAuthError(.invalidConfiguration("the transport's timeout must be from 0.001 to 3600 seconds, not \(timeout)"))
        }
        guard maximumResponseSize > 0 else {
            throw AppleAuthError(.invalidConfiguration("the transport's maximum response size must be positive, not \(maximumResponseSize)"))
        }
        self.timeout = timeout
        self.maximumResponseSize = maximumResponseSize
    }

    /// Sends `request` with URLSession, within the timeout and response-size limit; connection failures,
    /// timeouts and cancellation are reported as `AppleTransportError`.
    public func send(_ request: AppleHTTPRequest) async throws -> AppleHTTPResponse {
        guard let url = URL(string: request.url) else { throw AppleTransportError(.connectionFailed, "not a URL: \(request.url)") }
        var urlRequest = URLRequest(url: url, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if !request.bodyBytes.isEmpty { urlRequest.httpBody = Data(request.bodyBytes) }
        let data: Data, response: URLResponse
        do {
            (data, response) = try await Self.load(urlRequest, deadline: timeout)
        } catch let error as URLError {
            if error.code == .cancelled { throw CancellationError() }
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

    /// The response to `request`, or URLError(.timedOut) after `seconds`. URLSession's own timeoutInterval
    /// is an idle timeout that FoundationNetworking does not always apply to a server that accepts and then
    /// stays silent, so the deadline is enforced here. Both racers — URLSession's completion handler and a
    /// Dispatch timer — run off Swift's cooperative thread pool: when the pool is saturated (a busy server),
    /// a task-based racer would be scheduled late and the deadline would no longer mean wall-clock time.
    /// The loser is ignored; a request that times out is cancelled, and so is one whose task is cancelled.
    static func load(_ request: URLRequest, deadline seconds: TimeInterval) async throws -> (Data, URLResponse) {
        let once = ResumeOnce()
        let running = RunningTask()
        // `seconds` was checked to be finite and at most an hour when the transport was made.
        let deadline = DispatchTime.now() + .nanoseconds(Int(min(max(0, seconds), 3600) * 1e9))
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = URLSession.shared.dataTask(with: request) { data, response, error in
                    guard once.claim() else { return }
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let data, let response {
                        continuation.resume(returning: (data, response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                running.set(task)
                DispatchQueue.global().asyncAfter(deadline: deadline) {
                    guard once.claim() else { return }
                    task.cancel()
                    continuation.resume(throwing: URLError(.timedOut))
                }
                task.resume()
            }
        } onCancel: {
            running.cancel()
        }
    }
}

/// The data task of a request in flight, for cancelling it from another thread.
private final class RunningTask: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var cancelled = false

    func set(_ task: URLSessionDataTask) {
        lock.lock()
        self.task = task
        let cancelNow = cancelled
        lock.unlock()
        if cancelNow { task.cancel() }
    }

    func cancel() {
        lock.lock()
        cancelled = true
        let task = self.task
        lock.unlock()
        task?.cancel()
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

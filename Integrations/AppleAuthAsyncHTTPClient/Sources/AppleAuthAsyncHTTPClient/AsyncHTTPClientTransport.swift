// AppleAuth's requests over AsyncHTTPClient, with the failures classified the way AppleAuth's retry rules
// need: a request that never got a connection may be sent again (even an authorization-code exchange);
// anything after a connection opened may have reached Apple.

import AppleAuth
import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOPosix
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Sends AppleAuth's requests with an AsyncHTTPClient `HTTPClient`.
///
/// ```swift
/// let apple = try SignInWithApple(configuration: configuration, transport: try AsyncHTTPClientTransport())
/// ```
///
/// Failures are `AppleTransportError`s. `.connectionFailed`: the request never had a connection (refused,
/// unreachable, DNS, connect timeout, or still waiting for one at the deadline). `.timedOut`: the deadline
/// passed after the request had a connection. `.other`: anything else, including a response larger than
/// `maximumResponseSize`. Cancelling the calling task cancels the request and throws `CancellationError`.
///
/// By default requests go through `sharedClient`, which fails an attempt at once when Apple refuses the
/// connection or its name does not resolve, so that AppleAuth's retry policy alone decides what happens
/// next. A client of your own with AsyncHTTPClient's default `retryConnectionEstablishment` (true) keeps
/// retrying a refused connection until the deadline: each attempt then costs the whole timeout, and a
/// sign-in during an outage waits the retry policy's whole time limit.
public struct AsyncHTTPClientTransport: AppleHTTPTransport {
    /// The client requests go through; not shut down by the transport.
    public let client: HTTPClient
    /// The deadline of one request, connection, redirects and whole body included, in seconds.
    public let timeout: Double
    /// Responses larger than this many bytes are refused (Apple's are a few KB).
    public let maximumResponseSize: Int

    /// The client transports use unless given one: one per process, never shut down (like
    /// `HTTPClient.shared`, on the same event loop group), with AsyncHTTPClient's shared configuration
    /// except that a connection that cannot be made fails its request at once instead of being retried
    /// until the deadline (`retryConnectionEstablishment` false), and a connection attempt gives up after
    /// 3 s (Apple's endpoints accept within a fraction of that; an address that drops packets should not
    /// hold a sign-in). Do not shut it down.
    public static var sharedClient: HTTPClient { appleClient }

    /// - Parameters:
    ///   - client: the `HTTPClient` to use: `sharedClient` by default; yours, if you want its configuration
    ///     (proxies, TLS) — see the type's note on `retryConnectionEstablishment`.
    ///   - timeout: the deadline of one request, from 0.001 to 3600 seconds (10 by default; a call's retries
    ///     are bounded by the retry policy's `timeLimit`).
    ///   - maximumResponseSize: the largest response body accepted, from 1 byte to 64 MiB.
    public init(client: HTTPClient = AsyncHTTPClientTransport.sharedClient, timeout: Double = 10,
                maximumResponseSize: Int = 1 << 20) throws(AppleAuthError) {
        guard timeout >= 0.001, timeout <= 3600 else {
            throw AppleAuthError(.invalidConfiguration("the transport's timeout must be from 0.001 to 3600 seconds, not \(timeout)"))
        }
        guard maximumResponseSize > 0, maximumResponseSize <= 64 << 20 else {
            throw AppleAuthError(.invalidConfiguration(
                "the transport's maximum response size must be from 1 byte to 64 MiB, not \(maximumResponseSize)"))
        }
        self.client = client
        self.timeout = timeout
        self.maximumResponseSize = maximumResponseSize
    }

    /// Sends `request` within the timeout; the response whatever its status, or an `AppleTransportError`.
    public func send(_ request: AppleHTTPRequest) async throws -> AppleHTTPResponse {
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for (name, value) in request.headers { outgoing.headers.replaceOrAdd(name: name, value: value) }
        if !request.bodyBytes.isEmpty { outgoing.body = .bytes(ByteBuffer(bytes: request.bodyBytes)) }

        let deadline = NIODeadline.now() + .nanoseconds(Int64(timeout * 1_000_000_000))
        do {
            let response = try await client.execute(outgoing, deadline: deadline)
            if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > maximumResponseSize {
                throw AppleTransportError(.other, tooLarge(request.url, "\(length) bytes"))
            }
            let body = try await Self.collect(response.body, upTo: maximumResponseSize, by: deadline, url: request.url)
            var headers: [String: String] = [:]
            for (name, value) in response.headers {
                headers[name] = headers[name].map { "\($0), \(value)" } ?? value
            }
            return AppleHTTPResponse(status: Int(response.status.code), headers: headers, body: Array(buffer: body))
        } catch let error as AppleTransportError {
            throw error
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw Self.classify(error, url: request.url, limit: maximumResponseSize)
        }
    }

    /// The body, read by the same deadline. AsyncHTTPClient's deadline ends when the head has arrived (a
    /// server that then stalls would hold the body for its idle read timeout), so the body races a timer.
    private static func collect(_ body: HTTPClientResponse.Body, upTo limit: Int, by deadline: NIODeadline,
                                url: String) async throws -> ByteBuffer {
        try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
            group.addTask { try await body.collect(upTo: limit) }
            group.addTask {
                let remaining = deadline - NIODeadline.now()
                try await Task.sleep(nanoseconds: UInt64(max(0, remaining.nanoseconds)))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let buffer = first else {
                throw AppleTransportError(.timedOut, "the body from \(url) did not arrive within the deadline")
            }
            return buffer
        }
    }

    private func tooLarge(_ url: String, _ size: String) -> String {
        "the response from \(url) is \(size), over the limit of \(maximumResponseSize) bytes"
    }

    /// Which errors mean the request never had a connection. AsyncHTTPClient fails a request that waited
    /// for a connection with the last connection error, `connectTimeout` or `getConnectionFromPoolTimeout`;
    /// a request that had one fails with `deadlineExceeded`, `readTimeout`, `remoteConnectionClosed` or an
    /// I/O error of the open connection.
    static func classify(_ error: any Error, url: String, limit: Int) -> AppleTransportError {
        if let client = error as? HTTPClientError {
            if notConnected.contains(client) {
                return AppleTransportError(.connectionFailed, "could not connect to \(url): \(client)")
            }
            if timedOut.contains(client) {
                return AppleTransportError(.timedOut, "no complete answer from \(url) within the deadline (\(client))")
            }
            return AppleTransportError(.other, "\(url): \(client)")
        }
        if error is NIOTooManyBytesError {
            return AppleTransportError(.other, "the response from \(url) is over the limit of \(limit) bytes")
        }
        if error is NIOConnectionError || isConnectFailure(error) {
            return AppleTransportError(.connectionFailed, "could not connect to \(url): \(error)")
        }
        return AppleTransportError(.other, "\(url): \(error)")
    }

    /// Failures before the request had a connection, or of a URL no connection could be made for.
    private static let notConnected: [HTTPClientError] = [
        .connectTimeout, .getConnectionFromPoolTimeout, .tlsHandshakeTimeout, .socksHandshakeTimeout,
        .httpProxyHandshakeTimeout, .invalidURL, .emptyHost, .emptyScheme,
    ]

    /// Deadlines that passed with the request on a connection.
    private static let timedOut: [HTTPClientError] = [.deadlineExceeded, .readTimeout, .writeTimeout]

    /// Errors of a connection attempt: the connect call's own errno, or a connect timeout.
    private static func isConnectFailure(_ error: any Error) -> Bool {
        if let channel = error as? ChannelError, case .connectTimeout = channel { return true }
        if let io = error as? IOError {
            return [ECONNREFUSED, ENETUNREACH, EHOSTUNREACH, EADDRNOTAVAIL].contains(io.errnoCode)
        }
        return false
    }
}

/// `AsyncHTTPClientTransport.sharedClient`. A global is never deinitialised, so the client needs no
/// shutdown (AsyncHTTPClient asserts, in debug builds, that a client is shut down before it is released).
private let appleClient: HTTPClient = {
    var configuration = HTTPClient.Configuration.singletonConfiguration
    configuration.connectionPool.retryConnectionEstablishment = false
    configuration.timeout.connect = .seconds(3)
    return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
}()

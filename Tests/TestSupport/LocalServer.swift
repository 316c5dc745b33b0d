// A scripted HTTP/1.1 server on 127.0.0.1 for the transport and tool tests: each request gets the next
// scripted response (optionally after a delay), and once the script is spent the connection is closed
// unanswered. It records what it received, as text. Built on StandInServer; loopback only.

import Foundation

public final class LocalServer: @unchecked Sendable {
    public struct Scripted: Sendable {
        let status: Int
        let headers: [String: String]
        let body: String
        var delay: TimeInterval = 0

        public init(status: Int, headers: [String: String], body: String, delay: TimeInterval = 0) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
        }
    }

    /// The script, consumed in order by the stand-in's connection threads.
    private final class Script: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [Scripted]
        init(_ entries: [Scripted]) { self.entries = entries }
        func next() -> Scripted? {
            lock.lock(); defer { lock.unlock() }
            return entries.isEmpty ? nil : entries.removeFirst()
        }
    }

    private let server: StandInServer

    public init(_ script: [Scripted]) throws {
        let queue = Script(script)
        server = try StandInServer { _ in
            guard let next = queue.next() else { return .noAnswer }
            return .init(status: next.status, headers: next.headers, body: next.body, delay: next.delay)
        }
    }

    public var port: UInt16 { server.port }
    public var baseURL: String { server.baseURL }

    /// Stops accepting connections. Safe to call more than once.
    public func stop() { server.stop() }

    /// Each request as it arrived: the request line, the headers (names in lower case) and the body.
    public var receivedRequests: [String] {
        server.received.map { request in
            "\(request.method) \(request.path) HTTP/1.1\r\n"
                + request.headers.map { "\($0.key): \($0.value)\r\n" }.joined() + "\r\n" + request.body
        }
    }
}

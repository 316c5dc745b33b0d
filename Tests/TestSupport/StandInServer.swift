// An HTTP/1.1 stand-in on 127.0.0.1 whose answers come from a handler, one thread per connection (a slow
// answer does not hold up the others), with the faults a test switches on: down (the listening socket is
// closed, so connections are refused), or, through the handler, an error status or a late answer. It
// records every request. Loopback only; it serves until `stop()`, and every test stops it.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

public final class StandInServer: @unchecked Sendable {
    public struct Request: Sendable {
        public let method: String
        public let path: String
        public let headers: [String: String]
        public let body: String
        /// The body's bytes as received (binary bodies: OCSP requests, images).
        public let bodyBytes: [UInt8]

        /// The form fields of an application/x-www-form-urlencoded body ("+" and %XX decoded).
        public var form: [String: String] {
            var fields: [String: String] = [:]
            for pair in body.split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1).map {
                    String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
                }
                fields[parts[0]] = parts.count > 1 ? parts[1] : ""
            }
            return fields
        }
    }

    public struct Response: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: String
        /// Seconds to wait before answering (a slow Apple, or a timeout).
        public var delay: TimeInterval
        /// A binary body, sent instead of `body` when set.
        public var bodyBytes: [UInt8]?

        public init(status: Int, headers: [String: String] = [:], body: String = "", delay: TimeInterval = 0) {
            (self.status, self.headers, self.body, self.delay) = (status, headers, body, delay)
        }

        /// An answer with a binary body.
        public init(status: Int, headers: [String: String] = [:], bytes: [UInt8], delay: TimeInterval = 0) {
            (self.status, self.headers, self.body, self.delay, self.bodyBytes) = (status, headers, "", delay, bytes)
        }
    }

    public typealias Handler = @Sendable (Request) -> Response

    private let lock = NSLock()
    private var handler: Handler
    private var listener: Int32 = -1
    private var requests: [Request] = []
    private var stopped = false
    public private(set) var port: UInt16 = 0

    public init(handler: @escaping Handler) throws {
        self.handler = handler
        try startListening()
    }

    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Replaces the handler (e.g. Apple rotates its keys, or starts answering 503).
    public func setHandler(_ handler: @escaping Handler) {
        lock.lock(); defer { lock.unlock() }
        self.handler = handler
    }

    /// Every request received so far, in order.
    public var received: [Request] {
        lock.lock(); defer { lock.unlock() }
        return requests
    }

    public func received(path: String) -> [Request] { received.filter { $0.path == path } }

    /// Closes the listening socket: connections are refused from then on (Apple down).
    public func goDown() {
        lock.lock(); defer { lock.unlock() }
        guard listener >= 0 else { return }
        // The accept thread closes the descriptor when its accept fails (see LocalServer.stop for why).
        shutdown(listener, Int32(SHUT_RDWR))
        listener = -1
    }

    public func stop() {
        goDown()
        lock.lock(); defer { lock.unlock() }
        stopped = true
    }

    private func startListening() throws {
        let (fd, boundPort) = try bindLoopbackSocket(listenBacklog: 64)
        lock.lock()
        listener = fd
        port = boundPort
        lock.unlock()
        Thread { [self] in acceptLoop(fd) }.start()
    }

    private func acceptLoop(_ fd: Int32) {
        while true {
            let client = accept(fd, nil, nil)
            if client < 0 {
                // A signal (the tool tests' subprocesses exit with SIGCHLD) interrupts accept: try again.
                if errno == EINTR { continue }
                close(fd)
                return
            }
            Thread { [self] in serve(client) }.start()
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        guard let request = Self.readRequest(client) else { return }
        lock.lock()
        requests.append(request)
        let handler = self.handler
        lock.unlock()
        let response = handler(request)
        if response.delay > 0 { Thread.sleep(forTimeInterval: response.delay) }
        let body = response.bodyBytes ?? Array(response.body.utf8)
        var text = "HTTP/1.1 \(response.status) X\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
        for (name, value) in response.headers { text += "\(name): \(value)\r\n" }
        text += "\r\n"
        let bytes = Array(text.utf8) + body
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)   // a client that gave up must not kill the process with SIGPIPE
        #else
        let flags: Int32 = 0
        #endif
        _ = bytes.withUnsafeBytes { send(client, $0.baseAddress, $0.count, flags) }
    }

    /// Reads the request line, headers and a Content-Length body (at most 1 MiB).
    private static func readRequest(_ client: Int32) -> Request? {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while data.count < 1 << 20 {
            let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            data += buffer[0..<count]
            guard let end = data.firstRange(of: Array("\r\n\r\n".utf8)) else { continue }
            let head = String(decoding: data[..<end.lowerBound], as: UTF8.self)
            var lines = head.components(separatedBy: "\r\n")
            let requestLine = lines.removeFirst().split(separator: " ")
            var headers: [String: String] = [:]
            for line in lines {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            let length = headers["content-length"].flatMap { Int($0) } ?? 0
            guard data.count - end.upperBound >= length else { continue }
            guard requestLine.count >= 2 else { return nil }
            let body = Array(data[end.upperBound..<(end.upperBound + length)])
            return Request(method: String(requestLine[0]), path: String(requestLine[1]), headers: headers,
                           body: String(decoding: body, as: UTF8.self), bodyBytes: body)
        }
        return nil
    }
}

extension LocalServer {
    /// A port on 127.0.0.1 that nothing listens on: connecting to it is refused. The port stays bound (to a
    /// socket that never listens, kept open until the process ends), so no other test's server can be
    /// given it in the meantime — a port that was bound, read and closed could be, and a test that expected
    /// a refusal then met a server that never answered (a 10-second timeout on CI).
    public static func closedPort() throws -> UInt16 {
        try bindLoopbackSocket(listenBacklog: nil).port     // the descriptor is deliberately left open
    }
}

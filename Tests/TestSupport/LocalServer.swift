// A tiny HTTP/1.1 server on 127.0.0.1 for the transport tests: it answers each request with the next
// scripted response (optionally after a delay) and records what it received. Bounded: it serves at most
// the scripted responses and stops when the test ends. Loopback only; nothing leaves the machine.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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

    private let socketDescriptor: Int32
    public let port: UInt16
    private let lock = NSLock()
    private var script: [Scripted]
    private(set) var requests: [String] = []
    private var stopped = false

    public init(_ script: [Scripted]) throws {
        self.script = script
        (socketDescriptor, port) = try bindLoopbackSocket(listenBacklog: 16)
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Stops accepting connections. Safe to call more than once. Only the serving thread closes the
    /// socket (when its accept fails after this shutdown): closing it here could close a descriptor
    /// number that another test has reused in the meantime (a second `stop()` did exactly that, and a
    /// parallel test's Pipe then failed with EBADF inside Foundation).
    public func stop() {
        lock.lock(); defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        shutdown(socketDescriptor, Int32(SHUT_RDWR))
    }

    private func next() -> Scripted? {
        lock.lock(); defer { lock.unlock() }
        return script.isEmpty ? nil : script.removeFirst()
    }

    private func record(_ request: String) {
        lock.lock(); defer { lock.unlock() }
        requests.append(request)
    }

    public var receivedRequests: [String] {
        lock.lock(); defer { lock.unlock() }
        return requests
    }

    private func serve() {
        while true {
            let client = accept(socketDescriptor, nil, nil)
            if client < 0 {
                // A signal (the tool tests' subprocesses exit with SIGCHLD) interrupts accept: try again.
                if errno == EINTR { continue }
                close(socketDescriptor)
                return
            }
            let request = readRequest(client)
            record(request)
            if let response = next() {
                if response.delay > 0 { Thread.sleep(forTimeInterval: response.delay) }
                var text = "HTTP/1.1 \(response.status) X\r\nContent-Length: \(response.body.utf8.count)\r\nConnection: close\r\n"
                for (name, value) in response.headers { text += "\(name): \(value)\r\n" }
                text += "\r\n" + response.body
                let bytes = Array(text.utf8)
                // MSG_NOSIGNAL: a client that gave up (the timeout test) must not kill the process with SIGPIPE.
                #if canImport(Glibc)
                let flags = Int32(MSG_NOSIGNAL)
                #else
                let flags: Int32 = 0
                #endif
                _ = bytes.withUnsafeBytes { send(client, $0.baseAddress, $0.count, flags) }
            }
            close(client)
        }
    }

    /// Reads headers and a Content-Length body.
    private func readRequest(_ client: Int32) -> String {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while data.count < 1 << 20 {
            let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            data += buffer[0..<count]
            let text = String(decoding: data, as: UTF8.self)
            if let end = text.range(of: "\r\n\r\n") {
                let head = text[..<end.lowerBound].lowercased()
                let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if text.utf8.count - text.utf8.distance(from: text.startIndex, to: end.upperBound) >= length { break }
            }
        }
        return String(decoding: data, as: UTF8.self)
    }
}

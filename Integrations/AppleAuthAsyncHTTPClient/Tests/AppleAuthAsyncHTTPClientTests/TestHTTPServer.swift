// A scripted HTTP/1.1 server on 127.0.0.1 for the transport's tests: each request is recorded, then
// answered as the test's script says — a response, no answer at all, headers and then silence, or a
// closed connection.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

struct ReceivedRequest: Sendable {
    let method: String
    let uri: String
    let headers: [(String, String)]
    let body: [UInt8]

    func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
}

enum ServerAction: Sendable {
    case respond(status: Int, headers: [(String, String)] = [], body: [UInt8] = [])
    /// Read the request and never answer.
    case hang
    /// Send the head with a Content-Length, then nothing.
    case headThenHang(contentLength: Int)
    /// Send a chunked body of this many bytes.
    case chunked(byteCount: Int)
    /// Close the connection after reading the request.
    case close
}

final class TestHTTPServer: Sendable {
    let port: Int
    private let channel: any Channel
    private let received = NIOLockedValueBox<[ReceivedRequest]>([])

    var requests: [ReceivedRequest] { received.withLockedValue { $0 } }
    var baseURL: String { "http://127.0.0.1:\(port)" }

    init(_ script: @escaping @Sendable (ReceivedRequest) -> ServerAction) async throws {
        let received = self.received
        channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.pipeline.configureHTTPServerPipeline().flatMap {
                    channel.pipeline.addHandler(ScriptedHandler(script: script, received: received))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        port = channel.localAddress?.port ?? 0
    }

    func shutdown() async throws { try await channel.close() }

    /// A port on 127.0.0.1 where nothing listens, so connecting is refused. It stays bound (to a socket
    /// that never listens, open until the process ends) so that no other test's server can be given it
    /// meanwhile, as a port bound, read and closed could be.
    static func closedPort() async throws -> Int {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw IOError(errnoCode: errno, reason: "socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { close(fd); throw IOError(errnoCode: errno, reason: "bind") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))   // fd is deliberately left open
    }
}

private final class ScriptedHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    let script: @Sendable (ReceivedRequest) -> ServerAction
    let received: NIOLockedValueBox<[ReceivedRequest]>
    var head: HTTPRequestHead?
    var body: [UInt8] = []

    init(script: @escaping @Sendable (ReceivedRequest) -> ServerAction, received: NIOLockedValueBox<[ReceivedRequest]>) {
        self.script = script
        self.received = received
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let requestHead):
            head = requestHead
            body = []
        case .body(var buffer):
            body += buffer.readBytes(length: buffer.readableBytes) ?? []
        case .end:
            guard let head else { return }
            let request = ReceivedRequest(method: head.method.rawValue, uri: head.uri,
                                          headers: head.headers.map { ($0.name, $0.value) }, body: body)
            received.withLockedValue { $0.append(request) }
            act(script(request), context: context)
        }
    }

    private func act(_ action: ServerAction, context: ChannelHandlerContext) {
        switch action {
        case .respond(let status, let headers, let body):
            var fields = HTTPHeaders(headers)
            fields.replaceOrAdd(name: "Content-Length", value: String(body.count))
            let head = HTTPResponseHead(version: .http1_1, status: HTTPResponseStatus(statusCode: status), headers: fields)
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        case .hang:
            break
        case .headThenHang(let length):
            let head = HTTPResponseHead(version: .http1_1, status: .ok, headers: ["Content-Length": String(length)])
            context.writeAndFlush(wrapOutboundOut(.head(head)), promise: nil)
        case .chunked(let count):
            let head = HTTPResponseHead(version: .http1_1, status: .ok, headers: ["Transfer-Encoding": "chunked"])
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            var remaining = count
            while remaining > 0 {
                let piece = min(remaining, 16_384)
                context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(repeating: 0x61, count: piece)))), promise: nil)
                remaining -= piece
            }
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        case .close:
            context.close(promise: nil)
        }
    }
}

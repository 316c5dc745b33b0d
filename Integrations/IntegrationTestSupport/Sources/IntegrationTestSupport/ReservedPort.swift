// A port for a stand-in server that must refuse connections once the server has stopped, without another
// test's server (parallel tests bind port 0) being given the port in between.
//
// How: a socket with SO_REUSEADDR is bound to 127.0.0.1 on a port the system picks, and never listens.
// On Linux a server that also sets SO_REUSEADDR (Vapor's and Hummingbird's default) may still bind and
// listen there, since the holder is not listening; when the server closes, connections to the port are
// refused (nothing listens), and the system does not hand a port that a socket still holds to a bind of
// port 0. Elsewhere (macOS: the BSD rules want SO_REUSEPORT for that) the server takes a port of its own
// and the refusal is best effort.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public final class ReservedPort: Sendable {
    public let port: Int
    private let descriptor: Int32

    public struct SocketError: Error, CustomStringConvertible {
        public let call: String
        public let code: Int32
        public var description: String { "\(call) failed with errno \(code) while reserving a port on 127.0.0.1" }
    }

    /// Binds the holder socket; throws if the system refuses a socket or a port.
    public init() throws {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw SocketError(call: "socket", code: errno) }
        var one: Int32 = 1
        guard setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
            let code = errno
            close(fd)
            throw SocketError(call: "setsockopt", code: code)
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else {
            let code = errno
            close(fd)
            throw SocketError(call: "bind", code: code)
        }
        descriptor = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether a server may listen on `port` beside the holder (see the top of this file).
    public static var serverMayShare: Bool {
        #if os(Linux)
        return true
        #else
        return false
        #endif
    }

    deinit { close(descriptor) }
}

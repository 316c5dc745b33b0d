// A TCP socket bound to 127.0.0.1 on a port the system picks: the one piece of socket code the stand-in
// servers (LocalServer, StandInServer) and the refusing port (`LocalServer.closedPort`) share.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Binds a new TCP socket to 127.0.0.1 on a free port and, with a `backlog`, listens on it. Returns the
/// descriptor and the port; the caller owns the descriptor.
func bindLoopbackSocket(listenBacklog backlog: Int32?) throws -> (descriptor: Int32, port: UInt16) {
    #if canImport(Glibc)
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw POSIXError(.EIO) }
    if backlog != nil {
        // Servers only: a socket that stays bound without listening (the refusing port) must not share its
        // port, which SO_REUSEADDR on both sides would let another socket do.
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0, backlog.map({ listen(fd, $0) == 0 }) ?? true else { close(fd); throw POSIXError(.EADDRINUSE) }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return (fd, UInt16(bigEndian: address.sin_port))
}

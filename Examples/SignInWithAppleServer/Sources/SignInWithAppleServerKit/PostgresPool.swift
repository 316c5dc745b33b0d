// A small pool of PostgreSQL connections, written for the one property this server needs most from it:
// after PostgreSQL comes back, the very next request works. Connections are opened on demand (up to
// `maximum`), kept while idle, and a connection the server closed (a restart, an idle timeout, a failover)
// is noticed — SwiftNIO sees the socket close — and dropped when it is next taken, never handed out. A
// connection whose work failed in any way is closed rather than returned: its transaction state is unknown.
// There is no back-off between attempts to connect: each request that finds no idle connection tries once,
// within its own deadline (PostgresStore), so while PostgreSQL is down requests fail fast with 503 and the
// first one after it returns connects. (postgres-nio's PostgresClient backs off up to a minute after a
// long outage, and queues requests meanwhile.)

import Logging
import NIOCore
import PostgresNIO

/// Connections to one database, at most `maximum` open at a time.
actor PostgresPool {
    private let configuration: PostgresConnection.Configuration
    private let maximum: Int
    private let logger: Logger
    private var idle: [PostgresConnection] = []
    private var open = 0
    private var nextConnectionID = 0
    private var waiters: [(id: Int, continuation: CheckedContinuation<PostgresConnection?, any Error>)] = []
    private var nextWaiterID = 0
    private var isClosed = false

    init(configuration: PostgresConnection.Configuration, maximum: Int, logger: Logger) {
        self.configuration = configuration
        self.maximum = max(1, maximum)
        self.logger = logger
    }

    /// Runs `body` on a connection of the pool. The connection goes back to the pool when `body` returns,
    /// and is closed when it throws.
    func withConnection<T: Sendable>(_ body: @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        let connection = try await lease()
        do {
            let result = try await body(connection)
            release(connection, reusable: true)
            return result
        } catch {
            release(connection, reusable: false)
            throw error
        }
    }

    /// Closes every idle connection and refuses new work; connections in use are closed as they come back.
    func close() async {
        isClosed = true
        let connections = idle
        idle = []
        open -= connections.count
        for waiter in waiters { waiter.continuation.resume(throwing: PostgresPoolClosed()) }
        waiters = []
        for connection in connections { try? await connection.close() }
    }

    private func lease() async throws -> PostgresConnection {
        guard !isClosed else { throw PostgresPoolClosed() }
        while let connection = idle.popLast() {
            if !connection.isClosed { return connection }
            open -= 1   // closed by the server while idle: forget it
        }
        if open >= maximum {
            // Every connection is in use: wait until one comes back (or its slot is freed).
            let id = nextWaiterID
            nextWaiterID += 1
            let handedOver = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    waiters.append((id, continuation))
                }
            } onCancel: {
                Task { await self.cancelWaiter(id) }
            }
            if let handedOver { return handedOver }
            // A slot was freed for us (`open` already counts it): connect below.
        } else {
            open += 1
        }
        do {
            return try await connect()
        } catch {
            open -= 1
            wakeOneWaiterWithFreeSlot()
            throw error
        }
    }

    private func connect() async throws -> PostgresConnection {
        nextConnectionID += 1
        return try await PostgresConnection.connect(configuration: configuration, id: nextConnectionID, logger: logger)
    }

    private func release(_ connection: PostgresConnection, reusable: Bool) {
        if reusable, !isClosed, !connection.isClosed {
            if !waiters.isEmpty {
                waiters.removeFirst().continuation.resume(returning: connection)
            } else {
                idle.append(connection)
            }
            return
        }
        // The connection must outlive its closing (postgres-nio asserts that it is closed when released).
        connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
        open -= 1
        wakeOneWaiterWithFreeSlot()
    }

    /// Gives a freed slot to the first waiter, which then opens its own connection.
    private func wakeOneWaiterWithFreeSlot() {
        guard !waiters.isEmpty, open < maximum else { return }
        open += 1
        waiters.removeFirst().continuation.resume(returning: nil)
    }

    private func cancelWaiter(_ id: Int) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(throwing: CancellationError())
    }
}

/// Work was asked of a pool that was closed (the server is shutting down).
struct PostgresPoolClosed: Error, CustomStringConvertible {
    var description: String { "the PostgreSQL connection pool is closed (the server is shutting down)" }
}

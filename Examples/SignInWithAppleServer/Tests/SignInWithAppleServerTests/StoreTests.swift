// The store's guarantees, the same tests on both stores. On PostgreSQL two stores are opened on one database
// — two instances, each with its own pool — and the single-use operations are raced between them; SQLite
// serves one process, so its "two instances" are one store.

import Foundation
import Logging
@testable import SignInWithAppleServerKit
import Testing

@Suite("Stores: the same guarantees on SQLite and on PostgreSQL")
struct StoreTests {
    private static let logger = Logger(label: "store-tests")

    /// Two instances on one fresh database (opened at the same moment: their migrations race too).
    private func twoInstances(_ backend: TestBackend) async throws -> (a: any ServerStore, b: any ServerStore, close: @Sendable () async -> Void) {
        let location = try await backend.freshDatabase()
        if backend == .sqlite {
            let store = try await openStore(location, logger: Self.logger)
            return (store, store, { try? await store.close() })
        }
        async let first = openStore(location, logger: Self.logger)
        async let second = openStore(location, logger: Self.logger)
        let (a, b) = try await (first, second)
        return (a, b, { try? await a.close(); try? await b.close() })
    }

    @Test("the session secret is made once, whichever instance asks first, and kept", arguments: TestBackend.all)
    func sessionSecret(_ backend: TestBackend) async throws {
        let (a, b, close) = try await twoInstances(backend)
        async let fromA = a.sessionSecret()
        async let fromB = b.sessionSecret()
        let (secretA, secretB) = try await (fromA, fromB)
        #expect(secretA.count == 32 && secretA == secretB)
        #expect(try await a.sessionSecret() == secretA)
        await close()
    }

    @Test("a nonce is reserved once among 20 concurrent tries on two instances, and can be given back", arguments: TestBackend.all)
    func nonce(_ backend: TestBackend) async throws {
        let (a, b, close) = try await twoInstances(backend)
        let winners = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<20 { group.addTask { try await (index % 2 == 0 ? a : b).reserveNonce("n-1") } }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(winners == 1)
        try await b.releaseNonce("n-1")
        #expect(try await a.reserveNonce("n-1"))
        #expect(try await b.reserveNonce("n-1") == false)
        await close()
    }

    @Test("a web state is taken once among 10 concurrent tries, with its nonce and client ID", arguments: TestBackend.all)
    func webState(_ backend: TestBackend) async throws {
        let (a, b, close) = try await twoInstances(backend)
        try await a.saveWebState("state-1", rawNonce: "raw-1", clientID: "com.example.web")
        let taken = try await withThrowingTaskGroup(of: [String].self) { group in
            for index in 0..<10 {
                group.addTask { (try await (index % 2 == 0 ? a : b).takeWebState("state-1")).map { [$0.rawNonce, $0.clientID] } ?? [] }
            }
            return try await group.reduce(into: [[String]]()) { if !$1.isEmpty { $0.append($1) } }
        }
        #expect(taken == [["raw-1", "com.example.web"]])
        #expect(try await a.takeWebState("unknown") == nil)
        await close()
    }

    @Test("a notification ID is new once among 10 concurrent deliveries; an App Store event is recorded once", arguments: TestBackend.all)
    func notificationsOnce(_ backend: TestBackend) async throws {
        let (a, b, close) = try await twoInstances(backend)
        let firsts = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<10 { group.addTask { try await (index % 2 == 0 ? a : b).firstTimeNotification("jti-1") } }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(firsts == 1)
        for store in [a, b] {
            try await store.recordAppStoreEvent(uuid: "uuid-1", type: "DID_RENEW", subtype: nil, originalTransactionID: "1000",
                                                productID: "monthly", expires: Date(timeIntervalSince1970: 1_800_000_000), environment: "Sandbox")
        }
        #expect(try await b.appStoreEvents() == [AppStoreEventSummary(type: "DID_RENEW", subtype: nil, originalTransactionID: "1000")])
        await close()
    }

    @Test("users: created, updated without losing what a later sign-in leaves out, email events, deletion", arguments: TestBackend.all)
    func users(_ backend: TestBackend) async throws {
        let (a, b, close) = try await twoInstances(backend)
        try await a.signedIn(id: "001.u", email: "u@example.com", name: "U", clientID: "com.example.app", refreshToken: "rt-1")
        try await b.signedIn(id: "001.u", email: nil, name: nil, clientID: "com.example.app", refreshToken: nil)
        try await b.setEmailDisabled(id: "001.u", true)
        #expect(try await a.user(id: "001.u") == StoredUser(id: "001.u", email: "u@example.com", name: "U", emailDisabled: true))
        #expect(try await a.user(id: "001.nobody") == nil)
        let unknown = try await a.deleteUser(id: "001.nobody", revoke: true, lease: 30)
        #expect(!unknown.found && unknown.revocation == nil)
        let deleted = try await b.deleteUser(id: "001.u", revoke: false, lease: 30)
        #expect(deleted.found && deleted.revocation == nil)
        #expect(try await a.user(id: "001.u") == nil)
        #expect(try await a.pendingRevocationCount() == 0)
        await close()
    }

    @Test("a queued revocation is claimed by one instance at a time; a dead claimer's lease runs out and another takes it; a stale claim's report changes nothing",
          arguments: TestBackend.all)
    func revocationLease(_ backend: TestBackend) async throws {
        let (a, b, close) = try await twoInstances(backend)
        try await a.signedIn(id: "001.v", email: nil, name: nil, clientID: "com.example.app", refreshToken: "rt-v")
        let queued = try await a.deleteUser(id: "001.v", revoke: true, lease: 1.5)
        let claimedByA = try #require(queued.revocation)
        #expect(claimedByA.token == "rt-v" && claimedByA.clientID == "com.example.app")
        #expect(try await b.claimDueRevocation(lease: 30) == nil)      // A holds it
        try await Task.sleep(for: .milliseconds(1_700))                 // A "died": its lease ends
        let claimedByB = try #require(try await b.claimDueRevocation(lease: 30))
        #expect(claimedByB.id == claimedByA.id)
        #expect(try await a.claimDueRevocation(lease: 30) == nil)      // B holds it now
        try await a.revocationAccepted(claimedByA)                      // A's stale report: ignored
        try await a.revocationFailed(claimedByA, retryIn: 0, error: "stale")
        #expect(try await a.pendingRevocationCount() == 1)
        #expect(try await a.claimDueRevocation(lease: 30) == nil)      // still B's
        try await b.revocationFailed(claimedByB, retryIn: 0.3, error: "Apple answered 503")
        try await Task.sleep(for: .milliseconds(400))
        let again = try #require(try await a.claimDueRevocation(lease: 30))
        #expect(again.id == claimedByA.id && again.attempts == 1)
        try await a.revocationAccepted(again)
        #expect(try await b.pendingRevocationCount() == 0)
        await close()
    }

    @Test("twelve due revocations claimed by two instances at once: each exactly once", arguments: TestBackend.all)
    func concurrentClaims(_ backend: TestBackend) async throws {
        let (a, b, close) = try await twoInstances(backend)
        for index in 0..<12 {
            try await a.signedIn(id: "001.w\(index)", email: nil, name: nil, clientID: "com.example.app", refreshToken: "rt-w\(index)")
            _ = try await a.deleteUser(id: "001.w\(index)", revoke: true, lease: 0)   // due at once
        }
        try await Task.sleep(for: .milliseconds(50))
        let claimed = try await withThrowingTaskGroup(of: [String].self) { group in
            for store in [a, b, a, b] {
                group.addTask {
                    var tokens: [String] = []
                    while let revocation = try await store.claimDueRevocation(lease: 60) { tokens.append(revocation.token) }
                    return tokens
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(claimed.sorted() == (0..<12).map { "rt-w\($0)" }.sorted())
        await close()
    }

    @Test("a database whose schema is newer than this server stops it with a message", arguments: TestBackend.all)
    func schemaTooNew(_ backend: TestBackend) async throws {
        let location = try await backend.freshDatabase()
        let store = try await openStore(location, logger: Self.logger)
        try await store.close()
        try await raiseSchemaVersion(location)
        await #expect { _ = try await openStore(location, logger: Self.logger) } throws: { error in
            "\(error)".contains("schema is version 99") && "\(error)".contains("newer than this server")
        }
    }

    @Test("instances opening one empty database at the same moment migrate it once", .postgresAvailable, arguments: TestBackend.postgresOnly)
    func concurrentMigrations(_ backend: TestBackend) async throws {
        let location = try await backend.freshDatabase()
        let stores = try await withThrowingTaskGroup(of: (any ServerStore).self) { group in
            for _ in 0..<4 { group.addTask { try await openStore(location, logger: Self.logger) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(stores.count == 4)
        #expect(try await PostgresTestSQL.integers(location, "SELECT version FROM schema_migrations ORDER BY version") == Array(1...PostgresStore.migrations.count))
        for store in stores { try await store.close() }
    }
}

/// Sets the schema version to 99, as a newer release would.
private func raiseSchemaVersion(_ location: DatabaseLocation) async throws {
    switch location {
    case .sqlite(let path):
        let store = try await UserStore.open(path: path)
        try await store.setSchemaVersionForTesting(99)
        try await store.close()
    case .postgres:
        _ = try await PostgresTestSQL.integers(location, "INSERT INTO schema_migrations (version) VALUES (99) RETURNING version")
    }
}

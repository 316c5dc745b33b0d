// The databases the tests run on: SQLite always, PostgreSQL when SIWA_TEST_DATABASE_URL names a server the
// tests may create databases on (.ci/run starts a throwaway cluster with scripts/postgres-test-cluster.sh and
// sets it, with SIWA_REQUIRE_POSTGRES=1 so that a missing server fails the run instead of skipping).
// Each test gets a database of its own: a new SQLite file, or a new PostgreSQL database.

import Foundation
import Logging
import PostgresNIO
@testable import SignInWithAppleServerKit
import Testing

enum TestBackend: String, Sendable, CustomTestStringConvertible {
    case sqlite, postgres

    var testDescription: String { rawValue == "sqlite" ? "SQLite" : "PostgreSQL" }

    /// The server for PostgreSQL tests, if configured.
    static let postgresURL: String? = ProcessInfo.processInfo.environment["SIWA_TEST_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
    /// The throwaway cluster's folder (for the restart test), if .ci/run made it.
    static let postgresClusterDirectory: String? = ProcessInfo.processInfo.environment["SIWA_TEST_POSTGRES_DIR"]
    static let postgresRequired = ProcessInfo.processInfo.environment["SIWA_REQUIRE_POSTGRES"] == "1"

    /// SQLite, and PostgreSQL when a server is configured.
    static let all: [TestBackend] = postgresURL == nil ? [.sqlite] : [.sqlite, .postgres]
    /// PostgreSQL alone (empty without a server: the tests taking it are then skipped by `postgresAvailable`).
    static let postgresOnly: [TestBackend] = postgresURL == nil ? [] : [.postgres]

    /// A fresh, empty database.
    func freshDatabase() async throws -> DatabaseLocation {
        switch self {
        case .sqlite:
            return .sqlite(path: try TestScratch.path("users.sqlite").path)
        case .postgres:
            let server = try PostgresSettings(url: try #require(Self.postgresURL))
            let name = "siwa_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            let connection = try await PostgresConnection.connect(configuration: try PostgresStore.connectionConfiguration(server), id: 1,
                                                                  logger: Logger(label: "test-databases"))
            do {
                try await connection.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: Logger(label: "test-databases"))
                try await connection.close()
            } catch {
                try? await connection.close()
                throw error
            }
            var settings = server
            settings.database = name
            return .postgres(settings)
        }
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only where a PostgreSQL server is configured.
    static var postgresAvailable: Self {
        .enabled(if: TestBackend.postgresURL != nil, "SIWA_TEST_DATABASE_URL is not set: no PostgreSQL server for the tests")
    }
}

@Suite("Test databases")
struct TestDatabaseTests {
    @Test("where PostgreSQL is required (CI), its server is configured: its tests cannot be skipped silently")
    func postgresNotSilentlySkipped() {
        if TestBackend.postgresRequired {
            #expect(TestBackend.postgresURL != nil, "SIWA_REQUIRE_POSTGRES=1 but SIWA_TEST_DATABASE_URL is not set")
            #expect(TestBackend.all.contains(.postgres))
        }
    }
}

/// A PostgreSQL URL for the database `location` names (for server processes), with the password it has.
func databaseURL(_ location: DatabaseLocation) -> String? {
    guard case .postgres(let settings) = location else { return nil }
    let password = settings.password.map { ":" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") } ?? ""
    return "postgres://\(settings.user)\(password)@\(settings.host):\(settings.port)/\(settings.database)?sslmode=\(settings.tls.rawValue)"
}

/// Reads PostgreSQL directly, for what the server does not expose.
enum PostgresTestSQL {
    /// The first column of every row, as integers.
    static func integers(_ location: DatabaseLocation, _ sql: String) async throws -> [Int] {
        guard case .postgres(let settings) = location else { return [] }
        let logger = Logger(label: "test-sql")
        let connection = try await PostgresConnection.connect(configuration: try PostgresStore.connectionConfiguration(settings), id: 1, logger: logger)
        do {
            var values: [Int] = []
            for try await value in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).decode(Int.self) { values.append(value) }
            try await connection.close()
            return values
        } catch {
            try? await connection.close()
            throw error
        }
    }
}

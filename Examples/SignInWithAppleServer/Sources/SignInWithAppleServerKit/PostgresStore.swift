// `ServerStore` on PostgreSQL, for several instances on one database. Every guarantee is the database's, not
// a process's:
// - single use (a nonce, a web state, a notification ID) is one statement — `INSERT … ON CONFLICT DO NOTHING
//   RETURNING` or `DELETE … RETURNING` —, so of two instances asking at once exactly one gets the row;
// - the session secret is inserted with `ON CONFLICT DO NOTHING` and read back, so whichever instance
//   starts first makes it and every other reads the same one;
// - deleting a user and queueing the revocation is one transaction;
// - a revocation is claimed with a lease: `UPDATE … WHERE id = (SELECT … FOR UPDATE SKIP LOCKED)` moves its
//   next attempt to the lease's end and stamps it with a fresh claim ID. Another instance sees it again only
//   when the lease ends — so if the claimer dies, another sends it then — and the claimer's report (accepted,
//   or failed with a back-off) counts only while its claim ID is still the row's.
// Times are the database's clock (`clock_timestamp()`), so instances whose clocks differ agree on leases.
// Each call has a deadline (`operationTimeout`); a database that cannot be reached or does not answer in
// time throws `StoreUnavailable`, which the server answers with 503.

import Foundation
import Logging
import NIOSSL
import PostgresNIO

/// The server's store on PostgreSQL.
public final class PostgresStore: ServerStore {
    private let pool: PostgresPool
    private let settings: PostgresSettings
    /// The longest one store call may take, waiting for a connection included, in seconds.
    let operationTimeout: Double

    private init(pool: PostgresPool, settings: PostgresSettings, operationTimeout: Double) {
        self.pool = pool
        self.settings = settings
        self.operationTimeout = operationTimeout
    }

    /// Connects and brings the schema up to date. While PostgreSQL cannot be reached it retries for
    /// `startupTimeout` seconds, then throws `DatabaseStartupError` naming DATABASE_URL; an answer from the
    /// server that refuses us (a wrong password, a database that does not exist) or a schema newer than this
    /// server knows throws at once.
    public static func open(_ settings: PostgresSettings, startupTimeout: Double = 30, operationTimeout: Double = 5,
                            maximumConnections: Int = 10, logger: Logger) async throws -> PostgresStore {
        let configuration = try connectionConfiguration(settings)
        let store = PostgresStore(pool: PostgresPool(configuration: configuration, maximum: maximumConnections, logger: logger),
                                  settings: settings, operationTimeout: operationTimeout)
        let deadline = ContinuousClock.now + .seconds(startupTimeout)
        var lastProblem = ""
        while true {
            do {
                try await store.migrate()
                return store
            } catch let error as SchemaTooNew {
                await store.pool.close()
                throw error
            } catch {
                if let refusal = PostgresErrors.serverRefusal(error) {
                    await store.pool.close()
                    throw DatabaseStartupError("DATABASE_URL: \(settings) refused the connection: \(refusal); correct the user, password or database name")
                }
                lastProblem = PostgresErrors.describe(error)
            }
            guard ContinuousClock.now < deadline else { break }
            logger.warning("PostgreSQL not reachable yet; retrying", metadata: ["database": "\(settings)", "error": "\(lastProblem)"])
            try await Task.sleep(for: .milliseconds(500))
        }
        await store.pool.close()
        throw DatabaseStartupError("DATABASE_URL: PostgreSQL at \(settings.host):\(settings.port) could not be reached for \(Int(startupTimeout)) s (\(lastProblem)); start it, or correct DATABASE_URL")
    }

    static func connectionConfiguration(_ settings: PostgresSettings) throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS
        if settings.tls == .disable {
            tls = .disable
        } else {
            var tlsConfiguration = TLSConfiguration.makeClientConfiguration()
            switch settings.tls {
            case .disable, .prefer, .require: tlsConfiguration.certificateVerification = .none
            case .verifyCA: tlsConfiguration.certificateVerification = .noHostnameVerification
            case .verifyFull: tlsConfiguration.certificateVerification = .fullVerification
            }
            if let file = settings.rootCertificateFile {
                guard let roots = try? NIOSSLCertificate.fromPEMFile(file), !roots.isEmpty else {
                    throw ConfigurationError("DATABASE_URL: sslrootcert \(file) is not a readable PEM file of certificates")
                }
                tlsConfiguration.trustRoots = .certificates(roots)
            }
            let context: NIOSSLContext
            do { context = try NIOSSLContext(configuration: tlsConfiguration) } catch {
                throw ConfigurationError("DATABASE_URL: the TLS settings cannot be used (\(error))")
            }
            tls = settings.tls == .prefer ? .prefer(context) : .require(context)
        }
        var configuration = PostgresConnection.Configuration(host: settings.host, port: settings.port, username: settings.user,
                                                             password: settings.password, database: settings.database, tls: tls)
        configuration.options.connectTimeout = .seconds(5)
        if settings.tls == .verifyFull { configuration.options.tlsServerName = settings.host }
        return configuration
    }

    public func close() async throws { await pool.close() }

    // MARK: Running statements

    /// Runs `body` on a pooled connection within the deadline; unavailability becomes `StoreUnavailable`.
    func run<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        let pool = self.pool
        let timeout = operationTimeout
        do {
            return try await withThrowingTaskGroup(of: T.self) { group in
                group.addTask { try await pool.withConnection(body) }
                group.addTask {
                    try await Task.sleep(for: .seconds(timeout))
                    throw StoreUnavailable("PostgreSQL did not answer within \(timeout) s")
                }
                defer { group.cancelAll() }
                guard let first = try await group.next() else { throw StoreUnavailable("no answer") }
                return first
            }
        } catch let error as StoreUnavailable {
            throw error
        } catch let error as SchemaTooNew {
            throw error
        } catch {
            if PostgresErrors.serverRefusal(error) != nil, !PostgresErrors.isUnavailability(error) { throw error }
            throw StoreUnavailable(PostgresErrors.describe(error))
        }
    }

    /// Runs `body` in one transaction (rolled back when it throws: the pool closes the connection).
    func transaction<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        try await run { connection in
            try await Self.execute(connection, "BEGIN", logger: Self.quiet)
            let result = try await body(connection)
            try await Self.execute(connection, "COMMIT", logger: Self.quiet)
            return result
        }
    }

    static let quiet = Logger(label: "PostgresStore", factory: { _ in SwiftLogNoOpLogHandler() })

    // MARK: Migrations

    /// The schema, one step per version. Append; never edit a step that has shipped.
    static let migrations: [[String]] = [
        // 1: the whole schema.
        [
            """
            CREATE TABLE users (
                id TEXT PRIMARY KEY, email TEXT, name TEXT, client_id TEXT NOT NULL, refresh_token TEXT,
                email_disabled BOOLEAN NOT NULL DEFAULT FALSE, created_at TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp())
            """,
            """
            CREATE TABLE pending_revocations (
                id BIGSERIAL PRIMARY KEY, token TEXT NOT NULL, client_id TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0,
                next_attempt_at TIMESTAMPTZ NOT NULL, claim UUID, last_error TEXT)
            """,
            "CREATE INDEX pending_revocations_due ON pending_revocations (next_attempt_at)",
            "CREATE TABLE processed_notifications (id TEXT PRIMARY KEY, processed_at TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp())",
            """
            CREATE TABLE web_states (
                state TEXT PRIMARY KEY, raw_nonce TEXT NOT NULL, client_id TEXT NOT NULL,
                created_at TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp())
            """,
            """
            CREATE TABLE appstore_events (
                notification_uuid TEXT PRIMARY KEY, type TEXT NOT NULL, subtype TEXT, original_transaction_id TEXT,
                product_id TEXT, expires_at TIMESTAMPTZ, environment TEXT, received_at TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp())
            """,
            "CREATE TABLE used_nonces (nonce TEXT PRIMARY KEY, used_at TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp())",
            "CREATE INDEX used_nonces_age ON used_nonces (used_at)",
            "CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
        ],
        // 2: passkeys and App Attest (PostgresStore+Passkeys.swift).
        [
            "ALTER TABLE users ADD COLUMN username TEXT UNIQUE",
            """
            CREATE TABLE passkeys (
                credential_id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                public_key BYTEA NOT NULL, sign_count BIGINT NOT NULL, backup_eligible BOOLEAN NOT NULL, backed_up BOOLEAN NOT NULL,
                created_at TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(), last_used_at TIMESTAMPTZ)
            """,
            "CREATE INDEX passkeys_user ON passkeys (user_id)",
            """
            CREATE TABLE ceremony_challenges (challenge TEXT PRIMARY KEY, kind TEXT NOT NULL, user_id TEXT, username TEXT,
                created_at TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp())
            """,
            """
            CREATE TABLE appattest_keys (key_id TEXT PRIMARY KEY, public_key BYTEA NOT NULL, counter BIGINT NOT NULL DEFAULT 0,
                receipt BYTEA NOT NULL, environment TEXT NOT NULL, created_at TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp())
            """,
        ],
    ]

    /// Applies the steps the database lacks, in one transaction under an advisory lock: instances starting
    /// together on an empty database take turns, and the second finds the work done.
    private func migrate() async throws {
        let known = Self.migrations.count
        try await transaction { connection in
            // The key is arbitrary but fixed: "SIWA" in ASCII.
            try await Self.execute(connection, "SELECT pg_advisory_xact_lock(1397315905)", logger: Self.quiet)
            try await Self.execute(connection, """
                CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY,
                    applied_at TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp())
                """, logger: Self.quiet)
            var current = 0
            for try await version in try await connection.query("SELECT COALESCE(MAX(version), 0) FROM schema_migrations",
                                                                 logger: Self.quiet).decode(Int.self) {
                current = version
            }
            guard current <= known else { throw SchemaTooNew(found: current, known: known) }
            for version in (current + 1)...max(current + 1, known) where version <= known {
                for statement in Self.migrations[version - 1] {
                    try await Self.execute(connection, PostgresQuery(unsafeSQL: statement), logger: Self.quiet)
                }
                try await Self.execute(connection, "INSERT INTO schema_migrations (version) VALUES (\(version))", logger: Self.quiet)
            }
        }
    }

    // MARK: Settings

    public func sessionSecret() async throws -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        let candidate = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let hex = SessionSecretHex.text(candidate)
        let stored = try await run { connection -> String? in
            try await Self.execute(connection, "INSERT INTO settings (name, value) VALUES ('session_secret', \(hex)) ON CONFLICT DO NOTHING",
                                       logger: Self.quiet)
            return try await Self.first(String.self, connection.query("SELECT value FROM settings WHERE name = 'session_secret'", logger: Self.quiet))
        }
        guard let stored, let bytes = SessionSecretHex.bytes(stored), bytes.count == 32 else {
            throw StoreUnavailable("the stored session secret is malformed; delete the settings row named session_secret to make a new one")
        }
        return bytes
    }

    // MARK: Users

    public func signedIn(id: String, email: String?, name: String?, clientID: String, refreshToken: String?) async throws {
        try await run { connection in
            try await Self.execute(connection, """
                INSERT INTO users (id, email, name, client_id, refresh_token) VALUES (\(id), \(email), \(name), \(clientID), \(refreshToken))
                ON CONFLICT (id) DO UPDATE SET email = COALESCE(EXCLUDED.email, users.email), name = COALESCE(EXCLUDED.name, users.name),
                    client_id = EXCLUDED.client_id, refresh_token = COALESCE(EXCLUDED.refresh_token, users.refresh_token)
                """, logger: Self.quiet)
        }
    }

    public func user(id: String) async throws -> StoredUser? {
        try await run { connection in
            let rows = try await connection.query("SELECT id, email, name, email_disabled FROM users WHERE id = \(id)", logger: Self.quiet)
            for try await (id, email, name, disabled) in rows.decode((String, String?, String?, Bool).self) {
                return StoredUser(id: id, email: email, name: name, emailDisabled: disabled)
            }
            return nil
        }
    }

    public func deleteUser(id: String, revoke: Bool, lease: Double) async throws -> (found: Bool, revocation: PendingRevocation?) {
        try await transaction { connection in
            var deleted: (token: String?, clientID: String)?
            for try await row in try await connection.query("DELETE FROM users WHERE id = \(id) RETURNING refresh_token, client_id",
                                                            logger: Self.quiet).decode((String?, String).self) {
                deleted = (row.0, row.1)
            }
            guard let deleted else { return (false, nil) }
            guard revoke, let token = deleted.token else { return (true, nil) }
            // Claimed by this request for `lease` seconds: it tries at once; if this process dies first,
            // another instance sends it when the lease ends.
            let claim = UUID()
            let queued = try await Self.first(Int.self, connection.query("""
                INSERT INTO pending_revocations (token, client_id, next_attempt_at, claim)
                VALUES (\(token), \(deleted.clientID), clock_timestamp() + make_interval(secs => \(lease)), \(claim)) RETURNING id
                """, logger: Self.quiet))
            guard let queued else { throw StoreUnavailable("the revocation was not queued") }
            return (true, PendingRevocation(id: queued, token: token, clientID: deleted.clientID, attempts: 0, claim: claim.uuidString))
        }
    }

    public func setEmailDisabled(id: String, _ disabled: Bool) async throws {
        try await run { connection in
            try await Self.execute(connection, "UPDATE users SET email_disabled = \(disabled) WHERE id = \(id)", logger: Self.quiet)
        }
    }

    // MARK: Revocations

    public func claimDueRevocation(lease: Double) async throws -> PendingRevocation? {
        let claim = UUID()
        return try await run { connection in
            let rows = try await connection.query("""
                UPDATE pending_revocations SET claim = \(claim), next_attempt_at = clock_timestamp() + make_interval(secs => \(lease))
                WHERE id = (SELECT id FROM pending_revocations WHERE next_attempt_at <= clock_timestamp()
                            ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
                RETURNING id, token, client_id, attempts
                """, logger: Self.quiet)
            for try await (id, token, clientID, attempts) in rows.decode((Int, String, String, Int).self) {
                return PendingRevocation(id: id, token: token, clientID: clientID, attempts: attempts, claim: claim.uuidString)
            }
            return nil
        }
    }

    public func pendingRevocationCount() async throws -> Int {
        try await run { connection in
            try await Self.first(Int.self, connection.query("SELECT COUNT(*)::BIGINT FROM pending_revocations", logger: Self.quiet)) ?? 0
        }
    }

    public func revocationAccepted(_ revocation: PendingRevocation) async throws {
        let claim = UUID(uuidString: revocation.claim)
        try await run { connection in
            try await Self.execute(connection, "DELETE FROM pending_revocations WHERE id = \(revocation.id) AND claim = \(claim)", logger: Self.quiet)
        }
    }

    public func revocationFailed(_ revocation: PendingRevocation, retryIn delay: Double, error: String) async throws {
        let claim = UUID(uuidString: revocation.claim)
        try await run { connection in
            try await Self.execute(connection, """
                UPDATE pending_revocations SET attempts = attempts + 1, claim = NULL, last_error = \(error),
                    next_attempt_at = clock_timestamp() + make_interval(secs => \(delay))
                WHERE id = \(revocation.id) AND claim = \(claim)
                """, logger: Self.quiet)
        }
    }

    // MARK: Notifications, App Store events

    public func firstTimeNotification(_ id: String) async throws -> Bool {
        try await run { connection in
            try await Self.first(String.self, connection.query(
                "INSERT INTO processed_notifications (id) VALUES (\(id)) ON CONFLICT DO NOTHING RETURNING id", logger: Self.quiet)) != nil
        }
    }

    public func recordAppStoreEvent(uuid: String, type: String, subtype: String?, originalTransactionID: String?,
                                    productID: String?, expires: Date?, environment: String?) async throws {
        try await run { connection in
            try await Self.execute(connection, """
                INSERT INTO appstore_events (notification_uuid, type, subtype, original_transaction_id, product_id, expires_at, environment)
                VALUES (\(uuid), \(type), \(subtype), \(originalTransactionID), \(productID), \(expires), \(environment))
                ON CONFLICT DO NOTHING
                """, logger: Self.quiet)
        }
    }

    public func appStoreEvents() async throws -> [AppStoreEventSummary] {
        try await run { connection in
            var events: [AppStoreEventSummary] = []
            let rows = try await connection.query(
                "SELECT type, subtype, original_transaction_id FROM appstore_events ORDER BY received_at", logger: Self.quiet)
            for try await (type, subtype, original) in rows.decode((String, String?, String?).self) {
                events.append(AppStoreEventSummary(type: type, subtype: subtype, originalTransactionID: original))
            }
            return events
        }
    }

    // MARK: Nonces, web states

    public func reserveNonce(_ nonce: String) async throws -> Bool {
        try await run { connection in
            try await Self.first(String.self, connection.query(
                "INSERT INTO used_nonces (nonce) VALUES (\(nonce)) ON CONFLICT DO NOTHING RETURNING nonce", logger: Self.quiet)) != nil
        }
    }

    public func releaseNonce(_ nonce: String) async throws {
        try await run { connection in
            try await Self.execute(connection, "DELETE FROM used_nonces WHERE nonce = \(nonce)", logger: Self.quiet)
        }
    }

    public func saveWebState(_ state: String, rawNonce: String, clientID: String) async throws {
        try await run { connection in
            try await Self.execute(connection, "INSERT INTO web_states (state, raw_nonce, client_id) VALUES (\(state), \(rawNonce), \(clientID))",
                                       logger: Self.quiet)
        }
    }

    public func takeWebState(_ state: String) async throws -> (rawNonce: String, clientID: String)? {
        let taken = try await run { connection -> [String]? in
            let rows = try await connection.query("""
                DELETE FROM web_states WHERE state = \(state) RETURNING raw_nonce, client_id,
                    created_at > clock_timestamp() - make_interval(secs => \(ServerStoreLimits.webStateLifetime))
                """, logger: Self.quiet)
            for try await (nonce, clientID, fresh) in rows.decode((String, String, Bool).self) {
                return fresh ? [nonce, clientID] : nil
            }
            return nil
        }
        guard let taken else { return nil }
        return (taken[0], taken[1])
    }

    public func isReachable() async -> Bool {
        (try? await run { connection in try await Self.execute(connection, "SELECT 1") }) != nil
    }

    public func removeExpired() async throws {
        try await run { connection in
            try await Self.execute(connection, 
                "DELETE FROM used_nonces WHERE used_at < clock_timestamp() - make_interval(secs => \(ServerStoreLimits.nonceLifetime))",
                logger: Self.quiet)
            try await Self.execute(connection, 
                "DELETE FROM web_states WHERE created_at < clock_timestamp() - make_interval(secs => \(ServerStoreLimits.webStateLifetime))",
                logger: Self.quiet)
            try await Self.execute(connection,
                "DELETE FROM ceremony_challenges WHERE created_at < clock_timestamp() - make_interval(secs => \(PasskeyLimits.challengeLifetime))",
                logger: Self.quiet)
        }
    }

    /// Runs a statement and reads its answer to the end (the connection is then free for the next one).
    static func execute(_ connection: PostgresConnection, _ query: PostgresQuery, logger: Logger = quiet) async throws {
        for try await _ in try await connection.query(query, logger: logger) {}
    }

    static func first<T: PostgresDecodable & Sendable>(_ type: T.Type, _ rows: PostgresRowSequence) async throws -> T? {
        for try await value in rows.decode(T.self) { return value }
        return nil
    }
}

/// PostgreSQL's errors, sorted into "the database is unavailable" and "the database refused".
enum PostgresErrors {
    /// The server's own message when it answered with an error, or nil.
    static func serverRefusal(_ error: any Error) -> String? {
        guard let error = error as? PSQLError, error.code == .server, let info = error.serverInfo else { return nil }
        return "\(info[.message] ?? "an error") (SQLSTATE \(info[.sqlState] ?? "?"))"
    }

    /// True for errors that mean "try again later": the connection, the server shutting down (class 57),
    /// too many connections (53), a connection exception (08).
    static func isUnavailability(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError else { return true }
        guard error.code == .server else { return true }
        let state = error.serverInfo?[.sqlState] ?? ""
        return state.hasPrefix("57") || state.hasPrefix("53") || state.hasPrefix("08")
    }

    /// A one-line description without secrets (PSQLError's own description is generic on purpose).
    static func describe(_ error: any Error) -> String {
        if let refusal = serverRefusal(error) { return refusal }
        if let error = error as? PSQLError {
            if let underlying = error.underlying { return "\(error.code): \(underlying)" }
            return "\(error.code)"
        }
        return "\(error)"
    }
}

/// The database's schema is newer than this server: a newer release migrated it.
struct SchemaTooNew: Error, CustomStringConvertible {
    let found: Int
    let known: Int
    var description: String {
        "the database's schema is version \(found), newer than this server knows (\(known)): a newer release migrated it; run that release (or newer), not this one"
    }
}

/// The database could not be used at startup.
public struct DatabaseStartupError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

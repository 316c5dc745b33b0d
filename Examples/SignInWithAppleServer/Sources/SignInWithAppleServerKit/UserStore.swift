// `ServerStore` in one SQLite file, for one process. An actor on one connection; because an actor lets
// another call in at every `await`, each public method runs its statements as one exclusive step
// (`exclusively`), so a transaction, a check-then-insert (notifications) or a read-then-delete (single-use
// web states) is never interleaved with another. Deleting a user and queueing the revocation is one
// transaction, so a crash never leaves a deleted user without a queued revocation. The schema is versioned
// in `PRAGMA user_version`; a database made before versioning (version 0) is brought up to date in place.

import Foundation
import SQLiteNIO

/// A signed-in user.
public struct StoredUser: Sendable, Equatable {
    /// Apple's `sub` for the user (stable per team).
    public let id: String
    /// The email Apple shared, if any.
    public let email: String?
    /// The name from the web flow's first callback, if any.
    public let name: String?
    /// Whether Apple's relay stopped forwarding email (an `email-disabled` notification).
    public let emailDisabled: Bool
}

public actor UserStore {
    let connection: SQLiteConnection

    private init(connection: SQLiteConnection) { self.connection = connection }

    /// Opens (creating if needed) the database at `path`.
    public static func open(path: String) async throws -> UserStore {
        let connection = try await SQLiteConnection.open(storage: .file(path: path))
        let store = UserStore(connection: connection)
        do { try await store.migrate() } catch {
            try? await connection.close()   // SQLiteNIO requires it before the connection is released
            throw error
        }
        return store
    }

    /// Closes the connection.
    public func close() async throws { try await connection.close() }

    /// The schema, one step per version. Append; never edit a step that has shipped. Step 1 is the schema
    /// of the first release, written with IF NOT EXISTS because databases of that release have no version.
    static let migrations: [[String]] = [
        [
            """
            CREATE TABLE IF NOT EXISTS users (
                id TEXT PRIMARY KEY, email TEXT, name TEXT, client_id TEXT NOT NULL,
                refresh_token TEXT, email_disabled INTEGER NOT NULL DEFAULT 0, created_at REAL NOT NULL)
            """,
            """
            CREATE TABLE IF NOT EXISTS pending_revocations (
                id INTEGER PRIMARY KEY AUTOINCREMENT, token TEXT NOT NULL, client_id TEXT NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at REAL NOT NULL, last_error TEXT)
            """,
            "CREATE TABLE IF NOT EXISTS processed_notifications (id TEXT PRIMARY KEY, processed_at REAL NOT NULL)",
            "CREATE TABLE IF NOT EXISTS web_states (state TEXT PRIMARY KEY, raw_nonce TEXT NOT NULL, client_id TEXT NOT NULL, created_at REAL NOT NULL)",
            """
            CREATE TABLE IF NOT EXISTS appstore_events (
                notification_uuid TEXT PRIMARY KEY, type TEXT NOT NULL, subtype TEXT, original_transaction_id TEXT,
                product_id TEXT, expires_at REAL, environment TEXT, received_at REAL NOT NULL)
            """,
            "CREATE TABLE IF NOT EXISTS used_nonces (nonce TEXT PRIMARY KEY, used_at REAL NOT NULL)",
            "CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
        ],
        // 2: claims on queued revocations (the same lease rules as PostgreSQL's store).
        ["ALTER TABLE pending_revocations ADD COLUMN claim TEXT"],
        // 3: passkeys and App Attest (UserStore+Passkeys.swift).
        [
            "ALTER TABLE users ADD COLUMN username TEXT",
            "CREATE UNIQUE INDEX users_username ON users (username)",
            """
            CREATE TABLE passkeys (
                credential_id TEXT PRIMARY KEY, user_id TEXT NOT NULL, public_key BLOB NOT NULL, sign_count INTEGER NOT NULL,
                backup_eligible INTEGER NOT NULL, backed_up INTEGER NOT NULL, created_at REAL NOT NULL, last_used_at REAL)
            """,
            "CREATE INDEX passkeys_user ON passkeys (user_id)",
            "CREATE TABLE ceremony_challenges (challenge TEXT PRIMARY KEY, kind TEXT NOT NULL, user_id TEXT, username TEXT, created_at REAL NOT NULL)",
            """
            CREATE TABLE appattest_keys (
                key_id TEXT PRIMARY KEY, public_key BLOB NOT NULL, counter INTEGER NOT NULL, receipt BLOB NOT NULL,
                environment TEXT NOT NULL, created_at REAL NOT NULL)
            """,
        ],
    ]

    private func migrate() async throws {
        _ = try await connection.query("PRAGMA journal_mode = WAL", [])
        _ = try await rows("BEGIN IMMEDIATE")
        do {
            let current = Int(try await rows("PRAGMA user_version").first?.column("user_version")?.integer ?? 0)
            guard current <= Self.migrations.count else { throw SchemaTooNew(found: current, known: Self.migrations.count) }
            for version in Self.migrations.indices.dropFirst(current) {
                for statement in Self.migrations[version] { _ = try await rows(statement) }
            }
            // PRAGMA takes no bind parameters; the number is ours.
            _ = try await rows("PRAGMA user_version = \(Self.migrations.count)")
            _ = try await rows("COMMIT")
        } catch {
            _ = try? await rows("ROLLBACK")
            throw error
        }
    }

    /// Sets the schema version, as a newer release would have (tests of the refusal to start).
    func setSchemaVersionForTesting(_ version: Int) async throws {
        _ = try await rows("PRAGMA user_version = \(version)")
    }

    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Runs `body` with no other public method's statements in between.
    func exclusively<T>(_ body: () async throws -> T) async throws -> T {
        while busy { await withCheckedContinuation { waiting.append($0) } }
        busy = true
        defer {
            busy = false
            if !waiting.isEmpty { waiting.removeFirst().resume() }
        }
        return try await body()
    }

    func rows(_ sql: String, _ binds: [SQLiteData] = []) async throws -> [SQLiteRow] {
        try await connection.query(sql, binds)
    }

    // MARK: Settings

    /// The secret session tokens are signed with: made once (32 random bytes) and kept, so sessions
    /// survive restarts.
    public func sessionSecret() async throws -> [UInt8] {
        try await exclusively {
            if let hex = try await rows("SELECT value FROM settings WHERE name = 'session_secret'").first?.column("value")?.string,
               let bytes = SessionSecretHex.bytes(hex), bytes.count == 32 {
                return bytes
            }
            var generator = SystemRandomNumberGenerator()
            let secret = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = try await rows("INSERT OR REPLACE INTO settings (name, value) VALUES ('session_secret', ?)",
                               [.text(SessionSecretHex.text(secret))])
            return secret
        }
    }

    // MARK: Users

    /// Creates or updates a user after a sign-in; a nil email, name or refresh token keeps the stored one.
    public func signedIn(id: String, email: String?, name: String?, clientID: String, refreshToken: String?) async throws {
        try await exclusively {
            _ = try await rows("""
                INSERT INTO users (id, email, name, client_id, refresh_token, created_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET email = COALESCE(excluded.email, email), name = COALESCE(excluded.name, name),
                    client_id = excluded.client_id, refresh_token = COALESCE(excluded.refresh_token, refresh_token)
                """, [.text(id), email.map { .text($0) } ?? .null, name.map { .text($0) } ?? .null, .text(clientID),
                      refreshToken.map { .text($0) } ?? .null, .float(Date().timeIntervalSince1970)])
        }
    }

    /// The user with `id`, if they exist.
    public func user(id: String) async throws -> StoredUser? {
        try await exclusively {
            guard let row = try await rows("SELECT id, email, name, email_disabled FROM users WHERE id = ?", [.text(id)]).first else { return nil }
            return StoredUser(id: row.column("id")?.string ?? id, email: row.column("email")?.string, name: row.column("name")?.string,
                              emailDisabled: (row.column("email_disabled")?.integer ?? 0) != 0)
        }
    }

    /// Deletes the user and, in the same transaction, queues the revocation of their refresh token, claimed
    /// by the caller for `lease` seconds. Returns the queued revocation (nil when the user had no refresh
    /// token), or nil for an unknown user (`found` false).
    public func deleteUser(id: String, revoke: Bool, lease: Double) async throws -> (found: Bool, revocation: PendingRevocation?) {
        try await exclusively {
            _ = try await rows("BEGIN IMMEDIATE")
            do {
                guard let row = try await rows("SELECT refresh_token, client_id FROM users WHERE id = ?", [.text(id)]).first else {
                    _ = try await rows("ROLLBACK")
                    return (false, nil)
                }
                var pending: PendingRevocation?
                if revoke, let token = row.column("refresh_token")?.string, let clientID = row.column("client_id")?.string {
                    // Claimed for `lease` seconds: the caller tries it at once and reschedules or removes it,
                    // so the queue never sends it beside that attempt; after a crash in between, the queue
                    // sends it when the lease ends.
                    let claim = UUID().uuidString
                    _ = try await rows("INSERT INTO pending_revocations (token, client_id, next_attempt_at, claim) VALUES (?, ?, ?, ?)",
                                       [.text(token), .text(clientID), .float(Date().timeIntervalSince1970 + lease), .text(claim)])
                    let queued = try await connection.lastAutoincrementID()
                    pending = PendingRevocation(id: queued, token: token, clientID: clientID, attempts: 0, claim: claim)
                }
                _ = try await rows("DELETE FROM users WHERE id = ?", [.text(id)])
                _ = try await rows("DELETE FROM passkeys WHERE user_id = ?", [.text(id)])
                _ = try await rows("COMMIT")
                return (true, pending)
            } catch {
                _ = try? await rows("ROLLBACK")
                throw error
            }
        }
    }

    /// Records Apple's email-disabled or email-enabled event.
    public func setEmailDisabled(id: String, _ disabled: Bool) async throws {
        try await exclusively {
            _ = try await rows("UPDATE users SET email_disabled = ? WHERE id = ?", [.integer(disabled ? 1 : 0), .text(id)])
        }
    }

    // MARK: Revocations

    /// Claims the revocation due soonest, if one is due, for `lease` seconds.
    public func claimDueRevocation(lease: Double) async throws -> PendingRevocation? {
        try await exclusively {
            let now = Date().timeIntervalSince1970
            guard let row = try await rows("""
                SELECT id, token, client_id, attempts FROM pending_revocations WHERE next_attempt_at <= ?
                ORDER BY next_attempt_at, id LIMIT 1
                """, [.float(now)]).first,
                  let id = row.column("id")?.integer, let token = row.column("token")?.string,
                  let clientID = row.column("client_id")?.string else { return nil }
            let claim = UUID().uuidString
            _ = try await rows("UPDATE pending_revocations SET claim = ?, next_attempt_at = ? WHERE id = ?",
                               [.text(claim), .float(now + lease), .integer(id)])
            return PendingRevocation(id: Int(id), token: token, clientID: clientID, attempts: Int(row.column("attempts")?.integer ?? 0),
                                     claim: claim)
        }
    }

    /// How many revocations are waiting.
    public func pendingRevocationCount() async throws -> Int {
        try await exclusively {
            Int(try await rows("SELECT COUNT(*) AS n FROM pending_revocations").first?.column("n")?.integer ?? 0)
        }
    }

    /// Apple accepted the revocation: it is never sent again (while the caller's claim holds).
    public func revocationAccepted(_ revocation: PendingRevocation) async throws {
        try await exclusively {
            _ = try await rows("DELETE FROM pending_revocations WHERE id = ? AND claim = ?",
                               [.integer(revocation.id), .text(revocation.claim)])
        }
    }

    /// The attempt failed; the next one is due in `delay` seconds (while the caller's claim holds).
    public func revocationFailed(_ revocation: PendingRevocation, retryIn delay: Double, error: String) async throws {
        try await exclusively {
            _ = try await rows("""
                UPDATE pending_revocations SET attempts = attempts + 1, next_attempt_at = ?, last_error = ?, claim = NULL
                WHERE id = ? AND claim = ?
                """, [.float(Date().timeIntervalSince1970 + delay), .text(error), .integer(revocation.id), .text(revocation.claim)])
        }
    }

    // MARK: Notifications

    /// Records a notification's ID; false when it was processed before (a redelivery or replay).
    public func firstTimeNotification(_ id: String) async throws -> Bool {
        try await exclusively {
            let before = try await rows("SELECT id FROM processed_notifications WHERE id = ?", [.text(id)])
            guard before.isEmpty else { return false }
            _ = try await rows("INSERT INTO processed_notifications (id, processed_at) VALUES (?, ?)",
                               [.text(id), .float(Date().timeIntervalSince1970)])
            return true
        }
    }

    // MARK: App Store

    /// Records a verified App Store notification's facts.
    public func recordAppStoreEvent(uuid: String, type: String, subtype: String?, originalTransactionID: String?,
                                    productID: String?, expires: Date?, environment: String?) async throws {
        try await exclusively {
            _ = try await rows("""
                INSERT OR IGNORE INTO appstore_events (notification_uuid, type, subtype, original_transaction_id, product_id,
                    expires_at, environment, received_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, [.text(uuid), .text(type), subtype.map { .text($0) } ?? .null, originalTransactionID.map { .text($0) } ?? .null,
                      productID.map { .text($0) } ?? .null, expires.map { .float($0.timeIntervalSince1970) } ?? .null,
                      environment.map { .text($0) } ?? .null, .float(Date().timeIntervalSince1970)])
        }
    }

    /// The recorded App Store notifications, oldest first.
    public func appStoreEvents() async throws -> [AppStoreEventSummary] {
        try await exclusively {
            try await rows("SELECT type, subtype, original_transaction_id FROM appstore_events ORDER BY received_at").map { row in
                AppStoreEventSummary(type: row.column("type")?.string ?? "", subtype: row.column("subtype")?.string,
                                     originalTransactionID: row.column("original_transaction_id")?.string)
            }
        }
    }

    // MARK: Nonces

    /// Reserves a nonce (its SHA-256 hex) for one sign-in: false when it was used or is in use. Used nonces
    /// are kept a day (`removeExpired`).
    public func reserveNonce(_ nonce: String) async throws -> Bool {
        try await exclusively {
            let now = Date().timeIntervalSince1970
            guard try await rows("SELECT nonce FROM used_nonces WHERE nonce = ?", [.text(nonce)]).isEmpty else { return false }
            _ = try await rows("INSERT INTO used_nonces (nonce, used_at) VALUES (?, ?)", [.text(nonce), .float(now)])
            return true
        }
    }

    /// Gives a reserved nonce back after a sign-in that failed.
    public func releaseNonce(_ nonce: String) async throws {
        try await exclusively {
            _ = try await rows("DELETE FROM used_nonces WHERE nonce = ?", [.text(nonce)])
        }
    }

    // MARK: Web flow

    /// Remembers a web flow's state and raw nonce until the callback.
    public func saveWebState(_ state: String, rawNonce: String, clientID: String) async throws {
        try await exclusively {
            _ = try await rows("INSERT INTO web_states (state, raw_nonce, client_id, created_at) VALUES (?, ?, ?, ?)",
                               [.text(state), .text(rawNonce), .text(clientID), .float(Date().timeIntervalSince1970)])
        }
    }

    /// The raw nonce for `state`, removed as it is read (single use); nil if unknown or older than ten minutes.
    public func takeWebState(_ state: String) async throws -> (rawNonce: String, clientID: String)? {
        try await exclusively {
            let found = try await rows("SELECT raw_nonce, client_id, created_at FROM web_states WHERE state = ?", [.text(state)]).first
            _ = try await rows("DELETE FROM web_states WHERE state = ?", [.text(state)])
            guard let found, let nonce = found.column("raw_nonce")?.string, let clientID = found.column("client_id")?.string,
                  let created = found.column("created_at")?.double,
                  Date().timeIntervalSince1970 - created <= ServerStoreLimits.webStateLifetime else { return nil }
            return (nonce, clientID)
        }
    }

    /// The file is open: always true (SQLite is in the process).
    public func isReachable() async -> Bool { true }

    /// Forgets nonces older than a day and web states older than ten minutes.
    public func removeExpired() async throws {
        try await exclusively {
            let now = Date().timeIntervalSince1970
            _ = try await rows("DELETE FROM used_nonces WHERE used_at < ?", [.float(now - ServerStoreLimits.nonceLifetime)])
            _ = try await rows("DELETE FROM web_states WHERE created_at < ?", [.float(now - ServerStoreLimits.webStateLifetime)])
            _ = try await rows("DELETE FROM ceremony_challenges WHERE created_at < ?", [.float(now - PasskeyLimits.challengeLifetime)])
        }
    }
}

// Users, their Apple refresh tokens, revocations waiting for Apple, processed notifications and the web
// flow's pending states, in one SQLite file. An actor on one connection; because an actor lets another call
// in at every `await`, each public method runs its statements as one exclusive step (`exclusively`), so a
// transaction, a check-then-insert (notifications) or a read-then-delete (single-use web states) is never
// interleaved with another. Deleting a user and queueing the revocation is one transaction, so a crash
// never leaves a deleted user without a queued revocation.

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

/// A revocation Apple has not accepted yet.
public struct PendingRevocation: Sendable {
    let id: Int
    let token: String
    let clientID: String
    let attempts: Int
}

public actor UserStore {
    private let connection: SQLiteConnection

    private init(connection: SQLiteConnection) { self.connection = connection }

    /// Opens (creating if needed) the database at `path`.
    public static func open(path: String) async throws -> UserStore {
        let connection = try await SQLiteConnection.open(storage: .file(path: path))
        let store = UserStore(connection: connection)
        try await store.migrate()
        return store
    }

    /// Closes the connection.
    public func close() async throws { try await connection.close() }

    private func migrate() async throws {
        for statement in [
            "PRAGMA journal_mode = WAL",
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
        ] {
            _ = try await connection.query(statement, [])
        }
    }

    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Runs `body` with no other public method's statements in between.
    private func exclusively<T>(_ body: () async throws -> T) async throws -> T {
        while busy { await withCheckedContinuation { waiting.append($0) } }
        busy = true
        defer {
            busy = false
            if !waiting.isEmpty { waiting.removeFirst().resume() }
        }
        return try await body()
    }

    private func rows(_ sql: String, _ binds: [SQLiteData] = []) async throws -> [SQLiteRow] {
        try await connection.query(sql, binds)
    }

    // MARK: Settings

    /// The secret session tokens are signed with: made once (32 random bytes) and kept, so sessions
    /// survive restarts.
    public func sessionSecret() async throws -> [UInt8] {
        try await exclusively {
            if let hex = try await rows("SELECT value FROM settings WHERE name = 'session_secret'").first?.column("value")?.string,
               let bytes = Self.bytes(hex: hex), bytes.count == 32 {
                return bytes
            }
            var generator = SystemRandomNumberGenerator()
            let secret = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = try await rows("INSERT OR REPLACE INTO settings (name, value) VALUES ('session_secret', ?)",
                               [.text(secret.map { String(format: "%02x", $0) }.joined())])
            return secret
        }
    }

    private static func bytes(hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        return stride(from: 0, to: digits.count, by: 2).compactMap { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16) }
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

    /// Deletes the user and, in the same transaction, queues the revocation of their refresh token.
    /// Returns the queued revocation's ID (nil when the user had no refresh token), or nil for an unknown
    /// user (`found` false).
    public func deleteUser(id: String, revoke: Bool) async throws -> (found: Bool, revocation: PendingRevocation?) {
        try await exclusively {
            _ = try await rows("BEGIN IMMEDIATE")
            do {
                guard let row = try await rows("SELECT refresh_token, client_id FROM users WHERE id = ?", [.text(id)]).first else {
                    _ = try await rows("ROLLBACK")
                    return (false, nil)
                }
                var pending: PendingRevocation?
                if revoke, let token = row.column("refresh_token")?.string, let clientID = row.column("client_id")?.string {
                    // Due in 30 s: the caller tries it at once and reschedules or removes it, so the queue
                    // never sends it beside that attempt; after a crash in between, the queue sends it.
                    _ = try await rows("INSERT INTO pending_revocations (token, client_id, next_attempt_at) VALUES (?, ?, ?)",
                                       [.text(token), .text(clientID), .float(Date().timeIntervalSince1970 + 30)])
                    let queued = try await connection.lastAutoincrementID()
                    pending = PendingRevocation(id: queued, token: token, clientID: clientID, attempts: 0)
                }
                _ = try await rows("DELETE FROM users WHERE id = ?", [.text(id)])
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

    /// Revocations whose next attempt is due at `now`, oldest first.
    public func dueRevocations(now: Date) async throws -> [PendingRevocation] {
        try await exclusively {
            try await rows("SELECT id, token, client_id, attempts FROM pending_revocations WHERE next_attempt_at <= ? ORDER BY id",
                           [.float(now.timeIntervalSince1970)]).compactMap { row in
                guard let id = row.column("id")?.integer, let token = row.column("token")?.string,
                      let clientID = row.column("client_id")?.string else { return nil }
                return PendingRevocation(id: Int(id), token: token, clientID: clientID, attempts: Int(row.column("attempts")?.integer ?? 0))
            }
        }
    }

    /// How many revocations are waiting.
    public func pendingRevocationCount() async throws -> Int {
        try await exclusively {
            Int(try await rows("SELECT COUNT(*) AS n FROM pending_revocations").first?.column("n")?.integer ?? 0)
        }
    }

    /// Apple accepted the revocation: it is never sent again.
    public func revocationAccepted(_ id: Int) async throws {
        try await exclusively {
            _ = try await rows("DELETE FROM pending_revocations WHERE id = ?", [.integer(id)])
        }
    }

    /// The attempt failed; the next one is due at `next`.
    public func revocationFailed(_ id: Int, next: Date, error: String) async throws {
        try await exclusively {
            _ = try await rows("UPDATE pending_revocations SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE id = ?",
                               [.float(next.timeIntervalSince1970), .text(error), .integer(id)])
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

    /// The recorded App Store notifications, oldest first: (type, subtype, original transaction ID).
    public func appStoreEvents() async throws -> [(type: String, subtype: String?, originalTransactionID: String?)] {
        try await exclusively {
            try await rows("SELECT type, subtype, original_transaction_id FROM appstore_events ORDER BY received_at").map { row in
                (row.column("type")?.string ?? "", row.column("subtype")?.string, row.column("original_transaction_id")?.string)
            }
        }
    }

    // MARK: Nonces

    /// Reserves a nonce (its SHA-256 hex) for one sign-in: false when it was used or is in use. Used nonces
    /// are kept a day — Apple's identity tokens live ten minutes, so a replay comes too late after that.
    public func reserveNonce(_ nonce: String) async throws -> Bool {
        try await exclusively {
            let now = Date().timeIntervalSince1970
            _ = try await rows("DELETE FROM used_nonces WHERE used_at < ?", [.float(now - 86_400)])
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
            _ = try await rows("DELETE FROM web_states WHERE state = ? OR created_at < ?",
                               [.text(state), .float(Date().timeIntervalSince1970 - 600)])
            guard let found, let nonce = found.column("raw_nonce")?.string, let clientID = found.column("client_id")?.string,
                  let created = found.column("created_at")?.double, Date().timeIntervalSince1970 - created <= 600 else { return nil }
            return (nonce, clientID)
        }
    }
}

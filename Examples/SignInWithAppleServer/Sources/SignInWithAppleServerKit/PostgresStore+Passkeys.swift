// `PasskeyStore` on PostgreSQL, each guarantee one statement or transaction (see PostgresStore.swift): a
// challenge is taken with `DELETE … RETURNING` (of two instances, exactly one gets it), an account and its
// first passkey are inserted in one transaction (the unique username and credential ID refuse a second),
// counters are updated with `UPDATE … WHERE counter = previous` (of two sign-ins with the same counter,
// one wins), and a user's passkeys go with the user (ON DELETE CASCADE).

import Foundation
import PostgresNIO

extension PostgresStore {
    public func saveChallenge(_ challenge: String, kind: ChallengeKind, userID: String?, username: String?) async throws {
        try await run { connection in
            try await Self.execute(connection, """
                INSERT INTO ceremony_challenges (challenge, kind, user_id, username) VALUES (\(challenge), \(kind.rawValue), \(userID), \(username))
                """)
        }
    }

    public func takeChallenge(_ challenge: String, kind: ChallengeKind) async throws -> PendingChallenge? {
        try await run { connection in
            let rows = try await connection.query("""
                DELETE FROM ceremony_challenges WHERE challenge = \(challenge) RETURNING kind, user_id, username,
                    created_at > clock_timestamp() - make_interval(secs => \(PasskeyLimits.challengeLifetime))
                """, logger: Self.quiet)
            for try await (found, userID, username, fresh) in rows.decode((String, String?, String?, Bool).self) {
                return found == kind.rawValue && fresh ? PendingChallenge(userID: userID, username: username) : nil
            }
            return nil
        }
    }

    public func userID(username: String) async throws -> String? {
        try await run { connection in
            try await Self.first(String.self, connection.query("SELECT id FROM users WHERE username = \(username)", logger: Self.quiet))
        }
    }

    public func createPasskeyAccount(userID: String, username: String, passkey: NewPasskey) async throws -> Bool {
        try await transaction { connection in
            let created = try await Self.first(String.self, connection.query("""
                INSERT INTO users (id, name, username, client_id) VALUES (\(userID), \(username), \(username), '')
                ON CONFLICT DO NOTHING RETURNING id
                """, logger: Self.quiet))
            guard created != nil else { return false }
            guard try await Self.insert(passkey, userID: userID, connection) else {
                // The credential ID is taken: nothing of this account is kept.
                try await Self.execute(connection, "DELETE FROM users WHERE id = \(userID)")
                return false
            }
            return true
        }
    }

    public func addPasskey(_ passkey: NewPasskey, userID: String) async throws -> Bool {
        try await run { connection in
            guard try await Self.first(String.self, connection.query("SELECT id FROM users WHERE id = \(userID)", logger: Self.quiet)) != nil else {
                return false
            }
            return try await Self.insert(passkey, userID: userID, connection)
        }
    }

    /// Inserts the passkey; false when its credential ID is taken (or its user is gone: the foreign key).
    private static func insert(_ passkey: NewPasskey, userID: String, _ connection: PostgresConnection) async throws -> Bool {
        let publicKey = ByteBuffer(bytes: passkey.publicKey)
        let signCount = Int64(passkey.signCount)
        let rows = try await connection.query("""
            INSERT INTO passkeys (credential_id, user_id, public_key, sign_count, backup_eligible, backed_up)
            SELECT \(passkey.credentialID), \(userID), \(publicKey), \(signCount), \(passkey.backupEligible), \(passkey.backedUp)
            WHERE EXISTS (SELECT 1 FROM users WHERE id = \(userID))
            ON CONFLICT DO NOTHING RETURNING credential_id
            """, logger: quiet)
        return try await first(String.self, rows) != nil
    }

    public func passkey(credentialID: String) async throws -> StoredPasskey? {
        try await passkeys(where: "credential_id", equal: credentialID).first
    }

    public func passkeys(userID: String) async throws -> [StoredPasskey] {
        try await passkeys(where: "user_id", equal: userID)
    }

    private func passkeys(where column: String, equal value: String) async throws -> [StoredPasskey] {
        try await run { connection in
            let byUser = column == "user_id"
            let rows = try await connection.query("""
                SELECT credential_id, user_id, public_key, sign_count, backup_eligible, backed_up, created_at, last_used_at
                FROM passkeys WHERE (\(byUser) AND user_id = \(value)) OR (NOT \(byUser) AND credential_id = \(value))
                ORDER BY created_at, credential_id
                """, logger: Self.quiet)
            var found: [StoredPasskey] = []
            for try await (id, user, key, count, eligible, backedUp, created, used) in rows.decode(
                (String, String, ByteBuffer, Int64, Bool, Bool, Date, Date?).self) {
                found.append(StoredPasskey(credentialID: id, userID: user, publicKey: Array(key.readableBytesView),
                                           signCount: UInt32(clamping: count), backupEligible: eligible, backedUp: backedUp,
                                           createdAt: created, lastUsedAt: used))
            }
            return found
        }
    }

    public func recordPasskeyUse(credentialID: String, previousSignCount: UInt32, signCount: UInt32, backedUp: Bool) async throws -> Bool {
        let previous = Int64(previousSignCount), next = Int64(signCount)
        return try await run { connection in
            try await Self.first(String.self, connection.query("""
                UPDATE passkeys SET sign_count = \(next), backed_up = \(backedUp), last_used_at = clock_timestamp()
                WHERE credential_id = \(credentialID) AND sign_count = \(previous) RETURNING credential_id
                """, logger: Self.quiet)) != nil
        }
    }

    public func deletePasskey(credentialID: String, userID: String) async throws -> Bool {
        try await run { connection in
            try await Self.first(String.self, connection.query(
                "DELETE FROM passkeys WHERE credential_id = \(credentialID) AND user_id = \(userID) RETURNING credential_id",
                logger: Self.quiet)) != nil
        }
    }

    public func saveAppAttestKey(keyID: String, publicKey: [UInt8], receipt: [UInt8], environment: String) async throws -> Bool {
        let key = ByteBuffer(bytes: publicKey), receiptBytes = ByteBuffer(bytes: receipt)
        return try await run { connection in
            try await Self.first(String.self, connection.query("""
                INSERT INTO appattest_keys (key_id, public_key, receipt, environment) VALUES (\(keyID), \(key), \(receiptBytes), \(environment))
                ON CONFLICT DO NOTHING RETURNING key_id
                """, logger: Self.quiet)) != nil
        }
    }

    public func appAttestKey(keyID: String) async throws -> StoredAppAttestKey? {
        try await run { connection in
            let rows = try await connection.query("SELECT key_id, public_key, counter FROM appattest_keys WHERE key_id = \(keyID)", logger: Self.quiet)
            for try await (id, key, counter) in rows.decode((String, ByteBuffer, Int64).self) {
                return StoredAppAttestKey(keyID: id, publicKey: Array(key.readableBytesView), counter: UInt32(clamping: counter))
            }
            return nil
        }
    }

    public func recordAppAttestCounter(keyID: String, previousCounter: UInt32, counter: UInt32) async throws -> Bool {
        let previous = Int64(previousCounter), next = Int64(counter)
        return try await run { connection in
            try await Self.first(String.self, connection.query(
                "UPDATE appattest_keys SET counter = \(next) WHERE key_id = \(keyID) AND counter = \(previous) RETURNING key_id",
                logger: Self.quiet)) != nil
        }
    }
}

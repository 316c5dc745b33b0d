// `PasskeyStore` in the SQLite file: every method is one exclusive step of the actor (see UserStore.swift),
// so a take-then-delete (challenges), a check-then-insert (accounts) and a compare-then-update (counters)
// are never interleaved with another call.

import Foundation
import SQLiteNIO

extension UserStore: PasskeyStore {
    public func saveChallenge(_ challenge: String, kind: ChallengeKind, userID: String?, username: String?) async throws {
        try await exclusively {
            _ = try await rows("INSERT INTO ceremony_challenges (challenge, kind, user_id, username, created_at) VALUES (?, ?, ?, ?, ?)",
                               [.text(challenge), .text(kind.rawValue), userID.map { .text($0) } ?? .null,
                                username.map { .text($0) } ?? .null, .float(Date().timeIntervalSince1970)])
        }
    }

    public func takeChallenge(_ challenge: String, kind: ChallengeKind) async throws -> PendingChallenge? {
        try await exclusively {
            let found = try await rows("SELECT kind, user_id, username, created_at FROM ceremony_challenges WHERE challenge = ?",
                                       [.text(challenge)]).first
            guard let found else { return nil }
            _ = try await rows("DELETE FROM ceremony_challenges WHERE challenge = ?", [.text(challenge)])
            guard found.column("kind")?.string == kind.rawValue, let created = found.column("created_at")?.double,
                  Date().timeIntervalSince1970 - created <= PasskeyLimits.challengeLifetime else { return nil }
            return PendingChallenge(userID: found.column("user_id")?.string, username: found.column("username")?.string)
        }
    }

    public func userID(username: String) async throws -> String? {
        try await exclusively {
            try await rows("SELECT id FROM users WHERE username = ?", [.text(username)]).first?.column("id")?.string
        }
    }

    public func createPasskeyAccount(userID: String, username: String, passkey: NewPasskey) async throws -> Bool {
        try await exclusively {
            guard try await rows("SELECT id FROM users WHERE username = ? OR id = ?", [.text(username), .text(userID)]).isEmpty,
                  try await rows("SELECT credential_id FROM passkeys WHERE credential_id = ?", [.text(passkey.credentialID)]).isEmpty
            else { return false }
            _ = try await rows("BEGIN IMMEDIATE")
            do {
                _ = try await rows("INSERT INTO users (id, name, username, client_id, created_at) VALUES (?, ?, ?, '', ?)",
                                   [.text(userID), .text(username), .text(username), .float(Date().timeIntervalSince1970)])
                try await insert(passkey, userID: userID)
                _ = try await rows("COMMIT")
                return true
            } catch {
                _ = try? await rows("ROLLBACK")
                throw error
            }
        }
    }

    public func addPasskey(_ passkey: NewPasskey, userID: String) async throws -> Bool {
        try await exclusively {
            guard try await !rows("SELECT id FROM users WHERE id = ?", [.text(userID)]).isEmpty,
                  try await rows("SELECT credential_id FROM passkeys WHERE credential_id = ?", [.text(passkey.credentialID)]).isEmpty
            else { return false }
            try await insert(passkey, userID: userID)
            return true
        }
    }

    private func insert(_ passkey: NewPasskey, userID: String) async throws {
        _ = try await rows("""
            INSERT INTO passkeys (credential_id, user_id, public_key, sign_count, backup_eligible, backed_up, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [.text(passkey.credentialID), .text(userID), .blob(ByteBuffer(bytes: passkey.publicKey)), .integer(Int(passkey.signCount)),
                  .integer(passkey.backupEligible ? 1 : 0), .integer(passkey.backedUp ? 1 : 0), .float(Date().timeIntervalSince1970)])
    }

    public func passkey(credentialID: String) async throws -> StoredPasskey? {
        try await exclusively {
            try await rows("SELECT * FROM passkeys WHERE credential_id = ?", [.text(credentialID)]).first.map(Self.passkey)
        }
    }

    public func passkeys(userID: String) async throws -> [StoredPasskey] {
        try await exclusively {
            try await rows("SELECT * FROM passkeys WHERE user_id = ? ORDER BY created_at, credential_id", [.text(userID)]).map(Self.passkey)
        }
    }

    private static func passkey(_ row: SQLiteRow) -> StoredPasskey {
        StoredPasskey(credentialID: row.column("credential_id")?.string ?? "", userID: row.column("user_id")?.string ?? "",
                      publicKey: row.column("public_key")?.blob.map { Array($0.readableBytesView) } ?? [],
                      signCount: UInt32(clamping: row.column("sign_count")?.integer ?? 0),
                      backupEligible: (row.column("backup_eligible")?.integer ?? 0) != 0, backedUp: (row.column("backed_up")?.integer ?? 0) != 0,
                      createdAt: Date(timeIntervalSince1970: row.column("created_at")?.double ?? 0),
                      lastUsedAt: row.column("last_used_at")?.double.map { Date(timeIntervalSince1970: $0) })
    }

    public func recordPasskeyUse(credentialID: String, previousSignCount: UInt32, signCount: UInt32, backedUp: Bool) async throws -> Bool {
        try await exclusively {
            guard let current = try await rows("SELECT sign_count FROM passkeys WHERE credential_id = ?", [.text(credentialID)]).first?
                .column("sign_count")?.integer, current == Int(previousSignCount) else { return false }
            _ = try await rows("UPDATE passkeys SET sign_count = ?, backed_up = ?, last_used_at = ? WHERE credential_id = ?",
                               [.integer(Int(signCount)), .integer(backedUp ? 1 : 0), .float(Date().timeIntervalSince1970), .text(credentialID)])
            return true
        }
    }

    public func deletePasskey(credentialID: String, userID: String) async throws -> Bool {
        try await exclusively {
            guard try await !rows("SELECT credential_id FROM passkeys WHERE credential_id = ? AND user_id = ?",
                                  [.text(credentialID), .text(userID)]).isEmpty else { return false }
            _ = try await rows("DELETE FROM passkeys WHERE credential_id = ? AND user_id = ?", [.text(credentialID), .text(userID)])
            return true
        }
    }

    public func saveAppAttestKey(keyID: String, publicKey: [UInt8], receipt: [UInt8], environment: String) async throws -> Bool {
        try await exclusively {
            guard try await rows("SELECT key_id FROM appattest_keys WHERE key_id = ?", [.text(keyID)]).isEmpty else { return false }
            _ = try await rows("INSERT INTO appattest_keys (key_id, public_key, counter, receipt, environment, created_at) VALUES (?, ?, 0, ?, ?, ?)",
                               [.text(keyID), .blob(ByteBuffer(bytes: publicKey)), .blob(ByteBuffer(bytes: receipt)), .text(environment),
                                .float(Date().timeIntervalSince1970)])
            return true
        }
    }

    public func appAttestKey(keyID: String) async throws -> StoredAppAttestKey? {
        try await exclusively {
            try await rows("SELECT key_id, public_key, counter FROM appattest_keys WHERE key_id = ?", [.text(keyID)]).first.map { row in
                StoredAppAttestKey(keyID: row.column("key_id")?.string ?? keyID,
                                   publicKey: row.column("public_key")?.blob.map { Array($0.readableBytesView) } ?? [],
                                   counter: UInt32(clamping: row.column("counter")?.integer ?? 0))
            }
        }
    }

    public func recordAppAttestCounter(keyID: String, previousCounter: UInt32, counter: UInt32) async throws -> Bool {
        try await exclusively {
            guard let current = try await rows("SELECT counter FROM appattest_keys WHERE key_id = ?", [.text(keyID)]).first?
                .column("counter")?.integer, current == Int(previousCounter) else { return false }
            _ = try await rows("UPDATE appattest_keys SET counter = ? WHERE key_id = ?", [.integer(Int(counter)), .text(keyID)])
            return true
        }
    }
}

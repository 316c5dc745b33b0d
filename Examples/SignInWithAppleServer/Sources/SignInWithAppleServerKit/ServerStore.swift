// What the server keeps, as one protocol: every guarantee the server makes rests on these methods, so each
// states the atomicity it must have. `UserStore` (SQLite, one process) implements it today; a store shared
// by several instances (PostgreSQL) must give the same guarantees across processes, by the database.

import Foundation

/// The server's storage: users and their Apple refresh tokens, the revocation queue, processed
/// notifications, nonces, web-flow states and the session secret.
public protocol ServerStore: Sendable {
    /// The session-signing secret: created once by whoever asks first, the same for every caller after.
    func sessionSecret() async throws -> [UInt8]

    /// Records a sign-in (creating the user or updating email, name and refresh token).
    func signedIn(id: String, email: String?, name: String?, clientID: String, refreshToken: String?) async throws

    /// The user, or nil.
    func user(id: String) async throws -> StoredUser?

    /// Deletes the user and, when `revoke` and a refresh token is stored, queues its revocation — in one
    /// transaction, before Apple is asked, so that a crash never loses it. `found` is false for an unknown
    /// user.
    func deleteUser(id: String, revoke: Bool) async throws -> (found: Bool, revocation: PendingRevocation?)

    /// Records Apple's email-disabled or email-enabled event.
    func setEmailDisabled(id: String, _ disabled: Bool) async throws

    /// Revocations whose next attempt is due at `now`, oldest first.
    func dueRevocations(now: Date) async throws -> [PendingRevocation]

    /// How many revocations are waiting.
    func pendingRevocationCount() async throws -> Int

    /// Apple accepted the revocation: it is never sent again.
    func revocationAccepted(_ id: Int) async throws

    /// The attempt failed; the next one is due at `next`.
    func revocationFailed(_ id: Int, next: Date, error: String) async throws

    /// Records a notification's ID, atomically: true the first time, false for a redelivery or replay.
    func firstTimeNotification(_ id: String) async throws -> Bool

    /// Records a verified App Store notification's facts.
    func recordAppStoreEvent(uuid: String, type: String, subtype: String?, originalTransactionID: String?,
                             productID: String?, expires: Date?, environment: String?) async throws

    /// Reserves a nonce for one sign-in, atomically: false when it was used or is in use.
    func reserveNonce(_ nonce: String) async throws -> Bool

    /// Gives a reserved nonce back after a sign-in that failed.
    func releaseNonce(_ nonce: String) async throws

    /// Remembers a web flow's state and raw nonce until the callback.
    func saveWebState(_ state: String, rawNonce: String, clientID: String) async throws

    /// Takes a web flow's state, atomically (single use): nil if unknown, already taken or expired.
    func takeWebState(_ state: String) async throws -> (rawNonce: String, clientID: String)?

    /// Closes the store's connections.
    func close() async throws
}

extension UserStore: ServerStore {}

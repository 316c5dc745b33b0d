// What the server keeps, as one protocol: every guarantee the server makes rests on these methods, so each
// states the atomicity it must have. Two implementations: `UserStore` (SQLite, one process: its actor and
// SQLite's locks give the guarantees) and `PostgresStore` (several instances: the database gives them, by
// single statements, transactions and leases — see that file).

import Foundation
import Logging

/// The server's storage: users and their Apple refresh tokens, the revocation queue, processed
/// notifications, nonces, web-flow states and the session secret.
public protocol ServerStore: PasskeyStore {
    /// The session-signing secret: created once by whoever asks first, the same for every caller after.
    func sessionSecret() async throws -> [UInt8]

    /// Records a sign-in (creating the user or updating email, name and refresh token).
    func signedIn(id: String, email: String?, name: String?, clientID: String, refreshToken: String?) async throws

    /// The user, or nil.
    func user(id: String) async throws -> StoredUser?

    /// Deletes the user and, when `revoke` and a refresh token is stored, queues its revocation — in one
    /// transaction, before Apple is asked, so that a crash never loses it. The queued revocation comes back
    /// claimed by the caller for `lease` seconds (no one else sends it meanwhile; the caller tries it at once).
    /// `found` is false for an unknown user.
    func deleteUser(id: String, revoke: Bool, lease: Double) async throws -> (found: Bool, revocation: PendingRevocation?)

    /// Records Apple's email-disabled or email-enabled event.
    func setEmailDisabled(id: String, _ disabled: Bool) async throws

    /// Claims the revocation whose attempt is due soonest, if any is due, for `lease` seconds: no other caller
    /// gets it until the lease ends — when a caller that died holding it loses it.
    func claimDueRevocation(lease: Double) async throws -> PendingRevocation?

    /// How many revocations are waiting.
    func pendingRevocationCount() async throws -> Int

    /// Apple accepted the revocation: it is never sent again. Counts only while the caller's claim holds.
    func revocationAccepted(_ revocation: PendingRevocation) async throws

    /// The attempt failed; the next is due in `delay` seconds, by whoever claims it then. Counts only while
    /// the caller's claim holds.
    func revocationFailed(_ revocation: PendingRevocation, retryIn delay: Double, error: String) async throws

    /// Records a notification's ID, atomically: true the first time, false for a redelivery or replay.
    func firstTimeNotification(_ id: String) async throws -> Bool

    /// Records a verified App Store notification's facts (once per notification UUID).
    func recordAppStoreEvent(uuid: String, type: String, subtype: String?, originalTransactionID: String?,
                             productID: String?, expires: Date?, environment: String?) async throws

    /// The recorded App Store notifications, oldest first.
    func appStoreEvents() async throws -> [AppStoreEventSummary]

    /// Reserves a nonce for one sign-in, atomically: false when it was used or is in use.
    func reserveNonce(_ nonce: String) async throws -> Bool

    /// Gives a reserved nonce back after a sign-in that failed.
    func releaseNonce(_ nonce: String) async throws

    /// Remembers a web flow's state and raw nonce until the callback.
    func saveWebState(_ state: String, rawNonce: String, clientID: String) async throws

    /// Takes a web flow's state, atomically (single use): nil if unknown, already taken or expired.
    func takeWebState(_ state: String) async throws -> (rawNonce: String, clientID: String)?

    /// Forgets nonces and web states too old to matter (`ServerStoreLimits`).
    func removeExpired() async throws

    /// Whether the database answers now (a trivial query within the store's deadline): `/ready`.
    func isReachable() async -> Bool

    /// Closes the store's connections.
    func close() async throws
}

/// How long the stores keep what expires.
enum ServerStoreLimits {
    /// Used nonces are kept a day: Apple's identity tokens live ten minutes, so a replay after that comes
    /// too late anyway.
    static let nonceLifetime: Double = 86_400
    /// A web flow's state is good for ten minutes.
    static let webStateLifetime: Double = 600
}

/// A revocation Apple has not accepted yet, as claimed by one caller.
public struct PendingRevocation: Sendable {
    let id: Int
    let token: String
    let clientID: String
    let attempts: Int
    /// The claim's ID: the caller's reports count only while the row still carries it.
    let claim: String
}

/// A recorded App Store notification.
public struct AppStoreEventSummary: Sendable, Equatable {
    public let type: String
    public let subtype: String?
    public let originalTransactionID: String?
}

/// The database cannot be reached or did not answer in time: the server answers 503, the request can be
/// retried.
public struct StoreUnavailable: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = "the database is unavailable: \(description)" }
}

/// The session secret's text form in the settings table.
enum SessionSecretHex {
    static func bytes(_ hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }

    static func text(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
}

/// Opens the store `location` names: SQLite at once, PostgreSQL with retries for `startupTimeout` seconds.
public func openStore(_ location: DatabaseLocation, startupTimeout: Double = 30, logger: Logger) async throws -> any ServerStore {
    switch location {
    case .sqlite(let path): try await UserStore.open(path: path)
    case .postgres(let settings): try await PostgresStore.open(settings, startupTimeout: startupTimeout, logger: logger)
    }
}

extension UserStore: ServerStore {}

// What passkeys and App Attest keep, as part of `ServerStore`: ceremony challenges (single use, five
// minutes, shared by every instance), passkey accounts, credentials and their counters, attested App
// Attest keys and theirs. Each method states the atomicity it must have; `UserStore+Passkeys.swift` (SQLite)
// and `PostgresStore+Passkeys.swift` give it.

import Foundation

/// What a ceremony's challenge was issued for.
public enum ChallengeKind: String, Sendable {
    /// Passkey registration (`webauthn.create`).
    case registration
    /// Passkey sign-in (`webauthn.get`).
    case authentication
    /// App Attest (attestation or assertion).
    case appAttest = "appattest"
}

/// An issued challenge, as taken back.
public struct PendingChallenge: Sendable, Equatable {
    /// The account a registration adds a passkey to (or creates), nil otherwise.
    public let userID: String?
    /// The username of an account a registration creates; nil when it adds to a signed-in account.
    public let username: String?
}

/// A passkey to store after its registration verified.
public struct NewPasskey: Sendable {
    public let credentialID: String
    public let publicKey: [UInt8]
    public let signCount: UInt32
    public let backupEligible: Bool
    public let backedUp: Bool
}

/// A stored passkey.
public struct StoredPasskey: Sendable, Equatable {
    /// The credential ID, base64url.
    public let credentialID: String
    public let userID: String
    /// The COSE public key.
    public let publicKey: [UInt8]
    public let signCount: UInt32
    public let backupEligible: Bool
    public let backedUp: Bool
    public let createdAt: Date
    public let lastUsedAt: Date?
}

/// A stored App Attest key.
public struct StoredAppAttestKey: Sendable, Equatable {
    /// The key ID, standard base64 as DCAppAttestService gives it.
    public let keyID: String
    /// The P-256 public key, X9.63 (0x04 ‖ x ‖ y).
    public let publicKey: [UInt8]
    public let counter: UInt32
}

/// Challenges, passkeys and App Attest keys.
public protocol PasskeyStore: Sendable {
    /// Stores an issued challenge (base64url of its bytes) for `kind`.
    func saveChallenge(_ challenge: String, kind: ChallengeKind, userID: String?, username: String?) async throws

    /// Takes an issued challenge, atomically: the first caller gets it, every later one (on any instance)
    /// nil; nil too when it is unknown, of another kind, or older than five minutes.
    func takeChallenge(_ challenge: String, kind: ChallengeKind) async throws -> PendingChallenge?

    /// The ID of the account with `username`, if any.
    func userID(username: String) async throws -> String?

    /// Creates an account with `username` and its first passkey, in one transaction: false (nothing stored)
    /// when the username or the credential ID is taken.
    func createPasskeyAccount(userID: String, username: String, passkey: NewPasskey) async throws -> Bool

    /// Adds a passkey to an existing account: false when the credential ID is taken or the user is gone.
    func addPasskey(_ passkey: NewPasskey, userID: String) async throws -> Bool

    /// The passkey with `credentialID`, if any.
    func passkey(credentialID: String) async throws -> StoredPasskey?

    /// The account's passkeys, oldest first.
    func passkeys(userID: String) async throws -> [StoredPasskey]

    /// Records a sign-in with a passkey, atomically: only while its counter is still `previousSignCount`
    /// (false otherwise: another sign-in with the same or a newer assertion won).
    func recordPasskeyUse(credentialID: String, previousSignCount: UInt32, signCount: UInt32, backedUp: Bool) async throws -> Bool

    /// Deletes the account's passkey: false when it is not that account's (or does not exist).
    func deletePasskey(credentialID: String, userID: String) async throws -> Bool

    /// Stores an attested App Attest key and its receipt: false when the key ID was attested before.
    func saveAppAttestKey(keyID: String, publicKey: [UInt8], receipt: [UInt8], environment: String) async throws -> Bool

    /// The attested key, if any.
    func appAttestKey(keyID: String) async throws -> StoredAppAttestKey?

    /// Records an assertion's counter, atomically: only while the stored counter is still `previousCounter`.
    func recordAppAttestCounter(keyID: String, previousCounter: UInt32, counter: UInt32) async throws -> Bool
}

/// How long a ceremony challenge is good for (the five minutes).
enum PasskeyLimits {
    static let challengeLifetime: Double = 300
}

// What Docs/Passkeys.md's snippets assume: declarations only, for scripts/check-doc-snippets.sh.
import Foundation
import PureWebAuthn

var relyingParty: WebAuthnRelyingParty { fatalError() }
/// The signed-in account registering a passkey.
struct Account {
    struct Passkey { let id: [UInt8] }
    let id: String
    let username: String
    let passkeys: [Passkey]
}
var account: Account { fatalError() }
var body: [UInt8] { fatalError() }
/// Issued challenges, each taken (removed) once: for registration with the account it was issued to.
struct Challenges {
    func save(_ challenge: [UInt8], for accountID: String) async throws {}
    func save(_ challenge: [UInt8]) async throws {}
    func take(_ challenge: [UInt8]) async throws -> String? { fatalError() }
    func take(_ challenge: [UInt8]) async throws -> Bool { fatalError() }
}
var challenges: Challenges { fatalError() }
/// A stored passkey.
struct StoredPasskey {
    let id: [UInt8]
    let signCount: UInt32
    let registeredCredential: RegisteredCredential
}
/// The server's passkey store.
struct PasskeyStore {
    func add(_ credential: RegisteredCredential, to accountID: String) async throws {}
    func passkey(id: [UInt8]) async throws -> StoredPasskey? { fatalError() }
    /// Compare-and-set: false when another sign-in moved the counter first.
    func updateCounter(_ id: [UInt8], from: UInt32, to: UInt32) async throws -> Bool { fatalError() }
}
var store: PasskeyStore { fatalError() }
struct Unauthorized: Error {}
var downloaded: [UInt8] { fatalError() }
var current: FIDOMetadata? { fatalError() }


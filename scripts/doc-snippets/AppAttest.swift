// What Docs/AppAttest.md's snippets assume: declarations only, for scripts/check-doc-snippets.sh.
import AppAttest
import AppleHTTP
import Foundation
import PureP256
import PureSHA2

/// The request the app posted.
struct AttestationRequest { let challenge: [UInt8] }
var body: AttestationRequest { fatalError() }
var verifier: AppAttestVerifier { fatalError() }
/// The challenges the server issued, each taken once.
struct IssuedChallenges { func take(_ challenge: [UInt8]) -> [UInt8] { fatalError() } }
var issuedChallenges: IssuedChallenges { fatalError() }
var object: [UInt8] { fatalError() }
var keyID: [UInt8] { fatalError() }
var assertion: [UInt8] { fatalError() }
var requestBytes: [UInt8] { fatalError() }
var p8: String { fatalError() }
var transport: any AppleHTTPTransport { fatalError() }
/// What the server stored for a key at attestation.
struct StoredKey {
    var publicKey: P256.Signing.PublicKey
    var counter: UInt32
    var receipt: [UInt8]
}
var stored: StoredKey { get { fatalError() } set {} }
/// The server's key store.
struct KeyStore {
    func saveKey(_ keyID: [UInt8], publicKey: [UInt8], counter: UInt32, receipt: [UInt8]) async throws {}
    /// Compare-and-set: false when another request moved the counter first.
    func updateCounter(_ keyID: [UInt8], from: UInt32, to: UInt32) async throws -> Bool { fatalError() }
}
var store: KeyStore { fatalError() }
struct Unauthorized: Error {}
func flag(_ keyID: [UInt8]) {}


// What Sources/AppAttest/AppAttest.docc/AppAttest.md's snippets assume: declarations only, for scripts/check-doc-snippets.sh.
import AppAttest
import AppleHTTP
import Foundation
import PureP256
import PureSHA2

var attestationObject: [UInt8] { fatalError() }
var keyID: [UInt8] { fatalError() }
var challenge: [UInt8] { fatalError() }
func store(_ keyID: [UInt8], _ publicKey: P256.Signing.PublicKey, counter: UInt32, receipt: [UInt8]) {}
var assertion: [UInt8] { fatalError() }
var requestBody: [UInt8] { fatalError() }
/// What the server stored for a key at attestation.
struct StoredKey {
    var keyID: [UInt8]
    var publicKey: P256.Signing.PublicKey
    var counter: UInt32
    var receipt: [UInt8]
}
var stored: StoredKey { get { fatalError() } set {} }
var p8Text: String { fatalError() }
var myTransport: any AppleHTTPTransport { fatalError() }
func flagForReview(_ keyID: [UInt8]) {}


// What Sources/PureWebAuthn/PureWebAuthn.docc/PureWebAuthn.md's snippets assume: declarations only, for scripts/check-doc-snippets.sh.
import PureWebAuthn

var relyingParty: WebAuthnRelyingParty { fatalError() }
var userHandle: [UInt8] { fatalError() }
func send(_ json: [UInt8]) {}
func keep(_ challenge: [UInt8]) {}
var requestBody: [UInt8] { fatalError() }
var issuedChallenge: [UInt8] { fatalError() }
var stored: RegisteredCredential { get { fatalError() } set {} }
var user: WebAuthnUser { fatalError() }
func store(_ credential: RegisteredCredential) {}


// What Docs/AppStore.md's Vapor route assumes: declarations only, for scripts/check-doc-snippets.sh
// --package Integrations/AppleAuthVapor (which builds AppStoreServer through AppStoreServerAPI).
import AppStoreServer
import Vapor

var app: Application { fatalError() }
var verifier: SignedDataVerifier { fatalError() }
func handle(_ notification: SignedDataVerifier.VerifiedNotification) async throws {}

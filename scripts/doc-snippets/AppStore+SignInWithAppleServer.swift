// What Docs/AppStore.md's Hummingbird route assumes: declarations only, for scripts/check-doc-snippets.sh
// --package Examples/SignInWithAppleServer (the package that builds Hummingbird and AppStoreServer).
import AppStoreServer
import Hummingbird
import NIOCore

var router: Router<BasicRequestContext> { fatalError() }
var verifier: SignedDataVerifier { fatalError() }
func handle(_ notification: SignedDataVerifier.VerifiedNotification) async throws {}

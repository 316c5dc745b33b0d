// What README.md's Hummingbird block assumes: declarations only, for scripts/check-doc-snippets.sh
// --package Integrations/AppleAuthHummingbird (the names of that package's README).
import AppleAuth
import AppleAuthHummingbird
import Hummingbird
import HummingbirdAuth

var router: Router<BasicAuthRequestContext<SessionClaims>> { fatalError() }
var apple: SignInWithApple { fatalError() }
var sessions: SessionTokens { fatalError() }

// What Integrations/AppleAuthHummingbird/README.md's snippets assume: declarations only, for scripts/check-doc-snippets.sh --package.
import AppleAuth
import AppleAuthAsyncHTTPClient
import Hummingbird
import HummingbirdAuth

var configuration: SignInWithAppleConfiguration { fatalError() }
var sessionSecret: [UInt8] { fatalError() }
var router: Router<BasicAuthRequestContext<SessionClaims>> { fatalError() }
var issuerID: String { fatalError() }
var keyID: String { fatalError() }
var p8: String { fatalError() }


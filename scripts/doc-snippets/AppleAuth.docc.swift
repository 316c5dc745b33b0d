// What Sources/AppleAuth/AppleAuth.docc/AppleAuth.md's snippets assume: declarations only, for scripts/check-doc-snippets.sh.
import AppleAuth
import AppleAuthURLSession
import Foundation

var configuration: SignInWithAppleConfiguration { fatalError() }
var token: String { fatalError() }
var code: String { fatalError() }
var rawNonce: String { fatalError() }


// What Docs/SignInWithApple.md's snippets assume: declarations only, for scripts/check-doc-snippets.sh.
import AppleAuth
import Foundation
import PureJWT
import PureSHA2

var p8Text: String { fatalError() }
var apple: SignInWithApple { fatalError() }
var token: String { fatalError() }
var idToken: String { fatalError() }
var rawNonce: String { fatalError() }
var code: String { fatalError() }
/// The reader's web framework's response status.
enum HTTPStatus { case ok, unauthorized, badRequest, serviceUnavailable, internalServerError }
var requestBody: Data { fatalError() }
var sessionSecret: [UInt8] { fatalError() }
var signIn: AppleSignInResult { fatalError() }
var bearerFromRequest: String { fatalError() }
var keySet: JSONWebKeySet { fatalError() }
var transport: any AppleHTTPTransport { fatalError() }
var refreshToken: String { fatalError() }
var status: Int { fatalError() }
var body: [UInt8] { fatalError() }


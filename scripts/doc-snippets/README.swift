// What README.md's snippets assume: declarations only, for scripts/check-doc-snippets.sh.
import Foundation
import PureJWT

var secretBytes: [UInt8] { fatalError() }
var message: [UInt8] { fatalError() }
var wrappedText: String { fatalError() }
var p8Text: String { fatalError() }
var signingInput: [UInt8] { fatalError() }
var jwkN: [UInt8] { fatalError() }
var jwkE: [UInt8] { fatalError() }
var sig: [UInt8] { fatalError() }
var jwks: String { fatalError() }
var token: String { fatalError() }
struct MyClaims: Decodable { let sub: String }
var team: String { fatalError() }
var kid: String { fatalError() }
var p8: String { fatalError() }
var idToken: String { fatalError() }
var rawNonce: String { fatalError() }
var code: String { fatalError() }


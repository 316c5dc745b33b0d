// What Sources/PureJWT/PureJWT.docc/PureJWT.md's snippets assume: declarations only, for scripts/check-doc-snippets.sh.
import Foundation
import PureJWT

var jwks: String { fatalError() }
var token: String { fatalError() }
struct MyClaims: Decodable { let sub: String }


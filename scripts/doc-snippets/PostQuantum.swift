// What Docs/PostQuantum.md's snippets assume: declarations only, for scripts/check-doc-snippets.sh.
import Foundation
import PureJWT
import PureMLDSA

var key: MLDSA65.PrivateKey { fatalError() }
var message: [UInt8] { fatalError() }
var claims: [String: String] { fatalError() }
var publicPEM: String { fatalError() }
struct MyClaims: Decodable { let sub: String }


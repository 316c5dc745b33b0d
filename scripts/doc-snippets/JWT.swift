// What Docs/JWT.md's snippets assume: declarations only, for scripts/check-doc-snippets.sh.
import Foundation
import PureJWT
import PureP256
import PureP384

var jwksData: Data { fatalError() }
var idToken: String { fatalError() }
struct AppleClaims: Decodable { let sub: String }
var validation: JWTValidation { fatalError() }
/// Any HTTP client of the reader's.
struct SomeHTTPClient: Sendable {
    func get(_ url: String) async throws -> (Int, [String: String], [UInt8]) { fatalError() }
}
let myHTTPClient = SomeHTTPClient()
var rsaPrivateKeyPEM: String { fatalError() }
var p8Text: String { fatalError() }
var now: Date { fatalError() }

var accountKey: P256.Signing.PrivateKey { fatalError() }
var accountURL: String { fatalError() }
var requestJSON: String { fatalError() }
var nonce: String { fatalError() }
var url: String { fatalError() }
var document: [UInt8] { fatalError() }
var ours: JWTKey { fatalError() }
var theirs: JWTKey { fatalError() }
var partnerKeys: [JWTKey] { fatalError() }

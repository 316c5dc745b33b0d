// What Docs/JWE.md's snippets assume: declarations only, for scripts/check-doc-snippets.sh.
import Foundation
import PureCurve25519
import PureJWT
import PureP256
import PureRSA
import PureSHA2

var privateJWK: String { fatalError() }
var token: String { fatalError() }
var jwksDocument: String { fatalError() }
var pem: String { fatalError() }
var signedJWT: String { fatalError() }
var partnerRSA: RSA.Encryption.PublicKey { fatalError() }
var walletX25519: Curve25519.KeyAgreement.PublicKey { fatalError() }
var backupKey: SymmetricKey { fatalError() }
var payload: [UInt8] { fatalError() }
var backupKeyForDecryption: JWEKey { fatalError() }
var recipientPublic: JWEKey { fatalError() }
var recipientPrivate: JWEKey { fatalError() }
var signedJWS: String { fatalError() }
var issuerKeys: [JWTKey] { fatalError() }
struct IDTokenClaims: Decodable { let sub: String }
var validation: JWTValidation { fatalError() }
var authSecret: String { fatalError() }
var cookieValue: String { fatalError() }


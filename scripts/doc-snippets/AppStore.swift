// What Docs/AppStore.md's snippets assume: declarations only, for scripts/check-doc-snippets.sh.
import AppStoreServer
import AppStoreServerAPI
import AppleHTTP
import Foundation
import PureX509

var verifier: SignedDataVerifier { fatalError() }
var credentials: AppStoreCredentials { fatalError() }
var transactionID: String { fatalError() }
var receiptBase64: String { fatalError() }
var transactionReceiptBase64: String { fatalError() }
var appleIncRootDER: [UInt8] { fatalError() }
var identifierForVendorBytes: [UInt8] { fatalError() }
var p8Text: String { fatalError() }
var originalTransactionID: String { fatalError() }
var appAccountToken: UUID { fatalError() }
var transport: any AppleHTTPTransport { fatalError() }
var certificatesOfTheJWS: [Certificate] { fatalError() }


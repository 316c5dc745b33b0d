// What Sources/AppStoreServerAPI/AppStoreServerAPI.docc/AppStoreServerAPI.md's snippets assume: declarations only, for scripts/check-doc-snippets.sh.
import AppStoreServer
import AppStoreServerAPI
import AppleHTTP
import Foundation

var issuerID: String { fatalError() }
var credentials: AppStoreCredentials { fatalError() }
var p8Text: String { fatalError() }
var originalTransactionID: String { fatalError() }
var appAccountToken: UUID { fatalError() }
var transport: any AppleHTTPTransport { fatalError() }
var verifier: SignedDataVerifier { fatalError() }


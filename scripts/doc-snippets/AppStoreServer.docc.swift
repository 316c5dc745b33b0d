// What Sources/AppStoreServer/AppStoreServer.docc/AppStoreServer.md's snippets assume: declarations only, for scripts/check-doc-snippets.sh.
import AppStoreServer
import Foundation

var appleRootCAG3: [UInt8] { fatalError() }   // the DER of Apple Root CA - G3
var requestBody: [UInt8] { fatalError() }
func extendAccess(_ notification: SignedDataVerifier.VerifiedNotification) {}


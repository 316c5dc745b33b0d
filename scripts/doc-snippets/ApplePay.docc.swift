// What Sources/ApplePay/ApplePay.docc/ApplePay.md's snippets assume: declarations only, for scripts/check-doc-snippets.sh.
import ApplePay
import Foundation

var certificatePEM: String { fatalError() }
var keyPEM: String { fatalError() }
var body: [UInt8] { fatalError() }


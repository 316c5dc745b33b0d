// What Docs/ApplePay.md's snippets assume: declarations only, for scripts/check-doc-snippets.sh.
import ApplePay
import Foundation

var certificatePEM: String { fatalError() }
var keyPEM: String { fatalError() }
var body: [UInt8] { fatalError() }
/// The reader's payment processor call.
func charge(_ primaryAccountNumber: String, _ cryptogram: String?, amount: Int, currency: String) {}
var current: PaymentProcessingCredential { fatalError() }
var next: PaymentProcessingCredential { fatalError() }


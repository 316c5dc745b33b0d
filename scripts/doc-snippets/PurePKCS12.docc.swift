// What Sources/PurePKCS12/PurePKCS12.docc/PurePKCS12.md's snippets assume: declarations only, for scripts/check-doc-snippets.sh.
import PureP256
import PurePKCS12
import PureX509

var p12Bytes: [UInt8] { fatalError() }
var password: String { fatalError() }


// What Sources/PureSHA2/PureSHA2.docc/PureSHA2.md's snippets assume: declarations only, for scripts/check-doc-snippets.sh.
import PureSHA2

var message: [UInt8] { fatalError() }
var secret: [UInt8] { fatalError() }


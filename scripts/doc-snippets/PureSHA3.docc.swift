// What Sources/PureSHA3/PureSHA3.docc/PureSHA3.md's snippets assume: declarations only, for scripts/check-doc-snippets.sh.
import PureSHA2
import PureSHA3

var message: [UInt8] { fatalError() }
var key: SymmetricKey { fatalError() }
var seed: [UInt8] { fatalError() }


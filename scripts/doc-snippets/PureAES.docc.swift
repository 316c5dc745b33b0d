// What Sources/PureAES/PureAES.docc/PureAES.md's snippets assume: declarations only, for scripts/check-doc-snippets.sh.
import PureAES
import PureSHA2

var message: [UInt8] { fatalError() }
var header: [UInt8] { fatalError() }
var contentKey: SymmetricKey { fatalError() }
var keyEncryptionKey: SymmetricKey { fatalError() }


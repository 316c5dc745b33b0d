// What Sources/PureP521/PureP521.docc/PureP521.md's snippets assume: declarations only, for scripts/check-doc-snippets.sh.
import PureP521

var pem: String { fatalError() }
var message: [UInt8] { fatalError() }


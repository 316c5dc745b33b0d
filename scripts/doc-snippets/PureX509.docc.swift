// What Sources/PureX509/PureX509.docc/PureX509.md's snippets assume: declarations only, for scripts/check-doc-snippets.sh.
import PureX509

var appleRootG3: [UInt8] { fatalError() }
var leaf: Certificate { fatalError() }
var intermediate: Certificate { fatalError() }
var signedDateSeconds: Int64 { fatalError() }


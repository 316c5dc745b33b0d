// What Sources/PureP384/PureP384.docc/PureP384.md's snippets assume: declarations only, for scripts/check-doc-snippets.sh.
import PureP384

var message: [UInt8] { fatalError() }


// What Sources/PureSecp256k1/PureSecp256k1.docc/PureSecp256k1.md's snippets assume: declarations only, for scripts/check-doc-snippets.sh.
import PureSecp256k1

var message: [UInt8] { fatalError() }

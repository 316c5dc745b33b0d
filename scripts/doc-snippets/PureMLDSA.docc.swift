// What Sources/PureMLDSA/PureMLDSA.docc/PureMLDSA.md's snippets assume: declarations only, for scripts/check-doc-snippets.sh.
import PureMLDSA

var message: [UInt8] { fatalError() }


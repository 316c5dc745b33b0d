// What Sources/PureCBOR/PureCBOR.docc/PureCBOR.md's snippets assume: declarations only, for scripts/check-doc-snippets.sh.
import PureCBOR

var bytes: [UInt8] { fatalError() }
var credentialIDLength: Int { fatalError() }


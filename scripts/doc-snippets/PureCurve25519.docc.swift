// What Sources/PureCurve25519/PureCurve25519.docc/PureCurve25519.md's snippets assume: declarations only, for scripts/check-doc-snippets.sh.
import PureCurve25519

var message: [UInt8] { fatalError() }
var peerPEM: String { fatalError() }


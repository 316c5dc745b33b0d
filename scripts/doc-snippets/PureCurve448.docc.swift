// What Sources/PureCurve448/PureCurve448.docc/PureCurve448.md's snippets assume: declarations only, for scripts/check-doc-snippets.sh.
import PureCurve448

var message: [UInt8] { fatalError() }

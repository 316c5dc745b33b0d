// What Sources/PureDeflate/PureDeflate.docc/PureDeflate.md's snippets assume: declarations only, for scripts/check-doc-snippets.sh.
import PureDeflate

var claimsJSON: String { fatalError() }


// What Integrations/AppleAuthVapor/README.md's snippets assume: declarations only, for scripts/check-doc-snippets.sh --package.
import Vapor

var app: Application { fatalError() }
var team: String { fatalError() }
var keyID: String { fatalError() }
var p8: String { fatalError() }
var sessionSecret: [UInt8] { fatalError() }


// What Integrations/AppleAuthAsyncHTTPClient/README.md's snippets assume: declarations only, for scripts/check-doc-snippets.sh --package.
var team: String { fatalError() }
var keyID: String { fatalError() }
var p8: String { fatalError() }


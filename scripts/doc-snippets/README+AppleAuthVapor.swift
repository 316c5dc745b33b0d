// What README.md's Vapor block assumes: declarations only, for scripts/check-doc-snippets.sh
// --package Integrations/AppleAuthVapor.
import AppleAuth
import AppleAuthVapor
import Vapor

var app: Application { fatalError() }
var configuration: SignInWithAppleConfiguration { fatalError() }

// Starts the server from environment variables (see README.md). SIGTERM and SIGINT shut it down
// gracefully; queued revocations stay in the database and are retried at the next start.

import AppleAuth
import Foundation
import Hummingbird
import SignInWithAppleServerKit

do {
    let configuration = try ServerConfiguration.fromEnvironment()
    let app = try await buildApplication(configuration)
    try await app.runService()
} catch {
    // A missing variable, an unreadable or invalid .p8, a database that cannot be opened, a port in use:
    // one line naming it, never a crash. Exit 2 for settings, 1 for the rest.
    FileHandle.standardError.write(Data("SignInWithAppleServer: \(error)\n".utf8))
    let isSetting = error is ConfigurationError || (error as? AppleAuthError)?.category == .configuration
    exit(isSetting ? 2 : 1)
}

// Starts the server from environment variables (see README.md). SIGTERM and SIGINT shut it down
// gracefully; queued revocations stay in the database and are retried at the next start.

import Foundation
import Hummingbird
import SignInWithAppleServerKit

do {
    let configuration = try ServerConfiguration.fromEnvironment()
    let app = try await buildApplication(configuration)
    try await app.runService()
} catch let error as ConfigurationError {
    FileHandle.standardError.write(Data("SignInWithAppleServer: \(error)\n".utf8))
    exit(2)
}

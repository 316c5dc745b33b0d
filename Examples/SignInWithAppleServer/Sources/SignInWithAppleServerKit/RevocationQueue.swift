// Revocations that wait for Apple. Account deletion queues the refresh token's revocation in the same
// transaction that deletes the user, then tries it at once; when Apple cannot be reached or answers 5xx,
// this service retries it from the database — also after a restart — until Apple answers 2xx, and only
// then removes it. Back-off doubles from 1 second up to 30, so a revocation reaches Apple within about 30
// seconds of Apple answering again.

import AppleAuth
import Foundation
import Logging
import ServiceLifecycle

/// Sends queued revocations until Apple accepts them.
public struct RevocationQueue: Service {
    let store: any ServerStore
    let apple: SignInWithApple
    let logger: Logger
    /// How often due revocations are looked for, in seconds.
    let pollInterval: Double

    /// The delay before attempt `attempts + 1`: 1, 2, 4, … seconds, at most 30.
    static func backoff(afterAttempts attempts: Int) -> Double {
        min(30, pow(2, Double(min(attempts, 10))))
    }

    /// Tries one revocation now: true when Apple accepted it (it is then removed); otherwise the failure
    /// is recorded with the next attempt's time. A refusal by Apple (4xx) is retried too, at the slowest
    /// pace, and logged: nothing is dropped without a person deciding.
    @discardableResult
    func attempt(_ revocation: PendingRevocation) async -> Bool {
        do {
            try await apple.revoke(revocation.token, hint: .refreshToken, clientID: revocation.clientID)
            try await store.revocationAccepted(revocation.id)
            logger.info("revocation accepted by Apple", metadata: ["revocation": "\(revocation.id)", "attempts": "\(revocation.attempts + 1)"])
            return true
        } catch {
            let refused = (error as? AppleAuthError)?.category == .appleError
            let delay = refused ? 30 : Self.backoff(afterAttempts: revocation.attempts)
            logger.warning("revocation not accepted yet; retrying", metadata: [
                "revocation": "\(revocation.id)", "in": "\(delay) s", "error": "\(error)",
            ])
            try? await store.revocationFailed(revocation.id, next: Date().addingTimeInterval(delay), error: "\(error)")
            return false
        }
    }

    /// Sends every due revocation, one at a time.
    func runOnce() async {
        guard let due = try? await store.dueRevocations(now: Date()) else { return }
        for revocation in due { await attempt(revocation) }
    }

    /// Runs until the application shuts down, then closes the database (this service is the last user
    /// of it to stop: the HTTP server stops first).
    public func run() async throws {
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            await runOnce()
            try? await Task.sleep(for: .seconds(pollInterval))
        }
        try await store.close()
    }
}

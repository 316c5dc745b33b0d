// Revocations that wait for Apple. Account deletion queues the refresh token's revocation in the same
// transaction that deletes the user, claimed by the deleting request, which tries it at once; when Apple
// cannot be reached or answers 5xx, this service retries it from the database — also after a restart, and
// from any instance — until Apple answers 2xx, and only then removes it. Back-off doubles from 1 second up
// to 30, so a revocation reaches Apple within about 30 seconds of Apple answering again.
//
// Several instances share the queue: each revocation is claimed by one instance at a time for `lease`
// seconds, longer than one call to Apple can take (revocations are sent once per attempt, and an attempt
// ends at the Apple timeout), so two instances never send it together. An instance that dies holding a
// claim loses it when the lease ends; another then sends it. What can still happen twice: an instance that
// dies after Apple accepted a revocation and before it removed the row leaves it to be sent again when the
// lease ends — harmless, because revoking a token Apple already revoked is answered 200 and changes nothing.

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
    /// How long a claim on a revocation lasts, in seconds.
    let lease: Double

    /// The delay before attempt `attempts + 1`: 1, 2, 4, … seconds, at most 30.
    static func backoff(afterAttempts attempts: Int) -> Double {
        min(30, pow(2, Double(min(attempts, 10))))
    }

    /// The lease for a server whose calls to Apple end after `appleTimeout` seconds: twice that and ten
    /// seconds more (30 s with the default timeout), so it outlasts a whole attempt with margin.
    static func lease(appleTimeout: Double) -> Double { 2 * appleTimeout + 10 }

    /// Tries one claimed revocation now: true when Apple accepted it (it is then removed); otherwise the
    /// failure is recorded with the next attempt's time and the claim released. A refusal by Apple (4xx) is
    /// retried too, at the slowest pace, and logged: nothing is dropped without a person deciding.
    @discardableResult
    func attempt(_ revocation: PendingRevocation) async -> Bool {
        do {
            try await apple.revoke(revocation.token, hint: .refreshToken, clientID: revocation.clientID)
        } catch {
            let refused = error.category == .appleError   // typed throws: an AppleAuthError
            let delay = refused ? 30 : Self.backoff(afterAttempts: revocation.attempts)
            logger.warning("revocation not accepted yet; retrying", metadata: [
                "revocation": "\(revocation.id)", "in": "\(delay) s", "error": "\(error)",
            ])
            // If this fails too (the database is down), the claim simply runs out and it is tried again.
            try? await store.revocationFailed(revocation, retryIn: delay, error: "\(error)")
            return false
        }
        logger.info("revocation accepted by Apple", metadata: ["revocation": "\(revocation.id)", "attempts": "\(revocation.attempts + 1)"])
        do {
            try await store.revocationAccepted(revocation)
        } catch {
            // Apple has it; the row stays until the lease ends and is then sent once more (harmless).
            logger.warning("revocation accepted but not removed from the queue", metadata: ["revocation": "\(revocation.id)", "error": "\(error)"])
        }
        return true
    }

    /// Claims and sends due revocations one at a time (each claim covers one call to Apple), at most 100 per
    /// round so that a shutdown is never kept waiting long.
    func runOnce() async {
        for _ in 0..<100 {
            guard !Task.isShuttingDownGracefully, !Task.isCancelled,
                  let revocation = try? await store.claimDueRevocation(lease: lease) else { return }
            await attempt(revocation)
        }
    }

    /// Runs until the application shuts down, then closes the database (this service is the last user
    /// of it to stop: the HTTP server stops first). Expired nonces and web states are removed once a minute.
    public func run() async throws {
        var lastCleanup = ContinuousClock.now - .seconds(3600)
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            await runOnce()
            if ContinuousClock.now - lastCleanup > .seconds(60) {
                try? await store.removeExpired()
                lastCleanup = .now
            }
            try? await Task.sleep(for: .seconds(pollInterval))
        }
        try await store.close()
    }
}

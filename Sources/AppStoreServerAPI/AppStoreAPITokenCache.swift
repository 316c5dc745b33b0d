// The App Store Server API's token, signed once and reused: Apple's documentation asks for a token per
// request with a short lifetime, not a signature per request, and a busy server would otherwise spend a
// P-256 signature on every call. A token is handed out until `renewalMargin` before it expires, then a
// new one is signed; concurrent callers share the actor, so one signature serves all of them.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A token for the App Store Server API, reused until shortly before it expires.
public actor AppStoreAPITokenCache {
    /// The credentials tokens are signed with.
    public let credentials: AppStoreCredentials
    /// How long each token lives, in seconds (1 to 3,600; default 300, as Apple's libraries use).
    public let lifetime: Double
    /// How long before expiry a token stops being handed out, in seconds (default 60).
    public let renewalMargin: Double

    private let now: @Sendable () -> Date
    private var current: AppStoreAPIToken?

    /// A cache signing with `credentials`. `lifetime` must be from 1 second to 60 minutes and more than
    /// `renewalMargin`, which must not be negative. `now` is the clock.
    public init(credentials: AppStoreCredentials, lifetime: Double = 300, renewalMargin: Double = 60,
                now: @escaping @Sendable () -> Date = { Date() }) throws(AppStoreAPIError) {
        try AppStoreCredentials.checkTokenLifetime(lifetime)
        guard renewalMargin >= 0, renewalMargin < lifetime else {
            throw AppStoreAPIError(.invalidRequest("the renewal margin must be from 0 to less than the lifetime (\(lifetime) s), not \(renewalMargin) seconds"))
        }
        self.credentials = credentials
        self.lifetime = lifetime
        self.renewalMargin = renewalMargin
        self.now = now
    }

    /// The current token, signed anew when there is none or it is within `renewalMargin` of expiring (or the
    /// clock went back before it was issued).
    public func token() throws(AppStoreAPIError) -> AppStoreAPIToken {
        let time = now()
        if let current, time >= current.issuedAt, time.addingTimeInterval(renewalMargin) < current.expiresAt { return current }
        let fresh = try credentials.apiToken(lifetime: lifetime, now: time)
        current = fresh
        return fresh
    }
}

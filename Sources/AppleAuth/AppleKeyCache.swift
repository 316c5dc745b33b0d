// Apple's signing keys, cached: PureJWT's JSONWebKeySetCache (fresh within a clamped max-age, stale keys
// served at once during an outage, a back-off after failures, a maximum staleness, at most one refetch
// per interval for unknown kids) fetching {base}/auth/keys through the transport, retried on 5xx and
// transport errors.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureJWT

/// Apple's JWKS, cached for identity-token and notification verification. Errors are `AppleAuthError`
/// with `.keysUnavailable` when no usable key set can be had.
public struct AppleKeyCache: Sendable {
    /// The cache's timings (PureJWT's).
    public typealias Policy = JSONWebKeySetCache.Policy
    /// What the cache reports (PureJWT's).
    public typealias Event = JSONWebKeySetCache.Event

    /// The generic cache underneath (for its events and timings).
    public let cache: JSONWebKeySetCache

    /// - Parameters:
    ///   - transport: your HTTP client.
    ///   - baseURL: Apple's base URL (default https://appleid.apple.com), or a stand-in's.
    ///   - policy: the cache's timings.
    ///   - retryPolicy: how a failing fetch is retried before it counts as failed.
    ///   - now: the clock (tests pass a fake one).
    ///   - onEvent: called when keys are fetched, a fetch fails, or stale keys are served.
    public init(transport: any AppleHTTPTransport, baseURL: String = AppleRequests.defaultBaseURL, policy: Policy = Policy(),
                retryPolicy: AppleRetryPolicy = AppleRetryPolicy(), now: @escaping @Sendable () -> Date = { Date() },
                onEvent: (@Sendable (Event) -> Void)? = nil) throws(AppleAuthError) {
        let sender = AppleRequestSender(transport: transport, policy: try retryPolicy.validated(), now: now)
        let request = AppleRequests.keys(baseURL: try AppleRequests.checkedBaseURL(baseURL))
        do {
            cache = try JSONWebKeySetCache(policy: policy, now: now, onEvent: onEvent) {
                let response = try await sender.send(request, .repeatable)
                return JSONWebKeySetCache.Response(status: response.status, headers: response.headers, body: response.body)
            }
        } catch {
            throw AppleAuthError(.invalidConfiguration(error.description))
        }
    }

    /// A cache over a fixed key set, which never fetches (tests, the tool's --jwks).
    public init(fixed keySet: JSONWebKeySet) {
        cache = JSONWebKeySetCache(fixed: keySet)
    }

    /// The key set to verify with (see `JSONWebKeySetCache.keySet()`).
    public func keySet() async throws(AppleAuthError) -> JSONWebKeySet {
        do { return try await cache.keySet() } catch { throw AppleAuthError(error) }
    }

    /// A key set for a token naming `kid`, refetched (at most once per interval) when the kid is unknown.
    public func keySet(containing kid: String) async throws(AppleAuthError) -> JSONWebKeySet {
        do { return try await cache.keySet(containing: kid) } catch { throw AppleAuthError(error) }
    }
}

// A cache of one issuer's key set (Apple's https://appleid.apple.com/auth/keys, Google's, any OpenID
// provider's jwks_uri), over a fetch function of the caller's: PureJWT has no HTTP client.
//
// What it guarantees, each a test in JSONWebKeySetCacheTests:
// - Fresh keys (within max-age) are served without a fetch. Max-age comes from Cache-Control (RFC 9111
//   §5.2.2.1), clamped to [minimumMaxAge, maximumMaxAge]: "max-age=0" must not mean a fetch per token, nor
//   a huge value keys that were rotated out.
// - Expired keys are served at once while a refetch runs in the background ("stale while revalidate"):
//   no request waits on a fetch while usable keys exist, so an outage of the issuer (refused, 503, a
//   timeout) costs nothing to tokens signed by a key the cache holds.
// - Concurrent callers that must wait (no keys yet, or an unknown kid) share one fetch.
// - After a failed fetch the next one waits a back-off (exponential with jitter, at least Retry-After),
//   so an outage is not met with a request per token.
// - A response that is not 2xx, not a key set, or a set with no usable key never replaces a good set.
// - Keys are served stale for at most maximumStaleness past their expiry; after that, and before the
//   first successful fetch, verification fails with JWTError.keysUnavailable saying why.
// - A token naming an unknown kid causes at most one refetch per unknownKeyIDInterval (rotation is
//   picked up at once; random kids cannot make it hammer the issuer).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Caches a JWK Set fetched by a function of yours. See `Policy` for the timings and `Event` for what it
/// reports.
///
/// ```swift
/// let cache = try JSONWebKeySetCache(fetch: {
///     let (data, response) = try await URLSession.shared.data(from: jwksURL)
///     return .init(status: (response as? HTTPURLResponse)?.statusCode ?? 0,
///                  headers: (response as? HTTPURLResponse)?.allHeaderFields as? [String: String] ?? [:], body: Array(data))
/// })
/// let kid = try JWTHeader(unverifiedFrom: token).kid ?? ""
/// let claims = try JWTVerifier(keySet: try await cache.keySet(containing: kid)).verify(token, as: Claims.self, validation: validation)
/// ```
public actor JSONWebKeySetCache {
    /// What a fetch returned: an HTTP-like status, headers (any letter case) and the body.
    public struct Response: Sendable {
        /// The HTTP status (2xx is a success).
        public var status: Int
        /// The headers; Cache-Control and Retry-After are read.
        public var headers: [String: String]
        /// The JWK Set document.
        public var body: [UInt8]

        /// A response as your HTTP client received it.
        public init(status: Int, headers: [String: String] = [:], body: [UInt8]) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        /// The value of a header, matched without regard to case.
        public func header(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    /// Gets the key set document; a thrown error counts as a failed fetch.
    public typealias Fetch = @Sendable () async throws -> Response

    /// The cache's timings, in seconds. Every value must be finite and ≥ 0, with minimumMaxAge ≤
    /// maximumMaxAge and initialBackoff ≤ maximumBackoff; the cache's initializer refuses others.
    public struct Policy: Sendable, Hashable {
        /// Freshness when the response has no max-age.
        public var defaultMaxAge: Double = 3600
        /// The least freshness, whatever max-age says (a "max-age=0" would mean a fetch per token).
        public var minimumMaxAge: Double = 60
        /// The most freshness, whatever max-age says (keys rotated out must not live on for a year).
        public var maximumMaxAge: Double = 86_400
        /// How long past their expiry keys are still served when no new set can be fetched. After that,
        /// verification fails with `keysUnavailable`: a key the issuer withdrew must not verify forever.
        public var maximumStaleness: Double = 86_400
        /// The least time between two fetches caused by tokens naming a kid the cache does not hold.
        public var unknownKeyIDInterval: Double = 60
        /// The wait after a first failed fetch; it doubles with each further failure.
        public var initialBackoff: Double = 1
        /// The longest wait between failed fetches (also the cap on a Retry-After).
        public var maximumBackoff: Double = 300

        /// The default timings.
        public init() {}

        func validated() throws(JWTError) -> Policy {
            let values = [("defaultMaxAge", defaultMaxAge), ("minimumMaxAge", minimumMaxAge), ("maximumMaxAge", maximumMaxAge),
                          ("maximumStaleness", maximumStaleness), ("unknownKeyIDInterval", unknownKeyIDInterval),
                          ("initialBackoff", initialBackoff), ("maximumBackoff", maximumBackoff)]
            for (name, value) in values where !(value.isFinite && value >= 0 && value <= 1e9) {
                throw JWTError(.invalidValidation("the key-set cache's \(name) must be a number of seconds from 0 to 1e9, not \(value)"))
            }
            guard minimumMaxAge <= maximumMaxAge, initialBackoff <= maximumBackoff else {
                throw JWTError(.invalidValidation("the key-set cache needs minimumMaxAge ≤ maximumMaxAge and initialBackoff ≤ maximumBackoff"))
            }
            return self
        }
    }

    /// What the cache did, for metrics and logs (no logging dependency here: pass `onEvent`).
    public enum Event: Sendable, Hashable {
        /// A new key set is in use: how many usable keys, and for how long it is fresh.
        case fetched(keyCount: Int, maxAge: Double)
        /// A fetch failed (why); the next one is not attempted for `retryIn` seconds.
        case fetchFailed(reason: String, retryIn: Double)
        /// Keys past their expiry were served (by how many seconds) because no newer set is available yet.
        case servingStale(secondsPastExpiry: Double)
        /// A token named a kid the cache does not hold, and a refetch was started for it.
        case refetchingForUnknownKeyID(String)
    }

    /// The fresh key set and its expiry, readable without entering the actor: a server verifies many
    /// tokens per fetch, and the hop onto the actor was the largest cost the cache added to each.
    private let fresh = FreshKeys()

    private let fetch: Fetch
    private let policy: Policy
    private let now: @Sendable () -> Date
    private let onEvent: (@Sendable (Event) -> Void)?
    private let isFixed: Bool

    private var keys: JSONWebKeySet?
    private var expiresAt: Date = .distantPast
    /// Fetches are not started before this (the back-off after a failure).
    private var nextAttemptAt: Date = .distantPast
    private var lastFetchStartedAt: Date = .distantPast
    private var consecutiveFailures = 0
    private var lastFailure: String?
    private var inFlight: Task<Void, Never>?

    /// - Parameters:
    ///   - policy: the timings (see `Policy`).
    ///   - now: the clock.
    ///   - onEvent: called on every fetch, failure and stale serving; must not block.
    ///   - fetch: gets the key set document. Throwing, a non-2xx status, or a body that is not a key set
    ///     with at least one usable key all count as a failed fetch.
    public init(policy: Policy = Policy(), now: @escaping @Sendable () -> Date = { Date() },
                onEvent: (@Sendable (Event) -> Void)? = nil, fetch: @escaping Fetch) throws(JWTError) {
        self.policy = try policy.validated()
        self.fetch = fetch
        self.now = now
        self.onEvent = onEvent
        isFixed = false
    }

    /// A cache over a fixed key set, which never fetches and never expires (tests, pinned keys).
    public init(fixed keySet: JSONWebKeySet) {
        policy = Policy()
        fetch = { throw JWTError(.keysUnavailable("a fixed key set does not fetch")) }
        now = { Date() }
        onEvent = nil
        isFixed = true
        keys = keySet
        expiresAt = .distantFuture
        fresh.set(keySet, until: .distantFuture)
    }

    /// The key set to verify with: the cached one while fresh; past its expiry, the cached one at once
    /// while a refetch runs in the background; with no usable set, the result of a fetch (shared with
    /// concurrent callers). Throws `keysUnavailable` when there is no usable set and none can be fetched.
    public nonisolated func keySet() async throws(JWTError) -> JSONWebKeySet {
        if let keys = fresh.get(at: now()) { return keys }
        return try await keySetIsolated()
    }

    private func keySetIsolated() async throws(JWTError) -> JSONWebKeySet {
        let time = now()
        if let keys, time < expiresAt { return keys }
        if let keys = usableStaleKeys(at: time) {
            if inFlight == nil, time >= nextAttemptAt { startFetch(at: time) }
            onEvent?(.servingStale(secondsPastExpiry: time.timeIntervalSince(expiresAt)))
            return keys
        }
        if inFlight == nil {
            guard time >= nextAttemptAt else { throw unavailable(at: time) }
            startFetch(at: time)
        }
        await inFlight?.value
        let after = now()
        if let keys, after < expiresAt { return keys }
        if let keys = usableStaleKeys(at: after) { return keys }
        throw unavailable(at: after)
    }

    /// A key set for a token whose header names `kid`: `keySet()`, and when that set has no such key, a
    /// refetch (waited for) if none was started in the last `unknownKeyIDInterval` seconds and no back-off
    /// is running. Returns the set it has either way; verification then reports an unknown kid.
    /// A fresh set that holds `kid` (the common case: every token of a server's clients) is returned
    /// without entering the actor, as `keySet()` returns it.
    public nonisolated func keySet(containing kid: String) async throws(JWTError) -> JSONWebKeySet {
        if let keys = fresh.get(at: now()), isFixed || keys.key(withID: kid) != nil { return keys }
        return try await keySetIsolated(containing: kid)
    }

    private func keySetIsolated(containing kid: String) async throws(JWTError) -> JSONWebKeySet {
        let current = try await keySet()
        if current.key(withID: kid) != nil || isFixed { return current }
        let time = now()
        guard inFlight != nil || (time.timeIntervalSince(lastFetchStartedAt) >= policy.unknownKeyIDInterval && time >= nextAttemptAt) else {
            return current
        }
        if inFlight == nil {
            onEvent?(.refetchingForUnknownKeyID(kid))
            startFetch(at: time)
        }
        await inFlight?.value
        return keys ?? current
    }

    /// The held keys if they are past expiry but within the maximum staleness.
    private func usableStaleKeys(at time: Date) -> JSONWebKeySet? {
        guard let keys, time < expiresAt.addingTimeInterval(policy.maximumStaleness) else { return nil }
        return keys
    }

    private func unavailable(at time: Date) -> JWTError {
        var why = lastFailure.map { "the last fetch failed: \($0)" } ?? "the key set has not been fetched"
        if keys != nil { why += "; the keys held expired more than \(Int(policy.maximumStaleness)) s ago" }
        let wait = nextAttemptAt.timeIntervalSince(time)
        // The clock is the caller's: a jump must not make this conversion trap.
        if wait > 0, wait < 1e9 { why += "; next attempt in \(Int(wait.rounded(.up))) s" }
        return JWTError(.keysUnavailable(why))
    }

    private func startFetch(at time: Date) {
        lastFetchStartedAt = time
        inFlight = Task { await self.runFetch() }
    }

    private func runFetch() async {
        let outcome: Result<(JSONWebKeySet, Double), FetchFailure>
        do {
            outcome = Self.interpret(try await fetch(), policy: policy)
        } catch {
            outcome = .failure(FetchFailure(reason: "\(error)", retryAfter: nil))
        }
        let time = now()
        switch outcome {
        case .success(let (set, maxAge)):
            keys = set
            expiresAt = time.addingTimeInterval(maxAge)
            fresh.set(set, until: expiresAt)
            consecutiveFailures = 0
            lastFailure = nil
            nextAttemptAt = .distantPast
            onEvent?(.fetched(keyCount: set.keys.count, maxAge: maxAge))
        case .failure(let failure):
            consecutiveFailures += 1
            let wait = backoff(after: consecutiveFailures, retryAfter: failure.retryAfter)
            lastFailure = failure.reason
            nextAttemptAt = time.addingTimeInterval(wait)
            onEvent?(.fetchFailed(reason: failure.reason, retryIn: wait))
        }
        inFlight = nil
    }

    /// Exponential back-off with "equal jitter" (half fixed, half random), so that many servers that
    /// failed together do not retry together; never less than the server's Retry-After, never more than
    /// maximumBackoff.
    private func backoff(after failures: Int, retryAfter: Double?) -> Double {
        let exponential = min(policy.maximumBackoff, policy.initialBackoff * Double(1 << min(failures - 1, 30)))
        let jittered = exponential / 2 + Double.random(in: 0...1) * exponential / 2
        return min(policy.maximumBackoff, max(jittered, retryAfter ?? 0))
    }

    /// A lock-protected copy of the fresh set (set only from the actor, read from anywhere).
    final class FreshKeys: @unchecked Sendable {
        private let lock = PlatformLock()
        private var keys: JSONWebKeySet?
        private var expiresAt = Date.distantPast

        func set(_ keys: JSONWebKeySet, until expiry: Date) {
            _ = lock.withLock { (self.keys, expiresAt) = (keys, expiry) }
        }

        /// The set if it is fresh at `time` (nil also where the platform has no lock).
        func get(at time: Date) -> JSONWebKeySet? {
            lock.withLock { time < expiresAt ? keys : nil } ?? nil
        }
    }

    struct FetchFailure: Error {
        let reason: String
        let retryAfter: Double?
    }

    /// The key set and its freshness from a response, or why it is refused.
    static func interpret(_ response: Response, policy: Policy) -> Result<(JSONWebKeySet, Double), FetchFailure> {
        guard (200..<300).contains(response.status) else {
            return .failure(FetchFailure(reason: "HTTP status \(response.status)", retryAfter: response.header("Retry-After").flatMap(retryAfterSeconds)))
        }
        let set: JSONWebKeySet
        do { set = try JSONWebKeySet(json: Data(response.body)) } catch {
            return .failure(FetchFailure(reason: "the response is not a usable key set: \(error)", retryAfter: nil))
        }
        guard !set.keys.isEmpty else {
            return .failure(FetchFailure(reason: "the key set has no usable key (\(set.skipped.count) skipped); keeping the keys held", retryAfter: nil))
        }
        let maxAge = response.header("Cache-Control").flatMap(maxAge) ?? policy.defaultMaxAge
        return .success((set, min(policy.maximumMaxAge, max(policy.minimumMaxAge, maxAge))))
    }

    /// The max-age directive of a Cache-Control value (RFC 9111 §5.2.2.1), if any; "no-cache" and
    /// "no-store" count as 0 (then clamped to the minimum, like any other small value).
    static func maxAge(_ cacheControl: String) -> Double? {
        for directive in cacheControl.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.filter { !$0.isWhitespace }.lowercased() }
            if parts.count == 1, parts[0] == "no-cache" || parts[0] == "no-store" { return 0 }
            if parts.count == 2, parts[0] == "max-age", let seconds = UInt64(parts[1].filter { $0 != "\"" }) {
                return Double(min(seconds, 1 << 40))
            }
        }
        return nil
    }

    /// A Retry-After value in seconds (RFC 9110 §10.2.3: delay-seconds; an HTTP-date is not read and
    /// leaves the ordinary back-off in charge).
    static func retryAfterSeconds(_ value: String) -> Double? {
        UInt64(value.filter { !$0.isWhitespace }).map { Double(min($0, 1 << 40)) }
    }
}

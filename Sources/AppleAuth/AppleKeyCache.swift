// Apple's signing keys, cached. Honors Cache-Control max-age (a default when absent), lets concurrent
// callers share one fetch, refetches when a token names a kid it does not know — at most once per
// interval, so tokens with random kids cannot make it hammer Apple — and keeps serving the keys it has
// when a refetch fails.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureJWT

public actor AppleKeyCache {
    public typealias Fetch = @Sendable () async throws -> AppleHTTPResponse

    private let fetch: Fetch
    private let defaultMaxAge: TimeInterval
    private let unknownKidInterval: TimeInterval
    private let now: @Sendable () -> Date

    private var keys: JSONWebKeySet?
    private var expiresAt: Date = .distantPast
    private var lastFetch: Date = .distantPast
    private var inFlight: Task<JSONWebKeySet, any Error>?

    /// - Parameters:
    ///   - fetch: gets https://appleid.apple.com/auth/keys (e.g. `{ try await transport.send(AppleRequests.keys()) }`).
    ///   - defaultMaxAge: how long keys are fresh when Apple sends no max-age.
    ///   - unknownKidInterval: the least time between two refetches caused by an unknown kid.
    public init(defaultMaxAge: TimeInterval = 3600, unknownKidInterval: TimeInterval = 300,
                now: @escaping @Sendable () -> Date = { Date() }, fetch: @escaping Fetch) {
        self.fetch = fetch
        self.defaultMaxAge = defaultMaxAge
        self.unknownKidInterval = unknownKidInterval
        self.now = now
    }

    /// A cache over a fixed key set, which never fetches.
    public init(fixed keySet: JSONWebKeySet) {
        fetch = { throw AppleAuthError(.invalidIdentifier("a fixed key set does not fetch")) }
        defaultMaxAge = .infinity
        unknownKidInterval = .infinity
        now = { Date() }
        keys = keySet
        expiresAt = .distantFuture
        lastFetch = .distantFuture
    }

    /// Fresh keys: the cached ones while within max-age, else fetched (stale ones if the fetch fails).
    public func keySet() async throws -> JSONWebKeySet {
        if let keys, now() < expiresAt { return keys }
        return try await refresh()
    }

    /// Keys that include `kid`, refetching once if it is unknown and the last fetch is old enough.
    public func keySet(containing kid: String) async throws -> JSONWebKeySet {
        let current = try await keySet()
        if current.key(withID: kid) != nil { return current }
        guard now().timeIntervalSince(lastFetch) >= unknownKidInterval else { return current }
        return try await refresh()
    }

    private func refresh() async throws -> JSONWebKeySet {
        // Concurrent callers share the fetch in flight.
        if let inFlight { return try await inFlight.value }
        let task = Task { [fetch, defaultMaxAge, now] () throws -> JSONWebKeySet in
            let (set, maxAge) = try await Self.load(fetch)
            self.store(set, until: now().addingTimeInterval(maxAge ?? defaultMaxAge))
            return set
        }
        inFlight = task
        lastFetch = now()
        defer { inFlight = nil }
        do {
            return try await task.value
        } catch {
            if let keys { return keys }   // serve stale keys rather than fail every login
            throw error
        }
    }

    private func store(_ set: JSONWebKeySet, until date: Date) {
        keys = set
        expiresAt = date
    }

    private static func load(_ fetch: Fetch) async throws -> (JSONWebKeySet, TimeInterval?) {
        let response = try await fetch()
        guard (200..<300).contains(response.status) else {
            throw AppleAPIError(status: response.status, code: .other("http_\(response.status)"),
                                rawCode: "http_\(response.status)", errorDescription: "fetching Apple's keys")
        }
        let set = try JSONWebKeySet(json: Data(response.body))
        return (set, response.header("Cache-Control").flatMap(maxAge))
    }

    /// The max-age directive of a Cache-Control value (RFC 9111 §5.2.2.1), if any.
    static func maxAge(_ cacheControl: String) -> TimeInterval? {
        for directive in cacheControl.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.filter { !$0.isWhitespace } }
            if parts.count == 2, parts[0].lowercased() == "max-age", let seconds = Int(parts[1].filter { $0 != "\"" }), seconds >= 0 {
                return TimeInterval(seconds)
            }
        }
        return nil
    }
}


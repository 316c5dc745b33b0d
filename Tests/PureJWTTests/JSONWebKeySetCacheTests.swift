// The generic key-set cache, one behaviour per test, with a fake clock and a scripted fetch: freshness
// and its clamps, stale keys served at once while a refetch runs, the back-off after failures (and
// Retry-After), bad documents never replacing good keys, the maximum staleness, unknown kids, shared
// fetches, events, and the policy's validation.

import Foundation
import PureJWT
import Testing
import TestSupport

/// A clock the test moves.
private final class Clock: @unchecked Sendable {
    private let lock = NSLock()
    private var time = Date(timeIntervalSince1970: 1_800_000_000)
    var now: Date { lock.lock(); defer { lock.unlock() }; return time }
    func advance(_ seconds: Double) { lock.lock(); time += seconds; lock.unlock() }
}

/// Answers fetches from a script (the last entry repeats), counts them, and can hold them until released.
private actor ScriptedFetch {
    enum Answer { case response(JSONWebKeySetCache.Response), failure }
    private var script: [Answer]
    private(set) var count = 0
    private var held = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(_ script: [Answer]) { self.script = script }

    func setScript(_ script: [Answer]) { self.script = script }
    func hold() { held = true }
    func release() { held = false; waiting.forEach { $0.resume() }; waiting = [] }

    func next() async throws -> JSONWebKeySetCache.Response {
        count += 1
        if held { await withCheckedContinuation { waiting.append($0) } }
        let answer = script.count > 1 ? script.removeFirst() : script[0]
        switch answer {
        case .response(let response): return response
        case .failure: throw FetchFailed()
        }
    }
}
private struct FetchFailed: Error, CustomStringConvertible { var description: String { "connection refused" } }

private final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [JSONWebKeySetCache.Event] = []
    func record(_ event: JSONWebKeySetCache.Event) { lock.lock(); events.append(event); lock.unlock() }
    var all: [JSONWebKeySetCache.Event] { lock.lock(); defer { lock.unlock() }; return events }
}

private struct Snapshots: Decodable {
    struct Snapshot: Decodable { let keys: [JSONWebKey] }
    let snapshots: [Snapshot]
}

/// Apple's key sets before (86D88Kf, eXaunmL, YuyXoY) and after (FftONTxoEg, T8tIJ1zSrO, pggnQeNCOU) a rotation.
private func keySets() throws -> (old: [UInt8], new: [UInt8]) {
    let snapshots = try VectorFiles.json(Snapshots.self, "apple_jwks_snapshots.json").snapshots
    return (Array(try JSONEncoder().encode(["keys": snapshots[2].keys])), Array(try JSONEncoder().encode(["keys": snapshots[3].keys])))
}

private func ok(_ body: [UInt8], _ cacheControl: String? = nil) -> ScriptedFetch.Answer {
    .response(.init(status: 200, headers: cacheControl.map { ["Cache-Control": $0] } ?? [:], body: body))
}

private func makeCache(_ fetch: ScriptedFetch, _ clock: Clock, _ log: EventLog? = nil,
                       policy: JSONWebKeySetCache.Policy = JSONWebKeySetCache.Policy()) throws -> JSONWebKeySetCache {
    var onEvent: (@Sendable (JSONWebKeySetCache.Event) -> Void)?
    if let log { onEvent = { event in log.record(event) } }
    return try JSONWebKeySetCache(policy: policy, now: { clock.now }, onEvent: onEvent, fetch: { try await fetch.next() })
}

@Suite("JSON Web Key Set cache", .timeLimit(.minutes(1)))
struct JSONWebKeySetCacheTests {
    @Test("fresh keys are served without a fetch; max-age is honored, the default applies without it")
    func freshness() async throws {
        let (old, new) = try keySets()
        let fetch = ScriptedFetch([ok(old, "public, max-age=600"), ok(new)])
        let clock = Clock()
        let cache = try makeCache(fetch, clock)
        #expect(try await cache.keySet().key(withID: "eXaunmL") != nil)
        clock.advance(599)
        #expect(try await cache.keySet().key(withID: "eXaunmL") != nil)
        #expect(await fetch.count == 1)
        clock.advance(2)
        _ = try await cache.keySet()            // expired: served stale, refetch started
        try await waitForFetches(fetch, 2)
        #expect(try await cache.keySet().key(withID: "T8tIJ1zSrO") != nil)
        clock.advance(3599)                     // no max-age on the second answer: the default hour
        _ = try await cache.keySet()
        #expect(await fetch.count == 2)
    }

    @Test("max-age is clamped: max-age=0 does not mean a fetch per call, a year does not keep rotated keys")
    func clamping() async throws {
        let (old, _) = try keySets()
        for (header, freshFor) in [("max-age=0", 60.0), ("no-store", 60), ("max-age=31536000", 86_400)] {
            let fetch = ScriptedFetch([ok(old, header)])
            let clock = Clock()
            let cache = try makeCache(fetch, clock)
            for _ in 0..<20 { _ = try await cache.keySet() }
            clock.advance(freshFor - 1)
            _ = try await cache.keySet()
            #expect(await fetch.count == 1, "\(header)")
            clock.advance(2)
            _ = try await cache.keySet()
            try await waitForFetches(fetch, 2)
        }
    }

    @Test("expired keys are served at once while the refetch hangs; concurrent callers never wait on it")
    func staleWhileRevalidate() async throws {
        let (old, new) = try keySets()
        let fetch = ScriptedFetch([ok(old), ok(new)])
        let clock = Clock()
        let log = EventLog()
        let cache = try makeCache(fetch, clock, log)
        _ = try await cache.keySet()
        clock.advance(3601)
        await fetch.hold()                       // Apple stops answering
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 { group.addTask { try await cache.keySet(containing: "eXaunmL").key(withID: "eXaunmL") != nil } }
            for try await served in group { #expect(served) }
        }
        #expect(await fetch.count == 2)          // one refetch for all eight
        #expect(log.all.contains { if case .servingStale = $0 { return true } else { return false } })
        await fetch.release()
        try await waitUntil { try await cache.keySet().key(withID: "T8tIJ1zSrO") != nil }
    }

    @Test("after a failure the next fetch waits a back-off; stale keys are served meanwhile; Retry-After is honored")
    func backoff() async throws {
        let (old, _) = try keySets()
        var policy = JSONWebKeySetCache.Policy()
        policy.initialBackoff = 10
        policy.maximumBackoff = 1000
        let fetch = ScriptedFetch([ok(old), .failure])
        let clock = Clock()
        let log = EventLog()
        let cache = try makeCache(fetch, clock, log, policy: policy)
        _ = try await cache.keySet()
        clock.advance(3601)
        _ = try await cache.keySet()
        try await waitForFetches(fetch, 2)
        try await waitUntil { log.all.contains { if case .fetchFailed = $0 { return true } else { return false } } }
        // Within the back-off (at least half of 10 s with jitter): no fetch, keys served.
        for _ in 0..<10 { #expect(try await cache.keySet().key(withID: "eXaunmL") != nil) }
        clock.advance(4.9)
        _ = try await cache.keySet()
        #expect(await fetch.count == 2)
        clock.advance(5.2)                       // past the longest jittered wait (10 s)
        _ = try await cache.keySet()
        try await waitForFetches(fetch, 3)
        // The second failure doubles the wait (10…20 s): nothing at 9 s after it.
        try await waitUntil { log.all.filter { if case .fetchFailed = $0 { return true } else { return false } }.count == 2 }
        clock.advance(9)
        _ = try await cache.keySet()
        #expect(await fetch.count == 3)

        // A 503 with Retry-After: 120 holds fetches off for 120 s, longer than the back-off.
        let retryFetch = ScriptedFetch([ok(old), .response(.init(status: 503, headers: ["Retry-After": "120"], body: [])), ok(old)])
        let retryClock = Clock()
        let retryCache = try makeCache(retryFetch, retryClock, policy: policy)
        _ = try await retryCache.keySet()
        retryClock.advance(3601)
        _ = try await retryCache.keySet()
        try await waitForFetches(retryFetch, 2)
        try await Task.sleep(nanoseconds: 20_000_000)
        retryClock.advance(119)
        _ = try await retryCache.keySet()
        #expect(await retryFetch.count == 2)
        retryClock.advance(2)
        _ = try await retryCache.keySet()
        try await waitForFetches(retryFetch, 3)
    }

    @Test("an empty set, a set with no usable key, a non-2xx and garbage never replace good keys", arguments: [
        (200, #"{"keys":[]}"#), (200, #"{"keys":[{"kty":"EC","crv":"P-521","x":"AA","y":"AA"}]}"#), (500, ""), (200, "<html>"),
        (200, #"{"keys":[],"keys":[]}"#),
    ])
    func badDocuments(status: Int, body: String) async throws {
        let (old, _) = try keySets()
        let fetch = ScriptedFetch([ok(old), .response(.init(status: status, body: Array(body.utf8)))])
        let clock = Clock()
        let log = EventLog()
        let cache = try makeCache(fetch, clock, log)
        _ = try await cache.keySet()
        clock.advance(3601)
        _ = try await cache.keySet()
        try await waitForFetches(fetch, 2)
        try await waitUntil { log.all.contains { if case .fetchFailed = $0 { return true } else { return false } } }
        #expect(try await cache.keySet().keys.count == 3)
    }

    @Test("past the maximum staleness, with the issuer down, verification fails with keysUnavailable")
    func maximumStaleness() async throws {
        let (old, _) = try keySets()
        var policy = JSONWebKeySetCache.Policy()
        policy.maximumStaleness = 7200
        let fetch = ScriptedFetch([ok(old), .failure])
        let clock = Clock()
        let cache = try makeCache(fetch, clock, policy: policy)
        _ = try await cache.keySet()
        clock.advance(3600 + 7199)
        #expect(try await cache.keySet().keys.count == 3)
        clock.advance(2)
        let error = try await #require(throws: JWTError.self) { try await cache.keySet() }
        guard case .keysUnavailable(let why) = error.reason else { Issue.record("\(error)"); return }
        #expect(why.contains("connection refused") && error.description.contains("cannot be verified"))
    }

    @Test("no keys yet and the fetch fails: keysUnavailable; during the back-off, at once and without a fetch")
    func coldFailure() async throws {
        let fetch = ScriptedFetch([.failure])
        let clock = Clock()
        let cache = try makeCache(fetch, clock)
        await #expect(throws: JWTError.self) { try await cache.keySet() }
        await #expect(throws: JWTError.self) { try await cache.keySet(containing: "x") }
        #expect(await fetch.count == 1)
        clock.advance(1.01)                      // the first back-off is at most one second
        await #expect(throws: JWTError.self) { try await cache.keySet() }
        #expect(await fetch.count == 2)
    }

    @Test("concurrent callers with no keys share one fetch; when it fails all of them get the error")
    func sharedFetch() async throws {
        let (old, _) = try keySets()
        let fetch = ScriptedFetch([ok(old)])
        await fetch.hold()
        let cache = try makeCache(fetch, Clock())
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { try await cache.keySet().keys.count } }
            try await waitForFetches(fetch, 1)
            await fetch.release()
            for try await count in group { #expect(count == 3) }
        }
        #expect(await fetch.count == 1)

        let failing = ScriptedFetch([.failure])
        await failing.hold()
        let failingCache = try makeCache(failing, Clock())
        let failures = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 { group.addTask { (try? await failingCache.keySet()) == nil } }
            try await waitForFetches(failing, 1)
            await failing.release()
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        let failingFetches = await failing.count
        #expect(failures == 8 && failingFetches == 1)
    }

    @Test("an unknown kid refetches at most once per interval; rotation is picked up; a failing refetch leaves the keys")
    func unknownKeyID() async throws {
        let (old, new) = try keySets()
        let fetch = ScriptedFetch([ok(old), ok(new)])
        let clock = Clock()
        let log = EventLog()
        let cache = try makeCache(fetch, clock, log)
        _ = try await cache.keySet()
        for kid in ["a", "b", "c"] { _ = try await cache.keySet(containing: kid) }
        #expect(await fetch.count == 1)           // right after a fetch: random kids cost nothing
        clock.advance(61)
        #expect(try await cache.keySet(containing: "T8tIJ1zSrO").key(withID: "T8tIJ1zSrO") != nil)
        #expect(await fetch.count == 2)
        #expect(log.all.contains(.refetchingForUnknownKeyID("T8tIJ1zSrO")))
        for kid in ["d", "e"] { _ = try await cache.keySet(containing: kid) }
        #expect(await fetch.count == 2)
        clock.advance(61)
        await fetch.setScript([.failure])
        #expect(try await cache.keySet(containing: "f").keys.count == 3)   // the refetch failed; keys held
        #expect(await fetch.count == 3)
    }

    @Test("events: fetched with the clamped max-age, failed with the wait")
    func events() async throws {
        let (old, _) = try keySets()
        let fetch = ScriptedFetch([ok(old, "max-age=5"), .failure])
        let clock = Clock()
        let log = EventLog()
        let cache = try makeCache(fetch, clock, log)
        _ = try await cache.keySet()
        #expect(log.all.first == .fetched(keyCount: 3, maxAge: 60))
        clock.advance(61)
        _ = try await cache.keySet()
        try await waitUntil { log.all.count >= 3 }
        let failure = log.all.first { if case .fetchFailed = $0 { return true } else { return false } }
        guard case .fetchFailed(let reason, let wait)? = failure else { Issue.record("\(log.all)"); return }
        #expect(reason == "connection refused" && wait >= 0.5 && wait <= 1)
    }

    @Test("a policy with NaN, infinite, negative or crossed values is refused", arguments: [Double.nan, .infinity, -1, 1e300])
    func policyValidation(value: Double) {
        let setters: [(inout JSONWebKeySetCache.Policy) -> Void] = [
            { $0.defaultMaxAge = value }, { $0.minimumMaxAge = value }, { $0.maximumMaxAge = value }, { $0.maximumStaleness = value },
            { $0.unknownKeyIDInterval = value }, { $0.initialBackoff = value }, { $0.maximumBackoff = value },
        ]
        for set in setters {
            var policy = JSONWebKeySetCache.Policy()
            set(&policy)
            #expect(throws: JWTError.self) { try JSONWebKeySetCache(policy: policy, fetch: { .init(status: 500, body: []) }) }
        }
        var crossed = JSONWebKeySetCache.Policy()
        crossed.minimumMaxAge = 100
        crossed.maximumMaxAge = 10
        #expect(throws: JWTError.self) { try JSONWebKeySetCache(policy: crossed, fetch: { .init(status: 500, body: []) }) }
    }
}

/// Waits (a bounded time) until `fetch` has been called `count` times and that fetch has finished.
private func waitForFetches(_ fetch: ScriptedFetch, _ count: Int) async throws {
    try await waitUntil { await fetch.count >= count }
    try await Task.sleep(nanoseconds: 20_000_000)
}

private func waitUntil(_ condition: () async throws -> Bool) async throws {
    for _ in 0..<500 {
        if try await condition() { return }
        try await Task.sleep(nanoseconds: 10_000_000)
    }
    Issue.record("condition not met within 5 s")
}

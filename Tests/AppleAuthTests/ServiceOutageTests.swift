// The SignInWithApple service against a stand-in for Apple on 127.0.0.1, over real HTTP (URLSession),
// with faults injected: Apple down (connection refused), answering 503, or too slow, while eight tasks
// verify tokens; key rotation; max-age=0; an empty key set. Tokens come from service_tokens.json
// (signed by Python `cryptography`); the clock is fixed inside their validity and moved by the tests.

import AppleAuth
import AppleAuthURLSession
import Foundation
import PureJWT
import Testing
import TestSupport

struct ServiceTokens: Decodable {
    let now: Double
    let jwks_k1: JSONValue
    let jwks_k1_k2: JSONValue
    let raw_nonce: String
    let authorization_code: String
    let k1_token: String
    let k1_no_c_hash_token: String
    let k2_token: String
    let unknown_kid_token: String
    let aud_array_with_azp_token: String
    let aud_array_without_azp_token: String
    let foreign_azp_token: String
    let real_user_status_7_token: String
    let real_user_status_string_token: String
    let real_user_status_junk_token: String
    let web_raw_nonce: String
    let web_authorization_code: String
    let web_token: String
    let notification_body: String

    static func load() throws -> ServiceTokens { try VectorFiles.json(ServiceTokens.self, "service_tokens.json") }

    /// A key set as the JSON body the stand-in serves.
    static func body(_ value: JSONValue) -> String {
        guard case .object(let root) = value, case .array(let keys)? = root["keys"] else { return "" }
        let entries = keys.map { key -> String in
            guard case .object(let members) = key else { return "{}" }
            return "{" + members.sorted { $0.key < $1.key }.map { name, value in
                guard case .string(let text) = value else { return "" }
                return "\"\(name)\":\"\(text)\""
            }.joined(separator: ",") + "}"
        }
        return #"{"keys":["# + entries.joined(separator: ",") + "]}"
    }
}

/// A clock the test moves.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var time: Date
    init(_ seconds: Double) { time = Date(timeIntervalSince1970: seconds) }
    var now: Date { lock.lock(); defer { lock.unlock() }; return time }
    func advance(_ seconds: Double) { lock.lock(); time += seconds; lock.unlock() }
}

/// Retries quick enough for tests, with a time limit that a loaded test machine cannot reach (the
/// default limit is measured in CallTimeLimitTests).
let testRetries = AppleRetryPolicy(maximumAttempts: 3, initialBackoff: 0.05, maximumBackoff: 0.1, maximumRetryAfter: 2, timeLimit: 60)

func makeService(_ server: StandInServer, clock: TestClock, timeout: Double = 30,
                 clientIDs: [String] = ["com.example.app", "com.example.web"], transport: (any AppleHTTPTransport)? = nil,
                 events: (@Sendable (AppleKeyCache.Event) -> Void)? = nil) throws -> SignInWithApple {
    var configuration = try SignInWithAppleConfiguration(teamID: "DEF123GHIJ", keyID: "ABC123DEFG",
                                                         privateKeyPEM: VectorFiles.text("test.p8"), clientIDs: clientIDs)
    configuration.baseURL = server.baseURL
    configuration.retryPolicy = testRetries
    configuration.revocationRetryPolicy = testRetries
    return try SignInWithApple(configuration: configuration, transport: transport ?? URLSessionTransport(timeout: timeout),
                               onKeyCacheEvent: events, now: { clock.now })
}

extension LoadAndTiming {
    @Suite("SignInWithApple during Apple outages", .serialized, .onOwnThread)
    struct ServiceOutageTests {
        enum Fault: String, CaseIterable { case connectionRefused, serviceUnavailable, timeout }

        @Test("Apple down while 8 tasks verify: every token signed by a cached key verifies, none waits on the failing fetch",
              arguments: Fault.allCases)
        func outage(fault: Fault) async throws {
            let tokens = try ServiceTokens.load()
            let jwks = ServiceTokens.body(tokens.jwks_k1)
            let server = try StandInServer { _ in .init(status: 200, headers: ["Cache-Control": "max-age=120"], body: jwks) }
            defer { server.stop() }
            let clock = TestClock(tokens.now)
            let apple = try makeService(server, clock: clock, timeout: 10)
            _ = try await apple.verifyIdentityToken(tokens.k1_token, nonce: .raw(tokens.raw_nonce))   // keys cached
            #expect(server.received(path: "/auth/keys").count == 1)

            switch fault {
            case .connectionRefused: server.goDown()
            case .serviceUnavailable: server.setHandler { _ in .init(status: 503, body: "down for maintenance") }
            case .timeout: server.setHandler { _ in .init(status: 200, body: jwks, delay: 20) }
            }
            clock.advance(121)                      // the keys have expired: every call now wants a refetch
            let slowest = try await withThrowingTaskGroup(of: Double.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        var slowest = 0.0
                        for _ in 0..<25 {
                            let started = Date()
                            let identity = try await apple.verifyIdentityToken(tokens.k1_token, nonce: .raw(tokens.raw_nonce))
                            #expect(identity.sub == "001234.service")
                            slowest = max(slowest, Date().timeIntervalSince(started))
                        }
                        return slowest
                    }
                }
                return try await group.reduce(0, max)
            }
            // A timed-out fetch takes the transport's 10 s at least; a verification that waited on it would
            // show here (the margin below that is for a loaded machine).
            #expect(slowest < 5, "a verification took \(slowest) s during the outage")
            if fault != .connectionRefused {
                // One background refetch (with its retries) for all 200 verifications, not one per token.
                try await Task.sleep(nanoseconds: 300_000_000)
                #expect(server.received(path: "/auth/keys").count <= 1 + testRetries.maximumAttempts)
            }
        }

        @Test("key rotation: a token with a new kid causes one refetch and verifies; an unknown kid is refused without hammering Apple")
        func rotation() async throws {
            let tokens = try ServiceTokens.load()
            let server = try StandInServer { _ in .init(status: 200, headers: ["Cache-Control": "max-age=86400"], body: ServiceTokens.body(tokens.jwks_k1)) }
            defer { server.stop() }
            let clock = TestClock(tokens.now)
            let apple = try makeService(server, clock: clock)
            _ = try await apple.verifyIdentityToken(tokens.k1_token, nonce: .raw(tokens.raw_nonce))
            server.setHandler { _ in .init(status: 200, headers: ["Cache-Control": "max-age=86400"], body: ServiceTokens.body(tokens.jwks_k1_k2)) }
            clock.advance(61)                       // past the unknown-kid interval since the first fetch
            let rotated = try await apple.verifyIdentityToken(tokens.k2_token, nonce: .raw(tokens.raw_nonce))
            #expect(rotated.sub == "001234.rotated")
            #expect(server.received(path: "/auth/keys").count == 2)
            for _ in 0..<5 { _ = try await apple.verifyIdentityToken(tokens.k2_token, nonce: .raw(tokens.raw_nonce)) }
            for _ in 0..<5 {
                let error = try await #require(throws: AppleAuthError.self) { try await apple.verifyIdentityToken(tokens.unknown_kid_token, nonce: .notSent) }
                guard case .tokenRejected(let jwtError) = error.reason, case .keyNotFound(kid: "service-k9") = jwtError.reason else {
                    Issue.record("\(error)"); return
                }
            }
            #expect(server.received(path: "/auth/keys").count == 2)   // within the interval: no refetch for k9
        }

        @Test("max-age=0 does not mean a fetch per token")
        func maxAgeZero() async throws {
            let tokens = try ServiceTokens.load()
            let server = try StandInServer { _ in .init(status: 200, headers: ["Cache-Control": "max-age=0"], body: ServiceTokens.body(tokens.jwks_k1)) }
            defer { server.stop() }
            let clock = TestClock(tokens.now)
            let apple = try makeService(server, clock: clock)
            for _ in 0..<20 {
                _ = try await apple.verifyIdentityToken(tokens.k1_token, nonce: .raw(tokens.raw_nonce))
                clock.advance(2)
            }
            #expect(server.received(path: "/auth/keys").count == 1)   // 38 s: inside the 60 s floor
        }

        @Test("an empty key set from Apple never replaces the good one; the failure is reported as an event")
        func emptyKeySet() async throws {
            let tokens = try ServiceTokens.load()
            let server = try StandInServer { _ in .init(status: 200, headers: ["Cache-Control": "max-age=120"], body: ServiceTokens.body(tokens.jwks_k1)) }
            defer { server.stop() }
            let clock = TestClock(tokens.now)
            let events = EventRecorder()
            let apple = try makeService(server, clock: clock, events: { events.record($0) })
            _ = try await apple.verifyIdentityToken(tokens.k1_token, nonce: .raw(tokens.raw_nonce))
            server.setHandler { _ in .init(status: 200, headers: ["Cache-Control": "max-age=120"], body: #"{"keys":[]}"#) }
            clock.advance(121)
            _ = try await apple.verifyIdentityToken(tokens.k1_token, nonce: .raw(tokens.raw_nonce))
            for _ in 0..<100 where !events.failed { try await Task.sleep(nanoseconds: 20_000_000) }
            #expect(events.failed)
            clock.advance(300)                      // still within the token's validity, long after the failed fetch
            #expect(try await apple.verifyIdentityToken(tokens.k1_token, nonce: .raw(tokens.raw_nonce)).sub == "001234.service")
        }

        @Test("no keys and Apple down: keysUnavailable, a 503 for the caller to give")
        func coldOutage() async throws {
            let tokens = try ServiceTokens.load()
            let server = try StandInServer { _ in .init(status: 503) }
            defer { server.stop() }
            let apple = try makeService(server, clock: TestClock(tokens.now))
            let error = try await #require(throws: AppleAuthError.self) { try await apple.verifyIdentityToken(tokens.k1_token, nonce: .notSent) }
            #expect(error.category == .keysUnavailable && error.description.contains("503"))
            // Garbage is refused before any fetch.
            let garbage = try await #require(throws: AppleAuthError.self) { try await apple.verifyIdentityToken("not a token", nonce: .notSent) }
            #expect(garbage.category == .rejectedToken)
        }
    }
}

final class EventRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [AppleKeyCache.Event] = []
    func record(_ event: AppleKeyCache.Event) { lock.lock(); events.append(event); lock.unlock() }
    var failed: Bool {
        lock.lock(); defer { lock.unlock() }
        return events.contains { if case .fetchFailed = $0 { return true } else { return false } }
    }
}

// The token cache: one signature while the token is fresh, a new one within the renewal margin of expiry or
// after the clock went back; one token for many concurrent callers; bad settings refused.

import AppStoreServerAPI
import Foundation
import Testing
import TestSupport

/// A clock the test moves.
private final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var seconds: Double
    init(_ seconds: Double) { self.seconds = seconds }
    var date: Date { lock.lock(); defer { lock.unlock() }; return Date(timeIntervalSince1970: seconds) }
    func set(_ value: Double) { lock.lock(); seconds = value; lock.unlock() }
}

@Suite("App Store Server API token cache")
struct APITokenCacheTests {
    let credentials: AppStoreCredentials

    init() throws {
        credentials = try AppStoreCredentials(issuerID: "issuerId", keyID: "keyId", bundleID: "com.example",
                                              privateKeyPEM: VectorFiles.text("testSigningKey.p8"))
    }

    @Test("reused while fresh; renewed within the margin of expiry and after the clock went back")
    func reuse() async throws {
        let clock = TestClock(1_700_000_000)
        let cache = try AppStoreAPITokenCache(credentials: credentials, lifetime: 300, renewalMargin: 60, now: { clock.date })
        let first = try await cache.token()
        #expect(first.issuedAt == Date(timeIntervalSince1970: 1_700_000_000))
        clock.set(1_700_000_239)                        // 61 s before expiry: still handed out
        #expect(try await cache.token() == first)
        clock.set(1_700_000_240)                        // 60 s before: renewed
        let second = try await cache.token()
        #expect(second != first && second.issuedAt == Date(timeIntervalSince1970: 1_700_000_240))
        clock.set(1_699_999_000)                        // the clock went back: not a token from the future
        let third = try await cache.token()
        #expect(third.issuedAt == Date(timeIntervalSince1970: 1_699_999_000))
    }

    @Test("concurrent callers get one token")
    func concurrent() async throws {
        let cache = try AppStoreAPITokenCache(credentials: credentials)
        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<32 { group.addTask { try await cache.token().token } }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(tokens.count == 1)
    }

    @Test("lifetimes outside 1 s…60 min and margins outside 0…lifetime are refused")
    func settings() throws {
        for (lifetime, margin) in [(0.5, 0.0), (3601, 60), (.nan, 0), (300, -1), (300, 300), (300, .infinity), (300, .nan)] as [(Double, Double)] {
            #expect(throws: AppStoreAPIError.self) { try AppStoreAPITokenCache(credentials: credentials, lifetime: lifetime, renewalMargin: margin) }
        }
    }
}

// The key cache and the client, with a fake transport and a fake clock.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import AppleAuth
import PureJWT
import Testing
import TestSupport

/// A transport that answers from a script and counts requests.
private actor FakeTransport: AppleHTTPTransport {
    var responses: [Result<AppleHTTPResponse, any Error>]
    private(set) var sent: [AppleHTTPRequest] = []

    init(_ responses: [Result<AppleHTTPResponse, any Error>]) { self.responses = responses }

    func send(_ request: AppleHTTPRequest) async throws -> AppleHTTPResponse {
        sent.append(request)
        guard !responses.isEmpty else { throw URLErrorLike() }
        return try responses.removeFirst().get()
    }
}
private struct URLErrorLike: Error {}

private final class Clock: @unchecked Sendable {
    var now = Date(timeIntervalSince1970: 1_800_000_000)
}

private struct Snapshots: Decodable {
    struct Snapshot: Decodable { let keys: [JSONWebKey] }
    let snapshots: [Snapshot]
}

/// Apple's key sets before and after a rotation, as JSON bodies.
private func jwksBodies() throws -> (old: [UInt8], new: [UInt8]) {
    let snapshots = try VectorFiles.json(Snapshots.self, "apple_jwks_snapshots.json").snapshots
    let old = try JSONEncoder().encode(["keys": snapshots[2].keys])     // 86D88Kf, eXaunmL, YuyXoY
    let new = try JSONEncoder().encode(["keys": snapshots[3].keys])     // FftONTxoEg, T8tIJ1zSrO, pggnQeNCOU
    return (Array(old), Array(new))
}

@Suite("Apple key cache and client")
struct ClientAndCacheTests {
    @Test("max-age is honored; the default applies without it")
    func maxAge() async throws {
        let (old, new) = try jwksBodies()
        let transport = FakeTransport([.success(.init(status: 200, headers: ["cache-control": "public, max-age=600"], body: old)),
                                       .success(.init(status: 200, body: new))])
        let clock = Clock()
        let cache = AppleKeyCache(defaultMaxAge: 3600, now: { clock.now }, fetch: { try await transport.send(AppleRequests.keys()) })
        #expect(try await cache.keySet().key(withID: "eXaunmL") != nil)
        clock.now += 599
        #expect(try await cache.keySet().key(withID: "eXaunmL") != nil)
        #expect(await transport.sent.count == 1)
        clock.now += 2
        #expect(try await cache.keySet().key(withID: "T8tIJ1zSrO") != nil)   // refetched: the rotated set
        #expect(await transport.sent.count == 2)
        #expect(await transport.sent.first?.url == "https://appleid.apple.com/auth/keys")
    }

    @Test("an unknown kid refetches at most once per interval; stale keys are served when a fetch fails")
    func unknownKidAndFailures() async throws {
        let (old, new) = try jwksBodies()
        let transport = FakeTransport([.success(.init(status: 200, body: old)), .success(.init(status: 200, body: new)),
                                       .failure(URLErrorLike()), .success(.init(status: 503, body: []))])
        let clock = Clock()
        let cache = AppleKeyCache(defaultMaxAge: 3600, unknownKidInterval: 300, now: { clock.now },
                                  fetch: { try await transport.send(AppleRequests.keys()) })
        _ = try await cache.keySet()
        // Right after a fetch, random kids do not cause requests.
        for kid in ["a", "b", "c"] { _ = try await cache.keySet(containing: kid) }
        #expect(await transport.sent.count == 1)
        clock.now += 301
        #expect(try await cache.keySet(containing: "T8tIJ1zSrO").key(withID: "T8tIJ1zSrO") != nil)   // rotation found
        #expect(await transport.sent.count == 2)
        // Expired, and Apple unreachable: the keys held are served.
        clock.now += 4000
        #expect(try await cache.keySet().key(withID: "T8tIJ1zSrO") != nil)
        clock.now += 4000
        #expect(try await cache.keySet().key(withID: "T8tIJ1zSrO") != nil)   // a 503 too
        #expect(await transport.sent.count == 4)
    }

    @Test("concurrent callers share one fetch")
    func coalescing() async throws {
        let (old, _) = try jwksBodies()
        let transport = FakeTransport([.success(.init(status: 200, body: old)), .success(.init(status: 200, body: old))])
        let cache = AppleKeyCache(fetch: {
            try await Task.sleep(nanoseconds: 20_000_000)
            return try await transport.send(AppleRequests.keys())
        })
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { try await cache.keySet().keys.count } }
            for try await count in group { #expect(count == 3) }
        }
        #expect(await transport.sent.count == 1)
    }

    @Test("max-age parsing")
    func maxAgeParsing() {
        #expect(AppleKeyCache.maxAge("max-age=86400") == 86400)
        #expect(AppleKeyCache.maxAge("public, MAX-AGE = 60 , must-revalidate") == 60)
        #expect(AppleKeyCache.maxAge("no-cache") == nil)
        #expect(AppleKeyCache.maxAge("max-age=-1") == nil)
    }

    @Test("the client retries 5xx and transport errors, never 4xx")
    func retries() async throws {
        let configuration = try AppleClientSecretConfiguration(teamID: "DEF123GHIJ", keyID: "ABC123DEFG", clientID: "com.example.web",
                                                               privateKeyPEM: VectorFiles.text("test.p8"))
        let ok = AppleHTTPResponse(status: 200, body: Array(#"{"access_token":"a","token_type":"Bearer","expires_in":3600}"#.utf8))
        let flaky = FakeTransport([.failure(URLErrorLike()), .success(.init(status: 502, body: [])), .success(ok)])
        let client = AppleAuthClient(transport: flaky, configuration: configuration, retries: 2, sleep: { _ in })
        #expect(try await client.exchange(code: "c").accessToken == "a")
        #expect(await flaky.sent.count == 3)
        #expect(await flaky.sent.last?.body.contains("client_secret=ey") == true)

        let rejected = FakeTransport([.success(.init(status: 400, body: Array(#"{"error":"invalid_client"}"#.utf8))), .success(ok)])
        let client2 = AppleAuthClient(transport: rejected, configuration: configuration, sleep: { _ in })
        await #expect(throws: AppleAPIError.self) { try await client2.refresh("r") }
        #expect(await rejected.sent.count == 1)

        let revoked = FakeTransport([.success(.init(status: 200, body: []))])
        try await AppleAuthClient(transport: revoked, configuration: configuration, sleep: { _ in }).revoke("t", hint: .refreshToken)
        #expect(await revoked.sent.first?.url == "https://appleid.apple.com/auth/revoke")
    }
}

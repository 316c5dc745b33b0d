// Issue 9, item 5: many tasks verifying through one shared verifier and one key cache give the same
// answers as serial verification, and the cache fetches Apple's keys exactly once.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AppleAuth
import PureJWT
import Testing
import TestSupport

private struct NonceFile: Decodable {
    let jwk: JSONWebKey
    let raw_nonce: String
    let hashed_nonce_token: String
    let exact_nonce_token: String
    let no_nonce_token: String
    let c_hash_token: String
    let unknown_claims_token: String
    let aud_array_ours_token: String
    let aud_array_untrusted_entry_token: String
}
private struct RealTokens: Decodable {
    struct Token: Decodable { let jwt: String }
    let tokens: [Token]
}

private actor FetchCounter {
    private(set) var count = 0
    func increment() { count += 1 }
}

// Not in LoadAndTiming's chain: there it waited for the timing suites, which wait for the cooperative
// pool, and then ran last and alone (177 s at the end of a 773-second run on a 2-core host). Its tasks run
// on two threads of their own from the start of the run instead, beside the other tests.
@Suite("Concurrent verification")
struct ConcurrentLoadTests {
    static let tasks = 8
    static let tokensPerTask = 10_000

    @Test("8 tasks × 10,000 tokens through one verifier and one key cache: serial answers, one fetch")
    func sharedVerifierAndCache() async throws {
        let file = try VectorFiles.json(NonceFile.self, "nonce_tokens.json")
        let realToken = try #require(try VectorFiles.json(RealTokens.self, "apple_identity_tokens_verified.json").tokens.first).jwt
        var tampered = Array(file.no_nonce_token.utf8)
        tampered[tampered.count - 5] = tampered[tampered.count - 5] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        // Accepted, refused for the audience, refused for the signature, unknown kid (a real Apple token whose
        // key is not in this set), and not a token at all.
        let tokens = [file.hashed_nonce_token, file.exact_nonce_token, file.no_nonce_token, file.c_hash_token,
                      file.unknown_claims_token, file.aud_array_ours_token, file.aud_array_untrusted_entry_token,
                      String(decoding: tampered, as: UTF8.self), realToken, "not.a.token"]
        let jwks = try JSONEncoder().encode(["keys": [file.jwk]])
        let now: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_900_000_100) }

        @Sendable func answer(_ verifier: AppleIdentityTokenVerifier, _ token: String) -> String {
            do { return "accepted \(try verifier.verify(token, nonce: .notSent).sub)" } catch { return "\(error.reason)" }
        }
        let serialVerifier = AppleIdentityTokenVerifier(clientIDs: ["com.example.app"], keySet: try JSONWebKeySet(json: jwks), now: now)
        let serial = tokens.map { answer(serialVerifier, $0) }
        #expect(serial.filter { $0.hasPrefix("accepted") }.count == 5)
        #expect(Set(serial).count >= 5, "the mix should hold several different refusals: \(serial)")

        let counter = FetchCounter()
        let cache = try JSONWebKeySetCache(now: now) {
            await counter.increment()
            return .init(status: 200, headers: ["Cache-Control": "max-age=86400"], body: Array(jwks))
        }
        let shared = AppleIdentityTokenVerifier(clientIDs: ["com.example.app"], keySet: try await cache.keySet(), now: now)
        @Sendable func verifyMany(_ task: Int) async throws -> Int {
            var mismatches = 0
            for i in 0..<Self.tokensPerTask {
                // Yield now and then, so that the tasks sharing a thread take turns.
                if i % 64 == 0 { await Task.yield() }
                let index = (task * 3 + i) % tokens.count
                // What a server does per request: pick the key by kid, then verify.
                let kid = (try? JWTHeader(unverifiedFrom: tokens[index]).kid) ?? ""
                let keySet = try await cache.keySet(containing: kid)
                let verifier = task.isMultiple(of: 2)
                    ? shared : AppleIdentityTokenVerifier(clientIDs: ["com.example.app"], keySet: keySet, now: now)
                if answer(verifier, tokens[index]) != serial[index] { mismatches += 1 }
            }
            return mismatches
        }
        let mismatches = try await withThrowingTaskGroup(of: Int.self) { group in
            // Two threads of their own (as many as CI has cores), four tasks on each, so that the
            // shared verifier and cache are used from two threads at once.
            if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
                let executors = ownThreadExecutors(2, name: "ConcurrentLoadTests")
                for task in 0..<Self.tasks {
                    group.addTask(executorPreference: executors[task % executors.count]) { try await verifyMany(task) }
                }
            } else {
                for task in 0..<Self.tasks { group.addTask { try await verifyMany(task) } }
            }
            return try await group.reduce(0, +)
        }
        #expect(mismatches == 0)
        #expect(await counter.count == 1)
    }
}

// How long a caller waits on Apple, measured with the default settings a new user gets: while Apple
// refuses connections a sign-in's code exchange fails within 5 s (three attempts that each fail at once);
// while Apple accepts and never answers, the exchange ends at the transport's timeout (10 s), not after
// retries. And the policy's time limit holds whatever the transport does: an attempt in flight at the
// limit is cancelled, and a retry that could not begin before it is not made. The suite runs off the
// cooperative pool (OwnThreadTrait): behind the queue of CPU-bound tests a refused exchange measured 10.8 s.

import AppleAuth
import AppleAuthURLSession
import Foundation
import Testing
import TestSupport

/// Counts the requests it passes on.
private actor CountingTransport: AppleHTTPTransport {
    let inner: any AppleHTTPTransport
    private(set) var attempts = 0
    init(_ inner: any AppleHTTPTransport) { self.inner = inner }
    func send(_ request: AppleHTTPRequest) async throws -> AppleHTTPResponse {
        attempts += 1
        return try await inner.send(request)
    }
}

/// Never answers; honours cancellation as the protocol requires.
private struct SilentTransport: AppleHTTPTransport {
    func send(_ request: AppleHTTPRequest) async throws -> AppleHTTPResponse {
        try await Task.sleep(nanoseconds: 3_600_000_000_000)
        throw AppleTransportError(.timedOut, "unreachable")
    }
}

/// Answers every request with `status` and `headers` at once.
private struct FixedTransport: AppleHTTPTransport {
    let status: Int
    let headers: [String: String]
    func send(_ request: AppleHTTPRequest) async throws -> AppleHTTPResponse {
        AppleHTTPResponse(status: status, headers: headers, body: [])
    }
}

private func defaultService(baseURL: String, transport: any AppleHTTPTransport) throws -> SignInWithApple {
    var configuration = try SignInWithAppleConfiguration(teamID: "DEF123GHIJ", keyID: "ABC123DEFG",
                                                         privateKeyPEM: VectorFiles.text("test.p8"), clientIDs: ["com.example.app"])
    configuration.baseURL = baseURL
    return try SignInWithApple(configuration: configuration, transport: transport)
}

private func clientSecretConfiguration() throws -> AppleClientSecretConfiguration {
    try AppleClientSecretConfiguration(teamID: "DEF123GHIJ", keyID: "ABC123DEFG", clientID: "com.example.app",
                                       privateKeyPEM: VectorFiles.text("test.p8"))
}

private func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

extension LoadAndTiming {
    @Suite("Time limits of calls to Apple", .serialized, .onOwnThread)
    struct CallTimeLimitTests {
        @Test("default settings, Apple refusing connections: the exchange tries three times and fails, not sent, within 5 s")
        func refusedWithDefaults() async throws {
            let transport = CountingTransport(try URLSessionTransport())
            let apple = try defaultService(baseURL: "http://127.0.0.1:\(try LocalServer.closedPort())", transport: transport)
            let start = ContinuousClock.now
            let error = try await #require(throws: AppleAuthError.self) { try await apple.exchange(code: "c", clientID: "com.example.app") }
            let elapsed = seconds(since: start)
            guard case .transport(_, requestMayHaveReachedApple: false) = error.reason else { Issue.record("\(error)"); return }
            #expect(await transport.attempts == 3)
            #expect(elapsed < 5, "a refused exchange took \(elapsed) s")
            #expect(error.httpStatus == 503)
        }

        @Test("default settings, Apple accepting and never answering: the exchange ends at the transport's 10 s timeout, one request")
        func silentWithDefaults() async throws {
            let server = try StandInServer { _ in .init(status: 200, body: "{}", delay: 30) }
            defer { server.stop() }
            let transport = try URLSessionTransport()
            #expect(transport.timeout == 10)
            let apple = try defaultService(baseURL: server.baseURL, transport: transport)
            let start = ContinuousClock.now
            let error = try await #require(throws: AppleAuthError.self) { try await apple.exchange(code: "c", clientID: "com.example.app") }
            let elapsed = seconds(since: start)
            guard case .transport(_, requestMayHaveReachedApple: true) = error.reason else { Issue.record("\(error)"); return }
            #expect(elapsed >= 9 && elapsed < 11, "a silent Apple held the exchange \(elapsed) s (timeout 10 s)")
            #expect(server.received(path: "/auth/token").count == 1)
        }

        @Test("an attempt still in flight at the time limit is cancelled; the error says the request may have reached Apple")
        func attemptCancelledAtLimit() async throws {
            let client = try AppleAuthClient(transport: SilentTransport(), configuration: clientSecretConfiguration(),
                                             retryPolicy: AppleRetryPolicy(timeLimit: 0.5))
            let start = ContinuousClock.now
            let error = try await #require(throws: AppleAuthError.self) { try await client.refresh("r") }
            let elapsed = seconds(since: start)
            guard case .transport(let message, requestMayHaveReachedApple: true) = error.reason else { Issue.record("\(error)"); return }
            #expect(message.contains("time limit of 0.5 s"))
            #expect(elapsed >= 0.45 && elapsed < 2, "the 0.5 s limit ended the call after \(elapsed) s")
        }

        @Test("a retry that could not begin within the time limit is not made: Apple's last answer comes back at once")
        func retryPastLimitNotMade() async throws {
            let transport = CountingTransport(FixedTransport(status: 503, headers: ["Retry-After": "5"]))
            let client = try AppleAuthClient(transport: transport, configuration: clientSecretConfiguration(),
                                             retryPolicy: AppleRetryPolicy(timeLimit: 2))
            let start = ContinuousClock.now
            let error = try await #require(throws: AppleAuthError.self) { try await client.refresh("r") }
            #expect(error.appleError?.status == 503)
            #expect(await transport.attempts == 1)
            #expect(seconds(since: start) < 1)

            // The same answer within a longer limit is retried after the Retry-After… up to the limit.
            let patient = CountingTransport(FixedTransport(status: 503, headers: ["Retry-After": "1"]))
            let patientClient = try AppleAuthClient(transport: patient, configuration: clientSecretConfiguration(),
                                                    retryPolicy: AppleRetryPolicy(maximumAttempts: 10, timeLimit: 2.5))
            let patientStart = ContinuousClock.now
            await #expect(throws: AppleAuthError.self) { try await patientClient.refresh("r") }
            let patientElapsed = seconds(since: patientStart)
            let patientAttempts = await patient.attempts
            #expect(patientAttempts == 2 || patientAttempts == 3)
            #expect(patientElapsed < 2.5, "the 2.5 s limit ended the call after \(patientElapsed) s")
        }

        @Test("revocations have their own, longer budget; exchange, refresh and keys the interactive one")
        func revocationBudget() async throws {
            #expect(AppleRetryPolicy().timeLimit == 10 && AppleRetryPolicy().maximumAttempts == 3)
            #expect(AppleRetryPolicy.background.timeLimit == 60 && AppleRetryPolicy.background.maximumAttempts == 5)
            let refused = AppleTransportError(.connectionFailed, "refused")
            struct Refusing: AppleHTTPTransport {
                let error: AppleTransportError
                func send(_ request: AppleHTTPRequest) async throws -> AppleHTTPResponse { throw error }
            }
            let transport = CountingTransport(Refusing(error: refused))
            let client = try AppleAuthClient(transport: transport, configuration: clientSecretConfiguration(), retryPolicy: .never,
                                             revocationRetryPolicy: AppleRetryPolicy(maximumAttempts: 4, initialBackoff: 0.01, maximumBackoff: 0.02))
            await #expect(throws: AppleAuthError.self) { try await client.refresh("r") }
            #expect(await transport.attempts == 1)
            await #expect(throws: AppleAuthError.self) { try await client.revoke("r", hint: .refreshToken) }
            #expect(await transport.attempts == 5)

            var configuration = try SignInWithAppleConfiguration(teamID: "DEF123GHIJ", keyID: "ABC123DEFG",
                                                                 privateKeyPEM: VectorFiles.text("test.p8"), clientIDs: ["com.example.app"])
            #expect(configuration.revocationRetryPolicy == .background && configuration.retryPolicy == AppleRetryPolicy())
            configuration.revocationRetryPolicy.timeLimit = .nan
            #expect(throws: AppleAuthError.self) { try SignInWithApple(configuration: configuration, transport: Refusing(error: refused)) }
        }
    }
}

// The URLSession transport and AppleAuthClient against a local server that answers like Apple's endpoints:
// success, 400 errors, 5xx then success, malformed JSON, a slow answer that hits the timeout, and a port
// nobody listens on (a connection that never opened).

import AppleAuth
import AppleAuthURLSession
import Foundation
import Testing
import TestSupport

private func configuration() throws -> AppleClientSecretConfiguration {
    try AppleClientSecretConfiguration(teamID: "DEF123GHIJ", keyID: "ABC123DEFG", clientID: "com.example.web",
                                       privateKeyPEM: VectorFiles.text("test.p8"))
}

private let quickRetries = AppleRetryPolicy(maximumAttempts: 3, initialBackoff: 0.01, maximumBackoff: 0.02, timeLimit: 60)
/// One attempt with room for a loaded test machine (the default 10 s limit is measured elsewhere).
private let patient = AppleRetryPolicy(timeLimit: 60)

@Suite("URLSession transport against a local server", .serialized)
struct URLSessionTransportTests {
    @Test("exchange: a form POST to /auth/token, tokens decoded")
    func exchange() async throws {
        let server = try LocalServer([.init(status: 200, headers: ["Content-Type": "application/json"],
                                            body: #"{"access_token":"at","token_type":"Bearer","expires_in":3600,"refresh_token":"rt","id_token":"x.y.z"}"#)])
        defer { server.stop() }
        let client = try AppleAuthClient(transport: URLSessionTransport(timeout: 30), configuration: try configuration(), baseURL: server.baseURL,
                                         retryPolicy: patient)
        let tokens = try await client.exchange(code: "a b+c")
        #expect(tokens.accessToken == "at" && tokens.refreshToken == "rt")
        let request = try #require(server.receivedRequests.first)
        #expect(request.hasPrefix("POST /auth/token HTTP/1.1"))
        #expect(request.lowercased().contains("content-type: application/x-www-form-urlencoded"))
        #expect(request.contains("code=a+b%2Bc") && request.contains("grant_type=authorization_code"))
    }

    @Test("a 400 becomes .appleRejected with Apple's code; no retry")
    func clientError() async throws {
        let server = try LocalServer([.init(status: 400, headers: [:], body: #"{"error":"invalid_grant","error_description":"The code has expired or has been revoked."}"#),
                                      .init(status: 200, headers: [:], body: "{}")])
        defer { server.stop() }
        let client = try AppleAuthClient(transport: URLSessionTransport(timeout: 30), configuration: try configuration(), baseURL: server.baseURL,
                                         retryPolicy: quickRetries)
        let error = try await #require(throws: AppleAuthError.self) { try await client.refresh("rt") }
        #expect(error.category == .appleError)
        #expect(error.appleError?.code == .invalidGrant && error.appleError?.errorDescription == "The code has expired or has been revoked.")
        #expect(server.receivedRequests.count == 1)
    }

    @Test("5xx then success: retried")
    func retry() async throws {
        let server = try LocalServer([.init(status: 503, headers: [:], body: ""),
                                      .init(status: 200, headers: [:], body: "")])
        defer { server.stop() }
        let client = try AppleAuthClient(transport: URLSessionTransport(timeout: 30), configuration: try configuration(), baseURL: server.baseURL,
                                         retryPolicy: quickRetries)
        try await client.revoke("t", hint: .accessToken)
        #expect(server.receivedRequests.count == 2)
        #expect(server.receivedRequests.last?.hasPrefix("POST /auth/revoke") == true)
    }

    @Test("malformed JSON in a 200 is .invalidResponse, not a crash")
    func malformed() async throws {
        let server = try LocalServer([.init(status: 200, headers: [:], body: "{not json")])
        defer { server.stop() }
        let client = try AppleAuthClient(transport: URLSessionTransport(timeout: 30), configuration: try configuration(), baseURL: server.baseURL,
                                         retryPolicy: patient)
        let error = try await #require(throws: AppleAuthError.self) { try await client.exchange(code: "c") }
        guard case .invalidResponse = error.reason else { Issue.record("expected .invalidResponse, got \(error)"); return }
    }

    @Test("a slow answer hits the timeout: AppleTransportError.timedOut")
    func timeout() async throws {
        let server = try LocalServer([.init(status: 200, headers: [:], body: "{}", delay: 3)])
        defer { server.stop() }
        let transport = try URLSessionTransport(timeout: 0.5)
        let started = Date()
        let error = try await #require(throws: AppleTransportError.self) { try await transport.send(AppleRequests.keys(baseURL: server.baseURL)) }
        #expect(error.kind == .timedOut && error.requestMayHaveReachedApple)
        #expect(Date().timeIntervalSince(started) < 2.5)
    }

    @Test("a port nobody listens on: AppleTransportError.connectionFailed (the request was not sent)")
    func refused() async throws {
        let transport = try URLSessionTransport(timeout: 30)
        let error = try await #require(throws: AppleTransportError.self) {
            try await transport.send(AppleRequests.keys(baseURL: "http://127.0.0.1:\(try LocalServer.closedPort())"))
        }
        #expect(error.kind == .connectionFailed && !error.requestMayHaveReachedApple)
    }

    @Test("timeouts outside 0.001…3600 s are configuration errors", arguments: [Double.nan, .infinity, -.infinity, -1, 0, 1e300, 3601])
    func timeoutRange(timeout: Double) {
        #expect(throws: AppleAuthError.self) { try URLSessionTransport(timeout: timeout) }
    }
}

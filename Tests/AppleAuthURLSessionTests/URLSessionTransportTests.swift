// The URLSession transport and AppleAuthClient against a local server that answers like Apple's endpoints:
// success, 400 errors, 5xx then success, malformed JSON, and a slow answer that hits the timeout.

import AppleAuth
import AppleAuthURLSession
import Foundation
import Testing
import TestSupport

private func configuration() throws -> AppleClientSecretConfiguration {
    try AppleClientSecretConfiguration(teamID: "DEF123GHIJ", keyID: "ABC123DEFG", clientID: "com.example.web",
                                       privateKeyPEM: VectorFiles.text("test.p8"))
}

@Suite("URLSession transport against a local server", .serialized)
struct URLSessionTransportTests {
    @Test("exchange: a form POST to /auth/token, tokens decoded")
    func exchange() async throws {
        let server = try LocalServer([.init(status: 200, headers: ["Content-Type": "application/json"],
                                            body: #"{"access_token":"at","token_type":"Bearer","expires_in":3600,"refresh_token":"rt","id_token":"x.y.z"}"#)])
        defer { server.stop() }
        let client = AppleAuthClient(transport: URLSessionTransport(timeout: 5, baseURL: server.baseURL), configuration: try configuration())
        let tokens = try await client.exchange(code: "a b+c")
        #expect(tokens.accessToken == "at" && tokens.refreshToken == "rt")
        let request = try #require(server.receivedRequests.first)
        #expect(request.hasPrefix("POST /auth/token HTTP/1.1"))
        #expect(request.lowercased().contains("content-type: application/x-www-form-urlencoded"))
        #expect(request.contains("code=a+b%2Bc") && request.contains("grant_type=authorization_code"))
    }

    @Test("a 400 becomes AppleAPIError with Apple's code; no retry")
    func clientError() async throws {
        let server = try LocalServer([.init(status: 400, headers: [:], body: #"{"error":"invalid_grant","error_description":"The code has expired or has been revoked."}"#),
                                      .init(status: 200, headers: [:], body: "{}")])
        defer { server.stop() }
        let client = AppleAuthClient(transport: URLSessionTransport(timeout: 5, baseURL: server.baseURL), configuration: try configuration(),
                                     sleep: { _ in })
        let error = try await #require(throws: AppleAPIError.self) { try await client.refresh("rt") }
        #expect(error.code == .invalidGrant && error.errorDescription == "The code has expired or has been revoked.")
        #expect(server.receivedRequests.count == 1)
    }

    @Test("5xx then success: retried")
    func retry() async throws {
        let server = try LocalServer([.init(status: 503, headers: [:], body: ""),
                                      .init(status: 200, headers: [:], body: "")])
        defer { server.stop() }
        let client = AppleAuthClient(transport: URLSessionTransport(timeout: 5, baseURL: server.baseURL), configuration: try configuration(),
                                     sleep: { _ in })
        try await client.revoke("t", hint: .accessToken)
        #expect(server.receivedRequests.count == 2)
        #expect(server.receivedRequests.last?.hasPrefix("POST /auth/revoke") == true)
    }

    @Test("malformed JSON in a 200 is a decoding error, not a crash")
    func malformed() async throws {
        let server = try LocalServer([.init(status: 200, headers: [:], body: "{not json")])
        defer { server.stop() }
        let client = AppleAuthClient(transport: URLSessionTransport(timeout: 5, baseURL: server.baseURL), configuration: try configuration())
        await #expect(throws: DecodingError.self) { try await client.exchange(code: "c") }
    }

    @Test("a slow answer hits the timeout")
    func timeout() async throws {
        let server = try LocalServer([.init(status: 200, headers: [:], body: "{}", delay: 3)])
        defer { server.stop() }
        let transport = URLSessionTransport(timeout: 0.5, baseURL: server.baseURL)
        let started = Date()
        await #expect(throws: (any Error).self) { try await transport.send(AppleRequests.keys()) }
        #expect(Date().timeIntervalSince(started) < 2.5)
    }
}

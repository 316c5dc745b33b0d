// The AsyncHTTPClient transport against a real server on 127.0.0.1: requests arrive as AppleAuth built
// them, answers come back whatever their status, and every failure is the AppleTransportError kind that
// AppleAuth's retry rules depend on (a refused connection may be retried, a timeout may not).

import AppleAuth
import AppleAuthAsyncHTTPClient
import AsyncHTTPClient
import Dispatch
import NIOCore
import NIOPosix
import PureP256
import Testing

@Suite("AsyncHTTPClientTransport")
struct AsyncHTTPClientTransportTests {
    private func transportError(_ body: () async throws -> Void) async -> AppleTransportError? {
        do {
            try await body()
            return nil
        } catch let error as AppleTransportError {
            return error
        } catch {
            Issue.record("expected an AppleTransportError, got \(type(of: error)): \(error)")
            return nil
        }
    }

    private func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }

    @Test("a form POST arrives as built, and a 400 answer comes back as a response")
    func formPost() async throws {
        let server = try await TestHTTPServer { _ in
            .respond(status: 400, headers: [("Content-Type", "application/json"), ("X-Trace", "a"), ("X-Trace", "b")],
                     body: Array(#"{"error":"invalid_grant"}"#.utf8))
        }
        defer { Task { try? await server.shutdown() } }
        let transport = try AsyncHTTPClientTransport(timeout: 5)
        let request = AppleHTTPRequest(method: "POST", url: server.baseURL + "/auth/token",
                                       headers: ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"],
                                       body: "grant_type=authorization_code&code=c%2B1")
        let response = try await transport.send(request)

        #expect(response.status == 400)
        #expect(response.body == Array(#"{"error":"invalid_grant"}"#.utf8))
        #expect(response.header("content-type") == "application/json")
        #expect(response.header("X-Trace") == "a, b")
        let seen = try #require(server.requests.first)
        #expect(seen.method == "POST")
        #expect(seen.uri == "/auth/token")
        #expect(seen.header("Content-Type") == "application/x-www-form-urlencoded")
        #expect(seen.header("Accept") == "application/json")
        #expect(seen.body == Array("grant_type=authorization_code&code=c%2B1".utf8))
    }

    @Test("a GET sends no body")
    func get() async throws {
        let server = try await TestHTTPServer { _ in .respond(status: 200, headers: [("Cache-Control", "max-age=300")], body: Array("{}".utf8)) }
        defer { Task { try? await server.shutdown() } }
        let response = try await AsyncHTTPClientTransport(timeout: 5)
            .send(AppleHTTPRequest(method: "GET", url: server.baseURL + "/auth/keys", headers: [:], body: ""))
        #expect(response.status == 200)
        #expect(response.header("cache-control") == "max-age=300")
        #expect(server.requests.first?.method == "GET")
        #expect(server.requests.first?.body.isEmpty == true)
    }

    @Test("a refused connection is .connectionFailed: at once with the default client, at the deadline with HTTPClient.shared")
    func refused() async throws {
        let port = try await TestHTTPServer.closedPort()
        let request = AppleHTTPRequest(method: "GET", url: "http://127.0.0.1:\(port)/auth/keys", headers: [:], body: "")

        var start = DispatchTime.now()
        let fast = await transportError { _ = try await AsyncHTTPClientTransport().send(request) }
        #expect(fast?.kind == .connectionFailed)
        #expect(fast?.requestMayHaveReachedApple == false)
        #expect(seconds(since: start) < 1, "the default client took \(seconds(since: start)) s to report a refused connection")

        // HTTPClient.shared retries connection establishment: the same refusal costs the whole deadline.
        start = DispatchTime.now()
        let patient = await transportError { _ = try await AsyncHTTPClientTransport(client: .shared, timeout: 1.5).send(request) }
        #expect(patient?.kind == .connectionFailed)
        #expect(seconds(since: start) >= 1.4 && seconds(since: start) < 5)
    }

    @Test("the default client is one per process, and the default timeout 10 s")
    func defaultClient() throws {
        #expect(try AsyncHTTPClientTransport().client === AsyncHTTPClientTransport.sharedClient)
        #expect(try AsyncHTTPClientTransport().timeout == 10)
    }

    @Test("default settings: while Apple refuses connections a sign-in's exchange fails within 5 s; while it never answers, at the 10 s timeout")
    func outageTimesWithDefaults() async throws {
        let key = P256.Signing.PrivateKey()
        func service(_ baseURL: String) throws -> SignInWithApple {
            var configuration = try SignInWithAppleConfiguration(teamID: "TEAM123456", keyID: "KEY1234567",
                                                                 privateKeyPEM: key.pemRepresentation, clientIDs: ["com.example.app"])
            configuration.baseURL = baseURL
            return try SignInWithApple(configuration: configuration, transport: AsyncHTTPClientTransport())
        }
        let port = try await TestHTTPServer.closedPort()
        var start = DispatchTime.now()
        let refused = try await #require(throws: AppleAuthError.self) {
            try await service("http://127.0.0.1:\(port)").exchange(code: "c", clientID: "com.example.app")
        }
        let refusedTime = seconds(since: start)
        #expect(refused.httpStatus == 503)
        guard case .transport(_, requestMayHaveReachedApple: false) = refused.reason else { Issue.record("\(refused)"); return }
        #expect(refusedTime < 5, "a refused exchange took \(refusedTime) s")

        let silent = try await TestHTTPServer { _ in .hang }
        defer { Task { try? await silent.shutdown() } }
        start = DispatchTime.now()
        let timedOut = try await #require(throws: AppleAuthError.self) {
            try await service(silent.baseURL).exchange(code: "c", clientID: "com.example.app")
        }
        let silentTime = seconds(since: start)
        #expect(timedOut.httpStatus == 503)
        #expect(silentTime >= 9 && silentTime < 11, "a silent Apple held the exchange \(silentTime) s")
        #expect(silent.requests.count == 1)
    }

    @Test("no answer, or a head and then silence, is .timedOut at the deadline")
    func timeouts() async throws {
        for action in [ServerAction.hang, .headThenHang(contentLength: 100)] {
            let server = try await TestHTTPServer { _ in action }
            defer { Task { try? await server.shutdown() } }
            let start = DispatchTime.now()
            let error = await transportError {
                _ = try await AsyncHTTPClientTransport(timeout: 0.5)
                    .send(AppleHTTPRequest(method: "POST", url: server.baseURL + "/auth/token", headers: [:], body: "code=x"))
            }
            #expect(error?.kind == .timedOut, "\(action)")
            #expect(error?.requestMayHaveReachedApple == true)
            #expect(seconds(since: start) >= 0.4)
            #expect(seconds(since: start) < 5)
            #expect(server.requests.count == 1)
        }
    }

    @Test("a body over the limit is refused, declared or chunked")
    func tooLarge() async throws {
        for action in [ServerAction.respond(status: 200, body: [UInt8](repeating: 0x61, count: 2_000)), .chunked(byteCount: 2_000)] {
            let server = try await TestHTTPServer { _ in action }
            defer { Task { try? await server.shutdown() } }
            let transport = try AsyncHTTPClientTransport(timeout: 5, maximumResponseSize: 1_000)
            let error = await transportError {
                _ = try await transport.send(AppleHTTPRequest(method: "GET", url: server.baseURL + "/auth/keys", headers: [:], body: ""))
            }
            #expect(error?.kind == .other, "\(action)")
            #expect(error?.message.contains("1000") == true, "\(error?.message ?? "")")
            // At the limit exactly, the body is accepted.
            let exact = try await AsyncHTTPClientTransport(timeout: 5, maximumResponseSize: 2_000)
                .send(AppleHTTPRequest(method: "GET", url: server.baseURL + "/auth/keys", headers: [:], body: ""))
            #expect(exact.body.count == 2_000)
        }
    }

    @Test("a connection closed after the request is .other: the request may have reached Apple")
    func closedAfterRequest() async throws {
        let server = try await TestHTTPServer { _ in .close }
        defer { Task { try? await server.shutdown() } }
        let error = await transportError {
            _ = try await AsyncHTTPClientTransport(timeout: 5)
                .send(AppleHTTPRequest(method: "POST", url: server.baseURL + "/auth/token", headers: [:], body: "code=x"))
        }
        #expect(error?.kind == .other)
        #expect(error?.requestMayHaveReachedApple == true)
    }

    @Test("cancelling the calling task cancels the request")
    func cancellation() async throws {
        let server = try await TestHTTPServer { _ in .hang }
        defer { Task { try? await server.shutdown() } }
        let start = DispatchTime.now()
        let task = Task {
            try await AsyncHTTPClientTransport(timeout: 30)
                .send(AppleHTTPRequest(method: "GET", url: server.baseURL + "/auth/keys", headers: [:], body: ""))
        }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        await #expect(throws: CancellationError.self) { _ = try await task.value }
        #expect(seconds(since: start) < 10)
    }

    @Test("timeouts and size limits outside their ranges are configuration errors", arguments: [
        (0.0, 1_000), (-1.0, 1_000), (Double.nan, 1_000), (Double.infinity, 1_000), (3_601.0, 1_000),
        (5.0, 0), (5.0, -1), (5.0, (64 << 20) + 1),
    ])
    func limits(timeout: Double, size: Int) {
        #expect {
            _ = try AsyncHTTPClientTransport(timeout: timeout, maximumResponseSize: size)
        } throws: { error in
            (error as? AppleAuthError)?.category == .configuration
        }
    }

    @Test("through SignInWithApple: tokens come back; a timed-out exchange is sent once; a refused one is reported as never sent")
    func exchangeRetryRules() async throws {
        let key = P256.Signing.PrivateKey()
        let tokens = #"{"access_token":"a","token_type":"Bearer","expires_in":3600,"refresh_token":"r","id_token":"i"}"#
        func service(_ baseURL: String, client: HTTPClient = AsyncHTTPClientTransport.sharedClient, timeout: Double) throws -> SignInWithApple {
            var configuration = try SignInWithAppleConfiguration(teamID: "TEAM123456", keyID: "KEY1234567",
                                                                 privateKeyPEM: key.pemRepresentation, clientIDs: ["com.example.app"])
            configuration.baseURL = baseURL
            configuration.retryPolicy = AppleRetryPolicy(maximumAttempts: 3, initialBackoff: 0.05, maximumBackoff: 0.1)
            return try SignInWithApple(configuration: configuration,
                                       transport: AsyncHTTPClientTransport(client: client, timeout: timeout))
        }

        // Answered: the tokens come back, and the request carried an ES256 client secret.
        let answering = try await TestHTTPServer { _ in .respond(status: 200, body: Array(tokens.utf8)) }
        defer { Task { try? await answering.shutdown() } }
        let response = try await service(answering.baseURL, timeout: 5).exchange(code: "c1", clientID: "com.example.app")
        #expect(response.refreshToken == "r")
        let form = String(decoding: try #require(answering.requests.first).body, as: UTF8.self)
        #expect(form.contains("client_secret=ey"))
        #expect(form.contains("code=c1"))

        // Timed out: the code may have been used, so it is sent exactly once.
        let hanging = try await TestHTTPServer { _ in .hang }
        defer { Task { try? await hanging.shutdown() } }
        await #expect(throws: AppleAuthError.self) {
            _ = try await service(hanging.baseURL, timeout: 0.3).exchange(code: "c2", clientID: "com.example.app")
        }
        #expect(hanging.requests.count == 1)

        // Never connected: retried (three attempts), then a transport error.
        let port = try await TestHTTPServer.closedPort()
        do {
            _ = try await service("http://127.0.0.1:\(port)", timeout: 5)
                .exchange(code: "c3", clientID: "com.example.app")
            Issue.record("an exchange against a closed port succeeded")
        } catch let error as AppleAuthError {
            // Retried by AppleAuth's policy (counted in AppleAuth's own tests, where the stand-in sees each
            // attempt); here: the failure reaches the service as one that never touched Apple.
            #expect(error.category == .transport)
            guard case .transport(_, let mayHaveReached) = error.reason else {
                Issue.record("expected a transport reason, got \(error.reason)")
                return
            }
            #expect(mayHaveReached == false)
        }
    }
}

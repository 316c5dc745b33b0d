// The service's REST calls against the stand-in: an exchange is never sent twice once it may have reached
// Apple (a timeout), but is retried when the connection never opened; revoke and refresh are retried on
// 503 (honouring Retry-After); the client secret the stand-in receives verifies and names the client ID
// the code belongs to; the native and web sign-ins in one call; notifications.

import AppleAuth
import AppleAuthURLSession
import Foundation
import PureJWT
import PureP256
import PureSHA2
import Testing
import TestSupport

/// Fails the first `failures` sends with `error`, then passes through.
private actor FlakyTransport: AppleHTTPTransport {
    let inner: any AppleHTTPTransport
    var failures: Int
    let error: AppleTransportError
    private(set) var attempts = 0

    init(_ inner: any AppleHTTPTransport, failures: Int, error: AppleTransportError) {
        (self.inner, self.failures, self.error) = (inner, failures, error)
    }

    func send(_ request: AppleHTTPRequest) async throws -> AppleHTTPResponse {
        attempts += 1
        if failures > 0 { failures -= 1; throw error }
        return try await inner.send(request)
    }
}

private let tokenBody = #"{"access_token":"at","token_type":"Bearer","expires_in":3600,"refresh_token":"rt","id_token":"x.y.z"}"#

/// The client secret in a request to the stand-in, checked as Apple documents it: ES256 by the .p8 key,
/// kid the key ID, iss the team, aud Apple, sub the request's client_id.
private func checkClientSecret(_ request: StandInServer.Request, clock: TestClock) throws {
    let form = request.form
    let key = try P256.Signing.PrivateKey(pemRepresentation: VectorFiles.text("test.p8"))
    struct Claims: Decodable { let sub: String }
    let claims = try JWTVerifier(keys: [.es256(key.publicKey, keyID: "ABC123DEFG")]).verify(
        try #require(form["client_secret"]), as: Claims.self,
        validation: JWTValidation(issuer: "DEF123GHIJ", audiences: ["https://appleid.apple.com"], now: { clock.now }))
    #expect(claims.sub == form["client_id"])
}

extension LoadAndTiming {
    @Suite("SignInWithApple REST calls", .serialized, .onOwnThread)
    struct ServiceRESTTests {
        @Test("a timeout on exchange: no second exchange request reaches Apple; the error says the code may be spent")
        func exchangeTimeout() async throws {
            let tokens = try ServiceTokens.load()
            let server = try StandInServer { _ in .init(status: 200, body: tokenBody, delay: 2) }
            defer { server.stop() }
            let apple = try makeService(server, clock: TestClock(tokens.now), timeout: 0.5)
            let error = try await #require(throws: AppleAuthError.self) { try await apple.exchange(code: "c", clientID: "com.example.app") }
            guard case .transport(_, requestMayHaveReachedApple: true) = error.reason else { Issue.record("\(error)"); return }
            #expect(error.category == .transport)
            try await Task.sleep(nanoseconds: 2_500_000_000)   // anything retried would have arrived by now
            #expect(server.received(path: "/auth/token").count == 1)
        }

        @Test("an exchange whose connection never opened is retried; one request reaches Apple")
        func exchangeConnectionFailed() async throws {
            let tokens = try ServiceTokens.load()
            let clock = TestClock(tokens.now)
            let server = try StandInServer { _ in .init(status: 200, body: tokenBody) }
            defer { server.stop() }
            let flaky = FlakyTransport(try URLSessionTransport(timeout: 30), failures: 2, error: AppleTransportError(.connectionFailed, "refused"))
            let apple = try makeService(server, clock: clock, transport: flaky)
            #expect(try await apple.exchange(code: "c", clientID: "com.example.app").refreshToken == "rt")
            #expect(await flaky.attempts == 3 && server.received(path: "/auth/token").count == 1)

            // Another failure after the connection opened: not retried.
            let other = FlakyTransport(try URLSessionTransport(timeout: 30), failures: 1, error: AppleTransportError(.other, "reset by peer"))
            let apple2 = try makeService(server, clock: clock, transport: other)
            await #expect(throws: AppleAuthError.self) { try await apple2.exchange(code: "c", clientID: "com.example.app") }
            #expect(await other.attempts == 1)

            // Apple down for good: three attempts, then "not sent".
            server.goDown()
            let error = try await #require(throws: AppleAuthError.self) { try await apple.exchange(code: "c", clientID: "com.example.app") }
            guard case .transport(_, requestMayHaveReachedApple: false) = error.reason else { Issue.record("\(error)"); return }
        }

        @Test("an exchange answered 503 is not retried (the code may be spent)")
        func exchange503() async throws {
            let tokens = try ServiceTokens.load()
            let server = try StandInServer { _ in .init(status: 503) }
            defer { server.stop() }
            let apple = try makeService(server, clock: TestClock(tokens.now))
            let error = try await #require(throws: AppleAuthError.self) { try await apple.exchange(code: "c", clientID: "com.example.app") }
            #expect(error.category == .transport && error.appleError?.status == 503)
            #expect(server.received(path: "/auth/token").count == 1)
        }

        @Test("revoke: 503 then 200 is retried, honouring Retry-After; the secret verifies and names the client")
        func revokeRetried() async throws {
            let tokens = try ServiceTokens.load()
            let clock = TestClock(tokens.now)
            let counter = Counter()
            let server = try StandInServer { _ in
                counter.next() == 1 ? .init(status: 503, headers: ["Retry-After": "1"]) : .init(status: 200)
            }
            defer { server.stop() }
            let apple = try makeService(server, clock: clock)
            let started = Date()
            try await apple.revoke("refresh-token-1", hint: .refreshToken, clientID: "com.example.web")
            #expect(Date().timeIntervalSince(started) >= 0.95)
            let requests = server.received(path: "/auth/revoke")
            #expect(requests.count == 2)
            let form = try #require(requests.last?.form)
            #expect(form["token"] == "refresh-token-1" && form["token_type_hint"] == "refresh_token" && form["client_id"] == "com.example.web")
            try checkClientSecret(try #require(requests.last), clock: clock)

            // 503 for good: three attempts, then a transport-category error carrying Apple's status.
            server.setHandler { _ in .init(status: 503) }
            let error = try await #require(throws: AppleAuthError.self) { try await apple.revoke("r", clientID: "com.example.app") }
            #expect(error.category == .transport && server.received(path: "/auth/revoke").count == 5)
            // A 400 is never retried.
            server.setHandler { _ in .init(status: 400, body: #"{"error":"invalid_client"}"#) }
            let refused = try await #require(throws: AppleAuthError.self) { try await apple.refresh("r", clientID: "com.example.app") }
            #expect(refused.appleError?.code == .invalidClient && server.received(path: "/auth/token").count == 1)
            // A client ID that is not configured is a configuration error, and nothing is sent.
            let unknown = try await #require(throws: AppleAuthError.self) { try await apple.revoke("r", clientID: "com.other") }
            #expect(unknown.category == .configuration && server.received.count == 6)
        }

        @Test("native sign-in in one call: the token (nonce, c_hash) is verified, then the code exchanged for the token's client ID")
        func nativeSignIn() async throws {
            let tokens = try ServiceTokens.load()
            let clock = TestClock(tokens.now)
            let server = try StandInServer { request in
                request.path == "/auth/keys" ? .init(status: 200, body: ServiceTokens.body(tokens.jwks_k1)) : .init(status: 200, body: tokenBody)
            }
            defer { server.stop() }
            let apple = try makeService(server, clock: clock)
            let signedIn = try await apple.signIn(identityToken: tokens.k1_token, authorizationCode: tokens.authorization_code,
                                                  nonce: .raw(tokens.raw_nonce))
            #expect(signedIn.identity.sub == "001234.service" && signedIn.tokens.refreshToken == "rt")
            #expect(signedIn.clientID == "com.example.app" && signedIn.user == nil)
            let exchange = try #require(server.received(path: "/auth/token").first)
            #expect(exchange.form["code"] == tokens.authorization_code && exchange.form["client_id"] == "com.example.app")
            #expect(exchange.form["grant_type"] == "authorization_code" && exchange.form["redirect_uri"] == nil)
            try checkClientSecret(exchange, clock: clock)

            // A code that is not the token's (c_hash), or a wrong nonce: refused, and nothing reaches Apple's token endpoint.
            await #expect(throws: AppleAuthError.self) {
                try await apple.signIn(identityToken: tokens.k1_token, authorizationCode: "another", nonce: .raw(tokens.raw_nonce))
            }
            await #expect(throws: AppleAuthError.self) {
                try await apple.signIn(identityToken: tokens.k1_token, authorizationCode: tokens.authorization_code, nonce: .raw("replayed"))
            }
            #expect(server.received(path: "/auth/token").count == 1)
        }

        @Test("an app's body: with a code the tokens come back; without the nonce a token that has one is refused; without a code nothing reaches Apple")
        func appSignIn() async throws {
            let tokens = try ServiceTokens.load()
            let clock = TestClock(tokens.now)
            let server = try StandInServer { request in
                request.path == "/auth/keys" ? .init(status: 200, body: ServiceTokens.body(tokens.jwks_k1)) : .init(status: 200, body: tokenBody)
            }
            defer { server.stop() }
            let apple = try makeService(server, clock: clock)

            let full = try await apple.signIn(AppleSignInRequest(identityToken: tokens.k1_token, authorizationCode: tokens.authorization_code,
                                                                 nonce: tokens.raw_nonce))
            #expect(full.identity.sub == "001234.service" && full.clientID == "com.example.app" && full.tokens?.refreshToken == "rt")
            #expect(server.received(path: "/auth/token").count == 1)

            let verifiedOnly = try await apple.signIn(AppleSignInRequest(identityToken: tokens.k1_token, nonce: tokens.raw_nonce))
            #expect(verifiedOnly.tokens == nil && verifiedOnly.identity.sub == "001234.service")

            // k1_token carries a nonce: a body without the raw nonce is refused, code or not, before any exchange.
            for code in [nil, tokens.authorization_code] {
                let error = try await #require(throws: AppleAuthError.self) {
                    try await apple.signIn(AppleSignInRequest(identityToken: tokens.k1_token, authorizationCode: code))
                }
                guard case .nonceMismatch = error.reason else { Issue.record("\(error)"); continue }
            }
            // A token with no nonce signs in without one.
            let plain = try await apple.signIn(AppleSignInRequest(identityToken: tokens.aud_array_with_azp_token))
            #expect(plain.clientID == "com.example.app")
            #expect(server.received(path: "/auth/token").count == 1)
            #expect(!"\(AppleSignInRequest(identityToken: "t", authorizationCode: "secret-code", nonce: "raw"))".contains("secret-code"))
        }

        @Test("web flow: the authorization URL, the form_post callback, state and nonce checked, code exchanged with the redirect URI")
        func webFlow() async throws {
            let tokens = try ServiceTokens.load()
            let clock = TestClock(tokens.now)
            let server = try StandInServer { request in
                request.path == "/auth/keys" ? .init(status: 200, body: ServiceTokens.body(tokens.jwks_k1)) : .init(status: 200, body: tokenBody)
            }
            defer { server.stop() }
            let apple = try makeService(server, clock: clock)
            let redirect = "https://example.com/auth/apple/callback"
            let request = try apple.authorizationRequest(clientID: "com.example.web", redirectURI: redirect)
            let url = try #require(URLComponents(string: request.url))
            let query = Dictionary(uniqueKeysWithValues: (url.queryItems ?? []).map { ($0.name, $0.value ?? "") })
            #expect(request.url.hasPrefix(server.baseURL + "/auth/authorize?"))
            #expect(query["client_id"] == "com.example.web" && query["redirect_uri"] == redirect)
            #expect(query["response_type"] == "code id_token" && query["response_mode"] == "form_post" && query["scope"] == "name email")
            #expect(query["state"] == request.state && query["nonce"] == SHA256.hash(data: Array(request.rawNonce.utf8)).description)
            #expect(request.state.count >= 43 && request.state != request.rawNonce && !request.url.contains(request.rawNonce))
            #expect(try apple.authorizationRequest(clientID: "com.example.web", redirectURI: redirect).state != request.state)

            // Apple's form_post (the token was made for a raw nonce the test knows, as if this request had sent it).
            let user = #"{"name":{"firstName":"Jane","lastName":"Appleseed"},"email":"jane@example.com"}"#
            let body = "state=\(request.state)&code=\(tokens.web_authorization_code)&id_token=\(tokens.web_token)&user="
                + user.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let callback = try AppleAuthorizationCallback(formBody: body)
            #expect(callback.user?.name?.firstName == "Jane" && callback.user?.email == "jane@example.com")
            let forged = try await #require(throws: AppleAuthError.self) {
                try await apple.completeWebSignIn(callback: callback, expectedState: "another-state", rawNonce: tokens.web_raw_nonce, redirectURI: redirect)
            }
            #expect(forged.category == .rejectedToken && server.received(path: "/auth/token").isEmpty)
            let signedIn = try await apple.completeWebSignIn(callback: callback, expectedState: request.state,
                                                             rawNonce: tokens.web_raw_nonce, redirectURI: redirect)
            #expect(signedIn.identity.aud.values == ["com.example.web"] && signedIn.clientID == "com.example.web")
            #expect(signedIn.user?.name?.lastName == "Appleseed")
            let exchange = try #require(server.received(path: "/auth/token").first)
            #expect(exchange.form["client_id"] == "com.example.web" && exchange.form["redirect_uri"] == redirect)
            try checkClientSecret(exchange, clock: clock)

            // What Apple sends when the user cancels, and bodies that are not Apple's.
            for bad in ["error=user_cancelled_authorize&state=s", "code=c&state=s", "code=c&id_token=t&state=s&state=t", "code=%ZZ&id_token=t&state=s",
                        "code=c&id_token=t&state=s&user=%7B%22name%22%3A1%7D",
                        "code=%C0%AF&id_token=t&state=s", "code=%ED%A0%80&id_token=t&state=s", "code=a%00b&id_token=t&state=s"] {
                let error = try #require(throws: AppleAuthError.self) { try AppleAuthorizationCallback(formBody: bad) }
                guard case .invalidCallback = error.reason else { Issue.record("\(bad): \(error)"); continue }
            }
        }

        @Test("a server-to-server notification body verifies through the service")
        func notification() async throws {
            let tokens = try ServiceTokens.load()
            let server = try StandInServer { _ in .init(status: 200, body: ServiceTokens.body(tokens.jwks_k1)) }
            defer { server.stop() }
            let apple = try makeService(server, clock: TestClock(tokens.now))
            let event = try await apple.verifyNotification(body: Array(tokens.notification_body.utf8))
            #expect(event.type == .accountDeleted && event.sub == "001234.service" && event.id == "notification-1")
            #expect(event.eventTime == Date(timeIntervalSince1970: 1_900_000_050.123))
            let duplicate = #"{"payload":"a.b.c","payload":"d.e.f"}"#
            let error = try await #require(throws: AppleAuthError.self) { try await apple.verifyNotification(body: Array(duplicate.utf8)) }
            #expect(error.category == .rejectedToken)
        }
    }
}

/// A thread-safe counter for stand-in handlers.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int { lock.lock(); defer { lock.unlock() }; value += 1; return value }
}

// AppleAuthVapor in a running Vapor application over real HTTP (VaporTesting's `.running` mode): the
// service configured on the Application and reached as `req.appleAuth`, its requests sent through
// AppleAuthAsyncHTTPClient's client to a stand-in Apple served by a second Vapor application, session tokens through the
// authenticator, and AppleAuth's failures as JSON errors. Tokens: Vectors/tokens.json (Python
// `cryptography`).

import AppleAuth
import AppleAuthVapor
import IntegrationTestSupport
import Foundation
import NIOConcurrencyHelpers
import PureJWT
import PureP256
import PureSHA2
import Testing
import Vapor
import VaporTesting

private struct Vectors: Decodable {
    let now: Double
    let raw_nonce: String
    let valid_token: String
    let code: String
    let code_token: String
    let other_audience_token: String
    let expired_token: String
    let notification_body: String

    static let file: (vectors: Vectors, jwks: String) = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Vectors/tokens.json")
        let data = try! Data(contentsOf: url)
        let object = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
        let jwks = try! JSONSerialization.data(withJSONObject: object["jwks"]!)
        return (try! JSONDecoder().decode(Vectors.self, from: data), String(decoding: jwks, as: UTF8.self))
    }()
}

private struct SignedIn: Content { let userID: String; let sessionToken: String; let refreshToken: String? }

/// A stand-in for Apple's endpoints, itself a running Vapor application: the key set, and a token endpoint
/// that answers with tokens or, when `down` is set, 503.
private final class StandInApple: Sendable {
    let app: Application
    let port: Int
    private let state = NIOLockedValueBox((down: false, silent: false, tokenRequests: [String]()))

    var down: Bool {
        get { state.withLockedValue { $0.down } }
        set { state.withLockedValue { $0.down = newValue } }
    }
    /// Accepts token requests and answers only after 12 s (longer than the default 10 s timeout).
    var silent: Bool {
        get { state.withLockedValue { $0.silent } }
        set { state.withLockedValue { $0.silent = newValue } }
    }
    var tokenRequests: [String] { state.withLockedValue { $0.tokenRequests } }

    /// A stand-in on `reserved`'s port where the system allows it (IntegrationTestSupport's ReservedPort),
    /// else on a port of its own.
    init(reserving reserved: ReservedPort? = nil) async throws {
        let requested = ReservedPort.serverMayShare ? reserved?.port ?? 0 : 0
        app = try await Application.make(.testing)
        app.http.server.configuration.port = requested
        let state = self.state
        app.get("auth", "keys") { _ in
            Response(status: .ok, headers: ["Content-Type": "application/json"], body: .init(string: Vectors.file.jwks))
        }
        app.post("auth", "token") { request -> Response in
            let form = request.body.string ?? ""
            let (down, silent) = state.withLockedValue { value in value.tokenRequests.append(form); return (value.down, value.silent) }
            if silent { try await Task.sleep(for: .seconds(12)) }
            if down { return Response(status: .serviceUnavailable) }
            return Response(status: .ok, headers: ["Content-Type": "application/json"],
                            body: .init(string: #"{"access_token":"a","token_type":"Bearer","expires_in":3600,"refresh_token":"r-1","id_token":"x.y.z"}"#))
        }
        try await app.server.start(address: .hostname("127.0.0.1", port: requested))
        port = app.http.server.shared.localAddress?.port ?? 0
        guard port != 0 else { throw Abort(.internalServerError, reason: "the stand-in did not bind") }
    }

    func shutdown() async throws {
        await app.server.shutdown()
        try await app.asyncShutdown()
    }
}

@Suite("AppleAuthVapor, running")
struct AppleAuthVaporTests {
    static let now = Date(timeIntervalSince1970: Vectors.file.vectors.now)

    /// The application under test: Sign in with Apple configured on it against the stand-in.
    private func configure(_ app: Application, apple stand: StandInApple) throws {
        var configuration = try SignInWithAppleConfiguration(teamID: "TEAM123456", keyID: "KEY1234567",
                                                             privateKeyPEM: P256.Signing.PrivateKey().pemRepresentation,
                                                             clientIDs: ["com.example.app"])
        configuration.baseURL = "http://127.0.0.1:\(stand.port)"
        configuration.retryPolicy = .never
        try app.appleAuth.configure(configuration, timeout: 5, now: { Self.now })
        try addRoutes(app)
    }

    /// The README's session tokens and routes.
    private func addRoutes(_ app: Application) throws {
        app.appleAuth.useSessions(try SessionTokens(key: .hs256(Array("session secret for the tests, 32+".utf8)),
                                                    issuer: "https://api.example.com", now: { Self.now }))

        let routes = app.grouped(AppleAuthErrorMiddleware())
        routes.post("auth", "apple") { request async throws -> SignedIn in
            let signedIn = try await request.appleAuth.signIn(try request.content.decode(AppleSignInRequest.self))
            let sessions = try request.application.appleAuth.sessions
            return SignedIn(userID: signedIn.identity.sub, sessionToken: try sessions.issue(userID: signedIn.identity.sub),
                            refreshToken: signedIn.tokens?.refreshToken)
        }
        routes.grouped(AppleSessionAuthenticator(), AppleSession.guardMiddleware())
            .get("me") { request async throws -> String in try request.auth.require(AppleSession.self).userID }
        routes.post("apple", "notifications") { request async throws -> Response in
            let apple = try request.appleAuth
            let body = Array(request.body.data.map { Data(buffer: $0) } ?? Data())
            do throws(AppleAuthError) {
                _ = try await apple.verifyNotification(body: body)
                return Response(status: .ok)
            } catch {
                // A body that does not verify is the sender's error: 400 rather than 401.
                return try AppleAuthErrorMiddleware.response(for: error, status: error.category == .rejectedToken ? .badRequest : nil)
            }
        }
    }

    private func withApps(_ test: (any TestingApplicationTester, StandInApple) async throws -> Void) async throws {
        let stand = try await StandInApple()
        do {
            try await withApp(configure: { app in try configure(app, apple: stand) }) { app in
                try await test(try app.testing(method: .running(port: 0)), stand)
            }
        } catch {
            try? await stand.shutdown()
            throw error
        }
        try await stand.shutdown()
    }

    private func json(_ value: some Encodable) throws -> ByteBuffer { ByteBuffer(data: try JSONEncoder().encode(value)) }
    private let jsonHeaders: HTTPHeaders = ["Content-Type": "application/json"]

    private func errorCode(_ response: TestingHTTPResponse) -> String? {
        try? response.content.decode([String: String].self)["error"]
    }

    @Test("sign in with a code: keys and the exchange reach the stand-in over HTTP; the session works on /me")
    func signIn() async throws {
        let vectors = Vectors.file.vectors
        try await withApps { tester, stand in
            var signedIn: SignedIn?
            let body = AppleSignInRequest(identityToken: vectors.code_token, authorizationCode: vectors.code, nonce: vectors.raw_nonce)
            try await tester.test(.POST, "auth/apple", headers: jsonHeaders, body: try json(body)) { response in
                #expect(response.status == .ok)
                signedIn = try response.content.decode(SignedIn.self)
            }
            #expect(signedIn?.userID == "001234.vapor")
            #expect(signedIn?.refreshToken == "r-1")
            #expect(stand.tokenRequests.count == 1)
            #expect(stand.tokenRequests.first?.contains("code=\(vectors.code)") == true)

            let session = try #require(signedIn?.sessionToken)
            try await tester.test(.GET, "me", headers: ["Authorization": "Bearer \(session)"]) { response in
                #expect(response.status == .ok)
                #expect(response.body.string == "001234.vapor")
            }
            for headers: HTTPHeaders in [[:], ["Authorization": "Bearer nope"], ["Authorization": "Bearer \(vectors.valid_token)"]] {
                try await tester.test(.GET, "me", headers: headers) { response in
                    #expect(response.status == .unauthorized, "\(headers)")
                }
            }
        }
    }

    @Test("rejected tokens answer 401 invalid_token and reach no token endpoint; Apple down answers 503 apple_unavailable")
    func failures() async throws {
        let vectors = Vectors.file.vectors
        try await withApps { tester, stand in
            for token in [vectors.other_audience_token, vectors.expired_token] {
                try await tester.test(.POST, "auth/apple", headers: jsonHeaders,
                                      body: try json(AppleSignInRequest(identityToken: token, nonce: vectors.raw_nonce))) { response in
                    #expect(response.status == .unauthorized)
                    #expect(errorCode(response) == "invalid_token")
                }
            }
            // A token with a nonce, sent without it.
            try await tester.test(.POST, "auth/apple", headers: jsonHeaders,
                                  body: try json(AppleSignInRequest(identityToken: vectors.valid_token))) { response in
                #expect(response.status == .unauthorized)
            }
            #expect(stand.tokenRequests.isEmpty)

            stand.down = true
            let body = AppleSignInRequest(identityToken: vectors.code_token, authorizationCode: vectors.code, nonce: vectors.raw_nonce)
            try await tester.test(.POST, "auth/apple", headers: jsonHeaders, body: try json(body)) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(errorCode(response) == "apple_unavailable")
                #expect(response.headers.first(name: .retryAfter) == "5")
            }
        }
    }

    @Test("default settings, configured as the README does: Apple silent answers 503 within the 10 s timeout plus a second, Apple refusing connections within 5 s")
    func outageTimesWithDefaults() async throws {
        let vectors = Vectors.file.vectors
        // Held until the test ends, so that the port refuses connections once the stand-in has stopped.
        let reserved = try ReservedPort()
        defer { withExtendedLifetime(reserved) {} }
        let stand = try await StandInApple(reserving: reserved)
        if ReservedPort.serverMayShare { #expect(stand.port == reserved.port) }
        var standRunning = true
        defer { if standRunning { Task { try? await stand.shutdown() } } }
        try await withApp(configure: { app in
            var configuration = try SignInWithAppleConfiguration(teamID: "TEAM123456", keyID: "KEY1234567",
                                                                 privateKeyPEM: P256.Signing.PrivateKey().pemRepresentation,
                                                                 clientIDs: ["com.example.app"])
            configuration.baseURL = "http://127.0.0.1:\(stand.port)"
            try app.appleAuth.configure(configuration, now: { Self.now })   // every timing as shipped
            try addRoutes(app)
        }) { app in
            let tester = try app.testing(method: .running(port: 0))
            let body = try json(AppleSignInRequest(identityToken: vectors.code_token, authorizationCode: vectors.code, nonce: vectors.raw_nonce))
            func signIn(expecting status: HTTPStatus) async throws -> Double {
                let start = ContinuousClock.now
                try await tester.test(.POST, "auth/apple", headers: jsonHeaders, body: body) { response in
                    #expect(response.status == status)
                    if status == .serviceUnavailable { #expect(errorCode(response) == "apple_unavailable") }
                }
                let elapsed = ContinuousClock.now - start
                return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            }
            _ = try await signIn(expecting: .ok)   // Apple's keys are now cached

            stand.silent = true
            let silentTime = try await signIn(expecting: .serviceUnavailable)
            #expect(silentTime >= 9 && silentTime < 11, "a silent Apple held the sign-in \(silentTime) s")
            #expect(stand.tokenRequests.count == 2)   // the exchange was sent once

            try await stand.shutdown()
            standRunning = false
            let refusedTime = try await signIn(expecting: .serviceUnavailable)
            #expect(refusedTime < 5, "a refused Apple held the sign-in \(refusedTime) s")
        }
    }

    @Test("notifications: a verified body is 200, a forged one 400")
    func notifications() async throws {
        let vectors = Vectors.file.vectors
        try await withApps { tester, _ in
            try await tester.test(.POST, "apple/notifications", body: ByteBuffer(string: vectors.notification_body)) { response in
                #expect(response.status == .ok)
            }
            let forged = vectors.notification_body.replacingOccurrences(of: "\"payload\": \"", with: "\"payload\": \"x")
            try await tester.test(.POST, "apple/notifications", body: ByteBuffer(string: forged)) { response in
                #expect(response.status == .badRequest)
            }
        }
    }

    @Test("an unconfigured application answers 500 server_error, not a crash")
    func unconfigured() async throws {
        try await withApp(configure: { app in
            app.grouped(AppleAuthErrorMiddleware()).get("keys") { request async throws -> String in
                _ = try await request.appleAuth.keys.keySet()
                return "ok"
            }
        }) { app in
            try await app.testing(method: .running(port: 0)).test(.GET, "keys") { response in
                #expect(response.status == .internalServerError)
                #expect(errorCode(response) == "server_error")
            }
        }
    }
}

/// A fresh .p8-shaped key for examples that need one.
enum TestKeys {
    static var p8: String { P256.Signing.PrivateKey().pemRepresentation }
}

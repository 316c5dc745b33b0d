// AppleAuthHummingbird in a running Hummingbird application over real HTTP (HummingbirdTesting's live
// mode): sign-in with an Apple-shaped identity token (Vectors/tokens.json, signed with Python
// `cryptography`), session tokens through the authenticator, AppleAuth's failures as JSON errors with the
// right status, Apple's callback and notification bodies.

import AppleAuth
import AppleAuthAsyncHTTPClient
import AppleAuthHummingbird
import Foundation
import Hummingbird
import HummingbirdAuth
import HummingbirdTesting
import IntegrationTestSupport
import NIOCore
import PureJWT
import PureP256
import PureSHA2
import Synchronization
import Testing

private struct Vectors: Decodable {
    let now: Double
    let raw_nonce: String
    let valid_token: String
    let other_audience_token: String
    let expired_token: String
    let code: String
    let code_token: String
    let tampered_token: String
    let notification_body: String

    static let file: (vectors: Vectors, jwks: String) = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Vectors/tokens.json")
        let data = try! Data(contentsOf: url)
        let object = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
        let jwks = try! JSONSerialization.data(withJSONObject: object["jwks"]!)
        return (try! JSONDecoder().decode(Vectors.self, from: data), String(decoding: jwks, as: UTF8.self))
    }()
}

/// Apple, as the tests need it: every request fails as if Apple were unreachable, so anything that works
/// works from the fixed key set alone, and an exchange shows the 503 path.
private struct UnreachableApple: AppleHTTPTransport {
    func send(_ request: AppleHTTPRequest) async throws -> AppleHTTPResponse {
        throw AppleTransportError(.connectionFailed, "no Apple in this test")
    }
}

private struct SignedIn: ResponseCodable { let userID: String; let sessionToken: String; let email: String? }
private struct Me: ResponseCodable { let userID: String }

@Suite("AppleAuthHummingbird, live")
struct AppleAuthHummingbirdTests {
    typealias Context = BasicAuthRequestContext<SessionClaims>
    static let now = Date(timeIntervalSince1970: Vectors.file.vectors.now)

    /// The README's application. By default Apple is unreachable at once and nothing is retried; the
    /// outage-time test passes a real transport and keeps every default.
    static func makeApplication(transport: any AppleHTTPTransport = UnreachableApple(), baseURL: String = "http://127.0.0.1:9",
                                retryPolicy: AppleRetryPolicy? = .never) throws -> some ApplicationProtocol {
        var configuration = try SignInWithAppleConfiguration(teamID: "TEAM123456", keyID: "KEY1234567",
                                                             privateKeyPEM: P256.Signing.PrivateKey().pemRepresentation,
                                                             clientIDs: ["com.example.app"])
        if let retryPolicy { configuration.retryPolicy = retryPolicy }
        configuration.baseURL = baseURL
        let apple = try SignInWithApple(configuration: configuration, transport: transport,
                                        fixedKeySet: try JSONWebKeySet(json: Vectors.file.jwks), now: { now })
        let sessions = try SessionTokens(key: .hs256(SymmetricKey(data: Array("session secret for the tests, 32+".utf8))),
                                         issuer: "https://api.example.com", now: { now })

        let router = Router(context: Context.self)
        router.add(middleware: AppleAuthErrorMiddleware())
        router.post("auth/apple") { request, context -> SignedIn in
            let signedIn = try await apple.signIn(try await request.appleSignInBody(context: context))
            let identity = signedIn.identity
            return SignedIn(userID: identity.sub, sessionToken: try sessions.issue(userID: identity.sub), email: identity.email)
        }
        router.group("me")
            .add(middleware: AppleSessionAuthenticator(sessions: sessions))
            .get { _, context -> Me in Me(userID: try context.requireIdentity().userID) }
        router.post("apple/notifications") { request, _ -> HTTPResponse.Status in
            do {
                let notification = try await apple.verifyNotification(body: try await request.appleBodyBytes())
                return notification.type == .emailDisabled ? .ok : .accepted
            } catch let error as AppleAuthError {
                throw AppleAuthHTTPError(error, rejectedTokenStatus: .badRequest)
            }
        }
        router.post("auth/apple/callback") { request, _ -> HTTPResponse.Status in
            let callback = try await request.appleAuthorizationCallback()
            guard callback.hasState("expected-state") else { throw AppleAuthError(.invalidCallback("unknown state")) }
            return .ok
        }
        return Application(router: router)
    }

    private func json(_ value: some Encodable) throws -> ByteBuffer { ByteBuffer(bytes: try JSONEncoder().encode(value)) }

    private func errorCode(_ response: TestResponse) -> String? {
        (try? JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: String])?["error"]
    }

    @Test("sign in with a valid identity token, then use the session token; without or with a bad one, 401")
    func signInAndSession() async throws {
        let vectors = Vectors.file.vectors
        try await Self.makeApplication().test(.live) { client in
            let signedIn = try await client.execute(
                uri: "/auth/apple", method: .post, headers: [.contentType: "application/json"],
                body: try json(AppleSignInRequest(identityToken: vectors.valid_token, nonce: vectors.raw_nonce))
            ) { response in
                #expect(response.status == .ok)
                return try JSONDecoder().decode(SignedIn.self, from: Data(buffer: response.body))
            }
            #expect(signedIn.userID == "001234.hb")
            #expect(signedIn.email == "user@example.com")

            try await client.execute(uri: "/me", method: .get, headers: [.authorization: "Bearer \(signedIn.sessionToken)"]) { response in
                #expect(response.status == .ok)
                let me = try JSONDecoder().decode(Me.self, from: Data(buffer: response.body))
                #expect(me.userID == "001234.hb")
            }
            for headers: HTTPFields in [[:], [.authorization: "Bearer nope"], [.authorization: "Bearer \(vectors.valid_token)"],
                                        [.authorization: "Basic \(signedIn.sessionToken)"]] {
                try await client.execute(uri: "/me", method: .get, headers: headers) { response in
                    #expect(response.status == .unauthorized, "\(headers)")
                }
            }
        }
    }

    @Test("rejected identity tokens answer 401 invalid_token", arguments: [
        "other_audience", "expired", "tampered", "wrong nonce", "a token with a nonce but none in the body", "a code that is not the token's",
    ])
    func rejected(case name: String) async throws {
        let vectors = Vectors.file.vectors
        let body: AppleSignInRequest = switch name {
        case "other_audience": AppleSignInRequest(identityToken: vectors.other_audience_token, nonce: vectors.raw_nonce)
        case "expired": AppleSignInRequest(identityToken: vectors.expired_token, nonce: vectors.raw_nonce)
        case "tampered": AppleSignInRequest(identityToken: vectors.tampered_token, nonce: vectors.raw_nonce)
        case "wrong nonce": AppleSignInRequest(identityToken: vectors.valid_token, nonce: "another nonce")
        case "a code that is not the token's":
            AppleSignInRequest(identityToken: vectors.code_token, authorizationCode: "code-2", nonce: vectors.raw_nonce)
        default: AppleSignInRequest(identityToken: vectors.valid_token)
        }
        try await Self.makeApplication().test(.live) { client in
            try await client.execute(uri: "/auth/apple", method: .post, headers: [.contentType: "application/json"],
                                     body: try json(body)) { response in
                #expect(response.status == .unauthorized)
                #expect(errorCode(response) == "invalid_token")
            }
        }
    }

    @Test("an exchange while Apple is unreachable answers 503 apple_unavailable with Retry-After; a malformed body 400")
    func unreachableAndMalformed() async throws {
        let vectors = Vectors.file.vectors
        try await Self.makeApplication().test(.live) { client in
            let body = AppleSignInRequest(identityToken: vectors.code_token, authorizationCode: vectors.code, nonce: vectors.raw_nonce)
            try await client.execute(uri: "/auth/apple", method: .post, headers: [.contentType: "application/json"],
                                     body: try json(body)) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(errorCode(response) == "apple_unavailable")
                #expect(response.headers[.retryAfter] == "5")
            }
            try await client.execute(uri: "/auth/apple", method: .post, body: ByteBuffer(string: "{\"token\": 1}")) { response in
                #expect(response.status == .badRequest)
            }
            try await client.execute(uri: "/auth/apple", method: .post,
                                     body: ByteBuffer(repeating: 0x20, count: 70_000)) { response in
                #expect(response.status == .contentTooLarge)
            }
        }
    }

    /// A sign-in with a code that Apple cannot answer: 503 apple_unavailable, and the seconds it took.
    private static func timedSignIn(_ client: some TestClientProtocol) async throws -> Double {
        let vectors = Vectors.file.vectors
        let body = AppleSignInRequest(identityToken: vectors.code_token, authorizationCode: vectors.code, nonce: vectors.raw_nonce)
        let start = ContinuousClock.now
        try await client.execute(uri: "/auth/apple", method: .post, headers: [.contentType: "application/json"],
                                 body: ByteBuffer(bytes: try JSONEncoder().encode(body))) { response in
            #expect(response.status == .serviceUnavailable)
            let error = (try? JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: String])?["error"]
            #expect(error == "apple_unavailable")
        }
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    @Test("default settings, the README's AsyncHTTPClientTransport(): Apple silent answers 503 within the 10 s timeout plus a second, Apple refusing connections within 5 s")
    func outageTimesWithDefaults() async throws {
        // A stand-in Apple that accepts the exchange and answers only after 12 s.
        let standIn = Router()
        let tokenRequests = Counter()
        standIn.post("auth/token") { _, _ -> HTTPResponse.Status in
            tokenRequests.increment()
            try await Task.sleep(for: .seconds(12))
            return .ok
        }
        // The stand-in listens on a reserved port (IntegrationTestSupport's ReservedPort), held until the test
        // ends so that it refuses connections once the stand-in has stopped and no other test's server is
        // given it meanwhile.
        let reserved = try ReservedPort()
        defer { withExtendedLifetime(reserved) {} }
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let standInApp = Application(router: standIn,
                                     configuration: .init(address: .hostname("127.0.0.1", port: ReservedPort.serverMayShare ? reserved.port : 0)),
                                     onServerRunning: { channel in portContinuation.yield(channel.localAddress?.port ?? 0) })
        let standInPort = try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await standInApp.runService(gracefulShutdownSignals: []) }
            defer { group.cancelAll() }
            var iterator = ports.makeAsyncIterator()
            let standInPort = try #require(await iterator.next())
            if ReservedPort.serverMayShare { #expect(standInPort == reserved.port) }
            let app = try Self.makeApplication(transport: try AsyncHTTPClientTransport(), baseURL: "http://127.0.0.1:\(standInPort)",
                                               retryPolicy: nil)
            try await app.test(.live) { client in
                let silentTime = try await Self.timedSignIn(client)
                #expect(silentTime >= 9 && silentTime < 11, "a silent Apple held the sign-in \(silentTime) s")
            }
            #expect(tokenRequests.value == 1)   // the code was sent once
            return standInPort
        }
        // The stand-in has stopped: its port refuses connections.
        let app = try Self.makeApplication(transport: try AsyncHTTPClientTransport(), baseURL: "http://127.0.0.1:\(standInPort)",
                                           retryPolicy: nil)
        try await app.test(.live) { client in
            let refusedTime = try await Self.timedSignIn(client)
            #expect(refusedTime < 5, "a refused Apple held the sign-in \(refusedTime) s")
        }
    }

    @Test("a notification verifies; a forged body is 400")
    func notifications() async throws {
        let vectors = Vectors.file.vectors
        try await Self.makeApplication().test(.live) { client in
            try await client.execute(uri: "/apple/notifications", method: .post, body: ByteBuffer(string: vectors.notification_body)) { response in
                #expect(response.status == .ok)
            }
            let forged = vectors.notification_body.replacingOccurrences(of: "\"payload\": \"", with: "\"payload\": \"x")
            try await client.execute(uri: "/apple/notifications", method: .post, body: ByteBuffer(string: forged)) { response in
                #expect(response.status == .badRequest)
                #expect(errorCode(response) == "invalid_token")
            }
        }
    }

    @Test("Apple's callback: a good form passes; a cancelled, malformed or unknown-state one is 400 invalid_callback")
    func callback() async throws {
        try await Self.makeApplication().test(.live) { client in
            let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            try await client.execute(uri: "/auth/apple/callback", method: .post, headers: form,
                                     body: ByteBuffer(string: "state=expected-state&code=c1&id_token=t1")) { response in
                #expect(response.status == .ok)
            }
            for body in ["state=other&code=c1&id_token=t1", "error=user_cancelled_authorize&state=expected-state",
                         "state=expected-state&code=%ZZ&id_token=t1"] {
                try await client.execute(uri: "/auth/apple/callback", method: .post, headers: form, body: ByteBuffer(string: body)) { response in
                    #expect(response.status == .badRequest, "\(body)")
                    #expect(errorCode(response) == "invalid_callback", "\(body)")
                }
            }
            try await client.execute(uri: "/auth/apple/callback", method: .post, headers: form,
                                     body: ByteBuffer(bytes: [0x73, 0x3D, 0xFF, 0xFE])) { response in
                #expect(response.status == .badRequest)
            }
        }
    }
}

/// A thread-safe count.
private final class Counter: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

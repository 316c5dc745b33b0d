// The example server end to end over real HTTP: the stand-in Apple and the server on 127.0.0.1, driven with
// AsyncHTTPClient. Native and web sign-in, /me, account deletion (the revocation seen at the stand-in with a
// valid client secret), deletion during an Apple outage then recovery — exactly one revocation, also across a
// restart of the server on the same database —, notifications, key rotation, and the tokens that must be
// refused.

import AppleAuth
import AsyncHTTPClient
import Crypto
import Foundation
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import PureP256
import ServiceLifecycle
import PureX509
import SignInWithAppleServerKit
import Testing

extension EndToEndTests {
    /// PureJWT's OCSP vectors (Tests/PureX509Tests/Vectors/ocsp_vectors.json, made by Python `cryptography`):
    /// a chain with Apple's markers and AIA OCSP URLs, a TEST notification signed on it, and answers.
    private struct OCSPVectors: Decodable {
        let root: String, notification: String
        let cases: [Case]
        struct Case: Decodable { let name: String; let response: String }
        func answer(_ name: String) -> [UInt8] { [UInt8](Data(base64Encoded: cases.first { $0.name == name }?.response ?? "") ?? Data()) }
    }

    @Test("APPSTORE_ONLINE_CHECKS: a notification whose certificates are good is recorded, a revoked one is 400, no OCSP answer is 503")
    func appStoreOnlineChecks() async throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tests/PureX509Tests/Vectors/ocsp_vectors.json")
        let vectors = try JSONDecoder().decode(OCSPVectors.self, from: Data(contentsOf: path))
        let apple = try await StandInApple()
        apple.state.withLockedValue { $0.ocsp = ["ocsp-intermediate": vectors.answer("good-long"), "ocsp-root": vectors.answer("intermediate-good-long")] }
        let database = try await TestBackend.sqlite.freshDatabase()
        let server = try await RunningServer(apple: apple, database: database, appStore: AppStoreSettings(
            rootCertificates: [[UInt8](Data(base64Encoded: vectors.root) ?? Data())], bundleID: "com.example", appAppleID: nil,
            onlineChecks: true, ocspBaseURL: apple.baseURL))
        let url = server.url + "/appstore/notifications"
        let body = #"{"signedPayload": "\#(vectors.notification)"}"#
        #expect(try await call(.POST, url, form: body).status == 200)
        #expect(apple.state.withLockedValue { $0.ocspRequests } == 2)
        #expect(try await call(.POST, url, form: body).status == 200)   // answers cached: no new request
        #expect(apple.state.withLockedValue { $0.ocspRequests } == 2)
        await server.stop()

        // A fresh server (empty cache): the leaf revoked, then the responder down.
        apple.state.withLockedValue { $0.ocsp["ocsp-intermediate"] = vectors.answer("revoked-long") }
        let second = try await RunningServer(apple: apple, database: database, appStore: AppStoreSettings(
            rootCertificates: [[UInt8](Data(base64Encoded: vectors.root) ?? Data())], bundleID: "com.example", appAppleID: nil,
            onlineChecks: true, ocspBaseURL: apple.baseURL))
        #expect(try await call(.POST, second.url + "/appstore/notifications", form: body).status == 400)
        await apple.setFault(.down)
        #expect(try await call(.POST, second.url + "/appstore/notifications", form: body).status == 503)
        await second.stop()
        await apple.shutdown()
    }
}

/// The server under test, running in this process on a free port.
final class RunningServer: Sendable {
    let port: Int
    private let group: ServiceGroup

    var url: String { "http://127.0.0.1:\(port)" }

    init(apple: StandInApple, database: DatabaseLocation, unknownKeyIDInterval: Double = 60, appleTimeout: Double = 10,
         appStore: AppStoreSettings? = nil, webAuthn: WebAuthnSettings? = nil, appAttest: AppAttestSettings? = nil,
         port requestedPort: Int = 0, publicURL: String? = nil) async throws {
        var logger = Logger(label: "server-under-test")
        logger.logLevel = .warning
        var configuration = ServerConfiguration(
            teamID: StandInApple.teamID, keyID: StandInApple.keyID, privateKeyPEM: apple.p8.pemRepresentation,
            clientIDs: apple.clientIDs, appleBaseURL: apple.baseURL, database: database,
            host: "127.0.0.1", port: requestedPort, publicURL: publicURL ?? "http://127.0.0.1:\(requestedPort)")
        configuration.unknownKeyIDInterval = unknownKeyIDInterval
        configuration.appleTimeout = appleTimeout
        configuration.appStore = appStore
        configuration.webAuthn = webAuthn
        configuration.appAttest = appAttest
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let app = try await buildApplication(configuration, pollInterval: 0.2, logger: logger) { channel in
            continuation.yield(channel.localAddress?.port ?? 0)
        }
        group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let group = self.group
        Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        port = await iterator.next() ?? 0
    }

    func stop() async { await group.triggerGracefulShutdown() }
}

struct Answer {
    let status: Int
    let json: [String: Any]
    let headers: [(String, String)]
}

/// A client that does not follow redirects: the web flow's 302 is what the tests look at.
private let client: HTTPClient = {
    var configuration = HTTPClient.Configuration()
    configuration.redirectConfiguration = .disallow
    return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
}()

func call(_ method: HTTPMethod, _ url: String, json: [String: Any]? = nil, form: String? = nil,
                  bearer: String? = nil) async throws -> Answer {
    var request = HTTPClientRequest(url: url)
    request.method = method
    if let json {
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(data: try JSONSerialization.data(withJSONObject: json)))
    }
    if let form {
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.body = .bytes(ByteBuffer(string: form))
    }
    if let bearer { request.headers.add(name: "Authorization", value: "Bearer \(bearer)") }
    let response = try await client.execute(request, timeout: .seconds(30))
    let body = try await response.body.collect(upTo: 1 << 20)
    let object = (try? JSONSerialization.jsonObject(with: Data(buffer: body))) as? [String: Any] ?? [:]
    return Answer(status: Int(response.status.code), json: object, headers: response.headers.map { ($0.name, $0.value) })
}

func rawNonceAndHash() -> (raw: String, hash: String) {
    let raw = UUID().uuidString
    return (raw, SHA256.hash(data: Data(raw.utf8)).map { String(format: "%02x", $0) }.joined())
}

func waitUntil(seconds: Double, _ condition: () -> Bool) async throws -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        try await Task.sleep(for: .milliseconds(100))
    }
    return condition()
}

@Suite("Sign in with Apple server, end to end", .serialized)
struct EndToEndTests {
    private func withServer(_ backend: TestBackend = .sqlite, unknownKeyIDInterval: Double = 60, appleTimeout: Double = 10,
                            _ body: (StandInApple, RunningServer, DatabaseLocation) async throws -> Void) async throws {
        let apple = try await StandInApple()
        let database = try await backend.freshDatabase()
        let server = try await RunningServer(apple: apple, database: database, unknownKeyIDInterval: unknownKeyIDInterval,
                                             appleTimeout: appleTimeout)
        do {
            try await body(apple, server, database)
        } catch {
            await server.stop(); await apple.shutdown()
            throw error
        }
        await server.stop()
        await apple.shutdown()
    }

    @Test("native sign-in with a code, /me, account deletion: the refresh token is revoked at Apple with a valid client secret",
          arguments: TestBackend.all)
    func nativeSignInAndDeletion(_ backend: TestBackend) async throws {
        try await withServer(backend) { apple, server, _ in
            let nonce = rawNonceAndHash()
            let token = try apple.identityToken(sub: "001.alice", nonce: nonce.hash, code: "code-1")
            let signIn = try await call(.POST, server.url + "/auth/apple",
                                        json: ["identityToken": token, "authorizationCode": "code-1", "nonce": nonce.raw])
            #expect(signIn.status == 200)
            #expect(signIn.json["userID"] as? String == "001.alice")
            #expect(signIn.json["email"] as? String == "user@example.com")
            let session = try #require(signIn.json["sessionToken"] as? String)
            #expect(apple.state.withLockedValue { $0.exchanged } == ["code-1"])

            let me = try await call(.GET, server.url + "/me", bearer: session)
            #expect(me.status == 200 && me.json["userID"] as? String == "001.alice")
            let anonymous = try await call(.GET, server.url + "/me")
            #expect(anonymous.status == 401 && anonymous.json["error"] as? String == "unauthorized")
            let malformed = try await call(.POST, server.url + "/auth/apple", json: ["token": 1])
            #expect(malformed.status == 400 && malformed.json["error"] is String)

            #expect(try await call(.DELETE, server.url + "/account", bearer: session).status == 204)
            #expect(apple.state.withLockedValue { $0.revoked } == ["rt-code-1"])
            #expect(apple.state.withLockedValue { $0.clientSecretProblems }.isEmpty)
            #expect(try await call(.GET, server.url + "/me", bearer: session).status == 401)
            #expect(try await call(.GET, server.url + "/health").status == 200)
            #expect(try await call(.GET, server.url + "/ready").status == 200)
        }
    }

    @Test("deletion while Apple answers 503: 202 at once, then exactly one revocation once Apple is back, also across a restart",
          arguments: TestBackend.all)
    func deletionDuringOutage(_ backend: TestBackend) async throws {
        let apple = try await StandInApple()
        defer { Task { await apple.shutdown() } }
        let database = try await backend.freshDatabase()
        var server = try await RunningServer(apple: apple, database: database)

        for (user, code) in [("001.bob", "code-b"), ("001.carol", "code-c")] {
            let token = try apple.identityToken(sub: user, code: code, email: nil)
            let signIn = try await call(.POST, server.url + "/auth/apple", json: ["identityToken": token, "authorizationCode": code])
            #expect(signIn.status == 200)
            await apple.setFault(.unavailable)
            let session = try #require(signIn.json["sessionToken"] as? String)
            #expect(try await call(.DELETE, server.url + "/account", bearer: session).status == 202)
            #expect(try await call(.GET, server.url + "/me", bearer: session).status == 401)
            if user == "001.bob" {
                // Apple is back: the running server's queue delivers it, once.
                await apple.setFault(.none)
                #expect(try await waitUntil(seconds: 20) { apple.state.withLockedValue { $0.revoked } == ["rt-code-b"] })
            } else {
                // The server stops while Apple is still down; Apple comes back; a new process on the same
                // database delivers it.
                await server.stop()
                try await Task.sleep(for: .milliseconds(300))
                #expect(apple.state.withLockedValue { $0.revoked } == ["rt-code-b"])
                await apple.setFault(.none)
                server = try await RunningServer(apple: apple, database: database)
                #expect(try await waitUntil(seconds: 20) { apple.state.withLockedValue { $0.revoked }.contains("rt-code-c") })
            }
        }
        try await Task.sleep(for: .seconds(2))   // anything sent twice would have arrived by now
        #expect(apple.state.withLockedValue { $0.revoked } == ["rt-code-b", "rt-code-c"])
        await server.stop()
    }

    @Test("default settings, Apple down (connection refused) or slow (answering after the server's 10 s timeout): a code exchange is 503 within 5 s or the timeout plus a second and can be retried, cached keys still sign in, a deletion is 202 and its revocation arrives exactly once when Apple is back",
          arguments: [(StandInApple.Fault.down, TestBackend.sqlite), (.slow, .sqlite)] + TestBackend.postgresOnly.map { (.down, $0) })
    func outage(_ fault: StandInApple.Fault, _ backend: TestBackend) async throws {
        try await withServer(backend) { apple, server, _ in
            let signIn = try await call(.POST, server.url + "/auth/apple",
                                        json: ["identityToken": try apple.identityToken(sub: "001.ivan", code: "code-i", email: nil),
                                               "authorizationCode": "code-i"])
            #expect(signIn.status == 200)
            let session = try #require(signIn.json["sessionToken"] as? String)
            await apple.setFault(fault)

            let nonce = rawNonceAndHash()
            let withCode: [String: Any] = ["identityToken": try apple.identityToken(sub: "001.judy", nonce: nonce.hash, code: "code-j"),
                                           "authorizationCode": "code-j", "nonce": nonce.raw]
            let started = ContinuousClock.now
            let exchange = try await call(.POST, server.url + "/auth/apple", json: withCode)
            let waited = ContinuousClock.now - started
            #expect(exchange.status == 503 && exchange.json["error"] as? String == "apple_unavailable")
            // Slow: the server's own 10 s timeout ended the wait (one attempt: the request may have reached
            // Apple, so a code is never sent twice), not the stand-in's answer 12 s later. Down: a connection
            // that never opened fails at once and is retried, three attempts within about 1.5 s.
            if fault == .slow {
                #expect(waited >= .seconds(9) && waited < .seconds(11), "waited \(waited)")
            } else {
                #expect(waited < .seconds(5), "waited \(waited)")
            }
            let cached = try await call(.POST, server.url + "/auth/apple", json: ["identityToken": try apple.identityToken(sub: "001.ivan")])
            #expect(cached.status == 200)

            #expect(try await call(.DELETE, server.url + "/account", bearer: session).status == 202)
            #expect(try await call(.GET, server.url + "/me", bearer: session).status == 401)
            if fault == .slow { #expect(apple.state.withLockedValue { $0.lateRequests } >= 2) }
            #expect(apple.state.withLockedValue { $0.revoked }.isEmpty)

            await apple.setFault(.none)
            #expect(try await waitUntil(seconds: 20) { apple.state.withLockedValue { $0.revoked } == ["rt-code-i"] })
            // The failed sign-in gave its nonce back: the app's retry with the same body succeeds.
            let retried = try await call(.POST, server.url + "/auth/apple", json: withCode)
            #expect(retried.status == 200)
            try await Task.sleep(for: .seconds(2))   // anything sent twice would have arrived by now
            #expect(apple.state.withLockedValue { $0.revoked } == ["rt-code-i"])
            #expect(apple.state.withLockedValue { $0.clientSecretProblems }.isEmpty)
        }
    }

    @Test("refused: forged, expired, wrong audience, replayed nonce (401); Apple refusing the code (400 invalid_grant); Apple down during the exchange (503)",
          arguments: TestBackend.all)
    func refusals(_ backend: TestBackend) async throws {
        try await withServer(backend) { apple, server, _ in
            let nonce = rawNonceAndHash()
            let good = try apple.identityToken(sub: "001.dave", nonce: nonce.hash)
            var parts = good.split(separator: ".").map(String.init)
            parts[1] = StandInApple.base64url(Data(#"{"iss":"https://appleid.apple.com","aud":"com.example.app","sub":"001.mallory","exp":9999999999,"iat":1}"#.utf8))
            let cases: [(String, [String: Any])] = [
                ("forged", ["identityToken": parts.joined(separator: "."), "nonce": nonce.raw]),
                ("expired", ["identityToken": try apple.identityToken(sub: "001.dave", nonce: nonce.hash, expiresIn: -600), "nonce": nonce.raw]),
                ("audience", ["identityToken": try apple.identityToken(sub: "001.dave", aud: "com.attacker.app", nonce: nonce.hash), "nonce": nonce.raw]),
                ("nonce", ["identityToken": good, "nonce": "a different raw nonce"]),
                ("no nonce", ["identityToken": good]),
            ]
            for (name, body) in cases {
                let answer = try await call(.POST, server.url + "/auth/apple", json: body)
                #expect(answer.status == 401, "\(name)")
                #expect(answer.json["error"] as? String == "invalid_token", "\(name)")
            }
            let used = try await call(.POST, server.url + "/auth/apple",
                                      json: ["identityToken": try apple.identityToken(sub: "001.dave", code: "used-1"), "authorizationCode": "used-1"])
            #expect(used.status == 400 && used.json["error"] as? String == "invalid_grant")

            // The nonce is single-use: the good body signs in once, and the same body again is a replay.
            let first = try await call(.POST, server.url + "/auth/apple", json: ["identityToken": good, "nonce": nonce.raw])
            #expect(first.status == 200)
            let replayed = try await call(.POST, server.url + "/auth/apple", json: ["identityToken": good, "nonce": nonce.raw])
            #expect(replayed.status == 401 && replayed.json["error"] as? String == "invalid_token")

            await apple.setFault(.unavailable)
            let down = try await call(.POST, server.url + "/auth/apple",
                                      json: ["identityToken": try apple.identityToken(sub: "001.dave", code: "code-d"), "authorizationCode": "code-d"])
            #expect(down.status == 503 && down.json["error"] as? String == "apple_unavailable")
            // Without a code, a token signs in from the cached keys while Apple is down.
            let cached = try await call(.POST, server.url + "/auth/apple", json: ["identityToken": try apple.identityToken(sub: "001.dave")])
            #expect(cached.status == 200)
        }
    }

    @Test("a rotated key (new kid) is picked up without a restart")
    func keyRotation() async throws {
        // The server refetches for an unknown kid at most once per interval (60 s by default); 1 s here.
        try await withServer(unknownKeyIDInterval: 1) { apple, server, _ in
            #expect(try await call(.POST, server.url + "/auth/apple", json: ["identityToken": try apple.identityToken(sub: "001.erin")]).status == 200)
            try apple.rotate(to: "k2")
            try await Task.sleep(for: .milliseconds(1_100))
            let rotated = try await call(.POST, server.url + "/auth/apple", json: ["identityToken": try apple.identityToken(sub: "001.erin", kid: "k2")])
            #expect(rotated.status == 200)
            #expect(apple.state.withLockedValue { $0.keyFetches } == 2)
        }
    }

    @Test("notifications: account-delete removes the user, a replay changes nothing, email events update, a bad body is 400",
          arguments: TestBackend.all)
    func notifications(_ backend: TestBackend) async throws {
        try await withServer(backend) { apple, server, _ in
            let signIn = try await call(.POST, server.url + "/auth/apple", json: ["identityToken": try apple.identityToken(sub: "001.frank")])
            let session = try #require(signIn.json["sessionToken"] as? String)
            let disabled = try apple.notificationBody(type: "email-disabled", sub: "001.frank", id: "n1")
            #expect(try await call(.POST, server.url + "/apple/notifications", form: disabled).status == 200)
            #expect(try await call(.GET, server.url + "/me", bearer: session).status == 200)

            let deleted = try apple.notificationBody(type: "account-delete", sub: "001.frank", id: "n2")
            #expect(try await call(.POST, server.url + "/apple/notifications", form: deleted).status == 200)
            #expect(try await call(.GET, server.url + "/me", bearer: session).status == 401)
            // The same user signs in again; the replayed deletion must not remove them a second time.
            _ = try await call(.POST, server.url + "/auth/apple", json: ["identityToken": try apple.identityToken(sub: "001.frank")])
            #expect(try await call(.POST, server.url + "/apple/notifications", form: deleted).status == 200)
            #expect(try await call(.GET, server.url + "/me", bearer: session).status == 200)

            #expect(try await call(.POST, server.url + "/apple/notifications", form: "{\"payload\": \"not.a.token\"}").status == 400)
            #expect(apple.state.withLockedValue { $0.revoked }.isEmpty)
        }
    }

    @Test("web flow: the redirect to Apple, Apple's form_post back with the echoed nonce, the name stored; a reused state is 400",
          arguments: TestBackend.all)
    func webFlow(_ backend: TestBackend) async throws {
        try await withServer(backend) { apple, server, _ in
            let redirect = try await call(.GET, server.url + "/auth/apple/authorize?client_id=com.example.web")
            #expect(redirect.status == 302)
            let location = try #require(redirect.headers.first { $0.0.lowercased() == "location" }?.1)
            let query = try #require(URLComponents(string: location)?.queryItems)
            func item(_ name: String) -> String? { query.first { $0.name == name }?.value }
            #expect(location.hasPrefix(apple.baseURL + "/auth/authorize?"))
            #expect(item("client_id") == "com.example.web" && item("response_mode") == "form_post")
            #expect(item("response_type") == "code id_token" && item("redirect_uri") == "http://127.0.0.1:0/auth/apple/callback")
            let state = try #require(item("state"))
            let nonce = try #require(item("nonce"))

            let token = try apple.identityToken(sub: "001.grace", aud: "com.example.web", nonce: nonce, code: "web-code")
            let user = #"{"name":{"firstName":"Grace","lastName":"Hopper"},"email":"grace@example.com"}"#
            func form(_ state: String) -> String {
                let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
                return ["state": state, "code": "web-code", "id_token": token, "user": user]
                    .map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed)!)" }.joined(separator: "&")
            }
            let signedIn = try await call(.POST, server.url + "/auth/apple/callback", form: form(state))
            #expect(signedIn.status == 200)
            let session = try #require(signedIn.json["sessionToken"] as? String)
            let me = try await call(.GET, server.url + "/me", bearer: session)
            #expect(me.json["name"] as? String == "Grace Hopper")

            let reused = try await call(.POST, server.url + "/auth/apple/callback", form: form(state))
            #expect(reused.status == 400 && reused.json["error"] as? String == "invalid_callback")
            #expect(try await call(.POST, server.url + "/auth/apple/callback", form: form("unknown")).status == 400)
            #expect(try await call(.GET, server.url + "/auth/apple/authorize?client_id=com.attacker.app").status == 400)
        }
    }
}

/// The built `SignInWithAppleServer` executable, run as its own process with environment variables.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    private let lock = NSLock()
    private var output = ""
    private(set) var port = 0

    var url: String { "http://127.0.0.1:\(port)" }

    init(environment: [String: String]) throws {
        // The build beside the tests, or SIWA_SERVER_EXECUTABLE (the load figures use a release build).
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        process.executableURL = ProcessInfo.processInfo.environment["SIWA_SERVER_EXECUTABLE"].map { URL(fileURLWithPath: $0) }
            ?? directory.appendingPathComponent("SignInWithAppleServer")
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            self?.lock.withLock { self?.output += text }
        }
        try process.run()
    }

    /// Waits for the "listening on 127.0.0.1:PORT" line.
    func waitUntilListening() async throws {
        for _ in 0..<200 {
            let text = lock.withLock { output }
            if let range = text.range(of: "listening on 127.0.0.1:"),
               let port = Int(text[range.upperBound...].prefix { $0.isNumber }) {
                self.port = port
                return
            }
            if !process.isRunning { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw HTTPError(.internalServerError, message: "the server did not start: \(lock.withLock { output })")
    }

    /// Everything the process printed so far.
    var printed: String { lock.withLock { output } }

    /// Kills the process with SIGKILL (no shutdown of any kind) and waits for it to end.
    func kill() async throws {
        Foundation.kill(process.processIdentifier, SIGKILL)
        for _ in 0..<100 where process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
    }

    /// Waits for the process to end by itself; its exit status, or nil if it still runs after `seconds`.
    func exitStatus(within seconds: Double) async throws -> Int32? {
        for _ in 0..<Int(seconds * 20) where process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// Sends SIGTERM and waits for the process to end; its exit status.
    func terminate() async throws -> Int32 {
        process.terminate()
        for _ in 0..<100 where process.isRunning { try await Task.sleep(for: .milliseconds(100)) }
        return process.isRunning ? -1 : process.terminationStatus
    }
}

extension EndToEndTests {
    @Test("the executable: a deletion queued during an outage survives SIGTERM and is sent once by the next process")
    func processRestart() async throws {
        let apple = try await StandInApple()
        let directory = try TestScratch.directory()
        let keyFile = directory.appendingPathComponent("key.p8")
        try apple.p8.pemRepresentation.write(to: keyFile, atomically: true, encoding: .utf8)
        let environment = [
            "APPLE_TEAM_ID": StandInApple.teamID, "APPLE_KEY_ID": StandInApple.keyID,
            "APPLE_PRIVATE_KEY_FILE": keyFile.path, "APPLE_CLIENT_IDS": apple.clientIDs.joined(separator: ","),
            "APPLE_BASE_URL": apple.baseURL, "DATABASE_PATH": directory.appendingPathComponent("users.sqlite").path,
            "HOST": "127.0.0.1", "PORT": "0",
        ]

        let first = try ServerProcess(environment: environment)
        try await first.waitUntilListening()
        let token = try apple.identityToken(sub: "001.heidi", code: "code-h", email: nil)
        let signIn = try await call(.POST, first.url + "/auth/apple", json: ["identityToken": token, "authorizationCode": "code-h"])
        #expect(signIn.status == 200)
        let session = try #require(signIn.json["sessionToken"] as? String)
        await apple.setFault(.unavailable)
        #expect(try await call(.DELETE, first.url + "/account", bearer: session).status == 202)
        #expect(try await first.terminate() == 0)

        await apple.setFault(.none)
        let second = try ServerProcess(environment: environment)
        try await second.waitUntilListening()
        #expect(try await waitUntil(seconds: 20) { apple.state.withLockedValue { $0.revoked } == ["rt-code-h"] })
        try await Task.sleep(for: .seconds(2))
        #expect(apple.state.withLockedValue { $0.revoked } == ["rt-code-h"])
        #expect(try await second.terminate() == 0)
        await apple.shutdown()
    }
}

extension EndToEndTests {
    @Test("App Store notifications: a verified one is recorded once (a redelivery changes nothing); a forged, altered, foreign-root or other-app one is 400",
          arguments: TestBackend.all)
    func appStoreNotifications(_ backend: TestBackend) async throws {
        let apple = try await StandInApple()
        let store = try StandInAppStore(), stranger = try StandInAppStore()
        // The stand-in's root is a certificate PureX509 reads (swift-certificates wrote it).
        _ = try PureX509.Certificate(derRepresentation: store.rootDER)
        let database = try await backend.freshDatabase()
        let server = try await RunningServer(apple: apple, database: database,
                                             appStore: AppStoreSettings(rootCertificates: [store.rootDER], bundleID: "com.example.app", appAppleID: nil))
        let url = server.url + "/appstore/notifications"
        let body = try store.notificationBody(uuid: "6f2a3b64-0001", bundleID: "com.example.app")
        #expect(try await call(.POST, url, form: body).status == 200)
        #expect(try await call(.POST, url, form: body).status == 200)   // Apple's redelivery

        let signedPayload = try #require((try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: String])?["signedPayload"])
        var parts = signedPayload.split(separator: ".").map(String.init)
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        parts[1] = StandInApple.base64url(Data(#"{"notificationType":"REFUND","notificationUUID":"forged","signedDate":\#(now)}"#.utf8))
        let refusals = [
            #"{"signedPayload": "\#(parts.joined(separator: "."))"}"#,                                       // payload changed
            try stranger.notificationBody(uuid: "6f2a3b64-0002", bundleID: "com.example.app"),            // another root
            try store.notificationBody(uuid: "6f2a3b64-0003", bundleID: "com.other.app"),                 // another app
            try store.notificationBody(uuid: "6f2a3b64-0004", bundleID: "com.example.app", environment: "Production"), // no app Apple ID configured
            "{}", "not json",
        ]
        for refused in refusals {
            #expect(try await call(.POST, url, form: refused).status == 400, "\(refused.prefix(60))")
        }
        await server.stop()
        try await Task.sleep(for: .milliseconds(200))
        let reader = try await openStore(database, logger: Logger(label: "reader"))
        let events = try await reader.appStoreEvents()
        try await reader.close()   // SQLiteNIO requires it before the connection is released
        #expect(events.count == 1 && events.first?.type == "DID_RENEW" && events.first?.subtype == "BILLING_RECOVERY")
        #expect(events.first?.originalTransactionID == "1000000001")
        await apple.shutdown()
    }
}

@Suite("Configuration: APPSTORE_ONLINE_CHECKS")
struct OnlineChecksConfigurationTests {
    @Test("0, 1, true, false and unset are read; anything else stops the server with a message naming the variable")
    func values() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("siwa-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = folder.appendingPathComponent("key.p8"), root = folder.appendingPathComponent("root.der")
        try PureP256.P256.Signing.PrivateKey().pemRepresentation.write(to: key, atomically: true, encoding: .utf8)
        try Data([0x30, 0x00]).write(to: root)
        let base = ["APPLE_PRIVATE_KEY_FILE": key.path, "APPLE_CLIENT_IDS": "com.example.app", "APPLE_TEAM_ID": "TEAM123456",
                    "APPLE_KEY_ID": "KEY1234567", "DATABASE_PATH": folder.appendingPathComponent("db.sqlite").path,
                    "APPSTORE_ROOT_CERTIFICATE_FILE": root.path]
        for (value, expected) in [(nil, false), ("0", false), ("false", false), ("1", true), ("true", true)] as [(String?, Bool)] {
            var environment = base
            environment["APPSTORE_ONLINE_CHECKS"] = value
            environment["APPSTORE_OCSP_BASE_URL"] = "http://127.0.0.1:9"
            let configuration = try ServerConfiguration.fromEnvironment(environment)
            #expect(configuration.appStore?.onlineChecks == expected && configuration.appStore?.ocspBaseURL == "http://127.0.0.1:9")
        }
        var bad = base
        bad["APPSTORE_ONLINE_CHECKS"] = "yes"
        #expect { try ServerConfiguration.fromEnvironment(bad) } throws: { "\($0)".contains("APPSTORE_ONLINE_CHECKS") }
    }
}

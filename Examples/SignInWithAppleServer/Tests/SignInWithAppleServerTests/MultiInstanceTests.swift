// Several instances of the built executable on one PostgreSQL database, as behind a load balancer: what one
// instance does, the other sees; what must happen once happens once; an instance killed with SIGKILL while it
// holds a revocation loses it to the other when its lease ends; PostgreSQL stopped and started in the middle
// of a run costs 503s while it is down and nothing after.

import Foundation
import Logging
@testable import SignInWithAppleServerKit
import Testing

/// A folder with the .p8 and the App Store root, and the environment for server processes on `database`.
struct InstanceSetup {
    let environment: [String: String]

    init(apple: StandInApple, appStore: StandInAppStore, database: DatabaseLocation, extra: [String: String] = [:]) throws {
        let directory = try TestScratch.directory()
        let keyFile = directory.appendingPathComponent("key.p8"), rootFile = directory.appendingPathComponent("root.der")
        try apple.p8.pemRepresentation.write(to: keyFile, atomically: true, encoding: .utf8)
        try Data(appStore.rootDER).write(to: rootFile)
        var environment = [
            "APPLE_TEAM_ID": StandInApple.teamID, "APPLE_KEY_ID": StandInApple.keyID,
            "APPLE_PRIVATE_KEY_FILE": keyFile.path, "APPLE_CLIENT_IDS": apple.clientIDs.joined(separator: ","),
            "APPLE_BASE_URL": apple.baseURL, "HOST": "127.0.0.1", "PORT": "0",
            "APPSTORE_ROOT_CERTIFICATE_FILE": rootFile.path, "APPSTORE_BUNDLE_ID": "com.example.app",
        ]
        environment["DATABASE_URL"] = databaseURL(database)
        self.environment = environment.merging(extra) { $1 }
    }

    /// Starts an instance and waits until it listens.
    func start() async throws -> ServerProcess {
        let process = try ServerProcess(environment: environment)
        try await process.waitUntilListening()
        return process
    }
}

@Suite("Several instances on one PostgreSQL database", .serialized, .postgresAvailable)
struct MultiInstanceTests {
    @Test("a nonce replayed at the other instance is refused; a session from one is accepted by the other; a web flow started at one completes at the other; notifications delivered to both are recorded once")
    func sharedState() async throws {
        let apple = try await StandInApple(), appStore = try StandInAppStore()
        let database = try await TestBackend.postgres.freshDatabase()
        let setup = try InstanceSetup(apple: apple, appStore: appStore, database: database)
        async let startA = setup.start()
        async let startB = setup.start()
        let (a, b) = try await (startA, startB)   // two instances migrating one empty database at once

        // The nonce: used at A, replayed at B.
        let nonce = rawNonceAndHash()
        let body: [String: Any] = ["identityToken": try apple.identityToken(sub: "001.kim", nonce: nonce.hash), "nonce": nonce.raw]
        let signIn = try await call(.POST, a.url + "/auth/apple", json: body)
        #expect(signIn.status == 200)
        let replayed = try await call(.POST, b.url + "/auth/apple", json: body)
        #expect(replayed.status == 401 && replayed.json["error"] as? String == "invalid_token")

        // The session: issued by A (signed with the shared secret), accepted by B.
        let session = try #require(signIn.json["sessionToken"] as? String)
        let me = try await call(.GET, b.url + "/me", bearer: session)
        #expect(me.status == 200 && me.json["userID"] as? String == "001.kim")

        // The web flow: the redirect from A, Apple's form_post to B.
        let redirect = try await call(.GET, a.url + "/auth/apple/authorize?client_id=com.example.web")
        let location = try #require(redirect.headers.first { $0.0.lowercased() == "location" }?.1)
        let query = try #require(URLComponents(string: location)?.queryItems)
        let state = try #require(query.first { $0.name == "state" }?.value), webNonce = try #require(query.first { $0.name == "nonce" }?.value)
        let token = try apple.identityToken(sub: "001.lee", aud: "com.example.web", nonce: webNonce, code: "web-code-2")
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        let form = ["state": state, "code": "web-code-2", "id_token": token]
            .map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed)!)" }.joined(separator: "&")
        #expect(try await call(.POST, b.url + "/auth/apple/callback", form: form).status == 200)
        #expect(try await call(.POST, a.url + "/auth/apple/callback", form: form).status == 400)   // used once

        // Notifications, each delivered to both instances at the same moment.
        let appleNotification = try apple.notificationBody(type: "email-disabled", sub: "001.kim", id: "jti-shared")
        let storeNotification = try appStore.notificationBody(uuid: "6f2a3b64-0100", bundleID: "com.example.app")
        for (path, notification) in [("/apple/notifications", appleNotification), ("/appstore/notifications", storeNotification)] {
            async let toA = call(.POST, a.url + path, form: notification)
            async let toB = call(.POST, b.url + path, form: notification)
            let (answerA, answerB) = try await (toA, toB)
            #expect(answerA.status == 200 && answerB.status == 200, "\(path)")
        }
        #expect(try await PostgresTestSQL.integers(database, "SELECT COUNT(*)::BIGINT FROM processed_notifications") == [2])
        #expect(try await PostgresTestSQL.integers(database, "SELECT COUNT(*)::BIGINT FROM appstore_events") == [1])
        #expect(try await PostgresTestSQL.integers(database, "SELECT COUNT(*)::BIGINT FROM users WHERE email_disabled") == [1])

        #expect(try await a.terminate() == 0)
        #expect(try await b.terminate() == 0)
        await apple.shutdown()
    }

    @Test("an instance killed with SIGKILL while its revocation call hangs at Apple: the other sends it exactly once, after the lease ends")
    func killedWhileHoldingAClaim() async throws {
        let apple = try await StandInApple(), appStore = try StandInAppStore()
        let database = try await TestBackend.postgres.freshDatabase()
        // APPLE_TIMEOUT=2: a claim lasts 2 × 2 + 10 = 14 s.
        let setup = try InstanceSetup(apple: apple, appStore: appStore, database: database, extra: ["APPLE_TIMEOUT": "2"])
        let a = try await setup.start(), b = try await setup.start()

        let signIn = try await call(.POST, a.url + "/auth/apple",
                                    json: ["identityToken": try apple.identityToken(sub: "001.max", code: "code-m", email: nil), "authorizationCode": "code-m"])
        let session = try #require(signIn.json["sessionToken"] as? String)
        await apple.setFault(.slow)
        let deletion = Task { _ = try? await call(.DELETE, a.url + "/account", bearer: session) }
        #expect(try await waitUntil(seconds: 5) { apple.state.withLockedValue { $0.lateRequests } >= 1 })
        let killedAt = ContinuousClock.now
        try await a.kill()                       // holding the claim, mid-call
        _ = await deletion.value
        await apple.setFault(.none)

        // Apple is back at once, and B polls every second, but the claim holds until A's lease ends.
        try await Task.sleep(for: .seconds(9))
        #expect(apple.state.withLockedValue { $0.revoked }.isEmpty, "sent while A's claim still held")
        #expect(try await waitUntil(seconds: 15) { apple.state.withLockedValue { $0.revoked } == ["rt-code-m"] })
        let after = ContinuousClock.now - killedAt
        #expect(after < .seconds(20), "sent \(after) after the kill")
        try await Task.sleep(for: .seconds(2))
        #expect(apple.state.withLockedValue { $0.revoked } == ["rt-code-m"])
        #expect(try await PostgresTestSQL.integers(database, "SELECT COUNT(*)::BIGINT FROM pending_revocations") == [0])
        #expect(try await b.terminate() == 0)
        await apple.shutdown()
    }

    @Test("PostgreSQL stopped in the middle of a run: requests answer 503 database_unavailable within seconds; started again, the first request succeeds, and nothing is lost")
    func postgresRestart() async throws {
        // A cluster of this test's own: stopping it disturbs no other test.
        let cluster = try await TestCluster.start()
        let apple = try await StandInApple(), appStore = try StandInAppStore()
        let setup = try InstanceSetup(apple: apple, appStore: appStore, database: .postgres(try PostgresSettings(url: cluster.url)))
        let a = try await setup.start(), b = try await setup.start()

        let first = try await call(.POST, a.url + "/auth/apple", json: ["identityToken": try apple.identityToken(sub: "001.ned", code: "code-n"),
                                                                       "authorizationCode": "code-n"])
        let second = try await call(.POST, b.url + "/auth/apple", json: ["identityToken": try apple.identityToken(sub: "001.oli")])
        let deleted = try #require(first.json["sessionToken"] as? String), kept = try #require(second.json["sessionToken"] as? String)
        await apple.setFault(.unavailable)
        #expect(try await call(.DELETE, a.url + "/account", bearer: deleted).status == 202)   // queued, Apple down

        try await cluster.control("stop")
        let started = ContinuousClock.now
        let down = try await call(.GET, b.url + "/me", bearer: kept)
        #expect(down.status == 503 && down.json["error"] as? String == "database_unavailable")
        #expect(ContinuousClock.now - started < .seconds(7))
        let signInDown = try await call(.POST, a.url + "/auth/apple", json: ["identityToken": try apple.identityToken(sub: "001.pat")])
        #expect(signInDown.status == 503 && signInDown.json["error"] as? String == "database_unavailable")
        let readyDown = try await call(.GET, a.url + "/ready")
        #expect(readyDown.status == 503 && readyDown.json["error"] as? String == "database_unavailable")
        #expect(try await call(.GET, a.url + "/health").status == 200)   // alive, not ready

        try await cluster.control("start")
        // The very first request after PostgreSQL returns, at each instance.
        #expect(try await call(.GET, b.url + "/me", bearer: kept).status == 200)
        #expect(try await call(.GET, a.url + "/me", bearer: kept).status == 200)
        #expect(try await call(.GET, b.url + "/ready").status == 200)
        await apple.setFault(.none)
        #expect(try await waitUntil(seconds: 20) { apple.state.withLockedValue { $0.revoked } == ["rt-code-n"] })
        try await Task.sleep(for: .seconds(2))
        #expect(apple.state.withLockedValue { $0.revoked } == ["rt-code-n"])
        #expect(try await a.terminate() == 0)
        #expect(try await b.terminate() == 0)
        await apple.shutdown()
        await cluster.stop()
    }
}

/// A throwaway PostgreSQL cluster of one test's own (scripts/postgres-test-cluster.sh).
struct TestCluster {
    let directory: String
    let url: String
    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/postgres-test-cluster.sh").path

    static func start() async throws -> TestCluster {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("siwa-pg-\(UUID().uuidString)").path
        // A port of its own, away from the shared cluster's.
        let port = 56_000 + Int.random(in: 0..<2_000)
        let url = try await run(["start", directory, "\(port)"]).trimmingCharacters(in: .whitespacesAndNewlines)
        return TestCluster(directory: directory, url: url)
    }

    func control(_ command: String) async throws { _ = try await Self.run([command, directory] + (command == "start" ? [String(url.split(separator: ":").last?.split(separator: "/").first ?? "")] : [])) }

    func stop() async {
        _ = try? await Self.run(["stop", directory])
        try? FileManager.default.removeItem(atPath: directory)
    }

    private static func run(_ arguments: [String]) async throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script] + arguments
        // A file, not a pipe: nothing waits for the end of output that a started server could keep open.
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("siwa-pg-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        // Polled: Foundation's waitUntilExit can miss the exit when called from a concurrency thread.
        while process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
        try handle.close()
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            throw ConfigurationError("postgres-test-cluster.sh \(arguments.joined(separator: " ")) failed: \(output)")
        }
        return output.split(separator: "\n").last.map(String.init) ?? ""
    }
}

@Suite("DATABASE_URL")
struct DatabaseURLTests {
    @Test("libpq-style URLs are read: user, percent-decoded password, host, port, database, sslmode, sslrootcert")
    func valid() throws {
        let full = try PostgresSettings(url: "postgresql://app%40x:p%2Fss%3Aw@db.example.com:6543/users?sslmode=verify-full&sslrootcert=/etc/ca.pem")
        #expect(full == PostgresSettings(host: "db.example.com", port: 6543, user: "app@x", password: "p/ss:w", database: "users",
                                         tls: .verifyFull, rootCertificateFile: "/etc/ca.pem"))
        let plain = try PostgresSettings(url: "postgres://siwa@127.0.0.1/postgres")
        #expect(plain == PostgresSettings(host: "127.0.0.1", port: 5432, user: "siwa", password: nil, database: "postgres", tls: .prefer))
        let ipv6 = try PostgresSettings(url: "postgres://u:p@[::1]:5433/d?sslmode=disable")
        #expect(ipv6.host == "::1" && ipv6.port == 5433 && ipv6.tls == .disable)
        #expect("\(full)" == "postgres://app@x:***@db.example.com:6543/users?sslmode=verify-full")
        #expect(!"\(full)".contains("p/ss"))
    }

    @Test("malformed URLs are refused with a message naming DATABASE_URL and the part that is wrong",
          arguments: ["", "localhost:5432/db", "mysql://u@h/d", "postgres://u@h", "postgres://h/db", "postgres://u@/db",
                      "postgres://u@h:0/db", "postgres://u@h:99999/db", "postgres://u@h:54x/db", "postgres://u@h/", "postgres://u@h/a/b",
                      "postgres://u@h/d?sslmode=allow", "postgres://u@h/d?pool=3", "postgres://u@[::1/d", "postgres://u:%zz@h/d"])
    func malformed(_ url: String) {
        #expect { try PostgresSettings(url: url) } throws: { "\($0)".hasPrefix("DATABASE_URL is malformed:") }
    }

    @Test("DATABASE_URL or DATABASE_PATH, not both; DATABASE_STARTUP_TIMEOUT and APPLE_TIMEOUT are read and checked")
    func environment() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("siwa-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = folder.appendingPathComponent("key.p8")
        try Data("-----BEGIN PRIVATE KEY-----\n-----END PRIVATE KEY-----\n".utf8).write(to: key)
        let base = ["APPLE_PRIVATE_KEY_FILE": key.path, "APPLE_CLIENT_IDS": "com.example.app", "APPLE_TEAM_ID": "TEAM123456",
                    "APPLE_KEY_ID": "KEY1234567"]
        var postgres = base
        postgres["DATABASE_URL"] = "postgres://u:secret@db:5432/app\n"   // as read from a secrets file
        postgres["DATABASE_STARTUP_TIMEOUT"] = "45"
        postgres["APPLE_TIMEOUT"] = "3"
        let configuration = try ServerConfiguration.fromEnvironment(postgres)
        #expect(configuration.database == .postgres(PostgresSettings(host: "db", user: "u", password: "secret", database: "app")))
        #expect(configuration.databaseStartupTimeout == 45 && configuration.appleTimeout == 3)
        #expect(!"\(configuration.database)".contains("secret"))

        for (name, value) in [("DATABASE_PATH", "/tmp/x.sqlite"), ("DATABASE_STARTUP_TIMEOUT", "61"), ("DATABASE_STARTUP_TIMEOUT", "nan"),
                              ("APPLE_TIMEOUT", "0"), ("APPLE_TIMEOUT", "inf"), ("DATABASE_URL", "postgres://nobody")] {
            var environment = postgres
            environment[name] = value
            #expect(throws: ConfigurationError.self, "\(name)=\(value)") { try ServerConfiguration.fromEnvironment(environment) }
        }
        #expect { try ServerConfiguration.fromEnvironment(base) } throws: { "\($0)".contains("DATABASE_PATH") && "\($0)".contains("DATABASE_URL") }
        var blank = base
        blank["DATABASE_PATH"] = "  "
        #expect { try ServerConfiguration.fromEnvironment(blank) } throws: { "\($0)".hasPrefix("DATABASE_PATH is not set") }
    }

    @Test("the executable: a malformed DATABASE_URL stops it at once with exit 2; PostgreSQL unreachable for DATABASE_STARTUP_TIMEOUT stops it with exit 1 and one line naming DATABASE_URL")
    func startupFailures() async throws {
        let apple = try await StandInApple(), appStore = try StandInAppStore()
        let setup = try InstanceSetup(apple: apple, appStore: appStore, database: .sqlite(path: "/unused"))
        var malformed = setup.environment
        malformed["DATABASE_URL"] = "postgres://nobody@/db"
        let first = try ServerProcess(environment: malformed)
        #expect(try await first.exitStatus(within: 10) == 2)
        #expect(first.printed.contains("DATABASE_URL is malformed"))

        var unreachable = setup.environment
        unreachable["DATABASE_URL"] = "postgres://siwa@127.0.0.1:9/app"   // nothing listens on port 9
        unreachable["DATABASE_STARTUP_TIMEOUT"] = "2"
        let started = ContinuousClock.now
        let second = try ServerProcess(environment: unreachable)
        #expect(try await second.exitStatus(within: 15) == 1)
        #expect(ContinuousClock.now - started >= .seconds(2))
        let lastLine = second.printed.split(separator: "\n").last.map(String.init) ?? ""
        #expect(lastLine.contains("DATABASE_URL: PostgreSQL at 127.0.0.1:9 could not be reached for 2 s"), "\(lastLine)")
        await apple.shutdown()
    }

    @Test("TLS as the URL asks: sslmode=require encrypts, disable does not; verify-full checks the certificate against sslrootcert",
          .postgresAvailable, .enabled(if: TestBackend.postgresClusterDirectory != nil, "needs the cluster made by scripts/postgres-test-cluster.sh"))
    func tls() async throws {
        let directory = try #require(TestBackend.postgresClusterDirectory)
        let rootFile = directory + "/root.crt"
        try #require(FileManager.default.fileExists(atPath: rootFile), "the cluster has no TLS (openssl missing when it was made)")
        let server = try PostgresSettings(url: try #require(TestBackend.postgresURL))
        let encrypted = "SELECT CASE WHEN ssl THEN 1 ELSE 0 END FROM pg_stat_ssl WHERE pid = pg_backend_pid()"
        func settings(_ mode: PostgresSettings.TLSMode, host: String = server.host, root: String? = nil) -> DatabaseLocation {
            var settings = server
            settings.tls = mode
            settings.host = host
            settings.rootCertificateFile = root
            return .postgres(settings)
        }
        #expect(try await PostgresTestSQL.integers(settings(.require), encrypted) == [1])
        #expect(try await PostgresTestSQL.integers(settings(.prefer), encrypted) == [1])
        #expect(try await PostgresTestSQL.integers(settings(.disable), encrypted) == [0])
        #expect(try await PostgresTestSQL.integers(settings(.verifyFull, host: "localhost", root: rootFile), encrypted) == [1])
        // The self-signed certificate is not among the system's roots; and it names localhost, not 127.0.0.1.
        await #expect(throws: (any Error).self) { _ = try await PostgresTestSQL.integers(settings(.verifyFull, host: "localhost"), encrypted) }
        await #expect(throws: (any Error).self) { _ = try await PostgresTestSQL.integers(settings(.verifyFull, root: rootFile), encrypted) }
    }
}

// The built `appleauth` executable, run as a subprocess: each subcommand's happy path, exit codes, --help,
// and malformed input giving exit 2 with a one-line message (never a crash or a stack trace). No test
// reaches the network: every key set comes from a file.

import Foundation
import PureJWT
import PureP256
import Testing
import TestSupport

private typealias Run = ToolRun

private func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) async throws -> Run {
    try await ToolProcess.run("appleauth", arguments, stdin: stdin, environment: environment)
}

private func vector(_ name: String) -> String { VectorFiles.path(name) }

@Suite("appleauth command-line tool")
struct ToolTests {
    @Test("demo runs offline and passes its checks")
    func demo() async throws {
        let result = try await run(["demo"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("All checks passed."))
    }

    @Test("--help for the tool and each subcommand", arguments: ["demo", "client-secret", "public-key", "decode", "verify",
                                                                 "notification", "token", "revoke", "keys", "appstore", "appattest"])
    func help(command: String) async throws {
        let result = try await run([command, "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("usage: appleauth \(command)"))
        #expect(try await run(["--help"]).stdout.contains(command))
    }

    @Test("client-secret prints only the JWT, which verifies")
    func clientSecret() async throws {
        let result = try await run(["client-secret", "--team-id", "DEF123GHIJ", "--key-id", "ABC123DEFG", "--client-id", "com.example.web",
                              "--key", vector("test.p8"), "--issued-at", "1800000000", "--lifetime", "600"])
        #expect(result.status == 0, "\(result.stderr)")
        let token = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!token.contains("\n") && token.split(separator: ".").count == 3)
        let key = try P256.Signing.PrivateKey(pemRepresentation: String(contentsOfFile: vector("test.p8"), encoding: .utf8))
        struct Claims: Decodable { let sub: String; let exp: Int }
        let claims = try JWTVerifier(keys: [.es256(key.publicKey, keyID: "ABC123DEFG")]).verify(
            token, as: Claims.self, validation: JWTValidation(issuer: "DEF123GHIJ", audiences: nil, now: { Date(timeIntervalSince1970: 1_800_000_001) }))
        #expect(claims.sub == "com.example.web" && claims.exp == 1_800_000_600)
    }

    @Test("public-key prints what openssl ec -pubout prints")
    func publicKey() async throws {
        let result = try await run(["public-key", "--key", vector("test.p8")])
        #expect(result.status == 0)
        #expect(result.stdout == (try String(contentsOfFile: vector("test.pub.pem"), encoding: .utf8)))
        let jwk = try await run(["public-key", "--key", vector("test.p8"), "--format", "jwk", "--key-id", "K1"])
        #expect(jwk.status == 0 && jwk.stdout.contains(#""kid" : "K1""#))
    }

    @Test("decode shows header and claims; with a key set it checks the signature")
    func decode() async throws {
        let token = try String(contentsOfFile: vector("aidopk1_identity_token.txt"), encoding: .utf8)
        let plain = try await run(["decode", token])
        #expect(plain.status == 0 && plain.stdout.contains("exp_utc") && plain.stdout.contains("AIDOPK1"))
        let checked = try await run(["decode", "-", "--jwks", vector("nov_apple_id_jwks.json")], stdin: token)
        #expect(checked.status == 0 && checked.stdout.contains("signature: valid"))
        let wrongKey = try await run(["decode", token, "--key", vector("test.pub.pem")])
        #expect(wrongKey.status == 1, "\(wrongKey.stderr)")
    }

    @Test("verify: inside the token's window it prints the claims; today it is rejected with one line")
    func verify() async throws {
        let token = try String(contentsOfFile: vector("aidopk1_identity_token.txt"), encoding: .utf8)
        let base = ["verify", token, "--client-id", "jp.yauth.signin.service2", "--jwks", vector("nov_apple_id_jwks.json")]
        let ok = try await run(base + ["--now", "1559709300"])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout.contains("000723.25da8be332964991898630947202fef0.0402"))
        let expired = try await run(base)
        #expect(expired.status == 1)
        #expect(expired.stderr.contains("expired") && expired.stderr.split(separator: "\n").count == 1)
        let otherClient = try await run(["verify", token, "--client-id", "com.example.other", "--jwks", vector("nov_apple_id_jwks.json"), "--now", "1559709300"])
        #expect(otherClient.status == 1)
    }

    @Test("notification: the POST body verifies and the event is printed")
    func notification() async throws {
        let result = try await run(["notification", vector("consent_revoked_body.json"), "--client-id", "jp.yauth.signin.app",
                              "--jwks", vector("nov_apple_id_jwks.json"), "--now", "1657617100"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("consentRevoked"))
    }

    @Test("malformed input exits 2 with one line, never a crash", arguments: [
        ["client-secret", "--team-id", "DEF123GHIJ", "--key-id", "ABC123DEFG", "--client-id", "c"],          // missing --key
        ["client-secret", "--team-id", "DEF123GHIJ", "--key-id", "ABC123DEFG", "--client-id", "c", "--key", "/nonexistent.p8"],
        ["public-key", "--key", "RSA"],                                                                      // replaced below
        ["decode", "not-a-token"],
        ["verify", "garbage", "--client-id", "x", "--jwks", "JWKS"],                                         // replaced below
        ["frobnicate"],
        ["client-secret", "--bogus", "1"],
        ["public-key", "--key", "P8", "--format", "der"],
    ])
    func malformed(arguments: [String]) async throws {
        let resolved = arguments.map { $0 == "RSA" ? vector("testInvalidKey_rsa1024.p8") : $0 == "JWKS" ? vector("nov_apple_id_jwks.json")
                                       : $0 == "P8" ? vector("test.p8") : $0 }
        let result = try await run(resolved)
        #expect(result.status == 2, "\(resolved): \(result.stderr)")
        #expect(!result.stderr.isEmpty && !result.stderr.contains("Fatal error") && !result.stderr.contains("Backtrace"))
        if resolved.first != "frobnicate" { #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)") }
    }

    @Test("every numeric option refuses inf, nan, 1e300 and negatives with exit 2 and one line", arguments: [
        (["client-secret", "--team-id", "DEF123GHIJ", "--key-id", "ABC123DEFG", "--client-id", "c", "--key", "P8"], "lifetime"),
        (["client-secret", "--team-id", "DEF123GHIJ", "--key-id", "ABC123DEFG", "--client-id", "c", "--key", "P8"], "issued-at"),
        (["verify", "TOKEN", "--client-id", "jp.yauth.signin.service2", "--jwks", "JWKS"], "now"),
        (["verify", "TOKEN", "--client-id", "jp.yauth.signin.service2", "--jwks", "JWKS"], "leeway"),
        (["notification", "BODY", "--client-id", "jp.yauth.signin.app", "--jwks", "JWKS"], "now"),
        (["notification", "BODY", "--client-id", "jp.yauth.signin.app", "--jwks", "JWKS"], "leeway"),
    ])
    func numericOptions(command: [String], option: String) async throws {
        let token = try String(contentsOfFile: vector("aidopk1_identity_token.txt"), encoding: .utf8)
        let resolved = command.map { $0 == "P8" ? vector("test.p8") : $0 == "JWKS" ? vector("nov_apple_id_jwks.json")
                                     : $0 == "TOKEN" ? token : $0 == "BODY" ? vector("consent_revoked_body.json") : $0 }
        for value in ["inf", "-inf", "nan", "1e300", "-1", "-1e300", "infinity", "0x1p1024", "ten"] {
            let result = try await run(resolved + ["--\(option)", value])
            #expect(result.status == 2, "--\(option) \(value): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("--\(option)") && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("cannot be converted"))
        }
    }

    @Test("token, revoke and keys talk to the server named by --apple-base-url or APPLE_BASE_URL; Apple's errors exit 1 with causes, 5xx and no server exit 3")
    func network() async throws {
        let credentials = ["--client-id", "com.example.web", "--team-id", "DEF123GHIJ", "--key-id", "ABC123DEFG", "--key", vector("test.p8")]
        let server = try LocalServer([
            .init(status: 200, headers: [:], body: #"{"access_token":"at","token_type":"Bearer","expires_in":3600,"refresh_token":"rt"}"#),
            .init(status: 400, headers: [:], body: #"{"error":"invalid_client"}"#),
            .init(status: 200, headers: [:], body: ""),
            .init(status: 200, headers: ["Cache-Control": "max-age=60"], body: #"{"keys":[]}"#),
            .init(status: 503, headers: [:], body: ""), .init(status: 503, headers: [:], body: ""), .init(status: 503, headers: [:], body: ""),
        ])
        defer { server.stop() }
        let environment = ["APPLE_BASE_URL": server.baseURL]
        let exchanged = try await run(["token", "--code", "c", "--apple-base-url", server.baseURL] + credentials)
        #expect(exchanged.status == 0 && exchanged.stdout.contains(#""refresh_token" : "rt""#), "\(exchanged.stderr)")
        let refused = try await run(["token", "--refresh-token", "rt"] + credentials, environment: environment)
        #expect(refused.status == 1 && refused.stderr.contains("invalid_client") && refused.stderr.contains("client secret's sub"), "\(refused.stderr)")
        let revoked = try await run(["revoke", "--token", "rt"] + credentials, environment: environment)
        #expect(revoked.status == 0 && revoked.stdout.contains("revoked"), "\(revoked.stderr)")
        let keys = try await run(["keys"], environment: environment)
        #expect(keys.status == 0 && keys.stdout.contains(#""keys""#), "\(keys.stderr)")
        let unavailable = try await run(["revoke", "--token", "rt"] + credentials, environment: environment)
        #expect(unavailable.status == 3, "\(unavailable.stderr)")
        #expect(server.receivedRequests.count == 7)   // the 503s were retried twice
        #expect(server.receivedRequests.first?.hasPrefix("POST /auth/token") == true)
        #expect(server.receivedRequests[3].hasPrefix("GET /auth/keys") == true)
        server.stop()
        let unreachable = try await run(["keys", "--apple-base-url", "http://127.0.0.1:\(try LocalServer.closedPort())"])
        #expect(unreachable.status == 3)
        let badURL = try await run(["keys", "--apple-base-url", "ftp://example.com"])
        #expect(badURL.status == 2 && badURL.stderr.contains("https://"))
    }

    @Test("verify and notification fetch the keys from the server named by --apple-base-url or APPLE_BASE_URL")
    func verifyAgainstServer() async throws {
        let jwks = try String(contentsOfFile: vector("nov_apple_id_jwks.json"), encoding: .utf8)
        let server = try LocalServer([.init(status: 200, headers: ["Cache-Control": "max-age=60"], body: jwks),
                                      .init(status: 200, headers: [:], body: jwks)])
        defer { server.stop() }
        let token = try String(contentsOfFile: vector("aidopk1_identity_token.txt"), encoding: .utf8)
        let verified = try await run(["verify", token, "--client-id", "jp.yauth.signin.service2", "--now", "1559709300",
                                "--apple-base-url", server.baseURL])
        #expect(verified.status == 0 && verified.stdout.contains("000723.25da8be332964991898630947202fef0.0402"), "\(verified.stderr)")
        let event = try await run(["notification", vector("consent_revoked_body.json"), "--client-id", "jp.yauth.signin.app", "--now", "1657617100"],
                            environment: ["APPLE_BASE_URL": server.baseURL])
        #expect(event.status == 0 && event.stdout.contains("consentRevoked"), "\(event.stderr)")
        #expect(server.receivedRequests.count == 2 && server.receivedRequests.allSatisfy { $0.hasPrefix("GET /auth/keys") })
        server.stop()
        // Apple's keys unreachable: a network error (3), not a rejected token.
        let down = try await run(["verify", token, "--client-id", "x", "--apple-base-url", "http://127.0.0.1:\(try LocalServer.closedPort())"])
        #expect(down.status == 3 && down.stderr.contains("keys"), "\(down.stderr)")
    }
}

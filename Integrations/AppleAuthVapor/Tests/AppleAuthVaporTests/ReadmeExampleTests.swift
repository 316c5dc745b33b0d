// The README's example, compiled with the README's imports only (AppleAuth, AppleAuthVapor, Vapor) so
// that names resolve as they do in a Vapor app: `SymmetricKey` is swift-crypto's there. Keep it in step
// with README.md; the code between the markers is the README's.

import AppleAuth
import AppleAuthVapor
import Testing
import Vapor
import VaporTesting

/// The README's configure and routes, on `app`.
private func readmeExample(_ app: Application, team: String, keyID: String, p8: String, sessionSecret: [UInt8]) throws {
    // --- from README.md ---
    // configure.swift
    try app.appleAuth.configure(try SignInWithAppleConfiguration(teamID: team, keyID: keyID, privateKeyPEM: p8,
                                                                 clientIDs: ["com.example.app", "com.example.web"]))
    app.appleAuth.useSessions(try SessionTokens(key: .hs256(SymmetricKey(data: sessionSecret)),
                                                issuer: "https://api.example.com"))

    // routes.swift
    let routes = app.grouped(AppleAuthErrorMiddleware())          // AppleAuthError → {"error": "..."} + status
    routes.post("auth", "apple") { req async throws -> [String: String] in
        let signedIn = try await req.appleAuth.signIn(try req.content.decode(AppleSignInRequest.self))
        // store signedIn.tokens?.refreshToken, to revoke on account deletion
        return ["userID": signedIn.identity.sub,
                "sessionToken": try req.application.appleAuth.sessions.issue(userID: signedIn.identity.sub)]
    }
    routes.grouped(AppleSessionAuthenticator(), AppleSession.guardMiddleware())
        .get("me") { req in try req.auth.require(AppleSession.self).userID }
    // --- end of README.md ---
}

@Suite("AppleAuthVapor README example")
struct ReadmeExampleTests {
    @Test("the README's code compiles in a Vapor app and serves: a session it issues opens /me; none is 401")
    func readme() async throws {
        try await withApp(configure: { app in
            try readmeExample(app, team: "TEAM123456", keyID: "KEY1234567", p8: TestKeys.p8,
                              sessionSecret: Array("a session secret of at least 32 bytes".utf8))
        }) { app in
            let session = try app.appleAuth.sessions.issue(userID: "001234.readme")
            try await app.testing().test(.GET, "me", headers: ["Authorization": "Bearer \(session)"]) { response in
                #expect(response.status == .ok)
                #expect(response.body.string == "001234.readme")
            }
            try await app.testing().test(.GET, "me") { response in
                #expect(response.status == .unauthorized)
            }
        }
    }
}

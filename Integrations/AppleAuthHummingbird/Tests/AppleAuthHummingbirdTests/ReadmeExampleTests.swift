// The README's example, compiled with the README's imports only, so that names resolve as they do in a
// Hummingbird app. Keep it in step with README.md; the code between the markers is the README's.

import AppleAuth
import AppleAuthAsyncHTTPClient
import AppleAuthHummingbird
import Hummingbird
import HummingbirdAuth
import HummingbirdTesting
import Testing

/// The README's service, session tokens and routes.
private func readmeRouter(configuration: SignInWithAppleConfiguration, sessionSecret: [UInt8]) throws
    -> (Router<BasicAuthRequestContext<SessionClaims>>, SessionTokens) {
    // --- from README.md ---
    let apple = try SignInWithApple(configuration: configuration, transport: try AsyncHTTPClientTransport())
    let sessions = try SessionTokens(key: .hs256(sessionSecret), issuer: "https://api.example.com")   // sessionSecret: [UInt8], 32+ bytes

    typealias Context = BasicAuthRequestContext<SessionClaims>
    let router = Router(context: Context.self)
    router.add(middleware: AppleAuthErrorMiddleware())      // AppleAuthError → {"error": "..."} with 401/400/503/500

    router.post("auth/apple") { request, context in
        let body = try await request.appleSignInBody(context: context)   // {"identityToken", "authorizationCode"?, "nonce"?}
        let signedIn = try await apple.signIn(body)                       // verify (nonce, c_hash), then exchange the code
        // store signedIn.tokens?.refreshToken for revocation on account deletion
        return ["userID": signedIn.identity.sub, "sessionToken": try sessions.issue(userID: signedIn.identity.sub)]
    }
    router.group("me")
        .add(middleware: AppleSessionAuthenticator(sessions: sessions))  // or with a lookup of your user record
        .get { _, context in try context.requireIdentity().userID }
    // --- end of README.md ---
    return (router, sessions)
}

@Suite("AppleAuthHummingbird README example")
struct ReadmeExampleTests {
    @Test("the README's code compiles and serves: a session it issues opens /me; none is 401")
    func readme() async throws {
        let configuration = try SignInWithAppleConfiguration(verifyingOnly: ["com.example.app"])
        let (router, sessions) = try readmeRouter(configuration: configuration,
                                                  sessionSecret: Array("a session secret of at least 32 bytes".utf8))
        let session = try sessions.issue(userID: "001234.readme")
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/me", method: .get, headers: [.authorization: "Bearer \(session)"]) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "001234.readme")
            }
            try await client.execute(uri: "/me", method: .get) { response in
                #expect(response.status == .unauthorized)
            }
        }
    }
}

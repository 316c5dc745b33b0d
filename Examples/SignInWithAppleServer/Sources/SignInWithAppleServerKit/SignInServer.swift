// The server: routes for native and web sign-in, the signed-in user, account deletion, Apple's
// notifications and health, on one SignInWithApple service and one store (`ServerStore`: SQLite or PostgreSQL).

import AppStoreServer
import AppleAuth
import AppleAuthAsyncHTTPClient
import AppleAuthHummingbird
import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdAuth
import Logging
import NIOCore
import PureJWT
import PureSHA2

/// The request context: the signed-in user, once the session authenticator found them.
public typealias ServerContext = BasicAuthRequestContext<StoredUser>

private struct SignedInResponse: ResponseEncodable { let userID: String; let sessionToken: String; let email: String? }
private struct MeResponse: ResponseEncodable { let userID: String; let email: String?; let name: String? }

/// Builds the application for `configuration`. `transport` replaces the HTTP client to Apple (tests);
/// `pollInterval` is how often queued revocations are looked for.
public func buildApplication(_ configuration: ServerConfiguration, transport: (any AppleHTTPTransport)? = nil,
                             pollInterval: Double = 1, logger: Logger = Logger(label: "SignInWithAppleServer"),
                             onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }) async throws
    -> some ApplicationProtocol {
    var appleConfiguration = try SignInWithAppleConfiguration(teamID: configuration.teamID, keyID: configuration.keyID,
                                                              privateKeyPEM: configuration.privateKeyPEM,
                                                              clientIDs: configuration.clientIDs)
    appleConfiguration.baseURL = configuration.appleBaseURL
    appleConfiguration.keyCachePolicy.unknownKeyIDInterval = configuration.unknownKeyIDInterval
    // Revocations retry on their own schedule (RevocationQueue), so each of their requests is sent once.
    appleConfiguration.revocationRetryPolicy = .never
    // AppleAuthAsyncHTTPClient's own client: a refused connection fails its attempt at once, so a sign-in
    // during an Apple outage answers 503 within seconds (AsyncHTTPClient's shared client would retry the
    // connection until the timeout, three times over).
    let transport = try transport ?? AsyncHTTPClientTransport(timeout: configuration.appleTimeout)
    let apple = try SignInWithApple(configuration: appleConfiguration, transport: transport)

    var appStore: AppStoreNotifications?
    if let settings = configuration.appStore {
        do { appStore = try AppStoreNotifications(settings, transport: transport) } catch {
            throw ConfigurationError("APPSTORE_ROOT_CERTIFICATE_FILE or APPSTORE_APP_APPLE_ID: \(error)")
        }
    }

    // Everything that can fail without the database has been checked; from here on a failure closes it
    // (SQLiteNIO requires a connection to be closed before it is released).
    let store = try await openStore(configuration.database, startupTimeout: configuration.databaseStartupTimeout, logger: logger)
    let sessions: SessionTokens
    do {
        sessions = try SessionTokens(key: .hs256(SymmetricKey(data: try await store.sessionSecret())),
                                     issuer: configuration.publicURL, lifetime: 30 * 86_400)
    } catch {
        try? await store.close()
        throw error
    }
    let lease = RevocationQueue.lease(appleTimeout: configuration.appleTimeout)
    let revocations = RevocationQueue(store: store, apple: apple, logger: logger, pollInterval: pollInterval, lease: lease)
    let redirectURI = configuration.publicURL + "/auth/apple/callback"

    let router = Router(context: ServerContext.self)
    router.add(middleware: JSONErrorMiddleware())
    router.add(middleware: AppleAuthErrorMiddleware())
    // Liveness (the process answers) and readiness (it can reach its database): a load balancer sends
    // traffic only to ready instances, and stops while PostgreSQL is unreachable from one.
    router.get("health") { _, _ in HTTPResponse.Status.ok }
    router.get("ready") { _, _ -> Response in
        await store.isReachable() ? Response(status: .ok) : databaseUnavailableResponse()
    }

    // Native sign-in: verify, exchange the code, keep the refresh token, hand out a session.
    router.post("auth/apple") { request, context -> SignedInResponse in
        let body = try await request.appleSignInBody(context: context)
        // A nonce is good for one sign-in: it is reserved before the token is verified (so two requests
        // with the same token cannot both pass) and released if this sign-in fails, so the app can retry.
        let nonceKey = body.nonce.map { SHA256.hash(data: Array($0.utf8)).map { String(format: "%02x", $0) }.joined() }
        if let nonceKey, try await !store.reserveNonce(nonceKey) {
            logger.info("sign-in refused: its nonce was used before (a replayed token)")
            throw HTTPError(.unauthorized, message: "invalid_token")
        }
        let signedIn: AppleSignInResult
        do {
            signedIn = try await apple.signIn(body)
        } catch {
            if let nonceKey { try? await store.releaseNonce(nonceKey) }
            throw error
        }
        let identity = signedIn.identity
        try await store.signedIn(id: identity.sub, email: identity.email, name: nil, clientID: signedIn.clientID,
                                 refreshToken: signedIn.tokens?.refreshToken)
        return SignedInResponse(userID: identity.sub, sessionToken: try sessions.issue(userID: identity.sub), email: identity.email)
    }

    // The web flow: redirect to Apple, then Apple's form_post back.
    router.get("auth/apple/authorize") { request, _ -> Response in
        guard let clientID = request.uri.queryParameters["client_id"].map(String.init) ?? configuration.clientIDs.first,
              configuration.clientIDs.contains(clientID) else {
            throw HTTPError(.badRequest, message: "unknown client_id")
        }
        let authorization = try apple.authorizationRequest(clientID: clientID, redirectURI: redirectURI)
        try await store.saveWebState(authorization.state, rawNonce: authorization.rawNonce, clientID: clientID)
        return Response(status: .found, headers: [.location: authorization.url])
    }
    router.post("auth/apple/callback") { request, _ -> SignedInResponse in
        let callback = try await request.appleAuthorizationCallback()
        guard let pending = try await store.takeWebState(callback.state) else {
            throw AppleAuthError(.invalidCallback("the state is unknown, expired or already used"))
        }
        let signedIn = try await apple.completeWebSignIn(callback: callback, expectedState: callback.state,
                                                         rawNonce: pending.rawNonce, redirectURI: redirectURI)
        let name = signedIn.user?.name.map { [$0.firstName, $0.lastName].compactMap { $0 }.joined(separator: " ") }
        try await store.signedIn(id: signedIn.identity.sub, email: signedIn.identity.email ?? signedIn.user?.email,
                                 name: name?.isEmpty == false ? name : nil, clientID: signedIn.clientID,
                                 refreshToken: signedIn.tokens.refreshToken)
        return SignedInResponse(userID: signedIn.identity.sub, sessionToken: try sessions.issue(userID: signedIn.identity.sub),
                                email: signedIn.identity.email)
    }

    // Signed-in routes: the session token must verify and its user still exist.
    let signedIn = router.group()
        .add(middleware: AppleSessionAuthenticator(sessions: sessions) { claims, _ in try await store.user(id: claims.userID) })
    signedIn.get("me") { _, context -> MeResponse in
        guard let user = context.identity else { throw HTTPError(.unauthorized, message: "unauthorized") }
        return MeResponse(userID: user.id, email: user.email, name: user.name)
    }
    // Account deletion: the user goes at once; the revocation is queued with it, then tried.
    signedIn.delete("account") { _, context -> HTTPResponse.Status in
        guard let user = context.identity else { throw HTTPError(.unauthorized, message: "unauthorized") }
        let deleted = try await store.deleteUser(id: user.id, revoke: true, lease: lease)
        guard deleted.found else { throw HTTPError(.unauthorized) }
        guard let revocation = deleted.revocation else { return .noContent }
        return await revocations.attempt(revocation) ? .noContent : .accepted
    }

    // Passkeys beside Sign in with Apple (the same sessions), and App Attest when configured.
    let webAuthn: WebAuthnSettings
    if let settings = configuration.webAuthn {
        webAuthn = settings
    } else {
        do { webAuthn = try WebAuthnSettings.fromEnvironment([:], publicURL: configuration.publicURL) } catch {
            try? await store.close()
            throw error
        }
    }
    addPasskeyRoutes(router: router, signedIn: signedIn, settings: webAuthn, store: store, sessions: sessions, logger: logger)
    addAppAttestRoutes(router: router, settings: configuration.appAttest, store: store, logger: logger)

    // Apple's server-to-server notifications.
    router.post("apple/notifications") { request, _ -> HTTPResponse.Status in
        let body = try await request.appleBodyBytes()
        let notification: AppleServerNotification
        do {
            notification = try await apple.verifyNotification(body: body)
        } catch let error as AppleAuthError {
            throw AppleAuthHTTPError(error, rejectedTokenStatus: .badRequest)
        }
        let id = notification.id ?? "\(notification.sub)|\(notification.type)|\(notification.eventTime.timeIntervalSince1970)"
        guard try await store.firstTimeNotification(id) else { return .ok }
        switch notification.type {
        case .accountDeleted, .consentRevoked:
            // Apple has already ended the authorization: nothing to revoke.
            _ = try await store.deleteUser(id: notification.sub, revoke: false, lease: 0)
        case .emailDisabled:
            try await store.setEmailDisabled(id: notification.sub, true)
        case .emailEnabled:
            try await store.setEmailDisabled(id: notification.sub, false)
        case .other(let type):
            logger.info("notification of a type this server does not handle", metadata: ["type": "\(type)"])
        }
        return .ok
    }

    // App Store Server Notifications V2, when configured.
    if let appStore {
        router.post("appstore/notifications") { request, _ -> HTTPResponse.Status in
            // Notifications with their transaction and renewal info are about 15 KB; AppStoreServer takes 256 KB.
            let body = try await request.appleBodyBytes(limit: 300 * 1024)
            let notification: SignedDataVerifier.VerifiedNotification
            do { notification = try await appStore.verify(body: body) } catch let error as AppStoreVerificationError {
                if case .revocationStatusUnavailable = error.check {
                    // Not refused, not verified: 503 makes Apple send it again later.
                    logger.warning("App Store notification: no OCSP answer", metadata: ["error": "\(error)"])
                    return .serviceUnavailable
                }
                logger.warning("App Store notification refused", metadata: ["check": "\(error.check.identifier)", "error": "\(error)"])
                return .badRequest
            }
            // Apple retries until it gets 200 and may deliver twice: record each notification once.
            guard let id = notification.payload.notificationUUID, try await store.firstTimeNotification("appstore:" + id) else { return .ok }
            try await store.recordAppStoreEvent(uuid: id, type: notification.payload.notificationType.rawValue,
                                                subtype: notification.payload.subtype?.rawValue,
                                                originalTransactionID: notification.transaction?.originalTransactionId,
                                                productID: notification.transaction?.productId,
                                                expires: notification.transaction?.expiresDate,
                                                environment: notification.payload.data?.environment?.rawValue)
            return .ok
        }
    }

    return Application(router: router, configuration: .init(address: .hostname(configuration.host, port: configuration.port)),
                       services: [revocations], onServerRunning: onServerRunning, logger: logger)
}

// The SignInWithApple service and the session tokens, configured once on the Application and reached
// from every request as `req.appleAuth`. Requests to Apple go through Vapor's own HTTP client
// (`app.http.client.shared`), so they share its connection pool and configuration.

import AppleAuth
import AppleAuthAsyncHTTPClient
import Vapor

extension Application {
    /// Sign in with Apple for this application: `app.appleAuth.configure(...)` at startup.
    public var appleAuth: AppleAuthStorage { AppleAuthStorage(application: self) }

    /// Where the service and the session tokens live.
    public struct AppleAuthStorage: Sendable {
        let application: Application

        private struct ServiceKey: StorageKey { typealias Value = SignInWithApple }
        private struct SessionsKey: StorageKey { typealias Value = SessionTokens }

        /// Makes the service from `configuration`, sending through Vapor's HTTP client with a deadline of
        /// `timeout` seconds per request. Call once, at startup.
        /// - Parameters:
        ///   - configuration: team ID, key ID, .p8 key, client IDs and policies.
        ///   - timeout: the deadline of one request to Apple, in seconds.
        ///   - onKeyCacheEvent: called when Apple's keys are fetched, a fetch fails, or stale keys are served.
        ///   - now: the clock (tests pass a fixed one).
        public func configure(_ configuration: SignInWithAppleConfiguration, timeout: Double = 15,
                              onKeyCacheEvent: (@Sendable (AppleKeyCache.Event) -> Void)? = nil,
                              now: @escaping @Sendable () -> Date = { Date() }) throws {
            let transport = try AsyncHTTPClientTransport(client: application.http.client.shared, timeout: timeout)
            use(try SignInWithApple(configuration: configuration, transport: transport, onKeyCacheEvent: onKeyCacheEvent, now: now))
        }

        /// Uses a service made elsewhere (another transport, a fixed key set in tests).
        public func use(_ service: SignInWithApple) {
            application.storage[ServiceKey.self] = service
        }

        /// Sets the session tokens `AppleSessionAuthenticator` checks and routes issue.
        public func useSessions(_ sessions: SessionTokens) {
            application.storage[SessionsKey.self] = sessions
        }

        /// The service; a configuration error (answer 500) until `configure` or `use` was called.
        public var service: SignInWithApple {
            get throws {
                guard let service = application.storage[ServiceKey.self] else {
                    throw AppleAuthError(.invalidConfiguration("call app.appleAuth.configure(...) at startup before serving Sign in with Apple routes"))
                }
                return service
            }
        }

        /// The session tokens; a configuration error until `useSessions` was called.
        public var sessions: SessionTokens {
            get throws {
                guard let sessions = application.storage[SessionsKey.self] else {
                    throw AppleAuthError(.invalidConfiguration("call app.appleAuth.useSessions(...) at startup before issuing or checking session tokens"))
                }
                return sessions
            }
        }
    }
}

extension Request {
    /// The application's SignInWithApple service: `try await req.appleAuth.verifyIdentityToken(...)`.
    /// (Not `req.jwt`, which vapor/jwt owns.)
    public var appleAuth: SignInWithApple {
        get throws { try application.appleAuth.service }
    }
}

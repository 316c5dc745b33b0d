// The SignInWithApple service and the session tokens, configured once on the Application and reached
// from every request as `req.appleAuth`. Requests to Apple go through AppleAuthAsyncHTTPClient's own
// client, not Vapor's: Vapor's (AsyncHTTPClient's defaults) retries a refused connection until the
// deadline, which would hold a sign-in for half a minute during an Apple outage, and changing Vapor's
// client would change it for the rest of the application.

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

        /// Makes the service from `configuration`. Call once, at startup.
        ///
        /// Requests go through `AsyncHTTPClientTransport.sharedClient` unless `client` is given: a client
        /// that fails a refused connection at once, so that during an Apple outage a sign-in answers 503
        /// within seconds. Vapor's own client is not used or changed; pass `app.http.client.shared` to use
        /// its settings (proxies, TLS) — it retries a refused connection until the deadline unless you set
        /// `app.http.client.configuration.connectionPool.retryConnectionEstablishment = false`.
        /// - Parameters:
        ///   - configuration: team ID, key ID, .p8 key, client IDs and policies (`retryPolicy.timeLimit`
        ///     bounds each call to Apple, retries included).
        ///   - timeout: the deadline of one request to Apple, in seconds.
        ///   - client: the HTTP client for requests to Apple (see above).
        ///   - onKeyCacheEvent: called when Apple's keys are fetched, a fetch fails, or stale keys are served.
        ///   - now: the clock (tests pass a fixed one).
        public func configure(_ configuration: SignInWithAppleConfiguration, timeout: Double = 10, client: HTTPClient? = nil,
                              onKeyCacheEvent: (@Sendable (AppleKeyCache.Event) -> Void)? = nil,
                              now: @escaping @Sendable () -> Date = { Date() }) throws {
            let transport = try AsyncHTTPClientTransport(client: client ?? AsyncHTTPClientTransport.sharedClient, timeout: timeout)
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

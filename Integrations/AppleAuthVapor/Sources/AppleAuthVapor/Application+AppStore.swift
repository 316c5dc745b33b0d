// The App Store Server API client (AppStoreServerAPI), configured once on the Application and reached from
// every request as `req.appStoreServerAPI`, over the same AsyncHTTPClient transport Sign in with Apple uses
// (AppleHTTP's one protocol: no adapter).

import AppleAuthAsyncHTTPClient
import AppStoreServerAPI
import Vapor

extension Application {
    /// The App Store Server API for this application: `app.appStoreServerAPI.configure(...)` at startup.
    public var appStoreServerAPI: AppStoreServerAPIStorage { AppStoreServerAPIStorage(application: self) }

    /// Where the App Store Server API client lives.
    public struct AppStoreServerAPIStorage: Sendable {
        let application: Application

        private struct ClientKey: StorageKey { typealias Value = AppStoreServerAPIClient }

        /// Makes the client for `credentials`' app in `environment`. Call once, at startup.
        ///
        /// Requests go through `AsyncHTTPClientTransport.sharedClient` unless `client` is given (as for
        /// `app.appleAuth.configure`: a client that fails a refused connection at once).
        /// - Parameters:
        ///   - credentials: the In-App Purchase key with its issuer ID, key ID and the app's bundle ID.
        ///   - environment: `.production` or `.sandbox`.
        ///   - baseURL: another server (a stand-in in tests, a proxy).
        ///   - retryPolicy: attempts, back-off and the time limit of one call.
        ///   - timeout: the deadline of one request to Apple, in seconds.
        ///   - client: the HTTP client for requests to Apple.
        public func configure(credentials: AppStoreCredentials, environment: AppStoreEnvironment, baseURL: String? = nil,
                              retryPolicy: AppleRetryPolicy = AppleRetryPolicy(), timeout: Double = 10, client: HTTPClient? = nil) throws {
            let transport = try AsyncHTTPClientTransport(client: client ?? AsyncHTTPClientTransport.sharedClient, timeout: timeout)
            use(try AppStoreServerAPIClient(credentials: credentials, environment: environment, transport: transport, baseURL: baseURL,
                                            retryPolicy: retryPolicy))
        }

        /// Uses a client made elsewhere (another transport, a fake clock in tests).
        public func use(_ client: AppStoreServerAPIClient) {
            application.storage[ClientKey.self] = client
        }

        /// The client; a configuration error until `configure` or `use` was called.
        public var client: AppStoreServerAPIClient {
            get throws {
                guard let client = application.storage[ClientKey.self] else {
                    throw AppStoreAPIError(.invalidConfiguration("call app.appStoreServerAPI.configure(...) at startup before calling the App Store Server API"))
                }
                return client
            }
        }
    }
}

extension Request {
    /// The application's App Store Server API client: `try await req.appStoreServerAPI.transactionInfo(...)`.
    public var appStoreServerAPI: AppStoreServerAPIClient {
        get throws { try application.appStoreServerAPI.client }
    }
}

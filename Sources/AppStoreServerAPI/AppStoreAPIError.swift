// The one error type of AppStoreServerAPI: credentials that cannot be used, a request that cannot be made
// from the values given. (AppStoreServer's `AppStoreVerificationError` stays the error of verifying what
// Apple signs.)

/// Why something made with the In-App Purchase key could not be made.
public struct AppStoreAPIError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong. Cases may be added in minor versions: switch with a `default:`.
    public enum Reason: Hashable, Sendable {
        /// The issuer ID, key ID, bundle ID or private key cannot be used (what is wrong, and where to find
        /// the right value).
        case invalidCredentials(String)
        /// A value the request needs is missing or unusable (which, and why).
        case invalidRequest(String)
    }

    /// What went wrong.
    public let reason: Reason

    /// An error for `reason`.
    public init(_ reason: Reason) { self.reason = reason }

    /// What went wrong and what to do about it.
    public var description: String {
        switch reason {
        case .invalidCredentials(let message): return "App Store credentials: \(message)"
        case .invalidRequest(let message): return "App Store request: \(message)"
        }
    }
}

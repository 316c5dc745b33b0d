// The one error type of AppStoreServerAPI: credentials that cannot be used, a request that cannot be made
// from the values given, a client set up wrongly, and what can go wrong on a call — Apple's error answer
// (with its numeric code), no answer at all, or an answer that cannot be read. (AppStoreServer's
// `AppStoreVerificationError` stays the error of verifying what Apple signs.)

/// Why something made with the In-App Purchase key could not be made, or a call to Apple did not succeed.
public struct AppStoreAPIError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong. Cases may be added in minor versions: switch with a `default:`.
    public enum Reason: Hashable, Sendable {
        /// The issuer ID, key ID, bundle ID or private key cannot be used (what is wrong, and where to find
        /// the right value).
        case invalidCredentials(String)
        /// A value the request needs is missing or unusable (which, and why).
        case invalidRequest(String)
        /// The client cannot be made as configured (environment, base URL, retry policy, limits).
        case invalidConfiguration(String)
        /// Apple answered with an error status: the HTTP status, and Apple's `errorCode` and
        /// `errorMessage` when the body carried them (a 401 has no body: the token was refused).
        case apiError(status: Int, code: AppStoreAPIErrorCode?, message: String?)
        /// No answer came (connection refused, timed out, the call's time limit passed, cancelled), after
        /// the retries the request allows. `requestMayHaveReachedApple` is false only when no connection
        /// ever opened.
        case transport(String, requestMayHaveReachedApple: Bool)
        /// Apple's answer could not be read: too large, not JSON, or not the shape Apple documents.
        case invalidResponse(String)
    }

    /// What went wrong.
    public let reason: Reason

    /// An error for `reason`.
    public init(_ reason: Reason) { self.reason = reason }

    /// The HTTP status of an error answer from Apple; nil for any other error.
    public var httpStatus: Int? {
        if case .apiError(let status, _, _) = reason { return status }
        return nil
    }

    /// Apple's numeric error code, when its error answer carried one (`.transactionIdNotFound`, …).
    public var apiErrorCode: AppStoreAPIErrorCode? {
        if case .apiError(_, let code, _) = reason { return code }
        return nil
    }

    /// Whether the same call may succeed later unchanged: no answer came, or Apple answered 429 or 5xx.
    public var isRetryable: Bool {
        switch reason {
        case .transport: return true
        case .apiError(let status, _, _): return status == 429 || status >= 500
        default: return false
        }
    }

    /// What went wrong and what to do about it.
    public var description: String {
        switch reason {
        case .invalidCredentials(let message): return "App Store credentials: \(message)"
        case .invalidRequest(let message): return "App Store request: \(message)"
        case .invalidConfiguration(let message): return "App Store Server API client: \(message)"
        case .apiError(let status, let code, let message):
            var text = "the App Store Server API answered \(status)"
            if let code { text += ": \(code)" }
            if let message { text += code == nil ? ": \(message)" : " — \(message)" }
            switch status {
            case 401: text += " (the token was refused: check the issuer ID, the key ID, the bundle ID, and that the key is an In-App Purchase key of this team)"
            case 429: text += " (rate limit: try again later)"
            case 500...: text += " (Apple's side: try again later)"
            default: break
            }
            return text
        case .transport(let message, let mayHaveReachedApple):
            return "no answer from the App Store Server API: \(message)"
                + (mayHaveReachedApple ? " (the request may have reached Apple)" : " (the request was not sent)")
        case .invalidResponse(let message): return "the App Store Server API's answer could not be read: \(message)"
        }
    }
}

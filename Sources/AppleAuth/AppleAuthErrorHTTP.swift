// How a server answers its own client when AppleAuth fails: one status and one stable code per kind of
// failure, the same for every framework (the Vapor and Hummingbird integrations and the example server
// use these). The code is what an app switches on; the error's description, which can name settings or
// files, belongs in the server's log.

extension AppleAuthError {
    /// The HTTP status to answer with: 401 for a rejected identity or session token, 400 for a web-flow
    /// callback that is malformed, cancelled or has the wrong state, 400 when Apple refused the request
    /// (an expired or used code), 503 when Apple could not be reached or its keys are unavailable (retry
    /// later), 500 for the server's own configuration.
    public var httpStatus: Int {
        if isCallbackError { return 400 }
        switch category {
        case .rejectedToken: return 401
        case .appleError: return 400
        case .keysUnavailable, .transport: return 503
        case .configuration: return 500
        }
    }

    /// A stable code for the response body: Apple's own error code when Apple refused (`invalid_grant`,
    /// …), otherwise `invalid_token`, `invalid_callback`, `apple_unavailable` or `server_error`.
    public var errorCode: String {
        if isCallbackError { return "invalid_callback" }
        switch category {
        case .rejectedToken: return "invalid_token"
        case .appleError: return appleError?.rawCode ?? "apple_error"
        case .keysUnavailable, .transport: return "apple_unavailable"
        case .configuration: return "server_error"
        }
    }

    private var isCallbackError: Bool {
        if case .invalidCallback = reason { return true }
        return false
    }
}

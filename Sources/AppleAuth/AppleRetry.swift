// AppleAuth's side of the retry rules in AppleHTTP (AppleRetryPolicy.swift there): a policy out of range
// and a call that got no answer become `AppleAuthError`s.

extension AppleRetryPolicy {
    /// The policy, or `.invalidConfiguration` naming the value out of range.
    func validated() throws(AppleAuthError) -> AppleRetryPolicy {
        if let problem { throw AppleAuthError(.invalidConfiguration(problem)) }
        return self
    }
}

extension AppleRequestSender {
    /// The response to `request` (any status), or `.transport` when no answer came within the policy.
    func send(_ request: AppleHTTPRequest, _ repeatability: Repeatability) async throws(AppleAuthError) -> AppleHTTPResponse {
        do {
            return try await response(to: request, repeatability)
        } catch {
            throw AppleAuthError(.transport(error.message, requestMayHaveReachedApple: error.requestMayHaveReachedApple))
        }
    }
}

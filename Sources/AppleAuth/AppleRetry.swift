// When a request to Apple is sent again. Two kinds of request:
// - Single-use (the authorization-code exchange): a code works once, so once a request may have reached
//   Apple it is never repeated — a timeout whose request did arrive would make the retry fail with a
//   misleading invalid_grant. Only a connection that never opened is retried.
// - Repeatable (refresh, revoke, keys): retried after a transport error, a 5xx or a 429, with
//   exponential back-off and "equal jitter", waiting at least Retry-After (RFC 9110 §10.2.3). A Retry-After
//   longer than the policy allows ends the retries: the caller gets the answer as it is.
// A 4xx other than 429 is never retried: a retry cannot fix an invalid code or secret.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How often and how long requests to Apple are retried. Values must be finite and ≥ 0 (checked when a
/// client or service is created).
public struct AppleRetryPolicy: Sendable, Hashable {
    /// Attempts in all, the first included (1: never retry).
    public var maximumAttempts: Int = 3
    /// The wait before the first retry, in seconds; it doubles with each further retry.
    public var initialBackoff: Double = 0.5
    /// The longest wait between attempts, in seconds.
    public var maximumBackoff: Double = 8
    /// The longest Retry-After honoured, in seconds; a longer one ends the retries.
    public var maximumRetryAfter: Double = 30

    /// A policy; the defaults retry twice, after about 0.5 s and 1 s.
    public init(maximumAttempts: Int = 3, initialBackoff: Double = 0.5, maximumBackoff: Double = 8, maximumRetryAfter: Double = 30) {
        self.maximumAttempts = maximumAttempts
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
        self.maximumRetryAfter = maximumRetryAfter
    }

    /// No retries at all.
    public static let never = AppleRetryPolicy(maximumAttempts: 1)

    func validated() throws(AppleAuthError) -> AppleRetryPolicy {
        guard (1...100).contains(maximumAttempts) else {
            throw AppleAuthError(.invalidConfiguration("maximumAttempts must be from 1 to 100, not \(maximumAttempts)"))
        }
        for (name, value) in [("initialBackoff", initialBackoff), ("maximumBackoff", maximumBackoff), ("maximumRetryAfter", maximumRetryAfter)]
        where !(value.isFinite && value >= 0 && value <= 3600) {
            throw AppleAuthError(.invalidConfiguration("the retry policy's \(name) must be from 0 to 3600 seconds, not \(AppleAuthError.number(value))"))
        }
        return self
    }

    /// The wait before retry number `retry` (1-based): exponential, half of it random.
    func backoff(beforeRetry retry: Int) -> Double {
        let exponential = min(maximumBackoff, initialBackoff * Double(1 << min(retry - 1, 30)))
        return exponential / 2 + Double.random(in: 0...1) * exponential / 2
    }
}

/// Sends requests through a transport by a retry policy, and turns everything that can go wrong into
/// an `AppleAuthError`.
struct AppleRequestSender: Sendable {
    enum Repeatability { case singleUse, repeatable }

    let transport: any AppleHTTPTransport
    let policy: AppleRetryPolicy
    let now: @Sendable () -> Date

    /// The response to `request`: 2xx or not, as Apple last answered. Throws `.transport` when no answer
    /// came.
    func send(_ request: AppleHTTPRequest, _ repeatability: Repeatability) async throws(AppleAuthError) -> AppleHTTPResponse {
        var attempt = 1
        while true {
            let wait: Double
            do {
                let response = try await transport.send(request)
                let retryable = repeatability == .repeatable && (response.status == 429 || (500..<600).contains(response.status))
                guard retryable, attempt < policy.maximumAttempts else { return response }
                let backoff = policy.backoff(beforeRetry: attempt)
                if let retryAfter = response.header("Retry-After").flatMap({ Self.retryAfterSeconds($0, now: now()) }) {
                    guard retryAfter <= policy.maximumRetryAfter else { return response }
                    wait = max(backoff, retryAfter)
                } else {
                    wait = backoff
                }
            } catch {
                if error is CancellationError { throw AppleAuthError(.transport("cancelled", requestMayHaveReachedApple: true)) }
                let transportError = error as? AppleTransportError ?? AppleTransportError(.other, "\(error)")
                let mayRetry = repeatability == .repeatable || !transportError.requestMayHaveReachedApple
                guard mayRetry, attempt < policy.maximumAttempts else {
                    throw AppleAuthError(.transport(transportError.message, requestMayHaveReachedApple: transportError.requestMayHaveReachedApple))
                }
                wait = policy.backoff(beforeRetry: attempt)
            }
            // At most max(maximumBackoff, maximumRetryAfter), both checked to be ≤ 3600 s.
            do { try await Task.sleep(nanoseconds: UInt64(min(max(0, wait), 3600) * 1e9)) } catch {
                throw AppleAuthError(.transport("cancelled while waiting to retry", requestMayHaveReachedApple: true))
            }
            attempt += 1
        }
    }

    /// Retry-After as seconds from now: delay-seconds, or an IMF-fixdate ("Sun, 06 Nov 1994 08:49:37
    /// GMT", RFC 9110 §5.6.7). Anything else is ignored.
    static func retryAfterSeconds(_ value: String, now: Date) -> Double? {
        let trimmed = String(value.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        if let seconds = UInt64(trimmed) { return Double(min(seconds, 1 << 32)) }
        let parts = trimmed.split(separator: " ")
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        guard parts.count == 6, parts[5] == "GMT", let day = Int(parts[1]), let month = months.firstIndex(of: String(parts[2])),
              let year = Int(parts[3]), (1...31).contains(day), (1970...9999).contains(year) else { return nil }
        let clock = parts[4].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3, (0..<24).contains(clock[0]), (0..<60).contains(clock[1]), (0..<61).contains(clock[2]) else { return nil }
        // Days since 1970 of a proleptic Gregorian date (the civil-from-days inverse).
        let y = month < 2 ? year - 1 : year
        let era = y / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = (month + 9) % 12
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let secondsOfDay = clock[0] * 3600 + clock[1] * 60 + clock[2]
        let date = Double(days * 86_400 + secondsOfDay)
        return max(0, date - now.timeIntervalSince1970)
    }
}

// When a request to Apple is sent again (Sign in with Apple's REST API and the App Store Server API share
// these rules). Two kinds of request:
// - Single-use (the authorization-code exchange; an App Store call that changes something): a code works once, so once a request may have reached
//   Apple it is never repeated — a timeout whose request did arrive would make the retry fail with a
//   misleading invalid_grant. Only a connection that never opened is retried.
// - Repeatable (refresh, revoke, keys; App Store reads and idempotent writes): retried after a transport error, a 5xx or a 429, with
//   exponential back-off and "equal jitter", waiting at least Retry-After (RFC 9110 §10.2.3). A Retry-After
//   longer than the policy allows ends the retries: the caller gets the answer as it is.
// A 4xx other than 429 is never retried: a retry cannot fix an invalid code, secret or argument.
// Every call has one time limit, attempts and waits included: a caller is never kept longer than the
// policy says, however the transport behaves. A wait that would end past the limit is not begun (the
// last answer or error is the call's), and an attempt still in flight at the limit is cancelled.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How often and how long requests to Apple are retried, and the most time one call may take. Values must
/// be finite and ≥ 0, the time limit > 0 (checked when a client or service is created).
///
/// The defaults suit a call a person is waiting on (a sign-in): while Apple refuses connections three
/// attempts fail within about 1.5 s; while it accepts and never answers, the call ends at `timeLimit`.
/// `background` suits revocations, which nobody watches and which must eventually arrive.
public struct AppleRetryPolicy: Sendable, Hashable {
    /// Attempts in all, the first included (1: never retry).
    public var maximumAttempts: Int = 3
    /// The wait before the first retry, in seconds; it doubles with each further retry.
    public var initialBackoff: Double = 0.5
    /// The longest wait between attempts, in seconds.
    public var maximumBackoff: Double = 8
    /// The longest Retry-After honoured, in seconds; a longer one ends the retries.
    public var maximumRetryAfter: Double = 30
    /// The longest one call may take, every attempt and wait included, in seconds (from 0.001 to 3600).
    /// At the limit the attempt in flight is cancelled and the call throws `.transport` (with
    /// `requestMayHaveReachedApple`); a retry whose wait would end past it is not made. The transport's
    /// own per-request timeout still applies to each attempt.
    public var timeLimit: Double = 10

    /// A policy; the defaults retry twice, after about 0.5 s and 1 s, within 10 s in all.
    public init(maximumAttempts: Int = 3, initialBackoff: Double = 0.5, maximumBackoff: Double = 8, maximumRetryAfter: Double = 30,
                timeLimit: Double = 10) {
        self.maximumAttempts = maximumAttempts
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
        self.maximumRetryAfter = maximumRetryAfter
        self.timeLimit = timeLimit
    }

    /// No retries at all (one attempt, within the default time limit).
    public static let never = AppleRetryPolicy(maximumAttempts: 1)

    /// For calls nobody waits on (revocations, queues): 5 attempts, 1 s doubling to 8 s, within 60 s.
    public static let background = AppleRetryPolicy(maximumAttempts: 5, initialBackoff: 1, maximumBackoff: 8,
                                                    maximumRetryAfter: 30, timeLimit: 60)

    /// What is wrong with the policy, or nil when every value is in range (each module wraps the message
    /// in its own configuration error).
    package var problem: String? {
        guard (1...100).contains(maximumAttempts) else { return "maximumAttempts must be from 1 to 100, not \(maximumAttempts)" }
        for (name, value) in [("initialBackoff", initialBackoff), ("maximumBackoff", maximumBackoff), ("maximumRetryAfter", maximumRetryAfter)]
        where !(value.isFinite && value >= 0 && value <= 3600) {
            return "the retry policy's \(name) must be from 0 to 3600 seconds, not \(Self.number(value))"
        }
        guard timeLimit.isFinite, timeLimit >= 0.001, timeLimit <= 3600 else {
            return "the retry policy's timeLimit must be from 0.001 to 3600 seconds, not \(Self.number(timeLimit))"
        }
        return nil
    }

    /// A number for a message: whole numbers without ".0".
    package static func number(_ value: Double) -> String {
        if value.isFinite, value.rounded(.towardZero) == value, abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// The wait before retry number `retry` (1-based): exponential, half of it random.
    func backoff(beforeRetry retry: Int) -> Double {
        let exponential = min(maximumBackoff, initialBackoff * Double(1 << min(retry - 1, 30)))
        return exponential / 2 + Double.random(in: 0...1) * exponential / 2
    }
}

/// Why a call ended without an answer: the transport failed on the last attempt, the call's time limit
/// passed, or the caller's task was cancelled. Each module turns it into its own error.
package struct AppleCallFailure: Error, Sendable {
    /// What happened, for the error's message.
    package let message: String
    /// Whether the request may have reached Apple (false only when no connection ever opened).
    package let requestMayHaveReachedApple: Bool
}

/// Sends requests through a transport by a retry policy: the response Apple last gave, or an
/// `AppleCallFailure`.
package struct AppleRequestSender: Sendable {
    /// Whether a request may be sent again once it may have reached Apple.
    package enum Repeatability: Sendable { case singleUse, repeatable }

    let transport: any AppleHTTPTransport
    let policy: AppleRetryPolicy
    let now: @Sendable () -> Date

    /// A sender over `transport` by `policy` (checked by the caller: see `AppleRetryPolicy.problem`);
    /// `now` reads Retry-After dates.
    package init(transport: any AppleHTTPTransport, policy: AppleRetryPolicy, now: @escaping @Sendable () -> Date) {
        self.transport = transport
        self.policy = policy
        self.now = now
    }

    /// The response to `request`: 2xx or not, as Apple last answered. Throws when no answer came, or none
    /// within the policy's time limit.
    package func response(to request: AppleHTTPRequest, _ repeatability: Repeatability) async throws(AppleCallFailure) -> AppleHTTPResponse {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(policy.timeLimit))
        var attempt = 1
        while true {
            let outcome: Result<AppleHTTPResponse, AppleCallFailure>
            let wait: Double?  // before the next attempt; nil: no next attempt
            do {
                let response = try await Self.answer(to: request, from: transport, before: deadline, clock: clock)
                outcome = .success(response)
                wait = retryWait(after: response, repeatability, attempt: attempt)
            } catch is TimeLimitReached {
                throw AppleCallFailure(message: "no answer from Apple within the call's time limit of "
                                       + "\(AppleRetryPolicy.number(policy.timeLimit)) s", requestMayHaveReachedApple: true)
            } catch is CancellationError {
                throw AppleCallFailure(message: "cancelled", requestMayHaveReachedApple: true)
            } catch {
                let transportError = error as? AppleTransportError ?? AppleTransportError(.other, "\(error)")
                outcome = .failure(AppleCallFailure(message: transportError.message,
                                                    requestMayHaveReachedApple: transportError.requestMayHaveReachedApple))
                let mayRetry = repeatability == .repeatable || !transportError.requestMayHaveReachedApple
                wait = mayRetry && attempt < policy.maximumAttempts ? policy.backoff(beforeRetry: attempt) : nil
            }
            // A retry that could not even begin within the time limit is not made: the caller gets the
            // last answer or error now rather than a timeout later.
            guard let wait, clock.now.advanced(by: .seconds(wait)) < deadline else { return try outcome.get() }
            // At most max(maximumBackoff, maximumRetryAfter), both checked to be ≤ 3600 s.
            do { try await Task.sleep(for: .seconds(min(max(0, wait), 3600))) } catch {
                throw AppleCallFailure(message: "cancelled while waiting to retry", requestMayHaveReachedApple: true)
            }
            attempt += 1
        }
    }

    /// The wait before retrying after `response`, or nil when it is the call's answer: only a repeatable
    /// request's 429 or 5xx is retried, after the back-off or Retry-After, whichever is longer; a
    /// Retry-After beyond the policy's maximum ends the retries.
    private func retryWait(after response: AppleHTTPResponse, _ repeatability: Repeatability, attempt: Int) -> Double? {
        let retryable = repeatability == .repeatable && (response.status == 429 || (500..<600).contains(response.status))
        guard retryable, attempt < policy.maximumAttempts else { return nil }
        let backoff = policy.backoff(beforeRetry: attempt)
        guard let retryAfter = response.header("Retry-After").flatMap({ Self.retryAfterSeconds($0, now: now()) }) else { return backoff }
        return retryAfter <= policy.maximumRetryAfter ? max(backoff, retryAfter) : nil
    }

    /// Thrown by `answer(to:from:before:clock:)` when the deadline passed first.
    private struct TimeLimitReached: Error {}

    /// One attempt, raced against the call's deadline. When the deadline comes first, the attempt is
    /// cancelled and then awaited once more: on a saturated thread pool both wake late and together, and
    /// an answer that had already arrived is used rather than thrown away. (Transports must honour
    /// cancellation, so that wait is short.)
    private static func answer(to request: AppleHTTPRequest, from transport: any AppleHTTPTransport,
                               before deadline: ContinuousClock.Instant, clock: ContinuousClock) async throws -> AppleHTTPResponse {
        try await withThrowingTaskGroup(of: AppleHTTPResponse?.self) { group in
            group.addTask { try await transport.send(request) }
            group.addTask {
                try await Task.sleep(until: deadline, clock: clock)
                return nil
            }
            defer { group.cancelAll() }
            if let first = try await group.next(), let response = first { return response }
            // The deadline passed (or the caller was cancelled while the timer was the first to end).
            group.cancelAll()
            if case let response?? = try? await group.next() { return response }
            if Task.isCancelled { throw CancellationError() }
            throw TimeLimitReached()
        }
    }

    /// Retry-After as seconds from now: delay-seconds, or an IMF-fixdate ("Sun, 06 Nov 1994 08:49:37
    /// GMT", RFC 9110 §5.6.7). Anything else is ignored.
    package static func retryAfterSeconds(_ value: String, now: Date) -> Double? {
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

// Online revocation checks (Apple's library calls them enableOnlineChecks): OCSP (RFC 6960, PureX509's
// messages) for the leaf and the intermediate of an App Store chain, through the package's HTTP transport.
// Each certificate's responder is the one its authorityInfoAccess names; both are asked at once; a good
// answer is cached until its nextUpdate (at most `maximumCacheLifetime`), so a busy server asks once per
// certificate and period, not twice per token; concurrent checks of one certificate share one request.
// An answer that says revoked, fails a check or says unknown is a refusal; a responder that cannot be
// reached or answers 5xx, tryLater or garbage is `revocationStatusUnavailable`, which is retryable.
// OCSP requests are idempotent: retried by the policy after failures, 429 and 5xx.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AppleHTTP
import AppStoreServer
import PureX509

/// Checks App Store certificate chains with OCSP, caching good answers.
public actor AppStoreOCSPChecker {
    /// How far the responder's clock may be from ours, in seconds.
    public let leeway: Double
    /// The longest a good answer is reused, in seconds, whatever its nextUpdate.
    public let maximumCacheLifetime: Double

    private let sender: AppleRequestSender
    private let responderBaseURL: String?
    private let now: @Sendable () -> Date
    private let nonce: @Sendable () -> [UInt8]
    private let cacheCapacity: Int
    private var cache: [[UInt8]: (until: Date, status: OCSPStatus)] = [:]
    private var inFlight: [[UInt8]: Task<Result<OCSPStatus, AppStoreVerificationError>, Never>] = [:]
    private(set) var requestsSent = 0

    /// A checker sending through `transport`.
    /// - Parameters:
    ///   - transport: your HTTP client (the one the API client and Sign in with Apple use).
    ///   - retryPolicy: attempts and the time limit of one OCSP exchange (default: two attempts, 10 s).
    ///   - leeway: clock difference allowed with the responder, in seconds (0 to 3,600; default 300).
    ///   - maximumCacheLifetime: the longest a good answer is kept, in seconds (0: never kept; at most a week).
    ///   - cacheCapacity: the most answers kept.
    ///   - responderBaseURL: sends every request to this scheme://host[:port] instead of the certificate's
    ///     responder, keeping its path (a stand-in in tests, a proxy).
    ///   - now: the clock.
    ///   - nonce: the request nonce's source (16 random bytes by default; tests fix it).
    public init(transport: any AppleHTTPTransport, retryPolicy: AppleRetryPolicy = AppleRetryPolicy(maximumAttempts: 2, timeLimit: 10),
                leeway: Double = 300, maximumCacheLifetime: Double = 86_400, cacheCapacity: Int = 64, responderBaseURL: String? = nil,
                now: @escaping @Sendable () -> Date = { Date() },
                nonce: @escaping @Sendable () -> [UInt8] = { var generator = SystemRandomNumberGenerator(); return (0..<16).map { _ in generator.next() } })
        throws(AppStoreAPIError) {
        if let problem = retryPolicy.problem { throw AppStoreAPIError(.invalidConfiguration(problem)) }
        guard leeway.isFinite, (0...3600).contains(leeway) else {
            throw AppStoreAPIError(.invalidConfiguration("the OCSP leeway must be from 0 to 3600 seconds, not \(leeway)"))
        }
        guard maximumCacheLifetime.isFinite, (0...604_800).contains(maximumCacheLifetime) else {
            throw AppStoreAPIError(.invalidConfiguration("the OCSP cache lifetime must be from 0 to 604800 seconds, not \(maximumCacheLifetime)"))
        }
        guard (0...10_000).contains(cacheCapacity) else {
            throw AppStoreAPIError(.invalidConfiguration("the OCSP cache capacity must be from 0 to 10000, not \(cacheCapacity)"))
        }
        if let responderBaseURL, case .failure(let problem) = AppleBaseURL.normalized(responderBaseURL) {
            throw AppStoreAPIError(.invalidConfiguration(problem.message))
        }
        sender = AppleRequestSender(transport: transport, policy: retryPolicy, now: now)
        self.leeway = leeway
        self.maximumCacheLifetime = maximumCacheLifetime
        self.cacheCapacity = cacheCapacity
        self.responderBaseURL = responderBaseURL.flatMap { try? AppleBaseURL.normalized($0).get() }
        self.now = now
        self.nonce = nonce
    }

    /// Checks every certificate of `chain` (leaf first, each followed by its issuer) but the last with its
    /// issuer — for an App Store x5c, the leaf and the intermediate — concurrently. Returns when all are
    /// good; throws `certificateRevoked`, `revocationCheckFailed` or `revocationStatusUnavailable`.
    public func check(chain: [Certificate]) async throws(AppStoreVerificationError) {
        guard chain.count >= 2 else { throw AppStoreVerificationError(.revocationCheckFailed("a chain of \(chain.count) certificate(s) has nothing to check")) }
        let pairs = (0..<(chain.count - 1)).map { (chain[$0], chain[$0 + 1], $0 == 0 ? "the signing certificate (x5c[0])" : "x5c[\($0)]") }
        let tasks = pairs.map { certificate, issuer, role in task(for: certificate, issuer: issuer, role: role) }
        for task in tasks {
            if case .failure(let error) = await task.value { throw error }
        }
    }

    /// A good answer's status for `certificate` from the cache or one exchange (shared by concurrent callers).
    private func task(for certificate: Certificate, issuer: Certificate, role: String) -> Task<Result<OCSPStatus, AppStoreVerificationError>, Never> {
        let key = certificate.derRepresentation + issuer.subject.derRepresentation
        let time = now()
        if let cached = cache[key], time < cached.until { return Task { .success(cached.status) } }
        if let running = inFlight[key] { return running }
        let task = Task { await self.exchange(certificate, issuer: issuer, role: role, key: key) }
        inFlight[key] = task
        return task
    }

    private func exchange(_ certificate: Certificate, issuer: Certificate, role: String, key: [UInt8]) async -> Result<OCSPStatus, AppStoreVerificationError> {
        defer { inFlight[key] = nil }
        let result = await ask(certificate, issuer: issuer, role: role)
        if case .success(let status) = result, maximumCacheLifetime > 0, cacheCapacity > 0 {
            let time = now()
            let until = min(Date(timeIntervalSince1970: Double(status.nextUpdate ?? status.thisUpdate)), time.addingTimeInterval(maximumCacheLifetime))
            if cache.count >= cacheCapacity {
                cache = cache.filter { time < $0.value.until }
                if cache.count >= cacheCapacity, let oldest = cache.min(by: { $0.value.until < $1.value.until }) { cache[oldest.key] = nil }
            }
            cache[key] = (until, status)
        }
        return result
    }

    private func ask(_ certificate: Certificate, issuer: Certificate, role: String) async -> Result<OCSPStatus, AppStoreVerificationError> {
        guard var url = certificate.ocspURLs.first(where: { $0.lowercased().hasPrefix("http://") || $0.lowercased().hasPrefix("https://") }) else {
            return .failure(AppStoreVerificationError(.revocationCheckFailed("\(role) names no OCSP responder")))
        }
        if let responderBaseURL, let schemeEnd = url.firstRange(of: "://") {
            let rest = url[schemeEnd.upperBound...]
            url = responderBaseURL + String(rest.drop { $0 != "/" })
        }
        let nonce = self.nonce()
        let body = OCSP.request(for: certificate, issuer: issuer, nonce: nonce)
        let request = AppleHTTPRequest(method: "POST", url: url, headers: ["Content-Type": "application/ocsp-request", "Accept": "application/ocsp-response",
                                                                          "User-Agent": "PureJWT-AppStoreServerAPI"], bodyBytes: body)
        requestsSent += 1
        let response: AppleHTTPResponse
        do { response = try await sender.response(to: request, .repeatable) } catch {
            return .failure(AppStoreVerificationError(.revocationStatusUnavailable("\(role): \(url): \(error.message)")))
        }
        guard response.status == 200 else {
            return .failure(AppStoreVerificationError(.revocationStatusUnavailable("\(role): \(url) answered HTTP \(response.status)")))
        }
        guard response.body.count <= 65_536 else {
            return .failure(AppStoreVerificationError(.revocationStatusUnavailable("\(role): an OCSP answer of \(response.body.count) bytes")))
        }
        let clock = now().timeIntervalSince1970
        guard let seconds = X509ChainValidator.seconds(sinceEpoch: clock) else {
            return .failure(AppStoreVerificationError(.revocationCheckFailed("the clock reads \(clock) s since 1970")))
        }
        let status: OCSPStatus
        do {
            status = try OCSP.verify(response.body, for: certificate, issuer: issuer, nonce: nonce, at: seconds,
                                     leeway: Int64(leeway))
        } catch {
            switch error.reason {
            case .ocsp(.malformed), .ocsp(.unsuccessful(status: 2)), .ocsp(.unsuccessful(status: 3)):
                return .failure(AppStoreVerificationError(.revocationStatusUnavailable("\(role): \(error)")))
            default:
                return .failure(AppStoreVerificationError(.revocationCheckFailed("\(role): \(error)")))
            }
        }
        switch status.status {
        case .good: return .success(status)
        case .revoked: return .failure(AppStoreVerificationError(.certificateRevoked(role)))
        case .unknown: return .failure(AppStoreVerificationError(.revocationCheckFailed("\(role): the responder does not know the certificate")))
        }
    }

    /// How many OCSP requests were sent (cache misses), for tests and metrics.
    public var exchanges: Int { requestsSent }
}

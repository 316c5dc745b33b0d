// The App Store Server API and Retention Messaging API client: one value per app (bundle ID) and
// environment, over the caller's HTTP transport (AppleHTTP's protocol, the one AppleAuth uses). Each call
// carries the bearer token of "Generating JSON Web Tokens for API requests", signed once and reused until
// a minute before it expires (`AppStoreAPITokenCache`).
//
// The module re-exports AppleHTTP (the transport) and AppStoreServer (the environments, the verifier and
// the payloads its answers decode to), so `import AppStoreServerAPI` is all a caller needs.
//
// Calls are sent by AppleHTTP's retry rules. Apple's own libraries make one attempt; this client repeats a
// request only where repeating it cannot do harm — reads (GET, and the POST of notification history),
// PUTs that set a value and DELETEs (idempotent, RFC 9110 §9.2.2) — after a transport failure, a 429
// (honouring Retry-After) or a 5xx, with exponential back-off and jitter, within the policy's time limit
// for the whole call. A request that adds or starts something (a renewal-date extension, a mass
// extension, a test notification, a performance test, finishing a transaction) is sent again only when
// the connection never opened. Each endpoint's doc comment says which kind it is. Answers are capped in
// size.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@_exported import AppleHTTP
@_exported import AppStoreServer
import PureJWT

/// Calls the App Store Server API and the Retention Messaging API for one app in one environment.
public struct AppStoreServerAPIClient: Sendable {
    /// Apple's production server.
    public static let productionBaseURL = "https://api.storekit.apple.com"
    /// Apple's sandbox server.
    public static let sandboxBaseURL = "https://api.storekit-sandbox.apple.com"

    /// The environment the client calls.
    public let environment: AppStoreEnvironment
    /// The server it calls: Apple's for `environment`, or the base URL given.
    public let baseURL: String
    /// The largest answer accepted, in bytes.
    public let maximumResponseSize: Int
    /// The app whose data it reads (the tokens' `bid`).
    public var bundleID: String { credentials.bundleID }

    private let credentials: AppStoreCredentials
    private let tokens: AppStoreAPITokenCache
    private let sender: AppleRequestSender

    /// A client for `credentials`' app.
    ///
    /// - Parameters:
    ///   - credentials: the In-App Purchase key with its issuer ID, key ID and the app's bundle ID.
    ///   - environment: `.production` or `.sandbox` (Apple's servers); any other (`.localTesting`) needs a
    ///     `baseURL`. `.xcode` is refused: StoreKit testing in Xcode has no server.
    ///   - transport: your HTTP client (URLSession, AsyncHTTPClient, Vapor's: the integrations provide one).
    ///   - baseURL: another server (a stand-in in tests, a proxy); overrides the environment's.
    ///   - retryPolicy: attempts, back-off and the time limit of one call, waits included.
    ///   - tokenLifetime: each bearer token's lifetime in seconds (1 to 3,600; default 300).
    ///   - maximumResponseSize: the largest answer accepted, in bytes (default 4 MiB; Apple's pages are a
    ///     few hundred KiB at most).
    ///   - now: the clock (tests pass a fake one).
    public init(credentials: AppStoreCredentials, environment: AppStoreEnvironment, transport: any AppleHTTPTransport,
                baseURL: String? = nil, retryPolicy: AppleRetryPolicy = AppleRetryPolicy(), tokenLifetime: Double = 300,
                maximumResponseSize: Int = 4 << 20, now: @escaping @Sendable () -> Date = { Date() }) throws(AppStoreAPIError) {
        let chosen: String
        if environment == .xcode {
            throw AppStoreAPIError(.invalidConfiguration("Xcode is not an environment of the App Store Server API (StoreKit testing in Xcode has no server); use .sandbox"))
        } else if let baseURL {
            chosen = baseURL
        } else if environment == .production {
            chosen = Self.productionBaseURL
        } else if environment == .sandbox {
            chosen = Self.sandboxBaseURL
        } else {
            throw AppStoreAPIError(.invalidConfiguration("the environment \(environment) has no server of Apple's; give its base URL"))
        }
        switch AppleBaseURL.normalized(chosen) {
        case .success(let url): self.baseURL = url
        case .failure(let problem): throw AppStoreAPIError(.invalidConfiguration(problem.message))
        }
        if let problem = retryPolicy.problem { throw AppStoreAPIError(.invalidConfiguration(problem)) }
        guard (1...(1 << 30)).contains(maximumResponseSize) else {
            throw AppStoreAPIError(.invalidConfiguration("the maximum response size must be from 1 byte to 1 GiB, not \(maximumResponseSize)"))
        }
        self.environment = environment
        self.maximumResponseSize = maximumResponseSize
        self.credentials = credentials
        tokens = try AppStoreAPITokenCache(credentials: credentials, lifetime: tokenLifetime, renewalMargin: min(60, tokenLifetime / 2), now: now)
        sender = AppleRequestSender(transport: transport, policy: retryPolicy, now: now)
    }
}

extension AppStoreServerAPIClient: CustomStringConvertible {
    public var description: String { "AppStoreServerAPIClient(\(credentials.bundleID), \(environment) at \(baseURL))" }
}

// MARK: Sending

extension AppStoreServerAPIClient {
    /// Whether a request may be sent again once it may have reached Apple (see the file's comment).
    package typealias Repeatability = AppleRequestSender.Repeatability

    /// A request body: JSON made from a value, or bytes with their content type.
    package enum Body {
        case json(any Encodable)
        case bytes([UInt8], contentType: String)
    }

    /// Sends `method` `path` (segments already escaped) with `query` and `body`; the answer's body when
    /// Apple answered 2xx, else the error Apple sent.
    package func send(_ method: String, _ path: String, query: [(String, String)] = [], body: Body? = nil,
                      _ repeatability: Repeatability) async throws(AppStoreAPIError) -> [UInt8] {
        var url = baseURL + path
        if !query.isEmpty {
            url += "?" + query.map { Self.escaped($0.0) + "=" + Self.escaped($0.1) }.joined(separator: "&")
        }
        var headers = ["Authorization": "Bearer " + (try await tokens.token().token), "Accept": "application/json",
                       "User-Agent": "PureJWT-AppStoreServerAPI"]
        var bytes: [UInt8] = []
        switch body {
        case .json(let value)?:
            headers["Content-Type"] = "application/json"
            do {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                bytes = Array(try encoder.encode(value))
            } catch {
                throw AppStoreAPIError(.invalidRequest("the request body could not be encoded as JSON: \(error)"))
            }
        case .bytes(let raw, let contentType)?:
            headers["Content-Type"] = contentType
            bytes = raw
        case nil:
            break
        }
        let request = AppleHTTPRequest(method: method, url: url, headers: headers, bodyBytes: bytes)
        let response: AppleHTTPResponse
        do { response = try await sender.response(to: request, repeatability) } catch {
            throw AppStoreAPIError(.transport(error.message, requestMayHaveReachedApple: error.requestMayHaveReachedApple))
        }
        guard response.body.count <= maximumResponseSize else {
            throw AppStoreAPIError(.invalidResponse("the answer to \(method) \(path) is \(response.body.count) bytes, over the limit of \(maximumResponseSize)"))
        }
        guard (200..<300).contains(response.status) else { throw Self.apiError(response) }
        return response.body
    }

    /// Sends and decodes the 2xx answer as `Response`, strictly (PureJWT's parser: duplicate names and deep
    /// nesting refused; members Apple adds later are ignored).
    package func send<Response: Decodable>(_ method: String, _ path: String, query: [(String, String)] = [], body: Body? = nil,
                                           _ repeatability: Repeatability, as type: Response.Type) async throws(AppStoreAPIError) -> Response {
        let bytes = try await send(method, path, query: query, body: body, repeatability)
        do { return try StrictJSONDecoder(maximumSize: maximumResponseSize).decode(Response.self, from: bytes) } catch {
            throw AppStoreAPIError(.invalidResponse("\(method) \(path): not the \(Response.self) Apple documents (\(error))"))
        }
    }

    /// Apple's error answer: `{"errorCode": 4040010, "errorMessage": "…"}` when the body is that; the
    /// status alone otherwise.
    static func apiError(_ response: AppleHTTPResponse) -> AppStoreAPIError {
        struct ErrorBody: Decodable {
            let errorCode: AppStoreAPIErrorCode?
            let errorMessage: String?
        }
        let body = try? StrictJSONDecoder(maximumSize: 65_536).decode(ErrorBody.self, from: response.body)
        let message = body?.errorMessage.map { String($0.unicodeScalars.prefix(500).filter { $0.value >= 0x20 && $0.value != 0x7f }.map(Character.init)) }
        return AppStoreAPIError(.apiError(status: response.status, code: body?.errorCode, message: message))
    }

    private static let hexDigits = Array("0123456789ABCDEF".unicodeScalars)

    /// `value` percent-encoded for a path segment or a query component: everything but RFC 3986's
    /// unreserved characters (ALPHA / DIGIT / "-" / "." / "_" / "~").
    static func escaped(_ value: String) -> String {
        var text = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                text.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                text.unicodeScalars.append("%")
                text.unicodeScalars.append(hexDigits[Int(byte >> 4)])
                text.unicodeScalars.append(hexDigits[Int(byte & 15)])
            }
        }
        return text
    }

    /// A path segment from an identifier: 1 to 1,024 characters, no control characters; "." and ".." are
    /// refused (they would change the path).
    static func segment(_ value: String, _ name: String) throws(AppStoreAPIError) -> String {
        guard !value.isEmpty else { throw AppStoreAPIError(.invalidRequest("the \(name) is empty")) }
        guard value.utf8.count <= 1024 else { throw AppStoreAPIError(.invalidRequest("the \(name) is \(value.utf8.count) bytes long, over 1,024")) }
        guard value != ".", value != "..", !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f }) else {
            throw AppStoreAPIError(.invalidRequest("the \(name) \"\(value.debugDescription.dropFirst().dropLast())\" is not an identifier"))
        }
        return escaped(value)
    }

    /// A UUID as Apple's paths and bodies take it: lowercase (Apple's Python library; its Swift library
    /// sends uppercase, which Apple also accepts).
    static func text(_ uuid: UUID) -> String { uuid.uuidString.lowercased() }
}

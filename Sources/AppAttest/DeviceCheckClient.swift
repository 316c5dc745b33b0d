// Apple's DeviceCheck servers, over the caller's HTTP transport (AppleHTTP's protocol, the one AppleAuth
// and the App Store Server API client use) with the same retry rules:
//
//   App Attest receipt service   POST {base}/v1/attestationData     body: the receipt, base64 text
//     production  https://data.appattest.apple.com                  200: a new receipt, base64 text
//     development https://data-development.appattest.apple.com      304: unchanged (before its notBefore)
//   DeviceCheck                  POST {base}/v1/validate_device_token, /v1/query_two_bits, /v1/update_two_bits
//     production  https://api.devicecheck.apple.com                body: {"device_token": base64,
//     development https://api.development.devicecheck.apple.com       "transaction_id": UUID, "timestamp": ms, …}
//
// Both authenticate with a JWT signed ES256 by a DeviceCheck key (.p8): header kid, claims iss (the team
// ID) and iat. DeviceCheck takes it as "Authorization: Bearer <JWT>"; the receipt service's documentation
// sends the JWT alone as the header's value, which is what is sent there. Each request gets a fresh token
// (Apple wants iat within the hour; a P-256 signature costs about 50 µs).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AppleHTTP
import PureBase64
import PureJWT
import PureP256

/// A DeviceCheck key: what signs the JWT of DeviceCheck and App Attest receipt requests.
public struct DeviceCheckCredentials: Sendable {
    /// The team ID (ten characters).
    public let teamID: String
    /// The key's ID (Certificates, Identifiers & Profiles → Keys).
    public let keyID: String
    let privateKey: P256.Signing.PrivateKey

    /// Credentials from the .p8 file's text (PKCS#8 "PRIVATE KEY" PEM).
    public init(teamID: String, keyID: String, privateKeyPEM: String) throws(AppAttestError) {
        guard !teamID.isEmpty, teamID.utf8.count <= 64, !keyID.isEmpty, keyID.utf8.count <= 64 else {
            throw AppAttestError(.invalidConfiguration("the team ID and key ID must be non-empty (they are in the developer account, beside the key)"))
        }
        do { privateKey = try P256.Signing.PrivateKey(pemRepresentation: privateKeyPEM) } catch {
            throw AppAttestError(.invalidConfiguration("the DeviceCheck key could not be read (\(error)); give the whole .p8 file's text"))
        }
        self.teamID = teamID
        self.keyID = keyID
    }

    /// A JWT for a request at `now`.
    func token(now: Date) throws(AppAttestError) -> String {
        struct Claims: Encodable {
            let iss: String
            let iat: NumericDate
        }
        do {
            return try JWTSigner(key: .es256(privateKey, keyID: keyID))
                .sign(Claims(iss: teamID, iat: NumericDate(secondsSince1970: now.timeIntervalSince1970.rounded(.down))),
                      header: JWTHeader(alg: "ES256", kid: keyID))
        } catch {
            throw AppAttestError(.invalidConfiguration("the DeviceCheck token could not be signed: \(error)"))
        }
    }
}

/// A device's two DeviceCheck bits, as Apple stores them.
public struct DeviceCheckBits: Sendable, Hashable {
    /// The first bit.
    public let bit0: Bool
    /// The second bit.
    public let bit1: Bool
    /// When they were last set ("YYYY-MM", Apple's month granularity).
    public let lastUpdateTime: String?

    /// Bits as Apple reports them (or a stand-in does, in tests).
    public init(bit0: Bool, bit1: Bool, lastUpdateTime: String?) {
        self.bit0 = bit0
        self.bit1 = bit1
        self.lastUpdateTime = lastUpdateTime
    }
}

/// Calls Apple's App Attest receipt service and DeviceCheck.
public struct DeviceCheckClient: Sendable {
    /// The environment calls go to.
    public let environment: AppAttestEnvironment
    let credentials: DeviceCheckCredentials
    let sender: AppleRequestSender
    let appAttestBaseURL: String
    let deviceCheckBaseURL: String
    let now: @Sendable () -> Date

    /// A client for `environment`.
    ///
    /// - Parameters:
    ///   - credentials: the DeviceCheck key.
    ///   - environment: production (the default) or development, as the app's entitlement says.
    ///   - transport: your HTTP client (the package's integrations provide one).
    ///   - retryPolicy: retries after transport failures, 429 and 5xx (every call here may be repeated).
    ///   - appAttestBaseURL: replaces the receipt service's host (a stand-in for tests).
    ///   - deviceCheckBaseURL: replaces DeviceCheck's host.
    ///   - now: the clock the tokens and timestamps are made with.
    public init(credentials: DeviceCheckCredentials, environment: AppAttestEnvironment = .production, transport: any AppleHTTPTransport,
                retryPolicy: AppleRetryPolicy = AppleRetryPolicy(), appAttestBaseURL: String? = nil, deviceCheckBaseURL: String? = nil,
                now: @escaping @Sendable () -> Date = { Date() }) throws(AppAttestError) {
        if let problem = retryPolicy.problem { throw AppAttestError(.invalidConfiguration(problem)) }
        func base(_ given: String?, _ production: String, _ development: String) throws(AppAttestError) -> String {
            let url = given ?? (environment == .production ? production : development)
            switch AppleBaseURL.normalized(url) {
            case .success(let normalized): return normalized
            case .failure(let problem): throw AppAttestError(.invalidConfiguration(problem.message))
            }
        }
        self.appAttestBaseURL = try base(appAttestBaseURL, "https://data.appattest.apple.com", "https://data-development.appattest.apple.com")
        self.deviceCheckBaseURL = try base(deviceCheckBaseURL, "https://api.devicecheck.apple.com", "https://api.development.devicecheck.apple.com")
        self.credentials = credentials
        self.environment = environment
        sender = AppleRequestSender(transport: transport, policy: retryPolicy, now: now)
        self.now = now
    }

    /// Exchanges an App Attest receipt for a new one with a risk metric. Verify the answer with
    /// ``AppAttestReceiptVerifier`` before using it, and keep it for the next refresh.
    ///
    /// - Returns: the new receipt, or nil when Apple has no newer one yet (HTTP 304: it is before the
    ///   receipt's notBefore).
    public func refreshReceipt(_ receipt: [UInt8]) async throws(AppAttestError) -> [UInt8]? {
        let request = AppleHTTPRequest(method: "POST", url: appAttestBaseURL + "/v1/attestationData",
                                       headers: ["Authorization": try credentials.token(now: now()), "Content-Type": "text/plain"],
                                       body: Base64.encode(receipt))
        let response = try await send(request)
        if response.status == 304 { return nil }
        try Self.check(response)
        let text = String(decoding: response.body, as: UTF8.self)
        guard let bytes = try? Base64.decodeIgnoringWhitespace(text), !bytes.isEmpty else {
            throw AppAttestError(.appleServiceError(status: response.status, message: "the answer is not a base64 receipt"))
        }
        return bytes
    }

    /// Checks that a DCDevice token (decoded from base64) is valid: returns, or throws Apple's answer.
    public func validateDeviceToken(_ deviceToken: [UInt8]) async throws(AppAttestError) {
        try Self.check(try await deviceCheck("validate_device_token", deviceToken))
    }

    /// The device's two bits, or nil when they were never set.
    public func queryTwoBits(deviceToken: [UInt8]) async throws(AppAttestError) -> DeviceCheckBits? {
        let response = try await deviceCheck("query_two_bits", deviceToken)
        try Self.check(response)
        // Apple answers 200 with the text "Failed to find bit state" for a device whose bits were never set.
        if response.body.isEmpty || response.body.first != UInt8(ascii: "{") { return nil }
        struct Answer: Decodable {
            let bit0: Bool
            let bit1: Bool
            let last_update_time: String?
        }
        do {
            let answer = try StrictJSONDecoder(maximumSize: 4096).decode(Answer.self, from: response.body)
            return DeviceCheckBits(bit0: answer.bit0, bit1: answer.bit1, lastUpdateTime: answer.last_update_time)
        } catch {
            throw AppAttestError(.appleServiceError(status: response.status, message: "the bits could not be read: \(error)"))
        }
    }

    /// Sets the device's two bits.
    public func updateTwoBits(deviceToken: [UInt8], bit0: Bool, bit1: Bool) async throws(AppAttestError) {
        try Self.check(try await deviceCheck("update_two_bits", deviceToken, bits: (bit0, bit1)))
    }

    private func deviceCheck(_ endpoint: String, _ deviceToken: [UInt8], bits: (Bool, Bool)? = nil) async throws(AppAttestError) -> AppleHTTPResponse {
        struct Body: Encodable {
            let device_token: String
            let transaction_id: String
            let timestamp: Int64
            let bit0: Bool?
            let bit1: Bool?
        }
        let interval = now().timeIntervalSince1970
        guard interval.isFinite, abs(interval) < 1e12 else {
            throw AppAttestError(.invalidConfiguration("the clock does not read a finite date within ±31,000 years of 1970"))
        }
        let milliseconds = Int64((interval * 1000).rounded(.down))
        let body = Body(device_token: Base64.encode(deviceToken), transaction_id: UUID().uuidString, timestamp: milliseconds,
                        bit0: bits?.0, bit1: bits?.1)
        let bytes: [UInt8]
        do { bytes = Array(try JSONEncoder().encode(body)) } catch {
            throw AppAttestError(.invalidConfiguration("the request could not be encoded: \(error)"))
        }
        let request = AppleHTTPRequest(method: "POST", url: deviceCheckBaseURL + "/v1/" + endpoint,
                                       headers: ["Authorization": "Bearer " + (try credentials.token(now: now())), "Content-Type": "application/json"],
                                       bodyBytes: bytes)
        return try await send(request)
    }

    private func send(_ request: AppleHTTPRequest) async throws(AppAttestError) -> AppleHTTPResponse {
        do { return try await sender.response(to: request, .repeatable) } catch {
            throw AppAttestError(.appleServiceError(status: 0, message: "no answer from Apple: \(error.message)"))
        }
    }

    /// Throws Apple's answer unless it is 200.
    private static func check(_ response: AppleHTTPResponse) throws(AppAttestError) {
        guard response.status == 200 else {
            let text = String(decoding: response.body.prefix(512), as: UTF8.self).split(whereSeparator: \.isNewline).joined(separator: " ")
            throw AppAttestError(.appleServiceError(status: response.status, message: text))
        }
    }
}

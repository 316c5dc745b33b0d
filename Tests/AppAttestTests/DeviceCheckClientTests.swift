// The DeviceCheck client against a stand-in transport: each call's URL, headers (the ES256 JWT checked with
// the key's public half), body, and how Apple's answers are read (bits, "Failed to find bit state", 304,
// errors, retries of 5xx).

import Foundation
import AppAttest
import AppleHTTP
import PureBase64
import PureP256
import Testing

/// Answers from a list, recording each request.
private actor ScriptedTransport: AppleHTTPTransport {
    var answers: [AppleHTTPResponse]
    private(set) var requests: [AppleHTTPRequest] = []

    init(_ answers: [AppleHTTPResponse]) { self.answers = answers }

    func send(_ request: AppleHTTPRequest) async throws -> AppleHTTPResponse {
        requests.append(request)
        return answers.isEmpty ? AppleHTTPResponse(status: 500, body: []) : answers.removeFirst()
    }
}

private let key = P256.Signing.PrivateKey()
private let now = Date(timeIntervalSince1970: 1_764_374_400)  // 2025-11-29T00:00:00Z

private func client(_ transport: ScriptedTransport, environment: AppAttestEnvironment = .production) throws -> DeviceCheckClient {
    let credentials = try DeviceCheckCredentials(teamID: "ABCDE12345", keyID: "KEY1234567", privateKeyPEM: key.pemRepresentation)
    return try DeviceCheckClient(credentials: credentials, environment: environment, transport: transport,
                                 retryPolicy: AppleRetryPolicy(maximumAttempts: 2, initialBackoff: 0.01, maximumBackoff: 0.01, timeLimit: 3600), now: { now })
}

/// The JWT's header and claims, after checking its ES256 signature with the key's public half.
private func checkedToken(_ token: String) throws -> (header: [String: Any], claims: [String: Any]) {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    #expect(parts.count == 3)
    let signature = try P256.Signing.ECDSASignature(rawRepresentation: try Base64URL.decode(parts[2]))
    #expect(key.publicKey.isValidSignature(signature, for: Array((parts[0] + "." + parts[1]).utf8)))
    let header = try #require(try JSONSerialization.jsonObject(with: Data(try Base64URL.decode(parts[0]))) as? [String: Any])
    let claims = try #require(try JSONSerialization.jsonObject(with: Data(try Base64URL.decode(parts[1]))) as? [String: Any])
    return (header, claims)
}

@Suite("DeviceCheck client")
struct DeviceCheckClientTests {
    @Test("query_two_bits: URL, bearer JWT, body; the bits, and nil for a device never set")
    func queryTwoBits() async throws {
        let transport = ScriptedTransport([
            AppleHTTPResponse(status: 200, body: Array(#"{"bit0":true,"bit1":false,"last_update_time":"2025-11"}"#.utf8)),
            AppleHTTPResponse(status: 200, body: Array("Failed to find bit state".utf8)),
        ])
        let deviceCheck = try client(transport)
        let bits = try await deviceCheck.queryTwoBits(deviceToken: [1, 2, 3])
        #expect(bits == DeviceCheckBits(bit0: true, bit1: false, lastUpdateTime: "2025-11"))
        #expect(try await deviceCheck.queryTwoBits(deviceToken: [1, 2, 3]) == nil)

        let request = try #require(await transport.requests.first)
        #expect(request.method == "POST" && request.url == "https://api.devicecheck.apple.com/v1/query_two_bits")
        let authorization = try #require(request.headers["Authorization"])
        #expect(authorization.hasPrefix("Bearer "))
        let (header, claims) = try checkedToken(String(authorization.dropFirst(7)))
        #expect(header["alg"] as? String == "ES256" && header["kid"] as? String == "KEY1234567")
        #expect(claims["iss"] as? String == "ABCDE12345" && (claims["iat"] as? NSNumber)?.int64Value == 1_764_374_400)
        let body = try #require(try JSONSerialization.jsonObject(with: Data(request.bodyBytes)) as? [String: Any])
        #expect(body["device_token"] as? String == "AQID")
        #expect((body["timestamp"] as? NSNumber)?.int64Value == 1_764_374_400_000)
        #expect(UUID(uuidString: try #require(body["transaction_id"] as? String)) != nil)
        #expect(body["bit0"] == nil)
    }

    @Test("update_two_bits and validate_device_token in development; Apple's errors name status and text; 5xx retried")
    func updateAndValidate() async throws {
        let transport = ScriptedTransport([
            AppleHTTPResponse(status: 503, body: []),
            AppleHTTPResponse(status: 200, body: []),
            AppleHTTPResponse(status: 400, body: Array("Missing or incorrectly formatted device token payload".utf8)),
        ])
        let deviceCheck = try client(transport, environment: .development)
        try await deviceCheck.updateTwoBits(deviceToken: [9], bit0: false, bit1: true)
        await #expect(throws: AppAttestError(.appleServiceError(status: 400, message: "Missing or incorrectly formatted device token payload"))) {
            try await deviceCheck.validateDeviceToken([9])
        }
        let requests = await transport.requests
        #expect(requests.map(\.url) == ["https://api.development.devicecheck.apple.com/v1/update_two_bits",
                                        "https://api.development.devicecheck.apple.com/v1/update_two_bits",
                                        "https://api.development.devicecheck.apple.com/v1/validate_device_token"])
        let body = try #require(try JSONSerialization.jsonObject(with: Data(requests[1].bodyBytes)) as? [String: Any])
        #expect(body["bit0"] as? Bool == false && body["bit1"] as? Bool == true)
    }

    @Test("Receipt refresh: the receipt as base64 text with the JWT alone; a new receipt, or nil on 304")
    func refreshReceipt() async throws {
        let newReceipt: [UInt8] = [0x30, 0x80, 1, 2, 3]
        let transport = ScriptedTransport([
            AppleHTTPResponse(status: 200, body: Array(Base64.encode(newReceipt).utf8)),
            AppleHTTPResponse(status: 304, body: []),
            AppleHTTPResponse(status: 401, body: Array("Unauthorized".utf8)),
        ])
        let deviceCheck = try client(transport)
        #expect(try await deviceCheck.refreshReceipt([7, 7]) == newReceipt)
        #expect(try await deviceCheck.refreshReceipt([7, 7]) == nil)
        await #expect(throws: AppAttestError(.appleServiceError(status: 401, message: "Unauthorized"))) { try await deviceCheck.refreshReceipt([7, 7]) }
        let request = try #require(await transport.requests.first)
        #expect(request.url == "https://data.appattest.apple.com/v1/attestationData")
        #expect(String(decoding: request.bodyBytes, as: UTF8.self) == "Bwc=")
        let (_, claims) = try checkedToken(try #require(request.headers["Authorization"]))
        #expect(claims["iss"] as? String == "ABCDE12345")
    }

    @Test("Unusable settings throw: a base URL with a query, empty IDs, a key that is not a .p8")
    func configuration() throws {
        let credentials = try DeviceCheckCredentials(teamID: "ABCDE12345", keyID: "K", privateKeyPEM: key.pemRepresentation)
        #expect(throws: AppAttestError.self) {
            try DeviceCheckClient(credentials: credentials, transport: ScriptedTransport([]), deviceCheckBaseURL: "https://example.org/?x=1")
        }
        #expect(throws: AppAttestError.self) { try DeviceCheckCredentials(teamID: "", keyID: "K", privateKeyPEM: key.pemRepresentation) }
        #expect(throws: AppAttestError.self) { try DeviceCheckCredentials(teamID: "T", keyID: "K", privateKeyPEM: "not a key") }
    }
}

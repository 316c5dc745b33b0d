// A local stand-in for the App Store Server API over real HTTP (TestSupport's StandInServer on 127.0.0.1,
// reached through URLSessionTransport), and the checks it makes of each request as Apple documents them:
// the bearer token's signature with the key's public half, its header (alg ES256, kid, typ JWT) and
// claims (iss, aud "appstoreconnect-v1", bid, iat and exp whole seconds, exp at most 60 minutes after
// iat and not yet passed), the Accept header, and a Content-Type whenever a body is sent.

import AppleAuthURLSession
import AppStoreServer
import AppStoreServerAPI
import Foundation
import PureBase64
import PureJWT
import PureP256
import Testing
import TestSupport

/// What a recorded request was, split up for comparison.
struct RecordedCall {
    let method: String
    let path: String
    let query: [String: [String]]
    let headers: [String: String]
    let body: [UInt8]

    init(_ request: StandInServer.Request) {
        method = request.method
        let parts = request.path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path = String(parts[0])
        var query: [String: [String]] = [:]
        if parts.count > 1 {
            for pair in parts[1].split(separator: "&") {
                let item = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { String($0).removingPercentEncoding ?? String($0) }
                query[item[0], default: []].append(item.count > 1 ? item[1] : "")
            }
        }
        self.query = query
        headers = request.headers
        body = Array(request.body.utf8)
    }

    func header(_ name: String) -> String? { headers.first { $0.key.lowercased() == name.lowercased() }?.value }
}

enum StandInAppStore {
    static let issuerID = "issuerId"
    static let keyID = "keyId"
    static let bundleID = "com.example"

    static func credentials() throws -> AppStoreCredentials {
        try AppStoreCredentials(issuerID: issuerID, keyID: keyID, bundleID: bundleID, privateKeyPEM: VectorFiles.text("testSigningKey.p8"))
    }

    /// A client of `server` with Apple's test identifiers; no retries unless a policy is given.
    static func client(_ server: StandInServer, retryPolicy: AppleRetryPolicy = .never, now: @escaping @Sendable () -> Date = { Date() }) throws -> AppStoreServerAPIClient {
        try AppStoreServerAPIClient(credentials: credentials(), environment: .localTesting, transport: URLSessionTransport(timeout: 10),
                                    baseURL: server.baseURL, retryPolicy: retryPolicy, now: now)
    }

    /// Why Apple would refuse `call`'s token or headers; nil when it would accept them.
    static func problem(with call: RecordedCall, now: Date = Date()) throws -> String? {
        guard call.header("Accept") == "application/json" else { return "Accept is not application/json" }
        if !call.body.isEmpty, call.header("Content-Type") == nil { return "a body without a Content-Type" }
        guard let authorization = call.header("Authorization"), authorization.hasPrefix("Bearer ") else { return "no bearer token" }
        let parts = authorization.dropFirst(7).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return "the token is not a compact JWS" }
        let header = try StrictJSONDecoder().decode([String: JSONValue].self, from: Base64URL.decode(parts[0]))
        let claims = try StrictJSONDecoder().decode([String: JSONValue].self, from: Base64URL.decode(parts[1]))
        guard header == ["alg": .string("ES256"), "kid": .string(keyID), "typ": .string("JWT")] else { return "header \(header)" }
        guard claims["iss"] == .string(issuerID), claims["aud"] == .string("appstoreconnect-v1"), claims["bid"] == .string(bundleID),
              claims.count == 5 else { return "claims \(claims)" }
        guard case .number(let iat)? = claims["iat"], case .number(let exp)? = claims["exp"], iat.rounded() == iat, exp.rounded() == exp,
              exp > iat, exp - iat <= 3600, exp > now.timeIntervalSince1970, iat <= now.timeIntervalSince1970 + 1 else {
            return "iat/exp \(String(describing: claims["iat"])) \(String(describing: claims["exp"]))"
        }
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: Base64URL.decode(parts[2]))
        guard try credentials().privateKey.publicKey.isValidSignature(signature, for: Array("\(parts[0]).\(parts[1])".utf8)) else {
            return "the token's signature does not verify with the key's public half"
        }
        return nil
    }

    /// An answer with a response file of the shared vectors (Apple's test fixtures) as its body.
    static func answer(_ status: Int, file: String?, headers: [String: String] = [:]) throws -> StandInServer.Response {
        StandInServer.Response(status: status, headers: headers.merging(["Content-Type": "application/json"]) { a, _ in a },
                               body: try file.map { try VectorFiles.text($0) } ?? "")
    }
}

// The same transport serves the App Store Server API client, with no adapter: a call carries its bearer
// token and gets Apple's JSON back, and a Retention Messaging image (binary, not UTF-8) arrives byte for
// byte.

import AppleAuthAsyncHTTPClient
import AppStoreServerAPI
import Foundation
import PureP256
import Testing

@Suite("AsyncHTTPClientTransport for the App Store Server API")
struct AppStoreClientTests {
    @Test("transaction info over AsyncHTTPClient, and a binary image upload unchanged")
    func appStoreCalls() async throws {
        let server = try await TestHTTPServer { request in
            request.method == "GET"
                ? .respond(status: 200, headers: [("Content-Type", "application/json")], body: Array(#"{"signedTransactionInfo": "x.y.z"}"#.utf8))
                : .respond(status: 200, headers: [], body: [])
        }
        defer { Task { try? await server.shutdown() } }
        let credentials = try AppStoreCredentials(issuerID: "issuer", keyID: "KEYID12345", bundleID: "com.example",
                                                  privateKey: P256.Signing.PrivateKey())
        let client = try AppStoreServerAPIClient(credentials: credentials, environment: .sandbox,
                                                 transport: try AsyncHTTPClientTransport(timeout: 5), baseURL: server.baseURL)
        #expect(try await client.transactionInfo(transactionID: "1234").signedTransactionInfo == "x.y.z")
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF, 0xFE, 0x80]
        let image = UUID()
        try await client.uploadImage(png, imageIdentifier: image)
        let requests = server.requests
        try #require(requests.count == 2)
        #expect(requests[0].uri == "/inApps/v1/transactions/1234" && requests[0].header("Authorization")?.hasPrefix("Bearer ") == true)
        #expect(requests[1].method == "PUT" && requests[1].uri == "/inApps/v1/messaging/image/" + image.uuidString.lowercased())
        #expect(requests[1].body == png && requests[1].header("Content-Type") == "image/png")
    }
}

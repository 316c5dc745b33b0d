// The App Store Server API client configured on a running Vapor application and called from a route as
// `req.appStoreServerAPI`, against a stand-in App Store (a second Vapor application) over real HTTP; and an
// application that did not configure it answering 500, not crashing.

import AppleAuthVapor
import AppStoreServerAPI
import Foundation
import NIOConcurrencyHelpers
import PureP256
import Testing
import Vapor
import VaporTesting

@Suite("AppleAuthVapor: the App Store Server API")
struct AppStoreServerAPIVaporTests {
    @Test("a route calls Get Transaction Info through req.appStoreServerAPI; the bearer token reaches the stand-in")
    func transactionInfo() async throws {
        let stand = try await Application.make(.testing)
        let seen = NIOLockedValueBox([String]())
        stand.get("inApps", "v1", "transactions", ":id") { request -> Response in
            seen.withLockedValue { $0.append(request.headers.first(name: .authorization) ?? "") }
            let id = request.parameters.get("id") ?? ""
            return Response(status: .ok, headers: ["Content-Type": "application/json"], body: .init(string: #"{"signedTransactionInfo": "jws-of-\#(id)"}"#))
        }
        try await stand.server.start(address: .hostname("127.0.0.1", port: 0))
        let port = stand.http.server.shared.localAddress?.port ?? 0
        do {
            try await withApp(configure: { app in
                let credentials = try AppStoreCredentials(issuerID: "issuer", keyID: "KEYID12345", bundleID: "com.example.app",
                                                          privateKey: P256.Signing.PrivateKey())
                try app.appStoreServerAPI.configure(credentials: credentials, environment: .sandbox, baseURL: "http://127.0.0.1:\(port)",
                                                    retryPolicy: .never, timeout: 5)
                app.get("purchases", ":id") { request async throws -> String in
                    try await request.appStoreServerAPI.transactionInfo(transactionID: request.parameters.get("id") ?? "").signedTransactionInfo ?? ""
                }
            }) { app in
                try await app.testing(method: .running(port: 0)).test(.GET, "purchases/2000000123") { response in
                    #expect(response.status == .ok && response.body.string == "jws-of-2000000123")
                }
            }
        } catch {
            await stand.server.shutdown()
            try await stand.asyncShutdown()
            throw error
        }
        await stand.server.shutdown()
        try await stand.asyncShutdown()
        #expect(seen.withLockedValue { $0 }.first?.hasPrefix("Bearer ey") == true)
    }

    @Test("unconfigured: the route answers 500, not a crash")
    func unconfigured() async throws {
        try await withApp(configure: { app in
            app.get("purchases") { request async throws -> String in
                _ = try request.appStoreServerAPI
                return "configured"
            }
        }) { app in
            try await app.testing(method: .running(port: 0)).test(.GET, "purchases") { response in
                #expect(response.status == .internalServerError)
            }
        }
    }
}

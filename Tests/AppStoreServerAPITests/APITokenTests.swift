// The App Store Server API token against what Apple's clients send (Vectors/api_client_expectations.json,
// from Apple's client tests): header and claims, whole-second times, a 5-minute default lifetime, at most 60.

import AppStoreServerAPI
import Foundation
import PureBase64
import PureJWT
import PureP256
import Testing
import TestSupport

private struct Expectations: Decodable {
    let client_expectations: Client
    struct Client: Decodable { let jwt: JWT }
    struct JWT: Decodable { let header: [String: String]; let claims: [String: String] }
}

@Suite("App Store Server API token")
struct APITokenTests {
    let credentials: AppStoreCredentials

    init() throws {
        credentials = try AppStoreCredentials(issuerID: "issuerId", keyID: "keyId", bundleID: "com.example",
                                              privateKeyPEM: VectorFiles.text("testSigningKey.p8"))
    }

    @Test("header and claims as Apple's clients send them; iat and exp in whole seconds, 5 minutes apart by default")
    func token() throws {
        let expected = try VectorFiles.json(Expectations.self, "api_client_expectations.json").client_expectations.jwt
        let now = Date(timeIntervalSince1970: 1_700_000_000.9)
        let token = try credentials.apiToken(now: now)
        #expect(token.issuedAt == Date(timeIntervalSince1970: 1_700_000_000) && token.expiresAt == Date(timeIntervalSince1970: 1_700_000_300))
        let parts = token.token.split(separator: ".", omittingEmptySubsequences: false)
        try #require(parts.count == 3)
        let header = try StrictJSONDecoder().decode([String: JSONValue].self, from: Base64URL.decode(parts[0]))
        let claims = try StrictJSONDecoder().decode([String: JSONValue].self, from: Base64URL.decode(parts[1]))
        #expect(header == expected.header.mapValues { .string($0) })
        #expect(claims == expected.claims.mapValues { .string($0) }.merging(["iat": .number(1_700_000_000), "exp": .number(1_700_000_300)]) { $1 })
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: Base64URL.decode(parts[2]))
        #expect(credentials.privateKey.publicKey.isValidSignature(signature, for: Array("\(parts[0]).\(parts[1])".utf8)))
        #expect(!token.description.contains(String(parts[2])) && !String(reflecting: token).contains(String(parts[0])))
    }

    @Test("lifetimes from 1 s to 60 min; others, and times outside 1970…9999, refused", arguments: [0, 0.5, 3601, -1, .nan, .infinity])
    func lifetimes(_ lifetime: Double) throws {
        #expect(throws: AppStoreAPIError.self) { try credentials.apiToken(lifetime: lifetime) }
        #expect(try credentials.apiToken(lifetime: 3600, now: Date(timeIntervalSince1970: 0)).expiresAt == Date(timeIntervalSince1970: 3600))
        for seconds in [-1, .nan, 1e300] as [Double] {
            #expect(throws: AppStoreAPIError.self) { try credentials.apiToken(now: Date(timeIntervalSince1970: seconds)) }
        }
    }
}

// `appleauth appstore sign` as a subprocess, with Apple's test key (AppStoreServerAPITests/Vectors, the
// project's one copy): each kind prints what StoreKit takes, signed with the key; usage errors exit 2.

import Foundation
import PureBase64
import PureJWT
import PureP256
import Testing
import TestSupport

private func apiVector(_ name: String) -> String {
    VectorFiles.path(name, testFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("AppStoreServerAPITests/OfferSignatureTests.swift").path)
}

private let credentials = ["--issuer-id", "issuerId", "--key-id", "keyId", "--key", apiVector("testSigningKey.p8"), "--bundle-id", "bundleId"]

/// The public half of Apple's test key.
private func publicKey() throws -> P256.Signing.PublicKey {
    try P256.Signing.PrivateKey(pemRepresentation: String(contentsOfFile: apiVector("testSigningKey.p8"), encoding: .utf8)).publicKey
}

/// The claims of a JWS that verifies with Apple's test key, and its header.
private func verified(_ token: String) throws -> (header: [String: JSONValue], claims: [String: JSONValue]) {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    try #require(parts.count == 3)
    let signature = try P256.Signing.ECDSASignature(rawRepresentation: Base64URL.decode(parts[2]))
    #expect(try publicKey().isValidSignature(signature, for: Array("\(parts[0]).\(parts[1])".utf8)))
    return (try StrictJSONDecoder().decode([String: JSONValue].self, from: Base64URL.decode(parts[0])),
            try StrictJSONDecoder().decode([String: JSONValue].self, from: Base64URL.decode(parts[1])))
}

@Suite("appleauth appstore sign")
struct AppStoreSignToolTests {
    @Test("promotional-offer: {signature, nonce, timestamp}, the signature over Apple's U+2063 string")
    func promotionalOfferV1() async throws {
        let run = try await ToolProcess.run("appleauth", ["appstore", "sign", "promotional-offer", "--product", "productId", "--offer", "offerId",
                                                          "--app-account-token", "7389A31A-FB6D-4569-A2A6-DB7D85D84813",
                                                          "--nonce", "20FBA8A0-2B80-4A7D-A17F-85C1854727F8", "--timestamp", "1698148900000"] + credentials)
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(Set(json.keys) == ["signature", "nonce", "timestamp"])
        #expect(json["nonce"] as? String == "20fba8a0-2b80-4a7d-a17f-85c1854727f8")
        #expect((json["timestamp"] as? NSNumber)?.int64Value == 1_698_148_900_000)
        // The string of signature_creators.json's second case.
        let signed = "bundleId\u{2063}keyId\u{2063}productId\u{2063}offerId\u{2063}7389a31a-fb6d-4569-a2a6-db7d85d84813\u{2063}"
            + "20fba8a0-2b80-4a7d-a17f-85c1854727f8\u{2063}1698148900000"
        let signature = try P256.Signing.ECDSASignature(derRepresentation: Base64.decode(try #require(json["signature"] as? String)))
        #expect(try publicKey().isValidSignature(signature, for: Array(signed.utf8)))
    }

    @Test("the JWS kinds: promotional-offer-v2, introductory-offer-eligibility, advanced-commerce (text and stdin)")
    func jwsKinds() async throws {
        let cases: [([String], String?, [String: JSONValue])] = [
            (["promotional-offer-v2", "--product", "p", "--offer", "o"], nil,
             ["aud": .string("promotional-offer"), "productId": .string("p"), "offerIdentifier": .string("o")]),
            (["promotional-offer-v2", "--product", "p", "--offer", "o", "--transaction-id", "42"], nil,
             ["aud": .string("promotional-offer"), "productId": .string("p"), "offerIdentifier": .string("o"), "transactionId": .string("42")]),
            (["introductory-offer-eligibility", "--product", "p", "--allow", "false", "--transaction-id", "42"], nil,
             ["aud": .string("introductory-offer-eligibility"), "productId": .string("p"), "allowIntroductoryOffer": .bool(false),
              "transactionId": .string("42")]),
            (["advanced-commerce", #"{"a":1}"#], nil, ["aud": .string("advanced-commerce-api"), "request": .string("eyJhIjoxfQ==")]),
            (["advanced-commerce", "-"], #"{"a":1}"#, ["aud": .string("advanced-commerce-api"), "request": .string("eyJhIjoxfQ==")]),
        ]
        for (arguments, stdin, expected) in cases {
            let run = try await ToolProcess.run("appleauth", ["appstore", "sign"] + arguments + credentials, stdin: stdin)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            let (header, claims) = try verified(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(header == ["alg": .string("ES256"), "kid": .string("keyId"), "typ": .string("JWT")])
            for (name, value) in expected { #expect(claims[name] == value, "\(arguments): \(name)") }
            #expect(Set(claims.keys) == Set(["iss", "iat", "bid", "nonce"]).union(expected.keys), "\(arguments)")
        }
    }

    @Test("usage errors and unusable input: exit 2, one line, nothing on standard output")
    func usageErrors() async throws {
        let cases: [[String]] = [
            ["appstore", "sign", "unknown-kind"] + credentials,
            ["appstore", "sign", "promotional-offer", "--offer", "o"] + credentials,
            ["appstore", "sign", "promotional-offer", "--product", "p", "--offer", "o", "--nonce", "not-a-uuid"] + credentials,
            ["appstore", "sign", "promotional-offer", "--product", "p", "--offer", "o", "--timestamp", "-5"] + credentials,
            ["appstore", "sign", "promotional-offer", "--product", "p", "--offer", "o", "--timestamp", "1e3"] + credentials,
            ["appstore", "sign", "introductory-offer-eligibility", "--product", "p", "--allow", "yes", "--transaction-id", "1"] + credentials,
            ["appstore", "sign", "advanced-commerce", "[1]"] + credentials,
            ["appstore", "sign", "advanced-commerce", #"{"a":1,"a":2}"#] + credentials,
            ["appstore", "sign", "promotional-offer-v2", "--product", "p", "--offer", "o", "--issuer-id", "i", "--key-id", "k",
             "--bundle-id", "b", "--key", "/nonexistent.p8"],
            ["appstore", "sign", "promotional-offer-v2", "--product", "p", "--offer", "o", "--issuer-id", "", "--key-id", "k",
             "--bundle-id", "b", "--key", apiVector("signature_creators.json")],
        ]
        for arguments in cases {
            let run = try await ToolProcess.run("appleauth", arguments)
            #expect(run.status == 2, "\(arguments): \(run.stdout) \(run.stderr)")
            #expect(run.stdout.isEmpty, "\(arguments)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(arguments): \(run.stderr)")
        }
        let help = try await ToolProcess.run("appleauth", ["appstore", "sign", "--help"])
        #expect(help.status == 0 && help.stdout.contains("promotional-offer-v2"))
    }
}

// The offer signatures against Apple's signature-creator tests (Vectors/signature_creators.json): the exact
// U+2063 strings the V1 signature signs, and the header and claims of each JWS, with Apple's test key. The
// expected strings and claims are the file's; the signatures are checked with the file's public key.

import AppStoreServerAPI
import Foundation
import PureBase64
import PureJWT
import PureP256
import PureSHA2
import Testing
import TestSupport

/// The parts of signature_creators.json the tests read.
private struct SignatureCreators: Decodable {
    let public_key_pem: String
    let promotional_offer_v1: PromotionalOfferV1
    let jws_signatures: JWSSignatures

    struct PromotionalOfferV1: Decodable {
        let cases: [Case]
        struct Case: Decodable {
            let description: String
            let inputs: Inputs
            let signed_string: String
            let signed_string_utf8_hex: String
            let example_signature_der_base64: String
        }
        struct Inputs: Decodable {
            let bundleId: String, keyId: String, productIdentifier: String, offerIdentifier: String
            let appAccountToken: String, nonce: String, timestamp: Int64
        }
    }

    struct JWSSignatures: Decodable {
        let common: Common
        let cases: [Case]
        struct Common: Decodable {
            let header: [String: String]
            let claims: [String: String]
        }
        struct Case: Decodable {
            let creator: String
            let aud: String?
            let inputs: [String: JSONValue]
            let expected_claims: [String: JSONValue]?
            let expected_claims_absent: [String]?
            let expected: String?
        }
    }
}

private func vectors() throws -> SignatureCreators {
    try VectorFiles.json(SignatureCreators.self, "signature_creators.json")
}

/// Apple's test key with the identifiers of Apple's tests.
private func signer(keyID: String = "keyId", bundleID: String = "bundleId") throws -> AppStoreOfferSigner {
    AppStoreOfferSigner(credentials: try AppStoreCredentials(issuerID: "issuerId", keyID: keyID, bundleID: bundleID,
                                                             privateKeyPEM: VectorFiles.text("testSigningKey.p8")))
}

/// The header and claims of a compact JWS, and whether its signature verifies with `publicKey`.
private func open(_ token: String, publicKey: P256.Signing.PublicKey) throws -> (header: [String: JSONValue], claims: [String: JSONValue], verifies: Bool) {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    try #require(parts.count == 3)
    let header = try StrictJSONDecoder().decode([String: JSONValue].self, from: Base64URL.decode(parts[0]))
    let claims = try StrictJSONDecoder().decode([String: JSONValue].self, from: Base64URL.decode(parts[1]))
    let signature = try P256.Signing.ECDSASignature(rawRepresentation: Base64URL.decode(parts[2]))
    let verifies = publicKey.isValidSignature(signature, for: Array("\(parts[0]).\(parts[1])".utf8))
    return (header, claims, verifies)
}

@Suite("App Store offer signatures")
struct OfferSignatureTests {
    @Test("promotional offer V1: the U+2063 string of every case, signed and verifying with Apple's test key")
    func promotionalOfferV1() throws {
        let file = try vectors()
        let publicKey = try P256.Signing.PublicKey(pemRepresentation: file.public_key_pem)
        var checked = 0
        for vector in file.promotional_offer_v1.cases {
            let inputs = vector.inputs
            let nonce = try #require(UUID(uuidString: inputs.nonce))
            // The file's two forms of the string agree, and ours is the same, byte for byte.
            #expect(Array(vector.signed_string.utf8) == (try [UInt8](hex: vector.signed_string_utf8_hex)))
            let payload = AppStoreOfferSigner.promotionalOfferPayload(
                bundleID: inputs.bundleId, keyID: inputs.keyId, productID: inputs.productIdentifier, offerID: inputs.offerIdentifier,
                appAccountToken: inputs.appAccountToken, nonce: nonce, timestamp: inputs.timestamp)
            #expect(Array(payload.utf8) == Array(vector.signed_string.utf8), "\(vector.description)")
            // Apple's example signature verifies over that string (so the string is what Apple signs) …
            let example = try P256.Signing.ECDSASignature(derRepresentation: Base64.decode(vector.example_signature_der_base64))
            #expect(publicKey.isValidSignature(example, for: Array(vector.signed_string.utf8)), "\(vector.description)")
            // … and so does ours, base64 with padding of DER.
            let result = try signer(keyID: inputs.keyId, bundleID: inputs.bundleId).promotionalOfferSignature(
                productID: inputs.productIdentifier, offerID: inputs.offerIdentifier, appAccountToken: inputs.appAccountToken,
                nonce: nonce, timestamp: inputs.timestamp)
            #expect(result.signature.count % 4 == 0 && !result.signature.contains("-") && !result.signature.contains("_"))
            let ours = try P256.Signing.ECDSASignature(derRepresentation: Base64.decode(result.signature))
            #expect(publicKey.isValidSignature(ours, for: Array(vector.signed_string.utf8)), "\(vector.description)")
            #expect(result.nonce == nonce && result.timestamp == inputs.timestamp && result.keyID == inputs.keyId)
            checked += 1
        }
        #expect(checked == 3)
    }

    @Test("the V1 bytes, written directly, equal the seven values lowercased and joined the plain way",
          arguments: ["", "7389A31A-FB6D-4569-A2A6-DB7D85D84813", "abcXYZ09", "@AZ[`az{", "ÄÖÜ-İ-ß-Σ", "é"])
    func promotionalOfferPayloadBytes(appAccountToken: String) {
        for timestamp in [0, 1_698_148_900_000, Int64.max] as [Int64] {
            let nonce = UUID()
            let plain = ["com.example.ü", "KEY1", "product.id", "offer-Ω", appAccountToken.lowercased(),
                         nonce.uuidString.lowercased(), String(timestamp)].joined(separator: "\u{2063}")
            let payload = AppStoreOfferSigner.promotionalOfferPayload(bundleID: "com.example.ü", keyID: "KEY1", productID: "product.id",
                                                                      offerID: "offer-Ω", appAccountToken: appAccountToken, nonce: nonce,
                                                                      timestamp: timestamp)
            #expect(Array(payload.utf8) == Array(plain.utf8), "\(appAccountToken) \(timestamp)")
        }
    }

    @Test("JWS signatures: every case's header and claims (or its refusal), signatures verifying with Apple's test key")
    func jwsSignatures() throws {
        let file = try vectors()
        let publicKey = try P256.Signing.PublicKey(pemRepresentation: file.public_key_pem)
        let signer = try signer()
        let nonce = try #require(UUID(uuidString: "20FBA8A0-2B80-4A7D-A17F-85C1854727F8"))
        let now = Date(timeIntervalSince1970: 1_698_148_900.75)
        var made = 0, refused = 0, notRepresentable = 0
        for vector in file.jws_signatures.cases {
            func string(_ name: String) -> String? {
                if case .string(let value)? = vector.inputs[name] { return value }
                return nil
            }
            let token: String
            do {
                switch vector.creator {
                case "PromotionalOfferV2SignatureCreator":
                    token = try signer.promotionalOfferToken(productID: string("productId") ?? "", offerID: string("offerIdentifier") ?? "",
                                                             transactionID: string("transactionId"), nonce: nonce, now: now)
                case "IntroductoryOfferEligibilitySignatureCreator":
                    guard case .bool(let allow)? = vector.inputs["allowIntroductoryOffer"] else {
                        // A missing allowIntroductoryOffer: a non-optional Bool here, so no call can leave it out.
                        #expect(vector.expected != nil)
                        notRepresentable += 1
                        continue
                    }
                    token = try signer.introductoryOfferEligibilityToken(productID: string("productId") ?? "", allowIntroductoryOffer: allow,
                                                                         transactionID: string("transactionId") ?? "", nonce: nonce, now: now)
                case "AdvancedCommerceInAppSignatureCreator":
                    let request = vector.inputs["request"] ?? .null
                    token = try signer.advancedCommerceToken(requestJSON: Array(try JSONEncoder().encode(request)), nonce: nonce, now: now)
                default:
                    Issue.record("unknown creator \(vector.creator)")
                    continue
                }
            } catch {
                #expect(vector.expected != nil, "\(vector.creator) \(vector.inputs): \(error)")
                if case .invalidRequest? = (error as? AppStoreAPIError)?.reason {} else { Issue.record("\(error)") }
                refused += 1
                continue
            }
            #expect(vector.expected == nil, "\(vector.creator) \(vector.inputs) was signed; Apple's libraries refuse it")
            let (header, claims, verifies) = try open(token, publicKey: publicKey)
            #expect(verifies)
            #expect(header == file.jws_signatures.common.header.mapValues { .string($0) })
            // Common claims: iss, bid, iat in whole seconds, nonce a lowercase UUID, no exp.
            #expect(claims["iss"] == .string("issuerId") && claims["bid"] == .string("bundleId"))
            #expect(claims["iat"] == .number(1_698_148_900))
            #expect(claims["nonce"] == .string("20fba8a0-2b80-4a7d-a17f-85c1854727f8"))
            #expect(claims["exp"] == nil && file.jws_signatures.common.claims["exp"] == "absent")
            #expect(claims["aud"] == vector.aud.map { .string($0) })
            // The kind's claims: the file's expected ones, or else the inputs given (not null), by value.
            let given = vector.inputs.filter { $0.value != .null }
            for (name, expected) in vector.expected_claims ?? given where name != "request" {
                #expect(claims[name] == expected, "\(vector.creator): \(name)")
            }
            for name in vector.expected_claims_absent ?? [] { #expect(claims[name] == nil, "\(vector.creator): \(name)") }
            if vector.expected_claims?["request"] != nil {
                // The request claim: standard base64 of the request's JSON, which decodes to the input.
                guard case .string(let encoded)? = claims["request"] else { Issue.record("no request claim"); continue }
                let decoded = try StrictJSONDecoder().decode(JSONValue.self, from: Base64.decode(encoded))
                #expect(decoded == vector.inputs["request"])
            }
            // Exactly the claims named, no others.
            let named = Set(["iss", "iat", "aud", "bid", "nonce"]).union((vector.expected_claims ?? given).keys)
            #expect(Set(claims.keys) == named, "\(vector.creator)")
            made += 1
        }
        #expect(made == 4 && refused == 5 && notRepresentable == 1)
    }

    @Test("an Encodable Advanced Commerce request is encoded as JSON, then base64, in the request claim")
    func advancedCommerceEncodable() throws {
        struct Request: Encodable { let operation: String; let items: [Int] }
        let token = try signer().advancedCommerceToken(Request(operation: "CREATE_SUBSCRIPTION", items: [1, 2]))
        let key = try P256.Signing.PublicKey(pemRepresentation: try vectors().public_key_pem)
        let (_, claims, verifies) = try open(token, publicKey: key)
        #expect(verifies)
        guard case .string(let encoded)? = claims["request"] else { Issue.record("no request claim"); return }
        #expect(String(decoding: try Base64.decode(encoded), as: UTF8.self) == #"{"items":[1,2],"operation":"CREATE_SUBSCRIPTION"}"#)
        #expect(throws: AppStoreAPIError.self) { try signer().advancedCommerceToken(requestJSON: Array(#"{"a":1,"a":2}"#.utf8)) }
        #expect(throws: AppStoreAPIError.self) { try signer().advancedCommerceToken(requestJSON: Array("[1]".utf8)) }
        #expect(throws: AppStoreAPIError.self) { try signer().advancedCommerceToken(requestJSON: [UInt8](repeating: 0x20, count: 70_000)) }
    }

    @Test("times and timestamps outside 1970…9999 are refused, not trapped on")
    func timeLimits() throws {
        let signer = try signer()
        for seconds in [-1, .nan, .infinity, -.infinity, 1e300, 253_402_300_800] as [Double] {
            #expect(throws: AppStoreAPIError.self) {
                try signer.promotionalOfferToken(productID: "p", offerID: "o", now: Date(timeIntervalSince1970: seconds))
            }
        }
        #expect(throws: AppStoreAPIError.self) { try signer.promotionalOfferSignature(productID: "p", offerID: "o", timestamp: -1) }
        #expect(throws: AppStoreAPIError.self) { try signer.promotionalOfferSignature(productID: "", offerID: "o") }
        let now = try signer.promotionalOfferSignature(productID: "p", offerID: "o")
        let expected = Int64(Date().timeIntervalSince1970 * 1000)
        #expect(abs(now.timestamp - expected) < 60_000)
    }

    @Test("credentials: unusable identifiers and keys are refused with what to do; the key never prints")
    func credentials() throws {
        let pem = try VectorFiles.text("testSigningKey.p8")
        for (issuer, key, bundle) in [("", "k", "b"), ("i", "", "b"), ("i", "k", ""), ("i d", "k", "b"), ("i", "k\n", "b"),
                                      (String(repeating: "x", count: 257), "k", "b")] {
            #expect(throws: AppStoreAPIError.self) { try AppStoreCredentials(issuerID: issuer, keyID: key, bundleID: bundle, privateKeyPEM: pem) }
        }
        do {
            _ = try AppStoreCredentials(issuerID: "i", keyID: "k", bundleID: "b", privateKeyPEM: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----")
            Issue.record("a broken key was accepted")
        } catch {
            #expect(error.description.contains(".p8"))
        }
        let credentials = try AppStoreCredentials(issuerID: "57246542-96fe-1a63-e053-0824d011072a", keyID: "2X9R4HXF34", bundleID: "com.example",
                                                  privateKeyPEM: pem)
        let scalar = Base64.encode(credentials.privateKey.rawRepresentation)
        for text in [credentials.description, String(reflecting: credentials), "\(Mirror(reflecting: credentials).children.map { "\($0.value)" })"] {
            #expect(text.contains("2X9R4HXF34") && text.contains("redacted") && !text.contains(scalar) && !text.contains("BEGIN"))
        }
    }
}

// Apple Pay payment tokens made by an independent implementation (apple_pay_tokens.json, written by
// scripts/crosscheck/apple-pay-tokens.py with Python cryptography and asn1crypto): each decrypts to the
// payment data it was made from, or fails the check it was made to fail.

import Foundation
import ApplePay
import PureJWT
import Testing
import TestSupport

struct TokenVectors: Decodable {
    struct Merchant: Decodable {
        let certificate: String
        let keyPKCS8: String
        let keySEC1: String?
        let keyPKCS1: String?
        let merchantIdentifierHash: String?
    }
    struct Expected: Decodable {
        let result: String
        let check: String?
        let paymentData: JSONValue?
    }
    struct Case: Decodable, CustomTestStringConvertible {
        let name: String
        let description: String
        let token: JSONValue
        let merchants: [String]
        let root: String
        let at: String
        let signingWindowSeconds: Int?
        let expected: Expected
        var testDescription: String { name }
    }
    let testRoot: String
    let merchants: [String: Merchant]
    let cases: [Case]

    static let file: TokenVectors? = try? VectorFiles.json(TokenVectors.self, "apple_pay_tokens.json")
    static var cases: [Case] { file?.cases ?? [] }
}

func date(_ text: String) -> Date {
    ISO8601DateFormatter().date(from: text) ?? Date(timeIntervalSince1970: .nan)
}

/// The reason a closure threw, or nil.
func reason<T>(_ body: () throws(ApplePayError) -> T) -> ApplePayError.Reason? {
    do { _ = try body(); return nil } catch { return error.reason }
}

/// Whether `reason` is the check a vector names.
func matches(_ reason: ApplePayError.Reason?, check: String) -> Bool {
    switch (check, reason) {
    case ("signature", .invalidSignature?): return true
    case ("leafMarker", .signerNotMarked?): return true
    case ("intermediateMarker", .intermediateNotMarked?): return true
    case ("chain", .untrustedChain?): return true
    case ("signingTime", .signingTimeMissing?), ("signingTime", .signingTimeOutsideWindow?): return true
    case ("publicKeyHash", .unknownMerchantCertificate?): return true
    case ("decryption", .decryptionFailed?): return true
    case ("ephemeralKey", .invalidEphemeralPublicKey?): return true
    case ("version", .unsupportedVersion?), ("version", .versionDoesNotFitCertificate?): return true
    case ("malformed", .malformedToken?): return true
    default: return false
    }
}

@Suite("Apple Pay tokens from an independent implementation")
struct PaymentTokenVectorTests {
    @Test("the vector file holds every case the generator writes")
    func caseCount() throws {
        let file = try #require(TokenVectors.file)
        #expect(file.cases.count == 37)
        #expect(file.cases.filter { $0.expected.result == "ok" }.count == 7)
        for check in ["signature", "leafMarker", "intermediateMarker", "chain", "signingTime", "publicKeyHash", "decryption", "ephemeralKey", "version", "malformed"] {
            #expect(file.cases.contains { $0.expected.check == check }, "no case fails \(check)")
        }
    }

    @Test("each token decrypts to its payment data or fails its check", arguments: TokenVectors.cases)
    func vector(_ vector: TokenVectors.Case) throws {
        let file = try #require(TokenVectors.file)
        let credentials = try vector.merchants.map { (name) throws -> PaymentProcessingCredential in
            let merchant = try #require(file.merchants[name])
            return try PaymentProcessingCredential(certificatePEM: merchant.certificate, privateKeyPEM: merchant.keyPKCS8)
        }
        let window = vector.signingWindowSeconds ?? 300
        let verifier = vector.root == "apple"
            ? try PaymentTokenVerifier(signingTimeWindow: window)
            : try PaymentTokenVerifier(replacingAppleRootForTestingWith: file.testRoot, signingTimeWindow: window)
        let decrypter = try PaymentTokenDecrypter(credentials: credentials, verifier: verifier)
        let json = try JSONEncoder().encode(vector.token)
        let at = date(vector.at)

        if vector.expected.result == "ok" {
            let token = try PaymentToken(jsonRepresentation: Array(json))
            let payment = try decrypter.decrypt(token, at: at)
            let expected = try #require(vector.expected.paymentData)
            // The whole document, member for member, as the generator encrypted it.
            let decrypted = try StrictJSONDecoder().decode(JSONValue.self, from: payment.jsonRepresentation)
            #expect(decrypted == expected)
            guard case .object(let members) = expected else { Issue.record("expected payment data is not an object"); return }
            #expect(payment.applicationPrimaryAccountNumber == members["applicationPrimaryAccountNumber"]?.stringValue)
            #expect(payment.applicationExpirationDate == members["applicationExpirationDate"]?.stringValue)
            #expect(payment.currencyCode == members["currencyCode"]?.stringValue)
            #expect(.number(Double(payment.transactionAmount)) == members["transactionAmount"])
            #expect(payment.paymentDataType.description == members["paymentDataType"]?.stringValue)
            #expect(payment.cardholderName == members["cardholderName"]?.stringValue)
            #expect(payment.merchantTokenIdentifier == members["merchantTokenIdentifier"]?.stringValue)
            #expect(payment.merchantTokenMetadata == members["merchantTokenMetadata"])
            #expect(payment.authenticationResponses == members["authenticationResponses"])
            guard case .object(let details)? = members["paymentData"] else { Issue.record("no paymentData"); return }
            #expect(payment.details.onlinePaymentCryptogram == details["onlinePaymentCryptogram"]?.stringValue)
            #expect(payment.details.eciIndicator == details["eciIndicator"]?.stringValue)
            #expect(payment.details.emvData == details["emvData"]?.stringValue)
            #expect(payment.details.encryptedPINData == details["encryptedPINData"]?.stringValue)
            let known: Set<String> = ["applicationPrimaryAccountNumber", "applicationExpirationDate", "currencyCode", "transactionAmount",
                                      "cardholderName", "deviceManufacturerIdentifier", "paymentDataType", "paymentData",
                                      "merchantTokenIdentifier", "merchantTokenMetadata", "authenticationResponses"]
            #expect(payment.otherMembers == members.filter { !known.contains($0.key) })
        } else {
            let check = try #require(vector.expected.check)
            let failure = reason { () throws(ApplePayError) in
                let token = try PaymentToken(jsonRepresentation: Array(json))
                return try decrypter.decrypt(token, at: at)
            }
            #expect(matches(failure, check: check), "\(vector.description): expected \(check), got \(failure.map { "\($0)" } ?? "success")")
        }
    }
}

extension JSONValue {
    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}

// The decrypter's configuration (every PEM form of the merchant's key, keys that are not the certificate's,
// certificates without the merchant identifier), the token reader's refusals of hostile JSON, and the
// redaction of card data in descriptions, mirrors and errors.

import Foundation
import ApplePay
import PureJWT
import Testing
import TestSupport

@Suite("Apple Pay credentials, token parsing and redaction")
struct CredentialAndParsingTests {
    func merchant(_ name: String) throws -> TokenVectors.Merchant { try #require(TokenVectors.file?.merchants[name]) }

    func vector(_ name: String) throws -> TokenVectors.Case { try #require(TokenVectors.cases.first { $0.name == name }) }

    func decrypter(_ credentials: [PaymentProcessingCredential]) throws -> PaymentTokenDecrypter {
        try PaymentTokenDecrypter(credentials: credentials,
                                  verifier: PaymentTokenVerifier(replacingAppleRootForTestingWith: try #require(TokenVectors.file).testRoot))
    }

    @Test("PKCS#8, SEC 1 and PKCS#1 keys decrypt alike; the merchant identifier hash is the extension's hex")
    func keyForms() throws {
        let ec = try merchant("ec"), rsa = try merchant("rsa")
        for key in [ec.keyPKCS8, try #require(ec.keySEC1)] {
            let credential = try PaymentProcessingCredential(certificatePEM: ec.certificate, privateKeyPEM: key)
            #expect(credential.version == .ecV1)
            #expect(credential.merchantIdentifierHash == PureSHA2Hex.bytes(try #require(ec.merchantIdentifierHash)))
            let token = try PaymentToken(jsonRepresentation: Array(try JSONEncoder().encode(try vector("ec-3dsecure").token)))
            #expect(throws: Never.self) { try decrypter([credential]).decrypt(token, at: date("2026-06-01T12:00:00Z")) }
        }
        for key in [rsa.keyPKCS8, try #require(rsa.keyPKCS1)] {
            let credential = try PaymentProcessingCredential(certificatePEM: rsa.certificate, privateKeyPEM: key)
            #expect(credential.version == .rsaV1)
            let token = try PaymentToken(jsonRepresentation: Array(try JSONEncoder().encode(try vector("rsa-3dsecure").token)))
            #expect(throws: Never.self) { try decrypter([credential]).decrypt(token, at: date("2026-06-01T12:00:00Z")) }
        }
    }

    @Test("a key that is not the certificate's, or of another type, is refused when configured")
    func mismatchedKeys() throws {
        let ec = try merchant("ec"), ec2 = try merchant("ec2"), rsa = try merchant("rsa")
        for (certificate, key) in [(ec.certificate, ec2.keyPKCS8), (ec.certificate, rsa.keyPKCS8), (rsa.certificate, ec.keyPKCS8)] {
            let failure = reason { () throws(ApplePayError) in try PaymentProcessingCredential(certificatePEM: certificate, privateKeyPEM: key) }
            guard case .invalidConfiguration? = failure else { Issue.record("expected a configuration error, got \(String(describing: failure))"); continue }
        }
        // A certificate without the merchant identifier extension (the test root has none).
        let root = try #require(TokenVectors.file).testRoot
        let failure = reason { () throws(ApplePayError) in try PaymentProcessingCredential(certificatePEM: root, privateKeyPEM: ec.keyPKCS8) }
        guard case .invalidConfiguration(let why)? = failure else { Issue.record("expected a configuration error"); return }
        #expect(why.contains("1.2.840.113635.100.6.32"))
        // No credential, or one twice.
        #expect(reason { () throws(ApplePayError) in try PaymentTokenDecrypter(credentials: []) } != nil)
        let one = try PaymentProcessingCredential(certificatePEM: ec.certificate, privateKeyPEM: ec.keyPKCS8)
        #expect(reason { () throws(ApplePayError) in try PaymentTokenDecrypter(credentials: [one, one]) } != nil)
        // Out-of-range settings.
        #expect(reason { () throws(ApplePayError) in try PaymentTokenVerifier(signingTimeWindow: -1) } != nil)
        #expect(reason { () throws(ApplePayError) in try PaymentTokenVerifier(signingTimeWindow: 86_401) } != nil)
        #expect(reason { () throws(ApplePayError) in try PaymentTokenVerifier(replacingAppleRootForTestingWith: "not a certificate") } != nil)
    }

    @Test("the token's JSON is read with or without the paymentData wrapper, and hostile JSON is refused with a reason")
    func tokenParsing() throws {
        let token = try vector("ec-3dsecure").token
        let bare = try JSONEncoder().encode(token)
        let wrapped = try JSONEncoder().encode(JSONValue.object(["paymentData": token, "transactionIdentifier": .string("X")]))
        #expect(try PaymentToken(jsonRepresentation: Array(bare)) == PaymentToken(jsonRepresentation: Array(wrapped)))

        let bareText = String(decoding: bare, as: UTF8.self)
        let hostile: [String] = [
            "", "null", "[]", "{}", "{\"paymentData\": 1}", String(repeating: "[", count: 10_000),
            "{\"version\":\"EC_v1\",\"version\":\"EC_v1\",\"data\":\"\",\"signature\":\"\",\"header\":{}}",
            bareText.replacingOccurrences(of: "\"transactionId\":\"", with: "\"transactionId\":\"zz"),
            bareText.replacingOccurrences(of: "\"data\":\"", with: "\"data\":\"%%"),
            "{\"version\":\"EC_v1\",\"data\":\"AAAA\",\"signature\":\"AAAA\",\"header\":{\"publicKeyHash\":\"AAAA\",\"transactionId\":\"00\",\"ephemeralPublicKey\":\"AAAA\"}}",
            "{\"version\":1e999}", "{\"version\":\"\\ud800\"}",
            String(repeating: " ", count: PaymentToken.maximumSize + 1),
        ]
        for text in hostile {
            let failure = reason { () throws(ApplePayError) in try PaymentToken(jsonRepresentation: Array(text.utf8)) }
            #expect(failure != nil, "accepted: \(text.prefix(60))")
            #expect(!"\(ApplePayError(failure ?? .decryptionFailed))".isEmpty)
        }
    }

    @Test("a truncated or altered CMS signature is refused with a reason, never a trap")
    func truncatedSignatures() throws {
        let token = try PaymentToken(jsonRepresentation: Array(try JSONEncoder().encode(try vector("ec-emv").token)))
        let verifier = try PaymentTokenVerifier(replacingAppleRootForTestingWith: try #require(TokenVectors.file).testRoot)
        let json = try JSONEncoder().encode(try vector("ec-emv").token)
        guard case .object(var members) = try StrictJSONDecoder().decode(JSONValue.self, from: json) else { return }
        var refused = 0
        for length in stride(from: 1, to: token.signature.count, by: 7) {
            members["signature"] = .string(Data(token.signature.prefix(length)).base64EncodedString())
            let cut = try PaymentToken(jsonRepresentation: Array(try JSONEncoder().encode(JSONValue.object(members))))
            if reason({ () throws(ApplePayError) in try verifier.verify(cut, at: date("2026-06-01T12:00:00Z")) }) != nil { refused += 1 }
        }
        #expect(refused == (token.signature.count - 1 + 6) / 7)
    }

    @Test("payment data, its details and the credential never show card data or keys")
    func redaction() throws {
        let ec = try merchant("ec")
        let credential = try PaymentProcessingCredential(certificatePEM: ec.certificate, privateKeyPEM: ec.keyPKCS8)
        let token = try PaymentToken(jsonRepresentation: Array(try JSONEncoder().encode(try vector("ec-merchant-token").token)))
        let payment = try decrypter([credential]).decrypt(token, at: date("2026-06-01T12:00:00Z"))
        var dumped = ""
        dump(payment, to: &dumped)
        let secrets = [payment.applicationPrimaryAccountNumber, try #require(payment.details.onlinePaymentCryptogram)]
        for text in [payment.description, payment.debugDescription, String(reflecting: payment), "\(payment)", dumped,
                     "\(payment.details)", String(reflecting: payment.details)] {
            for secret in secrets { #expect(!text.contains(secret), "\(text)") }
            #expect(!text.contains("authenticationData"))
        }
        #expect(payment.description.contains("1999"))
        var credentialDump = ""
        dump(credential, to: &credentialDump)
        for text in [credential.description, credentialDump] {
            #expect(!text.contains(ec.keyPKCS8.split(separator: "\n")[1]))
        }
    }

    @Test("malformed payment data is refused without echoing its values")
    func malformedPaymentData() throws {
        // Payment data without the account number's type right: the error names the member, not the value.
        let failure = reason { () throws(ApplePayError) in
            try PaymentData(jsonRepresentation: Array("{\"applicationPrimaryAccountNumber\":4109370251004320,\"applicationExpirationDate\":\"301231\"}".utf8))
        }
        guard case .malformedPaymentData(let why)? = failure else { Issue.record("expected malformed payment data, got \(String(describing: failure))"); return }
        #expect(!why.contains("4109370251004320"))
        #expect(why.contains("applicationPrimaryAccountNumber"))
    }
}

/// PKCS#12 files of the test merchants (PurePKCS12Tests' vectors, made by Python cryptography and OpenSSL).
struct MerchantBundles: Decodable {
    struct File: Decodable { let name: String; let password: String; let p12: String; let merchant: String; let expected: String }
    let files: [File]
    static let all: MerchantBundles? = try? VectorFiles.json(MerchantBundles.self, "../../PurePKCS12Tests/Vectors/pkcs12.json")
}

@Suite("Apple Pay credentials from PKCS#12 files")
struct PKCS12CredentialTests {
    @Test("every readable bundle gives the credential that decrypts its merchant's token")
    func bundles() throws {
        let bundles = try #require(MerchantBundles.all).files.filter { $0.expected == "ok" }
        #expect(bundles.count == 12)
        let root = try #require(TokenVectors.file).testRoot
        for bundle in bundles {
            let credential = try PaymentProcessingCredential(pkcs12: Array(Data(base64Encoded: bundle.p12) ?? Data()), password: bundle.password)
            let vector = try #require(TokenVectors.cases.first { $0.name == (bundle.merchant == "ec" ? "ec-3dsecure" : "rsa-3dsecure") })
            let token = try PaymentToken(jsonRepresentation: Array(try JSONEncoder().encode(vector.token)))
            let decrypter = try PaymentTokenDecrypter(credentials: [credential], verifier: PaymentTokenVerifier(replacingAppleRootForTestingWith: root))
            #expect(throws: Never.self, "\(bundle.name)") { try decrypter.decrypt(token, at: date(vector.at)) }
        }
    }

    @Test("a wrong password is a configuration error that says so")
    func wrongPassword() throws {
        let bundle = try #require(MerchantBundles.all?.files.first { $0.name == "wrong-password" })
        let failure = reason { () throws(ApplePayError) in
            try PaymentProcessingCredential(pkcs12: Array(Data(base64Encoded: bundle.p12) ?? Data()), password: bundle.password)
        }
        guard case .invalidConfiguration(let why)? = failure else { Issue.record("got \(String(describing: failure))"); return }
        #expect(why.contains("password"))
    }
}

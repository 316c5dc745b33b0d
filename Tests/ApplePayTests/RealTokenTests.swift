// Two real tokens signed by Apple (Vectors/gala, from spreedly/gala's test fixtures, MIT): Apple's
// signature and chain to the bundled Apple Root CA - G3 verify at their signing times and are refused at
// other times; with the merchant certificate and key they were made for, they decrypt to what Python
// cryptography decrypted them to; gala's later certificate (another key) is refused by publicKeyHash; the
// key agreement and derivation reach gala's published shared secret and symmetric key.

import Foundation
import ApplePay
import PureBase64
import PureP256
import PureSHA2
import PureX509
import PureJWT
import Testing
import TestSupport

@Suite("Real Apple Pay tokens signed by Apple")
struct RealTokenTests {
    static let tokens: [(file: String, signedAt: String)] = [("gala/token.json", "2023-03-07T05:33:48Z"),
                                                              ("gala/token-2021.json", "2021-09-01T19:03:06Z")]

    func token(_ file: String) throws -> PaymentToken {
        try PaymentToken(jsonRepresentation: Array(try VectorFiles.data(file)))
    }

    @Test("Apple's signature and chain verify at the signing time, against the bundled root",
          arguments: zip(RealTokenTests.tokens.map(\.file), RealTokenTests.tokens.map(\.signedAt)))
    func verifies(_ file: String, _ signedAt: String) throws {
        let verifier = try PaymentTokenVerifier()
        let signingTime = try verifier.verify(try token(file), at: date(signedAt))
        #expect(signingTime == date(signedAt))
        // Within the window, either side.
        #expect(throws: Never.self) { try verifier.verify(try token(file), at: date(signedAt).addingTimeInterval(299)) }
        #expect(throws: Never.self) { try verifier.verify(try token(file), at: date(signedAt).addingTimeInterval(-299)) }
    }

    @Test("a real token is refused outside the window, after its signer expired, and with a test root")
    func refusals() throws {
        let real = try token("gala/token.json")
        let signedAt = date("2023-03-07T05:33:48Z")
        let verifier = try PaymentTokenVerifier()
        let late = reason { () throws(ApplePayError) in try verifier.verify(real, at: signedAt.addingTimeInterval(301)) }
        guard case .signingTimeOutsideWindow(let signed, let time, let window)? = late else {
            Issue.record("expected the signing-time check, got \(String(describing: late))"); return
        }
        #expect(signed == 1_678_167_228 && time == 1_678_167_529 && window == 300)
        // Today the signer (valid to 2024-05-16) has expired: the chain check names it.
        let today = reason { () throws(ApplePayError) in try verifier.verify(real, at: Date()) }
        guard case .untrustedChain(let why)? = today else { Issue.record("expected the chain check, got \(String(describing: today))"); return }
        #expect(why.contains("the leaf certificate") && why.contains("2024-05-16"))
        // A window of a day accepts it an hour later.
        let wide = try PaymentTokenVerifier(signingTimeWindow: 86_400)
        #expect(throws: Never.self) { try wide.verify(real, at: signedAt.addingTimeInterval(3600)) }
        let testRoot = try #require(TokenVectors.file).testRoot
        let other = try PaymentTokenVerifier(replacingAppleRootForTestingWith: testRoot)
        #expect(matches(reason { () throws(ApplePayError) in try other.verify(real, at: signedAt) }, check: "chain"))
    }

    @Test("one changed byte of a real token's data breaks Apple's signature")
    func tamperedRealToken() throws {
        var json = try String(decoding: VectorFiles.data("gala/token.json"), as: UTF8.self)
        json = json.replacingOccurrences(of: "\"data\": \"Yq0p", with: "\"data\": \"Yq0q")
        let tampered = try PaymentToken(jsonRepresentation: Array(json.utf8))
        let verifier = try PaymentTokenVerifier()
        #expect(matches(reason { () throws(ApplePayError) in try verifier.verify(tampered, at: date("2023-03-07T05:33:48Z")) }, check: "signature"))
    }

    @Test("ECDH and the Concat KDF reach gala's shared secret and symmetric key")
    func keyDerivationKnownAnswers() throws {
        let real = try token("gala/token.json")
        let keyPEM = try VectorFiles.text("gala/private_key.pem")
        let certificate = try Certificate(pemRepresentation: try VectorFiles.text("gala/certificate.pem"))
        let credential = try PaymentProcessingCredential(certificatePEM: try VectorFiles.text("gala/certificate.pem"), privateKeyPEM: keyPEM)
        #expect(credential.merchantIdentifierHash == PureSHA2Hex.bytes("358DA5890B9555C0A9EFB84B5CD6FF04BFDCD5AABF5DC14B9872D8DF51EAF439"))
        #expect(credential.publicKeyHash == Array(SHA256.hash(data: certificate.subjectPublicKeyInfoDER)))
        #expect(credential.publicKeyHash != real.publicKeyHash)   // made for another key

        let block = try PEMBlockReader.block(keyPEM)
        let key = try P256.KeyAgreement.PrivateKey(derRepresentation: block)
        let ephemeral = try P256.KeyAgreement.PublicKey(derRepresentation: try #require(real.ephemeralPublicKey))
        let shared = try key.sharedSecretFromKeyAgreement(with: ephemeral)
        let sharedBytes = shared.withUnsafeBytes { Array($0) }
        #expect(sharedBytes == (try Base64.decode("kHeh3zl41M+afin6kc+x8EyTeyaqVKLt5PhXnfspzwg=")))
        let info = [0x0D] + Array("id-aes256-GCM".utf8) + Array("Apple".utf8) + credential.merchantIdentifierHash
        let symmetric = try shared.concatDerivedSymmetricKey(using: SHA256.self, otherInfo: info, outputByteCount: 32)
        #expect(symmetric.withUnsafeBytes { Array($0) } == (try Base64.decode("cZa29ESUCTGi770mBdtePJrhpfhmUo+XIDDBIHxpXts=")))
    }

    @Test("both real tokens decrypt, with the 2021 certificate and its SEC 1 key, to what Python cryptography found")
    func realTokensDecrypt() throws {
        let credential = try PaymentProcessingCredential(certificatePEM: try VectorFiles.text("gala/certificate-2021.pem"),
                                                         privateKeyPEM: try VectorFiles.text("gala/private_key-2021.pem"))
        let decrypter = try PaymentTokenDecrypter(credentials: [credential])
        let expected = try StrictJSONDecoder().decode([String: JSONValue].self, from: Array(try VectorFiles.data("gala/expected_payment_data.json")))
        var decrypted = 0
        for (file, signedAt) in Self.tokens {
            let payment = try decrypter.decrypt(try token(file), at: date(signedAt))
            let document = try StrictJSONDecoder().decode(JSONValue.self, from: payment.jsonRepresentation)
            #expect(document == expected[file.replacingOccurrences(of: "gala/", with: "")], "\(file)")
            #expect(payment.paymentDataType == .threeDSecure && payment.transactionAmount == 100 && payment.currencyCode == "840")
            #expect(payment.details.onlinePaymentCryptogram != nil && payment.details.eciIndicator == nil)
            decrypted += 1
        }
        #expect(decrypted == 2)
    }

    @Test("a real token made for another certificate is refused by publicKeyHash")
    func realTokenDoesNotOpen() throws {
        let credential = try PaymentProcessingCredential(certificatePEM: try VectorFiles.text("gala/certificate.pem"),
                                                         privateKeyPEM: try VectorFiles.text("gala/private_key.pem"))
        let decrypter = try PaymentTokenDecrypter(credentials: [credential])
        for (file, signedAt) in Self.tokens {
            let real = try token(file)
            let failure = reason { () throws(ApplePayError) in try decrypter.decrypt(real, at: date(signedAt)) }
            #expect(failure == .unknownMerchantCertificate(publicKeyHash: "+9VwJrqieiPF2ZRB0xHFYhgQ6RYza5hfrVLpdB1KtKI="), "\(file)")
        }
    }
}

/// Hex digits to bytes, for expected values written in hex.
enum PureSHA2Hex {
    static func bytes(_ hex: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex, let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) {
            bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }
}

/// The DER of a PEM file's one block (text before it ignored).
enum PEMBlockReader {
    static func block(_ text: String) throws -> [UInt8] {
        guard let begin = text.range(of: "-----BEGIN PRIVATE KEY-----"), let end = text.range(of: "-----END PRIVATE KEY-----") else {
            throw VectorFileError(description: "no PRIVATE KEY block")
        }
        return try Base64.decode(text[begin.upperBound..<end.lowerBound].filter { !$0.isWhitespace })
    }
}

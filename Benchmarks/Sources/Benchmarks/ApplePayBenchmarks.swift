// Apple Pay: one EC_v1 token (Tests/ApplePayTests/Vectors, made by Python cryptography on a test chain
// shaped like Apple's: a P-384 root, a P-256 intermediate and signer) verified and decrypted from its JSON,
// against the same steps on swift-crypto + swift-certificates and Foundation, as a Swift server writes them
// today: JSONDecoder for the token, swift-certificates' CMS.isValidSignature (detached, RFC5280Policy at
// the time, a policy for Apple's two markers), the signing time read from the signed attributes and held to
// five minutes, ECDH and the Concat KDF by hand over swift-crypto, AES.GCM.open with the 16-byte nonce,
// JSONDecoder for the payment data.
//
// "Apple Pay EC_v1 verify and decrypt": our verifier keeps the validated chain (as a server keeps one
// verifier). "(cold)": a verifier without that cache, every chain validated. swift-certificates keeps no
// such cache, so its side is the same in both rows.

@_spi(CMS) import X509
import ApplePay
import Crypto
import Foundation
import SwiftASN1

enum ApplePayBenchmarks {
    static func comparisons() async -> [AsyncComparison] {
        let vectors = vectorJSON("Tests/ApplePayTests/Vectors/apple_pay_tokens.json") as! [String: Any]
        let merchant = (vectors["merchants"] as! [String: Any])["ec"] as! [String: String]
        let rootPEM = vectors["testRoot"] as! String
        let vector = (vectors["cases"] as! [[String: Any]]).first { $0["name"] as? String == "ec-3dsecure" }!
        let tokenJSON = [UInt8](try! JSONSerialization.data(withJSONObject: vector["token"]!))
        let time = ISO8601DateFormatter().date(from: vector["at"] as! String)!

        let credential = try! PaymentProcessingCredential(certificatePEM: merchant["certificate"]!, privateKeyPEM: merchant["keyPKCS8"]!)
        let warm = try! PaymentTokenDecrypter(credentials: [credential], verifier: PaymentTokenVerifier(replacingAppleRootForTestingWith: rootPEM))
        let cold = try! PaymentTokenDecrypter(credentials: [credential],
                                              verifier: PaymentTokenVerifier(replacingAppleRootForTestingWith: rootPEM, chainCacheCapacity: 0))
        let peer = PeerApplePay(rootPEM: rootPEM, certificatePEM: merchant["certificate"]!, keyPEM: merchant["keyPKCS8"]!)

        func ours(_ decrypter: PaymentTokenDecrypter) -> UInt64 {
            let token = try! PaymentToken(jsonRepresentation: tokenJSON)
            return UInt64(try! decrypter.decrypt(token, at: time).transactionAmount)
        }
        let expected = ours(warm)
        precondition(expected == ours(cold))
        // Both sides accept the token and find the same amount before anything is timed.
        let peerAmount = await peer.verifyAndDecrypt(tokenJSON, at: time)
        if peerAmount != expected { FileHandle.standardError.write(Data("peer \(peerAmount) ours \(expected)\n".utf8)) }
        precondition(peerAmount == expected, "the peer refused the token")
        return [
            AsyncComparison(name: "Apple Pay EC_v1 verify and decrypt", peer: "swift-crypto + swift-certificates",
                            ours: { ours(warm) }, theirs: { await peer.verifyAndDecrypt(tokenJSON, at: time) }, countsAllocations: true),
            AsyncComparison(name: "Apple Pay EC_v1 verify and decrypt (cold)", peer: "swift-crypto + swift-certificates",
                            ours: { ours(cold) }, theirs: { await peer.verifyAndDecrypt(tokenJSON, at: time) }, countsAllocations: true),
        ]
    }
}

/// The peer's steps.
struct PeerApplePay: Sendable {
    struct Token: Decodable {
        struct Header: Decodable { let ephemeralPublicKey: String; let publicKeyHash: String; let transactionId: String; let applicationData: String? }
        let version: String
        let data: String
        let signature: String
        let header: Header
    }
    struct Payment: Decodable {
        struct Details: Decodable { let onlinePaymentCryptogram: String?; let eciIndicator: String? }
        let applicationPrimaryAccountNumber: String
        let applicationExpirationDate: String
        let currencyCode: String
        let transactionAmount: Int
        let paymentDataType: String
        let paymentData: Details
    }

    /// Apple's markers on the signer and its issuer.
    struct MarkerPolicy: VerifierPolicy {
        let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = []
        mutating func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) async -> PolicyEvaluationResult {
            guard chain.count >= 2, chain[0].extensions[oid: [1, 2, 840, 113635, 100, 6, 29]] != nil,
                  chain[1].extensions[oid: [1, 2, 840, 113635, 100, 6, 2, 14]] != nil else {
                return .failsToMeetPolicy(reason: "Apple Pay markers missing")
            }
            return .meetsPolicy
        }
    }

    let root: X509.Certificate
    let key: Crypto.P256.KeyAgreement.PrivateKey
    let merchantIdentifier: [UInt8]
    let publicKeyHash: String

    init(rootPEM: String, certificatePEM: String, keyPEM: String) {
        root = try! X509.Certificate(pemEncoded: rootPEM)
        key = try! Crypto.P256.KeyAgreement.PrivateKey(pemRepresentation: keyPEM)
        let certificate = try! X509.Certificate(pemEncoded: certificatePEM)
        let value = certificate.extensions[oid: [1, 2, 840, 113635, 100, 6, 32]]!.value
        let hex = String(decoding: value.dropFirst(2), as: UTF8.self)   // a UTF8String of 64 hex digits
        merchantIdentifier = AppAttestBenchmarks.hexBytes(hex)
        publicKeyHash = Data(Crypto.SHA256.hash(data: Crypto.P256.Signing.PublicKey(certificate.publicKey)!.derRepresentation)).base64EncodedString()
    }

    /// The transaction amount, or 0 when a step fails.
    func verifyAndDecrypt(_ json: [UInt8], at time: Date) async -> UInt64 {
        guard let token = try? JSONDecoder().decode(Token.self, from: Data(json)), token.version == "EC_v1",
              token.header.publicKeyHash == publicKeyHash,
              let ephemeral = Data(base64Encoded: token.header.ephemeralPublicKey), let data = Data(base64Encoded: token.data),
              let signature = Data(base64Encoded: token.signature), data.count >= 16 else { return 0 }
        var signed = ephemeral + data + Data(AppAttestBenchmarks.hexBytes(token.header.transactionId))
        if let application = token.header.applicationData { signed += Data(AppAttestBenchmarks.hexBytes(application)) }
        let result = await CMS.isValidSignature(dataBytes: signed, signatureBytes: signature, trustRoots: CertificateStore([root])) {
            RFC5280Policy(validationTime: time)
            MarkerPolicy()
        }
        guard case .success = result, let signingTime = Self.signingTime(in: [UInt8](signature)),
              abs(signingTime.timeIntervalSince(time)) <= 300 else { return 0 }
        guard let publicKey = try? Crypto.P256.KeyAgreement.PublicKey(derRepresentation: ephemeral),
              let shared = try? key.sharedSecretFromKeyAgreement(with: publicKey) else { return 0 }
        var hasher = Crypto.SHA256()
        hasher.update(data: [0, 0, 0, 1])
        shared.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        hasher.update(data: [0x0D] + Array("id-aes256-GCM".utf8) + Array("Apple".utf8) + merchantIdentifier)
        let symmetric = SymmetricKey(data: hasher.finalize())
        guard let box = try? AES.GCM.SealedBox(nonce: AES.GCM.Nonce(data: Data(count: 16)), ciphertext: data.dropLast(16), tag: data.suffix(16)),
              let plaintext = try? AES.GCM.open(box, using: symmetric),
              let payment = try? JSONDecoder().decode(Payment.self, from: plaintext) else { return 0 }
        return UInt64(payment.transactionAmount)
    }

    /// The signing-time attribute's UTCTime: the attribute's OID, then SET { UTCTime }.
    static func signingTime(in signature: [UInt8]) -> Date? {
        let oid: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x09, 0x05]
        guard signature.count > oid.count,
              let start = (0...(signature.count - oid.count)).first(where: { signature[$0..<($0 + oid.count)].elementsEqual(oid) }),
              start + oid.count + 17 <= signature.count, signature[start + oid.count + 2] == 0x17 else { return nil }
        let text = String(decoding: signature[(start + oid.count + 4)..<(start + oid.count + 17)], as: UTF8.self)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyMMddHHmmss'Z'"
        return formatter.date(from: text)
    }
}

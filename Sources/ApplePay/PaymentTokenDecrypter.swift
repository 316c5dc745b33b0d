// Decrypts payment tokens (Apple, "Restoring the symmetric key" and "Payment token format reference"),
// after their signature verified:
//
//   EC_v1   Z   = ECDH(merchant private key, ephemeralPublicKey)            (P-256, x-coordinate)
//           key = SHA-256(00 00 00 01 ‖ Z ‖ 0x0d "id-aes256-GCM" ‖ "Apple" ‖ merchant identifier hash)
//                 — the Concat KDF of NIST SP 800-56A §5.8.1 with one round: algorithm ID (length-
//                 prefixed), party U "Apple", party V the 32 bytes of the certificate's extension
//           plaintext = AES-256-GCM-Open(key, nonce 16 zero bytes, data)
//   RSA_v1  key = RSA-OAEP-SHA256-Decrypt(merchant private key, wrappedKey)  (16 bytes)
//           plaintext = AES-128-GCM-Open(key, nonce 16 zero bytes, data)
//
// The certificate is chosen by the token's publicKeyHash among those configured (two during a rotation).
// A fixed nonce is safe here because every key is used once: a fresh ephemeral key or a fresh wrapped key
// per token. GCM checks the tag before it releases any plaintext.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureAES
import PureP256
import PureRSA
import PureSHA2

/// Verifies and decrypts payment tokens for a merchant's payment processing certificates. Keep one
/// (it caches Apple's validated chain); it is safe to share across tasks.
///
/// ```swift
/// let decrypter = try PaymentTokenDecrypter(credentials: [
///     PaymentProcessingCredential(certificatePEM: certificate, privateKeyPEM: key)])
/// let token = try PaymentToken(jsonRepresentation: body)
/// let payment = try decrypter.decrypt(token)          // verified at the current time
/// ```
public struct PaymentTokenDecrypter: Sendable {
    /// The configured certificates and keys.
    public let credentials: [PaymentProcessingCredential]
    /// The signature verifier (Apple's root, the signing-time window).
    public let verifier: PaymentTokenVerifier

    /// A decrypter for `credentials` (one, or several during a rotation: each token names its own by
    /// `publicKeyHash`), verifying signatures with `verifier` (default: Apple Root CA - G3, five minutes).
    public init(credentials: [PaymentProcessingCredential], verifier: PaymentTokenVerifier? = nil) throws(ApplePayError) {
        guard !credentials.isEmpty else {
            throw ApplePayError(.invalidConfiguration("no payment processing certificate; give the certificate and key tokens are made for"))
        }
        guard Set(credentials.map(\.publicKeyHash)).count == credentials.count else {
            throw ApplePayError(.invalidConfiguration("the same certificate key is configured twice"))
        }
        self.credentials = credentials
        if let verifier {
            self.verifier = verifier
        } else {
            self.verifier = try PaymentTokenVerifier()
        }
    }

    /// Verifies `token`'s signature at `time` (default: now), then decrypts it with the credential its
    /// `publicKeyHash` names.
    ///
    /// - Throws: ``ApplePayError`` naming the check that failed.
    public func decrypt(_ token: PaymentToken, at time: Date = Date()) throws(ApplePayError) -> PaymentData {
        try verifier.verify(token, at: time)
        return try decryptVerified(token)
    }

    /// Decrypts a token whose signature the caller has verified (with ``PaymentTokenVerifier``).
    public func decryptVerified(_ token: PaymentToken) throws(ApplePayError) -> PaymentData {
        guard let credential = credentials.first(where: { $0.publicKeyHash == token.publicKeyHash }) else {
            throw ApplePayError(.unknownMerchantCertificate(publicKeyHash: token.publicKeyHashBase64))
        }
        let plaintext: [UInt8]
        switch (token.version, credential.privateKey) {
        case (.ecV1, .ec(let key)):
            plaintext = try Self.openECv1(token, key: key, merchantIdentifierHash: credential.merchantIdentifierHash)
        case (.rsaV1, .rsa(let key)):
            plaintext = try Self.openRSAv1(token, key: key)
        case (.ecV1, .rsa), (.rsaV1, .ec):
            throw ApplePayError(.versionDoesNotFitCertificate(version: token.version.rawValue,
                                                              certificateKey: credential.version == .ecV1 ? "an EC" : "an RSA"))
        }
        return try PaymentData(jsonRepresentation: plaintext)
    }

    /// The algorithm ID, party U and party V info of Apple's Concat KDF, before the merchant identifier.
    private static let otherInfoPrefix: [UInt8] = [0x0D] + Array("id-aes256-GCM".utf8) + Array("Apple".utf8)

    static func openECv1(_ token: PaymentToken, key: P256.KeyAgreement.PrivateKey, merchantIdentifierHash: [UInt8]) throws(ApplePayError) -> [UInt8] {
        let ephemeral: P256.KeyAgreement.PublicKey
        do { ephemeral = try P256.KeyAgreement.PublicKey(derRepresentation: token.ephemeralPublicKey ?? []) } catch {
            throw ApplePayError(.invalidEphemeralPublicKey("\(error)"))
        }
        let symmetricKey: SymmetricKey
        do {
            let shared = try key.sharedSecretFromKeyAgreement(with: ephemeral)
            symmetricKey = try shared.concatDerivedSymmetricKey(using: SHA256.self, otherInfo: otherInfoPrefix + merchantIdentifierHash,
                                                                outputByteCount: 32)
        } catch {
            throw ApplePayError(.invalidEphemeralPublicKey("\(error)"))
        }
        return try open(token.data, with: symmetricKey)
    }

    static func openRSAv1(_ token: PaymentToken, key: RSA.Encryption.PrivateKey) throws(ApplePayError) -> [UInt8] {
        let unwrapped: [UInt8]
        do { unwrapped = try key.decrypt(token.wrappedKey ?? [], padding: .PKCS1_OAEP_SHA256) } catch {
            throw ApplePayError(.decryptionFailed)
        }
        guard unwrapped.count == 16 else { throw ApplePayError(.decryptionFailed) }
        return try open(token.data, with: SymmetricKey(data: unwrapped))
    }

    /// AES-GCM open of ciphertext ‖ tag with the 16 zero bytes Apple Pay uses as the nonce (each key
    /// encrypts one message).
    private static func open(_ data: [UInt8], with key: SymmetricKey) throws(ApplePayError) -> [UInt8] {
        guard data.count >= AES.GCM.tagByteCount else { throw ApplePayError(.decryptionFailed) }
        do {
            let nonce = try AES.GCM.Nonce(data: [UInt8](repeating: 0, count: 16))
            let box = try AES.GCM.SealedBox(nonce: nonce, ciphertext: data.dropLast(AES.GCM.tagByteCount),
                                            tag: data.suffix(AES.GCM.tagByteCount))
            return try AES.GCM.open(box, using: key)
        } catch {
            throw ApplePayError(.decryptionFailed)
        }
    }
}

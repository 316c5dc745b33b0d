// A merchant's Apple Pay payment processing certificate and its private key: what decrypts the tokens
// made for it. From the certificate come
//
//   - the public key hash tokens name it by: SHA-256 of its SubjectPublicKeyInfo (DER), and
//   - the merchant identifier hash: extension 1.2.840.113635.100.6.32, whose value is the SHA-256 of the
//     merchant identifier written as 64 hex digits (a DER UTF8String, or IA5String). The EC_v1 key
//     derivation takes those 32 bytes as party V: they are hex-decoded, not hashed again.
//
// The key must be the certificate's: an EC P-256 key (PKCS#8 or SEC 1) for EC_v1 tokens, an RSA key
// (PKCS#8 or PKCS#1) for RSA_v1; a key that is not the certificate's is refused here, once, rather than
// failing every decryption later. The certificate's own chain and dates are not checked: it is the
// merchant's configuration, not input (Apple stops encrypting to a certificate when it expires or is
// revoked).

import PureASN1
import PureBase64
import PureP256
import PurePKCS12
import PureRSA
import PureSHA2
import PureX509

/// A payment processing certificate and its private key. Its description never shows the key.
public struct PaymentProcessingCredential: Sendable, CustomStringConvertible {
    /// The payment processing certificate.
    public let certificate: Certificate
    /// SHA-256 of the certificate's SubjectPublicKeyInfo: a token's `publicKeyHash` names it so.
    public let publicKeyHash: [UInt8]
    /// The 32 bytes of extension 1.2.840.113635.100.6.32 (SHA-256 of the merchant identifier).
    public let merchantIdentifierHash: [UInt8]

    enum PrivateKey: Sendable {
        case ec(P256.KeyAgreement.PrivateKey)
        case rsa(RSA.Encryption.PrivateKey)
    }
    let privateKey: PrivateKey

    static let merchantIdentifierOID = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_635, 100, 6, 32])

    /// The token version this credential decrypts.
    public var version: PaymentTokenVersion {
        switch privateKey {
        case .ec: return .ecV1
        case .rsa: return .rsaV1
        }
    }

    /// A credential from the certificate and its private key, both PEM (text before a PEM block, such as the
    /// "Bag Attributes" OpenSSL writes when it exports from PKCS#12, is ignored).
    ///
    /// - Throws: ``ApplePayError`` `.invalidConfiguration`: a certificate without the merchant identifier
    ///   extension, a key of another type or curve, a key that is not the certificate's.
    public init(certificatePEM: String, privateKeyPEM: String) throws(ApplePayError) {
        let certificate: Certificate
        do { certificate = try Certificate(pemRepresentation: certificatePEM) } catch {
            throw ApplePayError(.invalidConfiguration("the payment processing certificate does not parse: \(error)"))
        }
        let block: PEMBlock
        do { block = try PEM.parseSingle(privateKeyPEM) } catch {
            throw ApplePayError(.invalidConfiguration("the private key is not one PEM block: \(error)"))
        }
        try self.init(certificate: certificate, privateKeyDER: block.derBytes)
    }

    /// A credential from a PKCS#12 file (what Keychain Access exports the certificate and its key as;
    /// PBES2-AES or the older Triple-DES scheme, the MAC checked): the certificate that carries the
    /// merchant identifier extension and the private key that is its.
    ///
    /// - Throws: ``ApplePayError`` `.invalidConfiguration`: a wrong password, an unsupported scheme, no
    ///   payment processing certificate with its key inside, or several.
    public init(pkcs12 der: [UInt8], password: String) throws(ApplePayError) {
        let contents: PKCS12Contents
        do { contents = try PKCS12Contents(derRepresentation: der, password: password) } catch {
            throw ApplePayError(.invalidConfiguration("\(error)"))
        }
        var found: [PaymentProcessingCredential] = []
        for item in contents.certificates {
            guard let certificate = try? Certificate(derRepresentation: item.derRepresentation),
                  certificate.extension(Self.merchantIdentifierOID) != nil else { continue }
            for key in contents.privateKeys {
                if let credential = try? PaymentProcessingCredential(certificate: certificate, privateKeyDER: key.derRepresentation) {
                    found.append(credential)
                    break
                }
            }
        }
        guard found.count == 1, let credential = found.first else {
            throw ApplePayError(.invalidConfiguration(found.isEmpty
                ? "the PKCS#12 file holds no Apple Pay payment processing certificate (extension 1.2.840.113635.100.6.32) together with its private key"
                : "the PKCS#12 file holds \(found.count) payment processing certificates with their keys; export one per file"))
        }
        self = credential
    }

    /// A credential from the certificate and its private key in DER (PKCS#8, SEC 1 or PKCS#1).
    public init(certificate: Certificate, privateKeyDER: [UInt8]) throws(ApplePayError) {
        self.certificate = certificate
        publicKeyHash = Array(SHA256.hash(data: certificate.subjectPublicKeyInfoDER))
        merchantIdentifierHash = try Self.merchantIdentifierHash(of: certificate)
        switch certificate.subjectPublicKeyInfo.algorithm.algorithm {
        case .ecPublicKey:
            guard certificate.subjectPublicKeyInfo.algorithm.namedCurve == .prime256v1 else {
                throw ApplePayError(.invalidConfiguration("the certificate's key is \(certificate.subjectPublicKeyInfo.algorithm.keyDescription); Apple Pay's EC keys are P-256"))
            }
            let key: P256.KeyAgreement.PrivateKey
            let certified: P256.KeyAgreement.PublicKey
            do {
                key = try P256.KeyAgreement.PrivateKey(derRepresentation: privateKeyDER)
                certified = try P256.KeyAgreement.PublicKey(derRepresentation: certificate.subjectPublicKeyInfoDER)
            } catch {
                throw ApplePayError(.invalidConfiguration("the private key is not a P-256 key in PKCS#8 or SEC 1 (the certificate's is P-256): \(error)"))
            }
            guard key.publicKey == certified else {
                throw ApplePayError(.invalidConfiguration("the private key is not the payment processing certificate's: give the key the certificate was requested with"))
            }
            privateKey = .ec(key)
        case .rsaEncryption:
            let key: RSA.Signing.PrivateKey
            let certified: RSA.Signing.PublicKey
            do {
                key = try RSA.Signing.PrivateKey(derRepresentation: privateKeyDER)
                certified = try RSA.Signing.PublicKey(derRepresentation: certificate.subjectPublicKeyInfoDER)
            } catch {
                throw ApplePayError(.invalidConfiguration("the private key is not an RSA key in PKCS#8 or PKCS#1 (the certificate's is RSA): \(error)"))
            }
            guard key.publicKey.derRepresentation == certified.derRepresentation else {
                throw ApplePayError(.invalidConfiguration("the private key is not the payment processing certificate's: give the key the certificate was requested with"))
            }
            privateKey = .rsa(RSA.Encryption.PrivateKey(key))
        default:
            throw ApplePayError(.invalidConfiguration("the certificate's key is \(certificate.subjectPublicKeyInfo.algorithm.keyDescription), not EC P-256 or RSA"))
        }
    }

    /// The hex-decoded value of the merchant identifier extension.
    static func merchantIdentifierHash(of certificate: Certificate) throws(ApplePayError) -> [UInt8] {
        guard let ext = certificate.extension(merchantIdentifierOID) else {
            throw ApplePayError(.invalidConfiguration("the certificate lacks the merchant identifier extension 1.2.840.113635.100.6.32: "
                + "give the Apple Pay Payment Processing certificate, not the Merchant Identity one"))
        }
        let text: ArraySlice<UInt8>
        do {
            let node = try DER.parse(ext.value)
            let utf8String = ASN1Tag(.universal, constructed: false, tagNumber: 12)
            let ia5String = ASN1Tag(.universal, constructed: false, tagNumber: 22)
            guard node.tag == utf8String || node.tag == ia5String else {
                throw ASN1Error(.unexpectedTag(expected: utf8String, found: node.tag), at: 0)
            }
            text = node.content
        } catch {
            throw ApplePayError(.invalidConfiguration("the merchant identifier extension is not a text string: \(error)"))
        }
        guard text.count == 64, let bytes = bytes(fromHex: String(decoding: text, as: UTF8.self)) else {
            throw ApplePayError(.invalidConfiguration("the merchant identifier extension is not 64 hex digits"))
        }
        return bytes
    }

    /// The certificate's subject and the key type: never the key.
    public var description: String {
        "PaymentProcessingCredential(\(version.rawValue), \(certificate.subject), publicKeyHash \(Base64.encode(publicKeyHash)))"
    }
}

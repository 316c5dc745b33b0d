// The subject public keys a certificate signature can be checked with, and the check itself: ECDSA on
// P-256 or P-384 (the signature value a DER Ecdsa-Sig-Value, RFC 5758 §3.2) and RSA PKCS#1 v1.5 (RFC 4055),
// each with the digest its algorithm names. A P-256 key may sign with SHA-384 (the leftmost 256 bits of
// the digest are used, FIPS 186-5 §6.4), as the CA/Browser Forum profile allows.

import PureASN1
import PureP256
import PureP384
import PureRSA
import PureSHA2

/// A public key usable for certificate signatures (package API: Apple Pay checks its CMS signer with it).
package enum CertificatePublicKey: Sendable {
    case p256(P256.Signing.PublicKey)
    case p384(P384.Signing.PublicKey)
    case rsa(RSA.Signing.PublicKey)

    package init(certificate: Certificate) throws(X509Error) {
        let info = certificate.subjectPublicKeyInfo
        switch info.algorithm.algorithm {
        case .ecPublicKey:
            switch info.algorithm.namedCurve {
            case .prime256v1?:
                do { self = .p256(try P256.Signing.PublicKey(derRepresentation: certificate.subjectPublicKeyInfoDER)) } catch {
                    throw X509Error(.unsupportedPublicKey("P-256: \(error)"))
                }
            case .secp384r1?:
                do { self = .p384(try P384.Signing.PublicKey(derRepresentation: certificate.subjectPublicKeyInfoDER)) } catch {
                    throw X509Error(.unsupportedPublicKey("P-384: \(error)"))
                }
            default:
                throw X509Error(.unsupportedPublicKey(info.algorithm.keyDescription))
            }
        case .rsaEncryption:
            do { self = .rsa(try RSA.Signing.PublicKey(derRepresentation: certificate.subjectPublicKeyInfoDER)) } catch {
                throw X509Error(.unsupportedPublicKey("RSA: \(error)"))
            }
        default:
            throw X509Error(.unsupportedPublicKey(info.algorithm.keyDescription))
        }
    }

    /// Whether this key made `certificate`'s signature. Variable-time (public data). A SHA-1 signature
    /// counts only when `acceptingSHA1` (the chain validator passes its policy's choice).
    func signed(_ certificate: Certificate, acceptingSHA1: Bool = false) -> Bool {
        isValidSignature(certificate.signature, over: certificate.tbsCertificate, algorithm: certificate.signatureAlgorithm,
                         acceptingSHA1: acceptingSHA1)
    }

    /// Whether this key made `signature` over `message` with `algorithm` (a certificate's, an OCSP
    /// response's). Variable-time (public data).
    package func isValidSignature<Message: Collection>(_ signature: [UInt8], over message: Message, algorithm: CertificateSignatureAlgorithm,
                                               acceptingSHA1: Bool = false) -> Bool where Message.Element == UInt8 {
        switch (self, algorithm) {
        case (.p256(let key), .ecdsaWithSHA256):
            guard let parsed = try? P256.Signing.ECDSASignature(derRepresentation: signature) else { return false }
            return key.isValidSignature(parsed, for: SHA256.hash(data: message))
        case (.p256(let key), .ecdsaWithSHA384):
            guard let parsed = try? P256.Signing.ECDSASignature(derRepresentation: signature) else { return false }
            return key.isValidSignature(parsed, for: SHA384.hash(data: message))
        case (.p384(let key), .ecdsaWithSHA256):
            guard let parsed = try? P384.Signing.ECDSASignature(derRepresentation: signature) else { return false }
            return key.isValidSignature(parsed, for: SHA256.hash(data: message))
        case (.p384(let key), .ecdsaWithSHA384):
            guard let parsed = try? P384.Signing.ECDSASignature(derRepresentation: signature) else { return false }
            return key.isValidSignature(parsed, for: SHA384.hash(data: message))
        case (.rsa(let key), .sha256WithRSAEncryption):
            return key.isValidSignature(RSA.Signing.RSASignature(rawRepresentation: signature), for: SHA256.hash(data: message))
        case (.rsa(let key), .sha384WithRSAEncryption):
            return key.isValidSignature(RSA.Signing.RSASignature(rawRepresentation: signature), for: SHA384.hash(data: message))
        case (.rsa(let key), .sha512WithRSAEncryption):
            return key.isValidSignature(RSA.Signing.RSASignature(rawRepresentation: signature), for: SHA512.hash(data: message))
        case (.rsa(let key), .sha1WithRSAEncryption):
            return acceptingSHA1
                && key.isValidInsecureSHA1Signature(RSA.Signing.RSASignature(rawRepresentation: signature), for: Insecure.SHA1.hash(data: message))
        default:
            return false   // an EC key cannot make an RSA signature and the reverse
        }
    }
}

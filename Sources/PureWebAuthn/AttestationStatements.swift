// The attestation statement formats' verification procedures (WebAuthn §8): each takes the statement, the
// authenticator data and the client data hash, checks the signature and the format's own requirements, and
// says what kind of attestation it was and which certificates make its trust path. Whether that path leads
// to a trusted root is the policy's question, asked afterwards (RegistrationCeremony.swift).

import PureASN1
import PureCBOR
import PureSHA2
import PureX509

/// The kind of attestation a registration carried (WebAuthn §6.5.3).
public enum AttestationType: String, Sendable, Hashable {
    /// No attestation (format `none`): nothing is known about the authenticator.
    case none
    /// Self attestation: the credential key signed its own attestation.
    case `self`
    /// Basic or attestation-CA attestation: an attestation certificate chain (`x5c`) signed it.
    case basic
    /// Anonymization CA attestation (format `apple`): a per-credential certificate from the vendor's CA.
    case anonymizationCA
}

/// What a format's procedure established.
struct VerifiedStatement {
    let type: AttestationType
    /// The attestation certificates, leaf first (empty for none and self).
    let certificates: [Certificate]
    /// Critical extensions the format's procedure read, which chain validation then accepts.
    var handledCriticalExtensions: Set<ASN1ObjectIdentifier> = []
}

/// The id-fido-gen-ce-aaguid certificate extension (1.3.6.1.4.1.45724.1.1.4): the authenticator model's AAGUID.
let aaguidExtensionOID = ASN1ObjectIdentifier(arcs: [1, 3, 6, 1, 4, 1, 45724, 1, 1, 4])
/// Apple's attestation nonce extension (1.2.840.113635.100.8.2).
let appleNonceExtensionOID = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113635, 100, 8, 2])

/// The nonce in Apple's extension 1.2.840.113635.100.8.2, SEQUENCE { [1] EXPLICIT OCTET STRING nonce }, as
/// WebAuthn's apple format and App Attest write it (package API: AppAttest reads it too).
package func appleNonce(in certificate: Certificate) throws(AppleNonceError) -> [UInt8] {
    guard let nonceExtension = certificate.extension(appleNonceExtensionOID) else {
        throw AppleNonceError(reason: "the credential certificate has no nonce extension (1.2.840.113635.100.8.2)")
    }
    do {
        return try DER.parse(nonceExtension.value).sequence { (children) throws(ASN1Error) -> [UInt8] in
            let nonce = try children.next("nonce").explicit(1).octetString()
            guard children.isEmpty else { throw ASN1Error(.unconsumedElements, at: children.offset) }
            return Array(nonce)
        }
    } catch {
        throw AppleNonceError(reason: "the nonce extension (1.2.840.113635.100.8.2) is malformed: \(error)")
    }
}

/// Why Apple's nonce extension could not be read.
package struct AppleNonceError: Error, CustomStringConvertible {
    package let reason: String
    package var description: String { reason }
}

enum AttestationStatements {
    static func verify(_ object: AttestationObject, clientDataHash: [UInt8], policy: AttestationPolicy,
                       time: Int64) throws(WebAuthnError) -> VerifiedStatement {
        switch object.format {
        case "none": return try verifyNone(object)
        case "packed": return try verifyPacked(object, clientDataHash: clientDataHash)
        case "fido-u2f": return try verifyFIDOU2F(object, clientDataHash: clientDataHash)
        case "apple": return try verifyApple(object, clientDataHash: clientDataHash)
        case "android-key": return try verifyAndroidKey(object, clientDataHash: clientDataHash, requireHardware: policy.androidKeyRequiresHardware)
        case "tpm": return try verifyTPM(object, clientDataHash: clientDataHash)
        case "android-safetynet": return try verifyAndroidSafetyNet(object, clientDataHash: clientDataHash, policy: policy, time: time)
        default: throw WebAuthnError(.unsupportedAttestationFormat(object.format))
        }
    }

    /// §8.7: the statement is an empty map.
    static func verifyNone(_ object: AttestationObject) throws(WebAuthnError) -> VerifiedStatement {
        guard object.statement.count == 0 else { throw invalid("a \"none\" statement must be an empty map") }
        return VerifiedStatement(type: .none, certificates: [])
    }

    /// §8.2: `alg`, `sig` and, for basic attestation, `x5c`; without `x5c`, self attestation.
    static func verifyPacked(_ object: AttestationObject, clientDataHash: [UInt8]) throws(WebAuthnError) -> VerifiedStatement {
        let statement = object.statement
        guard let algorithmValue = statement["alg"]?.integerValue else { throw invalid("packed: \"alg\" is missing or not an integer") }
        guard let signature = statement["sig"]?.byteStringValue else { throw invalid("packed: \"sig\" is missing or not a byte string") }
        guard statement["ecdaaKeyId"] == nil else { throw invalid("packed: ECDAA, withdrawn from WebAuthn, is not supported") }
        let algorithm = COSEAlgorithm(rawValue: algorithmValue)
        let signed = object.authenticatorData.bytes + clientDataHash
        guard let x5c = statement["x5c"] else {
            // Self attestation: the credential's own key and algorithm.
            guard statement.count == 2 else { throw invalid("packed: members other than alg and sig in self attestation") }
            let credentialKey = object.attestedCredentialData.credentialPublicKey
            guard algorithm == credentialKey.algorithm else {
                throw invalid("packed: self attestation's alg (\(algorithmValue)) is not the credential key's (\(credentialKey.algorithm.rawValue))")
            }
            guard try SignatureVerificationKey(credentialKey).isValidSignature(signature, for: signed) else {
                throw invalid("packed: the self-attestation signature does not verify with the credential key")
            }
            return VerifiedStatement(type: .self, certificates: [])
        }
        guard statement.count == 3 else { throw invalid("packed: members other than alg, sig and x5c") }
        let certificates = try certificateChain(x5c, format: "packed")
        let leaf = certificates[0]
        let key = try SignatureVerificationKey(subjectPublicKeyInfo: leaf.subjectPublicKeyInfoDER, algorithm: algorithm)
        guard key.isValidSignature(signature, for: signed) else {
            throw invalid("packed: the signature does not verify with the attestation certificate's key")
        }
        try checkPackedCertificate(leaf, aaguid: object.attestedCredentialData.aaguid)
        return VerifiedStatement(type: .basic, certificates: certificates)
    }

    /// §8.2.1: what a packed attestation certificate must be.
    /// The subject attributes §8.2.1 asks for (X.520): C, O, OU, CN. Built once, not per comparison.
    static let countryNameOID = ASN1ObjectIdentifier(arcs: [2, 5, 4, 6])
    static let organizationNameOID = ASN1ObjectIdentifier(arcs: [2, 5, 4, 10])
    static let organizationalUnitNameOID = ASN1ObjectIdentifier(arcs: [2, 5, 4, 11])
    static let commonNameOID = ASN1ObjectIdentifier(arcs: [2, 5, 4, 3])

    static func checkPackedCertificate(_ certificate: Certificate, aaguid: [UInt8]) throws(WebAuthnError) {
        guard certificate.version == 3 else { throw invalid("packed: the attestation certificate is not X.509 version 3") }
        let subject = certificate.subject.attributes
        func value(_ type: ASN1ObjectIdentifier) -> String? { subject.first { $0.type == type }?.value }
        guard let country = value(countryNameOID), country.utf8.count == 2 else {
            throw invalid("packed: the attestation certificate's subject has no two-letter country (C)")
        }
        guard let organization = value(organizationNameOID), !organization.isEmpty else {
            throw invalid("packed: the attestation certificate's subject has no organization (O)")
        }
        guard value(organizationalUnitNameOID) == "Authenticator Attestation" else {
            throw invalid("packed: the attestation certificate's subject OU is not \"Authenticator Attestation\"")
        }
        guard let commonName = value(commonNameOID), !commonName.isEmpty else {
            throw invalid("packed: the attestation certificate's subject has no common name (CN)")
        }
        guard certificate.basicConstraints?.isCertificateAuthority != true else {
            throw invalid("packed: the attestation certificate is a CA certificate (basicConstraints cA)")
        }
        if let aaguidExtension = certificate.extension(aaguidExtensionOID) {
            guard !aaguidExtension.isCritical else {
                throw invalid("packed: the id-fido-gen-ce-aaguid extension (1.3.6.1.4.1.45724.1.1.4) is marked critical")
            }
            // An OCTET STRING of the 16 AAGUID bytes: 04 10 ‖ AAGUID.
            let value = aaguidExtension.value
            guard value.count == 18, value.first == 0x04, value.dropFirst().first == 0x10,
                  value.dropFirst(2).elementsEqual(aaguid) else {
                throw invalid("packed: the id-fido-gen-ce-aaguid extension (1.3.6.1.4.1.45724.1.1.4) does not hold the authenticator data's AAGUID")
            }
        }
    }

    /// §8.6: one P-256 certificate; the signature over 0x00 ‖ rpIdHash ‖ clientDataHash ‖ credentialId ‖
    /// the credential's uncompressed P-256 point.
    static func verifyFIDOU2F(_ object: AttestationObject, clientDataHash: [UInt8]) throws(WebAuthnError) -> VerifiedStatement {
        let statement = object.statement
        guard let signature = statement["sig"]?.byteStringValue, let x5c = statement["x5c"], statement.count == 2 else {
            throw invalid("fido-u2f: the statement must hold exactly \"sig\" and \"x5c\"")
        }
        let certificates = try certificateChain(x5c, format: "fido-u2f")
        guard certificates.count == 1 else { throw invalid("fido-u2f: x5c must hold exactly one certificate") }
        let key: SignatureVerificationKey
        do { key = try SignatureVerificationKey(subjectPublicKeyInfo: certificates[0].subjectPublicKeyInfoDER, algorithm: .es256) } catch {
            throw invalid("fido-u2f: the attestation certificate's key is not a P-256 key")
        }
        guard case .ec2(.p256, let x, let y) = object.attestedCredentialData.credentialPublicKey.parameters else {
            throw invalid("fido-u2f: the credential key is not a P-256 key")
        }
        let attested = object.attestedCredentialData
        let verificationData = [0x00] + object.authenticatorData.rpIDHash + clientDataHash + attested.credentialID + [0x04] + x + y
        guard key.isValidSignature(signature, for: verificationData) else {
            throw invalid("fido-u2f: the signature does not verify with the attestation certificate's key")
        }
        return VerifiedStatement(type: .basic, certificates: certificates)
    }

    /// §8.8 (Apple Anonymous): the leaf's extension 1.2.840.113635.100.8.2 holds SHA-256(authData ‖
    /// clientDataHash), and the leaf's key is the credential's.
    static func verifyApple(_ object: AttestationObject, clientDataHash: [UInt8]) throws(WebAuthnError) -> VerifiedStatement {
        // §8.8's statement is {x5c}; Apple's first implementation (iOS 14) also wrote "alg": -7, accepted when
        // it names the credential key's algorithm.
        let statement = object.statement
        let algorithmAgrees = statement["alg"].map { $0.integerValue == object.attestedCredentialData.credentialPublicKey.algorithm.rawValue }
        guard let x5c = statement["x5c"], statement.count == (algorithmAgrees == nil ? 1 : 2), algorithmAgrees != false else {
            throw invalid("apple: the statement must hold \"x5c\" (and, as iOS 14 wrote it, the credential key's \"alg\") and nothing else")
        }
        let certificates = try certificateChain(x5c, format: "apple")
        let expectedNonce = Array(SHA256.hash(data: object.authenticatorData.bytes + clientDataHash))
        guard try appleNonce(in: certificates[0], format: "apple") == expectedNonce else {
            throw invalid("apple: the nonce in the credential certificate (1.2.840.113635.100.8.2) is not SHA-256(authData ‖ clientDataHash)")
        }
        guard try certificateKeyMatches(certificates[0], object.attestedCredentialData.credentialPublicKey) else {
            throw invalid("apple: the credential certificate's key is not the credential's public key")
        }
        return VerifiedStatement(type: .anonymizationCA, certificates: certificates)
    }

    /// The nonce of Apple's extension, the format's name on errors.
    static func appleNonce(in certificate: Certificate, format: String) throws(WebAuthnError) -> [UInt8] {
        do { return try PureWebAuthn.appleNonce(in: certificate) } catch {
            throw invalid("\(format): \(error.reason)")
        }
    }

    /// Whether `certificate`'s subject public key is `key`: EC2 keys as the uncompressed point, OKP keys as
    /// their bytes, RSA keys as RSAPublicKey's modulus and exponent (leading zero bytes aside).
    static func certificateKeyMatches(_ certificate: Certificate, _ key: COSEKey) throws(WebAuthnError) -> Bool {
        let subjectPublicKey = certificate.subjectPublicKeyInfo.subjectPublicKey
        switch key.parameters {
        case .ec2(_, let x, let y):
            return subjectPublicKey == [0x04] + x + y
        case .okp(_, let x):
            return subjectPublicKey == x
        case .akp(let publicKey):
            return subjectPublicKey == publicKey
        case .rsa(let modulus, let exponent):
            guard let (certificateModulus, certificateExponent) = try? DER.parse(subjectPublicKey).sequence({ (fields) throws(ASN1Error) in
                (try fields.next("modulus").integerMagnitude(), try fields.next("publicExponent").integerMagnitude())
            }) else { return false }
            return certificateModulus.drop { $0 == 0 }.elementsEqual(modulus.drop { $0 == 0 })
                && certificateExponent.drop { $0 == 0 }.elementsEqual(exponent.drop { $0 == 0 })
        }
    }

    /// `x5c`: a non-empty array of DER certificates, leaf first.
    static func certificateChain(_ item: CBOR, format: String) throws(WebAuthnError) -> [Certificate] {
        guard let elements = item.arrayValue, !elements.isEmpty, elements.count <= 8 else {
            throw invalid("\(format): x5c must be an array of 1 to 8 certificates")
        }
        var ders: [[UInt8]] = []
        for element in elements {
            guard let der = element.byteStringValue else { throw invalid("\(format): an x5c element is not a byte string") }
            ders.append(der)
        }
        return try certificateChain(ders, format: format)
    }

    /// A chain's certificates from their DER, leaf first.
    static func certificateChain(_ ders: [[UInt8]], format: String) throws(WebAuthnError) -> [Certificate] {
        guard !ders.isEmpty, ders.count <= 8 else { throw invalid("\(format): x5c must hold 1 to 8 certificates") }
        var certificates: [Certificate] = []
        for der in ders {
            // What authenticator makers' tools write: GeneralizedTime before 2050 (SimpleWebAuthn's test
            // authenticators), cA FALSE written out (Chromium's virtual authenticator), a negative serial
            // (a Nuvoton TPM intermediate). The signatures are still checked over the bytes as sent.
            do { certificates.append(try Certificate(derRepresentation: der, leniency: [.generalizedTimeBefore2050, .explicitDefaultFalse, .negativeSerialNumber])) } catch {
                throw invalid("\(format): an x5c certificate does not parse: \(error)")
            }
        }
        return certificates
    }

    static func invalid(_ what: String) -> WebAuthnError {
        WebAuthnError(.invalidAttestationStatement(what))
    }
}

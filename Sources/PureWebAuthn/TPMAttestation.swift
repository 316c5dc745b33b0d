// The tpm attestation statement format (WebAuthn §8.3): a TPM's attestation key (AIK), whose certificate
// is x5c's leaf, certified the credential key. The statement is {ver "2.0", alg, x5c, sig, certInfo,
// pubArea}: pubArea describes the credential key as the TPM holds it, certInfo is what the AIK signed —
// the Name of pubArea and, as extraData, a hash of authData ‖ clientDataHash (TPMStructures.swift).
//
// §8.3.1's AIK certificate: X.509 v3, an empty subject, the TPM's maker, model and version as a
// directoryName in the subject alternative name (TCG EK Credential Profile §3.2.9), the extended key usage
// tcg-kp-AIKCertificate (2.23.133.8.3), not a CA. The manufacturer must read "id:" and eight hex digits;
// which vendor it names is not checked (FIDO's conformance tools use FFFFF1D0, which no TPM vendor has).

import PureASN1
import PureCBOR
import PureSHA2
import PureX509

extension AttestationStatements {
    /// tcg-kp-AIKCertificate, the extended key usage of an AIK certificate.
    static let aikCertificateKeyUsage = ASN1ObjectIdentifier(arcs: [2, 23, 133, 8, 3])
    /// The TCG attributes of the subject alternative name: tpmManufacturer, tpmModel, tpmVersion.
    static let tpmManufacturerOID = ASN1ObjectIdentifier(arcs: [2, 23, 133, 2, 1])
    static let tpmModelOID = ASN1ObjectIdentifier(arcs: [2, 23, 133, 2, 2])
    static let tpmVersionOID = ASN1ObjectIdentifier(arcs: [2, 23, 133, 2, 3])
    static let extendedKeyUsageOID = ASN1ObjectIdentifier(arcs: [2, 5, 29, 37])

    /// §8.3's verification procedure.
    static func verifyTPM(_ object: AttestationObject, clientDataHash: [UInt8]) throws(WebAuthnError) -> VerifiedStatement {
        let statement = object.statement
        guard statement["ecdaaKeyId"] == nil else { throw invalid("tpm: ECDAA, withdrawn from WebAuthn, is not supported") }
        guard statement["ver"]?.textStringValue == "2.0" else { throw invalid("tpm: \"ver\" is not \"2.0\"") }
        guard let algorithmValue = statement["alg"]?.integerValue, let signature = statement["sig"]?.byteStringValue,
              let x5c = statement["x5c"], let certInfoBytes = statement["certInfo"]?.byteStringValue,
              let pubAreaBytes = statement["pubArea"]?.byteStringValue, statement.count == 6 else {
            throw invalid("tpm: the statement must hold exactly \"ver\", \"alg\", \"x5c\", \"sig\", \"certInfo\" and \"pubArea\"")
        }
        let algorithm = COSEAlgorithm(rawValue: algorithmValue)
        // pubArea is the credential key.
        let publicArea = try TPMPublicArea(pubAreaBytes)
        guard publicAreaMatches(publicArea.key, object.attestedCredentialData.credentialPublicKey) else {
            throw invalid("tpm: pubArea's key is not the credential's public key")
        }
        // certInfo certifies pubArea, for this authData and clientDataHash.
        let certifyInfo = try TPMCertifyInfo(certInfoBytes)
        guard let expectedExtraData = hash(object.authenticatorData.bytes + clientDataHash, for: algorithm) else {
            throw WebAuthnError(.unsupportedAttestationAlgorithm(algorithmValue))
        }
        guard certifyInfo.extraData == expectedExtraData else {
            throw invalid("tpm: certInfo's extraData is not the hash of authData ‖ clientDataHash")
        }
        guard let nameDigest = hash(publicArea.bytes, tpmAlgorithm: publicArea.nameAlgorithm),
              certifyInfo.attestedName == [UInt8(publicArea.nameAlgorithm >> 8), UInt8(publicArea.nameAlgorithm & 0xFF)] + nameDigest else {
            throw invalid("tpm: certInfo's attested name is not the Name of pubArea (its nameAlg and that hash of it)")
        }
        // The AIK signed certInfo.
        let certificates = try certificateChain(x5c, format: "tpm")
        let key = try SignatureVerificationKey(subjectPublicKeyInfo: certificates[0].subjectPublicKeyInfoDER, algorithm: algorithm)
        guard key.isValidSignature(signature, for: certInfoBytes) else {
            throw invalid("tpm: the signature over certInfo does not verify with the AIK certificate's key")
        }
        try checkAIKCertificate(certificates[0], aaguid: object.attestedCredentialData.aaguid)
        // An AIK certificate's subject is empty, so its subject alternative name is critical (RFC 5280
        // §4.2.1.6); it and the extended key usage were read above.
        return VerifiedStatement(type: .basic, certificates: certificates,
                                 handledCriticalExtensions: [subjectAlternativeNameOID, extendedKeyUsageOID])
    }

    /// Whether the TPM's description of the key is the COSE key.
    static func publicAreaMatches(_ key: TPMPublicArea.Key, _ coseKey: COSEKey) -> Bool {
        switch (key, coseKey.parameters) {
        case (.rsa(let modulus, let exponent), .rsa(let coseModulus, let coseExponent)):
            let exponentBytes = coseExponent.drop { $0 == 0 }
            return modulus.drop { $0 == 0 }.elementsEqual(coseModulus.drop { $0 == 0 })
                && exponentBytes.count <= 4 && exponentBytes.reduce(UInt32(0)) { $0 << 8 | UInt32($1) } == exponent
        case (.ecc(let curve, let x, let y), .ec2(let coseCurve, let coseX, let coseY)):
            let expectedCurve: UInt16? = switch coseCurve {
            case .p256: TPMAlgorithm.curveP256
            case .p384: TPMAlgorithm.curveP384
            case .p521: TPMAlgorithm.curveP521
            default: nil
            }
            return curve == expectedCurve && x == coseX && y == coseY
        default:
            return false
        }
    }

    /// The hash the COSE algorithm signs with, of `message` (nil for an algorithm without one here).
    static func hash(_ message: [UInt8], for algorithm: COSEAlgorithm) -> [UInt8]? {
        switch algorithm {
        case .rs1: return Array(Insecure.SHA1.hash(data: message))
        case .rs256, .ps256, .es256, .esp256, .es256k: return Array(SHA256.hash(data: message))
        case .rs384, .ps384, .es384, .esp384: return Array(SHA384.hash(data: message))
        case .rs512, .ps512, .es512, .esp512: return Array(SHA512.hash(data: message))
        default: return nil
        }
    }

    /// The TPM_ALG_ID hash of `message` (nil for another algorithm).
    static func hash(_ message: [UInt8], tpmAlgorithm: UInt16) -> [UInt8]? {
        switch tpmAlgorithm {
        case TPMAlgorithm.sha1: return Array(Insecure.SHA1.hash(data: message))
        case TPMAlgorithm.sha256: return Array(SHA256.hash(data: message))
        case TPMAlgorithm.sha384: return Array(SHA384.hash(data: message))
        case TPMAlgorithm.sha512: return Array(SHA512.hash(data: message))
        default: return nil
        }
    }

    /// §8.3.1: what an AIK certificate must be.
    static func checkAIKCertificate(_ certificate: Certificate, aaguid: [UInt8]) throws(WebAuthnError) {
        guard certificate.version == 3 else { throw invalid("tpm: the AIK certificate is not X.509 version 3") }
        guard certificate.subject.attributes.isEmpty else { throw invalid("tpm: the AIK certificate's subject is not empty") }
        let attributes = try tpmDeviceAttributes(certificate)
        guard let manufacturer = attributes[tpmManufacturerOID], manufacturer.hasPrefix("id:"),
              manufacturer.utf8.count == 11, manufacturer.utf8.dropFirst(3).allSatisfy({ $0.isASCIIHexDigit }) else {
            throw invalid("tpm: the AIK certificate's subject alternative name has no TPM manufacturer (2.23.133.2.1) of the form id:XXXXXXXX")
        }
        guard attributes[tpmModelOID] != nil, attributes[tpmVersionOID] != nil else {
            throw invalid("tpm: the AIK certificate's subject alternative name lacks the TPM model (2.23.133.2.2) or version (2.23.133.2.3)")
        }
        guard let usage = certificate.extension(extendedKeyUsageOID),
              (try? DER.parse(usage.value).sequence({ (purposes) throws(ASN1Error) -> Bool in
                  var found = false
                  while !purposes.isEmpty { found = try purposes.next("key purpose").objectIdentifier() == aikCertificateKeyUsage || found }
                  return found
              })) == true else {
            throw invalid("tpm: the AIK certificate's extended key usage does not include tcg-kp-AIKCertificate (2.23.133.8.3)")
        }
        guard certificate.basicConstraints?.isCertificateAuthority != true else {
            throw invalid("tpm: the AIK certificate is a CA certificate (basicConstraints cA)")
        }
        if let aaguidExtension = certificate.extension(aaguidExtensionOID) {
            guard !aaguidExtension.isCritical, aaguidExtension.value == [0x04, 0x10] + aaguid else {
                throw invalid("tpm: the id-fido-gen-ce-aaguid extension (1.3.6.1.4.1.45724.1.1.4) is critical or does not hold the authenticator data's AAGUID")
            }
        }
    }

    /// The TCG attributes in the directoryName of the subject alternative name, by type: written as one RDN
    /// holding all three (the EK profile's layout) or as an RDN each (what some TPMs write).
    static func tpmDeviceAttributes(_ certificate: Certificate) throws(WebAuthnError) -> [ASN1ObjectIdentifier: String] {
        guard let alternativeNames = certificate.extension(subjectAlternativeNameOID) else {
            throw invalid("tpm: the AIK certificate has no subject alternative name")
        }
        do {
            return try DER.parse(alternativeNames.value).sequence { (names) throws(ASN1Error) in
                var attributes: [ASN1ObjectIdentifier: String] = [:]
                while !names.isEmpty {
                    let name = try names.next("GeneralName")
                    // directoryName [4] EXPLICIT Name.
                    guard name.tag == .contextSpecific(4, constructed: true) else { continue }
                    let distinguishedName = try DistinguishedName(node: try name.explicit(4))
                    for attribute in distinguishedName.attributes { attributes[attribute.type] = attribute.value }
                }
                return attributes
            }
        } catch {
            throw invalid("tpm: the AIK certificate's subject alternative name is malformed: \(error)")
        }
    }
}

extension UInt8 {
    var isASCIIHexDigit: Bool { (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self) }
}

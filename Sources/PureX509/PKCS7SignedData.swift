// PKCS#7/CMS SignedData (RFC 2315 §9; RFC 5652 §5) with one signer: what Apple signs App Store receipts
// (RSA), App Attest receipts (ECDSA) and Apple Pay payment tokens (detached, with signed attributes) with. Read strictly from DER; BER (indefinite
// lengths, constructed OCTET STRINGs, as Apple sends App Attest receipts and Xcode its receipts) is first
// rewritten by PureASN1's BER reader.
//
//   ContentInfo { contentType signedData (1.2.840.113549.1.7.2), [0] EXPLICIT SignedData {
//       version INTEGER, digestAlgorithms SET OF AlgorithmIdentifier,
//       contentInfo { contentType data (1.2.840.113549.1.7.1), [[0] EXPLICIT OCTET STRING payload] },
//                                                            -- absent: a detached signature (Apple Pay)
//       certificates [0] IMPLICIT SET OF Certificate,         -- at most 16
//       [crls [1]: refused]
//       signerInfos SET OF SignerInfo { version 1, issuerAndSerialNumber { issuer Name, serial INTEGER },
//           digestAlgorithm, [authenticatedAttributes [0] IMPLICIT SET OF Attribute], digestEncryptionAlgorithm,
//           encryptedDigest OCTET STRING }                     -- exactly one
//   } }
//
// Without signed attributes the signature covers the payload's bytes directly. With them (App Attest
// receipts of 2020, Apple Pay tokens: content type, signing time, message digest) their message digest,
// content type and signing time are read here, and their DER re-tagged as the SET OF that RFC 5652 §5.4
// says the signature covers is kept; what the signature covers is the caller's to decide. Package API: AppStoreServer and AppAttest
// check the algorithms, the chain and the signature, each for its own receipts.

import PureASN1

/// The parts of a PKCS#7 SignedData that verification reads; the certificates stay bytes until needed.
package struct PKCS7SignedData: Sendable {
    /// The signed content (the data payload); empty for a detached signature.
    package let payload: [UInt8]
    /// Whether the content is absent (a detached signature: the caller has the signed bytes).
    package let isDetached: Bool
    /// The certificates, DER, as carried.
    package let certificateDERs: [ArraySlice<UInt8>]
    /// The encoding of the certificate set (a chain cache's key).
    package let certificateSetEncoding: ArraySlice<UInt8>
    /// The signer's issuer Name (DER) and serial number (magnitude, no leading zero).
    package let signerIssuer: ArraySlice<UInt8>
    package let signerSerial: ArraySlice<UInt8>
    /// The SignerInfo's digest and signature algorithms.
    package let digestAlgorithm: ASN1ObjectIdentifier
    package let signatureAlgorithm: ASN1ObjectIdentifier
    /// The signature (encryptedDigest).
    package let signature: [UInt8]
    /// The signed attributes' message digest (1.2.840.113549.1.9.4) when the SignerInfo has signed
    /// attributes, whose content type (1.2.840.113549.1.9.3) was checked to be data; nil without them.
    package let signedAttributesMessageDigest: [UInt8]?
    /// The signed attributes as the signature covers them (RFC 5652 §5.4: the DER of the SET OF, tag 0x31
    /// in place of the [0] IMPLICIT tag); nil without them.
    package let signedAttributesForSignature: [UInt8]?
    /// The signing-time attribute (1.2.840.113549.1.9.5), seconds since 1970 UTC; nil when absent.
    package let signingTime: Int64?

    package static let signedDataOID = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_549, 1, 7, 2])
    package static let dataOID = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_549, 1, 7, 1])
    static let contentTypeAttributeOID = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_549, 1, 9, 3])
    static let messageDigestAttributeOID = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_549, 1, 9, 4])
    static let signingTimeAttributeOID = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_549, 1, 9, 5])

    /// Reads DER, or BER rewritten with definite lengths first (at most `maximumSize` bytes).
    package init(berOrDER bytes: [UInt8], maximumSize: Int) throws(ASN1Error) {
        if bytes.count > 1, bytes[1] == 0x80 {
            try self.init(der: try BER.definiteLengthEncoding(bytes, maximumSize: maximumSize))
            return
        }
        do { try self.init(der: bytes) } catch {
            let converted = try BER.definiteLengthEncoding(bytes, maximumSize: maximumSize)
            guard converted != bytes else { throw error }
            try self.init(der: converted)
        }
    }

    /// Reads DER.
    package init(der: [UInt8]) throws(ASN1Error) {
        var payload: ArraySlice<UInt8> = []
        var detached = false
        var attributesEncoding: [UInt8]?
        var signingTime: Int64?
        var certificateSet: ArraySlice<UInt8> = []
        var certificateDERs: [ArraySlice<UInt8>] = []
        var signerIssuer: ArraySlice<UInt8> = [], signerSerial: ArraySlice<UInt8> = []
        var digestOID: ASN1ObjectIdentifier?, signatureOID: ASN1ObjectIdentifier?
        var signatureBytes: ArraySlice<UInt8> = []
        var messageDigest: [UInt8]?
        try DER.parse(der).sequence { (contentInfo) throws(ASN1Error) in
            guard try contentInfo.next("contentType").objectIdentifier() == Self.signedDataOID else {
                throw ASN1Error(.invalidValue("not PKCS#7 SignedData"), at: 0)
            }
            try contentInfo.next("content").explicit(0).sequence { (signedData) throws(ASN1Error) in
                _ = try signedData.next("version").smallInteger()
                _ = try signedData.next("digestAlgorithms")
                payload = try signedData.next("contentInfo").sequence { (encap) throws(ASN1Error) in
                    guard try encap.next("contentType").objectIdentifier() == Self.dataOID else {
                        throw ASN1Error(.invalidValue("the signed content is not of type data"), at: 0)
                    }
                    guard !encap.isEmpty else {
                        detached = true
                        return []
                    }
                    return try encap.next("content").explicit(0).octetString()
                }
                if let certificates = try signedData.optional(.contextSpecific(0, constructed: true)) {
                    certificateSet = certificates.encoded
                    try certificates.constructed(.contextSpecific(0, constructed: true)) { (set) throws(ASN1Error) in
                        while !set.isEmpty {
                            guard certificateDERs.count < 16 else { throw ASN1Error(.invalidValue("more than 16 certificates"), at: set.offset) }
                            certificateDERs.append(try set.next("certificate").encoded)
                        }
                    }
                }
                guard try signedData.optional(.contextSpecific(1, constructed: true)) == nil else {
                    throw ASN1Error(.invalidValue("CRLs, which no Apple receipt carries"), at: signedData.offset)
                }
                try signedData.next("signerInfos").constructed(.set) { (signers) throws(ASN1Error) in
                    try signers.next("signerInfo").sequence { (signer) throws(ASN1Error) in
                        guard try signer.next("version").smallInteger() == 1 else {
                            throw ASN1Error(.invalidValue("a SignerInfo version other than 1"), at: signer.offset)
                        }
                        try signer.next("issuerAndSerialNumber").sequence { (id) throws(ASN1Error) in
                            signerIssuer = try id.next("issuer").encoded
                            signerSerial = try id.next("serialNumber").integer().twosComplement.drop { $0 == 0 }
                        }
                        digestOID = try Self.algorithm(signer.next("digestAlgorithm"))
                        if let attributes = try signer.optional(.contextSpecific(0, constructed: true)) {
                            (messageDigest, signingTime) = try Self.messageDigestAndSigningTime(in: attributes)
                            var encoding = Array(attributes.encoded)
                            encoding[0] = 0x31   // SET OF, as RFC 5652 §5.4 says the signature covers them
                            attributesEncoding = encoding
                        }
                        signatureOID = try Self.algorithm(signer.next("digestEncryptionAlgorithm"))
                        signatureBytes = try signer.next("encryptedDigest").octetString()
                        guard try signer.optional(.contextSpecific(1, constructed: true)) == nil, signer.isEmpty else {
                            throw ASN1Error(.invalidValue("unsigned attributes or more after the signature"), at: signer.offset)
                        }
                    }
                    guard signers.isEmpty else { throw ASN1Error(.invalidValue("more than one signer"), at: signers.offset) }
                }
            }
        }
        guard let digestOID, let signatureOID else { throw ASN1Error(.invalidValue("no SignerInfo"), at: 0) }
        self.payload = Array(payload)
        isDetached = detached
        signedAttributesForSignature = attributesEncoding
        self.signingTime = signingTime
        self.certificateDERs = certificateDERs
        certificateSetEncoding = certificateSet
        self.signerIssuer = signerIssuer
        self.signerSerial = signerSerial
        digestAlgorithm = digestOID
        signatureAlgorithm = signatureOID
        signature = Array(signatureBytes)
        signedAttributesMessageDigest = messageDigest
    }

    /// The message digest of signed attributes whose content type is data (each exactly once), and the
    /// signing time if present (at most once).
    private static func messageDigestAndSigningTime(in attributes: DERNode) throws(ASN1Error) -> ([UInt8], Int64?) {
        var contentType: ASN1ObjectIdentifier?, digest: [UInt8]?, signingTime: Int64?
        try attributes.constructed(.contextSpecific(0, constructed: true)) { (set) throws(ASN1Error) in
            while !set.isEmpty {
                try set.next("attribute").sequence { (attribute) throws(ASN1Error) in
                    let type = try attribute.next("attribute type").objectIdentifier()
                    try attribute.next("attribute values").constructed(.set) { (values) throws(ASN1Error) in
                        let value = try values.next("attribute value")
                        guard values.isEmpty else { throw ASN1Error(.invalidValue("a signed attribute with several values"), at: values.offset) }
                        switch type {
                        case contentTypeAttributeOID:
                            guard contentType == nil else { throw ASN1Error(.invalidValue("two content-type attributes"), at: value.offset) }
                            contentType = try value.objectIdentifier()
                        case messageDigestAttributeOID:
                            guard digest == nil else { throw ASN1Error(.invalidValue("two message-digest attributes"), at: value.offset) }
                            digest = Array(try value.octetString())
                        case signingTimeAttributeOID:
                            guard signingTime == nil else { throw ASN1Error(.invalidValue("two signing-time attributes"), at: value.offset) }
                            signingTime = try value.time()
                        default:
                            break
                        }
                    }
                }
            }
        }
        guard contentType == dataOID, let digest else {
            throw ASN1Error(.invalidValue("signed attributes without a content type of data and a message digest"), at: attributes.offset)
        }
        return (digest, signingTime)
    }

    /// The carried certificates, parsed.
    package func certificates() throws(X509Error) -> [Certificate] {
        var certificates: [Certificate] = []
        for der in certificateDERs { certificates.append(try Certificate(derRepresentation: Array(der))) }
        return certificates
    }

    /// The signer's certificate among `certificates` (those carried), named by issuer and serial number.
    package func signer(in certificates: [Certificate]) -> Certificate? {
        certificates.first { $0.issuer.derRepresentation[...] == signerIssuer && $0.serialNumber.drop { $0 == 0 } == signerSerial }
    }

    /// The chain from the signer up through the carried certificates until one that a root in `roots`
    /// issued: a root the SignedData carries is never part of it (the validator anchors at the caller's).
    package static func chain(from signer: Certificate, through certificates: [Certificate], toward roots: [Certificate]) -> [Certificate] {
        var chain = [signer]
        let rootSubjects = Set(roots.map { $0.subject })
        while let last = chain.last, !rootSubjects.contains(last.issuer), chain.count < 8,
              let issuer = certificates.first(where: { $0.subject == last.issuer && !chain.contains($0) }) {
            chain.append(issuer)
        }
        return chain
    }

    /// An AlgorithmIdentifier's OID (its parameters, NULL or absent, are not read).
    private static func algorithm(_ node: DERNode) throws(ASN1Error) -> ASN1ObjectIdentifier {
        try node.sequence { (algorithm) throws(ASN1Error) in
            let oid = try algorithm.next("algorithm").objectIdentifier()
            while !algorithm.isEmpty { _ = try algorithm.next("parameters") }
            return oid
        }
    }
}

// An X.509 v3 certificate (RFC 5280 §4.1), read strictly: DER only (PureASN1), every field where the
// profile puts it, the outer and inner signature algorithms identical (§4.1.1.2), times as §4.1.2.5
// requires, no duplicate extensions (§4.2), extensions only in v3 and v3 written out (a v1 version field
// is the DEFAULT and must be absent).
//
//   Certificate ::= SEQUENCE { tbsCertificate TBSCertificate, signatureAlgorithm AlgorithmIdentifier,
//                              signatureValue BIT STRING }
//   TBSCertificate ::= SEQUENCE { version [0] EXPLICIT Version DEFAULT v1, serialNumber INTEGER,
//       signature AlgorithmIdentifier, issuer Name, validity Validity, subject Name,
//       subjectPublicKeyInfo SubjectPublicKeyInfo, issuerUniqueID [1] IMPLICIT OPTIONAL,
//       subjectUniqueID [2] IMPLICIT OPTIONAL, extensions [3] EXPLICIT Extensions OPTIONAL }
//   Validity ::= SEQUENCE { notBefore Time, notAfter Time }

import PureASN1

/// A parsed X.509 certificate. Reading one checks its encoding, not its trust: that is
/// `X509ChainValidator`'s job.
public struct Certificate: Hashable, Sendable, CustomStringConvertible {
    /// The certificate's DER.
    public let derRepresentation: [UInt8]
    /// 1, 2 or 3.
    public let version: Int
    /// The serial number's magnitude, big-endian.
    public let serialNumber: [UInt8]
    /// How the issuer signed it.
    public let signatureAlgorithm: CertificateSignatureAlgorithm
    /// Who signed it.
    public let issuer: DistinguishedName
    /// Whom it is about.
    public let subject: DistinguishedName
    /// Start of validity, seconds since 1970-01-01 UTC.
    public let notBefore: Int64
    /// End of validity (inclusive), seconds since 1970-01-01 UTC.
    public let notAfter: Int64
    /// The subject's public key.
    public let subjectPublicKeyInfo: SubjectPublicKeyInfo
    /// Every extension, in order.
    public let extensions: [CertificateExtension]
    /// The decoded basic constraints, if present.
    public let basicConstraints: BasicConstraints?
    /// The decoded key usage, if present.
    public let keyUsage: KeyUsage?

    /// The signed part (TBSCertificate's DER).
    let tbsCertificate: [UInt8]
    /// The signature's bytes (for ECDSA, the DER Ecdsa-Sig-Value).
    let signature: [UInt8]
    /// The subject's public key as a SubjectPublicKeyInfo, DER as read (RFC 5280 §4.1.2.7): for
    /// `JWTKey(derRepresentation:)` or any key type's `init(derRepresentation:)`.
    public let subjectPublicKeyInfoDER: [UInt8]

    /// Reads a DER certificate.
    public init(derRepresentation bytes: [UInt8]) throws(X509Error) {
        try self.init(derRepresentation: bytes, leniency: [])
    }

    /// Reads a certificate that departs from DER and RFC 5280 in the ways `leniency` names, and no other:
    /// for attestation certificates from authenticators (WebAuthn), whose makers write what their tools
    /// wrote. The signature is still checked over the TBSCertificate's bytes as sent.
    package init(derRepresentation bytes: [UInt8], leniency: CertificateLeniency) throws(X509Error) {
        do {
            self = try Certificate(parsing: bytes, leniency: leniency)
        } catch {
            throw X509Error(.malformed(error.description))
        }
    }

    /// Reads a PEM "CERTIFICATE" block.
    public init(pemRepresentation text: String) throws(X509Error) {
        let block: PEMBlock
        do { block = try PEM.parseSingle(text) } catch { throw X509Error(.malformed(error.description)) }
        guard block.label == "CERTIFICATE" else {
            throw X509Error(.malformed("the PEM label is '\(block.label)'; a certificate's is 'CERTIFICATE'"))
        }
        try self.init(derRepresentation: block.derBytes)
    }

    /// The extension with `oid`, if present.
    public func `extension`(_ oid: ASN1ObjectIdentifier) -> CertificateExtension? {
        extensions.first { $0.oid == oid }
    }

    /// "CN=… (issued by CN=…)".
    public var description: String { "\(subject) (issued by \(issuer))" }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.derRepresentation == rhs.derRepresentation }
    public func hash(into hasher: inout Hasher) { hasher.combine(derRepresentation) }

    private init(parsing bytes: [UInt8], leniency: CertificateLeniency) throws(ASN1Error) {
        derRepresentation = bytes
        let root = try DER.parse(bytes)
        var fields: TBSFields?
        var outerAlgorithm: [UInt8] = []
        var signatureBytes: [UInt8] = []
        var tbsBytes: [UInt8] = []
        try root.sequence { (certificate) throws(ASN1Error) in
            let tbs = try certificate.next("tbsCertificate")
            tbsBytes = Array(tbs.encoded)
            fields = try TBSFields(node: tbs, leniency: leniency)
            let algorithm = try certificate.next("signatureAlgorithm")
            outerAlgorithm = Array(algorithm.encoded)
            _ = try AlgorithmIdentifier(node: algorithm)
            signatureBytes = Array(try certificate.next("signatureValue").bitStringBytes())
        }
        guard let fields else { throw ASN1Error(.missingElement("tbsCertificate"), at: 0) }
        guard outerAlgorithm == fields.signatureAlgorithmDER else {
            throw ASN1Error(.invalidValue("signatureAlgorithm differs from the TBSCertificate's signature field (RFC 5280 §4.1.1.2)"), at: 0)
        }
        do {
            signatureAlgorithm = try CertificateSignatureAlgorithm(fields.signatureAlgorithm, at: 0)
        } catch {
            throw ASN1Error(.invalidValue(error.description), at: 0)
        }
        tbsCertificate = tbsBytes
        signature = signatureBytes
        version = fields.version
        serialNumber = fields.serialNumber
        issuer = fields.issuer
        subject = fields.subject
        notBefore = fields.notBefore
        notAfter = fields.notAfter
        subjectPublicKeyInfo = fields.subjectPublicKeyInfo
        subjectPublicKeyInfoDER = fields.subjectPublicKeyInfoDER
        extensions = fields.extensions
        basicConstraints = try fields.extensions.first { $0.oid == CertificateExtension.basicConstraintsOID }
            .map { (ext) throws(ASN1Error) in try BasicConstraints(value: ext.value, leniency: leniency) }
        keyUsage = try fields.extensions.first { $0.oid == CertificateExtension.keyUsageOID }
            .map { (ext) throws(ASN1Error) in try KeyUsage(value: ext.value) }
    }
}

/// Departures from DER and RFC 5280 a certificate reader may be told to accept (package API: for
/// attestation certificates, never for chains a server relies on for anything but a device's make).
package struct CertificateLeniency: OptionSet, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    /// GeneralizedTime for a date before 2050 (RFC 5280 §4.1.2.5 requires UTCTime).
    package static let generalizedTimeBefore2050 = CertificateLeniency(rawValue: 1)
    /// A BOOLEAN written out with its DEFAULT FALSE (critical, cA), which DER omits.
    package static let explicitDefaultFalse = CertificateLeniency(rawValue: 2)
    /// A negative serial number (RFC 5280 §4.1.2.2 requires a positive one).
    package static let negativeSerialNumber = CertificateLeniency(rawValue: 4)
}

/// The fields of a TBSCertificate, read in order.
private struct TBSFields {
    var version = 1
    var serialNumber: [UInt8] = []
    var signatureAlgorithm: AlgorithmIdentifier
    var signatureAlgorithmDER: [UInt8]
    var issuer: DistinguishedName
    var notBefore: Int64 = 0
    var notAfter: Int64 = 0
    var subject: DistinguishedName
    var subjectPublicKeyInfo: SubjectPublicKeyInfo
    var subjectPublicKeyInfoDER: [UInt8]
    var extensions: [CertificateExtension] = []

    init(node: DERNode, leniency: CertificateLeniency) throws(ASN1Error) {
        self = try node.sequence { (tbs) throws(ASN1Error) -> TBSFields in
            var version = 1
            if let tagged = try tbs.optional(.contextSpecific(0, constructed: true)) {
                let number = try tagged.explicit(0).smallInteger()
                guard number == 1 || number == 2 else {
                    throw ASN1Error(.invalidValue(number == 0 ? "version v1 written out; DER omits the DEFAULT" : "unknown version \(number)"), at: tagged.offset)
                }
                version = number + 1
            }
            let serialNode = try tbs.next("serialNumber")
            let serial = try serialNode.integer()
            // RFC 5280 §4.1.2.2: positive, at most 20 octets. Counted without the sign byte DER adds to a
            // value whose top bit is set: swift-certificates and other CAs draw 20 random bytes, and Go's
            // x509 counts the same way.
            guard !serial.isNegative || leniency.contains(.negativeSerialNumber), serial.twosComplement.drop(while: { $0 == 0 }).count <= 20 else {
                throw ASN1Error(.invalidValue("the serial number must be positive and at most 20 octets (RFC 5280 §4.1.2.2)"), at: serialNode.offset)
            }
            let algorithmNode = try tbs.next("signature")
            let algorithm = try AlgorithmIdentifier(node: algorithmNode)
            let issuer = try DistinguishedName(node: tbs.next("issuer"))
            let (notBefore, notAfter) = try tbs.next("validity").sequence { (validity) throws(ASN1Error) in
                (try Self.time(validity.next("notBefore"), leniency), try Self.time(validity.next("notAfter"), leniency))
            }
            let subject = try DistinguishedName(node: tbs.next("subject"))
            let spkiNode = try tbs.next("subjectPublicKeyInfo")
            let spki = try SubjectPublicKeyInfo(node: spkiNode)
            // Unique identifiers (v2 and v3 only) are read past; RFC 5280 §4.1.2.8 forbids CAs to write them.
            for number: UInt8 in [1, 2] {
                if let unique = try tbs.optional(.contextSpecific(number, constructed: false)) {
                    guard version >= 2 else { throw ASN1Error(.invalidValue("a unique identifier in a v1 certificate"), at: unique.offset) }
                }
            }
            var extensions: [CertificateExtension] = []
            if let tagged = try tbs.optional(.contextSpecific(3, constructed: true)) {
                guard version == 3 else { throw ASN1Error(.invalidValue("extensions in a v\(version) certificate"), at: tagged.offset) }
                try tagged.explicit(3).sequence { (list) throws(ASN1Error) in
                    guard !list.isEmpty else { throw ASN1Error(.invalidValue("an empty Extensions list"), at: list.offset) }
                    extensions.reserveCapacity(12)   // one allocation for the usual lists, not one per doubling
                    while !list.isEmpty {
                        let node = try list.next("Extension")
                        let ext = try CertificateExtension(node: node, leniency: leniency)
                        guard !extensions.contains(where: { $0.oid == ext.oid }) else {
                            throw ASN1Error(.invalidValue("extension \(ext.oid) appears twice (RFC 5280 §4.2)"), at: node.offset)
                        }
                        extensions.append(ext)
                    }
                }
            }
            var fields = TBSFields(signatureAlgorithm: algorithm, signatureAlgorithmDER: Array(algorithmNode.encoded), issuer: issuer,
                                   subject: subject, subjectPublicKeyInfo: spki, subjectPublicKeyInfoDER: Array(spkiNode.encoded))
            fields.version = version
            fields.serialNumber = Array(serial.twosComplement.drop { $0 == 0 })
            fields.notBefore = notBefore
            fields.notAfter = notAfter
            fields.extensions = extensions
            return fields
        }
    }

    init(signatureAlgorithm: AlgorithmIdentifier, signatureAlgorithmDER: [UInt8], issuer: DistinguishedName,
         subject: DistinguishedName, subjectPublicKeyInfo: SubjectPublicKeyInfo, subjectPublicKeyInfoDER: [UInt8]) {
        self.signatureAlgorithm = signatureAlgorithm
        self.signatureAlgorithmDER = signatureAlgorithmDER
        self.issuer = issuer
        self.subject = subject
        self.subjectPublicKeyInfo = subjectPublicKeyInfo
        self.subjectPublicKeyInfoDER = subjectPublicKeyInfoDER
    }

    /// RFC 5280 §4.1.2.5: UTCTime through 2049, GeneralizedTime from 2050.
    static func time(_ node: DERNode, _ leniency: CertificateLeniency) throws(ASN1Error) -> Int64 {
        let seconds = try node.time()
        if node.tag == .generalizedTime && seconds < 2_524_608_000 && !leniency.contains(.generalizedTimeBefore2050) {   // 2050-01-01
            throw ASN1Error(.invalidValue("a date before 2050 in GeneralizedTime; RFC 5280 §4.1.2.5 requires UTCTime"), at: node.offset)
        }
        return seconds
    }
}

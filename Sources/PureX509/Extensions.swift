// Certificate extensions (RFC 5280 §4.2): every extension is kept as read (OID, criticality, value
// bytes); basic constraints (§4.2.1.9) and key usage (§4.2.1.3) are decoded, since path validation
// acts on them. A critical extension nothing here understands makes path validation fail (§4.2), unless
// the caller's policy says it handles it.
//
//   Extension ::= SEQUENCE { extnID OBJECT IDENTIFIER, critical BOOLEAN DEFAULT FALSE, extnValue OCTET STRING }
//   BasicConstraints ::= SEQUENCE { cA BOOLEAN DEFAULT FALSE, pathLenConstraint INTEGER (0..MAX) OPTIONAL }
//   KeyUsage ::= BIT STRING { digitalSignature (0), nonRepudiation (1), keyEncipherment (2),
//       dataEncipherment (3), keyAgreement (4), keyCertSign (5), cRLSign (6), encipherOnly (7), decipherOnly (8) }
//
// DER: a DEFAULT value is never encoded (X.690 §11.5), so `critical FALSE` and `cA FALSE` written out
// are refused.

import PureASN1

/// One extension as it appears in the certificate.
public struct CertificateExtension: Hashable, Sendable {
    /// The extension's OID.
    public let oid: ASN1ObjectIdentifier
    /// Whether a verifier that does not understand it must refuse the certificate.
    public let isCritical: Bool
    /// The DER inside extnValue.
    public let value: [UInt8]

    init(node: DERNode, leniency: CertificateLeniency = []) throws(ASN1Error) {
        (oid, isCritical, value) = try node.sequence { (children) throws(ASN1Error) in
            let oid = try children.next("extnID").objectIdentifier()
            var critical = false
            if let flag = try children.optional(.boolean) {
                critical = try flag.boolean()
                guard critical || leniency.contains(.explicitDefaultFalse) else {
                    throw ASN1Error(.invalidEncoding("critical FALSE is the DEFAULT and must be omitted"), at: flag.offset)
                }
            }
            let value = try children.next("extnValue").octetString()
            return (oid, critical, Array(value))
        }
    }

    /// basicConstraints, 2.5.29.19.
    public static let basicConstraintsOID = ASN1ObjectIdentifier(arcs: [2, 5, 29, 19])
    /// keyUsage, 2.5.29.15.
    public static let keyUsageOID = ASN1ObjectIdentifier(arcs: [2, 5, 29, 15])
}

/// The basic constraints extension: whether the subject is a CA, and how many CA certificates may
/// follow it in a path.
public struct BasicConstraints: Hashable, Sendable {
    /// cA.
    public let isCertificateAuthority: Bool
    /// pathLenConstraint, if present (only meaningful for a CA).
    public let pathLengthConstraint: Int?

    init(value: [UInt8], leniency: CertificateLeniency = []) throws(ASN1Error) {
        (isCertificateAuthority, pathLengthConstraint) = try DER.parse(value).sequence { (children) throws(ASN1Error) in
            var isCA = false
            if let flag = try children.optional(.boolean) {
                isCA = try flag.boolean()
                guard isCA || leniency.contains(.explicitDefaultFalse) else {
                    throw ASN1Error(.invalidEncoding("cA FALSE is the DEFAULT and must be omitted"), at: flag.offset)
                }
            }
            var length: Int?
            if let node = try children.optional(.integer) {
                length = try node.smallInteger()
                guard isCA else { throw ASN1Error(.invalidValue("pathLenConstraint without cA (RFC 5280 §4.2.1.9)"), at: node.offset) }
            }
            return (isCA, length)
        }
    }
}

/// The key usage extension's bits.
public struct KeyUsage: Hashable, Sendable {
    /// The bits, bit 0 (digitalSignature) as the value's lowest bit.
    public let rawValue: UInt16

    /// digitalSignature (0).
    public var digitalSignature: Bool { rawValue & 1 << 0 != 0 }
    /// keyCertSign (5): the key may sign certificates.
    public var keyCertSign: Bool { rawValue & 1 << 5 != 0 }
    /// cRLSign (6).
    public var cRLSign: Bool { rawValue & 1 << 6 != 0 }

    init(value: [UInt8]) throws(ASN1Error) {
        let node = try DER.parse(value)
        let (bytes, unused) = try node.bitString()
        // RFC 5280 §4.2.1.3: at least one bit set; nine named bits fit in two bytes. DER (X.690 §11.2.2)
        // drops trailing zero bits of a named bit list, so the last byte's last used bit is set.
        guard !bytes.isEmpty, bytes.count <= 2, let last = bytes.last, last & (1 << UInt8(unused)) != 0 else {
            throw ASN1Error(.invalidValue("key usage must have a bit set, with no trailing zero bits (X.690 §11.2.2)"), at: node.offset)
        }
        var bits: UInt16 = 0
        for (index, byte) in bytes.enumerated() {
            for bit in 0..<8 where byte & (0x80 >> UInt8(bit)) != 0 { bits |= 1 << UInt16(index * 8 + bit) }
        }
        rawValue = bits
    }
}

extension Certificate {
    /// The OCSP responders' URLs from the authorityInfoAccess extension (RFC 5280 §4.2.2.1, accessMethod
    /// id-ad-ocsp 1.3.6.1.5.5.7.48.1, uniformResourceIdentifier names); empty when there is none or it
    /// cannot be read.
    public var ocspURLs: [String] {
        guard let aia = self.extension(ASN1ObjectIdentifier(arcs: [1, 3, 6, 1, 5, 5, 7, 1, 1])) else { return [] }
        let ocsp = ASN1ObjectIdentifier(arcs: [1, 3, 6, 1, 5, 5, 7, 48, 1])
        let urls = try? DER.parse(aia.value).sequence { (descriptions) throws(ASN1Error) -> [String] in
            var urls: [String] = []
            while !descriptions.isEmpty {
                try descriptions.next("AccessDescription").sequence { (description) throws(ASN1Error) in
                    let method = try description.next("accessMethod").objectIdentifier()
                    let location = try description.next("accessLocation")
                    // uniformResourceIdentifier [6] IMPLICIT IA5String.
                    if method == ocsp, location.tag == .contextSpecific(6, constructed: false), urls.count < 4 {
                        urls.append(String(decoding: location.content, as: UTF8.self))
                    }
                }
            }
            return urls
        }
        return urls ?? []
    }
}

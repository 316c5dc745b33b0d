// PKCS#8 PrivateKeyInfo (RFC 5208) and its successor OneAsymmetricKey (RFC 5958 §2) — Apple's .p8
// files, PEM label "PRIVATE KEY" (RFC 7468 §10):
//
//   OneAsymmetricKey ::= SEQUENCE {
//     version                   INTEGER { v1(0), v2(1) },
//     privateKeyAlgorithm       AlgorithmIdentifier,
//     privateKey                OCTET STRING,
//     attributes            [0] IMPLICIT SET OF Attribute OPTIONAL,
//     ...,
//     [[2: publicKey        [1] IMPLICIT BIT STRING OPTIONAL ]],
//     ... }
//
// version 0 must not carry a public key. For EC keys the OCTET STRING holds a SEC 1 ECPrivateKey; for RSA
// a PKCS#1 RSAPrivateKey. Attributes are kept as encoded so that serialization gives back the same bytes.

/// A PKCS#8 PrivateKeyInfo / OneAsymmetricKey (RFC 5208, RFC 5958): Apple's .p8 key files.
public struct PKCS8PrivateKey: Hashable, Sendable {
    /// 0 (PKCS#8 / v1) or 1 (OneAsymmetricKey v2).
    public let version: Int
    /// The key's algorithm (and, for EC, its curve).
    public let algorithm: AlgorithmIdentifier
    /// The OCTET STRING's content: the algorithm-specific private key encoding.
    public let privateKey: [UInt8]
    /// The encoded `[0]` attributes element, if present.
    public let attributes: [UInt8]?
    /// The `[1]` public key's bytes (version 1 only).
    public let publicKey: [UInt8]?

    /// A key for encoding; `publicKey` makes it version 1 (OneAsymmetricKey).
    public init(algorithm: AlgorithmIdentifier, privateKey: [UInt8], attributes: [UInt8]? = nil, publicKey: [UInt8]? = nil) {
        self.version = publicKey == nil ? 0 : 1
        self.algorithm = algorithm
        self.privateKey = privateKey
        self.attributes = attributes
        self.publicKey = publicKey
    }

    /// Parses DER.
    public init(derEncoded bytes: [UInt8]) throws(ASN1Error) {
        let root = try DER.parse(bytes)
        (version, algorithm, privateKey, attributes, publicKey) = try root.sequence { (children) throws(ASN1Error) in
            let versionNode = try children.next("version")
            let version = try versionNode.smallInteger()
            guard version == 0 || version == 1 else {
                throw ASN1Error(.invalidValue("PKCS#8 version \(version); only 0 and 1 exist"), at: versionNode.offset)
            }
            let algorithm = try AlgorithmIdentifier(node: children.next("privateKeyAlgorithm"))
            let privateKey = try children.next("privateKey OCTET STRING").octetString()
            let attributes = try children.optional(.contextSpecific(0, constructed: true))
            var publicKey: ArraySlice<UInt8>?
            if let node = try children.optional(.contextSpecific(1, constructed: false)) {
                guard version == 1 else {
                    throw ASN1Error(.invalidValue("a PKCS#8 version 0 key carries a [1] public key; that needs version 1"), at: node.offset)
                }
                guard let unused = node.content.first, unused == 0 else { throw ASN1Error(.invalidBitString, at: node.offset) }
                publicKey = node.content.dropFirst()
            }
            return (version, algorithm, Array(privateKey), attributes.map { Array($0.encoded) }, publicKey.map(Array.init))
        }
    }

    /// Canonical DER.
    public var derRepresentation: [UInt8] {
        var writer = DERWriter()
        writer.writeSequence { inner in
            inner.writeInteger(version)
            algorithm.write(to: &inner)
            inner.writeOctetString(privateKey)
            if let attributes { inner.writeEncoded(attributes) }
            if let publicKey { inner.write(tag: .contextSpecific(1, constructed: false), content: [0] + publicKey) }
        }
        return writer.bytes
    }

    /// "PRIVATE KEY" PEM.
    public var pemRepresentation: String { PEM.encode(label: "PRIVATE KEY", derBytes: derRepresentation) }
}

/// SEC 1 ECPrivateKey, RFC 5915 §3 ("EC PRIVATE KEY" in PEM):
///
///   ECPrivateKey ::= SEQUENCE {
///     version        INTEGER { ecPrivkeyVer1(1) },
///     privateKey     OCTET STRING,
///     parameters [0] ECParameters {{ NamedCurve }} OPTIONAL,
///     publicKey  [1] BIT STRING OPTIONAL }
///
/// Inside PKCS#8 the parameters are usually omitted (the AlgorithmIdentifier names the curve).
public struct SEC1ECPrivateKey: Hashable, Sendable {
    /// The private scalar, big-endian, as encoded (RFC 5915: ceiling(log2(n)/8) octets).
    public let privateKey: [UInt8]
    /// The named curve from `[0]`, if present.
    public let curve: ASN1ObjectIdentifier?
    /// The SEC 1 point from `[1]`, if present.
    public let publicKey: [UInt8]?

    /// A key for encoding.
    public init(privateKey: [UInt8], curve: ASN1ObjectIdentifier?, publicKey: [UInt8]?) {
        self.privateKey = privateKey
        self.curve = curve
        self.publicKey = publicKey
    }

    /// Parses DER.
    public init(derEncoded bytes: [UInt8]) throws(ASN1Error) {
        (privateKey, curve, publicKey) = try DER.parse(bytes).sequence { (children) throws(ASN1Error) in
            let versionNode = try children.next("version")
            guard try versionNode.smallInteger() == 1 else {
                throw ASN1Error(.invalidValue("ECPrivateKey version must be 1 (RFC 5915)"), at: versionNode.offset)
            }
            let key = try children.next("privateKey OCTET STRING").octetString()
            var curve: ASN1ObjectIdentifier?
            if let node = try children.optional(.contextSpecific(0, constructed: true)) {
                let inner = try node.explicit(0)
                guard inner.tag == .objectIdentifier else {
                    throw ASN1Error(.wrongKeyType(expected: "a named curve", found: "explicit (unnamed) curve parameters"), at: inner.offset)
                }
                curve = try inner.objectIdentifier()
            }
            var point: ArraySlice<UInt8>?
            if let node = try children.optional(.contextSpecific(1, constructed: true)) {
                point = try node.explicit(1).bitStringBytes()
            }
            return (Array(key), curve, point.map(Array.init))
        }
    }

    /// Canonical DER.
    public var derRepresentation: [UInt8] {
        var writer = DERWriter()
        writer.writeSequence { inner in
            inner.writeInteger(1)
            inner.writeOctetString(privateKey)
            if let curve {
                inner.writeConstructed(.contextSpecific(0, constructed: true)) { $0.writeObjectIdentifier(curve) }
            }
            if let publicKey {
                inner.writeConstructed(.contextSpecific(1, constructed: true)) { $0.writeBitString(publicKey) }
            }
        }
        return writer.bytes
    }

    /// "EC PRIVATE KEY" PEM.
    public var pemRepresentation: String { PEM.encode(label: "EC PRIVATE KEY", derBytes: derRepresentation) }
}

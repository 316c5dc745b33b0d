// SubjectPublicKeyInfo, RFC 5280 §4.1 ("PUBLIC KEY" in PEM, RFC 7468 §13):
//
//   SubjectPublicKeyInfo ::= SEQUENCE { algorithm AlgorithmIdentifier, subjectPublicKey BIT STRING }
//
// For EC the BIT STRING holds the SEC 1 point encoding (04‖x‖y, or 02/03‖x); for RSA it holds a PKCS#1
// RSAPublicKey (RFC 8017 A.1.1).

/// A SubjectPublicKeyInfo (RFC 5280 §4.1): a public key with its algorithm, PEM "PUBLIC KEY".
public struct SubjectPublicKeyInfo: Hashable, Sendable {
    /// The key's algorithm (and, for EC, its curve).
    public let algorithm: AlgorithmIdentifier
    /// The BIT STRING's bytes (whole bytes only).
    public let subjectPublicKey: [UInt8]

    /// A key for encoding.
    public init(algorithm: AlgorithmIdentifier, subjectPublicKey: [UInt8]) {
        self.algorithm = algorithm
        self.subjectPublicKey = subjectPublicKey
    }

    /// Parses DER.
    public init(derEncoded bytes: [UInt8]) throws(ASN1Error) {
        try self.init(node: try DER.parse(bytes))
    }

    /// Parses a PEM "PUBLIC KEY" block, naming what the text holds when it is something else.
    public init(pemEncoded text: String) throws(ASN1Error) {
        let container = try KeyContainer.identify(pemRepresentation: text)
        guard case .subjectPublicKeyInfo(let info) = container else {
            throw ASN1Error(.wrongKeyType(expected: "a public key (PEM 'PUBLIC KEY')", found: container.summary), at: 0)
        }
        self = info
    }

    package init(node: DERNode) throws(ASN1Error) {
        (algorithm, subjectPublicKey) = try node.sequence { (children) throws(ASN1Error) in
            let algorithm = try AlgorithmIdentifier(node: children.next("algorithm"))
            let key = try children.next("subjectPublicKey BIT STRING").bitStringBytes()
            return (algorithm, Array(key))
        }
    }

    /// Canonical DER.
    public var derRepresentation: [UInt8] {
        var writer = DERWriter()
        writer.writeSequence { inner in
            algorithm.write(to: &inner)
            inner.writeBitString(subjectPublicKey)
        }
        return writer.bytes
    }

    /// "PUBLIC KEY" PEM.
    public var pemRepresentation: String { PEM.encode(label: "PUBLIC KEY", derBytes: derRepresentation) }
}

/// PKCS#1 RSAPublicKey, RFC 8017 A.1.1 ("RSA PUBLIC KEY" in PEM):
///
///   RSAPublicKey ::= SEQUENCE { modulus INTEGER, publicExponent INTEGER }
public struct PKCS1RSAPublicKey: Hashable, Sendable {
    /// Big-endian magnitude, without a sign byte.
    public let modulus: [UInt8]
    /// Big-endian magnitude, without a sign byte.
    public let publicExponent: [UInt8]

    /// A key for encoding; the magnitudes are written as minimal INTEGERs.
    public init(modulus: [UInt8], publicExponent: [UInt8]) {
        self.modulus = modulus
        self.publicExponent = publicExponent
    }

    /// Parses DER.
    public init(derEncoded bytes: [UInt8]) throws(ASN1Error) {
        (modulus, publicExponent) = try DER.parse(bytes).sequence { (children) throws(ASN1Error) in
            let n = try children.next("modulus").integerMagnitude()
            let e = try children.next("publicExponent").integerMagnitude()
            return (Array(n), Array(e))
        }
    }

    /// Canonical DER.
    public var derRepresentation: [UInt8] {
        var writer = DERWriter()
        writer.writeSequence { inner in
            inner.writeInteger(magnitude: modulus)
            inner.writeInteger(magnitude: publicExponent)
        }
        return writer.bytes
    }
}

// AlgorithmIdentifier (RFC 5280 §4.1.1.2) as used in SubjectPublicKeyInfo and PKCS#8:
//
//   AlgorithmIdentifier ::= SEQUENCE { algorithm OBJECT IDENTIFIER, parameters ANY OPTIONAL }
//
// For id-ecPublicKey the parameters are the named curve's OID (RFC 5480 §2.1.1: namedCurve is the only
// form allowed in PKIX; explicit curve parameters are rejected when a curve is asked for). For
// rsaEncryption they are NULL (RFC 8017 A.1; some encoders omit them, which is accepted and kept).

/// An algorithm and its parameters, kept as encoded so that serializing gives back the same bytes.
public struct AlgorithmIdentifier: Hashable, Sendable {
    /// The algorithm's object identifier.
    public let algorithm: ASN1ObjectIdentifier
    /// The encoded parameters element (tag, length, content), if present.
    public let parameters: [UInt8]?

    /// An identifier with `parameters` given as an encoded element (nil: absent).
    public init(algorithm: ASN1ObjectIdentifier, parameters: [UInt8]?) {
        self.algorithm = algorithm
        self.parameters = parameters
    }

    /// id-ecPublicKey with a named curve.
    public static func ecPublicKey(curve: ASN1ObjectIdentifier) -> AlgorithmIdentifier {
        var writer = DERWriter()
        writer.writeObjectIdentifier(curve)
        return AlgorithmIdentifier(algorithm: .ecPublicKey, parameters: writer.bytes)
    }

    /// rsaEncryption with NULL parameters.
    public static let rsaEncryption = AlgorithmIdentifier(algorithm: .rsaEncryption, parameters: [0x05, 0x00])

    package init(node: DERNode) throws(ASN1Error) {
        (algorithm, parameters) = try node.sequence { (children) throws(ASN1Error) in
            let oid = try children.next("algorithm OBJECT IDENTIFIER").objectIdentifier()
            guard !children.isEmpty else { return (oid, nil) }
            let encoded = try children.next("parameters").encoded
            return (oid, Self.commonParameters.first { $0.elementsEqual(encoded) } ?? Array(encoded))
        }
    }

    /// The parameters nearly every key and signature algorithm has — NULL (RSA) and the named curves P-256,
    /// P-384 and P-521 — each one shared array, so reading a certificate does not copy them.
    private static let commonParameters: [[UInt8]] = [
        [0x05, 0x00],
        [0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07],   // prime256v1
        [0x06, 0x05, 0x2B, 0x81, 0x04, 0x00, 0x22],                     // secp384r1
        [0x06, 0x05, 0x2B, 0x81, 0x04, 0x00, 0x23],                     // secp521r1
    ]

    func write(to writer: inout DERWriter) {
        writer.writeSequence { inner in
            inner.writeObjectIdentifier(algorithm)
            if let parameters { inner.writeEncoded(parameters) }
        }
    }

    /// The named curve of an id-ecPublicKey algorithm, or nil if the parameters are not a single OID
    /// (e.g. explicit curve parameters, RFC 3279 §2.3.5, which PKIX forbids).
    public var namedCurve: ASN1ObjectIdentifier? {
        guard algorithm == .ecPublicKey, let parameters,
              let node = try? DER.parse(parameters), let oid = try? node.objectIdentifier() else { return nil }
        return oid
    }

    /// A few words for error messages: "an EC prime256v1 key", "an RSA key", "an id-Ed25519 key".
    public var keyDescription: String {
        switch algorithm {
        case .ecPublicKey:
            if let curve = namedCurve { return "an EC key on \(curve.nameAndDottedForm)" }
            return "an EC key with explicit (unnamed) curve parameters"
        case .rsaEncryption: return "an RSA key"
        default: return "a key of algorithm \(algorithm.nameAndDottedForm)"
        }
    }

    /// Throws unless this is id-ecPublicKey on `curve`, saying what it is instead.
    public func requireEC(curve: ASN1ObjectIdentifier, at offset: Int) throws(ASN1Error) {
        guard algorithm == .ecPublicKey else {
            throw ASN1Error(.wrongKeyType(expected: "an EC \(curve.nameAndDottedForm) key", found: keyDescription), at: offset)
        }
        guard let named = namedCurve else {
            throw ASN1Error(.wrongKeyType(expected: "an EC key on a named curve", found: keyDescription), at: offset)
        }
        guard named == curve else { throw ASN1Error(.unsupportedCurve(named), at: offset) }
    }

    /// Throws unless this is rsaEncryption (with NULL or absent parameters).
    public func requireRSA(at offset: Int) throws(ASN1Error) {
        guard algorithm == .rsaEncryption else {
            throw ASN1Error(.wrongKeyType(expected: "an RSA key", found: keyDescription), at: offset)
        }
        guard parameters == nil || parameters == [0x05, 0x00] else {
            throw ASN1Error(.invalidValue("rsaEncryption parameters must be NULL"), at: offset)
        }
    }
}

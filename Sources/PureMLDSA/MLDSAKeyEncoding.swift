// ML-DSA keys in the IETF LAMPS formats (RFC 9881): SubjectPublicKeyInfo with the raw pk in the BIT STRING,
// and PKCS#8 whose privateKey OCTET STRING holds
//
//   ML-DSA-xx-PrivateKey ::= CHOICE {
//     seed        [0] IMPLICIT OCTET STRING (SIZE (32)),            -- 80 20 ‖ ξ
//     expandedKey OCTET STRING (SIZE (2560 | 4032 | 4896)),           -- 04 82 .. ‖ sk
//     both        SEQUENCE { seed OCTET STRING, expandedKey OCTET STRING } }
//
// in DER and PEM ("PRIVATE KEY", "PUBLIC KEY"). The AlgorithmIdentifier is id-ml-dsa-44/65/87 with
// parameters absent (RFC 9881 §2). Written in the seed form (the expanded form for a key that has no
// seed); read in all three, the "both" form checked: the expanded key must be the seed's.

import PureASN1

extension MLDSAAlgorithm {
    /// id-ml-dsa-44, -65 or -87.
    public var objectIdentifier: ASN1ObjectIdentifier {
        switch self {
        case .mldsa44: return .mlDSA44
        case .mldsa65: return .mlDSA65
        case .mldsa87: return .mlDSA87
        }
    }

    /// The parameter set an AlgorithmIdentifier names, or nil when it names none (or has parameters).
    public init?(algorithmIdentifier: AlgorithmIdentifier) {
        guard algorithmIdentifier.parameters == nil,
              let algorithm = Self.allCases.first(where: { $0.objectIdentifier == algorithmIdentifier.algorithm }) else { return nil }
        self = algorithm
    }
}

extension MLDSAPrivateKey {
    /// A PKCS#8 key in DER (RFC 9881 §6) in any of its three forms. A version 1 key's public key must be
    /// this key's.
    public init(derRepresentation: [UInt8]) throws(MLDSAError) {
        let info: PKCS8PrivateKey
        do { info = try PKCS8PrivateKey(derEncoded: derRepresentation) } catch {
            throw MLDSAError(.invalidKeyEncoding(error.description))
        }
        try self.init(pkcs8: info)
    }

    /// A PEM "PRIVATE KEY" (PKCS#8).
    public init(pemRepresentation: String) throws(MLDSAError) {
        let container: KeyContainer
        do { container = try KeyContainer.identify(pemRepresentation: pemRepresentation) } catch {
            throw MLDSAError(.invalidKeyEncoding(error.description))
        }
        guard case .pkcs8(let info) = container else {
            throw MLDSAError(.invalidKeyEncoding("expected a PEM 'PRIVATE KEY' (PKCS#8) but found \(container.summary)"))
        }
        try self.init(pkcs8: info)
    }

    /// The key of a parsed PKCS#8 structure of this parameter set.
    package init(pkcs8 info: PKCS8PrivateKey) throws(MLDSAError) {
        try requireAlgorithm(info.algorithm, ParameterSet.algorithm)
        let parameters = ParameterSet.algorithm.parameters
        let choice: DERNode
        do { choice = try DER.parse(info.privateKey) } catch {
            throw MLDSAError(.invalidKeyEncoding("the privateKey is not DER (RFC 9881 §6): \(error.description)"))
        }
        let contextZero = ASN1Tag(.contextSpecific, constructed: false, tagNumber: 0)
        if choice.tag == contextZero {
            try self.init(seedRepresentation: Array(choice.content))
        } else if choice.tag == .octetString {
            try self.init(expandedRepresentation: Array(choice.content))
        } else if choice.tag == .sequence {
            let parts: (seed: [UInt8], expanded: [UInt8])
            do {
                parts = try choice.sequence { (children) throws(ASN1Error) in
                    let seed = Array(try children.next("seed").octetString())
                    let expanded = Array(try children.next("expandedKey").octetString())
                    return (seed, expanded)
                }
            } catch {
                throw MLDSAError(.invalidKeyEncoding("the 'both' private key is not SEQUENCE { seed, expandedKey } (RFC 9881 §6): \(error.description)"))
            }
            try self.init(seedRepresentation: parts.seed)
            guard parts.expanded.count == parameters.expandedKeyByteCount else {
                throw MLDSAError(.invalidLength(what: "\(parameters.name) expanded private key", expected: parameters.expandedKeyByteCount, found: parts.expanded.count))
            }
            guard parts.expanded == key.encoded else { throw MLDSAError(.inconsistentKey) }
        } else {
            throw MLDSAError(.invalidKeyEncoding("the privateKey is none of seed [0], expandedKey or both (RFC 9881 §6)"))
        }
        if let publicKey = info.publicKey, publicKey != key.publicKey.encoded { throw MLDSAError(.inconsistentKey) }
    }

    /// PKCS#8 version 0 in DER: the seed form, or the expanded form for a key read without its seed.
    public var derRepresentation: [UInt8] {
        var inner = DERWriter()
        if let seed = key.seed {
            inner.write(tag: ASN1Tag(.contextSpecific, constructed: false, tagNumber: 0), content: seed)
        } else {
            inner.writeOctetString(key.encoded)
        }
        return PKCS8PrivateKey(algorithm: AlgorithmIdentifier(algorithm: ParameterSet.algorithm.objectIdentifier, parameters: nil),
                               privateKey: inner.bytes).derRepresentation
    }

    /// PKCS#8 in PEM, label "PRIVATE KEY".
    public var pemRepresentation: String { PEM.encode(label: "PRIVATE KEY", derBytes: derRepresentation) }
}

extension MLDSAPublicKey {
    /// A SubjectPublicKeyInfo in DER (RFC 9881 §4).
    public init(derRepresentation: [UInt8]) throws(MLDSAError) {
        let info: SubjectPublicKeyInfo
        do { info = try SubjectPublicKeyInfo(derEncoded: derRepresentation) } catch {
            throw MLDSAError(.invalidKeyEncoding(error.description))
        }
        try self.init(spki: info)
    }

    /// A PEM "PUBLIC KEY".
    public init(pemRepresentation: String) throws(MLDSAError) {
        let info: SubjectPublicKeyInfo
        do { info = try SubjectPublicKeyInfo(pemEncoded: pemRepresentation) } catch {
            throw MLDSAError(.invalidKeyEncoding(error.description))
        }
        try self.init(spki: info)
    }

    /// The key of a parsed SubjectPublicKeyInfo of this parameter set.
    package init(spki info: SubjectPublicKeyInfo) throws(MLDSAError) {
        try requireAlgorithm(info.algorithm, ParameterSet.algorithm)
        try self.init(rawRepresentation: info.subjectPublicKey)
    }

    /// SubjectPublicKeyInfo in DER.
    public var derRepresentation: [UInt8] {
        SubjectPublicKeyInfo(algorithm: AlgorithmIdentifier(algorithm: ParameterSet.algorithm.objectIdentifier, parameters: nil),
                             subjectPublicKey: key.encoded).derRepresentation
    }

    /// SubjectPublicKeyInfo in PEM, label "PUBLIC KEY".
    public var pemRepresentation: String { PEM.encode(label: "PUBLIC KEY", derBytes: derRepresentation) }
}

/// Throws unless `identifier` is `algorithm`'s OID with parameters absent, naming what it is instead.
private func requireAlgorithm(_ identifier: AlgorithmIdentifier, _ algorithm: MLDSAAlgorithm) throws(MLDSAError) {
    guard identifier.algorithm == algorithm.objectIdentifier else {
        throw MLDSAError(.invalidKeyEncoding("expected an \(algorithm.rawValue) key (OID \(algorithm.objectIdentifier)) but found \(identifier.keyDescription)"))
    }
    guard identifier.parameters == nil else {
        throw MLDSAError(.invalidKeyEncoding("an ML-DSA AlgorithmIdentifier must have no parameters (RFC 9881 §2)"))
    }
}

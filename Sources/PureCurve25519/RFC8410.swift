// RFC 8410's key formats, shared by Ed25519 (id-Ed25519, 1.3.101.112) and X25519 (id-X25519, 1.3.101.110):
//
//   private:  PrivateKeyInfo / OneAsymmetricKey (RFC 5958) { version 0 or 1,
//             AlgorithmIdentifier { OID } with parameters absent (§3),
//             privateKey OCTET STRING { CurvePrivateKey ::= OCTET STRING (32 bytes) } (§7),
//             [1] publicKey (version 1 only) }; PEM "PRIVATE KEY"
//   public:   SubjectPublicKeyInfo { AlgorithmIdentifier { OID }, BIT STRING (32 bytes) } (§4); PEM "PUBLIC KEY"
//
// Each key type checks the rest: the length of what it reads, and a version 1 key's public key.

import PureASN1

/// Reading and writing RFC 8410 keys for one of the two algorithms.
enum RFC8410 {
    enum Algorithm {
        case ed25519, x25519

        var oid: ASN1ObjectIdentifier { self == .ed25519 ? .ed25519 : .x25519 }
        var name: String { self == .ed25519 ? "an Ed25519 key (OID 1.3.101.112)" : "an X25519 key (OID 1.3.101.110)" }
        var identifier: AlgorithmIdentifier { AlgorithmIdentifier(algorithm: oid, parameters: nil) }
    }

    static func pkcs8(derRepresentation der: [UInt8]) throws(Curve25519Error) -> PKCS8PrivateKey {
        do { return try PKCS8PrivateKey(derEncoded: der) } catch { throw Curve25519Error(.invalidKeyEncoding(error.description)) }
    }

    static func pkcs8(pemRepresentation pem: String) throws(Curve25519Error) -> PKCS8PrivateKey {
        let container: KeyContainer
        do { container = try KeyContainer.identify(pemRepresentation: pem) } catch {
            throw Curve25519Error(.invalidKeyEncoding(error.description))
        }
        guard case .pkcs8(let info) = container else {
            throw Curve25519Error(.invalidKeyEncoding("expected a PEM 'PRIVATE KEY' (PKCS#8) but found \(container.summary)"))
        }
        return info
    }

    /// The 32 (or, for the caller to refuse, other) bytes of a PKCS#8 key of `algorithm`.
    static func privateKeyBytes(_ info: PKCS8PrivateKey, _ algorithm: Algorithm) throws(Curve25519Error) -> [UInt8] {
        try require(info.algorithm, algorithm)
        do { return Array(try DER.parse(info.privateKey).octetString()) } catch {
            throw Curve25519Error(.invalidKeyEncoding("the private key is not a CurvePrivateKey OCTET STRING (RFC 8410 §7): \(error.description)"))
        }
    }

    static func publicKeyBytes(derRepresentation der: [UInt8], _ algorithm: Algorithm) throws(Curve25519Error) -> [UInt8] {
        let info: SubjectPublicKeyInfo
        do { info = try SubjectPublicKeyInfo(derEncoded: der) } catch { throw Curve25519Error(.invalidKeyEncoding(error.description)) }
        return try publicKeyBytes(info, algorithm)
    }

    static func publicKeyBytes(pemRepresentation pem: String, _ algorithm: Algorithm) throws(Curve25519Error) -> [UInt8] {
        let info: SubjectPublicKeyInfo
        do { info = try SubjectPublicKeyInfo(pemEncoded: pem) } catch { throw Curve25519Error(.invalidKeyEncoding(error.description)) }
        return try publicKeyBytes(info, algorithm)
    }

    static func publicKeyBytes(_ info: SubjectPublicKeyInfo, _ algorithm: Algorithm) throws(Curve25519Error) -> [UInt8] {
        try require(info.algorithm, algorithm)
        return info.subjectPublicKey
    }

    /// PKCS#8 version 0 in DER (§7).
    static func pkcs8DER(_ privateKey: [UInt8], _ algorithm: Algorithm) -> [UInt8] {
        var inner = DERWriter()
        inner.writeOctetString(privateKey)
        return PKCS8PrivateKey(algorithm: algorithm.identifier, privateKey: inner.bytes).derRepresentation
    }

    /// SubjectPublicKeyInfo in DER (§4).
    static func spkiDER(_ publicKey: [UInt8], _ algorithm: Algorithm) -> [UInt8] {
        SubjectPublicKeyInfo(algorithm: algorithm.identifier, subjectPublicKey: publicKey).derRepresentation
    }

    /// Throws unless `identifier` is `algorithm`'s OID with absent parameters (§3), naming what it is.
    private static func require(_ identifier: AlgorithmIdentifier, _ algorithm: Algorithm) throws(Curve25519Error) {
        guard identifier.algorithm == algorithm.oid else {
            throw Curve25519Error(.invalidKeyEncoding("expected \(algorithm.name) but found \(identifier.keyDescription)"))
        }
        guard identifier.parameters == nil else {
            throw Curve25519Error(.invalidKeyEncoding("the AlgorithmIdentifier of \(algorithm.name) must have no parameters (RFC 8410 §3)"))
        }
    }
}

extension Curve25519.KeyAgreement.PrivateKey {
    /// A PKCS#8 X25519 key in DER (RFC 8410, as `openssl genpkey -algorithm x25519` writes it). A version 1
    /// key's public key must be this key's.
    public init(derRepresentation: [UInt8]) throws(Curve25519Error) {
        try self.init(pkcs8: try RFC8410.pkcs8(derRepresentation: derRepresentation))
    }

    /// A PEM "PRIVATE KEY" holding an X25519 key (PKCS#8).
    public init(pemRepresentation: String) throws(Curve25519Error) {
        try self.init(pkcs8: try RFC8410.pkcs8(pemRepresentation: pemRepresentation))
    }

    init(pkcs8 info: PKCS8PrivateKey) throws(Curve25519Error) {
        try self.init(rawRepresentation: try RFC8410.privateKeyBytes(info, .x25519))
        if let publicKey = info.publicKey, publicKey != self.publicKey.rawRepresentation { throw Curve25519Error(.inconsistentKey) }
    }

    /// PKCS#8 version 0 in DER (RFC 8410 §7). A secret: store it as you would the key file.
    public var derRepresentation: [UInt8] { RFC8410.pkcs8DER(rawRepresentation, .x25519) }

    /// PKCS#8 in PEM, label "PRIVATE KEY".
    public var pemRepresentation: String { PEM.encode(label: "PRIVATE KEY", derBytes: derRepresentation) }
}

extension Curve25519.KeyAgreement.PublicKey {
    /// An X25519 SubjectPublicKeyInfo in DER (RFC 8410 §4).
    public init(derRepresentation: [UInt8]) throws(Curve25519Error) {
        try self.init(rawRepresentation: try RFC8410.publicKeyBytes(derRepresentation: derRepresentation, .x25519))
    }

    /// A PEM "PUBLIC KEY" holding an X25519 key.
    public init(pemRepresentation: String) throws(Curve25519Error) {
        try self.init(rawRepresentation: try RFC8410.publicKeyBytes(pemRepresentation: pemRepresentation, .x25519))
    }

    /// SubjectPublicKeyInfo in DER.
    public var derRepresentation: [UInt8] { RFC8410.spkiDER(rawRepresentation, .x25519) }

    /// SubjectPublicKeyInfo in PEM, label "PUBLIC KEY".
    public var pemRepresentation: String { PEM.encode(label: "PUBLIC KEY", derBytes: derRepresentation) }
}

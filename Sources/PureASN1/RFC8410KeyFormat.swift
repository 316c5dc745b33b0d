// RFC 8410's key formats, shared by the four algorithms it names: Ed25519 (id-Ed25519, 1.3.101.112), X25519
// (id-X25519, 1.3.101.110), Ed448 (id-Ed448, 1.3.101.113) and X448 (id-X448, 1.3.101.111):
//
//   private:  PrivateKeyInfo / OneAsymmetricKey (RFC 5958) { version 0 or 1,
//             AlgorithmIdentifier { OID } with parameters absent (§3),
//             privateKey OCTET STRING { CurvePrivateKey ::= OCTET STRING } (§7),
//             [1] publicKey (version 1 only) }; PEM "PRIVATE KEY"
//   public:   SubjectPublicKeyInfo { AlgorithmIdentifier { OID }, BIT STRING } (§4); PEM "PUBLIC KEY"
//
// Each key type checks the rest: the length of what it reads, and a version 1 key's public key. Failures
// are a message for the key type's own error.

/// Reading and writing RFC 8410 keys of one algorithm (PureCurve25519 and PureCurve448 share it).
package struct RFC8410KeyFormat: Sendable {
    package let oid: ASN1ObjectIdentifier
    /// "an Ed25519 key (OID 1.3.101.112)", for messages.
    package let name: String

    package static let ed25519 = RFC8410KeyFormat(oid: .ed25519, name: "an Ed25519 key (OID 1.3.101.112)")
    package static let x25519 = RFC8410KeyFormat(oid: .x25519, name: "an X25519 key (OID 1.3.101.110)")
    package static let ed448 = RFC8410KeyFormat(oid: .ed448, name: "an Ed448 key (OID 1.3.101.113)")
    package static let x448 = RFC8410KeyFormat(oid: .x448, name: "an X448 key (OID 1.3.101.111)")

    /// Why a key could not be read: a message naming what was found.
    package struct Failure: Error {
        package let message: String
    }

    private var identifier: AlgorithmIdentifier { AlgorithmIdentifier(algorithm: oid, parameters: nil) }

    /// The PKCS#8 structure of DER bytes.
    package static func pkcs8(derRepresentation der: [UInt8]) throws(Failure) -> PKCS8PrivateKey {
        do { return try PKCS8PrivateKey(derEncoded: der) } catch { throw Failure(message: error.description) }
    }

    /// The PKCS#8 structure of a PEM "PRIVATE KEY".
    package static func pkcs8(pemRepresentation pem: String) throws(Failure) -> PKCS8PrivateKey {
        let container: KeyContainer
        do { container = try KeyContainer.identify(pemRepresentation: pem) } catch { throw Failure(message: error.description) }
        guard case .pkcs8(let info) = container else {
            throw Failure(message: "expected a PEM 'PRIVATE KEY' (PKCS#8) but found \(container.summary)")
        }
        return info
    }

    /// The bytes of a PKCS#8 key of this algorithm (their length for the caller to check).
    package func privateKeyBytes(_ info: PKCS8PrivateKey) throws(Failure) -> [UInt8] {
        try require(info.algorithm)
        do { return Array(try DER.parse(info.privateKey).octetString()) } catch {
            throw Failure(message: "the private key is not a CurvePrivateKey OCTET STRING (RFC 8410 §7): \(error.description)")
        }
    }

    /// The key bytes of a DER SubjectPublicKeyInfo of this algorithm.
    package func publicKeyBytes(derRepresentation der: [UInt8]) throws(Failure) -> [UInt8] {
        let info: SubjectPublicKeyInfo
        do { info = try SubjectPublicKeyInfo(derEncoded: der) } catch { throw Failure(message: error.description) }
        return try publicKeyBytes(info)
    }

    /// The key bytes of a PEM "PUBLIC KEY" of this algorithm.
    package func publicKeyBytes(pemRepresentation pem: String) throws(Failure) -> [UInt8] {
        let info: SubjectPublicKeyInfo
        do { info = try SubjectPublicKeyInfo(pemEncoded: pem) } catch { throw Failure(message: error.description) }
        return try publicKeyBytes(info)
    }

    /// The key bytes of a SubjectPublicKeyInfo of this algorithm.
    package func publicKeyBytes(_ info: SubjectPublicKeyInfo) throws(Failure) -> [UInt8] {
        try require(info.algorithm)
        return info.subjectPublicKey
    }

    /// PKCS#8 version 0 in DER (§7).
    package func pkcs8DER(_ privateKey: [UInt8]) -> [UInt8] {
        var inner = DERWriter()
        inner.writeOctetString(privateKey)
        return PKCS8PrivateKey(algorithm: identifier, privateKey: inner.bytes).derRepresentation
    }

    /// SubjectPublicKeyInfo in DER (§4).
    package func spkiDER(_ publicKey: [UInt8]) -> [UInt8] {
        SubjectPublicKeyInfo(algorithm: identifier, subjectPublicKey: publicKey).derRepresentation
    }

    /// Throws unless `identifier` is this algorithm's OID with absent parameters (§3), naming what it is.
    private func require(_ identifier: AlgorithmIdentifier) throws(Failure) {
        guard identifier.algorithm == oid else { throw Failure(message: "expected \(name) but found \(identifier.keyDescription)") }
        guard identifier.parameters == nil else {
            throw Failure(message: "the AlgorithmIdentifier of \(name) must have no parameters (RFC 8410 §3)")
        }
    }
}

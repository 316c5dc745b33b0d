// Keys from key files, and key files from keys. The file decides the key type and the key decides the
// algorithms: EC keys by curve (P-256 ES256, P-384 ES384, P-521 ES512), Ed25519 EdDSA and its RFC 9864 name
// Ed25519, RSA the RS and PS families (narrow them with `restricted(to:)`). HMAC secrets have no PEM form:
// they come from oct JWKs.
//
// Accepted containers (PEM label, or the DER structure alone):
//   "PRIVATE KEY"      PKCS#8 (RFC 5208/5958): EC on P-256/P-384/P-521, Ed25519 (RFC 8410), RSA, ML-DSA
//                      (RFC 9881: the seed, expanded or both forms)
//   "EC PRIVATE KEY"   SEC 1 (RFC 5915), with its named curve
//   "RSA PRIVATE KEY"  PKCS#1 RSAPrivateKey, two primes
//   "PUBLIC KEY"       SubjectPublicKeyInfo (RFC 5280 §4.1.2.7): EC, Ed25519, RSA, ML-DSA
//   "RSA PUBLIC KEY"   PKCS#1 RSAPublicKey
//   "CERTIFICATE"      an X.509 certificate's subjectPublicKeyInfo, read by position (RFC 5280 §4.1) —
//                      the certificate itself is NOT validated (not its signature, dates or issuer): use
//                      PureX509's chain validation when the certificate is what establishes trust
// Encrypted PKCS#8 is recognised and refused with a message saying what to do.

import PureASN1
import PureCurve25519
import PureCurve448
import PureMLDSA
import PureP256
import PureP384
import PureSecp256k1
import PureP521
import PureRSA

extension JWTKey {
    /// The key in a PEM file (one block; labels above), for the algorithms the key decides. A certificate
    /// gives its public key without being validated.
    public init(pemRepresentation text: String, keyID: String? = nil) throws(JWTError) {
        let container: KeyContainer, der: [UInt8]
        do {
            let block = try PEM.parseSingle(text)
            if ["CERTIFICATE", "X509 CERTIFICATE"].contains(block.label) {
                der = try Self.subjectPublicKeyInfo(ofCertificate: block.derBytes)
                container = try KeyContainer.identify(derRepresentation: der)
            } else {
                container = try KeyContainer.identify(pemRepresentation: text)
                der = block.derBytes
            }
        } catch {
            throw JWTError(.invalidKey("not a usable PEM key file: \(error)"))
        }
        try self.init(container: container, der: der, keyID: keyID)
    }

    /// The key in DER bytes (any container above), for the algorithms the key decides.
    public init(derRepresentation bytes: [UInt8], keyID: String? = nil) throws(JWTError) {
        var container: KeyContainer, der = bytes
        do {
            container = try KeyContainer.identify(derRepresentation: bytes)
            if container == .certificate {
                der = try Self.subjectPublicKeyInfo(ofCertificate: bytes)
                container = try KeyContainer.identify(derRepresentation: der)
            }
        } catch {
            throw JWTError(.invalidKey("not a usable DER key: \(error)"))
        }
        try self.init(container: container, der: der, keyID: keyID)
    }

    private init(container: KeyContainer, der: [UInt8], keyID: String?) throws(JWTError) {
        func key(_ build: () throws -> JWTKey) throws(JWTError) -> JWTKey {
            do { return try build() } catch let error as JWTError { throw error } catch {
                throw JWTError(.invalidKey("\(container.summary): \(error)"))
            }
        }
        func unsupported() -> JWTError {
            JWTError(.invalidKey("\(container.summary) is not a JWS key: EC keys on P-256, P-384, P-521 or secp256k1, Ed25519, Ed448, RSA and ML-DSA keys are"))
        }
        switch container {
        case .pkcs8(let info):
            switch (info.algorithm.algorithm, info.algorithm.namedCurve) {
            case (.ecPublicKey, .prime256v1?): self = try key { .es256(try P256.Signing.PrivateKey(derRepresentation: der), keyID: keyID) }
            case (.ecPublicKey, .secp384r1?): self = try key { .es384(try P384.Signing.PrivateKey(derRepresentation: der), keyID: keyID) }
            case (.ecPublicKey, .secp521r1?): self = try key { .es512(try P521.Signing.PrivateKey(derRepresentation: der), keyID: keyID) }
            case (.ecPublicKey, .secp256k1?): self = try key { .es256k(try Secp256k1.Signing.PrivateKey(derRepresentation: der), keyID: keyID) }
            case (.ed25519, _): self = try key { .eddsa(try Curve25519.Signing.PrivateKey(derRepresentation: der), keyID: keyID) }
            case (.ed448, _): self = try key { .eddsa(try Curve448.Signing.PrivateKey(derRepresentation: der), keyID: keyID) }
            case (.rsaEncryption, _): self = try key { try .rsa(try RSA.Signing.PrivateKey(derRepresentation: der), keyID: keyID) }
            default:
                guard let algorithm = MLDSAAlgorithm(algorithmIdentifier: info.algorithm) else { throw unsupported() }
                self = try key { try .mldsa(der: der, privateAlgorithm: algorithm, keyID: keyID) }
            }
        case .sec1(let sec1):
            switch sec1.curve {
            case .prime256v1?: self = try key { .es256(try P256.Signing.PrivateKey(derRepresentation: der), keyID: keyID) }
            case .secp384r1?: self = try key { .es384(try P384.Signing.PrivateKey(derRepresentation: der), keyID: keyID) }
            case .secp521r1?: self = try key { .es512(try P521.Signing.PrivateKey(derRepresentation: der), keyID: keyID) }
            case .secp256k1?: self = try key { .es256k(try Secp256k1.Signing.PrivateKey(derRepresentation: der), keyID: keyID) }
            case nil: throw JWTError(.invalidKey("\(container.summary) does not name its curve; write it as PKCS#8 (openssl pkcs8 -topk8 -nocrypt)"))
            default: throw unsupported()
            }
        case .subjectPublicKeyInfo(let info):
            switch (info.algorithm.algorithm, info.algorithm.namedCurve) {
            case (.ecPublicKey, .prime256v1?): self = try key { .es256(try P256.Signing.PublicKey(derRepresentation: der), keyID: keyID) }
            case (.ecPublicKey, .secp384r1?): self = try key { .es384(try P384.Signing.PublicKey(derRepresentation: der), keyID: keyID) }
            case (.ecPublicKey, .secp521r1?): self = try key { .es512(try P521.Signing.PublicKey(derRepresentation: der), keyID: keyID) }
            case (.ecPublicKey, .secp256k1?): self = try key { .es256k(try Secp256k1.Signing.PublicKey(derRepresentation: der), keyID: keyID) }
            case (.ed25519, _): self = try key { .eddsa(try Curve25519.Signing.PublicKey(derRepresentation: der), keyID: keyID) }
            case (.ed448, _): self = try key { .eddsa(try Curve448.Signing.PublicKey(derRepresentation: der), keyID: keyID) }
            case (.rsaEncryption, _): self = try key { try .rsa(try RSA.Signing.PublicKey(derRepresentation: der), keyID: keyID) }
            default:
                guard let algorithm = MLDSAAlgorithm(algorithmIdentifier: info.algorithm) else { throw unsupported() }
                self = try key { try .mldsa(der: der, publicAlgorithm: algorithm, keyID: keyID) }
            }
        case .pkcs1RSAPublicKey:
            self = try key { try .rsa(try RSA.Signing.PublicKey(derRepresentation: der), keyID: keyID) }
        case .pkcs1RSAPrivateKey:
            self = try key { try .rsa(try RSA.Signing.PrivateKey(derRepresentation: der), keyID: keyID) }
        case .encryptedPrivateKey:
            throw JWTError(.invalidKey("the private key is encrypted; decrypt it first (openssl pkcs8 -in FILE -nocrypt -out PLAIN)"))
        case .certificate:
            throw JWTError(.invalidKey("a certificate where its subjectPublicKeyInfo should be"))
        }
    }

    /// A certificate's SubjectPublicKeyInfo, taken by position (RFC 5280 §4.1):
    ///   Certificate    ::= SEQUENCE { tbsCertificate, signatureAlgorithm, signatureValue }
    ///   TBSCertificate ::= SEQUENCE { [0] version OPTIONAL, serialNumber, signature, issuer, validity,
    ///                                 subject, subjectPublicKeyInfo, ... }
    /// Nothing else is judged, so a certificate signed with an algorithm PureX509 does not verify (Ed25519)
    /// still gives its key.
    private static func subjectPublicKeyInfo(ofCertificate bytes: [UInt8]) throws(ASN1Error) -> [UInt8] {
        try DER.parse(bytes).sequence { (fields) throws(ASN1Error) -> [UInt8] in
            let tbs = try fields.next("tbsCertificate")
            _ = try fields.next("signatureAlgorithm")
            _ = try fields.next("signatureValue")
            return try tbs.sequence { (members) throws(ASN1Error) -> [UInt8] in
                _ = try members.optional(.contextSpecific(0, constructed: true))
                for name in ["serialNumber", "signature", "issuer", "validity", "subject"] { _ = try members.next(name) }
                let info = try members.next("subjectPublicKeyInfo")
                try info.require(.sequence)
                while !members.isEmpty { _ = try members.next("issuer/subject unique IDs and extensions") }
                return Array(info.encoded)
            }
        }
    }

    /// The public key as a SubjectPublicKeyInfo PEM ("PUBLIC KEY"); nil for an HMAC secret.
    public var publicKeyPEMRepresentation: String? {
        switch material {
        case .p256Public(let key): return key.pemRepresentation
        case .p256Private(let key): return key.publicKey.pemRepresentation
        case .p384Public(let key): return key.pemRepresentation
        case .p384Private(let key): return key.publicKey.pemRepresentation
        case .p521Public(let key): return key.pemRepresentation
        case .p521Private(let key): return key.publicKey.pemRepresentation
        case .secp256k1Public(let key): return key.pemRepresentation
        case .secp256k1Private(let key): return key.publicKey.pemRepresentation
        case .ed25519Public(let key): return key.pemRepresentation
        case .ed25519Private(let key): return key.publicKey.pemRepresentation
        case .ed448Public(let key): return key.pemRepresentation
        case .ed448Private(let key): return key.publicKey.pemRepresentation
        case .rsa(let key): return key.pemRepresentation
        case .rsaPrivate(let key): return key.publicKey.pemRepresentation
        case .mldsaPublic(let key): return key.pemRepresentation
        case .mldsaPrivate(let key): return key.publicKey.pemRepresentation
        case .hmac: return nil
        }
    }

    /// The private key as PKCS#8 PEM ("PRIVATE KEY"); nil for a public key or an HMAC secret. The text
    /// holds the secret: write it to a file only the owner can read, never to a log.
    public var privateKeyPEMRepresentation: String? {
        switch material {
        case .p256Private(let key): return key.pemRepresentation
        case .p384Private(let key): return key.pemRepresentation
        case .p521Private(let key): return key.pemRepresentation
        case .secp256k1Private(let key): return key.pemRepresentation
        case .ed25519Private(let key): return key.pemRepresentation
        case .ed448Private(let key): return key.pemRepresentation
        case .rsaPrivate(let key): return key.pemRepresentation
        case .mldsaPrivate(let key): return key.pemRepresentation
        case .p256Public, .p384Public, .p521Public, .secp256k1Public, .ed25519Public, .ed448Public, .rsa, .hmac, .mldsaPublic: return nil
        }
    }

    /// The public half: the same key without its private part and with the same algorithms; nil for an
    /// HMAC secret (it has no public half).
    public var publicKey: JWTKey? {
        let material: Material
        switch self.material {
        case .p256Private(let key): material = .p256Public(key.publicKey)
        case .p384Private(let key): material = .p384Public(key.publicKey)
        case .p521Private(let key): material = .p521Public(key.publicKey)
        case .secp256k1Private(let key): material = .secp256k1Public(key.publicKey)
        case .ed25519Private(let key): material = .ed25519Public(key.publicKey)
        case .ed448Private(let key): material = .ed448Public(key.publicKey)
        case .rsaPrivate(let key): material = .rsa(key.publicKey)
        case .mldsaPrivate(let key): material = .mldsaPublic(key.publicKey)
        case .p256Public, .p384Public, .p521Public, .secp256k1Public, .ed25519Public, .ed448Public, .rsa, .mldsaPublic:
            material = self.material
        case .hmac: return nil
        }
        return JWTKey(material: material, keyID: keyID, algorithms: algorithms)
    }
}

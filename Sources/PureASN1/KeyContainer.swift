// Telling key files apart, so that a wrong file gets a message that names what it is.
//
// Top-level shapes (X.509 / PKCS structures; the first two children of the outer SEQUENCE decide):
//   PKCS#8 PrivateKeyInfo          INTEGER 0|1, SEQUENCE (algorithm), OCTET STRING, …
//   SEC 1 ECPrivateKey             INTEGER 1, OCTET STRING, …
//   PKCS#1 RSAPrivateKey           INTEGER 0|1, INTEGER (modulus), …
//   SubjectPublicKeyInfo           SEQUENCE (algorithm), BIT STRING
//   PKCS#1 RSAPublicKey            INTEGER (modulus), INTEGER (exponent)
//   PKCS#8 EncryptedPrivateKeyInfo SEQUENCE (encryption algorithm), OCTET STRING
//   X.509 Certificate              SEQUENCE (tbsCertificate), SEQUENCE (signature algorithm), BIT STRING

/// What a key file holds.
public enum KeyContainer: Hashable, Sendable {
    /// A PKCS#8 private key ("PRIVATE KEY", Apple's .p8).
    case pkcs8(PKCS8PrivateKey)
    /// A SEC 1 EC private key ("EC PRIVATE KEY").
    case sec1(SEC1ECPrivateKey)
    /// A SubjectPublicKeyInfo ("PUBLIC KEY").
    case subjectPublicKeyInfo(SubjectPublicKeyInfo)
    /// A PKCS#1 RSAPublicKey ("RSA PUBLIC KEY").
    case pkcs1RSAPublicKey(PKCS1RSAPublicKey)
    /// A PKCS#1 RSAPrivateKey ("RSA PRIVATE KEY"); recognized to be named, not parsed further.
    case pkcs1RSAPrivateKey
    /// An EncryptedPrivateKeyInfo; recognized to be refused with a clear message.
    case encryptedPrivateKey
    /// An X.509 certificate; recognized to be refused with a clear message.
    case certificate

    /// Identifies and parses DER bytes.
    public static func identify(derRepresentation bytes: [UInt8]) throws(ASN1Error) -> KeyContainer {
        let root = try DER.parse(bytes)
        try root.require(.sequence)
        var children = DERSequence(root.content, depth: 1)
        let first = try children.next("first element")
        let second = try children.next("second element")
        switch (first.tag, second.tag) {
        case (.integer, .sequence): return .pkcs8(try PKCS8PrivateKey(derEncoded: bytes))
        case (.integer, .octetString): return .sec1(try SEC1ECPrivateKey(derEncoded: bytes))
        case (.integer, .integer):
            return children.isEmpty ? .pkcs1RSAPublicKey(try PKCS1RSAPublicKey(derEncoded: bytes)) : .pkcs1RSAPrivateKey
        case (.sequence, .bitString): return .subjectPublicKeyInfo(try SubjectPublicKeyInfo(derEncoded: bytes))
        case (.sequence, .octetString): return .encryptedPrivateKey
        case (.sequence, .sequence): return .certificate
        default:
            throw ASN1Error(.wrongKeyType(expected: "a key", found: "a SEQUENCE of \(first.tag), \(second.tag), … that is no known key format"), at: root.offset)
        }
    }

    /// Identifies and parses a single PEM block, checking that the label agrees with the content.
    public static func identify(pemRepresentation text: String) throws(ASN1Error) -> KeyContainer {
        let block = try PEM.parseSingle(text)
        switch block.label {
        case "ENCRYPTED PRIVATE KEY": throw ASN1Error(.encryptedKey, at: 0)
        case "CERTIFICATE", "X509 CERTIFICATE", "TRUSTED CERTIFICATE": throw ASN1Error(.certificateNotKey, at: 0)
        case "PRIVATE KEY", "EC PRIVATE KEY", "RSA PRIVATE KEY", "PUBLIC KEY", "RSA PUBLIC KEY": break
        default:
            throw ASN1Error(.wrongKeyType(expected: "a key", found: "a PEM block labelled '\(block.label)'"), at: 0)
        }
        let container = try identify(derRepresentation: block.derBytes)
        guard container.pemLabel == block.label else {
            throw ASN1Error(.invalidValue("the PEM label '\(block.label)' does not match its content, which is \(container.summary)"), at: 0)
        }
        return container
    }

    /// The PEM label this container is written under (RFC 7468 and OpenSSL's traditional labels).
    public var pemLabel: String {
        switch self {
        case .pkcs8: return "PRIVATE KEY"
        case .sec1: return "EC PRIVATE KEY"
        case .subjectPublicKeyInfo: return "PUBLIC KEY"
        case .pkcs1RSAPublicKey: return "RSA PUBLIC KEY"
        case .pkcs1RSAPrivateKey: return "RSA PRIVATE KEY"
        case .encryptedPrivateKey: return "ENCRYPTED PRIVATE KEY"
        case .certificate: return "CERTIFICATE"
        }
    }

    /// A few words for messages: "a PKCS#8 private key (an RSA key)".
    public var summary: String {
        switch self {
        case .pkcs8(let key): return "a PKCS#8 private key (\(key.algorithm.keyDescription))"
        case .sec1(let key): return "a SEC 1 EC private key" + (key.curve.map { " on \($0.nameAndDottedForm)" } ?? "")
        case .subjectPublicKeyInfo(let key): return "a public key (\(key.algorithm.keyDescription))"
        case .pkcs1RSAPublicKey: return "a PKCS#1 RSA public key"
        case .pkcs1RSAPrivateKey: return "a PKCS#1 RSA private key"
        case .encryptedPrivateKey: return "an encrypted PKCS#8 private key"
        case .certificate: return "an X.509 certificate"
        }
    }
}

/// An EC private key's bytes from PKCS#8 or SEC 1, checked to be on the expected curve.
public struct ECPrivateKeyMaterial: Hashable, Sendable {
    /// The curve the key was checked to be on.
    public let curve: ASN1ObjectIdentifier
    /// The private scalar, big-endian, as encoded.
    public let privateKey: [UInt8]
    /// The SEC 1 public point, if the container carries one (SEC 1 [1] or PKCS#8 v2 [1]).
    public let publicKey: [UInt8]?

    /// From PKCS#8 ("PRIVATE KEY", Apple's .p8) or SEC 1 ("EC PRIVATE KEY") PEM.
    public init(pemRepresentation text: String, curve: ASN1ObjectIdentifier) throws(ASN1Error) {
        try self.init(container: KeyContainer.identify(pemRepresentation: text), curve: curve)
    }

    /// From PKCS#8 or SEC 1 DER.
    public init(derRepresentation bytes: [UInt8], curve: ASN1ObjectIdentifier) throws(ASN1Error) {
        try self.init(container: KeyContainer.identify(derRepresentation: bytes), curve: curve)
    }

    init(container: KeyContainer, curve: ASN1ObjectIdentifier) throws(ASN1Error) {
        let expected = "an EC private key on \(curve.nameAndDottedForm) (PKCS#8 'PRIVATE KEY' or SEC 1 'EC PRIVATE KEY')"
        switch container {
        case .pkcs8(let key):
            try key.algorithm.requireEC(curve: curve, at: 0)
            let inner = try SEC1ECPrivateKey(derEncoded: key.privateKey)
            if let innerCurve = inner.curve, innerCurve != curve { throw ASN1Error(.unsupportedCurve(innerCurve), at: 0) }
            self.curve = curve
            privateKey = inner.privateKey
            publicKey = inner.publicKey ?? key.publicKey
        case .sec1(let key):
            if let named = key.curve, named != curve { throw ASN1Error(.unsupportedCurve(named), at: 0) }
            self.curve = curve
            privateKey = key.privateKey
            publicKey = key.publicKey
        case .encryptedPrivateKey:
            throw ASN1Error(.encryptedKey, at: 0)
        case .certificate:
            throw ASN1Error(.certificateNotKey, at: 0)
        default:
            throw ASN1Error(.wrongKeyType(expected: expected, found: container.summary), at: 0)
        }
    }
}

/// An EC public key's point from a SubjectPublicKeyInfo, checked to be on the expected curve. The point
/// itself is not validated here (PureASN1 knows no curve arithmetic): PureP256 does that.
public struct ECPublicKeyMaterial: Hashable, Sendable {
    /// The curve the key was checked to be on.
    public let curve: ASN1ObjectIdentifier
    /// The SEC 1 point encoding from the BIT STRING.
    public let point: [UInt8]

    /// From SubjectPublicKeyInfo PEM ("PUBLIC KEY").
    public init(pemRepresentation text: String, curve: ASN1ObjectIdentifier) throws(ASN1Error) {
        try self.init(container: KeyContainer.identify(pemRepresentation: text), curve: curve)
    }

    /// From SubjectPublicKeyInfo DER.
    public init(derRepresentation bytes: [UInt8], curve: ASN1ObjectIdentifier) throws(ASN1Error) {
        try self.init(container: KeyContainer.identify(derRepresentation: bytes), curve: curve)
    }

    init(container: KeyContainer, curve: ASN1ObjectIdentifier) throws(ASN1Error) {
        guard case .subjectPublicKeyInfo(let info) = container else {
            if container == .certificate { throw ASN1Error(.certificateNotKey, at: 0) }
            throw ASN1Error(.wrongKeyType(expected: "an EC public key (PEM 'PUBLIC KEY')", found: container.summary), at: 0)
        }
        try info.algorithm.requireEC(curve: curve, at: 0)
        self.curve = curve
        point = info.subjectPublicKey
    }
}

/// An RSA public key's modulus and exponent, from a SubjectPublicKeyInfo or a PKCS#1 RSAPublicKey.
public struct RSAPublicKeyMaterial: Hashable, Sendable {
    /// The modulus, big-endian, without a sign byte.
    public let modulus: [UInt8]
    /// The public exponent, big-endian, without a sign byte.
    public let publicExponent: [UInt8]

    /// From "PUBLIC KEY" or "RSA PUBLIC KEY" PEM.
    public init(pemRepresentation text: String) throws(ASN1Error) {
        try self.init(container: KeyContainer.identify(pemRepresentation: text))
    }

    /// From SubjectPublicKeyInfo or PKCS#1 RSAPublicKey DER.
    public init(derRepresentation bytes: [UInt8]) throws(ASN1Error) {
        try self.init(container: KeyContainer.identify(derRepresentation: bytes))
    }

    init(container: KeyContainer) throws(ASN1Error) {
        switch container {
        case .subjectPublicKeyInfo(let info):
            try info.algorithm.requireRSA(at: 0)
            let key = try PKCS1RSAPublicKey(derEncoded: info.subjectPublicKey)
            (modulus, publicExponent) = (key.modulus, key.publicExponent)
        case .pkcs1RSAPublicKey(let key):
            (modulus, publicExponent) = (key.modulus, key.publicExponent)
        case .certificate:
            throw ASN1Error(.certificateNotKey, at: 0)
        default:
            throw ASN1Error(.wrongKeyType(expected: "an RSA public key ('PUBLIC KEY' or 'RSA PUBLIC KEY')", found: container.summary), at: 0)
        }
    }
}

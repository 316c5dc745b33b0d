// RFC 8410's key formats for Ed25519 (id-Ed25519, 1.3.101.112) and X25519 (id-X25519, 1.3.101.110), 32-byte
// keys in both: PureASN1's RFC8410KeyFormat reads and writes them (the layouts are written out there); each
// key type here checks the rest: the length of what it reads, and a version 1 key's public key.

import PureASN1

/// RFC 8410 keys for Ed25519 and X25519: PureASN1's shared reader and writer, its failures as
/// ``Curve25519Error``.
enum RFC8410 {
    enum Algorithm {
        case ed25519, x25519

        var format: RFC8410KeyFormat { self == .ed25519 ? .ed25519 : .x25519 }
    }

    static func pkcs8(derRepresentation der: [UInt8]) throws(Curve25519Error) -> PKCS8PrivateKey {
        try mapped { () throws(RFC8410KeyFormat.Failure) in try RFC8410KeyFormat.pkcs8(derRepresentation: der) }
    }

    static func pkcs8(pemRepresentation pem: String) throws(Curve25519Error) -> PKCS8PrivateKey {
        try mapped { () throws(RFC8410KeyFormat.Failure) in try RFC8410KeyFormat.pkcs8(pemRepresentation: pem) }
    }

    /// The 32 (or, for the caller to refuse, other) bytes of a PKCS#8 key of `algorithm`.
    static func privateKeyBytes(_ info: PKCS8PrivateKey, _ algorithm: Algorithm) throws(Curve25519Error) -> [UInt8] {
        try mapped { () throws(RFC8410KeyFormat.Failure) in try algorithm.format.privateKeyBytes(info) }
    }

    static func publicKeyBytes(derRepresentation der: [UInt8], _ algorithm: Algorithm) throws(Curve25519Error) -> [UInt8] {
        try mapped { () throws(RFC8410KeyFormat.Failure) in try algorithm.format.publicKeyBytes(derRepresentation: der) }
    }

    static func publicKeyBytes(pemRepresentation pem: String, _ algorithm: Algorithm) throws(Curve25519Error) -> [UInt8] {
        try mapped { () throws(RFC8410KeyFormat.Failure) in try algorithm.format.publicKeyBytes(pemRepresentation: pem) }
    }

    static func publicKeyBytes(_ info: SubjectPublicKeyInfo, _ algorithm: Algorithm) throws(Curve25519Error) -> [UInt8] {
        try mapped { () throws(RFC8410KeyFormat.Failure) in try algorithm.format.publicKeyBytes(info) }
    }

    /// PKCS#8 version 0 in DER (§7).
    static func pkcs8DER(_ privateKey: [UInt8], _ algorithm: Algorithm) -> [UInt8] { algorithm.format.pkcs8DER(privateKey) }

    /// SubjectPublicKeyInfo in DER (§4).
    static func spkiDER(_ publicKey: [UInt8], _ algorithm: Algorithm) -> [UInt8] { algorithm.format.spkiDER(publicKey) }

    private static func mapped<T>(_ body: () throws(RFC8410KeyFormat.Failure) -> T) throws(Curve25519Error) -> T {
        do { return try body() } catch { throw Curve25519Error(.invalidKeyEncoding(error.message)) }
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

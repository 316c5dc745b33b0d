// RFC 8410 keys for Ed448 (id-Ed448, 1.3.101.113) and X448 (id-X448, 1.3.101.111): PureASN1's shared
// reader and writer (RFC8410KeyFormat.swift, where the layouts are written out), its failures as
// Curve448Error; and X448's DER and PEM forms.

import PureASN1

enum Curve448KeyFormat {
    static func pkcs8(derRepresentation der: [UInt8]) throws(Curve448Error) -> PKCS8PrivateKey {
        try mapped { () throws(RFC8410KeyFormat.Failure) in try RFC8410KeyFormat.pkcs8(derRepresentation: der) }
    }

    static func pkcs8(pemRepresentation pem: String) throws(Curve448Error) -> PKCS8PrivateKey {
        try mapped { () throws(RFC8410KeyFormat.Failure) in try RFC8410KeyFormat.pkcs8(pemRepresentation: pem) }
    }

    static func privateKeyBytes(_ info: PKCS8PrivateKey, _ format: RFC8410KeyFormat) throws(Curve448Error) -> [UInt8] {
        try mapped { () throws(RFC8410KeyFormat.Failure) in try format.privateKeyBytes(info) }
    }

    static func publicKeyBytes(derRepresentation der: [UInt8], _ format: RFC8410KeyFormat) throws(Curve448Error) -> [UInt8] {
        try mapped { () throws(RFC8410KeyFormat.Failure) in try format.publicKeyBytes(derRepresentation: der) }
    }

    static func publicKeyBytes(pemRepresentation pem: String, _ format: RFC8410KeyFormat) throws(Curve448Error) -> [UInt8] {
        try mapped { () throws(RFC8410KeyFormat.Failure) in try format.publicKeyBytes(pemRepresentation: pem) }
    }

    private static func mapped<T>(_ body: () throws(RFC8410KeyFormat.Failure) -> T) throws(Curve448Error) -> T {
        do { return try body() } catch { throw Curve448Error(.invalidKeyEncoding(error.message)) }
    }
}

extension Curve448.KeyAgreement.PrivateKey {
    /// A PKCS#8 X448 key in DER (RFC 8410, as `openssl genpkey -algorithm x448` writes it). A version 1 key's
    /// public key must be this key's.
    public init(derRepresentation: [UInt8]) throws(Curve448Error) {
        try self.init(pkcs8: try Curve448KeyFormat.pkcs8(derRepresentation: derRepresentation))
    }

    /// A PEM "PRIVATE KEY" holding an X448 key (PKCS#8).
    public init(pemRepresentation: String) throws(Curve448Error) {
        try self.init(pkcs8: try Curve448KeyFormat.pkcs8(pemRepresentation: pemRepresentation))
    }

    init(pkcs8 info: PKCS8PrivateKey) throws(Curve448Error) {
        try self.init(rawRepresentation: try Curve448KeyFormat.privateKeyBytes(info, .x448))
        if let publicKey = info.publicKey, publicKey != self.publicKey.rawRepresentation { throw Curve448Error(.inconsistentKey) }
    }

    /// PKCS#8 version 0 in DER (RFC 8410 §7). A secret: store it as you would the key file.
    public var derRepresentation: [UInt8] { RFC8410KeyFormat.x448.pkcs8DER(rawRepresentation) }

    /// PKCS#8 in PEM, label "PRIVATE KEY".
    public var pemRepresentation: String { PEM.encode(label: "PRIVATE KEY", derBytes: derRepresentation) }
}

extension Curve448.KeyAgreement.PublicKey {
    /// An X448 SubjectPublicKeyInfo in DER (RFC 8410 §4).
    public init(derRepresentation: [UInt8]) throws(Curve448Error) {
        try self.init(rawRepresentation: try Curve448KeyFormat.publicKeyBytes(derRepresentation: derRepresentation, .x448))
    }

    /// A PEM "PUBLIC KEY" holding an X448 key.
    public init(pemRepresentation: String) throws(Curve448Error) {
        try self.init(rawRepresentation: try Curve448KeyFormat.publicKeyBytes(pemRepresentation: pemRepresentation, .x448))
    }

    /// SubjectPublicKeyInfo in DER.
    public var derRepresentation: [UInt8] { RFC8410KeyFormat.x448.spkiDER(rawRepresentation) }

    /// SubjectPublicKeyInfo in PEM, label "PUBLIC KEY".
    public var pemRepresentation: String { PEM.encode(label: "PUBLIC KEY", derBytes: derRepresentation) }
}

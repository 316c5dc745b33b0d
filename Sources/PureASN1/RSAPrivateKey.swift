// RSA private keys as files carry them: PKCS#1 RSAPrivateKey (RFC 8017 A.1.2, PEM "RSA PRIVATE KEY"), on its
// own or inside PKCS#8 with rsaEncryption (PEM "PRIVATE KEY"). Two primes only:
//
//   RSAPrivateKey ::= SEQUENCE {
//       version           Version,            -- 0: two primes; 1 (multi-prime) is refused
//       modulus           INTEGER,  -- n
//       publicExponent    INTEGER,  -- e
//       privateExponent   INTEGER,  -- d
//       prime1            INTEGER,  -- p
//       prime2            INTEGER,  -- q
//       exponent1         INTEGER,  -- d mod (p−1)
//       exponent2         INTEGER,  -- d mod (q−1)
//       coefficient       INTEGER,  -- (inverse of q) mod p
//       otherPrimeInfos   OtherPrimeInfos OPTIONAL }
//
// Every INTEGER must be non-negative and minimally encoded (DER). The values are not checked for
// consistency here: PureRSA does that when it builds a key.

/// A PKCS#1 RSAPrivateKey with two primes. Prints redacted.
public struct PKCS1RSAPrivateKey: Hashable, Sendable {
    /// n, big-endian without a sign byte; likewise for every member.
    public let modulus: [UInt8]
    /// e.
    public let publicExponent: [UInt8]
    /// d. A secret, as are the members below.
    public let privateExponent: [UInt8]
    /// p.
    public let prime1: [UInt8]
    /// q.
    public let prime2: [UInt8]
    /// d mod (p − 1).
    public let exponent1: [UInt8]
    /// d mod (q − 1).
    public let exponent2: [UInt8]
    /// q⁻¹ mod p.
    public let coefficient: [UInt8]

    /// A key from its members (big-endian magnitudes).
    public init(modulus: [UInt8], publicExponent: [UInt8], privateExponent: [UInt8], prime1: [UInt8], prime2: [UInt8],
                exponent1: [UInt8], exponent2: [UInt8], coefficient: [UInt8]) {
        (self.modulus, self.publicExponent, self.privateExponent) = (modulus, publicExponent, privateExponent)
        (self.prime1, self.prime2, self.exponent1, self.exponent2, self.coefficient) = (prime1, prime2, exponent1, exponent2, coefficient)
    }

    /// Parses DER; a multi-prime key (version 1) is refused.
    public init(derEncoded bytes: [UInt8]) throws(ASN1Error) {
        let root = try DER.parse(bytes)
        let members = try root.sequence { (children) throws(ASN1Error) -> [[UInt8]] in
            let versionNode = try children.next("version")
            let version = try versionNode.smallInteger()
            guard version == 0 else {
                throw ASN1Error(.invalidValue(version == 1
                    ? "a multi-prime RSA key (version 1); only two-prime keys are supported"
                    : "RSAPrivateKey version \(version); expected 0"), at: versionNode.offset)
            }
            var values: [[UInt8]] = []
            for name in ["modulus", "publicExponent", "privateExponent", "prime1", "prime2", "exponent1", "exponent2", "coefficient"] {
                values.append(Array(try children.next(name).integerMagnitude()))
            }
            return values
        }
        self.init(modulus: members[0], publicExponent: members[1], privateExponent: members[2], prime1: members[3],
                  prime2: members[4], exponent1: members[5], exponent2: members[6], coefficient: members[7])
    }

    /// Canonical DER.
    public var derRepresentation: [UInt8] {
        var writer = DERWriter()
        writer.writeSequence { inner in
            inner.writeInteger(0)
            for value in [modulus, publicExponent, privateExponent, prime1, prime2, exponent1, exponent2, coefficient] {
                inner.writeInteger(magnitude: value)
            }
        }
        return writer.bytes
    }

    /// PEM, label "RSA PRIVATE KEY".
    public var pemRepresentation: String { PEM.encode(label: "RSA PRIVATE KEY", derBytes: derRepresentation) }
}

/// The RSA private key in a file: PKCS#8 with rsaEncryption ("PRIVATE KEY") or PKCS#1 ("RSA PRIVATE KEY").
public struct RSAPrivateKeyMaterial: Hashable, Sendable {
    /// The key's members.
    public let key: PKCS1RSAPrivateKey

    /// From PEM, "PRIVATE KEY" or "RSA PRIVATE KEY"; anything else is named in the error.
    public init(pemRepresentation text: String) throws(ASN1Error) {
        let block = try PEM.parseSingle(text)
        switch block.label {
        case "RSA PRIVATE KEY": self.init(key: try PKCS1RSAPrivateKey(derEncoded: block.derBytes))
        case "PRIVATE KEY": try self.init(pkcs8: PKCS8PrivateKey(derEncoded: block.derBytes))
        default:
            let container = try KeyContainer.identify(pemRepresentation: text)
            throw ASN1Error(.wrongKeyType(expected: "an RSA private key ('PRIVATE KEY' or 'RSA PRIVATE KEY')", found: container.summary), at: 0)
        }
    }

    /// From DER, PKCS#8 or PKCS#1.
    public init(derRepresentation bytes: [UInt8]) throws(ASN1Error) {
        switch try KeyContainer.identify(derRepresentation: bytes) {
        case .pkcs1RSAPrivateKey: self.init(key: try PKCS1RSAPrivateKey(derEncoded: bytes))
        case .pkcs8(let info): try self.init(pkcs8: info)
        case let other:
            throw ASN1Error(.wrongKeyType(expected: "an RSA private key (PKCS#8 or PKCS#1)", found: other.summary), at: 0)
        }
    }

    init(pkcs8 info: PKCS8PrivateKey) throws(ASN1Error) {
        try info.algorithm.requireRSA(at: 0)
        self.init(key: try PKCS1RSAPrivateKey(derEncoded: info.privateKey))
    }

    init(key: PKCS1RSAPrivateKey) { self.key = key }
}

extension PKCS1RSAPrivateKey: CustomStringConvertible, CustomDebugStringConvertible {
    /// The modulus size; the private members are redacted.
    public var description: String { "PKCS1RSAPrivateKey(\(modulus.count * 8)-bit modulus, private members redacted)" }
    /// Same as `description`.
    public var debugDescription: String { description }
}

extension RSAPrivateKeyMaterial: CustomStringConvertible, CustomDebugStringConvertible {
    /// The key's description, redacted.
    public var description: String { "RSAPrivateKeyMaterial(\(key))" }
    /// Same as `description`.
    public var debugDescription: String { description }
}

#if !hasFeature(Embedded)
extension PKCS1RSAPrivateKey: CustomReflectable {
    /// The modulus size; the private members are redacted.
    public var customMirror: Mirror { Mirror(self, children: ["modulusBits": modulus.count * 8, "private": "redacted"], displayStyle: .struct) }
}

extension RSAPrivateKeyMaterial: CustomReflectable {
    /// The key, redacted.
    public var customMirror: Mirror { Mirror(self, children: ["key": key], displayStyle: .struct) }
}
#endif

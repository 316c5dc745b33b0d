// COSE public keys (RFC 9052 §7; RFC 9053 §7 for EC2 and OKP, RFC 8230 §4 for RSA, RFC 9964 §4 for AKP) as WebAuthn's credential
// public keys carry them (WebAuthn §5.8.5, §6.5.1.1). Like PureASN1 for SPKI, this file knows no curve
// arithmetic: it checks the structure and hands out the key's parameters; the key modules build keys.

/// A COSE public key of a kind WebAuthn and App Attest use, checked for shape.
///
/// What is required, beyond a CBOR map with integer labels:
/// - `kty` (1): OKP (1), EC2 (2), RSA (3) or AKP (7); `alg` (3): one of the signature algorithms of ``COSEAlgorithm``
///   but ``COSEAlgorithm/rs1``, and matching the key as WebAuthn §5.8.5 says: ES256 (or RFC 9864's ESP256) with
///   P-256, ES384 or ESP384 with P-384, ES512 or ESP512 with P-521, EdDSA or Ed25519 with Ed25519, EdDSA or
///   Ed448 with Ed448, ES256K with secp256k1, RS* and PS*
///   with RSA, ML-DSA-44/65/87 with AKP.
/// - EC2: `crv` (-1), `x` (-2) and `y` (-3) as byte strings of exactly the field's length (the compressed
///   form, `y` a boolean, is refused as WebAuthn requires). OKP: `crv` Ed25519 and a 32-byte `x`, or Ed448 and a 57-byte `x`. RSA: `n`
///   (-1) and `e` (-2) in the fewest bytes (RFC 8230 §4), without a leading zero. AKP: `pub` (-1), the
///   ML-DSA public key of exactly its parameter set's length (1312, 1952 or 2592 bytes).
/// - No private parameter (`d`, RSA's `p`, `q`, …, AKP's `priv`): a credential key that carries one is refused.
/// Other labels (`kid`, `key_ops`, …) are allowed and not kept.
public struct COSEKey: Hashable, Sendable {
    /// The curves of the EC2 and OKP keys accepted (IANA "COSE Elliptic Curves").
    public enum Curve: Int64, Hashable, Sendable {
        /// NIST P-256 (EC2, crv 1).
        case p256 = 1
        /// NIST P-384 (EC2, crv 2).
        case p384 = 2
        /// NIST P-521 (EC2, crv 3).
        case p521 = 3
        /// Ed25519 (OKP, crv 6).
        case ed25519 = 6
        /// Ed448 (OKP, crv 7).
        case ed448 = 7
        /// secp256k1 (EC2, crv 8; RFC 8812 §3.1), for ES256K.
        case secp256k1 = 8

        /// The length of one coordinate (EC2) or of the key (OKP), in bytes.
        public var coordinateByteCount: Int {
            switch self {
            case .p256, .ed25519, .secp256k1: return 32
            case .p384: return 48
            case .p521: return 66
            case .ed448: return 57
            }
        }

        /// Whether this is an octet-key-pair curve (Ed25519, Ed448), which an EC2 key may not name.
        var isOctetKeyPair: Bool {
            switch self {
            case .ed25519, .ed448: return true
            case .p256, .p384, .p521, .secp256k1: return false
            }
        }
    }

    /// The key's parameters, as their bytes.
    public enum Parameters: Hashable, Sendable {
        /// An elliptic-curve key in affine coordinates, each big-endian of the curve's length.
        case ec2(curve: Curve, x: [UInt8], y: [UInt8])
        /// An octet key pair's public key (RFC 8032's encoding: 32 bytes for Ed25519, 57 for Ed448).
        case okp(curve: Curve, x: [UInt8])
        /// An RSA public key: modulus and public exponent, big-endian, no leading zero byte.
        case rsa(modulus: [UInt8], exponent: [UInt8])
        /// An algorithm key pair's public key (RFC 9964 §4: ML-DSA's encoding pk; the algorithm says which).
        case akp(publicKey: [UInt8])
    }

    /// The algorithm the key signs with.
    public let algorithm: COSEAlgorithm
    /// The key itself.
    public let parameters: Parameters

    /// A key from its algorithm and parameters, checked as a decoded key is.
    public init(algorithm: COSEAlgorithm, parameters: Parameters) throws(CBORError) {
        try COSEKey.check(algorithm, against: parameters)
        self.algorithm = algorithm
        self.parameters = parameters
    }

    /// Reads a key from its CBOR map.
    public init(_ item: CBOR) throws(CBORError) {
        guard let map = item.mapValue else { throw COSEKey.invalid("it is not a CBOR map") }
        for entry in map.entries where entry.key.integerValue == nil {
            throw COSEKey.invalid("a label is not an integer (WebAuthn keys use integer labels only)")
        }
        guard let keyType = map[1]?.integerValue else { throw COSEKey.invalid("the key type (label 1) is missing or not an integer") }
        guard let algorithmValue = map[3]?.integerValue else {
            throw COSEKey.invalid("the algorithm (label 3) is missing or not an integer; WebAuthn credential keys must name it")
        }
        let parameters: Parameters
        switch keyType {
        case 2:
            try COSEKey.refusePrivate(map, labels: [-4])
            let curve = try COSEKey.curve(map)
            guard !curve.isOctetKeyPair else { throw CBORError(.unsupportedCOSECurve(curve.rawValue), at: 0) }
            if map[-3]?.booleanValue != nil {
                throw COSEKey.invalid("y (label -3) is a boolean: the compressed form, which WebAuthn does not allow")
            }
            let x = try COSEKey.bytes(map, label: -2, name: "x", count: curve.coordinateByteCount)
            let y = try COSEKey.bytes(map, label: -3, name: "y", count: curve.coordinateByteCount)
            parameters = .ec2(curve: curve, x: x, y: y)
        case 1:
            try COSEKey.refusePrivate(map, labels: [-4])
            let curve = try COSEKey.curve(map)
            guard curve.isOctetKeyPair else { throw CBORError(.unsupportedCOSECurve(curve.rawValue), at: 0) }
            parameters = .okp(curve: curve, x: try COSEKey.bytes(map, label: -2, name: "x", count: curve.coordinateByteCount))
        case 3:
            try COSEKey.refusePrivate(map, labels: [-3, -4, -5, -6, -7, -8, -9, -10, -11, -12])
            let modulus = try COSEKey.bytes(map, label: -1, name: "n", count: nil)
            let exponent = try COSEKey.bytes(map, label: -2, name: "e", count: nil)
            parameters = .rsa(modulus: modulus, exponent: exponent)
        case 7:
            try COSEKey.refusePrivate(map, labels: [-2])
            parameters = .akp(publicKey: try COSEKey.bytes(map, label: -1, name: "pub", count: nil))
        default:
            throw CBORError(.unsupportedCOSEKeyType(keyType), at: 0)
        }
        try self.init(algorithm: COSEAlgorithm(rawValue: algorithmValue), parameters: parameters)
    }

    /// Reads a key from its encoding, which must be exactly one CBOR map.
    public init(encoded bytes: [UInt8]) throws(CBORError) {
        try self.init(CBORDecoder().decode(bytes))
    }

    /// The key as a CBOR map: `kty`, `alg`, then the key type's parameters.
    public var cbor: CBOR {
        var map = CBORMap()
        switch parameters {
        case .ec2(let curve, let x, let y):
            map.append(CBOR(1), CBOR(2))
            map.append(CBOR(3), CBOR(algorithm.rawValue))
            map.append(CBOR(-1), CBOR(curve.rawValue))
            map.append(CBOR(-2), .byteString(x))
            map.append(CBOR(-3), .byteString(y))
        case .okp(let curve, let x):
            map.append(CBOR(1), CBOR(1))
            map.append(CBOR(3), CBOR(algorithm.rawValue))
            map.append(CBOR(-1), CBOR(curve.rawValue))
            map.append(CBOR(-2), .byteString(x))
        case .rsa(let modulus, let exponent):
            map.append(CBOR(1), CBOR(3))
            map.append(CBOR(3), CBOR(algorithm.rawValue))
            map.append(CBOR(-1), .byteString(modulus))
            map.append(CBOR(-2), .byteString(exponent))
        case .akp(let publicKey):
            map.append(CBOR(1), CBOR(7))
            map.append(CBOR(3), CBOR(algorithm.rawValue))
            map.append(CBOR(-1), .byteString(publicKey))
        }
        return .map(map)
    }

    /// The key's CTAP2 canonical encoding.
    public func encoded() -> [UInt8] {
        // The map built above has distinct keys and no simple values: encoding cannot fail.
        (try? CBOREncoder.encode(cbor)) ?? []
    }

    // MARK: Checks

    private static func check(_ algorithm: COSEAlgorithm, against parameters: Parameters) throws(CBORError) {
        let expected: [COSEAlgorithm]
        let described: String
        switch parameters {
        case .ec2(let curve, let x, let y):
            guard !curve.isOctetKeyPair else { throw CBORError(.unsupportedCOSECurve(curve.rawValue), at: 0) }
            guard x.count == curve.coordinateByteCount, y.count == curve.coordinateByteCount else {
                throw invalid("an EC2 coordinate is not \(curve.coordinateByteCount) bytes long")
            }
            switch curve {
            case .p256: expected = [.es256, .esp256]; described = "an EC2 P-256 key"
            case .p384: expected = [.es384, .esp384]; described = "an EC2 P-384 key"
            case .secp256k1: expected = [.es256k]; described = "an EC2 secp256k1 key"
            default: expected = [.es512, .esp512]; described = "an EC2 P-521 key"
            }
        case .okp(let curve, let x):
            guard curve.isOctetKeyPair else { throw CBORError(.unsupportedCOSECurve(curve.rawValue), at: 0) }
            let name = curve == .ed25519 ? "Ed25519" : "Ed448"
            guard x.count == curve.coordinateByteCount else { throw invalid("an \(name) key is not \(curve.coordinateByteCount) bytes long") }
            expected = [.edDSA, curve == .ed25519 ? .ed25519 : .ed448]
            described = "an OKP \(name) key"
        case .rsa(let modulus, let exponent):
            guard let first = modulus.first, first != 0 else {
                throw invalid("n (label -1) is empty or has a leading zero byte (RFC 8230 §4: fewest bytes)")
            }
            guard let firstOfExponent = exponent.first, firstOfExponent != 0, exponent.count <= 8 else {
                throw invalid("e (label -2) is empty, has a leading zero byte or is longer than 8 bytes")
            }
            expected = [.rs256, .rs384, .rs512, .ps256, .ps384, .ps512]
            described = "an RSA key"
        case .akp(let publicKey):
            // The algorithm decides the length: FIPS 204 Table 2.
            let lengths: [(COSEAlgorithm, Int)] = [(.mldsa44, 1312), (.mldsa65, 1952), (.mldsa87, 2592)]
            guard let (_, length) = lengths.first(where: { $0.0 == algorithm }) else {
                if algorithm.name == nil || algorithm == .rs1 { throw CBORError(.unsupportedCOSEAlgorithm(algorithm.rawValue), at: 0) }
                throw CBORError(.mismatchedCOSEAlgorithm(algorithm: algorithm.rawValue, key: "an AKP key"), at: 0)
            }
            guard publicKey.count == length else {
                throw invalid("pub (label -1) is \(publicKey.count) bytes long, not the \(length) of an \(algorithm) key")
            }
            expected = [algorithm]
            described = "an AKP key"
        }
        guard expected.contains(algorithm) else {
            if algorithm.name == nil || algorithm == .rs1 {
                throw CBORError(.unsupportedCOSEAlgorithm(algorithm.rawValue), at: 0)
            }
            throw CBORError(.mismatchedCOSEAlgorithm(algorithm: algorithm.rawValue, key: described), at: 0)
        }
    }

    private static func curve(_ map: CBORMap) throws(CBORError) -> Curve {
        guard let value = map[-1]?.integerValue else { throw invalid("the curve (label -1) is missing or not an integer") }
        guard let curve = Curve(rawValue: value) else { throw CBORError(.unsupportedCOSECurve(value), at: 0) }
        return curve
    }

    private static func bytes(_ map: CBORMap, label: Int64, name: String, count: Int?) throws(CBORError) -> [UInt8] {
        guard let bytes = map[label]?.byteStringValue else {
            throw invalid("\(name) (label \(label)) is missing or not a byte string")
        }
        if let count, bytes.count != count {
            throw invalid("\(name) (label \(label)) is \(bytes.count) bytes long, not \(count)")
        }
        return bytes
    }

    private static func refusePrivate(_ map: CBORMap, labels: [Int64]) throws(CBORError) {
        for label in labels where map[label] != nil {
            throw invalid("it carries a private-key parameter (label \(label)); a public key must not")
        }
    }

    private static func invalid(_ what: String) -> CBORError {
        CBORError(.invalidCOSEKey(what), at: 0)
    }
}

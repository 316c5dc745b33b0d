// OBJECT IDENTIFIER, X.690 §8.19: arcs in base 128, high bit set on every byte but an arc's last; the
// first two arcs X.Y are packed into one subidentifier 40·X + Y.

/// An object identifier, held as its DER content octets.
public struct ASN1ObjectIdentifier: Hashable, Sendable, CustomStringConvertible {
    /// The content octets (without tag and length).
    public let derContent: [UInt8]

    /// Validates DER content octets: non-empty, each subidentifier minimal (no leading 0x80), the last
    /// byte ending a subidentifier, and every subidentifier fitting in 64 bits.
    public init?<Bytes: BidirectionalCollection>(derContent bytes: Bytes) where Bytes.Element == UInt8 {
        guard let last = bytes.last, last & 0x80 == 0 else { return nil }
        var startOfArc = true
        var bitsInArc = 0
        for byte in bytes {
            if startOfArc && byte == 0x80 { return nil }
            bitsInArc += 7
            if bitsInArc > 63 { return nil }
            startOfArc = byte & 0x80 == 0
            if startOfArc { bitsInArc = 0 }
        }
        // A well-known identifier shares its stored octets (WellKnownObjectIdentifiers.swift).
        if let known = Self.wellKnown(bytes) {
            self = known
            return
        }
        derContent = Array(bytes)
    }

    /// An identifier from its arcs, e.g. `[1, 2, 840, 10045, 2, 1]`. The first arc is 0, 1 or 2 and,
    /// below 2, the second is below 40 (X.660); these constants are written by hand, not read from input.
    public init(arcs: [UInt64]) {
        precondition(arcs.count >= 2 && arcs[0] <= 2 && (arcs[0] == 2 || arcs[1] < 40), "not an OID")
        var bytes: [UInt8] = []
        for arc in [arcs[0] * 40 + arcs[1]] + arcs.dropFirst(2) {
            var chunk: [UInt8] = [UInt8(arc & 0x7F)]
            var rest = arc >> 7
            while rest > 0 {
                chunk.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
                rest >>= 7
            }
            bytes += chunk
        }
        derContent = bytes
    }

    /// The arcs, e.g. `[1, 2, 840, 10045, 3, 1, 7]`.
    public var arcs: [UInt64] {
        var values: [UInt64] = []
        var current: UInt64 = 0
        for byte in derContent {
            current = current << 7 | UInt64(byte & 0x7F)
            if byte & 0x80 == 0 {
                values.append(current)
                current = 0
            }
        }
        guard let first = values.first else { return [] }
        let (x, y): (UInt64, UInt64) = first < 40 ? (0, first) : first < 80 ? (1, first - 40) : (2, first - 80)
        return [x, y] + values.dropFirst()
    }

    /// Dotted decimal, e.g. "1.2.840.10045.3.1.7".
    public var description: String { arcs.map(String.init).joined(separator: ".") }

    /// A well-known name, when this is one of the identifiers listed here.
    public var name: String? { Self.names[self] }

    /// "prime256v1 (1.2.840.10045.3.1.7)" or just the dotted form.
    public var nameAndDottedForm: String { name.map { "\($0) (\(description))" } ?? description }

    // Key algorithms (RFC 5480, RFC 8017, RFC 8410) and curves (RFC 5480 §2.1.1.1, SEC 2).
    /// id-ecPublicKey, 1.2.840.10045.2.1 (RFC 5480 §2.1.1).
    public static let ecPublicKey = ASN1ObjectIdentifier(arcs: [1, 2, 840, 10045, 2, 1])
    /// rsaEncryption, 1.2.840.113549.1.1.1 (RFC 8017 Appendix A.1).
    public static let rsaEncryption = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113549, 1, 1, 1])
    /// id-RSASSA-PSS, 1.2.840.113549.1.1.10 (RFC 8017 Appendix A.2.3); recognized, not supported.
    public static let rsassaPSS = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113549, 1, 1, 10])
    /// id-Ed25519, 1.3.101.112 (RFC 8410 §3).
    public static let ed25519 = ASN1ObjectIdentifier(arcs: [1, 3, 101, 112])
    /// id-X25519, 1.3.101.110 (RFC 8410 §3).
    public static let x25519 = ASN1ObjectIdentifier(arcs: [1, 3, 101, 110])
    /// id-Ed448, 1.3.101.113 (RFC 8410 §3).
    public static let ed448 = ASN1ObjectIdentifier(arcs: [1, 3, 101, 113])
    /// id-X448, 1.3.101.111 (RFC 8410 §3).
    public static let x448 = ASN1ObjectIdentifier(arcs: [1, 3, 101, 111])
    /// prime256v1 / secp256r1 / P-256, 1.2.840.10045.3.1.7 (RFC 5480 §2.1.1.1).
    public static let prime256v1 = ASN1ObjectIdentifier(arcs: [1, 2, 840, 10045, 3, 1, 7])
    /// secp384r1 / P-384, 1.3.132.0.34 (RFC 5480 §2.1.1.1).
    public static let secp384r1 = ASN1ObjectIdentifier(arcs: [1, 3, 132, 0, 34])
    /// secp521r1 / P-521, 1.3.132.0.35 (RFC 5480 §2.1.1.1).
    public static let secp521r1 = ASN1ObjectIdentifier(arcs: [1, 3, 132, 0, 35])
    /// secp256k1, 1.3.132.0.10 (SEC 2 §2.4.1).
    public static let secp256k1 = ASN1ObjectIdentifier(arcs: [1, 3, 132, 0, 10])
    // Digests, for PKCS#1 v1.5 DigestInfo (RFC 8017 §9.2).
    /// id-sha256, 2.16.840.1.101.3.4.2.1 (RFC 8017 Appendix A.2.4).
    public static let sha256 = ASN1ObjectIdentifier(arcs: [2, 16, 840, 1, 101, 3, 4, 2, 1])
    /// id-ml-dsa-44 (RFC 9881 §2; NIST CSOR sigAlgs 17): ML-DSA-44 keys, parameters absent.
    public static let mlDSA44 = ASN1ObjectIdentifier(arcs: [2, 16, 840, 1, 101, 3, 4, 3, 17])
    /// id-ml-dsa-65 (RFC 9881 §2; sigAlgs 18).
    public static let mlDSA65 = ASN1ObjectIdentifier(arcs: [2, 16, 840, 1, 101, 3, 4, 3, 18])
    /// id-ml-dsa-87 (RFC 9881 §2; sigAlgs 19).
    public static let mlDSA87 = ASN1ObjectIdentifier(arcs: [2, 16, 840, 1, 101, 3, 4, 3, 19])

    private static let names: [ASN1ObjectIdentifier: String] = [
        .ecPublicKey: "id-ecPublicKey", .rsaEncryption: "rsaEncryption", .rsassaPSS: "id-RSASSA-PSS",
        .ed25519: "id-Ed25519", .x25519: "id-X25519", .ed448: "id-Ed448", .x448: "id-X448", .prime256v1: "prime256v1",
        .secp384r1: "secp384r1", .secp521r1: "secp521r1", .secp256k1: "secp256k1", .sha256: "id-sha256",
        .mlDSA44: "id-ml-dsa-44", .mlDSA65: "id-ml-dsa-65", .mlDSA87: "id-ml-dsa-87",
    ]
}

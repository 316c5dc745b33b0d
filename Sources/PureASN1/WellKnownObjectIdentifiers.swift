// Identifiers met in nearly every certificate, CMS structure and key this package reads, kept once, so
// that decoding one of them shares the stored content octets instead of allocating a copy: a
// certificate carries a dozen or more (attribute types, extensions, algorithms, curves), and those
// copies were a fifth of an App Attest attestation's heap allocations. An identifier not listed here
// decodes as before, into an array of its own. What is listed changes nothing but allocations.

extension ASN1ObjectIdentifier {
    /// Content octets of up to 16 bytes packed into two words, with their count: a dictionary key that
    /// is built from a slice without allocating.
    struct ShortContent: Hashable {
        let low: UInt64, high: UInt64, count: Int

        init?<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
            guard bytes.count <= 16 else { return nil }
            var low: UInt64 = 0, high: UInt64 = 0, index = 0
            for byte in bytes {
                if index < 8 { low |= UInt64(byte) << UInt64(8 * index) } else { high |= UInt64(byte) << UInt64(8 * (index - 8)) }
                index += 1
            }
            (self.low, self.high, count) = (low, high, index)
        }
    }

    /// The shared copy of `bytes` when it is a well-known identifier.
    static func wellKnown<Bytes: Collection>(_ bytes: Bytes) -> ASN1ObjectIdentifier? where Bytes.Element == UInt8 {
        guard let key = ShortContent(bytes) else { return nil }
        return wellKnownByContent[key]
    }

    private static let wellKnownByContent: [ShortContent: ASN1ObjectIdentifier] = {
        var table: [ShortContent: ASN1ObjectIdentifier] = [:]
        for arcs in wellKnownArcs {
            let identifier = ASN1ObjectIdentifier(arcs: arcs)
            if let key = ShortContent(identifier.derContent) { table[key] = identifier }
        }
        return table
    }()

    static let wellKnownArcs: [[UInt64]] = [
        // X.520 attribute types (names in subjects and issuers), PKCS #9 emailAddress, RFC 4519 DC.
        [2, 5, 4, 3], [2, 5, 4, 4], [2, 5, 4, 5], [2, 5, 4, 6], [2, 5, 4, 7], [2, 5, 4, 8], [2, 5, 4, 9],
        [2, 5, 4, 10], [2, 5, 4, 11], [2, 5, 4, 12], [2, 5, 4, 17], [2, 5, 4, 42], [2, 5, 4, 43], [2, 5, 4, 97],
        [1, 2, 840, 113549, 1, 9, 1], [0, 9, 2342, 19200300, 100, 1, 25],
        // RFC 5280 extensions, and the Authority Information Access methods.
        [2, 5, 29, 14], [2, 5, 29, 15], [2, 5, 29, 17], [2, 5, 29, 18], [2, 5, 29, 19], [2, 5, 29, 30],
        [2, 5, 29, 31], [2, 5, 29, 32], [2, 5, 29, 35], [2, 5, 29, 36], [2, 5, 29, 37], [2, 5, 29, 54],
        [1, 3, 6, 1, 5, 5, 7, 1, 1], [1, 3, 6, 1, 5, 5, 7, 48, 1], [1, 3, 6, 1, 5, 5, 7, 48, 2],
        [1, 3, 6, 1, 5, 5, 7, 3, 1], [1, 3, 6, 1, 5, 5, 7, 3, 2], [1, 3, 6, 1, 5, 5, 7, 3, 9],
        // Keys, curves and signature algorithms (RFC 5480, RFC 8017, RFC 8410, RFC 9881).
        [1, 2, 840, 10045, 2, 1], [1, 2, 840, 10045, 3, 1, 7], [1, 3, 132, 0, 34], [1, 3, 132, 0, 35],
        [1, 2, 840, 10045, 4, 3, 2], [1, 2, 840, 10045, 4, 3, 3], [1, 2, 840, 10045, 4, 3, 4],
        [1, 2, 840, 113549, 1, 1, 1], [1, 2, 840, 113549, 1, 1, 5], [1, 2, 840, 113549, 1, 1, 10],
        [1, 2, 840, 113549, 1, 1, 11], [1, 2, 840, 113549, 1, 1, 12], [1, 2, 840, 113549, 1, 1, 13],
        [1, 3, 101, 110], [1, 3, 101, 112],
        [2, 16, 840, 1, 101, 3, 4, 3, 17], [2, 16, 840, 1, 101, 3, 4, 3, 18], [2, 16, 840, 1, 101, 3, 4, 3, 19],
        [2, 16, 840, 1, 101, 3, 4, 2, 1], [2, 16, 840, 1, 101, 3, 4, 2, 2], [2, 16, 840, 1, 101, 3, 4, 2, 3],
        // CMS (RFC 5652): content types and the signed attributes.
        [1, 2, 840, 113549, 1, 7, 1], [1, 2, 840, 113549, 1, 7, 2],
        [1, 2, 840, 113549, 1, 9, 3], [1, 2, 840, 113549, 1, 9, 4], [1, 2, 840, 113549, 1, 9, 5],
        // Apple's certificate extensions: App Attest (nonce, and two more its leaves carry), App Store
        // receipts and signed data, Apple Pay's markers.
        [1, 2, 840, 113635, 100, 8, 2], [1, 2, 840, 113635, 100, 8, 5], [1, 2, 840, 113635, 100, 8, 7],
        [1, 2, 840, 113635, 100, 6, 11, 1], [1, 2, 840, 113635, 100, 6, 2, 1], [1, 2, 840, 113635, 100, 6, 2, 14],
        [1, 2, 840, 113635, 100, 6, 29], [1, 2, 840, 113635, 100, 6, 32],
        // WebAuthn attestation: FIDO's AAGUID extension, Android key attestation, TPM (TCG).
        [1, 3, 6, 1, 4, 1, 45724, 1, 1, 4], [1, 3, 6, 1, 4, 1, 11129, 2, 1, 17],
        [2, 23, 133, 2, 1], [2, 23, 133, 2, 2], [2, 23, 133, 2, 3], [2, 23, 133, 8, 3],
    ]
}

// A PKCS#12 file (RFC 7292) in password integrity and privacy mode — what Keychain Access, OpenSSL and
// Apple's portal workflows export a certificate and its private key as — read into its certificates and
// private keys:
//
//   PFX { version 3, authSafe ContentInfo (data: OCTET STRING of AuthenticatedSafe),
//         macData { mac DigestInfo, macSalt OCTET STRING, iterations INTEGER DEFAULT 1 } OPTIONAL }
//   AuthenticatedSafe = SEQUENCE OF ContentInfo, each
//         data:          OCTET STRING of SafeContents
//         encryptedData: { version, EncryptedContentInfo { data, algorithm, [0] IMPLICIT ciphertext } }
//   SafeContents = SEQUENCE OF SafeBag { bagId, [0] EXPLICIT bagValue, bagAttributes SET OPTIONAL }
//         keyBag               PrivateKeyInfo (PKCS#8)
//         pkcs8ShroudedKeyBag  EncryptedPrivateKeyInfo { algorithm, OCTET STRING }
//         certBag              { x509Certificate, [0] EXPLICIT OCTET STRING (DER) }
//         safeContentsBag      SafeContents (nested, at most 4 deep)
//         crlBag, secretBag    skipped
//
// The MAC (HMAC over the AuthenticatedSafe with a key from the PKCS#12 derivation, ID 3, with the MAC's
// hash: SHA-1, SHA-256, SHA-384 or SHA-512) is checked first, in constant time, so a wrong password is
// told as such before anything is decrypted. BER (indefinite lengths, constructed strings, as some
// exporters write) is rewritten to DER first.

import PureASN1
import PureSHA2

/// The certificates and private keys of a PKCS#12 file.
public struct PKCS12Contents: Sendable {
    /// A certificate, DER, with the bag's local key ID (which pairs it with its key) when present.
    public struct CertificateItem: Sendable, Hashable {
        /// The certificate, DER.
        public let derRepresentation: [UInt8]
        /// The bag's localKeyID attribute (the same value as its key's), when present.
        public let localKeyID: [UInt8]?
    }

    /// A private key, PKCS#8 PrivateKeyInfo DER, with the bag's local key ID when present. A secret: its
    /// description never shows it.
    public struct PrivateKeyItem: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
        /// The key, PKCS#8 PrivateKeyInfo DER. A secret.
        public let derRepresentation: [UInt8]
        /// The bag's localKeyID attribute (the same value as its certificate's), when present.
        public let localKeyID: [UInt8]?
        public var description: String { "PKCS12Contents.PrivateKeyItem(\(derRepresentation.count) bytes, redacted)" }
        public var debugDescription: String { description }
    }

    /// The certificates, in the file's order.
    public let certificates: [CertificateItem]
    /// The private keys, in the file's order.
    public let privateKeys: [PrivateKeyItem]

    /// The largest file read.
    public static let maximumSize = 1 << 20

    static let dataOID = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_549, 1, 7, 1])
    static let encryptedDataOID = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_549, 1, 7, 6])
    static let keyBag = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_549, 1, 12, 10, 1, 1])
    static let shroudedKeyBag = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_549, 1, 12, 10, 1, 2])
    static let certBag = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_549, 1, 12, 10, 1, 3])
    static let safeContentsBag = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_549, 1, 12, 10, 1, 6])
    static let x509Certificate = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_549, 1, 9, 22, 1])
    static let localKeyIDAttribute = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_549, 1, 9, 21])
    static let sha1 = ASN1ObjectIdentifier(arcs: [1, 3, 14, 3, 2, 26])
    static let sha256 = ASN1ObjectIdentifier(arcs: [2, 16, 840, 1, 101, 3, 4, 2, 1])
    static let sha384 = ASN1ObjectIdentifier(arcs: [2, 16, 840, 1, 101, 3, 4, 2, 2])
    static let sha512 = ASN1ObjectIdentifier(arcs: [2, 16, 840, 1, 101, 3, 4, 2, 3])

    /// Reads a PKCS#12 file (DER or BER) with `password`.
    ///
    /// - Throws: ``PKCS12Error`` `.wrongPassword` when the MAC does not verify (or, without a MAC, the
    ///   decryption is not padded), `.unsupportedAlgorithm` naming the algorithm, `.malformed` otherwise.
    public init(derRepresentation bytes: [UInt8], password: String) throws(PKCS12Error) {
        guard bytes.count <= Self.maximumSize else { throw PKCS12Error(.malformed("\(bytes.count) bytes, over the limit of \(Self.maximumSize)")) }
        let der: [UInt8]
        do { der = try BER.definiteLengthEncoding(bytes, maximumSize: 2 * Self.maximumSize) } catch {
            throw PKCS12Error(.malformed("\(error)"))
        }
        var authenticatedSafe: [UInt8] = []
        var macNode: DERNode?
        do {
            try DER.parse(der).sequence { (pfx) throws(ASN1Error) in
                guard try pfx.next("version").smallInteger() == 3 else { throw ASN1Error(.invalidValue("a PFX version other than 3"), at: pfx.offset) }
                authenticatedSafe = try Self.dataContent(pfx.next("authSafe"))
                macNode = pfx.isEmpty ? nil : try pfx.next("macData")
                guard pfx.isEmpty else { throw ASN1Error(.invalidValue("more after macData"), at: pfx.offset) }
            }
        } catch {
            throw PKCS12Error(.malformed("\(error)"))
        }
        if let macNode { try Self.checkMAC(macNode, over: authenticatedSafe, password: password) }

        var certificates: [CertificateItem] = [], keys: [PrivateKeyItem] = []
        var contents: [(encrypted: Bool, bytes: [UInt8], algorithm: DERNode?)] = []
        do {
            try DER.parse(authenticatedSafe).sequence { (safe) throws(ASN1Error) in
                while !safe.isEmpty {
                    try safe.next("ContentInfo").sequence { (info) throws(ASN1Error) in
                        let type = try info.next("contentType").objectIdentifier()
                        let content = try info.next("content").explicit(0)
                        switch type {
                        case Self.dataOID:
                            contents.append((false, Array(try content.octetString()), nil))
                        case Self.encryptedDataOID:
                            try content.sequence { (encrypted) throws(ASN1Error) in
                                _ = try encrypted.next("version").smallInteger()
                                try encrypted.next("encryptedContentInfo").sequence { (info) throws(ASN1Error) in
                                    guard try info.next("contentType").objectIdentifier() == Self.dataOID else {
                                        throw ASN1Error(.invalidValue("encrypted content not of type data"), at: info.offset)
                                    }
                                    let algorithm = try info.next("contentEncryptionAlgorithm")
                                    let ciphertext = try info.next("encryptedContent")
                                    guard ciphertext.tag == .contextSpecific(0, constructed: false) else {
                                        throw ASN1Error(.invalidValue("encryptedContent is not [0] IMPLICIT OCTET STRING"), at: ciphertext.offset)
                                    }
                                    contents.append((true, Array(ciphertext.content), algorithm))
                                }
                            }
                        default:
                            throw ASN1Error(.invalidValue("a \(type.nameAndDottedForm) ContentInfo (public-key privacy mode is not read)"), at: info.offset)
                        }
                    }
                }
            }
        } catch {
            throw PKCS12Error(.malformed("the AuthenticatedSafe: \(error)"))
        }
        for content in contents {
            var bytes = content.bytes
            if content.encrypted, let algorithm = content.algorithm {
                bytes = try PasswordBasedEncryption.decrypt(bytes, algorithm: algorithm, password: password)
            }
            try Self.readBags(bytes, password: password, depth: 0, certificates: &certificates, keys: &keys)
        }
        self.certificates = certificates
        privateKeys = keys
    }

    /// The OCTET STRING of a ContentInfo of type data.
    private static func dataContent(_ node: DERNode) throws(ASN1Error) -> [UInt8] {
        try node.sequence { (info) throws(ASN1Error) in
            guard try info.next("contentType").objectIdentifier() == dataOID else {
                throw ASN1Error(.invalidValue("authSafe is not of type data (public-key integrity mode is not read)"), at: info.offset)
            }
            return Array(try info.next("content").explicit(0).octetString())
        }
    }

    /// MacData { DigestInfo { algorithm, digest }, macSalt, iterations DEFAULT 1 }, checked.
    private static func checkMAC(_ node: DERNode, over content: [UInt8], password: String) throws(PKCS12Error) {
        var algorithm = sha1, digest: [UInt8] = [], salt: [UInt8] = [], iterations = 1
        do {
            try node.sequence { (mac) throws(ASN1Error) in
                try mac.next("mac").sequence { (info) throws(ASN1Error) in
                    try info.next("digestAlgorithm").sequence { (identifier) throws(ASN1Error) in
                        algorithm = try identifier.next("algorithm").objectIdentifier()
                        if !identifier.isEmpty { _ = try identifier.next("parameters") }
                    }
                    digest = Array(try info.next("digest").octetString())
                }
                salt = Array(try mac.next("macSalt").octetString())
                if !mac.isEmpty { iterations = try mac.next("iterations").smallInteger() }
            }
        } catch {
            throw PKCS12Error(.malformed("macData: \(error)"))
        }
        guard (1...PasswordBasedEncryption.maximumIterations).contains(iterations) else { throw PKCS12Error(.iterationCount(iterations)) }
        let bmp = PKCS12KeyDerivation.bmpString(password)
        func mac<H: HashFunction>(_: H.Type) -> [UInt8] {
            let key = PKCS12KeyDerivation.derive(H.self, purpose: .macKey, password: bmp, salt: salt, iterations: iterations, count: H.Digest.byteCount)
            var hmac = HMAC<H>(key: SymmetricKey(data: key))
            hmac.update(data: content)
            return Array(hmac.finalize())
        }
        let expected: [UInt8]
        switch algorithm {
        case sha1: expected = mac(Insecure.SHA1.self)
        case sha256: expected = mac(SHA256.self)
        case sha384: expected = mac(SHA384.self)
        case sha512: expected = mac(SHA512.self)
        default:
            throw PKCS12Error(.unsupportedAlgorithm("a MAC over \(algorithm.nameAndDottedForm) (HMAC with SHA-1/256/384/512 and the PKCS#12 key derivation are read; PBMAC1 is not)"))
        }
        guard constantTimeEqual(expected, digest) else { throw PKCS12Error(.wrongPassword) }
    }

    /// The bags of a SafeContents.
    private static func readBags(_ bytes: [UInt8], password: String, depth: Int, certificates: inout [CertificateItem],
                                 keys: inout [PrivateKeyItem]) throws(PKCS12Error) {
        guard depth < 4 else { throw PKCS12Error(.malformed("SafeContents nested more than 4 deep")) }
        var nested: [[UInt8]] = []
        var shrouded: [(bytes: [UInt8], algorithm: DERNode, localKeyID: [UInt8]?)] = []
        do {
            try DER.parse(bytes).sequence { (bags) throws(ASN1Error) in
                while !bags.isEmpty {
                    try bags.next("SafeBag").sequence { (bag) throws(ASN1Error) in
                        let type = try bag.next("bagId").objectIdentifier()
                        let value = try bag.next("bagValue").explicit(0)
                        let localKeyID = bag.isEmpty ? nil : try Self.localKeyID(bag.next("bagAttributes"))
                        switch type {
                        case Self.keyBag:
                            keys.append(PrivateKeyItem(derRepresentation: Array(value.encoded), localKeyID: localKeyID))
                        case Self.shroudedKeyBag:
                            try value.sequence { (info) throws(ASN1Error) in
                                let algorithm = try info.next("encryptionAlgorithm")
                                shrouded.append((Array(try info.next("encryptedData").octetString()), algorithm, localKeyID))
                            }
                        case Self.certBag:
                            try value.sequence { (cert) throws(ASN1Error) in
                                guard try cert.next("certId").objectIdentifier() == Self.x509Certificate else { return }
                                let der = Array(try cert.next("certValue").explicit(0).octetString())
                                certificates.append(CertificateItem(derRepresentation: der, localKeyID: localKeyID))
                            }
                        case Self.safeContentsBag:
                            nested.append(Array(value.encoded))
                        default:
                            break   // CRLs, secrets: not needed
                        }
                        guard bag.isEmpty else { throw ASN1Error(.invalidValue("more after the bag's attributes"), at: bag.offset) }
                    }
                }
            }
        } catch {
            throw PKCS12Error(.malformed("a SafeContents: \(error)"))
        }
        for key in shrouded {
            let decrypted = try PasswordBasedEncryption.decrypt(key.bytes, algorithm: key.algorithm, password: password)
            // The decryption must give one PrivateKeyInfo, nothing after it.
            do { _ = try DER.parse(decrypted) } catch { throw PKCS12Error(.wrongPassword) }
            keys.append(PrivateKeyItem(derRepresentation: decrypted, localKeyID: key.localKeyID))
        }
        for contents in nested {
            try readBags(contents, password: password, depth: depth + 1, certificates: &certificates, keys: &keys)
        }
    }

    /// The localKeyID attribute's value among a bag's attributes, if present.
    private static func localKeyID(_ attributes: DERNode) throws(ASN1Error) -> [UInt8]? {
        var found: [UInt8]?
        try attributes.constructed(.set) { (set) throws(ASN1Error) in
            while !set.isEmpty {
                try set.next("attribute").sequence { (attribute) throws(ASN1Error) in
                    let type = try attribute.next("attrId").objectIdentifier()
                    try attribute.next("attrValues").constructed(.set) { (values) throws(ASN1Error) in
                        if type == Self.localKeyIDAttribute, !values.isEmpty { found = Array(try values.next("localKeyID").octetString()) }
                        while !values.isEmpty { _ = try values.next("value") }
                    }
                }
            }
        }
        return found
    }
}

// `dump` reads stored properties through a Mirror: without this one it would list the key's DER byte by byte.
#if !hasFeature(Embedded)
extension PKCS12Contents.PrivateKeyItem: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, children: ["byteCount": derRepresentation.count, "localKeyID": localKeyID as Any, "key": "redacted"], displayStyle: .struct)
    }
}
#endif

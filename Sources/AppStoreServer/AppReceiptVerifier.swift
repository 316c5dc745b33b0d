// Verifying an app receipt, which Apple's server libraries decline to do. An app receipt is a PKCS#7
// SignedData (RFC 2315 §9; RFC 5652 §5):
//
//   ContentInfo { contentType signedData, [0] EXPLICIT SignedData {
//       version INTEGER, digestAlgorithms SET OF AlgorithmIdentifier,
//       contentInfo { contentType data, [0] EXPLICIT OCTET STRING payload },
//       certificates [0] IMPLICIT SET OF Certificate,       -- the signer, its WWDR intermediate, the root
//       [crls [1] IMPLICIT …]  (refused: receipts have none)
//       signerInfos SET OF SignerInfo { version 1, issuerAndSerialNumber { issuer Name, serial INTEGER },
//           digestAlgorithm (SHA-1 until 2023, SHA-256 since), [authenticatedAttributes [0]: refused, no
//           receipt has them], digestEncryptionAlgorithm (rsaEncryption, or sha*WithRSAEncryption),
//           encryptedDigest OCTET STRING } } }
//
// The checks, in order: the layout (exactly one signer, named by issuer and serial among the
// certificates); the chain from the signer through the receipt's own certificates to a
// root the caller gives (never to one the receipt carries), at the receipt's creation date unless told
// otherwise, SHA-1 certificate signatures accepted here only, and, when the signer is not itself the root,
// Apple's markers (receipt signing 1.2.840.113635.100.6.11.1 on the signer, WWDR 1.2.840.113635.100.6.2.1
// on the intermediate), so that no other certificate Apple's intermediate issued — a developer's — can sign
// a receipt (a chain verified once is remembered: the next receipt with the same certificates skips it);
// the RSA PKCS#1 v1.5 signature over the payload bytes with the digest the SignerInfo names, by the
// signer's key; then the bundle ID and, given the device identifier, the SHA-1 device hash.
//
// Checking the chain at the creation date, which the signed content itself states, is how receipts are
// meant to be read (every App Store receipt here has an expired signer today): it trusts that a key of an
// expired Apple certificate was not used later to backdate receipts. `.now` checks at the current time.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureASN1
import PureJWT
import PureRSA
import PureSHA2
import PureX509

/// Verifies app receipts: signature, chain to the given root, bundle ID, device hash; returns the fields.
public struct AppReceiptVerifier: Sendable {
    /// When the certificates must be valid.
    public enum ValidationTime: Sendable, Hashable {
        /// At the receipt's creation date (attribute 12), the default.
        case receiptCreationDate
        /// Now.
        case now
        /// At a given time.
        case at(Date)
    }

    /// The roots a receipt must chain to: Apple Inc. Root (AppleIncRootCertificate.cer) for App Store
    /// receipts; the StoreKit certificate of an Xcode project for its StoreKit-testing receipts.
    public let rootCertificates: [Certificate]
    /// The bundle ID the receipt must name; nil: not checked.
    public let bundleID: String?
    /// When the certificates must be valid.
    public let validationTime: ValidationTime
    private let now: @Sendable () -> Date
    private let cache: ChainCache<[UInt8], RSA.Signing.PublicKey>
    private let validator: X509ChainValidator

    /// A verifier trusting `rootCertificates` (DER), checking `bundleID` when given, at `validationTime`.
    /// `chainCacheCapacity` bounds the verified chains kept (0: none): Apple signs every receipt of a
    /// period with the same certificate, so a server verifies that chain once, then only the receipt's
    /// own signature.
    public init(rootCertificates: [[UInt8]], bundleID: String? = nil, validationTime: ValidationTime = .receiptCreationDate,
                chainCacheCapacity: Int = 16, now: @escaping @Sendable () -> Date = { Date() }) throws(AppStoreVerificationError) {
        guard chainCacheCapacity >= 0 else { throw AppStoreVerificationError(.invalidConfiguration("the chain cache capacity is negative")) }
        guard !rootCertificates.isEmpty else {
            throw AppStoreVerificationError(.invalidConfiguration("no root certificate; App Store receipts chain to Apple Inc. Root (AppleIncRootCertificate.cer)"))
        }
        var roots: [Certificate] = []
        for (index, der) in rootCertificates.enumerated() {
            do { roots.append(try Certificate(derRepresentation: der)) } catch {
                throw AppStoreVerificationError(.invalidConfiguration("root certificate \(index) could not be read: \(error)"))
            }
        }
        self.rootCertificates = roots
        self.bundleID = bundleID
        self.validationTime = validationTime
        self.now = now
        // Xcode's StoreKit certificate has a critical extended key usage (code signing): handled here by
        // accepting it only on a signer that is itself the given root, which the caller trusts as it is.
        let extendedKeyUsage = ASN1ObjectIdentifier(arcs: [2, 5, 29, 37])
        let policy = X509Policy(handledCriticalExtensions: [extendedKeyUsage], acceptsSHA1Signatures: true) { (validated) throws(X509Error) in
            // A self-signed signer given as the root (Xcode's StoreKit certificate) needs no Apple markers.
            guard validated.certificates.count > 1 || validated.leaf != validated.trustAnchor else { return }
            for (index, certificate) in validated.certificates.enumerated() where certificate.extension(extendedKeyUsage)?.isCritical == true {
                throw X509Error(.unhandledCriticalExtension("2.5.29.37 (extended key usage) on an App Store receipt chain"),
                                certificateIndex: index, role: validated.role(of: index))
            }
            guard validated.leaf.extension(SignedDataVerifier.leafMarker) != nil else {
                throw X509Error(.policy("the signer lacks Apple's receipt-signing marker 1.2.840.113635.100.6.11.1"), certificateIndex: 0, role: "the signer")
            }
            // The signer's issuer: the receipt's intermediate, or the root itself when a WWDR certificate is
            // what the caller gave.
            let issuer = validated.certificates.count > 1 ? validated.certificates[1] : validated.trustAnchor
            guard issuer.extension(SignedDataVerifier.intermediateMarker) != nil else {
                throw X509Error(.policy("the signer's issuer lacks Apple's WWDR marker 1.2.840.113635.100.6.2.1"), certificateIndex: 1,
                                role: validated.role(of: 1))
            }
        }
        validator = X509ChainValidator(trustAnchors: roots, policy: policy)
        self.cache = ChainCache(capacity: chainCacheCapacity)
    }

    /// Verifies a base64 receipt (whitespace ignored).
    public func verify(base64 text: String, deviceIdentifier: [UInt8]? = nil) throws(AppStoreVerificationError) -> AppReceipt {
        try verify(ReceiptUtility.decodeBase64(text, what: "app receipt"), deviceIdentifier: deviceIdentifier)
    }

    /// Verifies a receipt's bytes (DER, or Xcode's BER) and returns its fields. `deviceIdentifier`: the
    /// bytes the device hash covers (identifierForVendor's 16 bytes on iOS, the primary MAC address's 6 on
    /// macOS); nil: the hash is not checked.
    public func verify(_ receipt: [UInt8], deviceIdentifier: [UInt8]? = nil) throws(AppStoreVerificationError) -> AppReceipt {
        guard receipt.count <= ReceiptUtility.maximumReceiptSize else {
            throw ReceiptUtility.malformed("the receipt is \(receipt.count) bytes, over the \(ReceiptUtility.maximumReceiptSize)-byte limit")
        }
        let signed: ReceiptSignedData
        let fields: AppReceipt
        do {
            signed = try ReceiptUtility.withDefiniteLengths(receipt) { der in try ReceiptSignedData(der) }
            fields = try AppReceipt(payload: signed.payload[...])
        } catch {
            throw ReceiptUtility.malformed("\(error)")
        }
        let signerKey = try chainSignerKey(signed, creationDate: fields.creationDate)
        try checkSignature(signed, key: signerKey)
        if let bundleID, fields.bundleId != bundleID { throw AppStoreVerificationError(.bundleIDMismatch(found: fields.bundleId)) }
        if let deviceIdentifier {
            var hasher = Insecure.SHA1()
            hasher.update(data: deviceIdentifier)
            hasher.update(data: fields.opaqueValue)
            hasher.update(data: fields.bundleIDAttribute)
            guard hasher.finalize().bytes == fields.sha1Hash else { throw AppStoreVerificationError(.receiptDeviceHashMismatch) }
        }
        return fields
    }

    private func checkSignature(_ signed: ReceiptSignedData, key: RSA.Signing.PublicKey) throws(AppStoreVerificationError) {
        let signature = RSA.Signing.RSASignature(rawRepresentation: signed.signature)
        let valid: Bool
        switch signed.digest {
        case .sha1: valid = key.isValidInsecureSHA1Signature(signature, for: Insecure.SHA1.hash(data: signed.payload))
        case .sha256: valid = key.isValidSignature(signature, for: SHA256.hash(data: signed.payload))
        }
        guard valid else { throw AppStoreVerificationError(.receiptSignatureInvalid) }
    }

    /// The signer's key once signer → the receipt's intermediates → a given root is valid at the time
    /// checked; from the cache when this certificate set was verified before.
    private func chainSignerKey(_ signed: ReceiptSignedData, creationDate: Date?) throws(AppStoreVerificationError) -> RSA.Signing.PublicKey {
        let time: Date
        switch validationTime {
        case .receiptCreationDate:
            guard let creationDate else { throw AppStoreVerificationError(.receiptChain("the receipt has no creation date (attribute 12) to check at")) }
            time = creationDate
        case .now: time = now()
        case .at(let date): time = date
        }
        guard let at = X509ChainValidator.seconds(sinceEpoch: time.timeIntervalSince1970) else {
            throw AppStoreVerificationError(.receiptChain("the verification time is not a finite date within ±31,000 years of 1970"))
        }
        let cacheKey = signed.chainKey
        if let key = cache.leafKey(for: cacheKey, at: at, now: nil) { return key }

        let certificates: [Certificate]
        do { certificates = try signed.signedData.certificates() } catch {
            throw ReceiptUtility.malformed("a certificate of the receipt could not be read: \(error)")
        }
        guard let signer = signed.signedData.signer(in: certificates) else {
            throw AppStoreVerificationError(.receiptChain("the signer named by the SignerInfo is not among the receipt's certificates"))
        }
        // From the signer up through the receipt's certificates until a certificate a root issued: a root
        // the receipt carries is never used (the validator anchors at the caller's).
        let chain = PKCS7SignedData.chain(from: signer, through: certificates, toward: rootCertificates)
        let validated: ValidatedCertificateChain
        do {
            validated = try validator.validate(chain, at: at)
        } catch {
            throw AppStoreVerificationError(.receiptChain(error.description))
        }
        let key: RSA.Signing.PublicKey
        do { key = try RSA.Signing.PublicKey(derRepresentation: signer.subjectPublicKeyInfoDER) } catch {
            throw AppStoreVerificationError(.receiptChain("the signer's key is not an RSA key of 2048 bits or more (\(error))"))
        }
        let all = validated.certificates + [validated.trustAnchor]
        let wallClock = X509ChainValidator.seconds(sinceEpoch: now().timeIntervalSince1970) ?? at   // a broken clock: the verification time
        var entry = ChainCache<[UInt8], RSA.Signing.PublicKey>.Entry(leafKey: key, validFrom: all.map(\.notBefore).max() ?? at,
                                                                   validUntil: all.map(\.notAfter).min() ?? at, insertedAt: wallClock)
        entry.dropsWhenExpired = false
        cache.insert(entry, for: cacheKey, now: wallClock)
        return key
    }
}

/// An App Store receipt's PKCS#7 SignedData (PureX509 reads it), with its algorithms checked: the digest
/// SHA-1 or SHA-256, the signature RSA with that digest.
struct ReceiptSignedData {
    enum Digest { case sha1, sha256 }

    let signedData: PKCS7SignedData
    let digest: Digest
    /// The chain cache's key: the certificate set's bytes and the signer's issuer and serial.
    let chainKey: [UInt8]

    var payload: [UInt8] { signedData.payload }
    var signature: [UInt8] { signedData.signature }

    private static let sha1OID = ASN1ObjectIdentifier(arcs: [1, 3, 14, 3, 2, 26])
    private static let sha256OID = ASN1ObjectIdentifier(arcs: [2, 16, 840, 1, 101, 3, 4, 2, 1])
    private static let sha1WithRSAOID = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_549, 1, 1, 5])
    private static let sha256WithRSAOID = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_549, 1, 1, 11])

    init(_ der: [UInt8]) throws(ASN1Error) {
        signedData = try PKCS7SignedData(der: der)
        guard !signedData.isDetached else {
            throw ASN1Error(.invalidValue("the signed data's content is detached; an App Store receipt carries its content"), at: 0)
        }
        guard signedData.signedAttributesMessageDigest == nil else {
            throw ASN1Error(.invalidValue("signed attributes, which no App Store receipt has, are not supported"), at: 0)
        }
        switch signedData.digestAlgorithm {
        case Self.sha1OID: digest = .sha1
        case Self.sha256OID: digest = .sha256
        default: throw ASN1Error(.invalidValue("a digest other than SHA-1 or SHA-256: \(signedData.digestAlgorithm.nameAndDottedForm)"), at: 0)
        }
        // rsaEncryption (the digest named above), or the matching sha*WithRSAEncryption.
        let signatureAlgorithm = signedData.signatureAlgorithm
        guard signatureAlgorithm == .rsaEncryption || signatureAlgorithm == (digest == .sha1 ? Self.sha1WithRSAOID : Self.sha256WithRSAOID) else {
            throw ASN1Error(.invalidValue("a signature algorithm other than RSA with the named digest: \(signatureAlgorithm.nameAndDottedForm)"), at: 0)
        }
        chainKey = Array(signedData.certificateSetEncoding) + signedData.signerIssuer + signedData.signerSerial
    }
}

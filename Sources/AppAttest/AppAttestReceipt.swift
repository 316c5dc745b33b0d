// The App Attest receipt (Apple, "Assessing fraud risk"): a PKCS#7 SignedData, BER as Apple sends it, that
// Apple signs with ECDSA P-256/SHA-256 through Apple Application Integration CA 5 - G1 to Apple Root CA - G3.
// An attestation carries one (type ATTEST); Apple's receipt service exchanges it for a new one (type
// RECEIPT) with a risk metric. Its payload is a SET of attributes, each SEQUENCE { type INTEGER, version
// INTEGER, value OCTET STRING }, the value's bytes being:
//
//    2  App ID (text)                  12  creation time (RFC 3339 text)
//    3  attested public key: the       17  risk metric: attestations on the device in 30 days (digits)
//       credential certificate (DER)   19  not before: when it may next be refreshed (RFC 3339)
//    4  client hash (bytes)            21  expiration time (RFC 3339)
//    5  token (text)                    7  environment (text, undocumented: "production" or "sandbox")
//    6  receipt type ("ATTEST" or "RECEIPT")
//
// Checked: the signer by Apple's markers (1.2.840.113635.100.12.15 on the signer, 1.2.840.113635.100.6.2.3
// on its issuer), the chain to the given root at the given time, the signature over the payload. Receipts
// of 2020 also carry CMS signed attributes whose message digest must be SHA-256 of the payload; their
// signature, as found on Apple's receipts, is still over the payload itself.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureASN1
import PureP256
import PureSHA2
import PureX509

/// An App Attest receipt's fields.
public struct AppAttestReceipt: Sendable, Hashable {
    /// ATTEST (from an attestation) or RECEIPT (from Apple's receipt service), or another value as read.
    public let type: String
    /// The App ID (TEAMID.bundle.id).
    public let appID: String
    /// The attested key's credential certificate (DER), when present.
    public let attestedCertificate: [UInt8]?
    /// The attested P-256 public key, read from that certificate.
    public let publicKey: P256.Signing.PublicKey?
    /// The client hash.
    public let clientHash: [UInt8]?
    /// The token to send back to Apple's receipt service.
    public let token: String?
    /// The environment (undocumented attribute 7: "production" or "sandbox").
    public let environment: String?
    /// Attestations on the device in the last 30 days (RECEIPT type only).
    public let riskMetric: Int?
    /// When Apple made the receipt.
    public let creationDate: Date
    /// Before this, Apple's receipt service returns the same receipt.
    public let notBefore: Date?
    /// After this, the receipt cannot be refreshed.
    public let expirationDate: Date?

    /// Two receipts are equal when their fields are (the key compared by its encoding).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.type == rhs.type && lhs.appID == rhs.appID && lhs.attestedCertificate == rhs.attestedCertificate && lhs.clientHash == rhs.clientHash
            && lhs.token == rhs.token && lhs.environment == rhs.environment && lhs.riskMetric == rhs.riskMetric
            && lhs.creationDate == rhs.creationDate && lhs.notBefore == rhs.notBefore && lhs.expirationDate == rhs.expirationDate
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(token)
        hasher.combine(creationDate)
    }

    init(payload: [UInt8]) throws(AppAttestError) {
        var fields: [Int: ArraySlice<UInt8>] = [:]
        do {
            try DER.parse(payload).constructed(.set) { (set) throws(ASN1Error) in
                while !set.isEmpty {
                    try set.next("receipt attribute").sequence { (attribute) throws(ASN1Error) in
                        let type = try attribute.next("type").smallInteger()
                        _ = try attribute.next("version").smallInteger()
                        let value = try attribute.next("value").octetString()
                        guard fields.updateValue(value, forKey: type) == nil else {
                            throw ASN1Error(.invalidValue("attribute \(type) appears twice"), at: attribute.offset)
                        }
                    }
                }
            }
        } catch {
            throw AppAttestError(.malformedReceipt("the payload: \(error)"))
        }
        func text(_ number: Int) throws(AppAttestError) -> String? {
            guard let bytes = fields[number] else { return nil }
            // Decoding replaces invalid sequences; equal bytes after it mean the text was valid UTF-8.
            let text = String(decoding: bytes, as: UTF8.self)
            guard text.utf8.elementsEqual(bytes) else {
                throw AppAttestError(.malformedReceipt("attribute \(number) is not UTF-8 text"))
            }
            return text
        }
        func date(_ number: Int) throws(AppAttestError) -> Date? {
            guard let value = try text(number) else { return nil }
            guard let seconds = RFC3339.seconds(value) else {
                throw AppAttestError(.malformedReceipt("attribute \(number) (\"\(value.prefix(40))\") is not an RFC 3339 time"))
            }
            return Date(timeIntervalSince1970: seconds)
        }
        guard let appID = try text(2) else { throw AppAttestError(.malformedReceipt("no App ID (attribute 2)")) }
        guard let type = try text(6) else { throw AppAttestError(.malformedReceipt("no receipt type (attribute 6)")) }
        guard let creationDate = try date(12) else { throw AppAttestError(.malformedReceipt("no creation time (attribute 12)")) }
        self.appID = appID
        self.type = type
        self.creationDate = creationDate
        if let certificate = fields[3] {
            do {
                let parsed = try Certificate(derRepresentation: Array(certificate))
                publicKey = try P256.Signing.PublicKey(derRepresentation: parsed.subjectPublicKeyInfoDER)
            } catch {
                throw AppAttestError(.malformedReceipt("the attested public key (attribute 3) is not a certificate of a P-256 key: \(error)"))
            }
            attestedCertificate = Array(certificate)
        } else {
            attestedCertificate = nil
            publicKey = nil
        }
        clientHash = fields[4].map(Array.init)
        token = try text(5)
        environment = try text(7)
        if let metric = try text(17) {
            guard metric.utf8.count <= 9, let value = Int(metric), value >= 0 else {
                throw AppAttestError(.malformedReceipt("the risk metric (attribute 17) \"\(metric.prefix(20))\" is not a count"))
            }
            riskMetric = value
        } else {
            riskMetric = nil
        }
        notBefore = try date(19)
        expirationDate = try date(21)
    }
}

/// Verifies App Attest receipts: Apple's signature and chain, then the fields.
public struct AppAttestReceiptVerifier: Sendable {
    /// The root receipts must chain to.
    public let root: Certificate

    /// The largest receipt read (Apple's are about 4 KB).
    public static let maximumSize = 64 * 1024

    static let signerMarker = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_635, 100, 12, 15])
    static let intermediateMarker = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_635, 100, 6, 2, 3])
    static let sha256OID = ASN1ObjectIdentifier(arcs: [2, 16, 840, 1, 101, 3, 4, 2, 1])
    static let ecdsaWithSHA256OID = ASN1ObjectIdentifier(arcs: [1, 2, 840, 10_045, 4, 3, 2])

    /// A verifier trusting `rootPEM`: Apple Root CA - G3 unless a test replaces it.
    public init(rootPEM: String = AppAttestReceiptVerifier.appleRootCAG3) throws(AppAttestError) {
        do { root = try Certificate(pemRepresentation: rootPEM) } catch {
            throw AppAttestError(.invalidConfiguration("the receipt root certificate does not parse: \(error)"))
        }
    }

    /// Verifies a receipt (raw bytes, BER or DER) and returns its fields.
    ///
    /// - Parameters:
    ///   - receipt: the receipt, as an attestation carries it or Apple's receipt service returns it (decoded
    ///     from base64).
    ///   - time: when the signer's certificates must be valid; nil: at the receipt's creation time.
    /// - Throws: ``AppAttestError`` naming the check that failed.
    public func verify(_ receipt: [UInt8], at time: Date? = nil) throws(AppAttestError) -> AppAttestReceipt {
        guard receipt.count <= Self.maximumSize else {
            throw AppAttestError(.malformedReceipt("\(receipt.count) bytes, over the limit of \(Self.maximumSize)"))
        }
        let signed: PKCS7SignedData
        let certificates: [Certificate]
        do {
            signed = try PKCS7SignedData(berOrDER: receipt, maximumSize: 2 * Self.maximumSize)
            certificates = try signed.certificates()
        } catch {
            throw AppAttestError(.malformedReceipt("\(error)"))
        }
        guard !signed.isDetached else {
            throw AppAttestError(.malformedReceipt("the signed data's content is detached (as an Apple Pay signature's is); an App Attest receipt carries its content"))
        }
        guard signed.digestAlgorithm == Self.sha256OID, signed.signatureAlgorithm == Self.ecdsaWithSHA256OID else {
            throw AppAttestError(.malformedReceipt("signed with \(signed.signatureAlgorithm.nameAndDottedForm) over \(signed.digestAlgorithm.nameAndDottedForm), not ECDSA with SHA-256"))
        }
        if let digest = signed.signedAttributesMessageDigest, digest != Array(SHA256.hash(data: signed.payload)) {
            throw AppAttestError(.invalidReceiptSignature)
        }
        let fields = try AppAttestReceipt(payload: signed.payload)

        guard let signer = signed.signer(in: certificates) else {
            throw AppAttestError(.untrustedReceiptChain("the signer named by the SignerInfo is not among the receipt's certificates"))
        }
        let chain = PKCS7SignedData.chain(from: signer, through: certificates, toward: [root])
        guard let seconds = X509ChainValidator.seconds(sinceEpoch: (time ?? fields.creationDate).timeIntervalSince1970) else {
            throw AppAttestError(.untrustedReceiptChain("the verification time is not a finite date within ±31,000 years of 1970"))
        }
        let policy = X509Policy { (validated) throws(X509Error) in
            guard validated.leaf.extension(Self.signerMarker) != nil else {
                throw X509Error(.policy("the signer lacks Apple's App Attest receipt-signing marker 1.2.840.113635.100.12.15"), certificateIndex: 0, role: "the signer")
            }
            let issuer = validated.certificates.count > 1 ? validated.certificates[1] : validated.trustAnchor
            guard issuer.extension(Self.intermediateMarker) != nil else {
                throw X509Error(.policy("the signer's issuer lacks Apple's Application Integration CA marker 1.2.840.113635.100.6.2.3"),
                                certificateIndex: 1, role: validated.role(of: 1))
            }
        }
        do {
            _ = try X509ChainValidator(trustAnchors: [root], policy: policy).validate(chain, at: seconds)
        } catch {
            throw AppAttestError(.untrustedReceiptChain(error.description))
        }
        let key: P256.Signing.PublicKey
        let signature: P256.Signing.ECDSASignature
        do {
            key = try P256.Signing.PublicKey(derRepresentation: signer.subjectPublicKeyInfoDER)
            signature = try P256.Signing.ECDSASignature(derRepresentation: signed.signature)
        } catch {
            throw AppAttestError(.invalidReceiptSignature)
        }
        guard key.isValidSignature(signature, for: signed.payload) else { throw AppAttestError(.invalidReceiptSignature) }
        return fields
    }
}

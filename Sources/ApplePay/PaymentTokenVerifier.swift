// Verifies a payment token's signature as Apple's "Payment token format reference" says ("Verify the
// signature"):
//
//   1. the signature is a CMS SignedData (RFC 5652), BER, detached, with one signer; its digest is SHA-256
//      and its signature ECDSA P-256 (EC) or RSA PKCS#1 v1.5 (RSA_v1 tokens are signed so), each with SHA-256;
//   2. the signer's certificate carries 1.2.840.113635.100.6.29 and its issuer 1.2.840.113635.100.6.2.14
//      and is a CA; the chain leads to Apple Root CA - G3, every certificate valid at the verification time;
//   3. the signature covers the signed attributes (RFC 5652 §5.4), whose message digest is SHA-256 of
//      ephemeralPublicKey (or wrappedKey) ‖ data ‖ transactionId ‖ applicationData;
//   4. the signing time is within the window of the verification time, either side (Apple: "a few
//      minutes"; default five): a token replayed from yesterday is refused.
//
// A validated chain is cached (as the App Store verifiers do) by its certificates' bytes and the signer's
// name: the next token signed by the same certificate skips parsing and the chain's signatures, and the
// cache answers only for times at which the full validation would pass.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureASN1
import PureJWT
import PureSHA2
import PureX509

/// Checks Apple's signature on payment tokens. Keep one: it holds the root and a cache of validated chains.
public struct PaymentTokenVerifier: Sendable {
    /// The root the signer's chain must lead to: Apple Root CA - G3 unless a test replaced it.
    public let root: Certificate
    /// How far the signing time may be from the verification time, either side, in seconds.
    public let signingTimeWindow: Int64

    private let validator: X509ChainValidator
    private let cache: ChainCache<[UInt8], CertificatePublicKey>

    static let leafMarker = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_635, 100, 6, 29])
    static let intermediateMarker = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_635, 100, 6, 2, 14])
    static let sha256OID = ASN1ObjectIdentifier(arcs: [2, 16, 840, 1, 101, 3, 4, 2, 1])
    static let ecdsaWithSHA256OID = ASN1ObjectIdentifier(arcs: [1, 2, 840, 10_045, 4, 3, 2])
    static let rsaEncryptionOID = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_549, 1, 1, 1])
    static let sha256WithRSAOID = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_549, 1, 1, 11])

    /// A verifier trusting Apple Root CA - G3 (bundled).
    ///
    /// - Parameters:
    ///   - signingTimeWindow: how far, in seconds, the signing time may be from the verification time
    ///     (default 300, as Apple advises); at most a day.
    ///   - chainCacheCapacity: how many validated chains to remember (0: none).
    public init(signingTimeWindow: Int = 300, chainCacheCapacity: Int = 16) throws(ApplePayError) {
        try self.init(rootPEM: AppleRootCertificates.rootCAG3PEM, signingTimeWindow: signingTimeWindow, chainCacheCapacity: chainCacheCapacity)
    }

    /// A verifier trusting `testRootPEM` instead of Apple's root: for tokens made on a test chain, never
    /// for payments (no real token chains to another root).
    public init(replacingAppleRootForTestingWith testRootPEM: String, signingTimeWindow: Int = 300, chainCacheCapacity: Int = 16) throws(ApplePayError) {
        try self.init(rootPEM: testRootPEM, signingTimeWindow: signingTimeWindow, chainCacheCapacity: chainCacheCapacity)
    }

    private init(rootPEM: String, signingTimeWindow: Int, chainCacheCapacity: Int) throws(ApplePayError) {
        do { root = try Certificate(pemRepresentation: rootPEM) } catch {
            throw ApplePayError(.invalidConfiguration("the root certificate does not parse: \(error)"))
        }
        guard (0...86_400).contains(signingTimeWindow) else {
            throw ApplePayError(.invalidConfiguration("a signing-time window of \(signingTimeWindow) seconds; give 0 to 86,400 (Apple advises a few minutes)"))
        }
        guard (0...10_000).contains(chainCacheCapacity) else {
            throw ApplePayError(.invalidConfiguration("a chain cache of \(chainCacheCapacity) entries; give 0 to 10,000"))
        }
        self.signingTimeWindow = Int64(signingTimeWindow)
        validator = X509ChainValidator(trustAnchors: [root], policy: Self.policy)
        cache = ChainCache(capacity: chainCacheCapacity)
    }

    /// Apple's markers on the signer and its issuer (the issuer being a CA is RFC 5280's rule, checked by
    /// the validator). Which marker is missing is told by the failing certificate's index (0: the signer),
    /// which `signerKey` maps to the error's reason; the words are for anyone reading the X509Error.
    private static let policy = X509Policy { (validated) throws(X509Error) in
        guard validated.leaf.extension(leafMarker) != nil else {
            throw X509Error(.policy("no Apple Pay signer marker (extension 1.2.840.113635.100.6.29)"),
                            certificateIndex: 0, role: "the signer")
        }
        let issuer = validated.certificates.count > 1 ? validated.certificates[1] : validated.trustAnchor
        guard issuer.extension(intermediateMarker) != nil else {
            throw X509Error(.policy("no Apple intermediate marker (extension 1.2.840.113635.100.6.2.14)"),
                            certificateIndex: 1, role: validated.role(of: 1))
        }
    }

    /// Verifies `token`'s signature at `time` (default: now) and returns the signing time.
    ///
    /// - Throws: ``ApplePayError`` naming the check that failed.
    @discardableResult
    public func verify(_ token: PaymentToken, at time: Date = Date()) throws(ApplePayError) -> Date {
        guard let now = X509ChainValidator.seconds(sinceEpoch: time.timeIntervalSince1970) else {
            throw ApplePayError(.invalidConfiguration("the verification time is not a finite date within ±31,000 years of 1970"))
        }
        let signed: PKCS7SignedData
        do {
            signed = try PKCS7SignedData(berOrDER: token.signature, maximumSize: 2 * PaymentToken.maximumSize)
        } catch {
            throw ApplePayError(.malformedSignature("\(error)"))
        }
        guard signed.isDetached else { throw ApplePayError(.malformedSignature("the content is attached; Apple's signature is detached")) }
        guard signed.digestAlgorithm == Self.sha256OID else {
            throw ApplePayError(.malformedSignature("the digest algorithm is \(signed.digestAlgorithm.nameAndDottedForm), not SHA-256"))
        }
        let algorithm: CertificateSignatureAlgorithm
        switch signed.signatureAlgorithm {
        case Self.ecdsaWithSHA256OID: algorithm = .ecdsaWithSHA256
        case Self.rsaEncryptionOID, Self.sha256WithRSAOID: algorithm = .sha256WithRSAEncryption
        default:
            throw ApplePayError(.malformedSignature("the signature algorithm is \(signed.signatureAlgorithm.nameAndDottedForm), not ECDSA or RSA with SHA-256"))
        }
        guard let attributes = signed.signedAttributesForSignature, let digest = signed.signedAttributesMessageDigest else {
            throw ApplePayError(.malformedSignature("no signed attributes (content type, signing time, message digest)"))
        }

        let key = try signerKey(signed, at: now)
        guard key.isValidSignature(signed.signature, over: attributes, algorithm: algorithm) else { throw ApplePayError(.invalidSignature) }
        guard constantTimeEqual(digest, Array(SHA256.hash(data: token.signedBytes))) else { throw ApplePayError(.invalidSignature) }

        guard let signingTime = signed.signingTime else { throw ApplePayError(.signingTimeMissing) }
        guard abs(signingTime - now) <= signingTimeWindow else {
            throw ApplePayError(.signingTimeOutsideWindow(signingTime: signingTime, verificationTime: now, window: signingTimeWindow))
        }
        return Date(timeIntervalSince1970: TimeInterval(signingTime))
    }

    /// The signer's key, from the cache or after validating its chain at `time`.
    private func signerKey(_ signed: PKCS7SignedData, at time: Int64) throws(ApplePayError) -> CertificatePublicKey {
        let cacheKey = Array(signed.certificateSetEncoding) + signed.signerIssuer + [0] + signed.signerSerial
        if let key = cache.leafKey(for: cacheKey, at: time, now: nil) { return key }
        let certificates: [Certificate]
        do { certificates = try signed.certificates() } catch {
            throw ApplePayError(.malformedSignature("a certificate does not parse: \(error)"))
        }
        guard let signer = signed.signer(in: certificates) else {
            throw ApplePayError(.untrustedChain("the signer named by the SignerInfo is not among the signature's certificates"))
        }
        let chain = PKCS7SignedData.chain(from: signer, through: certificates, toward: [root])
        let validated: ValidatedCertificateChain
        do { validated = try validator.validate(chain, at: time) } catch {
            if case .policy = error.reason {
                throw ApplePayError(error.certificateIndex == 0 ? .signerNotMarked : .intermediateNotMarked)
            }
            throw ApplePayError(.untrustedChain(error.description))
        }
        let key: CertificatePublicKey
        do { key = try CertificatePublicKey(certificate: signer) } catch {
            throw ApplePayError(.untrustedChain("the signer's key: \(error)"))
        }
        let all = validated.certificates + [validated.trustAnchor]
        cache.insert(.init(leafKey: key, validFrom: all.map(\.notBefore).max() ?? time, validUntil: all.map(\.notAfter).min() ?? time,
                           insertedAt: time, dropsWhenExpired: false),
                     for: cacheKey, now: time)
        return key
    }
}

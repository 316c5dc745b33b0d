// Path validation of a given chain to given trust anchors at a given time (RFC 5280 §6.1, for the
// profile this library serves): the caller gives the path, leaf first, each certificate followed by its
// issuer; the validator does not search for one among unordered certificates. For each certificate,
// from the leaf up:
//
//   1. valid at the time (notBefore ≤ t ≤ notAfter, §6.1.3 (a)(2));
//   2. no critical extension left unhandled (§4.2): basic constraints and key usage are handled here,
//      others only if the policy names them;
//   3. its issuer — the next certificate, or for the top one a trust anchor whose subject is its issuer
//      name — has that subject name (§6.1.3 (a)(4)) and signed it (§6.1.3 (a)(1));
//   4. an intermediate (an issuer inside the chain) is a CA (basic constraints cA, §6.1.4 (k)), may sign
//      certificates when it has a key usage (keyCertSign, §6.1.4 (n)), and has no fewer allowed CAs below
//      it than there are (pathLenConstraint, §6.1.4 (l), (m));
//   5. the trust anchor is valid at the time too (RFC 5280 leaves this to the relying party; App Store
//      verification requires it), and trusted otherwise: its own signature and constraints are not
//      checked (§6.1.1 (d)).
// Then the policy, if any, sees the validated chain. The first failure ends validation with an error
// naming the certificate. Certificate policies, name constraints and revocation are not processed: a
// certificate that marks them critical is refused by rule 2.

import PureASN1

/// Extra rules for a chain, checked after RFC 5280's: App Store verification requires Apple's OIDs, a
/// server may require an extended key usage. A value with a closure rather than a protocol, so the module
/// builds for Embedded Swift (which has no existentials).
public struct X509Policy: Sendable {
    /// Critical extensions this policy understands and checks itself (so rule 2 lets them pass).
    public var handledCriticalExtensions: Set<ASN1ObjectIdentifier>
    /// Throws (typically `X509Error(.policy(...), certificateIndex:role:)`) when the chain breaks a rule.
    public var check: @Sendable (ValidatedCertificateChain) throws(X509Error) -> Void
    /// Whether certificates signed sha1WithRSAEncryption are verified (default false: refused as an
    /// unsupported algorithm). Only for App Store receipts, whose chains were SHA-1 until 2023; SHA-1's
    /// collisions make it unfit for anything new.
    public var acceptsSHA1Signatures: Bool

    /// A policy that handles `handledCriticalExtensions` and applies `check`; SHA-1 signatures accepted
    /// only when `acceptsSHA1Signatures`.
    public init(handledCriticalExtensions: Set<ASN1ObjectIdentifier> = [], acceptsSHA1Signatures: Bool = false,
                check: @escaping @Sendable (ValidatedCertificateChain) throws(X509Error) -> Void) {
        self.handledCriticalExtensions = handledCriticalExtensions
        self.acceptsSHA1Signatures = acceptsSHA1Signatures
        self.check = check
    }
}

/// A chain that passed validation: the certificates leaf first, and the trust anchor it ends at.
public struct ValidatedCertificateChain: Hashable, Sendable {
    /// The given certificates, leaf first.
    public let certificates: [Certificate]
    /// The trust anchor that issued the last of them.
    public let trustAnchor: Certificate

    /// The leaf certificate.
    public var leaf: Certificate { certificates[0] }

    /// Words for the certificate at `index` (the anchor is `certificates.count`), for error messages.
    public func role(of index: Int) -> String { certificateRole(index, chainLength: certificates.count) }
}

func certificateRole(_ index: Int, chainLength: Int) -> String {
    if index == 0 { return "the leaf certificate" }
    if index >= chainLength { return "the trust anchor" }
    return "intermediate certificate \(index)"
}

/// Validates certificate chains against a fixed set of trust anchors.
public struct X509ChainValidator: Sendable {
    /// The trusted root certificates.
    public let trustAnchors: [Certificate]
    /// The extra rules, if any.
    public let policy: X509Policy?
    /// The longest chain accepted, trust anchor excluded (default 8).
    public let maximumChainLength: Int
    /// Each anchor's key, read once (an RSA key's Montgomery constants cost a modular exponentiation);
    /// nil for an anchor whose key is not supported.
    private let anchorKeys: [CertificatePublicKey?]

    /// A validator trusting `trustAnchors` and applying `policy` after RFC 5280's rules. Keep it to
    /// validate many chains: the anchors' keys are read here, once.
    public init(trustAnchors: [Certificate], policy: X509Policy? = nil, maximumChainLength: Int = 8) {
        self.trustAnchors = trustAnchors
        self.policy = policy
        self.maximumChainLength = maximumChainLength
        anchorKeys = trustAnchors.map { try? CertificatePublicKey(certificate: $0) }
    }

    /// Validates `chain` (leaf first, each certificate followed by its issuer; the root may be left out,
    /// and a trailing certificate identical to a trust anchor is taken as that anchor) at `time`, seconds
    /// since 1970-01-01 UTC. Throws the first failure, naming the certificate.
    public func validate(_ chain: [Certificate], at time: Int64) throws(X509Error) -> ValidatedCertificateChain {
        var chain = chain
        if chain.count > 1, let last = chain.last, trustAnchors.contains(last) { chain.removeLast() }
        guard !chain.isEmpty, chain.count <= maximumChainLength else { throw X509Error(.invalidChainLength(chain.count)) }
        let handled = policy?.handledCriticalExtensions ?? []
        let sha1 = policy?.acceptsSHA1Signatures ?? false
        let count = chain.count
        func failure(_ reason: X509Error.Reason, _ index: Int) -> X509Error {
            X509Error(reason, certificateIndex: index, role: certificateRole(index, chainLength: count))
        }

        var anchor: Certificate?
        for index in 0..<count {
            let certificate = chain[index]
            guard certificate.notBefore <= time, time <= certificate.notAfter else {
                throw failure(.notValidAtTime(notBefore: certificate.notBefore, notAfter: certificate.notAfter, time: time), index)
            }
            for ext in certificate.extensions where ext.isCritical {
                guard ext.oid == CertificateExtension.basicConstraintsOID || ext.oid == CertificateExtension.keyUsageOID
                        || handled.contains(ext.oid) else {
                    throw failure(.unhandledCriticalExtension(ext.oid.nameAndDottedForm), index)
                }
            }
            if certificate.signatureAlgorithm == .sha1WithRSAEncryption, !sha1 {
                throw failure(.unsupportedSignatureAlgorithm("sha1WithRSAEncryption (SHA-1 is accepted only by a policy for App Store receipts)"), index)
            }
            if index + 1 < count {
                let issuer = chain[index + 1]
                guard certificate.issuer == issuer.subject else {
                    throw failure(.issuerMismatch(issuer: certificate.issuer.description, nextSubject: issuer.subject.description), index)
                }
                let issuerKey: CertificatePublicKey
                do { issuerKey = try CertificatePublicKey(certificate: issuer) } catch { throw failure(error.reason, index + 1) }
                guard issuerKey.signed(certificate, acceptingSHA1: sha1) else { throw failure(.signatureInvalid, index) }
                // The issuer is an intermediate CA: §6.1.4 (k), (n), (l)–(m).
                guard issuer.basicConstraints?.isCertificateAuthority == true else { throw failure(.notACertificateAuthority, index + 1) }
                if let usage = issuer.keyUsage, !usage.keyCertSign { throw failure(.keyUsageForbidsCertificateSigning, index + 1) }
                if let allowed = issuer.basicConstraints?.pathLengthConstraint {
                    // CA certificates below the issuer: the intermediates between it and the leaf.
                    let below = index   // chain[1...index] are CAs below chain[index + 1]
                    guard below <= allowed else { throw failure(.pathLengthExceeded(allowed: allowed), index + 1) }
                }
            } else {
                let named = trustAnchors.indices.filter { trustAnchors[$0].subject == certificate.issuer }
                guard !named.isEmpty else { throw failure(.noTrustedIssuer(issuer: certificate.issuer.description), index) }
                anchor = named.first { anchorKeys[$0]?.signed(certificate, acceptingSHA1: sha1) == true }.map { trustAnchors[$0] }
                guard anchor != nil else { throw failure(.signatureInvalid, index) }
            }
        }
        guard let anchor else { throw X509Error(.invalidChainLength(count)) }
        guard anchor.notBefore <= time, time <= anchor.notAfter else {
            throw failure(.notValidAtTime(notBefore: anchor.notBefore, notAfter: anchor.notAfter, time: time), count)
        }
        let validated = ValidatedCertificateChain(certificates: chain, trustAnchor: anchor)
        if let policy { try policy.check(validated) }
        return validated
    }
}

extension X509ChainValidator {
    /// `interval` (a `Date`'s `timeIntervalSince1970`) as the whole seconds `validate(_:at:)` takes, rounded
    /// down; nil for NaN, an infinity or a time more than 10^12 s (about 31,700 years) from 1970, which
    /// `Int64(_:)` would trap on and no certificate covers. For the verifiers that take a `Date`.
    package static func seconds(sinceEpoch interval: Double) -> Int64? {
        guard interval.isFinite, abs(interval) < 1e12 else { return nil }
        return Int64(interval.rounded(.down))
    }
}

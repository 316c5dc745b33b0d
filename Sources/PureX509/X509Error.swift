// The one error type of PureX509: what failed, and for path validation which certificate.

import PureASN1

/// Why a certificate could not be read, or a chain was not valid.
public struct X509Error: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong. Cases may be added in minor versions: switch with a `default:`.
    public enum Reason: Hashable, Sendable {
        /// The DER is not a certificate as RFC 5280 §4.1 defines it (the PureASN1 message is given).
        case malformed(String)
        /// A signature algorithm this library does not verify (its OID).
        case unsupportedSignatureAlgorithm(String)
        /// A public key this library cannot use (what it is).
        case unsupportedPublicKey(String)
        /// The certificate's signature does not verify with its issuer's key.
        case signatureInvalid
        /// The issuer's name is not the subject name of the next certificate up.
        case issuerMismatch(issuer: String, nextSubject: String)
        /// No trust anchor's subject is the top certificate's issuer, or none of their keys signed it.
        case noTrustedIssuer(issuer: String)
        /// Outside the validity period at the time checked (all seconds since 1970, UTC).
        case notValidAtTime(notBefore: Int64, notAfter: Int64, time: Int64)
        /// A certificate that issues another is not a CA (basic constraints absent or cA false).
        case notACertificateAuthority
        /// A CA certificate whose key usage lacks keyCertSign.
        case keyUsageForbidsCertificateSigning
        /// More CA certificates below this one than its pathLenConstraint allows.
        case pathLengthExceeded(allowed: Int)
        /// A critical extension this library does not understand (RFC 5280 §4.2), by OID.
        case unhandledCriticalExtension(String)
        /// The chain is empty, or longer than the validator accepts.
        case invalidChainLength(Int)
        /// A rule of the caller's policy failed (its words).
        case policy(String)
        /// An OCSP response was refused (which check).
        case ocsp(OCSPFailure)
    }

    /// What was wrong.
    public let reason: Reason
    /// Which certificate: 0 is the leaf, then upwards; the trust anchor is `chainLength` (one past the
    /// chain). Nil when the error is not about one certificate.
    public let certificateIndex: Int?
    /// The certificate's role in words ("the leaf certificate", "intermediate certificate 1",
    /// "the trust anchor"), for messages.
    public let certificateRole: String?

    /// An error for `reason`, about the certificate at `index` with the role `role`.
    public init(_ reason: Reason, certificateIndex index: Int? = nil, role: String? = nil) {
        self.reason = reason
        certificateIndex = index
        certificateRole = role
    }

    public var description: String {
        let subject = certificateRole.map { "\($0): " } ?? ""
        switch reason {
        case .malformed(let what):
            return "\(subject)not a valid DER certificate (RFC 5280 §4.1): \(what)"
        case .unsupportedSignatureAlgorithm(let oid):
            return "\(subject)signature algorithm \(oid) is not supported (ECDSA with SHA-256/384 on P-256/P-384, RSA PKCS#1 v1.5 with SHA-256/384/512)"
        case .unsupportedPublicKey(let what):
            return "\(subject)public key \(what) is not supported (EC P-256 or P-384, RSA of 2048 bits or more)"
        case .signatureInvalid:
            return "\(subject)its signature does not verify with the issuer's public key; the certificate was altered or issued by another key"
        case .issuerMismatch(let issuer, let nextSubject):
            return "\(subject)its issuer \"\(issuer)\" is not the subject \"\(nextSubject)\" of the next certificate in the chain; pass the chain in order, leaf first"
        case .noTrustedIssuer(let issuer):
            return "\(subject)no configured trust anchor issued it (issuer \"\(issuer)\"); configure the right root certificate"
        case .notValidAtTime(let notBefore, let notAfter, let time):
            return "\(subject)not valid at \(Self.utc(time)) (valid from \(Self.utc(notBefore)) to \(Self.utc(notAfter)))"
        case .notACertificateAuthority:
            return "\(subject)it issues another certificate but is not a CA (basic constraints cA is not true)"
        case .keyUsageForbidsCertificateSigning:
            return "\(subject)its key usage does not include keyCertSign, so it may not issue certificates"
        case .pathLengthExceeded(let allowed):
            return "\(subject)its path length constraint allows \(allowed) CA certificate(s) below it, and the chain has more"
        case .unhandledCriticalExtension(let oid):
            return "\(subject)it has a critical extension \(oid) that this verifier does not understand (RFC 5280 §4.2 requires refusing it)"
        case .invalidChainLength(let count):
            return "a chain of \(count) certificate(s) cannot be validated: give the leaf first and at most 8 certificates"
        case .policy(let why):
            return "\(subject)\(why)"
        case .ocsp(let failure):
            switch failure {
            case .unsuccessful(let status):
                let names = [1: "malformedRequest", 2: "internalError", 3: "tryLater", 5: "sigRequired", 6: "unauthorized"]
                return "the OCSP responder answered \(names[status] ?? "status \(status)") instead of a status"
            case .malformed(let what): return "not an OCSP response (RFC 6960 §4.2.1): \(what)"
            case .signerInvalid(let why): return "the OCSP response's signer is not authorized: \(why)"
            case .certIDMismatch: return "the OCSP response is about another certificate"
            case .nonceMismatch: return "the OCSP response echoes another nonce than the request's (a replayed answer?)"
            case .notCurrent(let thisUpdate, let nextUpdate, let time):
                return "the OCSP response is not current at \(time): thisUpdate \(thisUpdate), nextUpdate \(nextUpdate.map(String.init) ?? "none")"
            }
        }
    }

    /// "2023-09-24T02:50:33Z" for seconds since 1970 (proleptic Gregorian, Hinnant's civil_from_days);
    /// this module has no Foundation to format dates with.
    package static func utc(_ seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))Z"
    }
}

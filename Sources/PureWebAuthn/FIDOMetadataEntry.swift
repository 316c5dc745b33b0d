// One entry of the FIDO Metadata Service BLOB (MDS v3.0 §3.1.1 MetadataBLOBPayloadEntry), and the status
// an authenticator model has had (§3.1.3 StatusReport, §3.1.4 AuthenticatorStatus).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureBase64
import PureSHA2
import PureX509

/// An authenticator status FIDO reports (MDS §3.1.4); unknown values are kept as read.
public struct AuthenticatorStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The status as the BLOB writes it, e.g. "FIDO_CERTIFIED".
    public let rawValue: String

    /// A status from its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The model passed FIDO certification.
    public static let fidoCertified = AuthenticatorStatus(rawValue: "FIDO_CERTIFIED")
    /// The model is not FIDO certified.
    public static let notFIDOCertified = AuthenticatorStatus(rawValue: "NOT_FIDO_CERTIFIED")
    /// The vendor asserted conformance without certification.
    public static let selfAssertionSubmitted = AuthenticatorStatus(rawValue: "SELF_ASSERTION_SUBMITTED")
    /// A firmware update is available.
    public static let updateAvailable = AuthenticatorStatus(rawValue: "UPDATE_AVAILABLE")
    /// Malware can bypass user verification on this model.
    public static let userVerificationBypass = AuthenticatorStatus(rawValue: "USER_VERIFICATION_BYPASS")
    /// An attestation key of this model is compromised.
    public static let attestationKeyCompromise = AuthenticatorStatus(rawValue: "ATTESTATION_KEY_COMPROMISE")
    /// Credential keys can be extracted remotely.
    public static let userKeyRemoteCompromise = AuthenticatorStatus(rawValue: "USER_KEY_REMOTE_COMPROMISE")
    /// Credential keys can be extracted with physical access.
    public static let userKeyPhysicalCompromise = AuthenticatorStatus(rawValue: "USER_KEY_PHYSICAL_COMPROMISE")
    /// FIDO revoked the model's certification.
    public static let revoked = AuthenticatorStatus(rawValue: "REVOKED")

    /// The statuses that say the model cannot be trusted (MDS §3.2: its security is compromised or its
    /// certification revoked).
    public static let compromised: Set<AuthenticatorStatus> = [.userVerificationBypass, .attestationKeyCompromise,
                                                               .userKeyRemoteCompromise, .userKeyPhysicalCompromise, .revoked]

    public var description: String { rawValue }
}

/// One status report of an entry.
public struct FIDOStatusReport: Hashable, Sendable {
    /// The status.
    public let status: AuthenticatorStatus
    /// When it took effect ("YYYY-MM-DD"), if given.
    public let effectiveDate: String?
}

/// What the FIDO Metadata Service says of one authenticator model.
public struct FIDOMetadataEntry: Sendable {
    /// The model's AAGUID (16 bytes), for FIDO2 authenticators.
    public let aaguid: [UInt8]?
    /// The key identifiers of the model's attestation certificates (U2F authenticators).
    public let attestationCertificateKeyIdentifiers: [[UInt8]]
    /// The model's description.
    public let description: String?
    /// The roots the model's attestation chains lead to.
    public let attestationRootCertificates: [Certificate]
    /// The attestation types the model uses ("basic_full", "attca", …).
    public let attestationTypes: [String]
    /// The status reports, as listed.
    public let statusReports: [FIDOStatusReport]

    /// The first report whose status is in ``AuthenticatorStatus/compromised``, if any. Any such report
    /// refuses the model, even when a later one reports a fix (what go-webauthn does by default): a device
    /// made before the fix may still have the flaw.
    public var compromisingReport: FIDOStatusReport? {
        statusReports.first { AuthenticatorStatus.compromised.contains($0.status) }
    }

    struct Raw: Decodable {
        struct Statement: Decodable {
            let description: String?
            let attestationRootCertificates: [String]?
            let attestationTypes: [String]?
        }
        struct Report: Decodable {
            let status: String
            let effectiveDate: String?
        }
        let aaguid: String?
        let attestationCertificateKeyIdentifiers: [String]?
        let metadataStatement: Statement?
        let statusReports: [Report]
    }

    init(_ raw: Raw, index: Int) throws(FIDOMetadataError) {
        func malformed(_ what: String) -> FIDOMetadataError { FIDOMetadataError(.malformed("entry \(index): \(what)")) }
        if let text = raw.aaguid {
            let digits = text.filter { $0 != "-" }
            guard text.utf8.count == 36, digits.utf8.count == 32, let bytes = bytes(fromHex: digits) else {
                throw malformed("the AAGUID \"\(text)\" is not a UUID")
            }
            aaguid = bytes
        } else {
            aaguid = nil
        }
        var identifiers: [[UInt8]] = []
        for text in raw.attestationCertificateKeyIdentifiers ?? [] {
            guard let bytes = bytes(fromHex: text), !bytes.isEmpty else {
                throw malformed("the key identifier \"\(text)\" is not hex")
            }
            identifiers.append(bytes)
        }
        attestationCertificateKeyIdentifiers = identifiers
        description = raw.metadataStatement?.description
        var roots: [Certificate] = []
        for encoded in raw.metadataStatement?.attestationRootCertificates ?? [] {
            do { roots.append(try Certificate(derRepresentation: try Base64.decode(encoded))) } catch {
                throw malformed("an attestation root certificate: \(error)")
            }
        }
        attestationRootCertificates = roots
        attestationTypes = raw.metadataStatement?.attestationTypes ?? []
        statusReports = raw.statusReports.map { FIDOStatusReport(status: AuthenticatorStatus(rawValue: $0.status), effectiveDate: $0.effectiveDate) }
    }
}

// Verifying a registration (WebAuthn §7.1), step by step: the client data, the authenticator data, the
// algorithm, the attestation statement (AttestationStatements.swift), then the attestation policy: whether
// none and self attestation are acceptable, which roots an attestation chain must lead to, which
// authenticator models may register. Steps 1–6 (options, the call) are the caller's.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureCBOR
import PureSHA2
import PureX509

/// What a relying party accepts as attestation.
///
/// The default accepts every attestation, `none` included, after verifying its statement (signatures and
/// the format's requirements), and checks no chain: what a site that does not vet authenticator models
/// wants (and what browsers send by default). A site that does vet them gives the roots it trusts and
/// sets ``requiresTrustedAttestation``.
public struct AttestationPolicy: Sendable {
    /// Roots an attestation chain (`x5c`) must lead to. Empty: chains are not validated.
    public var trustAnchors: [Certificate]
    /// Refuse `none` and self attestation, and chains when ``trustAnchors`` is empty.
    public var requiresTrustedAttestation: Bool
    /// The authenticator models (AAGUIDs, 16 bytes each) that may register; nil allows any.
    public var allowedAAGUIDs: Set<[UInt8]>?
    /// android-key: read the key's origin and purpose only from the hardware-enforced authorization list
    /// (keys in a trusted execution environment or StrongBox); false reads both lists, as §8.4 allows.
    public var androidKeyRequiresHardware = false
    /// android-safetynet: require `ctsProfileMatch` (a device that passed Android's compatibility tests),
    /// not only `basicIntegrity`.
    public var safetyNetRequiresCTSProfileMatch = true
    /// android-safetynet: how old, in seconds, the response's `timestampMs` may be at the verification
    /// time (and how far ahead of it a clock may run). Nil skips the check, for replaying recorded responses.
    public var safetyNetMaximumAge: Int64? = 60
    /// The FIDO Metadata Service BLOB to check authenticator models against: a model whose status reports
    /// a compromise or revocation is refused, and an attestation chain may lead to the roots its entry
    /// lists (besides ``trustAnchors``). Registrations are refused once it is past its `nextUpdate`: fetch
    /// the next BLOB by then.
    public var metadata: FIDOMetadata?
    /// Refuse authenticator models the metadata does not list (by AAGUID, or for U2F by the attestation
    /// certificate's key identifier).
    public var requiresMetadataEntry = false

    /// A policy; the defaults accept any attestation and validate no chain.
    public init(trustAnchors: [Certificate] = [], requiresTrustedAttestation: Bool = false, allowedAAGUIDs: Set<[UInt8]>? = nil) {
        self.trustAnchors = trustAnchors
        self.requiresTrustedAttestation = requiresTrustedAttestation
        self.allowedAAGUIDs = allowedAAGUIDs
    }
}

/// A verified registration: the credential to store and what the attestation established.
public struct VerifiedRegistration: Sendable {
    /// The credential to store (its counter, BE flag and, when given, the user handle).
    public let credential: RegisteredCredential
    /// The authenticator model's AAGUID (16 bytes; all zero when unknown).
    public let aaguid: [UInt8]
    /// The attestation statement format ("none", "packed", "fido-u2f", …).
    public let attestationFormat: String
    /// The kind of attestation.
    public let attestationType: AttestationType
    /// The attestation certificates, leaf first (empty for none and self attestation).
    public let attestationCertificates: [Certificate]
    /// Whether the chain was validated to one of the policy's roots.
    public let attestationTrusted: Bool
    /// Whether the user was verified (flag UV).
    public let userVerified: Bool
    /// Whether the credential is backed up now (flag BS).
    public let backedUp: Bool
    /// The origin the ceremony came from.
    public let origin: String
    /// The authenticator data as verified (extension outputs among the rest).
    public let authenticatorData: AuthenticatorData
}

extension WebAuthnRelyingParty {
    /// Every algorithm a credential key here may use, in a reasonable order of preference. RFC 9864's fully
    /// specified ECDSA identifiers (ESP256, ESP384, ESP512) follow the polymorphic ones most authenticators
    /// know, then ES256K (secp256k1, RFC 8812, which registers it for WebAuthn) and Ed448 (RFC 9864's
    /// identifier; an EdDSA key on Ed448 is accepted under EdDSA already); ML-DSA (RFC 9964) comes last: few
    /// authenticators make such keys yet, and its signatures are 2.4 to 4.6 KB.
    public static let supportedAlgorithms: [COSEAlgorithm] = [.es256, .edDSA, .ed25519, .es384, .es512, .esp256, .esp384, .esp512, .es256k, .ed448,
                                                              .ps256, .ps384, .ps512, .rs256, .rs384, .rs512, .mldsa44, .mldsa65, .mldsa87]

    /// Verifies a registration (WebAuthn §7.1) for the challenge the server issued.
    ///
    /// - Parameters:
    ///   - response: the `PublicKeyCredential` the client returned (``RegistrationResponse``).
    ///   - challenge: the challenge issued for this ceremony (single use: remove it from the store first).
    ///   - allowedAlgorithms: the algorithms the options offered (`pubKeyCredParams`).
    ///   - userVerification: `.required` refuses a registration without flag UV.
    ///   - requireUserPresence: refuse a registration without flag UP (false only for conditional creation).
    ///   - attestationPolicy: which attestations are accepted.
    ///   - userHandle: the user ID the options named, stored with the credential.
    ///   - time: when attestation certificates must be valid.
    /// - Returns: the credential to store, and what the attestation established. Whether the credential ID
    ///   is already registered (§7.1 step 26) is the caller's to check.
    /// - Throws: ``WebAuthnError`` naming the check that failed.
    public func verifyRegistration(_ response: RegistrationResponse, challenge: [UInt8],
                                   allowedAlgorithms: [COSEAlgorithm] = WebAuthnRelyingParty.supportedAlgorithms,
                                   userVerification: UserVerificationRequirement = .required, requireUserPresence: Bool = true,
                                   attestationPolicy: AttestationPolicy = AttestationPolicy(), userHandle: [UInt8]? = nil,
                                   at time: Date = Date()) throws(WebAuthnError) -> VerifiedRegistration {
        guard let seconds = X509ChainValidator.seconds(sinceEpoch: time.timeIntervalSince1970) else {
            throw WebAuthnError(.attestationChainInvalid("the verification time is not a finite date within ±31,000 years of 1970"))
        }
        // Steps 5–11: the client data.
        let clientData = try CollectedClientData(response.clientDataJSON)
        try check(clientData, type: "webauthn.create", challenge: challenge)
        let clientDataHash = Array(SHA256.hash(data: response.clientDataJSON))
        // Step 12: the attestation object.
        let object = try AttestationObject(response.attestationObject)
        let authenticatorData = object.authenticatorData
        let attested = object.attestedCredentialData
        guard attested.credentialID == response.id else { throw WebAuthnError(.credentialMismatch) }
        // Steps 13–17: rpIdHash, UP, UV, BE/BS (BS without BE was refused with the data).
        try checkRPIDHash(authenticatorData, appIDUsed: false)
        if requireUserPresence, !authenticatorData.flags.contains(.userPresent) { throw WebAuthnError(.userNotPresent) }
        if userVerification == .required, !authenticatorData.flags.contains(.userVerified) { throw WebAuthnError(.userNotVerified) }
        // Step 18–19: the algorithm was offered.
        guard allowedAlgorithms.contains(attested.credentialPublicKey.algorithm) else {
            throw WebAuthnError(.algorithmNotAllowed(attested.credentialPublicKey.algorithm.rawValue))
        }
        // The key must be usable before anything is stored.
        _ = try CredentialPublicKey(attested.credentialPublicKey)
        // Steps 21–22: the statement.
        let statement = try AttestationStatements.verify(object, clientDataHash: clientDataHash, policy: attestationPolicy,
                                                         time: seconds)
        // Steps 23–25: trust.
        if let allowed = attestationPolicy.allowedAAGUIDs, !allowed.contains(attested.aaguid) {
            throw WebAuthnError(.aaguidNotAllowed(hexString(attested.aaguid)))
        }
        let trustAnchors = try metadataTrustAnchors(attestationPolicy, aaguid: attested.aaguid, statement: statement, at: time)
        var trusted = false
        switch statement.type {
        case .none, .self:
            if attestationPolicy.requiresTrustedAttestation { throw WebAuthnError(.attestationNotTrusted(statement.type == .none ? "none" : "self attestation")) }
        case .basic, .anonymizationCA:
            if !trustAnchors.isEmpty {
                do {
                    _ = try X509ChainValidator(trustAnchors: trustAnchors,
                                               policy: X509Policy(handledCriticalExtensions: statement.handledCriticalExtensions) { _ in })
                        .validate(statement.certificates, at: seconds)
                } catch {
                    throw WebAuthnError(.attestationChainInvalid("\(error)"))
                }
                trusted = true
            }
        }
        if attestationPolicy.requiresTrustedAttestation, statement.type != .none, statement.type != .self, !trusted {
            throw WebAuthnError(.attestationNotTrusted("signed by a certificate chain, but neither the policy nor the metadata names a root to validate it to"))
        }
        let credential = RegisteredCredential(id: attested.credentialID, publicKey: attested.credentialPublicKeyBytes,
                                              signCount: authenticatorData.signCount,
                                              backupEligible: authenticatorData.flags.contains(.backupEligible), userHandle: userHandle)
        return VerifiedRegistration(credential: credential, aaguid: attested.aaguid, attestationFormat: object.format,
                                    attestationType: statement.type, attestationCertificates: statement.certificates,
                                    attestationTrusted: trusted, userVerified: authenticatorData.flags.contains(.userVerified),
                                    backedUp: authenticatorData.flags.contains(.backedUp), origin: clientData.origin,
                                    authenticatorData: authenticatorData)
    }

    /// The roots an attestation chain may lead to: the policy's, and those of the model's metadata entry,
    /// after checking the metadata is current and the model's status acceptable.
    func metadataTrustAnchors(_ policy: AttestationPolicy, aaguid: [UInt8], statement: VerifiedStatement,
                              at time: Date) throws(WebAuthnError) -> [Certificate] {
        guard let metadata = policy.metadata else { return policy.trustAnchors }
        guard metadata.isCurrent(at: time) else {
            throw WebAuthnError(.metadataOutOfDate(metadata.nextUpdateText))
        }
        // By AAGUID; else (U2F authenticators) by the attestation certificate's key identifier.
        let isZeroAAGUID = aaguid.allSatisfy { $0 == 0 }
        let entry = (isZeroAAGUID ? nil : metadata.entry(aaguid: aaguid))
            ?? statement.certificates.first.flatMap { metadata.entry(attestationCertificate: $0) }
        guard let entry else {
            if policy.requiresMetadataEntry {
                throw WebAuthnError(.authenticatorNotInMetadata(isZeroAAGUID ? "no AAGUID, and no entry for its attestation certificate" : "AAGUID \(hexString(aaguid))"))
            }
            return policy.trustAnchors
        }
        if let report = entry.compromisingReport {
            throw WebAuthnError(.authenticatorStatusRefused(model: entry.description ?? hexString(aaguid), status: report.status.rawValue))
        }
        return policy.trustAnchors + entry.attestationRootCertificates
    }
}

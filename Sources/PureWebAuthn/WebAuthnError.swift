// The one error type of PureWebAuthn: which check of a ceremony (WebAuthn §7.1, §7.2) failed, or what was
// malformed, in words a server log can act on.

/// Why a WebAuthn response was refused.
public struct WebAuthnError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Which check failed. Cases may be added in minor versions: switch with a `default:`.
    public enum Reason: Hashable, Sendable {
        // The response's encoding
        /// The response JSON is not what the WebAuthn JSON encoding describes (what, in words).
        case malformedResponse(String)
        /// `clientDataJSON` is not a JSON object with the members §5.8.1 requires (what, in words).
        case malformedClientData(String)
        /// The authenticator data is malformed (what, in words).
        case malformedAuthenticatorData(String)
        /// The credential public key cannot be used (why).
        case invalidCredentialPublicKey(String)

        // §7.2 (authentication) and §7.1 (registration) checks
        /// The response's credential is not the one expected (`id`/`rawId` differ from the stored credential's ID,
        /// or from each other).
        case credentialMismatch
        /// The response's `userHandle` is not the credential owner's.
        case userHandleMismatch
        /// `clientDataJSON.type` is not the ceremony's ("webauthn.get" or "webauthn.create"; the one found).
        case unexpectedType(String)
        /// The challenge is not the one the server issued.
        case challengeMismatch
        /// The origin is not among the relying party's (the origin found).
        case originNotAllowed(String)
        /// The ceremony ran in a cross-origin iframe, which the relying party does not allow.
        case crossOriginNotAllowed
        /// The top-level origin of a cross-origin ceremony is not among those allowed (the one found, or
        /// "absent").
        case topOriginNotAllowed(String)
        /// `rpIdHash` is not SHA-256 of the relying party ID (nor of the `appid` extension's ID, where used).
        case rpIDMismatch
        /// Flag UP is clear: the user was not present.
        case userNotPresent
        /// Flag UV is clear where user verification was required.
        case userNotVerified
        /// Flag BE differs from the one the credential was registered with (it never changes for a credential).
        case backupEligibilityChanged
        /// The signature does not verify with the credential's public key.
        case invalidSignature
        /// The signature counter did not increase: the authenticator may have been cloned (stored, received).
        case signCountRegression(stored: UInt32, received: UInt32)
        /// The credential ID is longer than §7.1 allows (its length).
        case credentialIDTooLong(Int)

        // Registration and attestation (§7.1 steps 20–27, §8)
        /// The attestation object is not a CBOR map with `fmt`, `attStmt` and `authData`, or has no attested
        /// credential data (what, in words).
        case malformedAttestationObject(String)
        /// The credential's algorithm is not among those the options offered (`pubKeyCredParams`).
        case algorithmNotAllowed(Int64)
        /// An attestation statement format this library does not verify (its identifier).
        case unsupportedAttestationFormat(String)
        /// An attestation statement's algorithm that no key here verifies with.
        case unsupportedAttestationAlgorithm(Int64)
        /// The attestation statement fails its format's verification procedure (§8; which check, in words).
        case invalidAttestationStatement(String)
        /// The attestation is `none` or self attestation, and the policy requires a trusted one.
        case attestationNotTrusted(String)
        /// The attestation certificate chain does not lead to a trusted root (why).
        case attestationChainInvalid(String)
        /// The authenticator model (AAGUID, hex) is not among those the policy allows.
        case aaguidNotAllowed(String)
        /// The FIDO metadata does not list the authenticator model, and the policy requires it to (which model).
        case authenticatorNotInMetadata(String)
        /// The FIDO metadata reports the model compromised or revoked (the model, the status).
        case authenticatorStatusRefused(model: String, status: String)
        /// The FIDO metadata is past its `nextUpdate` (that date).
        case metadataOutOfDate(String)
    }

    /// What failed.
    public let reason: Reason

    /// An error for `reason`.
    public init(_ reason: Reason) {
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .malformedResponse(let what): return "the WebAuthn response is malformed: \(what)"
        case .malformedClientData(let what): return "clientDataJSON is malformed: \(what)"
        case .malformedAuthenticatorData(let what): return "the authenticator data is malformed: \(what)"
        case .invalidCredentialPublicKey(let why): return "the credential public key cannot be used: \(why)"
        case .credentialMismatch: return "the response is for another credential than the one expected (id/rawId)"
        case .userHandleMismatch: return "the response's userHandle is not the credential owner's user ID"
        case .unexpectedType(let type): return "clientDataJSON.type is \"\(type)\", not this ceremony's (webauthn.get for sign-in, webauthn.create for registration)"
        case .challengeMismatch: return "the challenge is not the one issued for this ceremony; issue a new one and retry"
        case .originNotAllowed(let origin): return "the origin \"\(origin)\" is not among the relying party's origins; add it to the allowed origins if it is yours"
        case .crossOriginNotAllowed: return "the ceremony ran in a cross-origin iframe (crossOrigin: true), which this relying party does not allow"
        case .topOriginNotAllowed(let origin): return "the cross-origin ceremony's top-level origin (\(origin)) is not among those allowed"
        case .rpIDMismatch: return "rpIdHash is not SHA-256 of the relying party ID: the credential belongs to another RP ID"
        case .userNotPresent: return "the authenticator did not report user presence (flag UP)"
        case .userNotVerified: return "user verification was required but the authenticator did not verify the user (flag UV)"
        case .backupEligibilityChanged: return "the backup-eligible flag (BE) differs from the one the credential was registered with; treat the credential as suspect"
        case .invalidSignature: return "the signature does not verify with the credential's public key"
        case .signCountRegression(let stored, let received):
            return "the signature counter went from \(stored) to \(received): the authenticator may have been cloned; refuse and review the credential"
        case .credentialIDTooLong(let length): return "the credential ID is \(length) bytes long; WebAuthn allows 1023 at most"
        case .malformedAttestationObject(let what): return "the attestation object is malformed: \(what)"
        case .algorithmNotAllowed(let algorithm): return "the credential's algorithm (\(algorithm)) is not among those the registration options offered"
        case .unsupportedAttestationFormat(let format): return "the attestation statement format \"\(format)\" is not supported"
        case .unsupportedAttestationAlgorithm(let algorithm): return "the attestation statement's algorithm (\(algorithm)) is not supported"
        case .invalidAttestationStatement(let what): return "the attestation statement does not verify: \(what)"
        case .attestationNotTrusted(let kind): return "the attestation is \(kind), and the attestation policy requires one that chains to a trusted root"
        case .attestationChainInvalid(let why): return "the attestation certificate chain is not trusted: \(why)"
        case .aaguidNotAllowed(let aaguid): return "the authenticator model (AAGUID \(aaguid)) is not among those the attestation policy allows"
        case .authenticatorNotInMetadata(let model): return "the FIDO metadata does not list this authenticator model (\(model)), and the attestation policy requires it to"
        case .authenticatorStatusRefused(let model, let status):
            return "the FIDO metadata reports the authenticator model \(model) as \(status): its credentials cannot be trusted"
        case .metadataOutOfDate(let date): return "the FIDO metadata BLOB was due to be replaced on \(date); download the current one and retry"
        }
    }
}

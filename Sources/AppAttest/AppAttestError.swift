// The one error type of AppAttest: which of Apple's validation steps failed, in words a server log can act on.

/// Why an App Attest attestation or assertion was refused.
public struct AppAttestError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Which check failed. Cases may be added in minor versions: switch with a `default:`.
    public enum Reason: Hashable, Sendable {
        /// The configuration is unusable (what, in words): an App ID that is not TEAMID.bundle.id, a root that
        /// does not parse.
        case invalidConfiguration(String)
        /// The object is not what App Attest sends (what, in words).
        case malformed(String)
        /// Step 1: the certificate chain does not lead to the App Attestation root at the given time (why).
        case untrustedCertificateChain(String)
        /// Steps 2–4: the nonce in the credential certificate is not SHA-256(authData ‖ clientDataHash).
        case nonceMismatch
        /// Step 5: the key ID is not SHA-256 of the credential certificate's public key.
        case keyIDMismatch
        /// Step 6 (and assertions): the RP ID hash is not SHA-256 of the App ID.
        case appIDMismatch
        /// Step 7: an attestation's counter is not 0.
        case counterNotZero(UInt32)
        /// Step 8: the AAGUID is not the configured environment's (the environment the AAGUID names).
        case environmentMismatch(String)
        /// Step 9: the credential ID is not the key ID.
        case credentialIDMismatch
        /// An assertion's signature does not verify with the attested key.
        case invalidSignature
        /// An assertion's counter is not greater than the stored one (stored, received): a replay.
        case counterNotIncreased(stored: UInt32, received: UInt32)
        /// A receipt is not the PKCS#7 App Attest receipt Apple sends (what, in words).
        case malformedReceipt(String)
        /// A receipt's signer does not chain to Apple Root CA - G3 at the given time, or lacks Apple's markers (why).
        case untrustedReceiptChain(String)
        /// A receipt's signature does not verify with its signer's key.
        case invalidReceiptSignature
        /// Apple's receipt service or DeviceCheck answered with an error (HTTP status, Apple's text).
        case appleServiceError(status: Int, message: String)
    }

    /// What failed.
    public let reason: Reason

    /// An error for `reason`.
    public init(_ reason: Reason) {
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .invalidConfiguration(let what): return "the App Attest configuration is unusable: \(what)"
        case .malformed(let what): return "the App Attest object is malformed: \(what)"
        case .untrustedCertificateChain(let why): return "step 1: the certificate chain does not lead to Apple App Attestation Root CA: \(why)"
        case .nonceMismatch: return "steps 2-4: the credential certificate's nonce is not SHA-256(authData ‖ clientDataHash): the challenge or clientDataHash differs from the one the app used"
        case .keyIDMismatch: return "step 5: the key ID is not SHA-256 of the credential certificate's public key"
        case .appIDMismatch: return "step 6: the RP ID hash is not SHA-256 of the App ID (TEAMID.bundle.id): the object is from another app"
        case .counterNotZero(let counter): return "step 7: an attestation's counter must be 0, not \(counter)"
        case .environmentMismatch(let environment): return "step 8: the attestation is from the \(environment) environment, not the configured one"
        case .credentialIDMismatch: return "step 9: the credential ID is not the key ID"
        case .invalidSignature: return "the assertion's signature does not verify with the attested public key"
        case .counterNotIncreased(let stored, let received):
            return "the assertion's counter (\(received)) is not greater than the stored one (\(stored)): a replayed assertion"
        case .malformedReceipt(let what): return "the App Attest receipt is malformed: \(what)"
        case .untrustedReceiptChain(let why): return "the App Attest receipt's signer does not chain to Apple Root CA - G3: \(why)"
        case .invalidReceiptSignature: return "the App Attest receipt's signature does not verify with its signer's key"
        case .appleServiceError(let status, let message):
            return "Apple's service answered HTTP \(status)\(message.isEmpty ? "" : ": " + message)"
        }
    }
}

// Verifying an authentication assertion (WebAuthn §7.2), step by step. Steps 1–4 (options, the call,
// finding the credential) are the caller's; the step numbers below are §7.2's.

import PureSHA2

/// What a server stores for a registered credential and gives back to verify its assertions.
public struct RegisteredCredential: Sendable, Hashable {
    /// The credential ID.
    public var id: [UInt8]
    /// The credential public key in its COSE encoding, as registration returned it.
    public var publicKey: [UInt8]
    /// The last signature counter seen (0 for authenticators that keep none).
    public var signCount: UInt32
    /// Whether the credential was backup eligible (flag BE) when registered; it never changes.
    public var backupEligible: Bool
    /// The user handle (`user.id`) the credential was registered for, to check `userHandle` against.
    public var userHandle: [UInt8]?

    /// A stored credential.
    public init(id: [UInt8], publicKey: [UInt8], signCount: UInt32, backupEligible: Bool, userHandle: [UInt8]? = nil) {
        self.id = id
        self.publicKey = publicKey
        self.signCount = signCount
        self.backupEligible = backupEligible
        self.userHandle = userHandle
    }
}

/// Whether a ceremony requires user verification (WebAuthn's `UserVerificationRequirement`).
public enum UserVerificationRequirement: String, Sendable, Hashable {
    /// Flag UV must be set.
    case required
    /// Asked for, not checked.
    case preferred
    /// Not asked for, not checked.
    case discouraged
}

/// A verified assertion: what to store and what to tell the application.
public struct VerifiedAuthentication: Sendable {
    /// The credential that signed.
    public let credentialID: [UInt8]
    /// The new signature counter: store it in place of the old one.
    public let signCount: UInt32
    /// Whether the user was verified (flag UV).
    public let userVerified: Bool
    /// Whether the credential is backup eligible (flag BE; the same as at registration).
    public let backupEligible: Bool
    /// Whether the credential is backed up now (flag BS; may change between ceremonies).
    public let backedUp: Bool
    /// The origin the ceremony came from.
    public let origin: String
    /// The authenticator data as verified (its extension outputs among the rest).
    public let authenticatorData: AuthenticatorData
}

extension WebAuthnRelyingParty {
    /// Verifies an assertion (WebAuthn §7.2) from `credential`, for the challenge the server issued.
    ///
    /// - Parameters:
    ///   - response: the `PublicKeyCredential` the client returned (``AuthenticationResponse``).
    ///   - challenge: the challenge issued for this ceremony. Single use is the caller's: remove it from the
    ///     store before calling, so that a replay finds none.
    ///   - credential: the stored credential whose ID the response names.
    ///   - userVerification: `.required` refuses an assertion without flag UV.
    ///   - requireUserPresence: refuse an assertion without flag UP (true unless the caller knows better).
    /// - Returns: what to store (the new counter) and the flags.
    /// - Throws: ``WebAuthnError`` naming the check that failed.
    public func verifyAuthentication(_ response: AuthenticationResponse, challenge: [UInt8], credential: RegisteredCredential,
                                     userVerification: UserVerificationRequirement = .required,
                                     requireUserPresence: Bool = true) throws(WebAuthnError) -> VerifiedAuthentication {
        // Step 5 (allowCredentials) and 6 (the credential is the user's): the response names this credential.
        guard response.id == credential.id else { throw WebAuthnError(.credentialMismatch) }
        if let userHandle = response.userHandle, let owner = credential.userHandle, userHandle != owner {
            throw WebAuthnError(.userHandleMismatch)
        }
        // Step 7: the stored key.
        let publicKey = try CredentialPublicKey(coseEncoding: credential.publicKey)
        // Steps 8–15: the client data.
        let clientData = try CollectedClientData(response.clientDataJSON)
        try check(clientData, type: "webauthn.get", challenge: challenge)
        // Steps 16–18: rpIdHash, UP, UV.
        let authenticatorData = try AuthenticatorData(response.authenticatorData)
        try checkRPIDHash(authenticatorData, appIDUsed: response.appIDExtensionUsed)
        if requireUserPresence, !authenticatorData.flags.contains(.userPresent) { throw WebAuthnError(.userNotPresent) }
        if userVerification == .required, !authenticatorData.flags.contains(.userVerified) { throw WebAuthnError(.userNotVerified) }
        // Step 19: BE never changes (BS without BE was refused with the data).
        guard authenticatorData.flags.contains(.backupEligible) == credential.backupEligible else {
            throw WebAuthnError(.backupEligibilityChanged)
        }
        // Steps 21–22: the signature over authenticatorData ‖ SHA-256(clientDataJSON).
        let signed = response.authenticatorData + Array(SHA256.hash(data: response.clientDataJSON))
        guard publicKey.isValidSignature(response.signature, for: signed) else { throw WebAuthnError(.invalidSignature) }
        // Step 23: the counter must grow, unless both are 0 (authenticators that keep none: passkeys).
        let received = authenticatorData.signCount
        if received != 0 || credential.signCount != 0, received <= credential.signCount {
            throw WebAuthnError(.signCountRegression(stored: credential.signCount, received: received))
        }
        return VerifiedAuthentication(credentialID: credential.id, signCount: received,
                                      userVerified: authenticatorData.flags.contains(.userVerified),
                                      backupEligible: authenticatorData.flags.contains(.backupEligible),
                                      backedUp: authenticatorData.flags.contains(.backedUp), origin: clientData.origin,
                                      authenticatorData: authenticatorData)
    }
}

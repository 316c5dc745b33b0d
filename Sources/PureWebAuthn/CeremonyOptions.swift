// The options a server sends to start a ceremony, as the WebAuthn JSON encodings (Level 3 §5.4, §5.5:
// PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON) that the browser's
// PublicKeyCredential.parseCreationOptionsFromJSON / parseRequestOptionsFromJSON take. Binary members are
// unpadded base64url.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureBase64
import PureCBOR

/// A credential named in `excludeCredentials` or `allowCredentials`.
public struct CredentialDescriptor: Sendable, Hashable, Encodable {
    /// The credential ID.
    public var id: [UInt8]
    /// The transports registration reported ("internal", "hybrid", "usb", "nfc", "ble"), as hints to the client.
    public var transports: [String]

    /// A descriptor for the credential `id`.
    public init(id: [UInt8], transports: [String] = []) {
        self.id = id
        self.transports = transports
    }

    private enum CodingKeys: String, CodingKey { case type, id, transports }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("public-key", forKey: .type)
        try container.encode(Base64URL.encode(id), forKey: .id)
        if !transports.isEmpty { try container.encode(transports, forKey: .transports) }
    }
}

/// The user account a credential is registered for (WebAuthn's PublicKeyCredentialUserEntity).
public struct WebAuthnUser: Sendable, Hashable {
    /// The user handle: an opaque ID of at most 64 bytes that is no personal information (random bytes).
    public var id: [UInt8]
    /// The account's name, shown to tell accounts apart ("alice@example.org").
    public var name: String
    /// The name shown to the user ("Alice").
    public var displayName: String

    /// A user entity.
    public init(id: [UInt8], name: String, displayName: String) {
        self.id = id
        self.name = name
        self.displayName = displayName
    }
}

/// Whether the credential must be discoverable (a passkey the client can offer without a user name).
public enum ResidentKeyRequirement: String, Sendable, Hashable {
    /// The credential must be discoverable: what passkeys are.
    case required
    /// Discoverable if the authenticator can.
    case preferred
    /// Server-side credentials preferred.
    case discouraged
}

/// Which kind of authenticator a registration asks for (WebAuthn's AuthenticatorAttachment, §5.4.5).
public enum AuthenticatorAttachment: String, Sendable, Hashable {
    /// The device's own authenticator (Touch ID, Windows Hello, a phone's screen lock).
    case platform
    /// A roaming authenticator: a security key, or a phone reached by the hybrid transport.
    case crossPlatform = "cross-platform"
}

/// What the relying party expects the user to use, for the client's interface (WebAuthn Level 3 §5.8.7,
/// PublicKeyCredentialHint). Hints guide the client's choice of prompt; they restrict nothing, and a
/// client that does not know them ignores them.
public enum CredentialHint: String, Sendable, Hashable {
    /// A physical security key.
    case securityKey = "security-key"
    /// The device the user is on (a platform authenticator).
    case clientDevice = "client-device"
    /// A phone or tablet, over the hybrid transport.
    case hybrid
}

/// What attestation the relying party asks for (WebAuthn's AttestationConveyancePreference).
public enum AttestationConveyance: String, Sendable, Hashable {
    /// No attestation (the default): nothing about the authenticator is asked.
    case none
    /// The client may replace the attestation to protect privacy.
    case indirect
    /// The authenticator's attestation as it made it.
    case direct
    /// Enterprise attestation, which identifies the device (for managed devices only).
    case enterprise
}

/// The options of a registration (PublicKeyCredentialCreationOptionsJSON).
public struct RegistrationOptions: Sendable, Encodable {
    /// The challenge: keep it, single use, to give to ``WebAuthnRelyingParty/verifyRegistration(_:challenge:allowedAlgorithms:userVerification:requireUserPresence:attestationPolicy:userHandle:at:)``.
    public let challenge: [UInt8]
    /// The relying party's ID and name.
    public let relyingPartyID: String, relyingPartyName: String
    /// The user.
    public let user: WebAuthnUser
    /// The algorithms offered, in order of preference.
    public let algorithms: [COSEAlgorithm]
    /// Credentials the user already has, which the authenticator must not register again.
    public let excludeCredentials: [CredentialDescriptor]
    /// Whether a discoverable credential is required.
    public let residentKey: ResidentKeyRequirement
    /// Whether user verification is required.
    public let userVerification: UserVerificationRequirement
    /// The attestation asked for.
    public let attestation: AttestationConveyance
    /// The kind of authenticator asked for (`authenticatorSelection.authenticatorAttachment`); nil for any.
    public let authenticatorAttachment: AuthenticatorAttachment?
    /// Hints for the client's interface, most preferred first (`hints`; omitted when empty).
    public let hints: [CredentialHint]
    /// How long the client may take, in milliseconds.
    public let timeout: Int

    private enum CodingKeys: String, CodingKey {
        case rp, user, challenge, pubKeyCredParams, timeout, excludeCredentials, authenticatorSelection, attestation, hints, extensions
    }
    private struct Parameter: Encodable { let type = "public-key"; let alg: Int64 }
    /// The synthesized encoding leaves a nil attachment out (encodeIfPresent).
    private struct Selection: Encodable {
        let authenticatorAttachment: String?
        let residentKey: String
        let requireResidentKey: Bool
        let userVerification: String
    }
    private struct Extensions: Encodable { let credProps = true }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(["id": relyingPartyID, "name": relyingPartyName], forKey: .rp)
        try container.encode(["id": Base64URL.encode(user.id), "name": user.name, "displayName": user.displayName], forKey: .user)
        try container.encode(Base64URL.encode(challenge), forKey: .challenge)
        try container.encode(algorithms.map { Parameter(alg: $0.rawValue) }, forKey: .pubKeyCredParams)
        try container.encode(timeout, forKey: .timeout)
        try container.encode(excludeCredentials, forKey: .excludeCredentials)
        try container.encode(Selection(authenticatorAttachment: authenticatorAttachment?.rawValue, residentKey: residentKey.rawValue,
                                       requireResidentKey: residentKey == .required, userVerification: userVerification.rawValue),
                             forKey: .authenticatorSelection)
        try container.encode(attestation.rawValue, forKey: .attestation)
        if !hints.isEmpty { try container.encode(hints.map(\.rawValue), forKey: .hints) }
        try container.encode(Extensions(), forKey: .extensions)
    }

    /// The options as JSON, for the browser's `PublicKeyCredential.parseCreationOptionsFromJSON`.
    public func json() -> [UInt8] { encodeOptionsJSON(self) }
}

/// The options of an authentication (PublicKeyCredentialRequestOptionsJSON).
public struct AuthenticationOptions: Sendable, Encodable {
    /// The challenge: keep it, single use, to give to ``WebAuthnRelyingParty/verifyAuthentication(_:challenge:credential:userVerification:requireUserPresence:)``.
    public let challenge: [UInt8]
    /// The relying party ID.
    public let relyingPartyID: String
    /// The credentials that may answer; empty for discoverable credentials (the client offers the user's passkeys).
    public let allowCredentials: [CredentialDescriptor]
    /// Whether user verification is required.
    public let userVerification: UserVerificationRequirement
    /// Hints for the client's interface, most preferred first (`hints`; omitted when empty).
    public let hints: [CredentialHint]
    /// How long the client may take, in milliseconds.
    public let timeout: Int

    private enum CodingKeys: String, CodingKey { case challenge, timeout, rpId, allowCredentials, userVerification, hints }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Base64URL.encode(challenge), forKey: .challenge)
        try container.encode(timeout, forKey: .timeout)
        try container.encode(relyingPartyID, forKey: .rpId)
        try container.encode(allowCredentials, forKey: .allowCredentials)
        try container.encode(userVerification.rawValue, forKey: .userVerification)
        if !hints.isEmpty { try container.encode(hints.map(\.rawValue), forKey: .hints) }
    }

    /// The options as JSON, for the browser's `PublicKeyCredential.parseRequestOptionsFromJSON`.
    public func json() -> [UInt8] { encodeOptionsJSON(self) }
}

/// Options encode without failing: every member is a string, number, boolean or array of them.
private func encodeOptionsJSON<T: Encodable>(_ value: T) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? Array(encoder.encode(value))) ?? []
}

extension WebAuthnRelyingParty {
    /// A new challenge: 32 bytes from the system's secure random number generator.
    public static func makeChallenge() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// Options for a registration, with a fresh challenge. The defaults make a passkey: discoverable, user
    /// verified, no attestation, every algorithm this library verifies, any kind of authenticator. An "add
    /// a security key" button would pass `attachment: .crossPlatform, hints: [.securityKey]`; hints only
    /// steer the client's prompt, so `verifyRegistration` still checks what came back.
    public func registrationOptions(for user: WebAuthnUser, excluding excludeCredentials: [CredentialDescriptor] = [],
                                    algorithms: [COSEAlgorithm] = WebAuthnRelyingParty.supportedAlgorithms,
                                    residentKey: ResidentKeyRequirement = .required,
                                    userVerification: UserVerificationRequirement = .required,
                                    attestation: AttestationConveyance = .none, attachment: AuthenticatorAttachment? = nil,
                                    hints: [CredentialHint] = [], timeout: Int = 300_000) -> RegistrationOptions {
        RegistrationOptions(challenge: WebAuthnRelyingParty.makeChallenge(), relyingPartyID: id, relyingPartyName: name, user: user,
                            algorithms: algorithms, excludeCredentials: excludeCredentials, residentKey: residentKey,
                            userVerification: userVerification, attestation: attestation, authenticatorAttachment: attachment,
                            hints: Self.unique(hints), timeout: timeout)
    }

    /// Options for an authentication, with a fresh challenge: `allowCredentials` empty asks for a
    /// discoverable credential (the client lists the user's passkeys); `hints` steer the client's prompt.
    public func authenticationOptions(allowing allowCredentials: [CredentialDescriptor] = [],
                                      userVerification: UserVerificationRequirement = .required,
                                      hints: [CredentialHint] = [], timeout: Int = 300_000) -> AuthenticationOptions {
        AuthenticationOptions(challenge: WebAuthnRelyingParty.makeChallenge(), relyingPartyID: id, allowCredentials: allowCredentials,
                              userVerification: userVerification, hints: Self.unique(hints), timeout: timeout)
    }

    /// The hints in their order, each once (a repeated hint says nothing more).
    private static func unique(_ hints: [CredentialHint]) -> [CredentialHint] {
        var seen: Set<CredentialHint> = []
        return hints.filter { seen.insert($0).inserted }
    }
}

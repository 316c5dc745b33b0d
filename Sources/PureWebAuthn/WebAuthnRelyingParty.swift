// The relying party: its ID, name and origins, and the policies that apply to every ceremony. One value,
// made once at startup and shared (it is Sendable and immutable).

import PureSHA2

/// A WebAuthn relying party (W3C WebAuthn Level 3): who the credentials are for, and which callers may use them.
///
/// ```swift
/// let relyingParty = WebAuthnRelyingParty(id: "example.org", name: "Example",
///                                         origins: ["https://example.org", "android:apk-key-hash:…"])
/// let result = try relyingParty.verifyAuthentication(response, challenge: issued, credential: stored)
/// ```
public struct WebAuthnRelyingParty: Sendable {
    /// What a cross-origin ceremony (one run in an iframe of another site: `crossOrigin: true`) may do.
    public enum CrossOriginPolicy: Sendable, Hashable {
        /// Refuse every cross-origin ceremony (the default).
        case refuse
        /// Accept cross-origin ceremonies whose top-level origin is one of these; an empty list accepts any
        /// top-level origin, and a ceremony that names none.
        case allow(topOrigins: [String])
    }

    /// The relying party ID: a registrable domain ("example.org"), what credentials are scoped to.
    public let id: String
    /// The name shown to the user.
    public let name: String
    /// The origins ceremonies may come from, compared exactly: web origins ("https://example.org",
    /// "https://login.example.org:8443") and Android apps ("android:apk-key-hash:<base64url SHA-256 of the
    /// signing certificate>").
    public let origins: [String]
    /// What cross-origin ceremonies may do.
    public var crossOriginPolicy: CrossOriginPolicy = .refuse
    /// The FIDO U2F AppID ("https://example.org/app-id.json") of credentials registered through U2F, whose
    /// assertions carry SHA-256 of it as rpIdHash when the client used the `appid` extension (§10.1.1).
    public var appID: String?

    /// SHA-256 of ``id``.
    let idHash: [UInt8]

    /// A relying party for `id`, accepting ceremonies from `origins`.
    public init(id: String, name: String, origins: [String]) {
        self.id = id
        self.name = name
        self.origins = origins
        self.idHash = Array(SHA256.hash(data: Array(id.utf8)))
    }

    /// Checks the client data as §7.1 steps 7–10 and §7.2 steps 11–15 say: type, challenge, origin and the
    /// cross-origin policy.
    func check(_ clientData: CollectedClientData, type: String, challenge: [UInt8]) throws(WebAuthnError) {
        guard clientData.type == type else { throw WebAuthnError(.unexpectedType(clientData.type)) }
        guard constantTimeEqual(clientData.challenge, challenge) else { throw WebAuthnError(.challengeMismatch) }
        guard origins.contains(clientData.origin) else { throw WebAuthnError(.originNotAllowed(clientData.origin)) }
        if clientData.crossOrigin {
            guard case .allow(let topOrigins) = crossOriginPolicy else { throw WebAuthnError(.crossOriginNotAllowed) }
            if !topOrigins.isEmpty {
                guard let topOrigin = clientData.topOrigin else { throw WebAuthnError(.topOriginNotAllowed("absent")) }
                guard topOrigins.contains(topOrigin) else { throw WebAuthnError(.topOriginNotAllowed(topOrigin)) }
            }
        } else if let topOrigin = clientData.topOrigin, topOrigin != clientData.origin {
            // A topOrigin that differs from the origin means a cross-origin context, whatever crossOrigin says.
            guard case .allow(let topOrigins) = crossOriginPolicy else { throw WebAuthnError(.crossOriginNotAllowed) }
            guard topOrigins.isEmpty || topOrigins.contains(topOrigin) else { throw WebAuthnError(.topOriginNotAllowed(topOrigin)) }
        }
    }

    /// Checks rpIdHash against the RP ID, or against the AppID when `appIDUsed`.
    func checkRPIDHash(_ authenticatorData: AuthenticatorData, appIDUsed: Bool) throws(WebAuthnError) {
        if authenticatorData.rpIDHash == idHash { return }
        if appIDUsed, let appID, authenticatorData.rpIDHash == Array(SHA256.hash(data: Array(appID.utf8))) { return }
        throw WebAuthnError(.rpIDMismatch)
    }
}

// The client data (WebAuthn §5.8.1, CollectedClientData): what the browser says about the ceremony, as the
// UTF-8 JSON bytes whose SHA-256 the authenticator signs. Read with PureJWT's strict JSON parser (duplicate
// members, invalid UTF-8 and trailing bytes refused); members other than these are allowed and ignored, as
// §5.8.1 asks (`tokenBinding`, browsers' padding and notes).

import PureBase64
import PureJWT

/// Parsed `clientDataJSON`.
public struct CollectedClientData: Sendable {
    /// "webauthn.create" or "webauthn.get".
    public let type: String
    /// The challenge the client was given (decoded from its base64url form).
    public let challenge: [UInt8]
    /// The caller's origin: a web origin ("https://example.org") or an app's ("android:apk-key-hash:…").
    public let origin: String
    /// Whether the ceremony ran in a cross-origin iframe (absent means false).
    public let crossOrigin: Bool
    /// The top-level origin, present for cross-origin ceremonies in Level 3 clients.
    public let topOrigin: String?

    /// The largest `clientDataJSON` read (64 KiB; browsers send a few hundred bytes).
    public static let maximumSize = 65_536

    private struct Members: Decodable {
        let type: String
        let challenge: String
        let origin: String
        let crossOrigin: Bool?
        let topOrigin: String?
        let tokenBinding: JSONValue?
    }

    /// Parses `bytes` (the decoded `clientDataJSON`).
    public init(_ bytes: [UInt8]) throws(WebAuthnError) {
        let members: Members
        do {
            members = try StrictJSONDecoder(maximumSize: CollectedClientData.maximumSize).decode(Members.self, from: bytes)
        } catch {
            throw WebAuthnError(.malformedClientData("\(error)"))
        }
        type = members.type
        do { challenge = try Base64URL.decode(members.challenge) } catch {
            throw WebAuthnError(.malformedClientData("the challenge is not unpadded base64url: \(error)"))
        }
        // Token Binding (Level 2 §5.8.1, removed in Level 3, still sent by old clients): an object's status
        // must be one of Level 2's TokenBindingStatus values; a member of another type is ignored, as Level 3
        // no longer defines it.
        if case .object(let tokenBinding)? = members.tokenBinding {
            guard case .string(let status)? = tokenBinding["status"], status == "present" || status == "supported" else {
                throw WebAuthnError(.malformedClientData("tokenBinding.status is missing or not \"present\" or \"supported\" (WebAuthn Level 2 §5.8.1)"))
            }
        }
        origin = members.origin
        crossOrigin = members.crossOrigin ?? false
        topOrigin = members.topOrigin
    }
}

// The WebAuthn JSON encodings of a credential (WebAuthn §5.1, `toJSON()`: AuthenticationResponseJSON and
// RegistrationResponseJSON), read with PureJWT's strict JSON parser. Binary members are base64url; the
// encoding omits padding, but some clients and libraries add it, so one or two trailing "=" that complete a
// quantum are accepted (anything else base64url does not allow is refused).

import PureBase64
import PureJWT

/// An assertion as the client returns it (`PublicKeyCredential` with an `AuthenticatorAssertionResponse`).
public struct AuthenticationResponse: Sendable {
    /// The credential ID (`rawId`; `id` must be its base64url form).
    public let id: [UInt8]
    /// `response.clientDataJSON`, the bytes.
    public let clientDataJSON: [UInt8]
    /// `response.authenticatorData`.
    public let authenticatorData: [UInt8]
    /// `response.signature`.
    public let signature: [UInt8]
    /// `response.userHandle`: the user ID of a discoverable credential.
    public let userHandle: [UInt8]?
    /// Whether `clientExtensionResults.appid` is true: the client asserted with the FIDO AppID.
    public let appIDExtensionUsed: Bool

    /// An assertion from its parts.
    public init(id: [UInt8], clientDataJSON: [UInt8], authenticatorData: [UInt8], signature: [UInt8],
                userHandle: [UInt8]? = nil, appIDExtensionUsed: Bool = false) {
        self.id = id
        self.clientDataJSON = clientDataJSON
        self.authenticatorData = authenticatorData
        self.signature = signature
        self.userHandle = userHandle
        self.appIDExtensionUsed = appIDExtensionUsed
    }

    private struct JSONForm: Decodable {
        struct Response: Decodable {
            let clientDataJSON: String
            let authenticatorData: String
            let signature: String
            let userHandle: String?
        }
        let id: String
        let rawId: String
        let type: String
        let response: Response
        let clientExtensionResults: [String: JSONValue]?
    }

    /// Reads the JSON the client's `credential.toJSON()` gives (AuthenticationResponseJSON).
    public init(json bytes: [UInt8]) throws(WebAuthnError) {
        let form = try ResponseJSON.decode(JSONForm.self, from: bytes)
        let rawID = try ResponseJSON.credentialID(id: form.id, rawID: form.rawId, type: form.type)
        self.init(id: rawID,
                  clientDataJSON: try ResponseJSON.bytes(form.response.clientDataJSON, "response.clientDataJSON"),
                  authenticatorData: try ResponseJSON.bytes(form.response.authenticatorData, "response.authenticatorData"),
                  signature: try ResponseJSON.bytes(form.response.signature, "response.signature"),
                  userHandle: try form.response.userHandle.map { (text) throws(WebAuthnError) in try ResponseJSON.bytes(text, "response.userHandle") },
                  appIDExtensionUsed: form.clientExtensionResults?["appid"] == .bool(true))
    }
}

/// A new credential as the client returns it (`PublicKeyCredential` with an `AuthenticatorAttestationResponse`).
public struct RegistrationResponse: Sendable {
    /// The credential ID (`rawId`; `id` must be its base64url form).
    public let id: [UInt8]
    /// `response.clientDataJSON`, the bytes.
    public let clientDataJSON: [UInt8]
    /// `response.attestationObject`.
    public let attestationObject: [UInt8]
    /// `response.transports` ("internal", "hybrid", "usb", …), to give back in `allowCredentials`.
    public let transports: [String]

    /// A registration response from its parts.
    public init(id: [UInt8], clientDataJSON: [UInt8], attestationObject: [UInt8], transports: [String] = []) {
        self.id = id
        self.clientDataJSON = clientDataJSON
        self.attestationObject = attestationObject
        self.transports = transports
    }

    private struct JSONForm: Decodable {
        struct Response: Decodable {
            let clientDataJSON: String
            let attestationObject: String
            let transports: [String]?
        }
        let id: String
        let rawId: String
        let type: String
        let response: Response
    }

    /// Reads the JSON the client's `credential.toJSON()` gives (RegistrationResponseJSON). The convenience
    /// members (`publicKey`, `authenticatorData`, `publicKeyAlgorithm`) are ignored: everything is read from
    /// the attestation object, which the signature covers.
    public init(json bytes: [UInt8]) throws(WebAuthnError) {
        let form = try ResponseJSON.decode(JSONForm.self, from: bytes)
        let rawID = try ResponseJSON.credentialID(id: form.id, rawID: form.rawId, type: form.type)
        self.init(id: rawID,
                  clientDataJSON: try ResponseJSON.bytes(form.response.clientDataJSON, "response.clientDataJSON"),
                  attestationObject: try ResponseJSON.bytes(form.response.attestationObject, "response.attestationObject"),
                  transports: form.response.transports ?? [])
    }
}

/// What the response readers share.
enum ResponseJSON {
    /// The largest response read (1 MiB: a registration with a TPM certificate chain is a few KiB).
    static let maximumSize = 1 << 20

    /// The response decoded with the strict JSON parser.
    static func decode<Form: Decodable>(_ type: Form.Type, from bytes: [UInt8]) throws(WebAuthnError) -> Form {
        do { return try StrictJSONDecoder(maximumSize: maximumSize).decode(Form.self, from: bytes) } catch {
            throw WebAuthnError(.malformedResponse("\(error)"))
        }
    }

    /// The credential ID: `rawId`'s bytes, which `id` must spell too, of a "public-key" credential.
    static func credentialID(id: String, rawID: String, type: String) throws(WebAuthnError) -> [UInt8] {
        guard type == "public-key" else { throw WebAuthnError(.malformedResponse("type is \"\(type)\", not \"public-key\"")) }
        let idBytes = try bytes(id, "id"), rawIDBytes = try bytes(rawID, "rawId")
        guard idBytes == rawIDBytes else { throw WebAuthnError(.credentialMismatch) }
        return rawIDBytes
    }

    /// A base64url member's bytes; see the file comment on padding.
    static func bytes(_ text: String, _ member: String) throws(WebAuthnError) -> [UInt8] {
        var unpadded = Substring(text)
        if text.utf8.count % 4 == 0 {
            if unpadded.hasSuffix("==") { unpadded = unpadded.dropLast(2) } else if unpadded.hasSuffix("=") { unpadded = unpadded.dropLast(1) }
        }
        do { return try Base64URL.decode(unpadded) } catch {
            throw WebAuthnError(.malformedResponse("\(member) is not base64url: \(error)"))
        }
    }
}

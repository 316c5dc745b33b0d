// The attestation object (WebAuthn §6.5.4): a CBOR map {"fmt": text, "attStmt": map, "authData": bytes},
// decoded with PureCBOR's strict decoder. Registration's authenticator data must carry attested credential
// data (flag AT).

import PureCBOR

/// A decoded attestation object.
public struct AttestationObject: Sendable {
    /// The attestation statement format identifier ("none", "packed", "fido-u2f", …).
    public let format: String
    /// The attestation statement, as its format defines it.
    public let statement: CBORMap
    /// The authenticator data, parsed.
    public let authenticatorData: AuthenticatorData
    /// The attested credential data (always present: an attestation object without it is refused).
    public let attestedCredentialData: AuthenticatorData.AttestedCredentialData

    /// Decodes an attestation object (exactly one CBOR map; other members refused, as CTAP2 defines none).
    public init(_ bytes: [UInt8]) throws(WebAuthnError) {
        let item: CBOR
        do { item = try CBORDecoder().decode(bytes) } catch { throw WebAuthnError(.malformedAttestationObject("\(error)")) }
        guard let map = item.mapValue else { throw WebAuthnError(.malformedAttestationObject("it is not a CBOR map")) }
        guard let format = map["fmt"]?.textStringValue else {
            throw WebAuthnError(.malformedAttestationObject("\"fmt\" is missing or not a text string"))
        }
        guard let statement = map["attStmt"]?.mapValue else {
            throw WebAuthnError(.malformedAttestationObject("\"attStmt\" is missing or not a map"))
        }
        guard let authData = map["authData"]?.byteStringValue else {
            throw WebAuthnError(.malformedAttestationObject("\"authData\" is missing or not a byte string"))
        }
        guard map.count == 3 else { throw WebAuthnError(.malformedAttestationObject("it has members other than fmt, attStmt and authData")) }
        let authenticatorData = try AuthenticatorData(authData)
        guard let attested = authenticatorData.attestedCredentialData else {
            throw WebAuthnError(.malformedAttestationObject("the authenticator data has no attested credential data (flag AT)"))
        }
        self.format = format
        self.statement = statement
        self.authenticatorData = authenticatorData
        self.attestedCredentialData = attested
    }
}

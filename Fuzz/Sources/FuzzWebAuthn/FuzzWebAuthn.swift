// WebAuthn responses as a hostile client sends them: the first byte picks the reader (attestation object,
// authenticator data, with App Attest's trailing map or without, client data, registration or
// authentication response JSON), the rest is its input; then a registration and an assertion check run on
// whatever parses. Every path must throw or succeed, never trap.
import Foundation
import PureSHA2
import PureWebAuthn

private let relyingParty = WebAuthnRelyingParty(id: "example.org", name: "Fuzz", origins: ["https://example.org"])
/// The RP IDs of the §16 vectors and the registration fixtures.
private let statementRelyingParties = ["example.org", "localhost", "webauthn.io", "dev.dontneeda.pw", "authress.io", "pwl.ngrok.io",
                                       "webauthntest.azurewebsites.net", "portal.fxon.com", "netpassport.io"].map {
    WebAuthnRelyingParty(id: $0, name: "Fuzz", origins: ["https://" + $0])
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebAuthn(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let mode = bytes.first else { return 0 }
    let input = Array(bytes.dropFirst())
    switch mode % 6 {
    case 0: _ = try? AttestationObject(input)
    case 1: _ = try? AuthenticatorData(input)
    case 2: _ = try? AuthenticatorData(input, trailingMapWithoutFlag: true)
    case 3: _ = try? CollectedClientData(input)
    case 4:
        if let response = try? RegistrationResponse(json: input) {
            _ = try? relyingParty.verifyRegistration(response, challenge: [], userVerification: .discouraged)
        }
        // The attestation object alone, under the registration checks, for the relying party its rpIdHash
        // names among the vectors' and fixtures', so that its statement's format procedure runs.
        guard let object = try? AttestationObject(input) else { break }
        let rpID = statementRelyingParties.first { Array(SHA256.hash(data: Array($0.id.utf8))) == object.authenticatorData.rpIDHash } ?? relyingParty
        let clientData = #"{"type":"webauthn.create","challenge":"","origin":"https://"# + rpID.id + #""}"#
        let response = RegistrationResponse(id: object.attestedCredentialData.credentialID, clientDataJSON: Array(clientData.utf8),
                                            attestationObject: input)
        var policy = AttestationPolicy()
        policy.safetyNetMaximumAge = nil
        _ = try? rpID.verifyRegistration(response, challenge: [], userVerification: .discouraged, attestationPolicy: policy)
    default:
        if let response = try? AuthenticationResponse(json: input) {
            let credential = RegisteredCredential(id: response.id, publicKey: response.authenticatorData, signCount: 0, backupEligible: false)
            _ = try? relyingParty.verifyAuthentication(response, challenge: [], credential: credential)
        }
    }
    return 0
}

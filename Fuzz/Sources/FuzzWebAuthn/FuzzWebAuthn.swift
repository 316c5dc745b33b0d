// WebAuthn responses as a hostile client sends them: the first byte picks the reader (attestation object,
// authenticator data, with App Attest's trailing map or without, client data, registration or
// authentication response JSON), the rest is its input; then a registration and an assertion check run on
// whatever parses. Every path must throw or succeed, never trap.
import Foundation
import PureWebAuthn

private let relyingParty = WebAuthnRelyingParty(id: "example.org", name: "Fuzz", origins: ["https://example.org"])

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
        // The attestation object alone, under the registration checks.
        let response = RegistrationResponse(id: [], clientDataJSON: Array(#"{"type":"webauthn.create","challenge":"","origin":"https://example.org"}"#.utf8),
                                            attestationObject: input)
        _ = try? relyingParty.verifyRegistration(response, challenge: [], userVerification: .discouraged)
    default:
        if let response = try? AuthenticationResponse(json: input) {
            let credential = RegisteredCredential(id: response.id, publicKey: response.authenticatorData, signCount: 0, backupEligible: false)
            _ = try? relyingParty.verifyAuthentication(response, challenge: [], credential: credential)
        }
    }
    return 0
}

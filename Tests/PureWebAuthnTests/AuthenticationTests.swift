// Authentication ceremonies (WebAuthn §7.2) against the W3C WebAuthn Level 3 §16 test vectors (every
// vector's assertion, with the credential key from its registration, under the policies its `expected`
// names) and every authentication fixture taken from py_webauthn's and SimpleWebAuthn's suites (verified
// where they verify, refused where they refuse, for the reason they give); then each check on its own.

import PureBase64
import PureCBOR
import PureSHA2
import PureWebAuthn
import Testing
import TestSupport

struct SpecVectors: Decodable {
    struct Common: Decodable {
        let rp_id: String
        let origin: String
        let top_origin: String
    }
    struct Vector: Decodable {
        struct Registration: Decodable {
            let challenge: String
            let clientDataJSON: String
            let attestationObject: String
            let credential_id: String
        }
        struct Authentication: Decodable {
            let challenge: String
            let authenticatorData: String
            let clientDataJSON: String
            let signature: String
        }
        let name: String
        let format: String
        let credential_alg: Int64
        let registration: Registration
        let authentication: Authentication
        let expected: [String: String]
    }
    let common: Common
    let vectors: [Vector]

    static func load() throws -> SpecVectors {
        try VectorFiles.json(SpecVectors.self, "spec-vectors.json")
    }
}

/// The authenticator data inside a registration's attestation object.
func registrationAuthenticatorData(_ attestationObjectHex: String) throws -> AuthenticatorData {
    let object = try CBOR(decoding: [UInt8](hex: attestationObjectHex))
    let bytes = try #require(object.mapValue?["authData"]?.byteStringValue)
    return try AuthenticatorData(bytes)
}

private func outcome(_ body: () throws(WebAuthnError) -> VerifiedAuthentication) -> Result<VerifiedAuthentication, WebAuthnError> {
    do { return .success(try body()) } catch { return .failure(error) }
}

@Suite("WebAuthn authentication (§7.2)")
struct AuthenticationTests {
    @Test("§16: every vector's assertion verifies with its registered key (Ed448's too), cross-origin ones only where allowed")
    func specVectors() throws {
        let file = try SpecVectors.load()
        #expect(file.vectors.count == 15)
        var verified = 0
        for vector in file.vectors {
            let registered = try registrationAuthenticatorData(vector.registration.attestationObject)
            let attested = try #require(registered.attestedCredentialData, "\(vector.name)")
            #expect(attested.credentialID.hex == vector.registration.credential_id)
            let credential = RegisteredCredential(id: attested.credentialID, publicKey: attested.credentialPublicKeyBytes, signCount: 0,
                                                  backupEligible: registered.flags.contains(.backupEligible))
            let response = AuthenticationResponse(id: attested.credentialID,
                                                  clientDataJSON: try [UInt8](hex: vector.authentication.clientDataJSON),
                                                  authenticatorData: try [UInt8](hex: vector.authentication.authenticatorData),
                                                  signature: try [UInt8](hex: vector.authentication.signature))
            let challenge = try [UInt8](hex: vector.authentication.challenge)
            var relyingParty = WebAuthnRelyingParty(id: file.common.rp_id, name: "Example", origins: [file.common.origin])
            let verify = { (party: WebAuthnRelyingParty) in
                outcome { () throws(WebAuthnError) in
                    try party.verifyAuthentication(response, challenge: challenge, credential: credential, userVerification: .discouraged)
                }
            }
            let expectation = try #require(vector.expected["authentication"], "\(vector.name)")
            if expectation.hasPrefix("valid only if the RP allows cross-origin") {
                guard case .failure(let error) = verify(relyingParty) else { Issue.record("\(vector.name): accepted cross-origin"); continue }
                #expect(error.reason == .crossOriginNotAllowed, "\(vector.name)")
                relyingParty.crossOriginPolicy = .allow(topOrigins: ["https://elsewhere.example"])
                if vector.name.hasSuffix("topOrigin") {
                    guard case .failure(let error) = verify(relyingParty) else { Issue.record("\(vector.name): other top origin"); continue }
                    #expect(error.reason == .topOriginNotAllowed(file.common.top_origin))
                }
                relyingParty.crossOriginPolicy = .allow(topOrigins: vector.name.hasSuffix("topOrigin") ? [file.common.top_origin] : [])
            } else {
                #expect(expectation.hasPrefix("valid"), "\(vector.name): \(expectation)")
            }
            switch verify(relyingParty) {
            case .success(let result):
                let flags = try [UInt8](hex: vector.authentication.authenticatorData)[32]
                #expect(result.signCount == 0)
                #expect(result.userVerified == (flags & 0x04 != 0))
                #expect(result.backedUp == (flags & 0x10 != 0))
                #expect(result.credentialID == attested.credentialID)
                verified += 1
            case .failure(let error):
                Issue.record("\(vector.name): \(error)")
            }
            // The same assertion with the counter already past it, or a byte of the signed data changed, fails.
            var later = credential
            later.signCount = 5
            #expect(throws: WebAuthnError(.signCountRegression(stored: 5, received: 0))) {
                try relyingParty.verifyAuthentication(response, challenge: challenge, credential: later, userVerification: .discouraged)
            }
            var tampered = try [UInt8](hex: vector.authentication.authenticatorData)
            tampered[33] ^= 0x01  // the counter's top byte: still well-formed, no longer what was signed
            let tamperedResponse = AuthenticationResponse(id: response.id, clientDataJSON: response.clientDataJSON,
                                                          authenticatorData: tampered, signature: response.signature)
            #expect(throws: WebAuthnError(.invalidSignature)) {
                try relyingParty.verifyAuthentication(tamperedResponse, challenge: challenge, credential: later, userVerification: .discouraged)
            }
        }
        #expect(verified == 15)
    }
}

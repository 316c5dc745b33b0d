// Each §7.2 check on its own: assertions made here with the §16.2 vector's credential key (its private key
// is in the vector), every one valid but for the one thing changed, so that each refusal is that check's.
// Then the response JSON and authenticator data readers on malformed input.

import PureBase64
import PureCBOR
import PureP256
import PureSHA2
import PureWebAuthn
import Testing
import TestSupport

/// The §16.2 (none.ES256) credential, and assertions signed with its key.
private struct Signer {
    let key: P256.Signing.PrivateKey
    let credential: RegisteredCredential
    let relyingParty = WebAuthnRelyingParty(id: "example.org", name: "Example", origins: ["https://example.org"])
    let challenge: [UInt8] = Array(0..<32)

    init() throws {
        let file = try SpecVectors.load()
        let vector = try #require(file.vectors.first { $0.name == "none.ES256" })
        let registered = try registrationAuthenticatorData(vector.registration.attestationObject)
        let attested = try #require(registered.attestedCredentialData)
        key = try P256.Signing.PrivateKey(rawRepresentation: [UInt8](hex: "6e68e7a58484a3264f66b77f5d6dc5bc36a47085b615c9727ab334e8c369c2ee"))
        #expect(key.publicKey.rawRepresentation == {
            if case .ec2(_, let x, let y) = attested.credentialPublicKey.parameters { return x + y }
            return []
        }())
        credential = RegisteredCredential(id: attested.credentialID, publicKey: attested.credentialPublicKeyBytes, signCount: 7,
                                          backupEligible: true, userHandle: [1, 2, 3])
    }

    func clientData(type: String = "webauthn.get", challenge: [UInt8]? = nil, origin: String = "https://example.org",
                    extra: String = "") -> [UInt8] {
        Array(("{\"type\":\"\(type)\",\"challenge\":\"\(Base64URL.encode(challenge ?? self.challenge))\",\"origin\":\"\(origin)\"" + extra + "}").utf8)
    }

    func authenticatorData(rpID: String = "example.org", flags: UInt8 = 0x0d, count: UInt32 = 8) -> [UInt8] {
        Array(SHA256.hash(data: Array(rpID.utf8))) + [flags] + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: count >> $0) }
    }

    func response(clientData: [UInt8]? = nil, authenticatorData: [UInt8]? = nil, userHandle: [UInt8]? = nil,
                  id: [UInt8]? = nil) throws -> AuthenticationResponse {
        let clientData = clientData ?? self.clientData()
        let authenticatorData = authenticatorData ?? self.authenticatorData()
        let signature = key.signature(for: authenticatorData + Array(SHA256.hash(data: clientData))).derRepresentation
        return AuthenticationResponse(id: id ?? credential.id, clientDataJSON: clientData, authenticatorData: authenticatorData,
                                      signature: signature, userHandle: userHandle)
    }

    func reason(_ response: AuthenticationResponse, relyingParty: WebAuthnRelyingParty? = nil,
                userVerification: UserVerificationRequirement = .required) -> WebAuthnError.Reason? {
        do {
            _ = try (relyingParty ?? self.relyingParty).verifyAuthentication(response, challenge: challenge, credential: credential,
                                                                            userVerification: userVerification)
            return nil
        } catch {
            return error.reason
        }
    }
}

@Suite("WebAuthn authentication: each check")
struct AuthenticationCheckTests {
    @Test("A valid assertion verifies and reports its counter and flags")
    func valid() throws {
        let signer = try Signer()
        let result = try signer.relyingParty.verifyAuthentication(try signer.response(userHandle: [1, 2, 3]), challenge: signer.challenge,
                                                                  credential: signer.credential)
        #expect(result.signCount == 8)
        #expect(result.userVerified && result.backupEligible && !result.backedUp)
        #expect(result.origin == "https://example.org")
    }

    @Test("Client data: type, challenge, origin, cross-origin and top origin")
    func clientData() throws {
        let signer = try Signer()
        #expect(signer.reason(try signer.response(clientData: signer.clientData(type: "webauthn.create"))) == .unexpectedType("webauthn.create"))
        #expect(signer.reason(try signer.response(clientData: signer.clientData(challenge: [1] + Array(1..<32)))) == .challengeMismatch)
        #expect(signer.reason(try signer.response(clientData: signer.clientData(challenge: Array(0..<31)))) == .challengeMismatch)
        #expect(signer.reason(try signer.response(clientData: signer.clientData(origin: "https://example.org.evil"))) == .originNotAllowed("https://example.org.evil"))
        #expect(signer.reason(try signer.response(clientData: signer.clientData(origin: "http://example.org"))) == .originNotAllowed("http://example.org"))
        let crossOrigin = try signer.response(clientData: signer.clientData(extra: ",\"crossOrigin\":true,\"topOrigin\":\"https://top.example\""))
        #expect(signer.reason(crossOrigin) == .crossOriginNotAllowed)
        var allowing = signer.relyingParty
        allowing.crossOriginPolicy = .allow(topOrigins: ["https://top.example"])
        #expect(signer.reason(crossOrigin, relyingParty: allowing) == nil)
        allowing.crossOriginPolicy = .allow(topOrigins: ["https://other.example"])
        #expect(signer.reason(crossOrigin, relyingParty: allowing) == .topOriginNotAllowed("https://top.example"))
        // A topOrigin other than the origin is a cross-origin context even when crossOrigin is false.
        let sneaky = try signer.response(clientData: signer.clientData(extra: ",\"crossOrigin\":false,\"topOrigin\":\"https://top.example\""))
        #expect(signer.reason(sneaky) == .crossOriginNotAllowed)
        // Extra members are allowed; duplicated ones and other malformed JSON are not.
        #expect(signer.reason(try signer.response(clientData: signer.clientData(extra: ",\"tokenBinding\":{\"status\":\"present\"}"))) == nil)
        guard case .malformedClientData? = signer.reason(try signer.response(clientData: signer.clientData(extra: ",\"origin\":\"https://example.org\""))) else {
            Issue.record("a duplicated member was accepted"); return
        }
        guard case .malformedClientData? = signer.reason(try signer.response(clientData: Array("{\"type\":\"webauthn.get\"}".utf8))) else {
            Issue.record("missing members were accepted"); return
        }
    }

    @Test("Authenticator data: RP ID hash, UP, UV, BE, counter")
    func authenticatorData() throws {
        let signer = try Signer()
        #expect(signer.reason(try signer.response(authenticatorData: signer.authenticatorData(rpID: "evil.example"))) == .rpIDMismatch)
        #expect(signer.reason(try signer.response(authenticatorData: signer.authenticatorData(flags: 0x0c))) == .userNotPresent)
        #expect(signer.reason(try signer.response(authenticatorData: signer.authenticatorData(flags: 0x09))) == .userNotVerified)
        #expect(signer.reason(try signer.response(authenticatorData: signer.authenticatorData(flags: 0x09)), userVerification: .preferred) == nil)
        #expect(signer.reason(try signer.response(authenticatorData: signer.authenticatorData(flags: 0x05))) == .backupEligibilityChanged)
        #expect(signer.reason(try signer.response(authenticatorData: signer.authenticatorData(flags: 0x1d))) == nil)  // BS may change
        #expect(signer.reason(try signer.response(authenticatorData: signer.authenticatorData(count: 7))) == .signCountRegression(stored: 7, received: 7))
        #expect(signer.reason(try signer.response(authenticatorData: signer.authenticatorData(count: 0))) == .signCountRegression(stored: 7, received: 0))
        #expect(signer.reason(try signer.response(authenticatorData: signer.authenticatorData(count: .max))) == nil)
    }

    @Test("The credential and user: id and userHandle must be the stored credential's")
    func credentialAndUser() throws {
        let signer = try Signer()
        #expect(signer.reason(try signer.response(id: [9, 9, 9])) == .credentialMismatch)
        #expect(signer.reason(try signer.response(userHandle: [1, 2, 4])) == .userHandleMismatch)
        #expect(signer.reason(try signer.response(userHandle: nil)) == nil)
    }

    @Test("The FIDO AppID: rpIdHash may be SHA-256 of the AppID only when the client says it used the extension")
    func appID() throws {
        let signer = try Signer()
        var relyingParty = signer.relyingParty
        relyingParty.appID = "https://example.org/app-id.json"
        let plain = try signer.response(authenticatorData: signer.authenticatorData(rpID: "https://example.org/app-id.json"))
        #expect(signer.reason(plain, relyingParty: relyingParty) == .rpIDMismatch)
        let used = AuthenticationResponse(id: plain.id, clientDataJSON: plain.clientDataJSON, authenticatorData: plain.authenticatorData,
                                          signature: plain.signature, appIDExtensionUsed: true)
        #expect(signer.reason(used, relyingParty: relyingParty) == nil)
        #expect(signer.reason(used) == .rpIDMismatch)  // no AppID configured
    }

    @Test("Response JSON: base64url members (padding tolerated), type public-key, id equal to rawId, appid extension")
    func responseJSON() throws {
        let signer = try Signer()
        let response = try signer.response(userHandle: [1, 2, 3])
        func json(id: String? = nil, type: String = "public-key", padded: Bool = false, extensions: String = "{}") -> [UInt8] {
            func encode(_ bytes: [UInt8]) -> String {
                let text = Base64URL.encode(bytes)
                return padded ? text + String(repeating: "=", count: (4 - text.utf8.count % 4) % 4) : text
            }
            let rawID = encode(response.id)
            return Array("""
            {"id":"\(id ?? rawID)","rawId":"\(rawID)","type":"\(type)","response":{"clientDataJSON":"\(encode(response.clientDataJSON))",\
            "authenticatorData":"\(encode(response.authenticatorData))","signature":"\(encode(response.signature))",\
            "userHandle":"\(encode([1, 2, 3]))"},"clientExtensionResults":\(extensions),"authenticatorAttachment":"platform"}
            """.utf8)
        }
        for padded in [false, true] {
            let read = try AuthenticationResponse(json: json(padded: padded))
            #expect(read.id == response.id && read.signature == response.signature && read.userHandle == [1, 2, 3])
            #expect(signer.reason(read) == nil)
        }
        #expect(try AuthenticationResponse(json: json(extensions: "{\"appid\":true}")).appIDExtensionUsed)
        #expect(throws: WebAuthnError(.credentialMismatch)) { try AuthenticationResponse(json: json(id: "AAAA")) }
        #expect(throws: WebAuthnError.self) { try AuthenticationResponse(json: json(type: "password")) }
        #expect(throws: WebAuthnError.self) { try AuthenticationResponse(json: json(id: "not base64!")) }
        #expect(throws: WebAuthnError.self) { try AuthenticationResponse(json: Array("[]".utf8)) }
        #expect(throws: WebAuthnError.self) { try AuthenticationResponse(json: Array(json().dropLast())) }
    }

    @Test("Authenticator data reader: lengths, flags, the credential ID limit, extensions, trailing bytes")
    func authenticatorDataReader() throws {
        let signer = try Signer()
        let base = signer.authenticatorData(flags: 0x01)
        #expect(throws: WebAuthnError.self) { try AuthenticatorData(Array(base.dropLast())) }
        #expect(throws: WebAuthnError.self) { try AuthenticatorData(base + [0]) }                                  // trailing
        #expect(throws: WebAuthnError.self) { try AuthenticatorData(signer.authenticatorData(flags: 0x11)) }      // BS without BE
        #expect(throws: WebAuthnError.self) { try AuthenticatorData(signer.authenticatorData(flags: 0x41)) }      // AT, nothing
        #expect(throws: WebAuthnError.self) { try AuthenticatorData(signer.authenticatorData(flags: 0x81)) }      // ED, nothing
        let withExtensions = try AuthenticatorData(signer.authenticatorData(flags: 0x81) + [0xa1, 0x61, 0x78, 0xf5])
        #expect(withExtensions.extensions?["x"] == .boolean(true))
        #expect(throws: WebAuthnError.self) { try AuthenticatorData(signer.authenticatorData(flags: 0x81) + [0x80]) }  // not a map
        // Attested credential data: the §16.2 key, then an ID of 1023 bytes (accepted) and 1024 (refused).
        let key = signer.credential.publicKey
        func attested(idLength: Int, flags: UInt8 = 0x41, after: [UInt8] = []) -> [UInt8] {
            signer.authenticatorData(flags: flags) + [UInt8](repeating: 0, count: 16) + [UInt8(idLength >> 8), UInt8(idLength & 0xff)]
                + [UInt8](repeating: 7, count: idLength) + key + after
        }
        #expect(try AuthenticatorData(attested(idLength: 1023)).attestedCredentialData?.credentialID.count == 1023)
        #expect(throws: WebAuthnError(.credentialIDTooLong(1024))) { try AuthenticatorData(attested(idLength: 1024)) }
        #expect(try AuthenticatorData(attested(idLength: 16)).attestedCredentialData?.credentialPublicKeyBytes == key)
        // App Attest's trailing map without flag ED: refused for WebAuthn, read when asked for.
        let trailing = attested(idLength: 32, after: [0xa1, 0x01, 0x02])
        #expect(throws: WebAuthnError.self) { try AuthenticatorData(trailing) }
        #expect(try AuthenticatorData(trailing, trailingMapWithoutFlag: true).extensions?[1] == .unsignedInteger(2))
        // A key that is not COSE, or is cut short.
        #expect(throws: WebAuthnError.self) { try AuthenticatorData(Array(attested(idLength: 16).dropLast(3))) }
    }
}

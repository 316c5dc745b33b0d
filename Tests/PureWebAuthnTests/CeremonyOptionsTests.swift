// The options JSON (WebAuthn Level 3 §5.4 PublicKeyCredentialCreationOptionsJSON, §5.5
// PublicKeyCredentialRequestOptionsJSON): member names and values as the specification's IDL gives them,
// binary members unpadded base64url, and fresh challenges.

import Foundation
import PureBase64
import PureCBOR
import PureP256
import PureSHA2
import PureWebAuthn
import Testing

private func object(_ bytes: [UInt8]) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
}

@Suite("WebAuthn ceremony options")
struct CeremonyOptionsTests {
    let relyingParty = WebAuthnRelyingParty(id: "example.org", name: "Example", origins: ["https://example.org"])

    @Test("Registration options: rp, user, challenge, pubKeyCredParams, excludeCredentials, authenticatorSelection, attestation")
    func registration() throws {
        let user = WebAuthnUser(id: [1, 2, 3, 250], name: "alice@example.org", displayName: "Alice")
        let options = relyingParty.registrationOptions(for: user, excluding: [CredentialDescriptor(id: [9, 9], transports: ["internal"])],
                                                       algorithms: [.es256, .rs256])
        let json = try object(options.json())
        #expect(json["rp"] as? [String: String] == ["id": "example.org", "name": "Example"])
        #expect(json["user"] as? [String: String] == ["id": "AQID-g", "name": "alice@example.org", "displayName": "Alice"])
        #expect(json["challenge"] as? String == Base64URL.encode(options.challenge))
        #expect(options.challenge.count == 32)
        let parameters = try #require(json["pubKeyCredParams"] as? [[String: Any]])
        #expect(parameters.map { $0["alg"] as? Int } == [-7, -257])
        #expect(parameters.allSatisfy { $0["type"] as? String == "public-key" })
        #expect(json["timeout"] as? Int == 300_000)
        let excluded = try #require(json["excludeCredentials"] as? [[String: Any]])
        #expect(excluded.count == 1 && excluded[0]["id"] as? String == "CQk" && excluded[0]["type"] as? String == "public-key")
        #expect(excluded[0]["transports"] as? [String] == ["internal"])
        let selection = try #require(json["authenticatorSelection"] as? [String: Any])
        #expect(selection["residentKey"] as? String == "required")
        #expect(selection["requireResidentKey"] as? Bool == true)
        #expect(selection["userVerification"] as? String == "required")
        #expect(json["attestation"] as? String == "none")
        #expect((json["extensions"] as? [String: Bool])?["credProps"] == true)
        // No padding, no escaped slashes.
        #expect(!String(decoding: options.json(), as: UTF8.self).contains("="))
    }

    @Test("Authentication options: challenge, rpId, allowCredentials (empty for passkeys), userVerification")
    func authentication() throws {
        let discoverable = relyingParty.authenticationOptions()
        let json = try object(discoverable.json())
        #expect(json["rpId"] as? String == "example.org")
        #expect((json["allowCredentials"] as? [Any])?.isEmpty == true)
        #expect(json["userVerification"] as? String == "required")
        #expect(json["challenge"] as? String == Base64URL.encode(discoverable.challenge))
        let named = relyingParty.authenticationOptions(allowing: [CredentialDescriptor(id: [1])], userVerification: .preferred, timeout: 60_000)
        let namedJSON = try object(named.json())
        #expect((namedJSON["allowCredentials"] as? [[String: Any]])?.first?["id"] as? String == "AQ")
        #expect(namedJSON["userVerification"] as? String == "preferred")
        #expect(namedJSON["timeout"] as? Int == 60_000)
    }

    @Test("Authenticator attachment and hints (Level 3 §5.4.5, §5.8.7): written as the spec names them, each hint once, absent by default")
    func attachmentAndHints() throws {
        let user = WebAuthnUser(id: [1], name: "alice", displayName: "Alice")
        let plain = try object(relyingParty.registrationOptions(for: user).json())
        #expect(plain["hints"] == nil)
        #expect((plain["authenticatorSelection"] as? [String: Any])?["authenticatorAttachment"] == nil)
        #expect(try object(relyingParty.authenticationOptions().json())["hints"] == nil)

        let securityKey = relyingParty.registrationOptions(for: user, attachment: .crossPlatform, hints: [.securityKey, .securityKey, .hybrid])
        #expect(securityKey.hints == [.securityKey, .hybrid])
        let json = try object(securityKey.json())
        #expect(json["hints"] as? [String] == ["security-key", "hybrid"])
        let selection = try #require(json["authenticatorSelection"] as? [String: Any])
        #expect(selection["authenticatorAttachment"] as? String == "cross-platform")
        #expect(selection["residentKey"] as? String == "required")
        let platform = try object(relyingParty.registrationOptions(for: user, attachment: .platform).json())
        #expect((platform["authenticatorSelection"] as? [String: Any])?["authenticatorAttachment"] as? String == "platform")

        let signIn = try object(relyingParty.authenticationOptions(hints: [.clientDevice, .hybrid], timeout: 1_000).json())
        #expect(signIn["hints"] as? [String] == ["client-device", "hybrid"])
        #expect(signIn["timeout"] as? Int == 1_000)
    }

    @Test("Each call makes a new 32-byte challenge")
    func challenges() {
        let challenges = (0..<100).map { _ in WebAuthnRelyingParty.makeChallenge() }
        #expect(Set(challenges).count == 100)
        #expect(challenges.allSatisfy { $0.count == 32 })
    }
}

/// A software authenticator for the round trip: a P-256 credential, `none` attestation, a counter.
private struct SoftwareAuthenticator {
    let key = P256.Signing.PrivateKey()
    let credentialID: [UInt8] = Array(repeating: 0x5a, count: 16)
    var counter: UInt32 = 0

    func authenticatorData(rpID: String, attested: Bool) -> [UInt8] {
        var data = Array(SHA256.hash(data: Array(rpID.utf8))) + [attested ? 0x5d : 0x1d]  // UP UV BE BS (+AT)
        data += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: counter >> $0) }
        if attested {
            let raw = key.publicKey.rawRepresentation
            let coseKey = try! COSEKey(algorithm: .es256, parameters: .ec2(curve: .p256, x: Array(raw[0..<32]), y: Array(raw[32...])))
            data += [UInt8](repeating: 0, count: 16) + [0, UInt8(credentialID.count)] + credentialID + coseKey.encoded()
        }
        return data
    }

    func clientData(type: String, challenge: [UInt8]) -> [UInt8] {
        Array(#"{"type":"\#(type)","challenge":"\#(Base64URL.encode(challenge))","origin":"https://example.org","crossOrigin":false}"#.utf8)
    }

    func register(_ options: RegistrationOptions) throws -> RegistrationResponse {
        let attestationObject = CBOR.map(CBORMap(pairs: [(.textString("fmt"), .textString("none")), (.textString("attStmt"), .map(CBORMap())),
                                                         (.textString("authData"), .byteString(authenticatorData(rpID: options.relyingPartyID, attested: true)))]))
        return RegistrationResponse(id: credentialID, clientDataJSON: clientData(type: "webauthn.create", challenge: options.challenge),
                                    attestationObject: try attestationObject.encoded(), transports: ["internal"])
    }

    mutating func assert(_ options: AuthenticationOptions, userHandle: [UInt8]) -> AuthenticationResponse {
        counter += 1
        let data = authenticatorData(rpID: options.relyingPartyID, attested: false)
        let clientData = clientData(type: "webauthn.get", challenge: options.challenge)
        let signature = key.signature(for: data + Array(SHA256.hash(data: clientData))).derRepresentation
        return AuthenticationResponse(id: credentialID, clientDataJSON: clientData, authenticatorData: data, signature: signature, userHandle: userHandle)
    }
}

@Suite("WebAuthn: registration then sign-in, end to end")
struct CeremonyRoundTripTests {
    @Test("Options, a software authenticator's registration and two assertions verify; a replayed counter is refused")
    func roundTrip() throws {
        let relyingParty = WebAuthnRelyingParty(id: "example.org", name: "Example", origins: ["https://example.org"])
        var authenticator = SoftwareAuthenticator()
        let user = WebAuthnUser(id: Array(WebAuthnRelyingParty.makeChallenge().prefix(16)), name: "alice", displayName: "Alice")
        let registrationOptions = relyingParty.registrationOptions(for: user)
        let registration = try relyingParty.verifyRegistration(try authenticator.register(registrationOptions),
                                                               challenge: registrationOptions.challenge, userHandle: user.id)
        #expect(registration.attestationType == .none)
        // A verification time Int64(_:) cannot hold is refused by name, not trapped on.
        let again = relyingParty.registrationOptions(for: user)
        let response = try authenticator.register(again)
        let error = #expect(throws: WebAuthnError.self) {
            try relyingParty.verifyRegistration(response, challenge: again.challenge, userHandle: user.id, at: Date(timeIntervalSince1970: .nan))
        }
        guard case .attestationChainInvalid? = error?.reason else { Issue.record("NaN time: \(String(describing: error))"); return }
        var stored = registration.credential
        #expect(stored.backupEligible && stored.userHandle == user.id && stored.signCount == 0)
        for expectedCount: UInt32 in [1, 2] {
            let options = relyingParty.authenticationOptions()
            let result = try relyingParty.verifyAuthentication(authenticator.assert(options, userHandle: user.id),
                                                               challenge: options.challenge, credential: stored)
            #expect(result.signCount == expectedCount)
            stored.signCount = result.signCount
        }
        // A replay of the last assertion: the counter has not grown.
        let options = relyingParty.authenticationOptions()
        var replaying = authenticator
        replaying.counter -= 1
        #expect(throws: WebAuthnError(.signCountRegression(stored: 2, received: 2))) {
            try relyingParty.verifyAuthentication(replaying.assert(options, userHandle: user.id), challenge: options.challenge, credential: stored)
        }
    }
}

// Every authentication fixture of the shared set (fixtures/authentication: real assertions from
// py_webauthn's and SimpleWebAuthn's test suites, with the options each test passed): what the suite
// verified verifies, with the counter and flags it reported; what it refused is refused, for the same reason.

import Foundation
import PureBase64
import PureWebAuthn
import Testing
import TestSupport

private struct Fixture: Decodable {
    struct Options: Decodable {
        struct Credential: Decodable {
            let id: String
            let publicKey_b64url: String
            let counter: UInt32
        }
        // SimpleWebAuthn's names, then py_webauthn's.
        let credential: Credential?
        let requireUserVerification: Bool?
        let expectedType: OneOrMany?
        let credential_public_key_b64url: String?
        let credential_current_sign_count: UInt32?
        let require_user_verification: Bool?
    }
    struct Expected: Decodable {
        struct Fields: Decodable {
            let new_sign_count: UInt32?
            let flags: String?
        }
        let outcome: String
        let error_message_contains: String?
        let verified_fields: Fields?
    }
    let id: String
    let expected_challenge_hex: String
    let expected_origin: OneOrMany
    let expected_rp_id: OneOrMany
    let options: Options
    let expected: Expected
}

/// The fixture's error text (from py_webauthn or SimpleWebAuthn) as the reason this library gives.
private func reasonMatches(_ reason: WebAuthnError.Reason, _ text: String) -> Bool {
    switch reason {
    case .invalidSignature: return text.contains("signature")
    case .userNotVerified: return text.contains("User verification")
    case .originNotAllowed: return text.contains("origin")
    case .rpIDMismatch: return text.contains("RP ID")
    case .challengeMismatch: return text.contains("challenge")
    case .signCountRegression: return text.contains("counter")
    case .unexpectedType: return text.contains("type")
    default: return false
    }
}

@Suite("WebAuthn authentication: py_webauthn and SimpleWebAuthn fixtures")
struct AuthenticationFixtureTests {
    static let names: [String] = {
        let folder = VectorFiles.path("fixtures/authentication")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }()

    @Test("The fixture folder holds all 20 files")
    func count() {
        #expect(Self.names.count == 20)
    }

    @Test("Each fixture verifies or is refused as its suite says", arguments: names)
    func fixture(name: String) throws {
        let data = try VectorFiles.data("fixtures/authentication/" + name)
        let fixture = try JSONDecoder().decode(Fixture.self, from: data)
        // The response exactly as the test passed it, read from the fixture's JSON text.
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let responseJSON = try JSONSerialization.data(withJSONObject: try #require(object["response"]))
        let response = try AuthenticationResponse(json: Array(responseJSON))

        let options = fixture.options
        let publicKey = try Base64URL.decode(try #require(options.credential?.publicKey_b64url ?? options.credential_public_key_b64url))
        let storedCount = try #require(options.credential?.counter ?? options.credential_current_sign_count)
        let authenticatorData = try AuthenticatorData(response.authenticatorData)
        // The suites store no backup-eligibility flag: take the response's, so that check is not what these test.
        let credential = RegisteredCredential(id: response.id, publicKey: publicKey, signCount: storedCount,
                                              backupEligible: authenticatorData.flags.contains(.backupEligible))
        // SimpleWebAuthn requires UV unless told otherwise; py_webauthn does not.
        let requireUV = options.requireUserVerification ?? options.require_user_verification ?? name.hasPrefix("simplewebauthn")
        // The hex form: one test's expected challenge ("shouldhavebeenthisvalue") is not canonical base64url.
        let challenge = try [UInt8](hex: fixture.expected_challenge_hex)

        // A test whose only difference is an expected type other than webauthn.get (a SimpleWebAuthn option
        // with no counterpart here: the ceremony's type is fixed) is checked on the parsed client data.
        if let types = options.expectedType?.values {
            let clientData = try CollectedClientData(response.clientDataJSON)
            #expect(!types.contains(clientData.type))
            #expect(fixture.expected.outcome == "failure")
            return
        }
        // Several acceptable RP IDs: one relying party per ID, any may verify (each has one ID).
        var results: [Result<VerifiedAuthentication, WebAuthnError>] = []
        for rpID in fixture.expected_rp_id.values {
            let relyingParty = WebAuthnRelyingParty(id: rpID, name: "Fixture", origins: fixture.expected_origin.values)
            do {
                results.append(.success(try relyingParty.verifyAuthentication(response, challenge: challenge, credential: credential,
                                                                              userVerification: requireUV ? .required : .discouraged)))
            } catch {
                results.append(.failure(error))
            }
        }
        let success = results.compactMap { try? $0.get() }.first
        if fixture.expected.outcome == "success" {
            let result = try #require(success, "\(name): \(results)")
            if let count = fixture.expected.verified_fields?.new_sign_count { #expect(result.signCount == count) }
            if let flags = fixture.expected.verified_fields?.flags {
                #expect(String(format: "0x%02x", result.authenticatorData.flags.rawValue) == flags.lowercased())
            }
        } else {
            #expect(success == nil, "\(name) verified")
            let text = try #require(fixture.expected.error_message_contains)
            for case .failure(let error) in results {
                #expect(reasonMatches(error.reason, text), "\(name): \(error) for \"\(text)\"")
            }
        }
    }
}

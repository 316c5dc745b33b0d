// Registration ceremonies (WebAuthn §7.1) against the §16 test vectors of every format (chains validated to
// the §16.1 root) and every registration fixture from py_webauthn's, SimpleWebAuthn's and webauthn4j's suites.

import Foundation
import PureBase64
import PureCBOR
import PureWebAuthn
import PureX509
import Testing
import TestSupport

private struct SpecRoot: Decodable {
    struct Root: Decodable { let values: [String: String] }
    let attestation_root: Root
}

private func registrationOutcome(_ body: () throws(WebAuthnError) -> VerifiedRegistration) -> Result<VerifiedRegistration, WebAuthnError> {
    do { return .success(try body()) } catch { return .failure(error) }
}

private struct RegistrationFixture: Decodable {
    struct Options: Decodable {
        let requireUserVerification: Bool?
        let require_user_verification: Bool?
        let require_user_presence: Bool?
        let requireUserPresence: Bool?
        let expectedType: OneOrMany?
        let verify_timestamp_ms: Bool?
        let verifyTimestampMS: Bool?
        let attestationSafetyNetEnforceCTSCheck: Bool?
    }
    struct Roots: Decodable {
        let names: [String]
        let pem: [String]?
    }
    struct Expected: Decodable {
        struct Fields: Decodable {
            let fmt: String?
            let credential_id_b64url: String?
            let credential_public_key_cose_b64url: String?
            let sign_count: UInt32?
            let aaguid: String?
            let credential_alg: Int?
        }
        let outcome: String
        let error_message_contains: String?
        let verified_fields: Fields?
    }
    let expected_challenge_hex: String
    let expected_origin: OneOrMany
    let expected_rp_id: OneOrMany?
    let options: Options
    let trusted_roots: Roots
    let check_time: String
    let expected: Expected
    let notes: [String]
}

extension RegistrationResponse {
    /// The attestation object of a RegistrationResponseJSON object, decoded from base64url.
    static func attestationObject(of json: [String: Any]) throws -> [UInt8] {
        let response = try #require(json["response"] as? [String: Any])
        return try Base64URL.decode(try #require(response["attestationObject"] as? String))
    }
}

@Suite("WebAuthn registration (§7.1)")
struct RegistrationTests {
    @Test("§16: every registration verifies with its chain to the §16.1 root, but android-key's, whose key description lacks origin and purpose")
    func specVectors() throws {
        let file = try SpecVectors.load()
        let rootDER = try [UInt8](hex: try #require(try VectorFiles.json(SpecRoot.self, "spec-vectors.json").attestation_root.values["attestation_ca_cert"]))
        let root = try Certificate(derRepresentation: rootDER)
        let policy = AttestationPolicy(trustAnchors: [root])
        var verified = 0
        for vector in file.vectors {
            var relyingParty = WebAuthnRelyingParty(id: file.common.rp_id, name: "Example", origins: [file.common.origin])
            if vector.name.contains("crossOrigin") || vector.name.contains("topOrigin") {
                relyingParty.crossOriginPolicy = .allow(topOrigins: vector.name.hasSuffix("topOrigin") ? [file.common.top_origin] : [])
            }
            let attestationObject = try [UInt8](hex: vector.registration.attestationObject)
            let response = RegistrationResponse(id: try [UInt8](hex: vector.registration.credential_id),
                                                clientDataJSON: try [UInt8](hex: vector.registration.clientDataJSON),
                                                attestationObject: attestationObject)
            let result = registrationOutcome { () throws(WebAuthnError) in
                try relyingParty.verifyRegistration(response, challenge: try! [UInt8](hex: vector.registration.challenge),
                                                    userVerification: .discouraged, attestationPolicy: policy,
                                                    at: Date(timeIntervalSince1970: 1_798_761_600))  // 2027-01-01
            }
            switch vector.format {
            case "android-key":
                // The vector's AuthorizationLists are empty (w3c/webauthn#2379 regenerates it): §8.4 refuses it,
                // as go-webauthn does, after every other step passed.
                #expect(throws: WebAuthnError(.invalidAttestationStatement(
                    "android-key: the key was not generated in the Keystore (no software- or hardware-enforced origin [702] of KM_ORIGIN_GENERATED)"))) {
                    try result.get()
                }
            default:
                let registration = try #require(try? result.get(), "\(vector.name): \(result)")
                #expect(registration.attestationFormat == vector.format)
                let authData = try registrationAuthenticatorData(vector.registration.attestationObject)
                #expect(registration.credential.publicKey == authData.attestedCredentialData?.credentialPublicKeyBytes)
                #expect(registration.credential.backupEligible == authData.flags.contains(.backupEligible))
                let expectedType: AttestationType = switch vector.format {
                case "none": .none
                case "apple": .anonymizationCA
                default: vector.name.hasPrefix("packed-self") ? .self : .basic
                }
                #expect(registration.attestationType == expectedType, "\(vector.name)")
                #expect(registration.attestationTrusted == (expectedType == .basic || expectedType == .anonymizationCA), "\(vector.name)")
                verified += 1
            }
        }
        #expect(verified == 14)
    }

    static let fixtureNames: [String] = {
        ["none", "packed", "fido-u2f", "apple", "tpm", "android-key", "android-safetynet"].flatMap { format in
            let folder = VectorFiles.path("fixtures/registration/" + format)
            return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
                .filter { $0.hasSuffix(".json") }.map { format + "/" + $0 }
        }.sorted()
    }()

    @Test("The fixture folders of every format hold all 57 files")
    func fixtureCount() {
        #expect(Self.fixtureNames.count == 57)
    }

    /// py_webauthn's verdicts (scripts/crosscheck/py_webauthn-registrations.py), by fixture.
    struct PythonVerdicts: Decodable {
        struct Result: Decodable { let fixture: String; let py_webauthn: String; let divergence: String? }
        let results: [Result]
        static let byFixture: [String: Result] = Dictionary(
            ((try? VectorFiles.json(PythonVerdicts.self, "py_webauthn-registrations.json").results) ?? []).map { ($0.fixture, $0) },
            uniquingKeysWith: { first, _ in first })
    }

    @Test("py_webauthn's cross-check covers every fixture, 29 of them verified")
    func pythonCrossCheck() {
        #expect(Set(PythonVerdicts.byFixture.keys) == Set(Self.fixtureNames))
        #expect(PythonVerdicts.byFixture.values.filter { $0.py_webauthn == "verified" }.count == 29)
    }

    @Test("Each registration fixture verifies or is refused as its suite says", arguments: fixtureNames)
    func fixture(name: String) throws {
        let data = try VectorFiles.data("fixtures/registration/" + name)
        let fixture = try JSONDecoder().decode(RegistrationFixture.self, from: data)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var responseObject = try #require(object["response"] as? [String: Any])
        if fixture.notes.contains(where: { $0.contains("are not the credential ID") }) {
            // SimpleWebAuthn's old fixtures name the credential "aaa" or "bbb"; this library, like py_webauthn, refuses
            // an id that is not base64url, and verifies the response once id and rawId name its credential.
            #expect(throws: WebAuthnError.self) { try RegistrationResponse(json: Array(try JSONSerialization.data(withJSONObject: responseObject))) }
            let credentialID = try AttestationObject(try RegistrationResponse.attestationObject(of: responseObject)).attestedCredentialData.credentialID
            responseObject["id"] = Base64URL.encode(credentialID)
            responseObject["rawId"] = Base64URL.encode(credentialID)
        }
        if var members = responseObject["response"] as? [String: String],
           let object = members["attestationObject"], object.contains(where: { $0 == "/" || $0 == "+" }) {
            // Three py_webauthn fixtures write the attestation object in standard base64, which Python's
            // urlsafe_b64decode also takes; the JSON encoding is base64url, so it is refused here, then
            // verified once written in base64url.
            #expect(throws: WebAuthnError.self) { try RegistrationResponse(json: Array(try JSONSerialization.data(withJSONObject: responseObject))) }
            members["attestationObject"] = object.replacing("+", with: "-").replacing("/", with: "_")
            responseObject["response"] = members
        }
        let response = try RegistrationResponse(json: Array(try JSONSerialization.data(withJSONObject: responseObject)))
        let options = fixture.options
        if let types = options.expectedType?.values {
            // SimpleWebAuthn's expected-type option has no counterpart here: check the client data's type.
            #expect(!types.contains(try CollectedClientData(response.clientDataJSON).type))
            #expect(fixture.expected.outcome == "failure")
            return
        }
        let requireUV = options.requireUserVerification ?? options.require_user_verification ?? name.contains("simplewebauthn")
        let roots = try (fixture.trusted_roots.pem ?? []).map { try Certificate(pemRepresentation: $0) }
        let time = try #require(ISO8601DateFormatter().date(from: fixture.check_time))
        var policy = AttestationPolicy(trustAnchors: roots)
        if options.verify_timestamp_ms == false || options.verifyTimestampMS == false { policy.safetyNetMaximumAge = nil }
        if let enforce = options.attestationSafetyNetEnforceCTSCheck { policy.safetyNetRequiresCTSProfileMatch = enforce }
        // Two SafetyNet tests call the statement verifier alone and name no RP ID: the origin's host and the
        // domains above it (the RP IDs the origin may use) are tried.
        let rpIDs = fixture.expected_rp_id?.values ?? registrableDomains(ofOrigin: fixture.expected_origin.values[0])
        var results: [Result<VerifiedRegistration, WebAuthnError>] = []
        for rpID in rpIDs {
            let relyingParty = WebAuthnRelyingParty(id: rpID, name: "Fixture", origins: fixture.expected_origin.values)
            results.append(registrationOutcome { () throws(WebAuthnError) in
                try relyingParty.verifyRegistration(response, challenge: try! [UInt8](hex: fixture.expected_challenge_hex),
                                                    userVerification: requireUV ? .required : .discouraged,
                                                    requireUserPresence: options.require_user_presence ?? options.requireUserPresence ?? true,
                                                    attestationPolicy: policy, at: time)
            })
        }
        let success = results.compactMap { try? $0.get() }.first
        // An independent implementation's verdict: what py_webauthn verified, this library verifies too.
        if let python = PythonVerdicts.byFixture[name], python.py_webauthn == "verified", python.divergence == nil {
            #expect(success != nil, "\(name): py_webauthn verified it, this library did not: \(results)")
        }
        if fixture.expected.verified_fields?.credential_alg == -65535 {
            // Two SimpleWebAuthn TPM registrations make an RS1 credential (SHA-1 signatures at every sign-in),
            // which SimpleWebAuthn accepts; RS1 is taken here in attestation statements only.
            #expect(success == nil)
            for case .failure(let error) in results {
                guard case .invalidCredentialPublicKey(let why) = error.reason else { Issue.record("\(name): \(error)"); continue }
                #expect(why.contains("-65535"))
            }
            return
        }
        if fixture.expected.outcome == "success" {
            let registration = try #require(success, "\(name): \(results)")
            let fields = fixture.expected.verified_fields
            if let format = fields?.fmt { #expect(registration.attestationFormat == format) }
            if let id = fields?.credential_id_b64url { #expect(Base64URL.encode(registration.credential.id) == id) }
            if let key = fields?.credential_public_key_cose_b64url { #expect(Base64URL.encode(registration.credential.publicKey) == key) }
            if let count = fields?.sign_count { #expect(registration.credential.signCount == count) }
            if let aaguid = fields?.aaguid { #expect(registration.aaguid.hex == aaguid) }
        } else {
            #expect(success == nil, "\(name) verified")
            let text = fixture.expected.error_message_contains ?? ""
            for case .failure(let error) in results {
                #expect(registrationReasonMatches(error.reason, text), "\(name): \(error) for \"\(text)\"")
            }
        }
    }
}

/// The origin's host and each domain above it that still has a dot ("a.b.c" → "a.b.c", "b.c").
private func registrableDomains(ofOrigin origin: String) -> [String] {
    let host = origin.split(separator: "/").dropFirst().first.map { String($0.split(separator: ":")[0]) } ?? origin
    let labels = host.split(separator: ".")
    return (0..<max(labels.count - 1, 1)).map { labels[$0...].joined(separator: ".") }
}

/// The fixture's error text as the reason this library gives. The one fixture without a text (py_webauthn's
/// "root cert invalid for response": a trusted root the x5c chain does not lead to) must fail on its chain.
private func registrationReasonMatches(_ reason: WebAuthnError.Reason, _ text: String) -> Bool {
    switch reason {
    case .attestationChainInvalid: return text.isEmpty
    case .originNotAllowed: return text.contains("origin")
    case .rpIDMismatch: return text.contains("RP ID")
    case .challengeMismatch: return text.contains("challenge")
    case .malformedClientData(let what): return text.contains("token_binding") && what.contains("tokenBinding")
    case .invalidAttestationStatement(let what): return what.contains(text) || (text.contains("ctsProfileMatch") && what.contains("ctsProfileMatch is false"))
    default: return false
    }
}

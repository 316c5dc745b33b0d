// Each check of the tpm (§8.3), android-key (§8.4) and android-safetynet (§8.5) procedures, one at a time:
// a real registration from the fixtures verifies, then the same registration with one member of its
// statement altered is refused for that member's check.

import Foundation
import PureBase64
import PureCBOR
import PureWebAuthn
import PureX509
import Testing
import TestSupport

/// A fixture's registration, and a way to verify it with its attestation statement changed.
private struct FixtureRegistration {
    let response: RegistrationResponse
    let challenge: [UInt8]
    let relyingParty: WebAuthnRelyingParty
    let time: Date
    let roots: [Certificate]

    init(_ path: String) throws {
        struct Fixture: Decodable {
            struct Roots: Decodable { let pem: [String]? }
            let expected_challenge_hex: String
            let expected_origin: String
            let expected_rp_id: String
            let check_time: String
            let trusted_roots: Roots
        }
        let data = try VectorFiles.data("fixtures/registration/" + path)
        let fixture = try JSONDecoder().decode(Fixture.self, from: data)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let responseObject = try #require(object["response"] as? [String: Any])
        response = try RegistrationResponse(json: Array(try JSONSerialization.data(withJSONObject: responseObject)))
        challenge = try [UInt8](hex: fixture.expected_challenge_hex)
        relyingParty = WebAuthnRelyingParty(id: fixture.expected_rp_id, name: "Fixture", origins: [fixture.expected_origin])
        time = try #require(ISO8601DateFormatter().date(from: fixture.check_time))
        roots = try (fixture.trusted_roots.pem ?? []).map { try Certificate(pemRepresentation: $0) }
    }

    /// Verifies the registration with `change` applied to its statement; nil when it verifies.
    func refusal(policy: AttestationPolicy? = nil, at time: Date? = nil, _ change: (inout CBORMap) -> Void = { _ in }) throws -> String? {
        let object = try CBORDecoder().decode(response.attestationObject)
        var map = try #require(object.mapValue)
        var statement = try #require(map[.textString("attStmt")]?.mapValue)
        change(&statement)
        let index = try #require(map.entries.firstIndex { $0.key == .textString("attStmt") })
        map.entries[index].value = .map(statement)
        let changed = RegistrationResponse(id: response.id, clientDataJSON: response.clientDataJSON,
                                           attestationObject: try CBOREncoder.encode(.map(map)))
        do {
            _ = try relyingParty.verifyRegistration(changed, challenge: challenge, userVerification: .discouraged,
                                                    attestationPolicy: policy ?? AttestationPolicy(trustAnchors: roots), at: time ?? self.time)
            return nil
        } catch {
            guard case .invalidAttestationStatement(let what) = error.reason else { return "\(error)" }
            return what
        }
    }
}

extension CBORMap {
    /// Applies `change` to the bytes of the byte-string member `key`.
    fileprivate mutating func changeBytes(_ key: String, _ change: (inout [UInt8]) -> Void) {
        guard let index = entries.firstIndex(where: { $0.key == .textString(key) }), var bytes = entries[index].value.byteStringValue else { return }
        change(&bytes)
        entries[index].value = .byteString(bytes)
    }

    fileprivate mutating func set(_ key: String, _ value: CBOR) {
        if let index = entries.firstIndex(where: { $0.key == .textString(key) }) { entries[index].value = value } else {
            entries.append(Entry(key: .textString(key), value: value))
        }
    }
}

@Suite("Attestation formats check by check: tpm, android-key, android-safetynet")
struct AttestationFormatCheckTests {
    @Test("tpm (§8.3): ver, members, pubArea, certInfo's magic, type, extraData and name, the AIK's signature")
    func tpm() throws {
        let registration = try FixtureRegistration("tpm/simplewebauthn-tpm-verify-tpm-response-with-ecc-public-area-type.json")
        #expect(try registration.refusal() == nil)
        func refusal(_ change: (inout CBORMap) -> Void) throws -> String { try registration.refusal(change) ?? "verified" }

        #expect(try refusal { $0.set("ver", .textString("1.2")) } == "tpm: \"ver\" is not \"2.0\"")
        #expect(try refusal { $0.set("extra", .null) }.hasPrefix("tpm: the statement must hold exactly"))
        #expect(try refusal { $0.set("ecdaaKeyId", .byteString([1])) }.contains("ECDAA"))
        #expect(try refusal { $0.changeBytes("sig") { $0[$0.count - 5] ^= 1 } }
                == "tpm: the signature over certInfo does not verify with the AIK certificate's key")
        // pubArea: the last byte of unique's y, a byte more, a byte less.
        #expect(try refusal { $0.changeBytes("pubArea") { $0[$0.count - 1] ^= 1 } } == "tpm: pubArea's key is not the credential's public key")
        #expect(try refusal { $0.changeBytes("pubArea") { $0.append(0) } } == "tpm: 1 bytes follow the end of pubArea (TPMT_PUBLIC)")
        #expect(try refusal { $0.changeBytes("pubArea") { $0.removeLast() } }.hasPrefix("tpm: pubArea (TPMT_PUBLIC) ends inside unique (y)"))
        #expect(try refusal { $0.changeBytes("pubArea") { $0[1] = 0x02 } } == "tpm: pubArea's type 0x2 is neither RSA nor ECC")
        // certInfo: magic, type, extraData, the attested name, a byte more.
        #expect(try refusal { $0.changeBytes("certInfo") { $0[0] ^= 1 } } == "tpm: certInfo's magic is not TPM_GENERATED_VALUE (0xFF544347)")
        #expect(try refusal { $0.changeBytes("certInfo") { $0[5] = 0x18 } } == "tpm: certInfo's type is not TPM_ST_ATTEST_CERTIFY (0x8017)")
        #expect(try refusal { $0.changeBytes("certInfo") { $0.append(0) } } == "tpm: 1 bytes follow the end of certInfo (TPMS_ATTEST)")
        // TPMS_ATTEST: magic 4, type 2, qualifiedSigner 2 + n, extraData 2 + m, clockInfo 17, firmwareVersion 8, name 2 + k.
        let certInfo = try #require(try CBORDecoder().decode(registration.response.attestationObject).mapValue?[.textString("attStmt")]?
            .mapValue?[.textString("certInfo")]?.byteStringValue)
        let signerSize = Int(certInfo[6]) << 8 | Int(certInfo[7])
        let extraDataStart = 8 + signerSize + 2
        let extraDataSize = Int(certInfo[extraDataStart - 2]) << 8 | Int(certInfo[extraDataStart - 1])
        let nameStart = extraDataStart + extraDataSize + 17 + 8 + 2
        #expect(try refusal { $0.changeBytes("certInfo") { $0[extraDataStart] ^= 1 } } == "tpm: certInfo's extraData is not the hash of authData ‖ clientDataHash")
        #expect(try refusal { $0.changeBytes("certInfo") { $0[nameStart + 5] ^= 1 } }
                == "tpm: certInfo's attested name is not the Name of pubArea (its nameAlg and that hash of it)")
        // x5c: the AIK certificate alone is the leaf; an empty chain is refused.
        #expect(try refusal { $0.set("x5c", .array([])) } == "tpm: x5c must be an array of 1 to 8 certificates")
    }

    @Test("android-key (§8.4): members, the signature, the leaf's key, hardware-enforced authorizations")
    func androidKey() throws {
        let registration = try FixtureRegistration("android-key/simplewebauthn-android-key-verify-android-keystore-response-from-a-pixel-8a-in-january-2025.json")
        #expect(try registration.refusal() == nil)
        // A Pixel's key is made in its TEE: origin and purpose are hardware-enforced.
        var hardwareOnly = AttestationPolicy(trustAnchors: registration.roots)
        hardwareOnly.androidKeyRequiresHardware = true
        #expect(try registration.refusal(policy: hardwareOnly) == nil)
        func refusal(_ change: (inout CBORMap) -> Void) throws -> String { try registration.refusal(change) ?? "verified" }

        #expect(try refusal { $0.set("extra", .null) } == "android-key: the statement must hold exactly \"alg\", \"sig\" and \"x5c\"")
        #expect(try refusal { $0.changeBytes("sig") { $0[$0.count - 3] ^= 1 } }
                == "android-key: the signature does not verify with the attestation certificate's key")
        // Without its leaf, the chain's next certificate (the TEE's CA) does not hold the signing key.
        #expect(try refusal {
            let chain = $0[.textString("x5c")]?.arrayValue ?? []
            $0.set("x5c", .array(Array(chain.dropFirst())))
        } == "android-key: the signature does not verify with the attestation certificate's key")
        #expect(try refusal { $0.set("alg", .negativeInteger(256)) }.hasPrefix("the attestation certificate's key is not a"))
    }

    @Test("android-safetynet (§8.5): members, the JWS, its signature, the integrity verdict, the timestamp")
    func androidSafetyNet() throws {
        let registration = try FixtureRegistration("android-safetynet/simplewebauthn-android-safetynet-skip-cts-check-when-enforcement-option-is-false.json")
        var policy = AttestationPolicy(trustAnchors: registration.roots)
        policy.safetyNetRequiresCTSProfileMatch = false
        #expect(try registration.refusal(policy: policy) == nil)
        // The default policy requires ctsProfileMatch, which this device (basicIntegrity only) lacks.
        #expect(try registration.refusal() == "android-safetynet: ctsProfileMatch is false: the device failed Android's compatibility checks")
        // timestampMs (1749501642989) is 61 s before this time, over the 60 s allowed; later tolerances and no check pass.
        let later = registration.time.addingTimeInterval(61)
        #expect(try registration.refusal(policy: policy, at: later)
                == "android-safetynet: the response's timestampMs is 61 s from the verification time, more than the policy's 60 s")
        policy.safetyNetMaximumAge = nil
        #expect(try registration.refusal(policy: policy, at: later) == nil)
        func refusal(_ change: (inout CBORMap) -> Void) throws -> String { try registration.refusal(policy: policy, change) ?? "verified" }

        #expect(try refusal { $0.set("ver", .textString("")) }.hasPrefix("android-safetynet: the statement must hold exactly"))
        #expect(try refusal { $0.set("extra", .null) }.hasPrefix("android-safetynet: the statement must hold exactly"))
        #expect(try refusal { $0.changeBytes("response") { $0.removeAll { $0 == UInt8(ascii: ".") } } }
                == "android-safetynet: the response is not a compact JWS (1 parts instead of 3)")
        // The signature's last base64url character changed (its low bits matter: 'A' ↔ 'Q' flips a whole bit).
        #expect(try refusal { $0.changeBytes("response") { $0[$0.count - 2] = $0[$0.count - 2] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A") } }
                == "android-safetynet: the response's signature does not verify with its leaf certificate's key")
        #expect(try refusal { $0.changeBytes("response") { $0.insert(UInt8(ascii: "!"), at: 3) } }.hasPrefix("android-safetynet: the response JWS is malformed"))
    }
}

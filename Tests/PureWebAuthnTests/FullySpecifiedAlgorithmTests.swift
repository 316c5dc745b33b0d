// RFC 9864's fully specified COSE algorithms on credential keys: assertions by ESP256 (-9), ESP384 (-51),
// ESP512 (-52) and Ed25519 (-19) credentials — and ES256 (-7), EdDSA (-8) and RFC 8812's ES256K (-47, on
// secp256k1) beside them — made by Python
// cryptography and cbor2 (Vectors/fully_specified_assertions.json, scripts/crosscheck/webauthn-fully-specified.py),
// verified through §7.2; a changed signature refused; a key whose algorithm does not suit its curve refused.

import PureBase64
import PureCBOR
import PureWebAuthn
import Testing
import TestSupport

private struct FullySpecifiedVectors: Decodable {
    struct Case: Decodable {
        let name: String
        let alg: Int64
        let curve: String
        let credentialID: String
        let coseKey: String
        let clientDataJSON: String
        let authenticatorData: String
        let signature: String
        let signCount: UInt32
    }
    struct Mislabelled: Decodable { let name: String; let coseKey: String }
    let rpID: String
    let origin: String
    let challenge: String
    let cases: [Case]
    let mislabelled: [Mislabelled]
}

@Suite("RFC 9864 fully specified COSE algorithms, and ES256K")
struct FullySpecifiedAlgorithmTests {
    private let file: FullySpecifiedVectors

    init() throws {
        file = try VectorFiles.json(FullySpecifiedVectors.self, "fully_specified_assertions.json")
    }

    @Test("an assertion by each credential verifies; with one signature byte changed it is refused")
    func assertions() throws {
        #expect(file.cases.map(\.name) == ["ESP256", "ESP384", "ESP512", "Ed25519", "ES256", "EdDSA", "ES256K"])
        let relyingParty = WebAuthnRelyingParty(id: file.rpID, name: "Example", origins: [file.origin])
        let challenge = try Base64URL.decode(file.challenge)
        for test in file.cases {
            let coseKey = try [UInt8](hex: test.coseKey)
            let parsed = try COSEKey(CBORDecoder().decode(coseKey))
            #expect(parsed.algorithm == COSEAlgorithm(rawValue: test.alg) && parsed.algorithm.name == test.name)
            #expect(WebAuthnRelyingParty.supportedAlgorithms.contains(parsed.algorithm), "\(test.name)")
            let credentialID = try Base64URL.decode(test.credentialID)
            let credential = RegisteredCredential(id: credentialID, publicKey: coseKey, signCount: test.signCount - 1, backupEligible: false)
            var signature = try Base64URL.decode(test.signature)
            func response() throws -> AuthenticationResponse {
                AuthenticationResponse(id: credentialID, clientDataJSON: try Base64URL.decode(test.clientDataJSON),
                                       authenticatorData: try Base64URL.decode(test.authenticatorData), signature: signature)
            }
            let verified = try relyingParty.verifyAuthentication(try response(), challenge: challenge, credential: credential)
            #expect(verified.signCount == test.signCount, "\(test.name)")
            signature[signature.count / 2] ^= 0x01
            let error = try #require(throws: WebAuthnError.self) {
                try relyingParty.verifyAuthentication(try response(), challenge: challenge, credential: credential)
            }
            #expect(error.reason == .invalidSignature, "\(test.name): \(error)")
        }
    }

    @Test("a COSE key whose fully specified algorithm names another curve is refused")
    func mislabelled() throws {
        #expect(file.mislabelled.count == 5)
        for test in file.mislabelled {
            #expect(throws: CBORError.self, "\(test.name)") { try COSEKey(CBORDecoder().decode(try [UInt8](hex: test.coseKey))) }
        }
    }
}

// ML-DSA in COSE (RFC 9964 §4): the Appendix A COSE keys (kty AKP = 7, alg -48/-49/-50) read — refused while
// they carry "priv" (-2), as a credential key must not — and their COSE_Sign1 signatures verified over the
// published Sig_structure by a CredentialPublicKey; then a WebAuthn assertion signed by an ML-DSA key.

import Foundation
import PureCBOR
import PureMLDSA
import PureSHA2
import PureWebAuthn
import Testing
import TestSupport

private struct COSEExample: Decodable {
    let key: String
    let sign1: String
    let raw_to_be_signed: String
    let raw_signature: String
    let raw_public_key: String
}

@Suite("ML-DSA COSE keys (RFC 9964)")
struct MLDSACOSETests {
    @Test("Appendix A: the key without priv verifies the COSE_Sign1 signature", arguments: [(44, -48), (65, -49), (87, -50)])
    func appendixA(_ size: Int, _ algorithm: Int64) throws {
        let example = try VectorFiles.json(COSEExample.self, "ML_DSA_\(size).cose.json")
        let item = try CBORDecoder().decode([UInt8](hex: example.key))
        // The example key carries its private seed (-2): refused as a credential key.
        #expect(throws: CBORError.self) { try COSEKey(item) }
        var publicMap = CBORMap()
        for entry in try #require(item.mapValue).entries where entry.key.integerValue != -2 { publicMap.append(entry.key, entry.value) }
        let coseKey = try COSEKey(.map(publicMap))
        #expect(coseKey.algorithm == COSEAlgorithm(rawValue: algorithm))
        #expect(coseKey.algorithm.name == "ML-DSA-\(size)")
        #expect(coseKey.parameters == .akp(publicKey: try [UInt8](hex: example.raw_public_key)))
        let key = try CredentialPublicKey(coseKey)
        let message = try [UInt8](hex: example.raw_to_be_signed)
        let signature = try [UInt8](hex: example.raw_signature)
        #expect(key.isValidSignature(signature, for: message))
        #expect(!key.isValidSignature(signature, for: message + [0]))
        // The signature is the COSE_Sign1's last element (the strict decoder here refuses its tag 18, so the
        // bytes are compared: a byte string of the signature's length ends the message).
        #expect(example.sign1.hasSuffix(example.raw_signature))
        // The canonical encoding round-trips through the stored form.
        #expect(try CredentialPublicKey(coseEncoding: coseKey.encoded()).coseKey == coseKey)
    }

    @Test("AKP keys of the wrong length or algorithm are refused")
    func refusals() throws {
        let publicKey = try MLDSA44.PrivateKey(seedRepresentation: [UInt8](repeating: 3, count: 32)).publicKey.rawRepresentation
        #expect(throws: CBORError.self) { try COSEKey(algorithm: .mldsa65, parameters: .akp(publicKey: publicKey)) }
        #expect(throws: CBORError.self) { try COSEKey(algorithm: .es256, parameters: .akp(publicKey: publicKey)) }
        #expect(throws: CBORError.self) { try COSEKey(algorithm: .mldsa44, parameters: .akp(publicKey: Array(publicKey.dropLast()))) }
        #expect(throws: CBORError.self) { try COSEKey(algorithm: COSEAlgorithm(rawValue: -51), parameters: .akp(publicKey: publicKey)) }
        #expect(try COSEKey(algorithm: .mldsa44, parameters: .akp(publicKey: publicKey)).algorithm == .mldsa44)
    }

    @Test("an assertion signature by an ML-DSA-65 credential: authenticatorData ‖ SHA-256(clientDataJSON)")
    func assertionSignature() throws {
        let privateKey = try MLDSA65.PrivateKey(seedRepresentation: [UInt8](repeating: 9, count: 32))
        let coseKey = try COSEKey(algorithm: .mldsa65, parameters: .akp(publicKey: privateKey.publicKey.rawRepresentation))
        let key = try CredentialPublicKey(coseEncoding: coseKey.encoded())
        let authenticatorData = [UInt8](repeating: 0xA5, count: 37)
        let clientDataHash = SHA256.hash(data: Array(#"{"type":"webauthn.get"}"#.utf8)).bytes
        let signature = try privateKey.signature(for: authenticatorData + clientDataHash)
        #expect(key.isValidSignature(signature, for: authenticatorData + clientDataHash))
        #expect(!key.isValidSignature(signature, for: authenticatorData + clientDataHash.reversed()))
        #expect(WebAuthnRelyingParty.supportedAlgorithms.suffix(3) == [.mldsa44, .mldsa65, .mldsa87])
    }
}

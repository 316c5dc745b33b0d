// The App Attest routes over HTTP with a stand-in device: an attestation CA shaped like Apple's (a P-384 root
// given as APPATTEST_ROOT_PEM, an intermediate, a credential certificate carrying the nonce in extension
// 1.2.840.113635.100.8.2), built with swift-certificates and signed with swift-crypto — independent of the
// AppAttest code that verifies them — and assertions signed by the device key. Challenges are single use;
// a key attested twice is 409; replays and counters that do not grow are refused; off without the setting.

import AppAttest
import Crypto
import Foundation
import PureCBOR
import SignInWithAppleServerKit
import SwiftASN1
import Testing
import X509

/// A device with an App Attest key, attested by a stand-in CA.
struct StandInAttestationDevice {
    static let appID = "ABCDE12345.com.example.attest"
    let key = P256.Signing.PrivateKey()
    let rootKey = P384.Signing.PrivateKey()
    let intermediateKey = P384.Signing.PrivateKey()
    let rootPEM: String
    private let rootCertificate: X509.Certificate
    private let intermediate: X509.Certificate
    var counter: UInt32 = 0

    var keyID: [UInt8] { Array(SHA256.hash(data: key.publicKey.x963Representation)) }

    init() throws {
        let now = Date()
        let rootName = try DistinguishedName { CommonName("Stand-in App Attestation Root CA"); OrganizationName("PureJWT Tests") }
        let intermediateName = try DistinguishedName { CommonName("Stand-in App Attestation CA 1"); OrganizationName("PureJWT Tests") }
        rootCertificate = try X509.Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(rootKey.publicKey),
            notValidBefore: now.addingTimeInterval(-86_400), notValidAfter: now.addingTimeInterval(86_400 * 3650),
            issuer: rootName, subject: rootName, signatureAlgorithm: .ecdsaWithSHA384,
            extensions: try X509.Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            }, issuerPrivateKey: .init(rootKey))
        intermediate = try X509.Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(intermediateKey.publicKey),
            notValidBefore: now.addingTimeInterval(-86_400), notValidAfter: now.addingTimeInterval(86_400 * 3000),
            issuer: rootName, subject: intermediateName, signatureAlgorithm: .ecdsaWithSHA384,
            extensions: try X509.Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            }, issuerPrivateKey: .init(rootKey))
        rootPEM = try rootCertificate.serializeAsPEM().pemString
    }

    private static func der(_ certificate: X509.Certificate) throws -> [UInt8] {
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        return serializer.serializedBytes
    }

    /// authenticatorData: SHA-256(App ID) ‖ flags ‖ counter [‖ AAGUID ‖ credential ID ‖ COSE key].
    func authenticatorData(appID: String = appID, attested: Bool, aaguid: [UInt8] = Array("appattest".utf8) + [UInt8](repeating: 0, count: 7)) -> [UInt8] {
        var data = Array(SHA256.hash(data: Array(appID.utf8))) + [attested ? 0x40 : 0x00] + withUnsafeBytes(of: counter.bigEndian, Array.init)
        if attested {
            let raw = key.publicKey.rawRepresentation
            let cose = try! CBOREncoder.encode(.map(CBORMap(pairs: [
                (.unsignedInteger(1), .unsignedInteger(2)), (.unsignedInteger(3), .negativeInteger(6)), (.negativeInteger(0), .unsignedInteger(1)),
                (.negativeInteger(1), .byteString(Array(raw.prefix(32)))), (.negativeInteger(2), .byteString(Array(raw.suffix(32)))),
            ])))
            data += aaguid + [0, 32] + keyID + cose
        }
        return data
    }

    /// attestKey(_:clientDataHash:) for a server challenge (standard base64): clientDataHash = SHA-256 of its bytes.
    func attestation(challenge: String, appID: String = appID) throws -> [UInt8] {
        let clientDataHash = Array(SHA256.hash(data: Data(base64Encoded: challenge)!))
        let authData = authenticatorData(appID: appID, attested: true)
        let nonce = Array(SHA256.hash(data: authData + clientDataHash))
        // SEQUENCE { [1] EXPLICIT OCTET STRING nonce }
        let nonceExtension: [UInt8] = [0x30, 0x24, 0xA1, 0x22, 0x04, 0x20] + nonce
        let name = try DistinguishedName { CommonName(keyID.map { String(format: "%02x", $0) }.joined()) }
        let credential = try X509.Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(key.publicKey),
            notValidBefore: Date().addingTimeInterval(-3600), notValidAfter: Date().addingTimeInterval(3 * 86_400),
            issuer: intermediate.subject, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try X509.Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                X509.Certificate.Extension(oid: [1, 2, 840, 113635, 100, 8, 2], critical: false, value: nonceExtension[...])
            }, issuerPrivateKey: .init(intermediateKey))
        return try CBOREncoder.encode(.map(CBORMap(pairs: [
            (.textString("fmt"), .textString("apple-appattest")),
            (.textString("attStmt"), .map(CBORMap(pairs: [
                (.textString("x5c"), .array([.byteString(try Self.der(credential)), .byteString(try Self.der(intermediate))])),
                (.textString("receipt"), .byteString([0x30, 0x80, 0, 0])),
            ]))),
            (.textString("authData"), .byteString(authData)),
        ])))
    }

    /// generateAssertion(_:clientDataHash:) over `clientData`, the counter advanced by `step`.
    mutating func assertion(clientData: [UInt8], step: UInt32 = 1) throws -> [UInt8] {
        counter &+= step
        let authData = authenticatorData(attested: false)
        let nonce = Array(SHA256.hash(data: authData + Array(SHA256.hash(data: clientData))))
        let signature = try key.signature(for: nonce).derRepresentation
        return try CBOREncoder.encode(.map(CBORMap(pairs: [
            (.textString("signature"), .byteString(Array(signature))), (.textString("authenticatorData"), .byteString(authData)),
        ])))
    }
}

@Suite("App Attest routes, end to end", .serialized)
struct AppAttestRouteTests {
    @Test("challenge, attestation (twice: 409), assertions with growing counters; replays and wrong challenges refused", arguments: TestBackend.all)
    func attestAndAssert(_ backend: TestBackend) async throws {
        var device = try StandInAttestationDevice()
        let settings = AppAttestSettings(verifier: try AppAttestVerifier(appID: StandInAttestationDevice.appID, rootPEM: device.rootPEM))
        let apple = try await StandInApple()
        let server = try await RunningServer(apple: apple, database: try await backend.freshDatabase(), webAuthn: passkeySettings, appAttest: settings)
        defer { Task { await server.stop(); await apple.shutdown() } }
        let url = server.url
        let keyID = Data(device.keyID).base64EncodedString()

        func challenge() async throws -> String {
            let answer = try await call(.POST, url + "/appattest/challenge")
            #expect(answer.status == 200)
            let text = try #require(answer.json["challenge"] as? String)
            #expect(Data(base64Encoded: text)?.count == 32)
            return text
        }

        // Attestation: with a challenge this server issued, once.
        let first = try await challenge()
        let object = Data(try device.attestation(challenge: first)).base64EncodedString()
        let attested = try await call(.POST, url + "/appattest/attestation", json: ["keyID": keyID, "attestationObject": object, "challenge": first])
        #expect(attested.status == 201, "\(attested.json)")
        #expect(try await call(.POST, url + "/appattest/attestation", json: ["keyID": keyID, "attestationObject": object, "challenge": first]).status == 401)
        let again = try await challenge()
        let twice = try await call(.POST, url + "/appattest/attestation",
                                   json: ["keyID": keyID, "attestationObject": Data(try device.attestation(challenge: again)).base64EncodedString(), "challenge": again])
        #expect(twice.status == 409)
        // An object made for another challenge fails the nonce check.
        let third = try await challenge()
        let mismatch = try await call(.POST, url + "/appattest/attestation",
                                      json: ["keyID": keyID, "attestationObject": object, "challenge": third])
        #expect(mismatch.status == 401 && (mismatch.json["error"] as? String)?.contains("nonce") == true)

        // Assertions: the client data names an issued challenge (single use); the counter must grow.
        func assertion(step: UInt32 = 1, challengeText: String? = nil) async throws -> (status: Int, json: [String: Any], body: [String: Any]) {
            let text = if let challengeText { challengeText } else { try await challenge() }
            let clientData = Array(try JSONSerialization.data(withJSONObject: ["challenge": text, "action": "buy"]))
            let body: [String: Any] = ["keyID": keyID, "assertion": Data(try device.assertion(clientData: clientData, step: step)).base64EncodedString(),
                                       "clientData": Data(clientData).base64EncodedString()]
            let answer = try await call(.POST, url + "/appattest/assertion", json: body)
            return (answer.status, answer.json, body)
        }
        let accepted = try await assertion()
        #expect(accepted.status == 200 && accepted.json["counter"] as? Int == 1, "\(accepted.json)")
        #expect(try await call(.POST, url + "/appattest/assertion", json: accepted.body).status == 401)   // replay
        #expect(try await assertion(step: 4).json["counter"] as? Int == 5)
        device.counter = 3
        let regressed = try await assertion(step: 0)
        #expect(regressed.status == 401 && (regressed.json["error"] as? String)?.contains("not greater") == true)
        #expect(try await assertion(challengeText: Data(repeating: 1, count: 32).base64EncodedString()).status == 401)
        // Malformed bodies are 400.
        #expect(try await callRaw(.POST, url + "/appattest/assertion", body: Array("{}".utf8)) == 400)
        #expect(try await call(.POST, url + "/appattest/attestation", json: ["keyID": "short", "attestationObject": "AA==", "challenge": first]).status == 400)
    }

    @Test("without APPATTEST_APP_ID the routes are 404")
    func off() async throws {
        let apple = try await StandInApple()
        let server = try await RunningServer(apple: apple, database: try await TestBackend.sqlite.freshDatabase(), webAuthn: passkeySettings)
        defer { Task { await server.stop(); await apple.shutdown() } }
        #expect(try await call(.POST, server.url + "/appattest/challenge").status == 404)
    }
}

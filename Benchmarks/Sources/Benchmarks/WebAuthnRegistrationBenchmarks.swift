// WebAuthn registration (§7.1) with packed attestation, the W3C §16 vector packed.ES256 (an attestation
// certificate issued by the §16.1 root), from the request body to the credential to store, against what a
// Swift developer writes today without PureWebAuthn: Foundation's JSONDecoder and base64, a minimal CBOR walk,
// swift-certificates' Verifier (RFC5280Policy) for the chain and swift-crypto for the signature, with
// §8.2.1's certificate requirements by hand. Both sides accept the vector first. Time and heap allocations.

import Crypto
import Foundation
import PureBase64
import PureWebAuthn
import PureX509
import SwiftASN1
import X509

enum WebAuthnRegistrationBenchmarks {
    static func comparisons() -> [AsyncComparison] {
        let file = vectorJSON("Tests/PureWebAuthnTests/Vectors/spec-vectors.json") as! [String: Any]
        let vector = (file["vectors"] as! [[String: Any]]).first { $0["name"] as? String == "packed.ES256" }!
        let registration = vector["registration"] as! [String: Any]
        let rootDER = AppAttestBenchmarks.hexBytes(((file["attestation_root"] as! [String: Any])["values"] as! [String: Any])["attestation_ca_cert"] as! String)
        let challenge = AppAttestBenchmarks.hexBytes(registration["challenge"] as! String)
        let credentialID = Base64URL.encode(AppAttestBenchmarks.hexBytes(registration["credential_id"] as! String))
        let body = Array("""
        {"id":"\(credentialID)","rawId":"\(credentialID)","type":"public-key","clientExtensionResults":{},\
        "response":{"clientDataJSON":"\(Base64URL.encode(AppAttestBenchmarks.hexBytes(registration["clientDataJSON"] as! String)))",\
        "attestationObject":"\(Base64URL.encode(AppAttestBenchmarks.hexBytes(registration["attestationObject"] as! String)))","transports":["usb"]}}
        """.utf8)
        let time = Date(timeIntervalSince1970: 1_798_761_600)  // 2027-01-01, inside the certificates' validity

        let relyingParty = WebAuthnRelyingParty(id: "example.org", name: "Example", origins: ["https://example.org"])
        let policy = AttestationPolicy(trustAnchors: [try! PureX509.Certificate(derRepresentation: rootDER)])
        let peer = PeerRegistration(root: try! X509.Certificate(derEncoded: rootDER), rpID: "example.org", origin: "https://example.org")
        func ours() -> UInt64 {
            let result = try! relyingParty.verifyRegistration(try! RegistrationResponse(json: body), challenge: challenge,
                                                              userVerification: .discouraged, attestationPolicy: policy, at: time)
            precondition(result.attestationTrusted)
            return UInt64(result.credential.publicKey.count)
        }
        let expected = ours()
        return [
            AsyncComparison(name: "WebAuthn registration packed ES256", peer: "Foundation+swift-crypto+swift-certificates",
                            ours: { ours() }, theirs: {
                                let count = await peer.verify(body, challenge: challenge, at: time)
                                precondition(count == expected, "the peer must accept the registration")
                                return count
                            }, countsAllocations: true),
        ]
    }
}

/// The peer: §7.1 and §8.2 written with Foundation, swift-crypto and swift-certificates.
struct PeerRegistration: Sendable {
    let root: X509.Certificate
    let rpID: String
    let origin: String

    struct Response: Decodable {
        struct Attestation: Decodable { let clientDataJSON: String; let attestationObject: String }
        let id: String
        let rawId: String
        let type: String
        let response: Attestation
    }

    /// The stored COSE key's length once every check passed, else 0.
    func verify(_ body: [UInt8], challenge: [UInt8], at time: Date) async -> UInt64 {
        guard let response = try? JSONDecoder().decode(Response.self, from: Data(body)), response.type == "public-key",
              let rawID = PeerWebAuthn.base64URL(response.rawId),
              let clientDataBytes = PeerWebAuthn.base64URL(response.response.clientDataJSON),
              let objectBytes = PeerWebAuthn.base64URL(response.response.attestationObject),
              let clientData = try? JSONDecoder().decode(PeerWebAuthn.ClientData.self, from: clientDataBytes),
              clientData.type == "webauthn.create", PeerWebAuthn.base64URL(clientData.challenge) == Data(challenge),
              clientData.origin == origin, clientData.crossOrigin != true
        else { return 0 }
        var index = 0
        let object = [UInt8](objectBytes)
        guard let item = PeerAppAttest.Item.parse(object, &index), case .text("packed")? = item["fmt"],
              let statement = item["attStmt"], case .number(-7)? = statement["alg"], let signature = statement["sig"]?.bytes,
              case .array(let x5c)? = statement["x5c"], let leafDER = x5c.first?.bytes,
              let authData = item["authData"]?.bytes, authData.count >= 55,
              Array(authData[0..<32]) == Array(Crypto.SHA256.hash(data: Data(rpID.utf8))), authData[32] & 0x41 == 0x41
        else { return 0 }
        // Attested credential data: AAGUID, the credential ID (the response's), the COSE key.
        let aaguid = Array(authData[37..<53])
        let idLength = Int(authData[53]) << 8 | Int(authData[54])
        guard authData.count > 55 + idLength, Array(authData[55..<55 + idLength]) == [UInt8](rawID) else { return 0 }
        let coseKey = Array(authData[(55 + idLength)...])
        guard let cose = PeerWebAuthn.MinimalCOSE(coseKey), cose.algorithm == -7, let x = cose.parameters[-2], let y = cose.parameters[-3],
              (try? Crypto.P256.Signing.PublicKey(x963Representation: [0x04] + x + y)) != nil else { return 0 }
        // The signature by the attestation certificate, §8.2.1's requirements, the chain to the root.
        guard let leaf = try? X509.Certificate(derEncoded: leafDER), let leafKey = try? Crypto.P256.Signing.PublicKey(leaf.publicKey),
              let ecdsa = try? Crypto.P256.Signing.ECDSASignature(derRepresentation: signature),
              leafKey.isValidSignature(ecdsa, for: authData + Array(Crypto.SHA256.hash(data: clientDataBytes))),
              leaf.version == .v3, subjectHas(leaf, .NameAttributes.countryName), subjectHas(leaf, .NameAttributes.organizationName),
              subjectHas(leaf, .NameAttributes.commonName), (try? leaf.extensions.basicConstraints) != .isCertificateAuthority(maxPathLength: nil)
        else { return 0 }
        if let aaguidExtension = leaf.extensions.first(where: { $0.oid == [1, 3, 6, 1, 4, 1, 45724, 1, 1, 4] }) {
            guard !aaguidExtension.critical, Array(aaguidExtension.value) == [0x04, 0x10] + aaguid else { return 0 }
        }
        var verifier = Verifier(rootCertificates: CertificateStore([root])) { RFC5280Policy(validationTime: time) }
        guard case .validCertificate = await verifier.validate(leaf: leaf, intermediates: CertificateStore(x5c.dropFirst().compactMap {
            $0.bytes.flatMap { try? X509.Certificate(derEncoded: $0) }
        })) else { return 0 }
        return UInt64(coseKey.count)
    }

    private func subjectHas(_ certificate: X509.Certificate, _ type: ASN1ObjectIdentifier) -> Bool {
        certificate.subject.contains { $0.contains { $0.type == type } }
    }
}

// WebAuthn sign-in (§7.2) from the request body to the verdict, against what a Swift developer writes today
// without PureWebAuthn (swift-webauthn is not among the packages these machines resolve): Foundation's
// JSONDecoder for AuthenticationResponseJSON and clientDataJSON, Foundation's base64, swift-crypto for
// SHA-256 and the signature, and a minimal CBOR walk of the stored COSE key. Both sides run the same
// checks (type, challenge, origin, RP ID hash, UP, UV, counter, signature) on the same request, and parse
// the stored COSE key on every call, as a server that stores it does. Time and heap allocations per call.

import Crypto
import _CryptoExtras
import Foundation
import PureBase64
import PureCBOR
import PureP256
import PureRSA
import PureSHA2
import PureWebAuthn

enum WebAuthnBenchmarks {
    static let rpID = "example.org", origin = "https://example.org"

    /// A sign-in request as the browser's toJSON() gives it, and the stored credential.
    struct SignIn {
        let body: [UInt8]
        let challenge: [UInt8]
        let credential: RegisteredCredential
    }

    static func signIn(credentialKey: COSEKey, sign: ([UInt8]) -> [UInt8]) -> SignIn {
        let challenge = deterministicBytes(32, seed: 7)
        let credentialID = deterministicBytes(32, seed: 8)
        let authenticatorData = Array(PureSHA2.SHA256.hash(data: Array(rpID.utf8))) + [0x05, 0, 0, 0, 42]
        let clientData = Array(#"{"type":"webauthn.get","challenge":"\#(Base64URL.encode(challenge))","origin":"\#(origin)","crossOrigin":false}"#.utf8)
        let signature = sign(authenticatorData + Array(PureSHA2.SHA256.hash(data: clientData)))
        let body = Array("""
        {"id":"\(Base64URL.encode(credentialID))","rawId":"\(Base64URL.encode(credentialID))","type":"public-key",\
        "response":{"clientDataJSON":"\(Base64URL.encode(clientData))","authenticatorData":"\(Base64URL.encode(authenticatorData))",\
        "signature":"\(Base64URL.encode(signature))","userHandle":"\(Base64URL.encode([1, 2, 3, 4]))"},\
        "authenticatorAttachment":"platform","clientExtensionResults":{}}
        """.utf8)
        return SignIn(body: body, challenge: challenge,
                      credential: RegisteredCredential(id: credentialID, publicKey: credentialKey.encoded(), signCount: 41, backupEligible: false))
    }

    static func comparisons() -> [AsyncComparison] {
        let relyingParty = WebAuthnRelyingParty(id: rpID, name: "Example", origins: [origin])

        // ES256: a P-256 credential (RFC 6979 signatures, DER as WebAuthn sends them).
        let p256 = try! PureP256.P256.Signing.PrivateKey(rawRepresentation: deterministicBytes(32, seed: 256))
        let raw = p256.publicKey.rawRepresentation
        let es256 = signIn(credentialKey: try! COSEKey(algorithm: .es256, parameters: .ec2(curve: .p256, x: Array(raw[..<32]), y: Array(raw[32...])))) {
            p256.signature(for: $0).derRepresentation
        }
        // RS256: a 2048-bit credential (Windows Hello's kind), PKCS#1 v1.5.
        let pkcs8 = vectorJSON("Tests/PureRSATests/Vectors/rsa_signing_cryptography.json") as! [String: Any]
        let pem = ((pkcs8["cases"] as! [[String: Any]]).first { ($0["bits"] as! Int) == 2048 })!["pkcs8_pem"] as! String
        let rsa = try! PureRSA.RSA.Signing.PrivateKey(pemRepresentation: pem)
        let rsaKey = try! COSEKey(algorithm: .rs256, parameters: .rsa(modulus: rsa.publicKey.modulus.bigEndianBytes(),
                                                                      exponent: rsa.publicKey.publicExponent.bigEndianBytes()))
        let rs256 = signIn(credentialKey: rsaKey) { try! rsa.signature(for: $0).rawRepresentation }

        func ours(_ signIn: SignIn) -> UInt64 {
            let response = try! AuthenticationResponse(json: signIn.body)
            let result = try! relyingParty.verifyAuthentication(response, challenge: signIn.challenge, credential: signIn.credential,
                                                                userVerification: .required)
            return UInt64(result.signCount)
        }
        for signIn in [es256, rs256] {
            precondition(ours(signIn) == 42 && PeerWebAuthn.verify(signIn) == 42, "both sides must accept the sign-in")
            var tampered = signIn.body
            tampered[tampered.count / 2] ^= 0x01
            precondition((try? relyingParty.verifyAuthentication(try AuthenticationResponse(json: tampered), challenge: signIn.challenge,
                                                                  credential: signIn.credential)) == nil)
        }
        return [
            AsyncComparison(name: "WebAuthn authentication ES256", peer: "Foundation+swift-crypto", ours: { ours(es256) },
                            theirs: { PeerWebAuthn.verify(es256) }, countsAllocations: true),
            AsyncComparison(name: "WebAuthn authentication RS256", peer: "Foundation+swift-crypto", ours: { ours(rs256) },
                            theirs: { PeerWebAuthn.verify(rs256) }, countsAllocations: true),
        ]
    }
}

/// The peer: the same §7.2 checks written with Foundation and swift-crypto, as a developer would.
enum PeerWebAuthn {
    struct Response: Decodable {
        struct Assertion: Decodable {
            let clientDataJSON: String
            let authenticatorData: String
            let signature: String
            let userHandle: String?
        }
        let id: String
        let rawId: String
        let type: String
        let response: Assertion
    }
    struct ClientData: Decodable {
        let type: String
        let challenge: String
        let origin: String
        let crossOrigin: Bool?
    }

    static func base64URL(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }

    /// Returns the new counter, or 0 when a check fails.
    static func verify(_ signIn: WebAuthnBenchmarks.SignIn) -> UInt64 {
        guard let response = try? JSONDecoder().decode(Response.self, from: Data(signIn.body)), response.type == "public-key",
              let rawID = base64URL(response.rawId), rawID == Data(signIn.credential.id),
              let clientDataBytes = base64URL(response.response.clientDataJSON),
              let authenticatorData = base64URL(response.response.authenticatorData),
              let signature = base64URL(response.response.signature),
              let clientData = try? JSONDecoder().decode(ClientData.self, from: clientDataBytes),
              clientData.type == "webauthn.get", base64URL(clientData.challenge) == Data(signIn.challenge),
              clientData.origin == WebAuthnBenchmarks.origin, clientData.crossOrigin != true,
              authenticatorData.count >= 37,
              Data(Crypto.SHA256.hash(data: Data(WebAuthnBenchmarks.rpID.utf8))) == authenticatorData.prefix(32)
        else { return 0 }
        let flags = authenticatorData[authenticatorData.startIndex + 32]
        guard flags & 0x01 != 0, flags & 0x04 != 0 else { return 0 }
        let counter = authenticatorData.dropFirst(33).prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard counter > signIn.credential.signCount else { return 0 }
        let signed = authenticatorData + Data(Crypto.SHA256.hash(data: clientDataBytes))
        guard let key = MinimalCOSE(signIn.credential.publicKey) else { return 0 }
        switch key.algorithm {
        case -7:
            guard let x = key.parameters[-2], let y = key.parameters[-3],
                  let publicKey = try? Crypto.P256.Signing.PublicKey(x963Representation: [0x04] + x + y),
                  let ecdsa = try? Crypto.P256.Signing.ECDSASignature(derRepresentation: signature),
                  publicKey.isValidSignature(ecdsa, for: signed) else { return 0 }
        case -257:
            guard let n = key.parameters[-1], let e = key.parameters[-2], let publicKey = try? _RSA.Signing.PublicKey(n: n, e: e),
                  publicKey.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signature), for: signed, padding: .insecurePKCS1v1_5)
            else { return 0 }
        default:
            return 0
        }
        return UInt64(counter)
    }

    /// A minimal CBOR walk of a COSE key: a map of integer labels to integers or byte strings.
    struct MinimalCOSE {
        var algorithm: Int = 0
        var parameters: [Int: [UInt8]] = [:]

        init?(_ bytes: [UInt8]) {
            var index = 0
            func head() -> (major: UInt8, value: Int)? {
                guard index < bytes.count else { return nil }
                let initial = bytes[index]
                index += 1
                let info = Int(initial & 0x1f)
                var value = info
                if info >= 24 {
                    let count = 1 << (info - 24)
                    guard info <= 27, index + count <= bytes.count else { return nil }
                    value = bytes[index..<index + count].reduce(0) { $0 << 8 | Int($1) }
                    index += count
                }
                return (initial >> 5, value)
            }
            func integer() -> Int? {
                guard let (major, value) = head() else { return nil }
                return major == 0 ? value : major == 1 ? -1 - value : nil
            }
            guard let (major, count) = head(), major == 5 else { return nil }
            for _ in 0..<count {
                guard let label = integer(), index < bytes.count else { return nil }
                if bytes[index] >> 5 == 2 {
                    guard let (_, length) = head(), index + length <= bytes.count else { return nil }
                    parameters[label] = Array(bytes[index..<index + length])
                    index += length
                } else {
                    guard let value = integer() else { return nil }
                    if label == 3 { algorithm = value }
                }
            }
        }
    }
}

// Keys from key files (Vectors/key_files.json, written by Python `cryptography`): every container of every
// key type (and a certificate's key) reads as the key type the file holds, with the algorithms the key decides; joserfc's token
// verifies with each form; the public key written back equals `cryptography`'s SubjectPublicKeyInfo PEM;
// the thumbprint equals joserfc's; the private key written back reads as the same key.

import PureASN1
@testable import PureJWT
import Testing
import TestSupport

struct KeyFiles: Decodable {
    struct Entry: Decodable { let alg: String; let forms: [String: String]; let token: String; let thumbprint: String }
    let keys: [Entry]
}

private struct Claims: Decodable, Equatable { let iss: String; let sub: String }

@Suite("Keys from PEM key files")
struct KeyFileTests {
    @Test("every form of every key type: type, algorithms, joserfc's token, public PEM, thumbprint")
    func everyForm() throws {
        let file = try VectorFiles.json(KeyFiles.self, "key_files.json")
        #expect(file.keys.count == 5)
        var forms = 0
        for entry in file.keys {
            // A PEM key serves its family: RSA every RS and PS algorithm, Ed25519 both of its names.
            let expected: [JWTAlgorithm] = switch entry.alg {
            case "RS256": JWTKey.rsaAlgorithms
            case "EdDSA": [.eddsa, .ed25519]
            default: [JWTAlgorithm(rawValue: entry.alg)!]
            }
            for (form, pem) in entry.forms.sorted(by: { $0.key < $1.key }) {
                forms += 1
                let key = try JWTKey(pemRepresentation: pem)
                #expect(key.algorithms == expected, "\(entry.alg) \(form)")
                #expect(key.canSign == !["spki", "pkcs1_public", "certificate"].contains(form), "\(entry.alg) \(form)")
                let verified = try JWTVerifier(keys: [key]).verify(entry.token, as: Claims.self,
                                                                   validation: JWTValidation(issuer: "https://issuer.example", audiences: ["api"]))
                #expect(verified == Claims(iss: "https://issuer.example", sub: "key-files"))
                #expect(key.publicKeyPEMRepresentation == entry.forms["spki"], "\(entry.alg) \(form)")
                #expect(try JSONWebKey(publicKeyOf: key)?.thumbprint() == entry.thumbprint, "\(entry.alg) \(form)")
                #expect(key.publicKey?.canSign == false && key.publicKey?.algorithms == expected)
                // The DER of every form reads as the same key (a certificate's too).
                let der = try JWTKey(derRepresentation: try PEM.parseSingle(pem).derBytes)
                #expect(der.publicKeyPEMRepresentation == entry.forms["spki"] && der.algorithms == expected, "\(entry.alg) \(form) DER")
                if let privatePEM = key.privateKeyPEMRepresentation {
                    let reread = try JWTKey(pemRepresentation: privatePEM)
                    #expect(reread.publicKeyPEMRepresentation == entry.forms["spki"])
                    #expect(privatePEM.hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
                }
            }
        }
        #expect(forms == 20)
    }

    @Test("what is not a JWS key is refused with a message: HMAC has no PEM, encrypted keys, other labels, junk")
    func refused() throws {
        let file = try VectorFiles.json(KeyFiles.self, "key_files.json")
        let pkcs8 = try #require(file.keys.first?.forms["pkcs8"])
        let cases = [
            pkcs8.replacingOccurrences(of: "PRIVATE KEY", with: "ENCRYPTED PRIVATE KEY"),
            pkcs8.replacingOccurrences(of: "PRIVATE KEY", with: "EC PRIVATE KEY"),
            pkcs8.replacingOccurrences(of: "PRIVATE KEY", with: "SECRET"),
            String(pkcs8.prefix(60)), "", "-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----\n", "{\"kty\":\"oct\",\"k\":\"AAAA\"}",
        ]
        for text in cases {
            #expect(throws: JWTError.self, "\(text.prefix(40))") { try JWTKey(pemRepresentation: text) }
        }
        #expect(try JWTKey.hmac([UInt8](repeating: 1, count: 32)).publicKeyPEMRepresentation == nil)
        #expect(try JWTKey.hmac([UInt8](repeating: 1, count: 32)).privateKeyPEMRepresentation == nil)
        #expect(try JWTKey.hmac([UInt8](repeating: 1, count: 32)).publicKey == nil)
    }
}

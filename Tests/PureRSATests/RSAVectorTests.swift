// RS256, RS384 and RS512 (RSASSA-PKCS1-v1_5 with SHA-256/384/512) verification against Wycheproof, NIST
// CAVP and RFC 7515.

import PureASN1
import PureBigInt
import PureRSA
import PureSHA2
import Testing
import TestSupport

private struct RSAGroup: WycheproofTestGroup {
    struct Numbers: Decodable, Sendable { let modulus: String; let publicExponent: String }
    let keySize: Int
    let sha: String
    let publicKeyDer: String
    let publicKeyPem: String
    let publicKey: Numbers
    let tests: [RSACase]
}
private struct RSACase: WycheproofTestCase {
    let tcId: Int
    let comment: String
    let flags: [String]
    let result: WycheproofResult
    let msg: String
    let sig: String
}

/// Every flag in the three files, looked at: all but MissingNull are plain accept/reject cases.
private let rsaFlags: Set<String> = [
    "InvalidAsnInPadding", "ModifiedPadding", "WrongHash", "BerEncodedPadding", "InvalidSignature", "InvalidPadding",
    "SignatureMalleability", "WrongPrimitive", "NoHash", "SmallPublicKey", "MissingNull", "ShortPadding",
    "SmallSignature", "EdgeCaseSignature",
]

@Suite("RS256, RS384 and RS512 verification vectors")
struct RSAVectorTests {
    /// The one "acceptable" case per file is a DigestInfo without the NULL parameters ("MissingNull").
    /// RFC 8017 §9.2 note 1 gives the encoding with NULL as the one to build; encode-and-compare builds
    /// exactly that and so rejects the variant, as OpenSSL and BoringSSL do. We decide: reject.
    @Test("Wycheproof rsa_signature_*_sha{256,384,512}_test.json: every case (RS256, RS384, RS512)",
          arguments: [2048, 3072, 4096], [256, 384, 512])
    func wycheproof(bits: Int, sha: Int) throws {
        let file = "rsa_signature_\(bits)_sha\(sha)_test.json"
        // numberOfTests of each file.
        let expected = [2048: [256: 259, 384: 258, 512: 259], 3072: [256: 259, 384: 259, 512: 260], 4096: [256: 258, 384: 259, 512: 259]][bits]?[sha]
        // Each group's key, read once (a key's set-up is most of a debug build's time per case).
        var keys: [String: RSA.Signing.PublicKey] = [:]
        let run = try Wycheproof.run(file, groups: RSAGroup.self, knownFlags: rsaFlags, acceptable: .reject) { group, test in
            #expect(group.sha == "SHA-\(sha)")
            let key: RSA.Signing.PublicKey
            if let known = keys[group.publicKeyDer] {
                key = known
            } else {
                // The three encodings of the group's key must give the same key.
                key = try RSA.Signing.PublicKey(derRepresentation: [UInt8](hex: group.publicKeyDer))
                let fromPEM = try RSA.Signing.PublicKey(pemRepresentation: group.publicKeyPem)
                let fromNumbers = try RSA.Signing.PublicKey(
                    modulus: [UInt8](hex: group.publicKey.modulus), publicExponent: [UInt8](hex: group.publicKey.publicExponent))
                #expect(key.modulus == fromPEM.modulus && key.modulus == fromNumbers.modulus)
                #expect(key.keySizeInBits == group.keySize)
                #expect(key.derRepresentation == (try [UInt8](hex: group.publicKeyDer)))
                keys[group.publicKeyDer] = key
            }
            let signature = RSA.Signing.RSASignature(rawRepresentation: try [UInt8](hex: test.sig)), message = try [UInt8](hex: test.msg)
            switch sha {
            case 384: return key.isValidSignature(signature, for: SHA384.hash(data: message))
            case 512: return key.isValidSignature(signature, for: SHA512.hash(data: message))
            default: return key.isValidSignature(signature, for: message)
            }
        }
        #expect(run == expected)
    }

    @Test("NIST SigVer15_186-3.rsp: all 54 SHA-1 (receipts only), 54 SHA-256, 54 SHA-384 and 54 SHA-512 records",
          arguments: ["SHA1", "SHA256", "SHA384", "SHA512"])
    func nist(_ algorithm: String) throws {
        let records = NISTResponseFile.records(try VectorFiles.text("SigVer15_186-3.rsp"))
        var modulus: String?
        var checked = 0, passes = 0
        for record in records {
            if record.has("n") { modulus = try record.value("n"); continue }
            guard record.has("SHAAlg"), try record.value("SHAAlg") == algorithm else { continue }
            let n = try #require(modulus)
            // 1024-bit moduli are below the public policy: the package-level initializer takes them.
            let key = try RSA.Signing.PublicKey(
                modulus: try #require(BigUInt(n, radix: 16)), publicExponent: try #require(BigUInt(record.value("e"), radix: 16)),
                minimumBits: 1024)
            // NIST prints Msg and S as integers: a leading zero nibble may be missing.
            let messageHex = try record.value("Msg")
            let message = try [UInt8](hex: messageHex.count % 2 == 1 ? "0" + messageHex : messageHex)
            // NIST prints S as an integer (a leading zero nibble may be missing); the signature is its
            // k-byte big-endian form (I2OSP, RFC 8017 §4.1).
            let s = BigUInt(try record.value("S"), radix: 16)
            let signature = RSA.Signing.RSASignature(
                rawRepresentation: try #require(s?.bigEndianBytes(length: (key.keySizeInBits + 7) / 8)))
            let pass = try record.value("Result").hasPrefix("P")
            let valid: Bool
            switch algorithm {
            case "SHA384": valid = key.isValidSignature(signature, for: SHA384.hash(data: message))
            case "SHA512": valid = key.isValidSignature(signature, for: SHA512.hash(data: message))
            case "SHA1": valid = key.isValidInsecureSHA1Signature(signature, for: Insecure.SHA1.hash(data: message))
            default: valid = key.isValidSignature(signature, for: message)
            }
            #expect(valid == pass, "\(algorithm), line \(record.line)")
            checked += 1
            if pass { passes += 1 }
        }
        #expect(checked == 54)
        #expect(passes > 0 && passes < 54)
    }

    private struct JWSExamples: Decodable {
        struct Example: Decodable {
            let signing_input: String
            let signature_b64u: String
            let jwk_private: [String: String]?
        }
        let examples: [String: Example]
    }

    @Test("RFC 7515 A.2: the RS256 example verifies; altered inputs do not")
    func rfc7515() throws {
        let examples = try VectorFiles.json(JWSExamples.self, "rfc7515_appendix_a_jws_examples.json")
        let a2 = try #require(examples.examples["A.2"])
        let jwk = try #require(a2.jwk_private)
        let key = try RSA.Signing.PublicKey(
            modulus: Base64URLDecode(try #require(jwk["n"])), publicExponent: Base64URLDecode(try #require(jwk["e"])))
        #expect(key.keySizeInBits == 2048)
        let signature = RSA.Signing.RSASignature(rawRepresentation: try Base64URLDecode(a2.signature_b64u))
        let input = Array(a2.signing_input.utf8)
        #expect(key.isValidSignature(signature, for: input))
        #expect(!key.isValidSignature(signature, for: input.dropLast()))
        var tampered = signature.rawRepresentation
        tampered[100] ^= 0x01
        #expect(!key.isValidSignature(.init(rawRepresentation: tampered), for: input))
        #expect(!key.isValidSignature(.init(rawRepresentation: signature.rawRepresentation.dropFirst()), for: input))
        #expect(!key.isValidSignature(.init(rawRepresentation: [0] + signature.rawRepresentation), for: input))
        // s ≥ n is refused before exponentiation.
        #expect(!key.isValidSignature(.init(rawRepresentation: key.modulus.bigEndianBytes()), for: input))
    }
}

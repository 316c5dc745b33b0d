// RSA private keys and PKCS#1 v1.5 signing: every case of Wycheproof's rsa_pkcs1_{2048,3072,4096}_sig_gen
// files reproduced byte for byte (PKCS#1 v1.5 is deterministic; the SHA-1 and SHA-224 cases sign digests
// computed by hashlib, Vectors/rsa_sig_gen_other_digests.json), keys and signatures made by Python
// `cryptography` (Vectors/rsa_signing_cryptography.json: PKCS#8, PKCS#1 and JWK members), and keys
// whose members disagree refused.

import PureASN1
import PureBigInt
import PureBase64
@testable import PureRSA
import PureSHA2
import Testing
import TestSupport

private struct SigGenFile: Decodable {
    struct Group: Decodable { let sha: String; let privateKeyPkcs8: String; let keyDer: String; let tests: [Case] }
    struct Case: Decodable { let tcId: Int; let msg: String; let sig: String; let result: String; let flags: [String] }
    let numberOfTests: Int
    let testGroups: [Group]
}

private struct CryptographyFile: Decodable {
    struct Signature: Decodable { let hash: String; let message: String; let signature: String }
    struct Case: Decodable { let bits: Int; let pkcs8_pem: String; let pkcs1_pem: String; let spki_der: String; let jwk: [String: String]; let signatures: [Signature] }
    let cases: [Case]
}

private let sha1DigestInfoPrefix: [UInt8] = [0x30, 0x21, 0x30, 0x09, 0x06, 0x05, 0x2b, 0x0e, 0x03, 0x02, 0x1a, 0x05, 0x00, 0x04, 0x14]
private let sha224DigestInfoPrefix: [UInt8] = [0x30, 0x2d, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x04,
                                               0x05, 0x00, 0x04, 0x1c]

private func sign(_ key: RSA.Signing.PrivateKey, _ message: [UInt8], hash: String) throws -> [UInt8] {
    switch hash {
    case "SHA-256": return try key.signature(for: SHA256.hash(data: message)).rawRepresentation
    case "SHA-384": return try key.signature(for: SHA384.hash(data: message)).rawRepresentation
    case "SHA-512": return try key.signature(for: SHA512.hash(data: message)).rawRepresentation
    default: throw VectorFileError(description: "no \(hash) here")
    }
}

private func verify(_ key: RSA.Signing.PublicKey, _ signature: [UInt8], _ message: [UInt8], hash: String) -> Bool {
    let signature = RSA.Signing.RSASignature(rawRepresentation: signature)
    switch hash {
    case "SHA-256": return key.isValidSignature(signature, for: SHA256.hash(data: message))
    case "SHA-384": return key.isValidSignature(signature, for: SHA384.hash(data: message))
    case "SHA-512": return key.isValidSignature(signature, for: SHA512.hash(data: message))
    default: return false
    }
}

@Suite("RSA private keys and PKCS#1 v1.5 signing")
struct RSASigningTests {
    /// The SHA-256/384/512 cases of the 3072- and 4096-bit files (50 signatures on the debug arithmetic, two
    /// thirds of this test's time) are signed and verified on the release build instead, with those of the
    /// 2048-bit file, in scripts/known-answer-loops.sh (`rsa-sig-gen`), which CI runs; here they are counted.
    /// Every other case is signed here (SHA-1 and SHA-224 only here: they sign through an internal entry point).
    @Test("Wycheproof rsa_pkcs1_*_sig_gen: every case signed byte for byte (3072- and 4096-bit SHA-2 cases: release run)", arguments: [2048, 3072, 4096])
    func wycheproofSigGen(bits: Int) throws {
        let file = try VectorFiles.json(SigGenFile.self, "rsa_pkcs1_\(bits)_sig_gen_test.json")
        struct OtherDigests: Decodable { let digests: [String: String] }
        let others = try VectorFiles.json(OtherDigests.self, "rsa_sig_gen_other_digests.json").digests
        var run = 0, onReleaseBuild = 0
        for group in file.testGroups {
            let key = try RSA.Signing.PrivateKey(derRepresentation: try [UInt8](hex: group.privateKeyPkcs8))
            #expect(key.publicKey.derRepresentation == (try [UInt8](hex: group.keyDer)))
            for test in group.tests {
                run += 1
                if bits >= 3072 && ["SHA-256", "SHA-384", "SHA-512"].contains(group.sha) {
                    onReleaseBuild += 1
                    continue
                }
                let message = try [UInt8](hex: test.msg), expected = try [UInt8](hex: test.sig)
                let signature: [UInt8]
                switch group.sha {
                case "SHA-1", "SHA-224":
                    let digest = try [UInt8](hex: try #require(others["\(bits)/\(test.tcId)"], "digest of tcId \(test.tcId)"))
                    signature = try key.signature(digest: digest, digestInfoPrefix: group.sha == "SHA-1" ? sha1DigestInfoPrefix : sha224DigestInfoPrefix)
                        .rawRepresentation
                default:
                    signature = try sign(key, message, hash: group.sha)
                    #expect(verify(key.publicKey, signature, message, hash: group.sha), "tcId \(test.tcId)")
                }
                // "acceptable" cases (SHA-1, e = 3) are signed all the same: the arithmetic is what is tested.
                #expect(signature == expected, "tcId \(test.tcId) (\(group.sha), \(test.result), \(test.flags))")
            }
        }
        #expect(run > 0 && run == file.numberOfTests)
        #expect(onReleaseBuild == [2048: 0, 3072: 26, 4096: 24][bits])   // the loop's 77 less the 2048-bit file's 27
    }

    @Test("keys from Python cryptography: PKCS#8, PKCS#1 and JWK members read alike; signatures equal OpenSSL's")
    func cryptography() throws {
        let file = try VectorFiles.json(CryptographyFile.self, "rsa_signing_cryptography.json")
        #expect(file.cases.count == 4)
        for test in file.cases {
            let key = try RSA.Signing.PrivateKey(pemRepresentation: test.pkcs8_pem)
            #expect(key.keySizeInBits == test.bits)
            #expect(key.publicKey.derRepresentation == (try [UInt8](hex: test.spki_der)))
            let pkcs1 = try RSA.Signing.PrivateKey(pemRepresentation: test.pkcs1_pem)
            func member(_ name: String) throws -> [UInt8] { try Base64URL.decode(try #require(test.jwk[name])) }
            let fromJWK = try RSA.Signing.PrivateKey(modulus: member("n"), publicExponent: member("e"), privateExponent: member("d"),
                                                     prime1: member("p"), prime2: member("q"), exponent1: member("dp"),
                                                     exponent2: member("dq"), coefficient: member("qi"))
            #expect(pkcs1.derRepresentation == key.derRepresentation && fromJWK.derRepresentation == key.derRepresentation)
            #expect(try RSA.Signing.PrivateKey(pemRepresentation: key.pemRepresentation).derRepresentation == key.derRepresentation)
            #expect(try RSA.Signing.PrivateKey(pemRepresentation: key.pkcs1PEMRepresentation).derRepresentation == key.derRepresentation)
            for case let signature in test.signatures {
                let message = try [UInt8](hex: signature.message)
                #expect(try sign(key, message, hash: signature.hash) == (try [UInt8](hex: signature.signature)), "\(test.bits) \(signature.hash)")
            }
            // The message-taking form is SHA-256.
            #expect(try key.signature(for: [UInt8]("abc".utf8)).rawRepresentation == (try sign(key, Array("abc".utf8), hash: "SHA-256")))
        }
    }

    /// Primes of different limb counts go through the general CRT path (BigUInt reductions), not the
    /// fixed-size constant-time one (PureBigInt's MontgomeryCRT.swift, which refuses them).
    @Test("keys whose primes differ in limb count (960 + 1088 and 1025 + 1023 bits) sign as OpenSSL does")
    func unbalancedPrimes() throws {
        struct File: Decodable {
            struct Case: Decodable {
                struct Signature: Decodable { let message: String, signature: String }
                let prime_bits: [Int], pkcs8_pem: String, signatures: [Signature]
            }
            let cases: [Case]
        }
        let file = try VectorFiles.json(File.self, "rsa_signing_unbalanced_primes.json")
        #expect(file.cases.count == 2)
        var signed = 0
        for test in file.cases {
            let key = try RSA.Signing.PrivateKey(pemRepresentation: test.pkcs8_pem)
            #expect(key.storage.crt == nil, "\(test.prime_bits): the fixed-size path takes primes of one limb count only")
            for signature in test.signatures {
                let produced = try key.signature(for: try [UInt8](hex: signature.message)).rawRepresentation
                #expect(produced == (try [UInt8](hex: signature.signature)), "\(test.prime_bits)")
                signed += 1
            }
        }
        #expect(signed == 6)
        // The balanced keys take the fixed-size path.
        let balanced = try VectorFiles.json(CryptographyFile.self, "rsa_signing_cryptography.json")
        for test in balanced.cases { #expect(try RSA.Signing.PrivateKey(pemRepresentation: test.pkcs8_pem).storage.crt != nil) }
    }

    @Test("keys whose members disagree are refused, saying which relation fails")
    func inconsistentKeys() throws {
        let file = try VectorFiles.json(CryptographyFile.self, "rsa_signing_cryptography.json")
        let jwk = try #require(file.cases.first).jwk
        func member(_ name: String) throws -> [UInt8] { try Base64URL.decode(try #require(jwk[name])) }
        func bumped(_ bytes: [UInt8]) -> [UInt8] { (BigUInt(bigEndianBytes: bytes) + 2).bigEndianBytes() }
        let names = ["n", "e", "d", "p", "q", "dp", "dq", "qi"]
        for broken in names.dropFirst() {       // n + 2 changes the key size check's outcome too; the others only their relation
            var values = try names.map(member)
            values[names.firstIndex(of: broken)!] = bumped(values[names.firstIndex(of: broken)!])
            let error = try #require(throws: RSAError.self, "\(broken)") {
                try RSA.Signing.PrivateKey(modulus: values[0], publicExponent: values[1], privateExponent: values[2], prime1: values[3],
                                           prime2: values[4], exponent1: values[5], exponent2: values[6], coefficient: values[7])
            }
            #expect(!error.description.isEmpty)
        }
        // A member far larger than the modulus allows (a hostile JWK) is refused before any arithmetic on it.
        var huge = try names.map(member)
        huge[3] += [UInt8](repeating: 0xFF, count: 1 << 16)
        let sizeError = try #require(throws: RSAError.self) {
            try RSA.Signing.PrivateKey(modulus: huge[0], publicExponent: huge[1], privateExponent: huge[2], prime1: huge[3],
                                       prime2: huge[4], exponent1: huge[5], exponent2: huge[6], coefficient: huge[7])
        }
        #expect(sizeError.description.contains("no larger than the modulus allows"))
        // p and q swapped: qi is then not q⁻¹ mod p.
        let values = try names.map(member)
        #expect(throws: RSAError.self) {
            try RSA.Signing.PrivateKey(modulus: values[0], publicExponent: values[1], privateExponent: values[2], prime1: values[4],
                                       prime2: values[3], exponent1: values[6], exponent2: values[5], coefficient: values[7])
        }
    }

    @Test("key files: truncations, a public key, an EC key and a multi-prime version are refused; the key prints redacted")
    func keyFiles() throws {
        let file = try VectorFiles.json(CryptographyFile.self, "rsa_signing_cryptography.json")
        let key = try RSA.Signing.PrivateKey(pemRepresentation: try #require(file.cases.first).pkcs8_pem)
        let der = key.derRepresentation
        for length in stride(from: 0, to: der.count, by: 37) {
            #expect(throws: RSAError.self) { try RSA.Signing.PrivateKey(derRepresentation: Array(der.prefix(length))) }
        }
        #expect(throws: RSAError.self) { try RSA.Signing.PrivateKey(pemRepresentation: key.publicKey.pemRepresentation) }
        var multiPrime = try PKCS1RSAPrivateKey(derEncoded: try RSAPrivateKeyMaterial(derRepresentation: der).key.derRepresentation).derRepresentation
        let versionOffset = multiPrime.firstIndex(of: 0x02)! + 2   // INTEGER 0, the version
        multiPrime[versionOffset] = 1
        let error = try #require(throws: RSAError.self) { try RSA.Signing.PrivateKey(derRepresentation: multiPrime) }
        #expect(error.description.contains("multi-prime"))
        // The decryption face of the same key prints the same way.
        let decryption = RSA.Encryption.PrivateKey(key)
        var dumped = "", dumpedDecryption = ""
        dump(key, to: &dumped)
        dump(decryption, to: &dumpedDecryption)
        for text in [key.description, String(reflecting: key), dumped, decryption.description, "\(decryption)", dumpedDecryption] {
            #expect(text.contains("redacted") && !text.contains(Base64URL.encode(key.publicKey.modulus.bigEndianBytes().prefix(12))))
            #expect(text.split(separator: "\n").count < 8, "\(text)")
        }
    }
}

@Suite("RSA key generation")
struct RSAKeyGenerationTests {
    @Test("a 2048-bit key: the size asked for, e = 65537, consistent, signs what its public key verifies; two keys differ")
    func generate2048() throws {
        let key = try RSA.Signing.PrivateKey(keySize: .bits2048)
        #expect(key.keySizeInBits == 2048 && key.publicKey.publicExponent == 65537)
        let message = Array("generated".utf8)
        #expect(key.publicKey.isValidSignature(try key.signature(for: message), for: message))
        #expect(key.publicKey.isValidSignature(try key.signature(for: message, padding: .PSS), for: SHA256.hash(data: message), padding: .PSS))
        // Reading it back runs every consistency check again.
        #expect(try RSA.Signing.PrivateKey(pemRepresentation: key.pemRepresentation).derRepresentation == key.derRepresentation)
        let other = try RSA.Signing.PrivateKey(keySize: .bits2048)
        #expect(other.publicKey.modulus != key.publicKey.modulus)
        #expect(throws: RSAError(.unsupportedKeySize(1024))) { try RSA.Signing.PrivateKey(keySize: RSA.Signing.KeySize(bitCount: 1024)) }
    }

    @Test("Miller–Rabin: known primes pass, Carmichael numbers and products of two primes fail")
    func millerRabin() {
        var generator = SplitMix64(seed: 7)
        let primes: [BigUInt] = [BigUInt(1_000_003), BigUInt(2_147_483_647), (BigUInt(1) << 127) - 1, (BigUInt(1) << 521) - 1]
        for prime in primes { #expect(RSA.Signing.PrivateKey.isProbablePrime(prime, rounds: 8, using: &generator)) }
        let composites: [BigUInt] = [561, 1105, 41041, 825_265, BigUInt(1_000_003) * BigUInt(2_147_483_647), ((BigUInt(1) << 127) - 1) * 3]
        for composite in composites { #expect(!RSA.Signing.PrivateKey.isProbablePrime(composite, rounds: 8, using: &generator)) }
    }
}

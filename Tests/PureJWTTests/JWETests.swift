// JWE round trips for every key-management algorithm × content encryption with fresh keys of every kind,
// and what must be refused: RSA1_5 by name, keys used for another algorithm, PBES2 counts over the limit
// (before any work), decompression bombs, "crit", off-curve and wrong-curve "epk", tampering anywhere.

import PureBase64
import PureCurve25519
import PureJWT
import PureP256
import PureP384
import PureP521
import PureRSA
import PureSHA2
import Testing
import TestSupport

private let rsaKey = try! RSA.Signing.PrivateKey(keySize: .bits2048)

/// A (decryption key, encryption key) pair for each key-management algorithm.
private func keyPairs() throws -> [(JWEKeyManagementAlgorithm, decrypt: JWEKey, encrypt: JWEKey)] {
    var pairs: [(JWEKeyManagementAlgorithm, decrypt: JWEKey, encrypt: JWEKey)] = []
    for algorithm in [JWEKeyManagementAlgorithm.a128KW, .a192KW, .a256KW, .a128GCMKW, .a192GCMKW, .a256GCMKW] {
        let key = try JWEKey.symmetric(SymmetricKey(size: SymmetricKeySize(bitCount: 8 * (algorithm.rawValue.contains("128") ? 16 : algorithm.rawValue.contains("192") ? 24 : 32))),
                                       algorithm: algorithm)
        pairs.append((algorithm, key, key))
    }
    for algorithm in [JWEKeyManagementAlgorithm.rsaOAEP, .rsaOAEP256, .rsaOAEP384, .rsaOAEP512] {
        let privateKey = RSA.Encryption.PrivateKey(rsaKey)
        pairs.append((algorithm, try .rsa(privateKey, algorithms: [algorithm]), try .rsa(privateKey.publicKey, algorithms: [algorithm])))
    }
    for algorithm in [JWEKeyManagementAlgorithm.ecdhES, .ecdhESA128KW, .ecdhESA192KW, .ecdhESA256KW] {
        let p256 = P256.KeyAgreement.PrivateKey(), p384 = P384.KeyAgreement.PrivateKey()
        let p521 = P521.KeyAgreement.PrivateKey(), x25519 = Curve25519.KeyAgreement.PrivateKey()
        pairs.append((algorithm, try .ecdh(p256, algorithms: [algorithm]), try .ecdh(p256.publicKey, algorithms: [algorithm])))
        pairs.append((algorithm, try .ecdh(p384, algorithms: [algorithm]), try .ecdh(p384.publicKey, algorithms: [algorithm])))
        pairs.append((algorithm, try .ecdh(p521, algorithms: [algorithm]), try .ecdh(p521.publicKey, algorithms: [algorithm])))
        pairs.append((algorithm, try .ecdh(x25519, algorithms: [algorithm]), try .ecdh(x25519.publicKey, algorithms: [algorithm])))
    }
    for algorithm in [JWEKeyManagementAlgorithm.pbes2HS256A128KW, .pbes2HS384A192KW, .pbes2HS512A256KW] {
        let key = try JWEKey.password("correct horse battery staple", algorithm: algorithm)
        pairs.append((algorithm, key, key))
    }
    return pairs
}

@Suite("JWE round trips and refusals")
struct JWETests {
    @Test("every alg × enc × key kind: encrypt, then decrypt to the same bytes (compressed and not)")
    func roundTrips() throws {
        let plaintext = Array(#"{"iss":"https://example.com","sub":"24400320","aud":"s6BhdRkqt3","nonce":"n-0S6_WzA2Mj"}"#.utf8)
        var count = 0
        for (algorithm, decryptionKey, encryptionKey) in try keyPairs() {
            for encryption in JWEContentEncryptionAlgorithm.all {
                var encrypter = try JWEEncrypter(key: encryptionKey, encryption: encryption)
                encrypter.pbes2Count = 1000
                encrypter.compresses = count % 2 == 0
                let token = try encrypter.encrypt(plaintext)
                #expect(token.split(separator: ".", omittingEmptySubsequences: false).count == 5)
                let result = try JWEDecrypter(keys: [decryptionKey]).decrypt(token)
                #expect(result.plaintext == plaintext, "\(algorithm) \(encryption)")
                #expect(result.header.algorithm == algorithm && result.header.encryption == encryption)
                count += 1
            }
        }
        #expect(count == 29 * 6)   // 6 shared-key, 4 RSA, 16 ECDH (4 curves), 3 PBES2 key pairs
        // dir: the key is the content-encryption key.
        for encryption in JWEContentEncryptionAlgorithm.all {
            let key = try JWEKey.symmetric(SymmetricKey(size: SymmetricKeySize(bitCount: encryption.keyByteCount * 8)), algorithm: .direct)
            let token = try JWEEncrypter(key: key, encryption: encryption).encrypt(plaintext)
            #expect(token.split(separator: ".", omittingEmptySubsequences: false)[1].isEmpty)
            #expect(try JWEDecrypter(keys: [key]).decrypt(token).plaintext == plaintext)
        }
    }

    @Test("tampering with any part, or another key of the same kind, gives decryptionFailed")
    func tampering() throws {
        for (algorithm, decryptionKey, encryptionKey) in try keyPairs() where !algorithm.rawValue.hasPrefix("PBES2") {
            var encrypter = try JWEEncrypter(key: encryptionKey, encryption: .a256GCM)
            encrypter.pbes2Count = 1000
            let token = try encrypter.encrypt(Array("secret".utf8))
            var parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            for index in 1..<5 where !parts[index].isEmpty {
                var bytes = try Base64URL.decode(parts[index])
                bytes[bytes.count / 2] ^= 1
                var altered = parts
                altered[index] = Base64URL.encode(bytes)
                #expect(throws: JWTError(.decryptionFailed), "\(algorithm) part \(index)") {
                    try JWEDecrypter(keys: [decryptionKey]).decrypt(altered.joined(separator: "."))
                }
            }
            parts[0] = Base64URL.encode(try Base64URL.decode(parts[0]) + Array(" ".utf8))
            #expect(throws: JWTError(.decryptionFailed), "\(algorithm): a changed header is authenticated") {
                try JWEDecrypter(keys: [decryptionKey]).decrypt(parts.joined(separator: "."))
            }
        }
    }

    @Test("RSA1_5 is refused by name; alg and enc outside the decrypter's lists are refused")
    func refusedAlgorithms() throws {
        let header = Base64URL.encode(Array(#"{"alg":"RSA1_5","enc":"A128GCM"}"#.utf8))
        let key = try JWEKey.rsa(RSA.Encryption.PrivateKey(rsaKey), algorithms: [.rsaOAEP256])
        #expect {
            try JWEDecrypter(keys: [key]).decrypt("\(header).AAAA.AAAA.AAAA.AAAA")
        } throws: { error in
            guard let error = error as? JWTError, case .refusedAlgorithm(let name, _) = error.reason else { return false }
            return name == "RSA1_5"
        }
        let token = try JWEEncrypter(key: try .rsa(RSA.Encryption.PrivateKey(rsaKey).publicKey), encryption: .a128CBCHS256).encrypt([1, 2, 3])
        var decrypter = JWEDecrypter(keys: [key])
        decrypter.contentEncryptionAlgorithms = [.a256GCM]
        let encNotAccepted = JWTError(.notAccepted(member: "enc", value: "A128CBC-HS256", accepted: ["A256GCM"]))
        #expect(throws: encNotAccepted) { try decrypter.decrypt(token) }
        #expect(encNotAccepted.description.contains(#""enc" "A128CBC-HS256" is not accepted here (accepted: A256GCM)"#))
        decrypter = JWEDecrypter(keys: [key])
        decrypter.keyManagementAlgorithms = [.ecdhESA256KW, .ecdhES]
        #expect(throws: JWTError(.notAccepted(member: "alg", value: "RSA-OAEP-256", accepted: ["ECDH-ES", "ECDH-ES+A256KW"]))) {
            try decrypter.decrypt(token)
        }
    }

    @Test("names no version implements are refused as unknown, and the message lists what is implemented")
    func unknownAlgorithms() throws {
        let key = try JWEKey.symmetric(SymmetricKey(size: .bits256), algorithm: .a256KW)
        func reason(_ header: String) -> JWTError.Reason? {
            do { _ = try JWEDecrypter(keys: [key]).decrypt("\(Base64URL.encode(Array(header.utf8))).AAAA.AAAA.AAAA.AAAA"); return nil }
            catch { return error.reason }
        }
        #expect(reason(#"{"alg":"ECDH-1PU","enc":"A256GCM"}"#) == .unsupportedAlgorithm("ECDH-1PU"))
        #expect(reason(#"{"alg":"A256KW","enc":"A256CBC"}"#) == .unsupportedEncryption("A256CBC"))
        // The lists come from what is implemented, signatures and key management both.
        let algorithmMessage = JWTError(.unsupportedAlgorithm("ECDH-1PU")).description
        for name in ["ES256", "EdDSA", "ML-DSA-87", "dir", "RSA-OAEP-256", "ECDH-ES+A256KW", "PBES2-HS512+A256KW"] {
            #expect(algorithmMessage.contains(name), "\(name) missing from: \(algorithmMessage)")
        }
        let encryptionMessage = JWTError(.unsupportedEncryption("A256CBC")).description
        for name in ["A128GCM", "A256GCM", "A128CBC-HS256", "A256CBC-HS512"] {
            #expect(encryptionMessage.contains(name), "\(name) missing from: \(encryptionMessage)")
        }
    }

    @Test("the key decides: an RSA key does not open a dir or A*KW token; a key for one algorithm not another")
    func keyDecides() throws {
        let shared = try JWEKey.symmetric(SymmetricKey(size: .bits256), algorithm: .a256KW)
        let token = try JWEEncrypter(key: shared, encryption: .a256GCM).encrypt([1, 2, 3])
        let rsa = try JWEKey.rsa(RSA.Encryption.PrivateKey(rsaKey))
        #expect(throws: JWTError.self) { try JWEDecrypter(keys: [rsa]).decrypt(token) }
        let gcmKeyWrap = try JWEKey.symmetric(SymmetricKey(size: .bits256), algorithm: .a256GCMKW)
        #expect(throws: JWTError.self) { try JWEDecrypter(keys: [gcmKeyWrap]).decrypt(token) }
        #expect(throws: JWTError.self) { try JWEKey.symmetric(SymmetricKey(size: .bits128), algorithm: .a256KW) }
        #expect(throws: JWTError.self) { try JWEEncrypter(key: shared, algorithm: .direct, encryption: .a256GCM) }
    }

    @Test("PBES2: a count over the limit is refused before any work; a short salt is refused")
    func pbes2Limits() throws {
        let key = try JWEKey.password("pw", algorithm: .pbes2HS256A128KW)
        let header = Base64URL.encode(Array(#"{"alg":"PBES2-HS256+A128KW","enc":"A128GCM","p2s":"AAAAAAAAAAA","p2c":2000000000}"#.utf8))
        #expect(throws: JWTError(.pbes2CountTooLarge(count: 2_000_000_000, limit: 1_000_000))) {
            try JWEDecrypter(keys: [key]).decrypt("\(header).AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAA.AAAA.AAAAAAAAAAAAAAAAAAAAAA")
        }
        let shortSalt = Base64URL.encode(Array(#"{"alg":"PBES2-HS256+A128KW","enc":"A128GCM","p2s":"AAAA","p2c":1000}"#.utf8))
        #expect(throws: JWTError.self) { try JWEDecrypter(keys: [key]).decrypt("\(shortSalt).AAAA.AAAA.AAAA.AAAA") }
    }

    @Test("zip DEF: a payload over the decompression limit is refused")
    func decompressionLimit() throws {
        let key = try JWEKey.symmetric(SymmetricKey(size: .bits256), algorithm: .direct)
        var encrypter = try JWEEncrypter(key: key, encryption: .a256GCM)
        encrypter.compresses = true
        let token = try encrypter.encrypt([UInt8](repeating: 0x41, count: 300_000))
        #expect(throws: JWTError.self) { try JWEDecrypter(keys: [key]).decrypt(token) }
        var decrypter = JWEDecrypter(keys: [key])
        decrypter.maximumDecompressedSize = 300_000
        #expect(try decrypter.decrypt(token).plaintext.count == 300_000)
    }

    @Test("crit is refused; an epk on another curve or off its curve is refused")
    func headerChecks() throws {
        let key = try JWEKey.symmetric(SymmetricKey(size: .bits256), algorithm: .direct)
        let crit = Base64URL.encode(Array(#"{"alg":"dir","enc":"A256GCM","crit":["exp"],"exp":1}"#.utf8))
        #expect(throws: JWTError(.unsupportedCriticalHeader(["exp"]))) { try JWEDecrypter(keys: [key]).decrypt("\(crit)..AAAA.AAAA.AAAA") }

        let p256 = P256.KeyAgreement.PrivateKey()
        let ecdh = try JWEKey.ecdh(p256, algorithms: [.ecdhES])
        let p384Point = P384.KeyAgreement.PrivateKey().publicKey.rawRepresentation
        let wrongCurve = #"{"alg":"ECDH-ES","enc":"A256GCM","epk":{"kty":"EC","crv":"P-384","x":"\#(Base64URL.encode(p384Point[..<48]))","y":"\#(Base64URL.encode(p384Point[48...]))"}}"#
        #expect(throws: JWTError.self) { try JWEDecrypter(keys: [ecdh]).decrypt("\(Base64URL.encode(Array(wrongCurve.utf8)))..AAAA.AAAA.AAAA") }
        var point = P256.KeyAgreement.PrivateKey().publicKey.rawRepresentation
        point[63] ^= 1
        let offCurve = #"{"alg":"ECDH-ES","enc":"A256GCM","epk":{"kty":"EC","crv":"P-256","x":"\#(Base64URL.encode(point[..<32]))","y":"\#(Base64URL.encode(point[32...]))"}}"#
        #expect {
            try JWEDecrypter(keys: [ecdh]).decrypt("\(Base64URL.encode(Array(offCurve.utf8)))..AAAAAAAAAAAAAAAA.AAAA.AAAAAAAAAAAAAAAAAAAAAA")
        } throws: { error in
            (error as? JWTError)?.description.contains("not on the P-256 curve") == true
        }
    }

    @Test("nested JWT: signed, then encrypted; one call decrypts and verifies, with separate keys")
    func nested() throws {
        struct Claims: Codable, Equatable { let iss: String; let sub: String }
        let signer = P256.Signing.PrivateKey(), recipient = RSA.Encryption.PrivateKey(rsaKey)
        let jws = try JWTSigner(key: .es256(signer)).sign(Claims(iss: "https://issuer.example", sub: "alice"))
        let token = try JWEEncrypter(key: try .rsa(recipient.publicKey), encryption: .a256GCM).encrypt(nestedJWT: jws)
        let decrypter = JWEDecrypter(keys: [try .rsa(recipient)])
        let verified = try decrypter.decryptAndVerify(token, verifier: JWTVerifier(keys: [.es256(signer.publicKey)]), as: Claims.self,
                                                      validation: JWTValidation(issuer: "https://issuer.example", audiences: nil, requiresExpiration: false))
        #expect(verified.claims == Claims(iss: "https://issuer.example", sub: "alice"))
        // Another signer's key: the inner signature does not verify.
        #expect(throws: JWTError(.invalidSignature)) {
            try decrypter.decryptAndVerify(token, verifier: JWTVerifier(keys: [.es256(P256.Signing.PrivateKey().publicKey)]), as: Claims.self,
                                           validation: JWTValidation(issuer: nil, audiences: nil, requiresExpiration: false))
        }
        // Without "cty": "JWT" the payload is not taken for a token.
        let plain = try JWEEncrypter(key: try .rsa(recipient.publicKey), encryption: .a256GCM).encrypt(Array(jws.utf8))
        #expect(throws: JWTError.self) {
            try decrypter.decryptAndVerify(plain, verifier: JWTVerifier(keys: [.es256(signer.publicKey)]), as: Claims.self,
                                           validation: JWTValidation(issuer: nil, audiences: nil, requiresExpiration: false))
        }
    }

    @Test("malformed tokens are refused with the part named, never trapping")
    func malformed() throws {
        let key = try JWEKey.symmetric(SymmetricKey(size: .bits256), algorithm: .direct)
        let decrypter = JWEDecrypter(keys: [key])
        for token in ["", ".", "....", "a.b.c.d", "a.b.c.d.e.f", "!!!!.AAAA.AAAA.AAAA.AAAA", "e30....", "eyJhbGciOiJkaXIifQ...."] {
            #expect(throws: JWTError.self, "\(token)") { try decrypter.decrypt(token) }
        }
        for (token, count) in [("eyJ", "no dot"), ("token.jwe", "2 parts"), ("a.b.c", "3 parts (a compact JWS: verify it, nothing is encrypted)"), ("a.b.c.d.e.f", "6 parts")] {
            let detail = "a compact JWE has 5 parts separated by 4 dots; this has \(count)"
            #expect(throws: JWTError(.malformed(part: "token", detail: detail))) { try decrypter.decrypt(token) }
        }
    }
}

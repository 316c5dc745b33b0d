// JWE key management (RFC 7518 §4): how the content-encryption key (CEK) is made and carried for each
// "alg", on the encrypting side (a fresh CEK, the encrypted key, and header members to add) and on the
// decrypting side (the CEK from the encrypted key and the header).
//
// On the decrypting side every failure that touched a secret — an unwrap that does not check, an OAEP
// block that does not decode, a CEK of the wrong length — becomes `decryptionFailed` alone, and RSA-OAEP
// goes on with a random CEK (RFC 7516 §11.5), so neither the error nor the time says which step failed.

import PureAES
import PureBase64
import PureCurve25519
import PureCurve448
import PureP256
import PureP384
import PureP521
import PureRSA
import PureSHA2

/// What key management adds to the protected header (epk, iv and tag, p2s and p2c).
typealias HeaderMembers = [(name: String, value: JSONNode)]

/// Values that encryption otherwise draws at random, given instead by known-answer tests that reproduce
/// the RFCs' examples byte for byte (RFC 7520 §5 lists each example's CEK, IVs, salt and ephemeral key).
/// Internal: nothing outside the module can make an encrypter reuse a CEK or an IV.
struct JWEFixedValues {
    var cek: [UInt8]?
    var contentIV: [UInt8]?
    var keyWrapIV: [UInt8]?
    var pbes2Salt: [UInt8]?
    var ephemeralKey: AgreementPrivateKey?
}

extension JWEKey {
    /// The CEK — `sharedCEK` when another recipient made it already, else a fresh one for `encryption`
    /// (or the key itself for dir, or the ECDH-ES derived key) — the encrypted key (empty for dir and
    /// ECDH-ES), and the header members the algorithm needs. `JWEEncrypter.init(recipients:encryption:)`
    /// keeps dir and ECDH-ES, which ignore `sharedCEK`, to tokens of one recipient.
    func encryptKey(algorithm: JWEKeyManagementAlgorithm, encryption: JWEContentEncryptionAlgorithm, cek sharedCEK: [UInt8]? = nil,
                    partyUInfo: [UInt8], partyVInfo: [UInt8], pbes2Count: Int, fixed: JWEFixedValues? = nil) throws(JWTError)
        -> (cek: [UInt8], encryptedKey: [UInt8], header: HeaderMembers) {
        func contentKey() -> [UInt8] { sharedCEK ?? fixed?.cek ?? randomBytes(encryption.keyByteCount) }
        switch (algorithm, material) {
        case (.direct, .symmetric(let key)):
            guard key.count == encryption.keyByteCount else {
                throw JWTError(.invalidKey("a \"dir\" key for \(encryption) must be \(encryption.keyByteCount * 8) bits, not \(key.count * 8)"))
            }
            return (key, [], [])
        case (.a128KW, .symmetric(let kek)), (.a192KW, .symmetric(let kek)), (.a256KW, .symmetric(let kek)):
            let cek = contentKey()
            return (cek, try Self.wrap(cek, with: kek), [])
        case (.a128GCMKW, .symmetric(let kek)), (.a192GCMKW, .symmetric(let kek)), (.a256GCMKW, .symmetric(let kek)):
            let cek = contentKey(), iv = fixed?.keyWrapIV ?? randomBytes(12)
            do {
                let box = try AES.GCM.seal(cek, using: SymmetricKey(data: kek), nonce: try AES.GCM.Nonce(data: iv))
                return (cek, box.ciphertext, [("iv", .string(Base64URL.encode(iv))), ("tag", .string(Base64URL.encode(box.tag)))])
            } catch {
                throw JWTError(.invalidKey("\(algorithm): \(error)"))
            }
        case (_, .rsaPublic(let publicKey)) where Self.rsaFamily.contains(algorithm):
            return try Self.rsaEncryptKey(publicKey, algorithm: algorithm, cek: contentKey())
        case (_, .rsaPrivate(let privateKey)) where Self.rsaFamily.contains(algorithm):
            return try Self.rsaEncryptKey(privateKey.publicKey, algorithm: algorithm, cek: contentKey())
        case (_, .agreementPublic(let peer)) where Self.ecdhFamily.contains(algorithm):
            return try Self.ecdhEncryptKey(peer: peer, algorithm: algorithm, encryption: encryption, cek: sharedCEK ?? fixed?.cek,
                                           ephemeral: fixed?.ephemeralKey, partyUInfo: partyUInfo, partyVInfo: partyVInfo)
        case (_, .agreementPrivate(let own)) where Self.ecdhFamily.contains(algorithm):
            return try Self.ecdhEncryptKey(peer: own.publicKey, algorithm: algorithm, encryption: encryption, cek: sharedCEK ?? fixed?.cek,
                                           ephemeral: fixed?.ephemeralKey, partyUInfo: partyUInfo, partyVInfo: partyVInfo)
        case (_, .password(let password)) where algorithm.rawValue.hasPrefix("PBES2-"):
            guard pbes2Count >= 1000 else { throw JWTError(.invalidKey("PBES2 needs at least 1,000 iterations (RFC 7518 §4.8.1.2), not \(pbes2Count)")) }
            let salt = fixed?.pbes2Salt ?? randomBytes(16)
            let kek = try Self.pbes2Key(password: password, algorithm: algorithm, salt: salt, count: pbes2Count)
            let cek = contentKey()
            return (cek, try Self.wrap(cek, with: kek), [("p2s", .string(Base64URL.encode(salt))), ("p2c", .number(String(pbes2Count)))])
        default:
            throw JWTError(.invalidKey("this key cannot encrypt with \(algorithm)"))
        }
    }

    /// The CEK from a token's encrypted key and header. Every secret-dependent failure is `decryptionFailed`.
    func decryptKey(algorithm: JWEKeyManagementAlgorithm, encryption: JWEContentEncryptionAlgorithm,
                    encryptedKey: [UInt8], header: JWEHeader, maximumPBES2Count: Int) throws(JWTError) -> [UInt8] {
        let cek: [UInt8]
        switch (algorithm, material) {
        case (.direct, .symmetric(let key)):
            guard encryptedKey.isEmpty else { throw JWTError(.malformed(part: "encrypted key", detail: "must be empty for \"dir\"")) }
            cek = key
        case (.a128KW, .symmetric(let kek)), (.a192KW, .symmetric(let kek)), (.a256KW, .symmetric(let kek)):
            cek = try Self.unwrap(encryptedKey, with: kek)
        case (.a128GCMKW, .symmetric(let kek)), (.a192GCMKW, .symmetric(let kek)), (.a256GCMKW, .symmetric(let kek)):
            let iv = try header.bytes("iv"), tag = try header.bytes("tag")
            guard iv.count == 12, tag.count == 16 else {
                throw JWTError(.malformed(part: "header", detail: "\(algorithm) needs a 96-bit \"iv\" and a 128-bit \"tag\""))
            }
            do {
                let box = try AES.GCM.SealedBox(nonce: try AES.GCM.Nonce(data: iv), ciphertext: encryptedKey, tag: tag)
                cek = try AES.GCM.open(box, using: SymmetricKey(data: kek))
            } catch { throw JWTError(.decryptionFailed) }
        case (_, .rsaPrivate(let key)) where Self.rsaFamily.contains(algorithm):
            // RFC 7516 §11.5: on a failed decryption go on with a random CEK, so that the content's tag
            // check fails the same way a wrong key does.
            cek = (try? key.decrypt(encryptedKey, padding: Self.oaepPadding(algorithm))) ?? randomBytes(encryption.keyByteCount)
        case (_, .agreementPrivate(let key)) where Self.ecdhFamily.contains(algorithm):
            let peer = try header.ephemeralPublicKey()
            guard peer.curve == key.curve else {
                throw JWTError(.malformed(part: "header", detail: "\"epk\" is on \(peer.curve), the key on \(key.curve)"))
            }
            guard let z = key.sharedSecret(with: peer) else { throw JWTError(.decryptionFailed) }
            let derived = try Self.concatKDF(z, algorithm: algorithm, encryption: encryption,
                                             partyUInfo: try header.optionalBytes("apu"), partyVInfo: try header.optionalBytes("apv"))
            if algorithm == .ecdhES {
                guard encryptedKey.isEmpty else { throw JWTError(.malformed(part: "encrypted key", detail: "must be empty for \"ECDH-ES\"")) }
                cek = derived
            } else {
                cek = try Self.unwrap(encryptedKey, with: derived)
            }
        case (_, .password(let password)) where algorithm.rawValue.hasPrefix("PBES2-"):
            let salt = try header.bytes("p2s")
            guard salt.count >= 8 else { throw JWTError(.malformed(part: "header", detail: "\"p2s\" must be at least 8 bytes (RFC 7518 §4.8.1.1)")) }
            let count = try header.pbes2Count()
            guard count <= maximumPBES2Count else { throw JWTError(.pbes2CountTooLarge(count: count, limit: maximumPBES2Count)) }
            cek = try Self.unwrap(encryptedKey, with: try Self.pbes2Key(password: password, algorithm: algorithm, salt: salt, count: count))
        default:
            throw JWTError(.algorithmMismatch(header: algorithm.rawValue, key: algorithms.map(\.rawValue).joined(separator: ", ")))
        }
        guard cek.count == encryption.keyByteCount else { throw JWTError(.decryptionFailed) }
        return cek
    }

    /// ECDH-ES with a fresh ephemeral key on the recipient's curve (§4.6.1: "epk", and "apu"/"apv" when given).
    static func ecdhEncryptKey(peer: AgreementPublicKey, algorithm: JWEKeyManagementAlgorithm, encryption: JWEContentEncryptionAlgorithm,
                               cek sharedCEK: [UInt8]?, ephemeral fixedEphemeral: AgreementPrivateKey? = nil,
                               partyUInfo: [UInt8], partyVInfo: [UInt8]) throws(JWTError) -> (cek: [UInt8], encryptedKey: [UInt8], header: HeaderMembers) {
        let ephemeral = fixedEphemeral ?? AgreementPrivateKey.ephemeral(for: peer)
        guard let z = ephemeral.sharedSecret(with: peer) else { throw JWTError(.invalidKey("the key agreement with the recipient's key failed")) }
        var header: HeaderMembers = [("epk", ephemeral.publicKey.jwkNode)]
        if !partyUInfo.isEmpty { header.append(("apu", .string(Base64URL.encode(partyUInfo)))) }
        if !partyVInfo.isEmpty { header.append(("apv", .string(Base64URL.encode(partyVInfo)))) }
        let derived = try concatKDF(z, algorithm: algorithm, encryption: encryption, partyUInfo: partyUInfo, partyVInfo: partyVInfo)
        if algorithm == .ecdhES { return (derived, [], header) }
        let cek = sharedCEK ?? randomBytes(encryption.keyByteCount)
        return (cek, try wrap(cek, with: derived), header)
    }

    static func rsaEncryptKey(_ key: RSA.Encryption.PublicKey, algorithm: JWEKeyManagementAlgorithm,
                              cek: [UInt8]) throws(JWTError) -> (cek: [UInt8], encryptedKey: [UInt8], header: HeaderMembers) {
        do { return (cek, try key.encrypt(cek, padding: oaepPadding(algorithm)), []) } catch {
            throw JWTError(.invalidKey("\(algorithm): \(error)"))
        }
    }

    static func oaepPadding(_ algorithm: JWEKeyManagementAlgorithm) -> RSA.Encryption.Padding {
        switch algorithm {
        case .rsaOAEP: .PKCS1_OAEP
        case .rsaOAEP384: .PKCS1_OAEP_SHA384
        case .rsaOAEP512: .PKCS1_OAEP_SHA512
        default: .PKCS1_OAEP_SHA256
        }
    }

    static func wrap(_ cek: [UInt8], with kek: [UInt8]) throws(JWTError) -> [UInt8] {
        do { return try AES.KeyWrap.wrap(SymmetricKey(data: cek), using: SymmetricKey(data: kek)) } catch {
            throw JWTError(.invalidKey("AES key wrap: \(error)"))
        }
    }

    static func unwrap(_ wrapped: [UInt8], with kek: [UInt8]) throws(JWTError) -> [UInt8] {
        do { return try AES.KeyWrap.unwrap(wrapped, using: SymmetricKey(data: kek)).withUnsafeBytes { Array($0) } } catch {
            throw JWTError(.decryptionFailed)
        }
    }

    /// RFC 7518 §4.6.2: the Concat KDF with SHA-256 over Z and OtherInfo = AlgorithmID ‖ PartyUInfo ‖
    /// PartyVInfo ‖ SuppPubInfo, each of the first three a 32-bit big-endian length and the bytes;
    /// AlgorithmID is "enc" for ECDH-ES and "alg" otherwise; SuppPubInfo the key length in bits.
    static func concatKDF(_ z: SharedSecret, algorithm: JWEKeyManagementAlgorithm, encryption: JWEContentEncryptionAlgorithm,
                          partyUInfo: [UInt8], partyVInfo: [UInt8]) throws(JWTError) -> [UInt8] {
        let algorithmID = Array((algorithm == .ecdhES ? encryption.rawValue : algorithm.rawValue).utf8)
        let keyByteCount = algorithm == .ecdhES ? encryption.keyByteCount : (algorithm.wrappingKeyByteCount ?? 0)
        func lengthPrefixed(_ bytes: [UInt8]) -> [UInt8] { bigEndian32(bytes.count) + bytes }
        let otherInfo = lengthPrefixed(algorithmID) + lengthPrefixed(partyUInfo) + lengthPrefixed(partyVInfo) + bigEndian32(keyByteCount * 8)
        do {
            return try z.concatDerivedSymmetricKey(using: SHA256.self, otherInfo: otherInfo, outputByteCount: keyByteCount)
                .withUnsafeBytes { Array($0) }
        } catch {
            throw JWTError(.invalidKey("Concat KDF: \(error)"))
        }
    }

    static func bigEndian32(_ value: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }

    /// RFC 7518 §4.8.1.1: PBKDF2 with the algorithm's HMAC over the password, salt = UTF8(alg) ‖ 0x00 ‖ p2s.
    static func pbes2Key(password: [UInt8], algorithm: JWEKeyManagementAlgorithm, salt: [UInt8], count: Int) throws(JWTError) -> [UInt8] {
        let fullSalt = Array(algorithm.rawValue.utf8) + [0] + salt
        let length = algorithm.wrappingKeyByteCount ?? 16
        do {
            let key: SymmetricKey
            switch algorithm {
            case .pbes2HS384A192KW: key = try PBKDF2<SHA384>.deriveKey(fromPassword: password, salt: fullSalt, rounds: count, outputByteCount: length)
            case .pbes2HS512A256KW: key = try PBKDF2<SHA512>.deriveKey(fromPassword: password, salt: fullSalt, rounds: count, outputByteCount: length)
            default: key = try PBKDF2<SHA256>.deriveKey(fromPassword: password, salt: fullSalt, rounds: count, outputByteCount: length)
            }
            return key.withUnsafeBytes { Array($0) }
        } catch {
            throw JWTError(.invalidKey("PBKDF2: \(error)"))
        }
    }
}

extension AgreementPublicKey {
    /// The public JWK an "epk" carries: EC with crv, x and y, or OKP X25519 or X448 with x (RFC 8037 §2).
    var jwkNode: JSONNode {
        func ec(_ curve: String, _ raw: [UInt8]) -> JSONNode {
            let half = raw.count / 2
            return .object(JSONObject(names: ["kty", "crv", "x", "y"],
                                      values: [.string("EC"), .string(curve), .string(Base64URL.encode(raw[..<half])), .string(Base64URL.encode(raw[half...]))]))
        }
        switch self {
        case .p256(let key): return ec("P-256", key.rawRepresentation)
        case .p384(let key): return ec("P-384", key.rawRepresentation)
        case .p521(let key): return ec("P-521", key.rawRepresentation)
        case .x25519(let key):
            return .object(JSONObject(names: ["kty", "crv", "x"], values: [.string("OKP"), .string("X25519"), .string(Base64URL.encode(key.rawRepresentation))]))
        case .x448(let key):
            return .object(JSONObject(names: ["kty", "crv", "x"], values: [.string("OKP"), .string("X448"), .string(Base64URL.encode(key.rawRepresentation))]))
        }
    }

    /// From an "epk" JWK: the point validated on its curve (the invalid-curve attack on ECDH-ES).
    init(jwk object: JSONObject) throws(JWTError) {
        func member(_ name: String) throws(JWTError) -> String {
            guard case .string(let value)? = object[name] else {
                throw JWTError(.malformed(part: "header", detail: "\"epk\" needs a string \"\(name)\""))
            }
            return value
        }
        func bytes(_ name: String) throws(JWTError) -> [UInt8] {
            let text = try member(name)
            do { return try Base64URL.decode(text) } catch {
                throw JWTError(.malformed(part: "header", detail: "\"epk\" \"\(name)\" is not base64url"))
            }
        }
        let kty = try member("kty"), crv = try member("crv")
        do {
            switch (kty, crv) {
            case ("EC", "P-256"): self = .p256(try P256.KeyAgreement.PublicKey(rawRepresentation: try bytes("x") + bytes("y")))
            case ("EC", "P-384"): self = .p384(try P384.KeyAgreement.PublicKey(rawRepresentation: try bytes("x") + bytes("y")))
            case ("EC", "P-521"): self = .p521(try P521.KeyAgreement.PublicKey(rawRepresentation: try bytes("x") + bytes("y")))
            case ("OKP", "X25519"): self = .x25519(try Curve25519.KeyAgreement.PublicKey(rawRepresentation: try bytes("x")))
            case ("OKP", "X448"): self = .x448(try Curve448.KeyAgreement.PublicKey(rawRepresentation: try bytes("x")))
            default: throw JWTError(.malformed(part: "header", detail: "\"epk\" of kty \(kty) on \(crv) is not supported (EC P-256, P-384, P-521; OKP X25519, X448)"))
            }
        } catch let error as JWTError {
            throw error
        } catch {
            throw JWTError(.malformed(part: "header", detail: "\"epk\" is not a valid public key: \(error)"))
        }
    }
}

// JWE rows: PureJWT's JWEDecrypter/JWEEncrypter against the same steps done with swift-crypto's primitives
// (no Swift JWE library runs on Linux to compare with): the token split and its parts base64url-decoded
// with PureBase64 and the header decoded with PureJWT's StrictJSONDecoder on both sides, then ECDH and the
// Concat KDF, AES key unwrap, RSA-OAEP, and AES-256-GCM with swift-crypto. Each side first decrypts the
// other's token. 1 KiB of plaintext.

import Crypto
import _CryptoExtras
import Foundation
import PureBase64
import PureJWT
import PureP256
import PureRSA

enum JWEBenchmarks {
    static func comparisons() -> [Comparison] {
        let plaintext = (0..<1024).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        var rows: [Comparison] = []

        // ECDH-ES+A256KW with A256GCM on P-256.
        let ourKey = PureP256.P256.KeyAgreement.PrivateKey()
        let theirKey = try! Crypto.P256.KeyAgreement.PrivateKey(rawRepresentation: ourKey.rawRepresentation)
        let ourDecrypter = JWEDecrypter(keys: [try! .ecdh(ourKey)])
        let ourEncrypter = try! JWEEncrypter(key: try! .ecdh(ourKey.publicKey), encryption: .a256GCM)
        let ecdhToken = try! ourEncrypter.encrypt(plaintext)
        let theirECDHToken = try! PeerJWE.encryptECDH(plaintext, to: theirKey.publicKey)
        precondition(try! PeerJWE.decryptECDH(ecdhToken, with: theirKey) == plaintext, "swift-crypto steps must decrypt ours")
        precondition(try! ourDecrypter.decrypt(theirECDHToken).plaintext == plaintext, "we must decrypt the swift-crypto steps' token")
        rows.append(Comparison(name: "JWE ECDH-ES+A256KW A256GCM decrypt 1 KiB", peer: "swift-crypto steps",
                               ours: { UInt64(try! ourDecrypter.decrypt(ecdhToken).plaintext[0]) },
                               theirs: { UInt64(try! PeerJWE.decryptECDH(ecdhToken, with: theirKey)[0]) }, bytes: 1024))
        rows.append(Comparison(name: "JWE ECDH-ES+A256KW A256GCM encrypt 1 KiB", peer: "swift-crypto steps",
                               ours: { UInt64(try! ourEncrypter.encrypt(plaintext).utf8.count) },
                               theirs: { UInt64(try! PeerJWE.encryptECDH(plaintext, to: theirKey.publicKey).utf8.count) }, bytes: 1024))

        // RSA-OAEP-256 with A256GCM, RSA-2048.
        let rsa = try! PureRSA.RSA.Signing.PrivateKey(keySize: .bits2048)
        let ourRSA = PureRSA.RSA.Encryption.PrivateKey(rsa)
        let theirRSA = try! _RSA.Encryption.PrivateKey(pemRepresentation: rsa.pemRepresentation)
        let rsaDecrypter = JWEDecrypter(keys: [try! .rsa(ourRSA)])
        let rsaToken = try! JWEEncrypter(key: try! .rsa(ourRSA.publicKey), encryption: .a256GCM).encrypt(plaintext)
        precondition(try! PeerJWE.decryptRSA(rsaToken, with: theirRSA) == plaintext, "swift-crypto steps must decrypt ours (RSA)")
        rows.append(Comparison(name: "JWE RSA-OAEP-256 A256GCM decrypt 1 KiB", peer: "swift-crypto steps",
                               ours: { UInt64(try! rsaDecrypter.decrypt(rsaToken).plaintext[0]) },
                               theirs: { UInt64(try! PeerJWE.decryptRSA(rsaToken, with: theirRSA)[0]) }, bytes: 1024))

        // dir with A256GCM.
        let secret = (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 1) }
        let dirKey = try! JWEKey.symmetric(PureSHA2SymmetricKey(secret), algorithm: .direct)
        let dirDecrypter = JWEDecrypter(keys: [dirKey])
        let dirToken = try! JWEEncrypter(key: dirKey, encryption: .a256GCM).encrypt(plaintext)
        let theirSecret = Crypto.SymmetricKey(data: secret)
        precondition(try! PeerJWE.decryptDirect(dirToken, with: theirSecret) == plaintext, "swift-crypto steps must decrypt ours (dir)")
        rows.append(Comparison(name: "JWE dir A256GCM decrypt 1 KiB", peer: "swift-crypto steps",
                               ours: { UInt64(try! dirDecrypter.decrypt(dirToken).plaintext[0]) },
                               theirs: { UInt64(try! PeerJWE.decryptDirect(dirToken, with: theirSecret)[0]) }, bytes: 1024))
        return rows
    }
}

/// The JWE steps of RFC 7516/7518 on swift-crypto, for one algorithm each, as a library without a JWE type
/// would write them.
enum PeerJWE {
    struct Header: Decodable {
        let alg: String
        let enc: String
        let epk: EphemeralKey?
        struct EphemeralKey: Decodable { let kty: String, crv: String, x: String, y: String }
    }

    struct Parts {
        let headerPart: Substring
        let header: Header
        let encryptedKey: [UInt8], iv: [UInt8], ciphertext: [UInt8], tag: [UInt8]
    }

    static func parts(_ token: String) throws -> Parts {
        let pieces = token.split(separator: ".", omittingEmptySubsequences: false)
        guard pieces.count == 5 else { throw CryptoKitError.incorrectParameterSize }
        let header = try StrictJSONDecoder().decode(Header.self, from: try Base64URL.decode(pieces[0]))
        return Parts(headerPart: pieces[0], header: header, encryptedKey: try Base64URL.decode(pieces[1]),
                     iv: try Base64URL.decode(pieces[2]), ciphertext: try Base64URL.decode(pieces[3]), tag: try Base64URL.decode(pieces[4]))
    }

    static func open(_ parts: Parts, cek: Crypto.SymmetricKey) throws -> [UInt8] {
        let box = try AES.GCM.SealedBox(nonce: AES.GCM.Nonce(data: parts.iv), ciphertext: parts.ciphertext, tag: parts.tag)
        return Array(try AES.GCM.open(box, using: cek, authenticating: Array(parts.headerPart.utf8)))
    }

    /// RFC 7518 §4.6.2 for a 256-bit key: one SHA-256 block of counter 1 ‖ Z ‖ OtherInfo.
    static func concatKDF(_ secret: Crypto.SharedSecret, algorithm: String) -> Crypto.SymmetricKey {
        func lengthPrefixed(_ bytes: [UInt8]) -> [UInt8] { [0, 0, UInt8(bytes.count >> 8), UInt8(truncatingIfNeeded: bytes.count)] + bytes }
        var hash = Crypto.SHA256()
        hash.update(data: [0, 0, 0, 1])
        secret.withUnsafeBytes { hash.update(bufferPointer: $0) }
        hash.update(data: lengthPrefixed(Array(algorithm.utf8)) + lengthPrefixed([]) + lengthPrefixed([]) + [0, 0, 1, 0])
        return Crypto.SymmetricKey(data: Array(hash.finalize()))
    }

    static func decryptECDH(_ token: String, with key: Crypto.P256.KeyAgreement.PrivateKey) throws -> [UInt8] {
        let parts = try parts(token)
        guard parts.header.alg == "ECDH-ES+A256KW", parts.header.enc == "A256GCM", let epk = parts.header.epk, epk.crv == "P-256" else {
            throw CryptoKitError.incorrectParameterSize
        }
        let peer = try Crypto.P256.KeyAgreement.PublicKey(rawRepresentation: try Base64URL.decode(epk.x) + Base64URL.decode(epk.y))
        let kek = concatKDF(try key.sharedSecretFromKeyAgreement(with: peer), algorithm: "ECDH-ES+A256KW")
        return try open(parts, cek: try AES.KeyWrap.unwrap(parts.encryptedKey, using: kek))
    }

    static func decryptRSA(_ token: String, with key: _RSA.Encryption.PrivateKey) throws -> [UInt8] {
        let parts = try parts(token)
        guard parts.header.alg == "RSA-OAEP-256", parts.header.enc == "A256GCM" else { throw CryptoKitError.incorrectParameterSize }
        return try open(parts, cek: Crypto.SymmetricKey(data: try key.decrypt(parts.encryptedKey, padding: .PKCS1_OAEP_SHA256)))
    }

    static func decryptDirect(_ token: String, with key: Crypto.SymmetricKey) throws -> [UInt8] {
        let parts = try parts(token)
        guard parts.header.alg == "dir", parts.header.enc == "A256GCM" else { throw CryptoKitError.incorrectParameterSize }
        return try open(parts, cek: key)
    }

    static func encryptECDH(_ plaintext: [UInt8], to recipient: Crypto.P256.KeyAgreement.PublicKey) throws -> String {
        let ephemeral = Crypto.P256.KeyAgreement.PrivateKey()
        let kek = concatKDF(try ephemeral.sharedSecretFromKeyAgreement(with: recipient), algorithm: "ECDH-ES+A256KW")
        let cek = Crypto.SymmetricKey(size: .bits256)
        let wrapped = try AES.KeyWrap.wrap(cek, using: kek)
        let point = Array(ephemeral.publicKey.rawRepresentation)
        let header = #"{"alg":"ECDH-ES+A256KW","enc":"A256GCM","epk":{"kty":"EC","crv":"P-256","x":""#
            + Base64URL.encode(point[..<32]) + #"","y":""# + Base64URL.encode(point[32...]) + #""}}"#
        let headerPart = Base64URL.encode(Array(header.utf8))
        let box = try AES.GCM.seal(plaintext, using: cek, authenticating: Array(headerPart.utf8))
        return [headerPart, Base64URL.encode(Array(wrapped)), Base64URL.encode(Array(box.nonce)), Base64URL.encode(Array(box.ciphertext)),
                Base64URL.encode(Array(box.tag))].joined(separator: ".")
    }
}

// JWE compact serialization (RFC 7516 §7.1): BASE64URL(header) "." BASE64URL(encrypted key) "." BASE64URL(iv)
// "." BASE64URL(ciphertext) "." BASE64URL(tag), and the two objects that make and read it.
//
// Decryption order: the size limit; five strict base64url parts; the header (alg and enc implemented,
// accepted by the caller, crit refused); the key (by kid, then by the key's own algorithms); the CEK; the
// content, whose tag is checked before anything is returned; then decompression under its limit.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureBase64
import PureDeflate

/// A decrypted JWE: its header and plaintext.
public struct DecryptedJWE: Sendable {
    /// The protected header.
    public let header: JWEHeader
    /// The plaintext bytes (decompressed when the header said "zip": "DEF").
    public let plaintext: [UInt8]
}

/// Decrypts compact JWEs with a set of keys, under limits the caller may narrow.
public struct JWEDecrypter: Sendable {
    /// The decryption keys (private, shared or password keys), each with the algorithms it allows.
    public var keys: [JWEKey]
    /// The key-management algorithms accepted; by default every one implemented.
    public var keyManagementAlgorithms: Set<JWEKeyManagementAlgorithm> = Set(JWEKeyManagementAlgorithm.all)
    /// The content encryptions accepted; by default every one implemented.
    public var contentEncryptionAlgorithms: Set<JWEContentEncryptionAlgorithm> = Set(JWEContentEncryptionAlgorithm.all)
    /// The most PBKDF2 iterations a PBES2 token may ask for; a token asking more is refused before any work.
    public var maximumPBES2Count = 1_000_000
    /// The most bytes a compressed payload may decompress to.
    public var maximumDecompressedSize = 250_000
    /// The largest token accepted, in bytes, checked before anything is decoded.
    public var maximumTokenSize = 1_048_576

    /// A decrypter for these keys.
    public init(keys: [JWEKey]) { self.keys = keys }

    /// Decrypts a compact JWE.
    public func decrypt(_ token: String) throws(JWTError) -> DecryptedJWE {
        let size = token.utf8.count
        guard size <= maximumTokenSize else { throw JWTError(.tokenTooLarge(size: size, limit: maximumTokenSize)) }
        let parts = token.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 5 else {
            throw JWTError(.malformed(part: "token", detail: "a compact JWE has 5 parts separated by 4 dots; this has \(parts.count) parts"))
        }
        func decode(_ index: Int, _ name: String) throws(JWTError) -> [UInt8] {
            do { return try Base64URL.decode(ascii: parts[index]) } catch {
                throw JWTError(.malformed(part: name, detail: "\(error)"))
            }
        }
        guard !parts[0].isEmpty else { throw JWTError(.malformed(part: "header", detail: "empty")) }
        let header = try JWEHeader(json: try decode(0, "header"))
        guard keyManagementAlgorithms.contains(header.algorithm) else { throw JWTError(.unsupportedAlgorithm(header.algorithm.rawValue)) }
        guard contentEncryptionAlgorithms.contains(header.encryption) else { throw JWTError(.unsupportedEncryption(header.encryption.rawValue)) }
        let encryptedKey = try decode(1, "encrypted key"), iv = try decode(2, "iv")
        let ciphertext = try decode(3, "ciphertext"), tag = try decode(4, "tag")
        let aad = Array(parts[0])

        let candidates = keys.filter { ($0.keyID == nil || header.keyID == nil || $0.keyID == header.keyID) && $0.algorithms.contains(header.algorithm) }
        guard !candidates.isEmpty else {
            if let kid = header.keyID, !keys.contains(where: { $0.keyID == kid }) { throw JWTError(.keyNotFound(kid: kid)) }
            throw JWTError(.algorithmMismatch(header: header.algorithm.rawValue, key: Set(keys.flatMap { $0.algorithms.map(\.rawValue) }).sorted().joined(separator: ", ")))
        }
        var failure = JWTError(.decryptionFailed)
        for key in candidates {
            do {
                let cek = try key.decryptKey(algorithm: header.algorithm, encryption: header.encryption, encryptedKey: encryptedKey,
                                             header: header, maximumPBES2Count: maximumPBES2Count)
                let plaintext = try header.encryption.open(ciphertext, key: cek, iv: iv, tag: tag, aad: aad)
                return DecryptedJWE(header: header, plaintext: try decompressed(plaintext, header))
            } catch {
                // A malformed header or a refused limit is the token's fault whatever the key: report it.
                if error.reason != .decryptionFailed { throw error }
                failure = error
            }
        }
        throw failure
    }

    func decompressed(_ plaintext: [UInt8], _ header: JWEHeader) throws(JWTError) -> [UInt8] {
        guard header.isCompressed else { return plaintext }
        do { return try Inflate.decompress(plaintext, maximumOutputCount: maximumDecompressedSize) } catch {
            throw JWTError(.decompressionFailed(error.description))
        }
    }
}

/// Encrypts payloads into compact JWEs for one recipient key.
public struct JWEEncrypter: Sendable {
    /// The recipient's key (public, shared or password).
    public let key: JWEKey
    /// The key-management algorithm: one of the key's.
    public let keyManagementAlgorithm: JWEKeyManagementAlgorithm
    /// The content encryption.
    public let contentEncryptionAlgorithm: JWEContentEncryptionAlgorithm
    /// Compress the payload with DEFLATE first ("zip": "DEF"). Off by default: compressing a secret beside
    /// text an attacker chooses lets the ciphertext's length leak the secret (CRIME, BREACH).
    public var compresses = false
    /// "cty": "JWT" for a nested token.
    public var contentType: String?
    /// "typ", if any.
    public var type: String?
    /// "apu" and "apv" for ECDH-ES (RFC 7518 §4.6.1.2–3), raw bytes; empty: not sent.
    public var agreementPartyUInfo: [UInt8] = []
    /// See `agreementPartyUInfo`.
    public var agreementPartyVInfo: [UInt8] = []
    /// PBKDF2 iterations for PBES2 ("p2c"), at least 1,000. 200,000 by default: below joserfc's decryption
    /// cap (300,000) and ours (1,000,000); panva/jose refuses more than 10,000 unless its `maxPBES2Count` is
    /// raised. OWASP asks 600,000 for PBKDF2-HMAC-SHA256 passwords: a weak password stays weak.
    public var pbes2Count = 200_000

    /// An encrypter for `key` with `algorithm` (the key's first when nil) and `encryption`.
    public init(key: JWEKey, algorithm: JWEKeyManagementAlgorithm? = nil, encryption: JWEContentEncryptionAlgorithm) throws(JWTError) {
        let chosen = algorithm ?? key.algorithms[0]
        guard key.algorithms.contains(chosen) else {
            throw JWTError(.algorithmMismatch(header: chosen.rawValue, key: key.algorithms.map(\.rawValue).joined(separator: ", ")))
        }
        self.key = key
        keyManagementAlgorithm = chosen
        contentEncryptionAlgorithm = encryption
    }

    /// The compact JWE of `plaintext`.
    public func encrypt(_ plaintext: [UInt8]) throws(JWTError) -> String {
        let (cek, encryptedKey, members) = try key.encryptKey(
            algorithm: keyManagementAlgorithm, encryption: contentEncryptionAlgorithm,
            partyUInfo: agreementPartyUInfo, partyVInfo: agreementPartyVInfo, pbes2Count: pbes2Count)
        var names = ["alg", "enc"], values: [JSONNode] = [.string(keyManagementAlgorithm.rawValue), .string(contentEncryptionAlgorithm.rawValue)]
        if compresses { names.append("zip"); values.append(.string("DEF")) }
        if let keyID = key.keyID { names.append("kid"); values.append(.string(keyID)) }
        if let type { names.append("typ"); values.append(.string(type)) }
        if let contentType { names.append("cty"); values.append(.string(contentType)) }
        for member in members { names.append(member.name); values.append(member.value) }
        let headerPart = Base64URL.encodeToBytes(JSONNode.object(JSONObject(names: names, values: values)).jsonBytes)
        let payload = compresses ? Deflate.compress(plaintext) : plaintext
        let (iv, ciphertext, tag) = try contentEncryptionAlgorithm.seal(payload, key: cek, aad: headerPart)
        var token = headerPart
        for part in [encryptedKey, iv, ciphertext, tag] {
            token.append(UInt8(ascii: "."))
            token += Base64URL.encodeToBytes(part)
        }
        return String(decoding: token, as: UTF8.self)
    }
}

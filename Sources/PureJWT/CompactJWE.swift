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
    /// The "aad" member of a JSON serialization, decoded (the tag covers it); nil when absent and always
    /// for a compact JWE.
    public let additionalAuthenticatedData: [UInt8]?
}

/// What the content encryption opens: the same for every recipient.
struct JWEContent {
    let iv: [UInt8]
    let ciphertext: [UInt8]
    let tag: [UInt8]
    /// ASCII(BASE64URL(protected header)), and "." ‖ BASE64URL(aad) when a JSON serialization has "aad".
    let aad: [UInt8]
}

/// Decrypts JWEs — compact, or in a JSON serialization (JSONSerializedJWE.swift) — with a set of keys,
/// under limits the caller may narrow.
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
    /// The most recipients a JSON serialization may list, checked before any key is tried: each one may
    /// cost an RSA decryption or `maximumPBES2Count` iterations.
    public var maximumRecipientCount = 10

    /// A decrypter for these keys.
    public init(keys: [JWEKey]) { self.keys = keys }

    /// Decrypts a compact JWE.
    public func decrypt(_ token: String) throws(JWTError) -> DecryptedJWE {
        let size = token.utf8.count
        guard size <= maximumTokenSize else { throw JWTError(.tokenTooLarge(size: size, limit: maximumTokenSize)) }
        let parts = token.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 5 else {
            throw JWTError(.malformed(part: "token", detail: "a compact JWE has 5 parts separated by 4 dots; this has " + (parts.count == 1 ? "no dot" : parts.count == 3 ? "3 parts (a compact JWS: verify it, nothing is encrypted)" : "\(parts.count) parts")))
        }
        func decode(_ index: Int, _ name: String) throws(JWTError) -> [UInt8] {
            do { return try Base64URL.decode(ascii: parts[index]) } catch {
                throw JWTError(.malformed(part: name, detail: "\(error)"))
            }
        }
        guard !parts[0].isEmpty else { throw JWTError(.malformed(part: "header", detail: "empty")) }
        let header = try JWEHeader(json: try decode(0, "header"))
        let encryptedKey = try decode(1, "encrypted key"), iv = try decode(2, "iv")
        let ciphertext = try decode(3, "ciphertext"), tag = try decode(4, "tag")
        let content = JWEContent(iv: iv, ciphertext: ciphertext, tag: tag, aad: Array(parts[0]))
        guard let plaintext = try open(content, header: header, encryptedKey: encryptedKey) else {
            throw noKeyError(kid: header.keyID, algorithm: header.algorithm)
        }
        return DecryptedJWE(header: header, plaintext: plaintext, additionalAuthenticatedData: nil)
    }

    /// One recipient's share opened with each key that fits its "kid" and "alg" in turn: the plaintext,
    /// decompressed; nil when no key fits. Throws when the header's algorithms are not accepted, or the
    /// last key tried failed (`decryptionFailed` for anything that touched a secret).
    func open(_ content: JWEContent, header: JWEHeader, encryptedKey: [UInt8]) throws(JWTError) -> [UInt8]? {
        guard keyManagementAlgorithms.contains(header.algorithm) else {
            throw JWTError(.notAccepted(member: "alg", value: header.algorithm.rawValue,
                                        accepted: JWEKeyManagementAlgorithm.all.filter(keyManagementAlgorithms.contains).map(\.rawValue)))
        }
        guard contentEncryptionAlgorithms.contains(header.encryption) else {
            throw JWTError(.notAccepted(member: "enc", value: header.encryption.rawValue,
                                        accepted: JWEContentEncryptionAlgorithm.all.filter(contentEncryptionAlgorithms.contains).map(\.rawValue)))
        }
        let candidates = keys.filter { ($0.keyID == nil || header.keyID == nil || $0.keyID == header.keyID) && $0.algorithms.contains(header.algorithm) }
        guard !candidates.isEmpty else { return nil }
        var failure = JWTError(.decryptionFailed)
        for key in candidates {
            do {
                let cek = try key.decryptKey(algorithm: header.algorithm, encryption: header.encryption, encryptedKey: encryptedKey,
                                             header: header, maximumPBES2Count: maximumPBES2Count)
                let plaintext = try header.encryption.open(content.ciphertext, key: cek, iv: content.iv, tag: content.tag, aad: content.aad)
                return try decompressed(plaintext, header)
            } catch {
                // A malformed header or a refused limit is the token's fault whatever the key: report it.
                if error.reason != .decryptionFailed { throw error }
                failure = error
            }
        }
        throw failure
    }

    /// Why no key was tried: none has the token's "kid", or none allows its "alg".
    func noKeyError(kid: String?, algorithm: JWEKeyManagementAlgorithm) -> JWTError {
        if let kid, !keys.contains(where: { $0.keyID == kid }) { return JWTError(.keyNotFound(kid: kid)) }
        return JWTError(.algorithmMismatch(header: algorithm.rawValue, key: Set(keys.flatMap { $0.algorithms.map(\.rawValue) }).sorted().joined(separator: ", ")))
    }

    func decompressed(_ plaintext: [UInt8], _ header: JWEHeader) throws(JWTError) -> [UInt8] {
        guard header.isCompressed else { return plaintext }
        do { return try Inflate.decompress(plaintext, maximumOutputCount: maximumDecompressedSize) } catch {
            throw JWTError(.decompressionFailed(error.description))
        }
    }
}

/// Encrypts payloads for one recipient key into compact JWEs, or for one or more recipients into the JSON
/// serializations (JSONSerializedJWE.swift).
public struct JWEEncrypter: Sendable {
    /// A recipient: its key (public, shared or password) and the key-management algorithm used for it.
    public struct Recipient: Sendable {
        /// The recipient's key.
        public let key: JWEKey
        /// One of the key's algorithms.
        public let keyManagementAlgorithm: JWEKeyManagementAlgorithm

        /// A recipient for `key` with `algorithm` (the key's first when nil).
        public init(key: JWEKey, algorithm: JWEKeyManagementAlgorithm? = nil) throws(JWTError) {
            let chosen = algorithm ?? key.algorithms[0]
            guard key.algorithms.contains(chosen) else {
                throw JWTError(.algorithmMismatch(header: chosen.rawValue, key: key.algorithms.map(\.rawValue).joined(separator: ", ")))
            }
            self.key = key
            keyManagementAlgorithm = chosen
        }
    }

    /// The recipients, in the order a general JSON serialization lists them; never empty.
    public let recipients: [Recipient]
    /// The first recipient's key (the only one's, for the compact and flattened serializations).
    public var key: JWEKey { recipients[0].key }
    /// The first recipient's key-management algorithm.
    public var keyManagementAlgorithm: JWEKeyManagementAlgorithm { recipients[0].keyManagementAlgorithm }
    /// The content encryption.
    public let contentEncryptionAlgorithm: JWEContentEncryptionAlgorithm
    /// Compress the payload with DEFLATE first ("zip": "DEF"). Off by default: compressing a secret beside
    /// text an attacker chooses lets the ciphertext's length leak the secret (CRIME, BREACH).
    public var compresses = false
    /// "cty": "JWT" for a nested token.
    public var contentType: String?
    /// "typ", if any.
    public var type: String?
    /// More members for the protected header (a private "ver", "iss" for RFC 7519 §5.3 replication...).
    /// The names this encrypter writes itself cannot be set here: encrypting throws if one is.
    public var additionalHeaderMembers: [String: JSONValue] = [:]
    /// "apu" and "apv" for ECDH-ES (RFC 7518 §4.6.1.2–3), raw bytes; empty: not sent.
    public var agreementPartyUInfo: [UInt8] = []
    /// See `agreementPartyUInfo`.
    public var agreementPartyVInfo: [UInt8] = []
    /// PBKDF2 iterations for PBES2 ("p2c"), at least 1,000. 200,000 by default: below joserfc's decryption
    /// cap (300,000) and ours (1,000,000); panva/jose refuses more than 10,000 unless its `maxPBES2Count` is
    /// raised. OWASP asks 600,000 for PBKDF2-HMAC-SHA256 passwords: a weak password stays weak.
    public var pbes2Count = 200_000

    /// Known-answer tests only: values used in place of fresh random ones (see `JWEFixedValues`).
    var fixedValues: JWEFixedValues?

    /// The header members this encrypter writes itself.
    static let writtenMemberNames: Set<String> = ["alg", "enc", "zip", "kid", "typ", "cty", "crit", "epk", "apu", "apv", "iv", "tag", "p2s", "p2c"]

    /// An encrypter for `key` with `algorithm` (the key's first when nil) and `encryption`.
    public init(key: JWEKey, algorithm: JWEKeyManagementAlgorithm? = nil, encryption: JWEContentEncryptionAlgorithm) throws(JWTError) {
        recipients = [try Recipient(key: key, algorithm: algorithm)]
        contentEncryptionAlgorithm = encryption
    }

    /// An encrypter for several recipients, who all receive the same content key: for the general JSON
    /// serialization. `dir` and `ECDH-ES` (without key wrapping) decide the content key themselves, so a
    /// recipient using them must be the only one.
    public init(recipients: [Recipient], encryption: JWEContentEncryptionAlgorithm) throws(JWTError) {
        guard !recipients.isEmpty else { throw JWTError(.invalidEncryptionSettings("no recipients: give at least one")) }
        if recipients.count > 1, let direct = recipients.first(where: { [.direct, .ecdhES].contains($0.keyManagementAlgorithm) }) {
            throw JWTError(.invalidEncryptionSettings("\(direct.keyManagementAlgorithm) decides the content key itself, so it cannot share a token with other recipients; use a key-wrapping algorithm (A256KW, ECDH-ES+A256KW, RSA-OAEP-256...) for each"))
        }
        self.recipients = recipients
        contentEncryptionAlgorithm = encryption
    }

    /// The compact JWE of `plaintext` (one recipient).
    public func encrypt(_ plaintext: [UInt8]) throws(JWTError) -> String {
        let (protected, content, recipientShares) = try seal(plaintext, recipientHeadersProtected: true, additionalAuthenticatedData: nil)
        var token = protected
        for part in [recipientShares[0].encryptedKey, content.iv, content.ciphertext, content.tag] {
            token.append(UInt8(ascii: "."))
            token += Base64URL.encodeToBytes(part)
        }
        return String(decoding: token, as: UTF8.self)
    }

    /// One recipient's share of a sealed token: its encrypted key and unprotected header members.
    struct RecipientShare {
        let encryptedKey: [UInt8]
        let header: HeaderMembers
    }

    /// Encrypts `plaintext` once for every recipient. The protected header holds "enc", "zip", "typ",
    /// "cty" and the additional members, and — when `recipientHeadersProtected` (compact, flattened) — the
    /// recipient's "alg", "kid" and key-management members too; otherwise those go in the recipient's
    /// unprotected header. Returns ASCII(BASE64URL(protected header)), the content and the shares.
    func seal(_ plaintext: [UInt8], recipientHeadersProtected: Bool, additionalAuthenticatedData: [UInt8]?) throws(JWTError)
        -> (protected: [UInt8], content: JWEContent, shares: [RecipientShare]) {
        if recipientHeadersProtected, recipients.count > 1 {
            throw JWTError(.invalidEncryptionSettings("the compact and flattened serializations have one recipient, this encrypter \(recipients.count); use encryptGeneral"))
        }
        if let name = additionalHeaderMembers.keys.sorted().first(where: Self.writtenMemberNames.contains) {
            throw JWTError(.invalidEncryptionSettings("additionalHeaderMembers must not set \"\(name)\": the encrypter writes it (set the property or choose the algorithm instead)"))
        }
        // The first recipient's key management makes the CEK (dir and ECDH-ES: only that one recipient).
        var cek: [UInt8] = []
        var shares: [RecipientShare] = []
        for recipient in recipients {
            let made = try recipient.key.encryptKey(
                algorithm: recipient.keyManagementAlgorithm, encryption: contentEncryptionAlgorithm, cek: shares.isEmpty ? nil : cek,
                partyUInfo: agreementPartyUInfo, partyVInfo: agreementPartyVInfo, pbes2Count: pbes2Count, fixed: fixedValues)
            if shares.isEmpty { cek = made.cek }
            var header: HeaderMembers = [("alg", .string(recipient.keyManagementAlgorithm.rawValue))]
            if let keyID = recipient.key.keyID { header.append(("kid", .string(keyID))) }
            shares.append(RecipientShare(encryptedKey: made.encryptedKey, header: header + made.header))
        }
        // The writer sorts members by name, so the order they are added in does not matter.
        var protected = JSONObject()
        if recipientHeadersProtected {
            for member in shares[0].header { protected.append(member.name, member.value) }
            shares[0] = RecipientShare(encryptedKey: shares[0].encryptedKey, header: [])
        }
        protected.append("enc", .string(contentEncryptionAlgorithm.rawValue))
        if compresses { protected.append("zip", .string("DEF")) }
        if let type { protected.append("typ", .string(type)) }
        if let contentType { protected.append("cty", .string(contentType)) }
        for (name, value) in additionalHeaderMembers {
            do { protected.append(name, try JSONNodeEncoder.encode(value)) } catch {
                throw JWTError(.invalidEncryptionSettings("additionalHeaderMembers[\"\(name)\"]: \(error)"))
            }
        }
        let protectedPart = Base64URL.encodeToBytes(JSONNode.object(protected).jsonBytes)
        var aad = protectedPart
        if let additionalAuthenticatedData {
            aad.append(UInt8(ascii: "."))
            aad += Base64URL.encodeToBytes(additionalAuthenticatedData)
        }
        let payload = compresses ? Deflate.compress(plaintext) : plaintext
        let (iv, ciphertext, tag) = try contentEncryptionAlgorithm.seal(
            payload, key: cek, iv: fixedValues?.contentIV ?? randomBytes(contentEncryptionAlgorithm.ivByteCount), aad: aad)
        return (protectedPart, JWEContent(iv: iv, ciphertext: ciphertext, tag: tag, aad: aad), shares)
    }
}

// The JWE JSON serializations (RFC 7516 §7.2): the general one, for one or more recipients
//
//   {"protected": BASE64URL(protected header), "unprotected": {shared header},
//    "recipients": [{"header": {recipient's header}, "encrypted_key": BASE64URL(encrypted key)}, ...],
//    "aad": BASE64URL(aad), "iv": ..., "ciphertext": ..., "tag": ...}
//
// and the flattened one, for one recipient, with "header" and "encrypted_key" at the top instead of
// "recipients". Each recipient's JOSE header is the union of the three headers (their names disjoint);
// the content is encrypted once, with associated data ASCII(protected part) or ASCII(protected part "."
// aad part), the parts exactly as the token carries them.
//
// Decryption tries the recipients in order and returns the first that one of the keys opens; a recipient
// whose header this decrypter does not accept, or that no key fits, is passed over — it may be meant for
// someone else. Only when none opens is an error thrown: the last key's failure if a key was tried, else
// the first recipient's header error, else why no key fits. The recipient count is capped before any key
// is tried (each recipient may ask for an RSA decryption or up to `maximumPBES2Count` iterations).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureBase64

extension JWEDecrypter {
    /// Decrypts a JWE in the general or the flattened JSON serialization (not the compact one: a JSON text
    /// and a compact token are told apart by the caller, as an API taking one kind should).
    public func decrypt(jsonSerialization token: String) throws(JWTError) -> DecryptedJWE {
        let serialized = try SerializedJWE(try JSONObject(serialization: token, maximumSize: maximumTokenSize, kind: "JWE"))
        guard serialized.recipients.count <= maximumRecipientCount else {
            throw JWTError(.tooManyRecipients(count: serialized.recipients.count, limit: maximumRecipientCount))
        }
        var headerError: JWTError?, keyFailure: JWTError?, noKey: JWTError?
        for recipient in serialized.recipients {
            let header: JWEHeader
            do {
                header = try JWEHeader(protected: serialized.protectedHeader, shared: serialized.sharedHeader, recipient: recipient.header)
            } catch {
                headerError = headerError ?? error
                continue
            }
            do {
                guard let plaintext = try open(serialized.content, header: header, encryptedKey: recipient.encryptedKey) else {
                    noKey = noKey ?? noKeyError(kid: header.keyID, algorithm: header.algorithm)
                    continue
                }
                return DecryptedJWE(header: header, plaintext: plaintext, additionalAuthenticatedData: serialized.additionalAuthenticatedData)
            } catch {
                switch error.reason {
                case .unsupportedAlgorithm, .unsupportedEncryption, .notAccepted: headerError = headerError ?? error
                case .decompressionFailed: throw error  // the tag checked: the content itself is at fault
                default: keyFailure = error
                }
            }
        }
        throw keyFailure ?? headerError ?? noKey ?? JWTError(.decryptionFailed)
    }
}

/// A JSON serialization's members, decoded and checked for shape (not yet for meaning).
struct SerializedJWE {
    struct Recipient {
        let header: JSONObject?
        let encryptedKey: [UInt8]
    }

    let protectedHeader: [UInt8]?
    let sharedHeader: JSONObject?
    let recipients: [Recipient]
    let additionalAuthenticatedData: [UInt8]?
    let content: JWEContent

    init(_ object: JSONObject) throws(JWTError) {
        let protectedPart = try object.base64URLPart("protected")
        if let protectedPart, !protectedPart.isEmpty {
            do { protectedHeader = try Base64URL.decode(ascii: protectedPart) } catch {
                throw JWTError(.malformed(part: "protected", detail: "\(error)"))
            }
        } else {
            protectedHeader = nil
        }
        sharedHeader = try object.headerObject("unprotected")

        switch object["recipients"] {
        case nil:
            // Flattened (§7.2.2): the one recipient's members at the top.
            recipients = [Recipient(header: try object.headerObject("header"), encryptedKey: try object.base64URLBytes("encrypted_key") ?? [])]
        case .array(let list)?:
            guard object["header"] == nil, object["encrypted_key"] == nil else {
                throw JWTError(.malformed(part: "token", detail: "\"recipients\" and a top-level \"header\" or \"encrypted_key\" cannot both be present (RFC 7516 §7.2.2)"))
            }
            guard !list.isEmpty else { throw JWTError(.malformed(part: "recipients", detail: "empty: a JWE has at least one recipient")) }
            var read: [Recipient] = []
            for element in list {
                guard case .object(let entry) = element else {
                    throw JWTError(.malformed(part: "recipients", detail: "each recipient must be a JSON object, not \(element.kind)"))
                }
                read.append(Recipient(header: try entry.headerObject("header"), encryptedKey: try entry.base64URLBytes("encrypted_key") ?? []))
            }
            recipients = read
        case let other?:
            throw JWTError(.malformed(part: "recipients", detail: "must be an array, not \(other.kind)"))
        }

        guard let ciphertext = try object.base64URLBytes("ciphertext") else {
            throw JWTError(.malformed(part: "ciphertext", detail: "absent: a JWE JSON serialization needs \"ciphertext\""))
        }
        additionalAuthenticatedData = try object.base64URLBytes("aad")
        var aad = Array(protectedPart ?? Substring().utf8)
        if let aadPart = try object.base64URLPart("aad") {
            aad.append(UInt8(ascii: "."))
            aad += aadPart
        }
        content = JWEContent(iv: try object.base64URLBytes("iv") ?? [], ciphertext: ciphertext, tag: try object.base64URLBytes("tag") ?? [], aad: aad)
    }
}

extension JWEEncrypter {
    /// `plaintext` in the flattened JSON serialization (RFC 7516 §7.2.2), for the one recipient: every
    /// header member protected, as in the compact form; `additionalAuthenticatedData`, when given, is sent
    /// as "aad" and covered by the tag.
    public func encryptFlattened(_ plaintext: [UInt8], additionalAuthenticatedData: [UInt8]? = nil) throws(JWTError) -> String {
        let (protected, content, shares) = try seal(plaintext, recipientHeadersProtected: true, additionalAuthenticatedData: additionalAuthenticatedData)
        var members = JSONObject(names: ["protected"], values: [.string(String(decoding: protected, as: UTF8.self))])
        if !shares[0].encryptedKey.isEmpty { members.append("encrypted_key", .string(Base64URL.encode(shares[0].encryptedKey))) }
        members.appendContent(content, additionalAuthenticatedData: additionalAuthenticatedData)
        return String(decoding: JSONNode.object(members).jsonBytes, as: UTF8.self)
    }

    /// `plaintext` in the general JSON serialization (RFC 7516 §7.2.1), for every recipient: "enc", "zip",
    /// "typ", "cty" and the additional members protected and shared; each recipient's "alg", "kid" and
    /// key-management members ("epk", "iv", "p2s"...) in its own unprotected header, as RFC 7516 A.4 does
    /// (a recipient's key management authenticates itself: a changed "epk" or "p2s" gives another key,
    /// which the tag refuses).
    public func encryptGeneral(_ plaintext: [UInt8], additionalAuthenticatedData: [UInt8]? = nil) throws(JWTError) -> String {
        let (protected, content, shares) = try seal(plaintext, recipientHeadersProtected: false, additionalAuthenticatedData: additionalAuthenticatedData)
        var members = JSONObject(names: ["protected"], values: [.string(String(decoding: protected, as: UTF8.self))])
        let list: [JSONNode] = shares.map { share in
            var entry = JSONObject(names: ["header"], values: [.object(JSONObject(names: share.header.map(\.name), values: share.header.map(\.value)))])
            if !share.encryptedKey.isEmpty { entry.append("encrypted_key", .string(Base64URL.encode(share.encryptedKey))) }
            return .object(entry)
        }
        members.append("recipients", .array(list))
        members.appendContent(content, additionalAuthenticatedData: additionalAuthenticatedData)
        return String(decoding: JSONNode.object(members).jsonBytes, as: UTF8.self)
    }
}

extension JSONObject {
    /// Member `name` of a JSON serialization: a base64url string's ASCII bytes, as the JSON carries them
    /// (nil when absent).
    func base64URLPart(_ name: String) throws(JWTError) -> Substring.UTF8View? {
        switch self[name] {
        case nil: return nil
        case .string(let value)?: return Substring(value).utf8
        case let other?: throw JWTError(.malformed(part: name, detail: "must be a base64url string, not \(other.kind)"))
        }
    }

    /// Member `name` of a JSON serialization, decoded from base64url (nil when absent).
    func base64URLBytes(_ name: String) throws(JWTError) -> [UInt8]? {
        guard let value = try base64URLPart(name) else { return nil }
        do { return try Base64URL.decode(ascii: value) } catch { throw JWTError(.malformed(part: name, detail: "\(error)")) }
    }

    /// Member `name` of a JSON serialization as a JSON object: an unprotected header (nil when absent).
    func headerObject(_ name: String) throws(JWTError) -> JSONObject? {
        switch self[name] {
        case nil: return nil
        case .object(let header)?: return header
        case let other?: throw JWTError(.malformed(part: name, detail: "must be a JSON object, not \(other.kind)"))
        }
    }

    /// The top-level object of a JWE or JWS JSON serialization: the size checked before any parsing.
    init(serialization text: String, maximumSize: Int, kind: String) throws(JWTError) {
        let size = text.utf8.count
        guard size <= maximumSize else { throw JWTError(.tokenTooLarge(size: size, limit: maximumSize)) }
        do { self = try JSONNode.parseObject(Array(text.utf8)) } catch {
            throw JWTError(.malformed(part: "token", detail: "not a \(kind) JSON serialization: \(error.message) at byte \(error.offset)"))
        }
    }

    mutating func append(_ name: String, _ value: JSONNode) {
        names.append(name)
        values.append(value)
    }

    /// "aad" (when given), "iv", "ciphertext" and "tag" (the writer sorts members by name).
    mutating func appendContent(_ content: JWEContent, additionalAuthenticatedData: [UInt8]?) {
        if let additionalAuthenticatedData { append("aad", .string(Base64URL.encode(additionalAuthenticatedData))) }
        append("iv", .string(Base64URL.encode(content.iv)))
        append("ciphertext", .string(Base64URL.encode(content.ciphertext)))
        append("tag", .string(Base64URL.encode(content.tag)))
    }
}

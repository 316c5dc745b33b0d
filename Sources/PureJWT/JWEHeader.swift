// The JWE protected header (RFC 7516 §4): "alg" and "enc" typed, the key-management parameters read on
// demand, every member kept. "jku", "jwk", "x5u" and "x5c" are never used to find a key (a token must not
// choose the key that decrypts it).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureBase64

/// A JWE's protected header: the algorithms, and what the token says about itself.
public struct JWEHeader: Sendable {
    /// "alg": the key-management algorithm.
    public let algorithm: JWEKeyManagementAlgorithm
    /// "enc": the content-encryption algorithm.
    public let encryption: JWEContentEncryptionAlgorithm
    /// "kid", if present.
    public let keyID: String?
    /// "typ", if present.
    public let type: String?
    /// "cty", if present: "JWT" for a nested token (RFC 7519 §5.2).
    public let contentType: String?
    /// Whether "zip" is "DEF": the plaintext was compressed before encryption.
    public let isCompressed: Bool
    /// The protected header's JSON text, as the token carries it (its base64url form is the content
    /// encryption's associated data); empty when a JSON serialization has no protected header.
    public let json: String
    /// The members above that came from an unprotected header of a JSON serialization (the shared
    /// "unprotected" one or the recipient's "header"), in their order there: no tag covers them. Always
    /// empty for a compact JWE.
    public let unprotectedMemberNames: [String]

    let object: JSONObject

    /// Reads and checks a compact JWE's decoded header (every member protected).
    init(json bytes: [UInt8]) throws(JWTError) {
        try self.init(protected: bytes, shared: nil, recipient: nil)
    }

    /// Reads and checks the JOSE header of one recipient (RFC 7516 §7.2.1): the union of the protected
    /// header (decoded bytes, nil when absent), the shared unprotected header and the recipient's own,
    /// whose member names must be disjoint. "alg" and "enc" implemented (RSA1_5 refused by name), "zip"
    /// absent or "DEF" and protected (§4.1.3), "crit" refused (no extension is understood).
    init(protected bytes: [UInt8]?, shared: JSONObject?, recipient: JSONObject?) throws(JWTError) {
        var object = JSONObject()
        if let bytes {
            do { object = try JSONNode.parseObject(bytes) } catch {
                throw JWTError(.malformed(part: "header", detail: "not a JSON object: \(error.message) at byte \(error.offset)"))
            }
        }
        var unprotected: [String] = []
        for (part, name) in [(shared, "unprotected"), (recipient, "per-recipient")] {
            guard let part else { continue }
            for (member, value) in zip(part.names, part.values) {
                guard object[member] == nil else {
                    throw JWTError(.malformed(part: "header", detail: "\"\(member)\" appears in two of the protected, shared and per-recipient headers (RFC 7516 §7.2.1)"))
                }
                guard member != "zip", member != "crit" else {
                    throw JWTError(.malformed(part: "header", detail: "\"\(member)\" must be in the protected header, not the \(name) one"))
                }
                object.names.append(member)
                object.values.append(value)
                unprotected.append(member)
            }
        }
        func string(_ name: String) throws(JWTError) -> String? { try object.headerString(name) }
        guard let alg = try string("alg") else { throw JWTError(.malformed(part: "header", detail: "no \"alg\"")) }
        if alg == "RSA1_5" {
            throw JWTError(.refusedAlgorithm(name: alg, reason: "RSAES-PKCS1-v1_5 key transport is open to Bleichenbacher's padding-oracle attack (RFC 7516 §11.5, RFC 8017 §7.2); encrypt with RSA-OAEP-256"))
        }
        if alg.lowercased() == "none" { throw JWTError(.algorithmNone) }
        guard let knownAlgorithm = JWEKeyManagementAlgorithm(rawValue: alg) else { throw JWTError(.unsupportedAlgorithm(alg)) }
        guard let enc = try string("enc") else { throw JWTError(.malformed(part: "header", detail: "no \"enc\"")) }
        guard let knownEncryption = JWEContentEncryptionAlgorithm(rawValue: enc) else { throw JWTError(.unsupportedEncryption(enc)) }
        let kid = try string("kid"), typ = try string("typ"), cty = try string("cty")
        let compressed: Bool
        switch try string("zip") {
        case nil: compressed = false
        case "DEF"?: compressed = true
        case let other?: throw JWTError(.malformed(part: "header", detail: "\"zip\" \"\(other)\" is not supported (\"DEF\" is)"))
        }
        switch object["crit"] {
        case nil: break
        case .array(let names)?:
            let listed = names.compactMap { node -> String? in if case .string(let name) = node { return name } else { return nil } }
            throw JWTError(.unsupportedCriticalHeader(listed))
        default: throw JWTError(.malformed(part: "header", detail: "\"crit\" must be an array of strings"))
        }
        (algorithm, encryption, keyID, type, contentType, isCompressed) = (knownAlgorithm, knownEncryption, kid, typ, cty, compressed)
        json = bytes.map { String(decoding: $0, as: UTF8.self) } ?? ""
        unprotectedMemberNames = unprotected
        self.object = object
    }

    /// Any member of the header (protected or not; see `unprotectedMemberNames`) as JSON, nil when absent:
    /// the private members a sender adds ("iss" replicated per RFC 7519 §5.3, a "ver"...).
    public func member(_ name: String) -> JSONValue? {
        object[name].flatMap { try? JSONValue($0, codingPath: []) }
    }

    /// A base64url member's bytes ("iv", "tag", "p2s"); throws when absent or not base64url.
    func bytes(_ name: String) throws(JWTError) -> [UInt8] {
        guard case .string(let text)? = object[name] else {
            throw JWTError(.malformed(part: "header", detail: "\(algorithm) needs a base64url \"\(name)\""))
        }
        do { return try Base64URL.decode(text) } catch {
            throw JWTError(.malformed(part: "header", detail: "\"\(name)\" is not base64url: \(error)"))
        }
    }

    /// A base64url member's bytes, empty when absent ("apu", "apv").
    func optionalBytes(_ name: String) throws(JWTError) -> [UInt8] {
        object[name] == nil ? [] : try bytes(name)
    }

    /// "p2c": a positive integer.
    func pbes2Count() throws(JWTError) -> Int {
        guard case .number(let text)? = object["p2c"], let count = Int(text), count >= 1 else {
            throw JWTError(.malformed(part: "header", detail: "\"p2c\" must be a positive integer"))
        }
        return count
    }

    /// "epk": the sender's ephemeral public key, validated on its curve.
    func ephemeralPublicKey() throws(JWTError) -> AgreementPublicKey {
        guard case .object(let jwk)? = object["epk"] else {
            throw JWTError(.malformed(part: "header", detail: "\(algorithm) needs an \"epk\" object"))
        }
        return try AgreementPublicKey(jwk: jwk)
    }
}

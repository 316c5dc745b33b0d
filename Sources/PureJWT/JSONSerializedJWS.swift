// The JWS JSON serializations (RFC 7515 §7.2): the general one, for one or more signatures over one payload
//
//   {"payload": BASE64URL(payload),
//    "signatures": [{"protected": BASE64URL(protected header), "header": {unprotected header},
//                    "signature": BASE64URL(signature)}, ...]}
//
// and the flattened one, for one signature, with "protected", "header" and "signature" at the top instead
// of "signatures". Each signature's JOSE header is the union of its protected and unprotected headers, whose
// member names must be disjoint, and it signs ASCII(protected part "." payload part), the parts exactly as
// the JSON carries them. ACME (RFC 8555 §6.2) sends every request as a flattened JWS.
//
// Verification is the compact form's for each signature — size, header rules, the key by "kid" or by
// algorithm, the key's algorithms, the signature — with one rule more: "alg", "crit" and "b64" must be in
// the protected header. RFC 7515 lets "alg" go unprotected; this library reads no algorithm the signature
// does not cover. The signatures are tried in order and the first that one of the keys verifies is returned
// with its index; a signature that names no key here is passed over (it may be another party's). Only when
// none verifies is an error thrown: the first failure of a key that was tried, else the first header
// error, else why no key fits. The signature count is capped before any signature is checked.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureBase64

/// A JWS in a JSON serialization whose signature one of the verifier's keys checked.
public struct VerifiedJWS: Sendable {
    /// The JOSE header of the signature that verified: its protected members and its unprotected ones.
    public let header: JWTHeader
    /// The names of `header`'s members that came from the unprotected header ("header"): the signature
    /// does not cover them. Empty when everything was protected.
    public let unprotectedMemberNames: [String]
    /// The payload.
    public let payload: [UInt8]
    /// Which signature verified: its index in "signatures" (0 for the flattened serialization).
    public let signatureIndex: Int
}

extension JWTVerifier {
    /// Verifies a JWS in the general or the flattened JSON serialization (RFC 7515 §7.2) and returns its
    /// payload with the header of the signature that verified. No claim is read: a JWT travels in the
    /// compact serialization (`verify(_:as:validation:)`), and JSON-serialized JWS carry other payloads
    /// (ACME requests, signed documents). At most `maximumSignatureCount` signatures are accepted.
    public func verifiedJSONSerialization(_ json: String) throws(JWTError) -> VerifiedJWS {
        let serialized = try SerializedJWS(try JSONObject(serialization: json, maximumSize: maximumTokenSize, kind: "JWS"))
        guard serialized.signatures.count <= maximumSignatureCount else {
            throw JWTError(.tooManySignatures(count: serialized.signatures.count, limit: maximumSignatureCount))
        }
        var keyFailure: JWTError?, headerError: JWTError?, noKey: JWTError?
        for (index, entry) in serialized.signatures.enumerated() {
            let header: JWTHeader, unprotectedNames: [String], algorithm: JWTAlgorithm
            do {
                (header, unprotectedNames) = try entry.joseHeader()
                try header.validate()
                algorithm = try JWTAlgorithm.fromHeader(header.alg)
            } catch {
                headerError = headerError ?? error
                continue
            }
            var foundCandidate = false
            let signingInput = serialized.signingInput(of: entry)
            for key in keys where header.kid.map({ key.keyID == $0 }) ?? key.allows(algorithm) {
                foundCandidate = true
                guard key.allows(algorithm) else {
                    keyFailure = keyFailure ?? JWTError(.algorithmMismatch(header: header.alg, key: key.algorithmNames))
                    continue
                }
                do {
                    if try key.verify(signature: entry.signature, signingInput: signingInput[...], algorithm: algorithm) {
                        return VerifiedJWS(header: header, unprotectedMemberNames: unprotectedNames, payload: serialized.payload,
                                           signatureIndex: index)
                    }
                    keyFailure = keyFailure ?? JWTError(.invalidSignature)
                } catch {
                    keyFailure = keyFailure ?? error
                }
            }
            if !foundCandidate { noKey = noKey ?? JWTError(.keyNotFound(kid: header.kid)) }
        }
        throw keyFailure ?? headerError ?? noKey ?? JWTError(.invalidSignature)
    }
}

/// A JSON serialization's members, decoded and checked for shape (not yet for meaning).
struct SerializedJWS {
    struct Signature {
        /// The "protected" member as the JSON carries it (empty when absent).
        let protectedPart: [UInt8]
        let unprotectedHeader: JSONObject?
        let signature: [UInt8]

        /// The union of the protected and unprotected headers, and the names that came unprotected.
        func joseHeader() throws(JWTError) -> (JWTHeader, [String]) {
            var object = JSONObject()
            if !protectedPart.isEmpty {
                let bytes: [UInt8]
                do { bytes = try Base64URL.decode(ascii: protectedPart) } catch {
                    throw JWTError(.malformed(part: "protected", detail: "\(error)"))
                }
                do { object = try JSONNode.parseObject(bytes) } catch {
                    throw JWTError(.malformed(part: "header", detail: "not a JSON object: \(error.message) at byte \(error.offset)"))
                }
            }
            var unprotected: [String] = []
            if let unprotectedHeader {
                for (name, value) in zip(unprotectedHeader.names, unprotectedHeader.values) {
                    guard object[name] == nil else {
                        throw JWTError(.malformed(part: "header", detail: "\"\(name)\" is in both the protected and the unprotected header (RFC 7515 §7.2.1)"))
                    }
                    guard !SerializedJWS.protectedOnly.contains(name) else {
                        throw JWTError(.malformed(part: "header", detail: "\"\(name)\" must be in the protected header, which the signature covers, not in \"header\""))
                    }
                    object.append(name, value)
                    unprotected.append(name)
                }
            }
            return (try JWTHeader(object: object), unprotected)
        }
    }

    /// Members a signature must cover: the algorithm, and what changes how the rest is read.
    static let protectedOnly: Set<String> = ["alg", "crit", "b64"]

    /// The "payload" member as the JSON carries it, and decoded.
    let payloadPart: [UInt8]
    let payload: [UInt8]
    let signatures: [Signature]

    init(_ object: JSONObject) throws(JWTError) {
        func signature(in entry: JSONObject) throws(JWTError) -> Signature {
            guard let signature = try entry.base64URLBytes("signature") else {
                throw JWTError(.malformed(part: "signature", detail: "absent: each signature needs \"signature\""))
            }
            return Signature(protectedPart: Array(try entry.base64URLPart("protected") ?? Substring().utf8),
                             unprotectedHeader: try entry.headerObject("header"), signature: signature)
        }

        guard let payloadPart = try object.base64URLPart("payload"), let payload = try object.base64URLBytes("payload") else {
            throw JWTError(.malformed(part: "payload", detail: "absent: detached payloads (RFC 7515 Appendix F) are not supported"))
        }
        self.payloadPart = Array(payloadPart)
        self.payload = payload
        switch object["signatures"] {
        case nil:
            // Flattened (§7.2.2): the one signature's members at the top.
            signatures = [try signature(in: object)]
        case .array(let list)?:
            guard object["protected"] == nil, object["header"] == nil, object["signature"] == nil else {
                throw JWTError(.malformed(part: "token", detail: "\"signatures\" and a top-level \"protected\", \"header\" or \"signature\" cannot both be present (RFC 7515 §7.2.2)"))
            }
            guard !list.isEmpty else { throw JWTError(.malformed(part: "signatures", detail: "empty: a JWS has at least one signature")) }
            var read: [Signature] = []
            for element in list {
                guard case .object(let entry) = element else {
                    throw JWTError(.malformed(part: "signatures", detail: "each signature must be a JSON object, not \(element.kind)"))
                }
                read.append(try signature(in: entry))
            }
            signatures = read
        case let other?:
            throw JWTError(.malformed(part: "signatures", detail: "must be an array, not \(other.kind)"))
        }
    }

    /// ASCII(protected part "." payload part).
    func signingInput(of entry: Signature) -> [UInt8] {
        entry.protectedPart + [UInt8(ascii: ".")] + payloadPart
    }
}

extension JWTVerifier {
    /// For the `jwt` tool, which signs JWT claims in the JSON serializations too: `verifiedJSONSerialization`,
    /// then the payload's registered claims validated as `verifiedJWT` does; with the JSON of the header
    /// that verified.
    package func verifiedJSONSerializedClaims(_ json: String, validation: JWTValidation) throws(JWTError) -> (jws: VerifiedJWS, headerJSON: [UInt8]) {
        let jws = try verifiedJSONSerialization(json)
        _ = try Self.validatedClaims(jws.payload, validation: validation)
        return (jws, try jws.header.jsonBytes())
    }

    /// For the `jwt` tool, which tries its one key without a kid under each kid a serialization names: the
    /// signatures' "kid"s, protected or not, in order and once each, read by the verifier's own parser and
    /// limits (size, signature count) without checking anything else; none when `json` is not a JWS JSON
    /// serialization.
    package func unverifiedKeyIDs(ofJSONSerialization json: String) -> [String] {
        guard let serialized = try? SerializedJWS(try JSONObject(serialization: json, maximumSize: maximumTokenSize, kind: "JWS")),
              serialized.signatures.count <= maximumSignatureCount else { return [] }
        var keyIDs: [String] = []
        for entry in serialized.signatures {
            if let kid = (try? entry.joseHeader())?.0.kid, !keyIDs.contains(kid) { keyIDs.append(kid) }
        }
        return keyIDs
    }
}

extension JWTSigner {
    /// `payload` signed in the flattened JSON serialization (RFC 7515 §7.2.2). The protected header is
    /// `header`, or {"alg": the key's algorithm}; the key's ID, when the protected header names none, goes
    /// in the unprotected header as "kid" (as RFC 7515 A.7 does), beside `unprotectedHeader`'s members,
    /// which the signature does not cover and which may not be "alg", "crit", "b64" or a protected name.
    public func signFlattened(payload: [UInt8], header: JWTHeader? = nil, unprotectedHeader: [String: JSONValue] = [:]) throws(JWTError) -> String {
        let payloadPart = Base64URL.encode(payload)
        var members = try signatureMembers(payloadPart: payloadPart, header: header, unprotectedHeader: unprotectedHeader)
        members.append("payload", .string(payloadPart))
        return String(decoding: JSONNode.object(members).jsonBytes, as: UTF8.self)
    }

    /// `payload` signed by each of `signers` in the general JSON serialization (RFC 7515 §7.2.1), in their
    /// order: each signature's protected header {"alg": its key's algorithm} and its key's ID as "kid" in
    /// its unprotected header, as RFC 7515 A.6 does. Throws when `signers` is empty or a key cannot sign.
    public static func signGeneral(payload: [UInt8], signers: [JWTSigner]) throws(JWTError) -> String {
        guard !signers.isEmpty else {
            throw JWTError(.malformed(part: "signatures", detail: "no signer given: a JWS has at least one signature"))
        }
        let payloadPart = Base64URL.encode(payload)
        var list: [JSONNode] = []
        for signer in signers {
            list.append(.object(try signer.signatureMembers(payloadPart: payloadPart, header: nil, unprotectedHeader: [:])))
        }
        let members = JSONObject(names: ["payload", "signatures"], values: [.string(payloadPart), .array(list)])
        return String(decoding: JSONNode.object(members).jsonBytes, as: UTF8.self)
    }

    /// {"protected", "header" (when not empty), "signature"} of one signature over `payloadPart`.
    private func signatureMembers(payloadPart: String, header: JWTHeader?, unprotectedHeader: [String: JSONValue]) throws(JWTError) -> JSONObject {
        let protected = header ?? JWTHeader(alg: key.algorithm.rawValue, typ: nil)
        guard let algorithm = JWTAlgorithm(rawValue: protected.alg), key.allows(algorithm) else {
            throw JWTError(.algorithmMismatch(header: protected.alg, key: key.algorithmNames))
        }
        var unprotected = unprotectedHeader
        if protected.kid == nil, unprotected["kid"] == nil, let keyID = key.keyID { unprotected["kid"] = .string(keyID) }
        var unprotectedObject = JSONObject()
        for (name, value) in unprotected.sorted(by: { $0.key < $1.key }) {
            if SerializedJWS.protectedOnly.contains(name) {
                throw JWTError(.malformed(part: "header", detail: "\"\(name)\" cannot be in the unprotected header: the signature must cover it"))
            }
            if protected.memberNames.contains(name) {
                throw JWTError(.malformed(part: "header", detail: "\"\(name)\" is in the protected header already; a name may be in only one of the two (RFC 7515 §7.2.1)"))
            }
            do { unprotectedObject.append(name, try value.node()) } catch {
                throw JWTError(.malformed(part: "header", detail: "\"\(name)\": \(error)"))
            }
        }
        var signingInput: [UInt8] = []
        Base64URL.append(try protected.jsonBytes(), to: &signingInput)
        let protectedPart = String(decoding: signingInput, as: UTF8.self)
        signingInput.append(UInt8(ascii: "."))
        signingInput += payloadPart.utf8
        let signature = try key.sign(signingInput, algorithm: algorithm)
        var members = JSONObject(names: ["protected", "signature"], values: [.string(protectedPart), .string(Base64URL.encode(signature))])
        if !unprotectedObject.names.isEmpty { members.append("header", .object(unprotectedObject)) }
        return members
    }
}

// JWS compact serialization (RFC 7515 §7.1): BASE64URL(header) "." BASE64URL(payload) "." BASE64URL(signature).
//
// Accepted layout: exactly two dots; header and signature parts non-empty; every part strict base64url
// (no padding, no whitespace, canonical trailing bits — see PureBase64). The size limit is checked before
// anything is decoded. Parts are views into the token's bytes; only the decoded header, payload and
// signature are new arrays.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureBase64

/// A parsed compact JWS whose signature has not been checked yet.
struct CompactJWS {
    /// The token's bytes.
    let token: [UInt8]
    /// BASE64URL(header) "." BASE64URL(payload): what the signature covers.
    let signingInput: ArraySlice<UInt8>
    let header: JWTHeader
    let payload: [UInt8]
    let signature: [UInt8]

    init(_ text: String, maximumSize: Int) throws(JWTError) {
        let size = text.utf8.count
        guard size <= maximumSize else { throw JWTError(.tokenTooLarge(size: size, limit: maximumSize)) }
        let bytes = Array(text.utf8)
        token = bytes
        // The positions of the first two dots, and how many there are (no array of positions).
        var dots = (0, 0)
        var dotCount = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: ".") {
            if dotCount == 0 { dots.0 = index } else if dotCount == 1 { dots.1 = index }
            dotCount += 1
        }
        guard dotCount == 2 else {
            throw JWTError(.malformed(part: "token", detail: "a compact JWS has 3 parts separated by 2 dots; this has \(dotCount + 1) parts"))
        }
        let headerPart = bytes[..<dots.0]
        let payloadPart = bytes[(dots.0 + 1)..<dots.1]
        let signaturePart = bytes[(dots.1 + 1)...]
        guard !headerPart.isEmpty else { throw JWTError(.malformed(part: "header", detail: "empty")) }
        guard !signaturePart.isEmpty else { throw JWTError(.malformed(part: "signature", detail: "empty: the token is unsigned")) }
        signingInput = bytes[..<dots.1]

        func decode(_ part: ArraySlice<UInt8>, _ name: String) throws(JWTError) -> [UInt8] {
            do { return try Base64URL.decode(ascii: part) } catch {
                throw JWTError(.malformed(part: name, detail: "\(error)"))
            }
        }
        let headerBytes = try decode(headerPart, "header")
        let object: JSONObject
        do { object = try JSONNode.parseObject(headerBytes) } catch {
            throw JWTError(.malformed(part: "header", detail: "not a JSON object: \(error.message) at byte \(error.offset)"))
        }
        header = try JWTHeader(object: object)
        payload = try decode(payloadPart, "payload")
        signature = try decode(signaturePart, "signature")
    }
}

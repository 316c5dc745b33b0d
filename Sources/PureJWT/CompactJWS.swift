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
        let (dotCount, firstDot, secondDot) = bytes.withUnsafeBytes(Self.findDots)
        let dots = (firstDot, secondDot)
        guard dotCount == 2 else {
            let found = dotCount == 0 ? "no dot" : dotCount == 4 ? "5 parts (a compact JWE: decrypt it first)" : "\(dotCount + 1) parts"
            // A JSON serialization starts with "{" (its base64url parts cannot).
            let json = bytes.first == UInt8(ascii: "{") ? " and is JSON: a JWT is compact; a JWS JSON serialization (RFC 7515 §7.2) is read by JWTVerifier.verifiedJSONSerialization" : ""
            throw JWTError(.malformed(part: "token", detail: "a compact JWS has 3 parts separated by 2 dots; this has " + found + json))
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

    /// How many "." bytes `bytes` holds, and the offsets of the first two (0 where absent).
    ///
    /// Eight bytes at a time: a token is mostly base64url, and a byte-by-byte loop over a ~700-byte
    /// Apple identity token took ~3% of an RS256 verification. For each byte b of a word, with
    /// x = b ⊕ 0x2E, ((x ∧ 0x7F) + 0x7F) ∨ x has its top bit clear exactly when x = 0 (the sum stays
    /// inside the byte, so no byte disturbs its neighbour and every flag is exact).
    static func findDots(_ bytes: UnsafeRawBufferPointer) -> (count: Int, first: Int, second: Int) {
        var count = 0, first = 0, second = 0
        @inline(__always) func record(_ offset: Int) {
            if count == 0 { first = offset } else if count == 1 { second = offset }
            count &+= 1
        }
        let lowSevenBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let dots: UInt64 = 0x2E2E_2E2E_2E2E_2E2E
        var offset = 0
        while offset &+ 8 <= bytes.count {
            let x = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) ^ dots
            var flags = ~(((x & lowSevenBits) &+ lowSevenBits) | x) & ~lowSevenBits
            while flags != 0 {
                record(offset &+ flags.trailingZeroBitCount >> 3)
                flags &= flags &- 1
            }
            offset &+= 8
        }
        while offset < bytes.count {
            if bytes[offset] == UInt8(ascii: ".") { record(offset) }
            offset &+= 1
        }
        return (count, first, second)
    }
}

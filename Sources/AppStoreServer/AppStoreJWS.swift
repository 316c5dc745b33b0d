// The compact JWS Apple signs App Store data with (RFC 7515 §7.1): BASE64URL(header) "." BASE64URL(payload)
// "." BASE64URL(signature), the header JSON `{"alg":"ES256","x5c":[leaf, intermediate, root]}` (Apple's
// library mock data adds "typ":"JWT"), x5c entries standard base64 DER (RFC 7515 §4.1.6), the signature
// 64 bytes r ‖ s (RFC 7518 §3.4). Parsed strictly: base64url without padding or stray characters, JSON by
// PureJWT's strict parser (duplicate members refused).

import PureBase64
import PureJWT

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct AppStoreJWS {
    struct Header: Decodable {
        let alg: String?
        let x5c: [String]?
    }

    /// The largest token accepted: notifications with their nested transaction and renewal info are
    /// about 15 KB; 256 KB leaves room and bounds the work a hostile body can cause.
    static let maximumSize = 256 * 1024

    let header: Header
    let signingInput: [UInt8]
    let payload: [UInt8]
    let signature: [UInt8]

    init(_ token: String) throws(AppStoreVerificationError) {
        let bytes = Array(token.utf8)
        guard bytes.count <= Self.maximumSize else {
            throw AppStoreVerificationError(.malformedJWS, detail: "\(bytes.count) bytes, over the limit of \(Self.maximumSize)")
        }
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw AppStoreVerificationError(.malformedJWS, detail: "\(parts.count) parts instead of 3") }
        do {
            let headerBytes = try Base64URL.decode(ascii: parts[0])
            header = try StrictJSONDecoder().decode(Header.self, from: headerBytes)
            payload = try Base64URL.decode(ascii: parts[1])
            signature = try Base64URL.decode(ascii: parts[2])
        } catch {
            throw AppStoreVerificationError(.malformedJWS, detail: "\(error)")
        }
        signingInput = Array(bytes[..<parts[1].endIndex])
    }

    /// The payload's `signedDate`, read before verification only to choose the time the certificates are
    /// checked at (the signature covers it; nothing else is trusted before it verifies).
    /// An app transaction has no signedDate: its receiptCreationDate is the time Apple checks it at.
    func signedDate() -> Date? {
        struct Probe: Decodable {
            @MillisecondsSince1970 var signedDate: Date?
            @MillisecondsSince1970 var receiptCreationDate: Date?
            let data: NestedData?
            struct NestedData: Decodable { let signedTransactionInfo: String? }
        }
        guard let probe = try? StrictJSONDecoder().decode(Probe.self, from: payload) else { return nil }
        if let date = probe.signedDate ?? probe.receiptCreationDate { return date }
        // Early V2 notifications have no signedDate of their own; the transaction inside, which the
        // notification's signature covers, has one.
        if let nested = probe.data?.signedTransactionInfo, let jws = try? AppStoreJWS(nested) { return jws.signedDate() }
        return nil
    }
}

// App receipts (AppStoreServer's ReceiptUtility and AppReceiptVerifier) against a peer written the way a
// Swift server verifies receipts today with Apple's packages — a stand-in for TPInAppReceipt's approach:
// swift-asn1 walks the PKCS#7 and the receipt's attribute sets, swift-certificates reads the certificates
// and checks each signature in the chain, swift-crypto (_CryptoExtras) checks the RSA signature over the
// content. Both sides do the same work on the same receipt (tpinapp-receipt-production: SHA-256, WWDR G5,
// four in-app purchases): the first in-app purchase's transaction ID; and for verification the signature,
// the chain leaf → intermediate → Apple Inc. Root with validity at the creation date, CA and Apple's
// markers, the bundle ID, and every field decoded. Each side's answer is checked against the other's first.

import AppStoreServer
import Crypto
import _CryptoExtras
import Foundation
import PureBase64
import SwiftASN1
import X509

enum AppReceiptBenchmarks {
    static func comparisons() -> [Comparison] {
        let folder = repositoryRoot.appendingPathComponent("Tests/AppStoreServerTests/Vectors/receipts")
        let text = try! String(contentsOf: folder.appendingPathComponent("files/tpinapp-receipt-production"), encoding: .utf8)
        let receipt = try! PureBase64.Base64.decodeIgnoringWhitespace(text)
        let rootDER = [UInt8](try! Data(contentsOf: folder.appendingPathComponent("roots/AppleIncRootCertificate.cer")))
        // As a server keeps it: one verifier, whose chain cache holds Apple's receipt-signing chain after the
        // first receipt (Apple signs every receipt of a period with the same certificate). The cold row
        // verifies the chain every time.
        let verifier = try! AppReceiptVerifier(rootCertificates: [rootDER], bundleID: "org.getpure.pure-iphone")
        let coldVerifier = try! AppReceiptVerifier(rootCertificates: [rootDER], bundleID: "org.getpure.pure-iphone", chainCacheCapacity: 0)
        let peerRoot = try! X509.Certificate(derEncoded: rootDER)

        let ours = try! verifier.verify(receipt)
        let theirs = try! PeerReceipt.verify(receipt, root: peerRoot, bundleID: "org.getpure.pure-iphone")
        precondition(ours.inAppPurchases.compactMap(\.transactionId) == theirs.transactionIDs && ours.bundleId == theirs.bundleID
                     && ours.creationDate == theirs.creationDate && theirs.transactionIDs.count == 4)
        precondition(try! ReceiptUtility.transactionID(fromAppReceipt: receipt) == PeerReceipt.firstTransactionID(receipt))

        return [
            Comparison(name: "App receipt transaction ID", peer: "swift-asn1 (TPInAppReceipt stand-in)",
                       ours: { UInt64((try! ReceiptUtility.transactionID(fromAppReceipt: receipt))!.utf8.count) },
                       theirs: { UInt64(PeerReceipt.firstTransactionID(receipt)!.utf8.count) }),
            Comparison(name: "App receipt verify", peer: "swift-certificates + swift-crypto (TPInAppReceipt stand-in)",
                       ours: { UInt64(try! verifier.verify(receipt).inAppPurchases.count) },
                       theirs: { UInt64(try! PeerReceipt.verify(receipt, root: peerRoot, bundleID: "org.getpure.pure-iphone").transactionIDs.count) }),
            Comparison(name: "App receipt verify (cold)", peer: "swift-certificates + swift-crypto (TPInAppReceipt stand-in)",
                       ours: { UInt64(try! coldVerifier.verify(receipt).inAppPurchases.count) },
                       theirs: { UInt64(try! PeerReceipt.verify(receipt, root: peerRoot, bundleID: "org.getpure.pure-iphone").transactionIDs.count) }),
        ]
    }
}

/// The peer: the same parse and checks with swift-asn1, swift-certificates and swift-crypto.
enum PeerReceipt {
    struct Fields {
        var bundleID: String?
        var appVersion: String?
        var originalAppVersion: String?
        var creationDate: Date?
        var expirationDate: Date?
        var opaque: ArraySlice<UInt8> = []
        var hash: ArraySlice<UInt8> = []
        var transactionIDs: [String] = []
        var purchases: [[Int: String]] = []
    }
    struct Failure: Error { let what: String }

    static func children(_ node: ASN1Node) -> [ASN1Node] {
        if case .constructed(let nodes) = node.content { return Array(nodes) }
        return []
    }

    static func primitive(_ node: ASN1Node) -> ArraySlice<UInt8> {
        if case .primitive(let bytes) = node.content { return bytes }
        return []
    }

    /// The SignedData's children and the payload bytes.
    static func signedData(_ der: [UInt8]) throws -> (children: [ASN1Node], payload: ArraySlice<UInt8>) {
        let contentInfo = try DER.parse(der)
        guard let signed = children(contentInfo).dropFirst().first.flatMap({ children($0).first }) else { throw Failure(what: "content") }
        let parts = children(signed)
        guard parts.count >= 4, let inner = children(parts[2]).dropFirst().first.flatMap({ children($0).first }) else { throw Failure(what: "encap") }
        return (parts, try ASN1OctetString(derEncoded: inner).bytes)
    }

    /// Each attribute of a SET OF ReceiptAttribute: (type, value bytes).
    static func attributes(_ der: ArraySlice<UInt8>) throws -> [(Int, ArraySlice<UInt8>)] {
        try children(DER.parse(der)).map { attribute in
            let parts = children(attribute)
            guard parts.count == 3 else { throw Failure(what: "attribute") }
            return (try Int(derEncoded: parts[0]), try ASN1OctetString(derEncoded: parts[2]).bytes)
        }
    }

    static func string(_ der: ArraySlice<UInt8>) throws -> String {
        let node = try DER.parse(der)
        if node.identifier == .utf8String { return String(try ASN1UTF8String(derEncoded: node)) }
        return String(try ASN1IA5String(derEncoded: node))
    }

    static func date(_ der: ArraySlice<UInt8>) throws -> Date? {
        let text = try string(der)
        if text.isEmpty { return nil }
        guard let date = try? Date(text, strategy: .iso8601) else { throw Failure(what: "date \(text)") }
        return date
    }

    static func firstTransactionID(_ der: [UInt8]) -> String? {
        guard let payload = try? signedData(der).payload, let attributes = try? attributes(payload) else { return nil }
        for (type, value) in attributes where type == 17 {
            for (inner, field) in (try? self.attributes(value)) ?? [] where inner == 1703 || inner == 1705 {
                return try? string(field)
            }
        }
        return nil
    }

    static func verify(_ der: [UInt8], root: X509.Certificate, bundleID: String) throws -> Fields {
        let (parts, payload) = try signedData(der)
        // certificates [0] IMPLICIT SET OF Certificate, then signerInfos.
        let certificates = try children(parts[3]).map { try X509.Certificate(derEncoded: $0) }
        guard let signerInfo = parts.last.flatMap({ children($0).first }) else { throw Failure(what: "signerInfo") }
        let info = children(signerInfo)
        guard info.count >= 5 else { throw Failure(what: "signerInfo fields") }
        let serial = try ArraySlice<UInt8>(derEncoded: children(info[1])[1])
        guard let signer = certificates.first(where: { Array($0.serialNumber.bytes) == Array(serial.drop { $0 == 0 }) || $0.serialNumber.bytes == serial })
        else { throw Failure(what: "signer") }
        let signature = try ASN1OctetString(derEncoded: info[info.count - 1]).bytes
        guard let key = _RSA.Signing.PublicKey(signer.publicKey),
              key.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signature), for: SHA256.hash(data: payload), padding: .insecurePKCS1v1_5)
        else { throw Failure(what: "signature") }

        var fields = Fields()
        for (type, value) in try attributes(payload) {
            switch type {
            case 2: fields.bundleID = try string(value)
            case 3: fields.appVersion = try string(value)
            case 4: fields.opaque = value
            case 5: fields.hash = value
            case 12: fields.creationDate = try date(value)
            case 19: fields.originalAppVersion = try string(value)
            case 21: fields.expirationDate = try date(value)
            case 17:
                var purchase: [Int: String] = [:]
                for (inner, field) in try attributes(value) {
                    switch inner {
                    case 1701, 1711, 1713, 1719: purchase[inner] = String(try Int(derEncoded: DER.parse(field)))
                    case 1702, 1703, 1705, 1721: purchase[inner] = try string(field)
                    case 1704, 1706, 1708, 1712: purchase[inner] = try date(field).map { "\($0.timeIntervalSince1970)" } ?? ""
                    default: break
                    }
                }
                if let id = purchase[1703] { fields.transactionIDs.append(id) }
                fields.purchases.append(purchase)
            default: break
            }
        }
        // The chain at the creation date: leaf → intermediate (from the receipt) → the given root.
        guard let time = fields.creationDate,
              let intermediate = certificates.first(where: { $0.subject == signer.issuer && $0 != signer }),
              intermediate.issuer == root.subject,
              intermediate.publicKey.isValidSignature(signer.signature, for: signer),
              root.publicKey.isValidSignature(intermediate.signature, for: intermediate),
              [signer, intermediate, root].allSatisfy({ $0.notValidBefore <= time && time <= $0.notValidAfter }),
              case .isCertificateAuthority? = try? intermediate.extensions.basicConstraints,
              signer.extensions[oid: [1, 2, 840, 113635, 100, 6, 11, 1]] != nil,
              intermediate.extensions[oid: [1, 2, 840, 113635, 100, 6, 2, 1]] != nil
        else { throw Failure(what: "chain") }
        guard fields.bundleID == bundleID else { throw Failure(what: "bundle") }
        return fields
    }
}

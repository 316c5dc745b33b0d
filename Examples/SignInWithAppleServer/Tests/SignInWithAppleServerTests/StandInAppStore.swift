// A stand-in for the App Store's signing: a certificate chain shaped like Apple's (P-384 root and
// intermediate with Apple's WWDR marker 1.2.840.113635.100.6.2.1, a P-256 leaf with the receipt-signing
// marker 1.2.840.113635.100.6.11.1, certificates signed ecdsa-with-SHA384), built with swift-certificates,
// and notifications signed ES256 by the leaf with swift-crypto — implementations independent of the
// AppStoreServer code the server verifies them with.

import Crypto
import Foundation
import SwiftASN1
import X509

struct StandInAppStore {
    let rootDER: [UInt8]
    private let chain: [String]
    private let leafKey: P256.Signing.PrivateKey

    init() throws {
        let rootKey = P384.Signing.PrivateKey(), intermediateKey = P384.Signing.PrivateKey()
        leafKey = P256.Signing.PrivateKey()
        let now = Date()
        let rootName = try DistinguishedName { CommonName("Stand-in Root CA - G3"); OrganizationName("PureJWT Tests") }
        let intermediateName = try DistinguishedName { CommonName("Stand-in WWDR CA"); OrganizationName("PureJWT Tests") }
        let leafName = try DistinguishedName { CommonName("Stand-in App Store Receipt Signing"); OrganizationName("PureJWT Tests") }
        let root = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(rootKey.publicKey),
            notValidBefore: now.addingTimeInterval(-86_400), notValidAfter: now.addingTimeInterval(86_400 * 3650),
            issuer: rootName, subject: rootName, signatureAlgorithm: .ecdsaWithSHA384,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            }, issuerPrivateKey: .init(rootKey))
        let intermediate = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(intermediateKey.publicKey),
            notValidBefore: now.addingTimeInterval(-86_400), notValidAfter: now.addingTimeInterval(86_400 * 3000),
            issuer: rootName, subject: intermediateName, signatureAlgorithm: .ecdsaWithSHA384,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                Certificate.Extension(oid: [1, 2, 840, 113635, 100, 6, 2, 1], critical: false, value: [0x05, 0x00])
            }, issuerPrivateKey: .init(rootKey))
        let leaf = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(leafKey.publicKey),
            notValidBefore: now.addingTimeInterval(-86_400), notValidAfter: now.addingTimeInterval(86_400 * 700),
            issuer: intermediateName, subject: leafName, signatureAlgorithm: .ecdsaWithSHA384,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                Certificate.Extension(oid: [1, 2, 840, 113635, 100, 6, 11, 1], critical: false, value: [0x05, 0x00])
            }, issuerPrivateKey: .init(intermediateKey))
        func der(_ certificate: Certificate) throws -> [UInt8] {
            var serializer = DER.Serializer()
            try serializer.serialize(certificate)
            return serializer.serializedBytes
        }
        rootDER = try der(root)
        chain = try [leaf, intermediate, root].map { Data(try der($0)).base64EncodedString() }
    }

    /// A compact JWS of `payload` as the App Store signs it.
    func sign(_ payload: [String: Any]) throws -> String {
        let header = StandInApple.base64url(try JSONSerialization.data(withJSONObject: ["alg": "ES256", "x5c": chain]))
        let body = StandInApple.base64url(try JSONSerialization.data(withJSONObject: payload))
        let signature = try leafKey.signature(for: Data("\(header).\(body)".utf8))
        return "\(header).\(body).\(StandInApple.base64url(signature.rawRepresentation))"
    }

    /// The body Apple posts: a DID_RENEW notification (Sandbox) with a signed transaction inside.
    func notificationBody(uuid: String, bundleID: String, type: String = "DID_RENEW", environment: String = "Sandbox") throws -> String {
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let transaction = try sign(["transactionId": "2000000\(uuid.prefix(4))", "originalTransactionId": "1000000001",
                                    "bundleId": bundleID, "productId": "com.example.monthly", "purchaseDate": now,
                                    "expiresDate": now + 30 * 86_400_000, "type": "Auto-Renewable Subscription",
                                    "signedDate": now, "environment": environment])
        let notification = try sign(["notificationType": type, "subtype": "BILLING_RECOVERY", "notificationUUID": uuid,
                                     "version": "2.0", "signedDate": now,
                                     "data": ["bundleId": bundleID, "environment": environment, "signedTransactionInfo": transaction]])
        return String(decoding: try JSONSerialization.data(withJSONObject: ["signedPayload": notification]), as: UTF8.self)
    }
}

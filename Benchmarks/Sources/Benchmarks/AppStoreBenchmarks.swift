// App Store notification verification, against swift-crypto + swift-certificates doing the same checks
// the way Apple's app-store-server-library does (its ChainVerifier: swift-certificates' Verifier with
// RFC5280Policy at the signedDate and a policy for Apple's marker OIDs, then the ES256 signature with
// swift-crypto, the payload with JSONDecoder; verified leaf keys cached by the two certificates). Both
// sides verify a real DID_RENEW notification and the transaction and renewal info inside it, three JWS
// each. "(cold)": no chain cache, every chain validated; "(chain cached)": the cache warm.

import AppStoreServer
import AppStoreServerAPI
import Crypto
import Foundation
import SwiftASN1
import X509

enum AppStoreBenchmarks {
    static func comparisons() async -> [AsyncComparison] {
        let entries = vectorJSON("Tests/AppStoreServerTests/Vectors/appstore_signed_data.json") as! [[String: Any]]
        let notification = entries.first { $0["name"] as? String == "real-session-pro-backend-notification-did-renew-1759302518835" }!["jws"] as! String
        let root = [UInt8](try! Data(contentsOf: repositoryRoot.appendingPathComponent("Tests/AppStoreServerTests/Vectors/AppleRootCA-G3.cer")))
        let bundleID = "com.loki-project.loki-messenger"

        let ourCold = try! SignedDataVerifier(rootCertificates: [root], bundleID: bundleID, environment: .sandbox, chainCacheCapacity: 0)
        let ourCached = try! SignedDataVerifier(rootCertificates: [root], bundleID: bundleID, environment: .sandbox)
        let peerCold = PeerVerifier(root: try! X509.Certificate(derEncoded: root), bundleID: bundleID, caching: false)
        let peerCached = PeerVerifier(root: try! X509.Certificate(derEncoded: root), bundleID: bundleID, caching: true)

        // Both sides must accept it, decode the same transaction, and refuse a changed payload.
        let ours = try! ourCached.verifyNotification(signedPayload: notification)
        let theirs = try! await peerCached.verifyNotification(notification)
        precondition(ours.transaction?.transactionId == theirs.transactionID && theirs.transactionID != nil)
        let parts = notification.split(separator: ".")
        let changed = parts[0] + "." + parts[1].dropLast(2) + "AA." + parts[2]
        precondition((try? ourCold.verifyNotification(signedPayload: String(changed))) == nil)
        let peerRefused: Bool
        do { _ = try await peerCold.verifyNotification(String(changed)); peerRefused = false } catch { peerRefused = true }
        precondition(peerRefused)

        return [
            AsyncComparison(name: "App Store notification verify (cold)", peer: "swift-crypto + swift-certificates",
                            ours: { UInt64((try! ourCold.verifyNotification(signedPayload: notification)).payload.notificationType.rawValue.utf8.count) },
                            theirs: { UInt64((try! await peerCold.verifyNotification(notification)).typeLength) }),
            AsyncComparison(name: "App Store notification verify (chain cached)", peer: "swift-crypto + swift-certificates",
                            ours: { UInt64((try! ourCached.verifyNotification(signedPayload: notification)).payload.notificationType.rawValue.utf8.count) },
                            theirs: { UInt64((try! await peerCached.verifyNotification(notification)).typeLength) }),
        ]
    }
}

/// The peer: what app-store-server-library-swift's SignedDataVerifier does, on swift-crypto and
/// swift-certificates (the library itself is not among the offline packages).
final class PeerVerifier: @unchecked Sendable {
    struct Failure: Error {}
    struct Result { let typeLength: Int; let transactionID: String? }

    private struct Header: Decodable { let alg: String; let x5c: [String] }
    private struct Dated: Decodable { let signedDate: Date? }
    private struct Notification: Decodable {
        let notificationType: String
        let signedDate: Date?
        let data: NotificationData?
        struct NotificationData: Decodable {
            let bundleId: String?
            let environment: String?
            let signedTransactionInfo: String?
            let signedRenewalInfo: String?
        }
    }
    private struct Transaction: Decodable { let transactionId: String?; let bundleId: String?; let environment: String?; let signedDate: Date? }
    private struct Renewal: Decodable { let environment: String?; let signedDate: Date? }

    /// Apple's library's leaf-and-intermediate OID policy.
    private struct AppleOIDPolicy: VerifierPolicy {
        let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = []
        func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) async -> PolicyEvaluationResult {
            guard chain.count == 3, chain[0].extensions[oid: [1, 2, 840, 113635, 100, 6, 11, 1]] != nil,
                  chain[1].extensions[oid: [1, 2, 840, 113635, 100, 6, 2, 1]] != nil else {
                return .failsToMeetPolicy(reason: "missing Apple OIDs")
            }
            return .meetsPolicy
        }
    }

    let root: X509.Certificate
    let bundleID: String
    let caching: Bool
    private var cache: [String: (key: P256.Signing.PublicKey, expires: Date)] = [:]
    private let lock = NSLock()

    init(root: X509.Certificate, bundleID: String, caching: Bool) {
        (self.root, self.bundleID, self.caching) = (root, bundleID, caching)
    }

    func verifyNotification(_ jws: String) async throws -> Result {
        let notification: Notification = try await verify(jws)
        guard let data = notification.data, data.bundleId == bundleID, data.environment == "Sandbox" else { throw Failure() }
        var transactionID: String?
        if let nested = data.signedTransactionInfo {
            let transaction: Transaction = try await verify(nested)
            guard transaction.bundleId == bundleID, transaction.environment == "Sandbox" else { throw Failure() }
            transactionID = transaction.transactionId
        }
        if let nested = data.signedRenewalInfo {
            let renewal: Renewal = try await verify(nested)
            guard renewal.environment == "Sandbox" else { throw Failure() }
        }
        return Result(typeLength: notification.notificationType.utf8.count, transactionID: transactionID)
    }

    private func verify<T: Decodable>(_ jws: String) async throws -> T {
        let parts = jws.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw Failure() }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        let header = try decoder.decode(Header.self, from: try base64URL(parts[0]))
        guard header.alg == "ES256", header.x5c.count == 3 else { throw Failure() }
        let payload = try base64URL(parts[1])
        let signedDate = try decoder.decode(Dated.self, from: payload).signedDate ?? Date()

        let cacheKey = header.x5c[0] + header.x5c[1]
        var key: P256.Signing.PublicKey?
        if caching {
            key = lock.withLock { cache[cacheKey].flatMap { $0.expires > Date() ? $0.key : nil } }
        }
        if key == nil {
            let leaf = try X509.Certificate(derEncoded: [UInt8](Data(base64Encoded: header.x5c[0]) ?? Data()))
            let intermediate = try X509.Certificate(derEncoded: [UInt8](Data(base64Encoded: header.x5c[1]) ?? Data()))
            var verifier = Verifier(rootCertificates: CertificateStore([root])) {
                RFC5280Policy(validationTime: signedDate)
                AppleOIDPolicy()
            }
            guard case .validCertificate = await verifier.validate(leaf: leaf, intermediates: CertificateStore([intermediate])),
                  let leafKey = P256.Signing.PublicKey(leaf.publicKey) else { throw Failure() }
            key = leafKey
            if caching { lock.withLock { cache[cacheKey] = (leafKey, Date().addingTimeInterval(15 * 60)) } }
        }
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: try base64URL(parts[2]))
        guard key!.isValidSignature(signature, for: Data(jws.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))) else { throw Failure() }
        return try decoder.decode(T.self, from: payload)
    }

    private func base64URL(_ part: Substring) throws -> Data {
        var text = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.count % 4 != 0 { text += "=" }
        guard let data = Data(base64Encoded: text) else { throw Failure() }
        return data
    }
}

/// "App Store verify with OCSP (cached)": a notification verified with online checks, both sides warm —
/// ours with its chain cache and its OCSP cache (AppStoreOCSPChecker) holding good answers; the peer as
/// Apple's library with enableOnlineChecks, which keeps a verified chain (OCSP included) for 15 minutes.
/// The chain and notification: Tests/PureX509Tests/Vectors/ocsp_vectors.json (Apple's markers, AIA OCSP
/// URLs; made with Python cryptography); our OCSP answers come from memory through a transport.
enum AppStoreOCSPBenchmarks {
    /// Answers every OCSP request from memory: the leaf's and the intermediate's good answers.
    struct MemoryResponder: AppleHTTPTransport {
        let answers: [String: [UInt8]]
        func send(_ request: AppleHTTPRequest) async throws -> AppleHTTPResponse {
            let path = String(request.url.split(separator: "/").last ?? "")
            return AppleHTTPResponse(status: 200, headers: ["Content-Type": "application/ocsp-response"], body: answers[path] ?? [])
        }
    }

    static func comparisons() async -> [AsyncComparison] {
        let vectors = vectorJSON("Tests/PureX509Tests/Vectors/ocsp_vectors.json") as! [String: Any]
        let cases = vectors["cases"] as! [[String: String]]
        func answer(_ name: String) -> [UInt8] { [UInt8](Data(base64Encoded: cases.first { $0["name"] == name }!["response"]!)!) }
        let root = [UInt8](Data(base64Encoded: vectors["root"] as! String)!)
        let notification = vectors["notification"] as! String
        let verifier = try! SignedDataVerifier(rootCertificates: [root], bundleID: "com.example", environment: .sandbox)
        let checker = try! AppStoreOCSPChecker(transport: MemoryResponder(answers: ["ocsp-intermediate": answer("good-long"),
                                                                                   "ocsp-root": answer("intermediate-good-long")]))
        let peer = PeerVerifier(root: try! X509.Certificate(derEncoded: root), bundleID: "com.example", caching: true)
        let ours = try! await verifier.verifyNotification(signedPayload: notification, onlineChecks: checker)
        let theirs = try! await peer.verifyNotification(notification)
        precondition(ours.payload.notificationType.rawValue.utf8.count == theirs.typeLength)
        return [
            AsyncComparison(name: "App Store verify with OCSP (cached)", peer: "swift-crypto + swift-certificates",
                            ours: { UInt64((try! await verifier.verifyNotification(signedPayload: notification, onlineChecks: checker)).payload.notificationType.rawValue.utf8.count) },
                            theirs: { UInt64((try! await peer.verifyNotification(notification)).typeLength) }),
        ]
    }
}

// App Attest on webauthn4j's real Kayak attestation and assertion (Tests/AppAttestTests/Vectors), against
// what a Swift developer writes today with swift-crypto and swift-certificates (the Swift App Attest
// packages are small and unmaintained, and not among the offline packages): a minimal CBOR walk, the chain
// through swift-certificates' Verifier with RFC5280Policy at the attestation's time, the nonce read from
// the extension's last 32 bytes, and Apple's other steps by hand. Both sides accept the same objects first.

import AppAttest
import Crypto
import Foundation
import PureP256
import SwiftASN1
import X509

enum AppAttestBenchmarks {
    static func comparisons() -> [AsyncComparison] {
        let sample = vectorJSON("Tests/AppAttestTests/Vectors/webauthn4j-kayak-production.json") as! [String: Any]
        let object = [UInt8](Data(base64Encoded: sample["attestation_object_b64"] as! String)!)
        let keyID = [UInt8](Data(base64Encoded: sample["key_id_b64"] as! String)!)
        let clientDataHash = hexBytes(sample["client_data_hash_hex"] as! String)
        let time = ISO8601DateFormatter().date(from: sample["verify_at"] as! String)!
        let appID = sample["app_id"] as! String
        let assertionSample = sample["assertion"] as! [String: Any]
        let assertion = [UInt8](Data(base64Encoded: assertionSample["assertion_b64"] as! String)!)
        let assertionHash = hexBytes(assertionSample["client_data_hash_hex"] as! String)

        let ours = try! AppAttestVerifier(appID: appID)
        let ourKey = try! ours.verifyAttestation(object, keyID: keyID, clientDataHash: clientDataHash, at: time).publicKey
        let root = try! X509.Certificate(pemEncoded: AppAttestVerifier.appleAppAttestationRootCA)
        let peer = PeerAppAttest(appID: appID, root: root)
        let peerKey = try! Crypto.P256.Signing.PublicKey(x963Representation: ourKey.x963Representation)
        precondition(try! ours.verifyAssertion(assertion, clientDataHash: assertionHash, publicKey: ourKey, previousCounter: 0) == 1)
        precondition(peer.verifyAssertion(assertion, clientDataHash: assertionHash, publicKey: peerKey, previousCounter: 0) == 1)
        return [
            AsyncComparison(name: "App Attest attestation verify", peer: "swift-crypto + swift-certificates",
                            ours: { UInt64((try! ours.verifyAttestation(object, keyID: keyID, clientDataHash: clientDataHash, at: time)).receipt.count) },
                            theirs: { await peer.verifyAttestation(object, keyID: keyID, clientDataHash: clientDataHash, at: time) },
                            countsAllocations: true),
            AsyncComparison(name: "App Attest assertion verify", peer: "swift-crypto",
                            ours: { UInt64(try! ours.verifyAssertion(assertion, clientDataHash: assertionHash, publicKey: ourKey, previousCounter: 0)) },
                            theirs: { peer.verifyAssertion(assertion, clientDataHash: assertionHash, publicKey: peerKey, previousCounter: 0) },
                            countsAllocations: true),
        ]
    }

    static func hexBytes(_ hex: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return bytes
    }
}

/// The peer's App Attest checks.
struct PeerAppAttest: Sendable {
    let appID: String
    let root: X509.Certificate

    /// A minimal CBOR walk: maps, arrays, byte and text strings, integers.
    indirect enum Item {
        case bytes([UInt8]), text(String), array([Item]), map([(String, Item)]), number(Int)

        static func parse(_ bytes: [UInt8], _ index: inout Int) -> Item? {
            guard index < bytes.count else { return nil }
            let major = bytes[index] >> 5, info = Int(bytes[index] & 0x1f)
            index += 1
            var value = info
            if info >= 24 {
                guard info <= 27 else { return nil }
                let count = 1 << (info - 24)
                guard index + count <= bytes.count else { return nil }
                value = bytes[index..<index + count].reduce(0) { $0 << 8 | Int($1) }
                index += count
            }
            switch major {
            case 0: return .number(value)
            case 1: return .number(-1 - value)
            case 2, 3:
                guard index + value <= bytes.count else { return nil }
                let content = Array(bytes[index..<index + value])
                index += value
                return major == 2 ? .bytes(content) : .text(String(decoding: content, as: UTF8.self))
            case 4:
                var elements: [Item] = []
                for _ in 0..<value { guard let element = parse(bytes, &index) else { return nil }; elements.append(element) }
                return .array(elements)
            case 5:
                var entries: [(String, Item)] = []
                for _ in 0..<value {
                    guard case .text(let key)? = parse(bytes, &index), let element = parse(bytes, &index) else { return nil }
                    entries.append((key, element))
                }
                return .map(entries)
            default: return nil
            }
        }

        subscript(key: String) -> Item? {
            if case .map(let entries) = self { return entries.first { $0.0 == key }?.1 }
            return nil
        }
        var bytes: [UInt8]? { if case .bytes(let value) = self { return value }; return nil }
    }

    /// 1 when every step passes, else 0.
    func verifyAttestation(_ object: [UInt8], keyID: [UInt8], clientDataHash: [UInt8], at time: Date) async -> UInt64 {
        var index = 0
        guard let item = Item.parse(object, &index), case .text("apple-appattest")? = item["fmt"],
              case .array(let x5c)? = item["attStmt"]?["x5c"], x5c.count == 2, item["attStmt"]?["receipt"]?.bytes != nil,
              let authData = item["authData"]?.bytes, authData.count >= 55,
              let leafDER = x5c[0].bytes, let intermediateDER = x5c[1].bytes,
              let leaf = try? X509.Certificate(derEncoded: leafDER), let intermediate = try? X509.Certificate(derEncoded: intermediateDER)
        else { return 0 }
        var verifier = Verifier(rootCertificates: CertificateStore([root])) { RFC5280Policy(validationTime: time) }
        guard case .validCertificate = await verifier.validate(leaf: leaf, intermediates: CertificateStore([intermediate])) else { return 0 }
        let nonce = Array(Crypto.SHA256.hash(data: authData + clientDataHash))
        guard let nonceExtension = leaf.extensions.first(where: { $0.oid == [1, 2, 840, 113635, 100, 8, 2] }),
              Array(nonceExtension.value.suffix(32)) == nonce,
              let key = try? Crypto.P256.Signing.PublicKey(leaf.publicKey),
              Array(Crypto.SHA256.hash(data: key.x963Representation)) == keyID,
              Array(authData[0..<32]) == Array(Crypto.SHA256.hash(data: Data(appID.utf8))),
              authData[33..<37].allSatisfy({ $0 == 0 }),
              Array(authData[37..<53]) == Array("appattest".utf8) + [UInt8](repeating: 0, count: 7),
              Int(authData[53]) << 8 | Int(authData[54]) == keyID.count, authData.count >= 55 + keyID.count,
              Array(authData[55..<55 + keyID.count]) == keyID
        else { return 0 }
        return 1
    }

    /// The new counter, or 0 when a check fails.
    func verifyAssertion(_ assertion: [UInt8], clientDataHash: [UInt8], publicKey: Crypto.P256.Signing.PublicKey,
                         previousCounter: UInt32) -> UInt64 {
        var index = 0
        guard let item = Item.parse(assertion, &index), let signature = item["signature"]?.bytes,
              let authData = item["authenticatorData"]?.bytes, authData.count >= 37,
              let ecdsa = try? Crypto.P256.Signing.ECDSASignature(derRepresentation: signature),
              publicKey.isValidSignature(ecdsa, for: Data(Crypto.SHA256.hash(data: authData + clientDataHash))),
              Array(authData[0..<32]) == Array(Crypto.SHA256.hash(data: Data(appID.utf8)))
        else { return 0 }
        let counter = authData[33..<37].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return counter > previousCounter ? UInt64(counter) : 0
    }
}

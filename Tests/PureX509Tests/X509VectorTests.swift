// Certificates and path validation against the chains and malformed certificates of
// Vectors/x509_vectors.json (made and checked with Python's `cryptography`,
// Vectors/generate_x509_vectors.py), and against Apple's real App Store chains (the `x5c` certificates of
// appstore_signed_data.json, to Apple Root CA - G3; both files are read from AppStoreServerTests/Vectors,
// which holds the project's one copy).

import Foundation
import PureASN1
import PureX509
import Testing
import TestSupport

struct X509Vectors: Decodable {
    let now: Int64
    let chains: [Chain]
    let malformed: [Single]
    let wellFormed: Single
    let wellFormedVariants: [Single]

    struct Chain: Decodable, Sendable, CustomTestStringConvertible {
        let name: String
        let chain: [String]
        let anchors: [String]
        let time: Int64
        let expected: String
        let index: Int?
        var testDescription: String { name }
    }
    struct Single: Decodable, Sendable, CustomTestStringConvertible {
        let name: String
        let der: String
        var testDescription: String { name }
    }
}

private let vectors = try? VectorFiles.json(X509Vectors.self, "x509_vectors.json")

private func certificate(_ base64: String) throws -> Certificate {
    try Certificate(derRepresentation: [UInt8](try #require(Data(base64Encoded: base64))))
}

/// The case name of an error reason: "notValidAtTime" for `.notValidAtTime(...)`.
private func reasonName(_ reason: X509Error.Reason) -> String {
    String("\(reason)".prefix { $0 != "(" })
}

@Suite("X.509 chains made with Python cryptography")
struct X509ChainVectorTests {
    @Test("the file loads with all of its cases")
    func counts() throws {
        let file = try #require(vectors)
        #expect(file.chains.count == 23 && file.malformed.count == 18)
        #expect(file.chains.filter { $0.expected == "valid" }.count == 7)
    }

    @Test("every chain: valid, or refused with the expected reason at the expected certificate", arguments: vectors?.chains ?? [])
    func chain(_ vector: X509Vectors.Chain) throws {
        let validator = X509ChainValidator(trustAnchors: try vector.anchors.map(certificate))
        let chain = try vector.chain.map(certificate)
        do {
            let validated = try validator.validate(chain, at: vector.time)
            #expect(vector.expected == "valid", "accepted, but expected \(vector.expected) at \(vector.index.map(String.init) ?? "-")")
            #expect(try vector.anchors.map(certificate).contains(validated.trustAnchor))
        } catch let error as X509Error {
            #expect(reasonName(error.reason) == vector.expected, "\(error)")
            #expect(error.certificateIndex == vector.index, "\(error)")
        }
    }

    @Test("every malformed certificate is refused as malformed; the untouched reassembly reads", arguments: vectors?.malformed ?? [])
    func malformed(_ vector: X509Vectors.Single) throws {
        let bytes = [UInt8](try #require(Data(base64Encoded: vector.der)))
        do {
            _ = try Certificate(derRepresentation: bytes)
            Issue.record("accepted: \(vector.name)")
        } catch {
            if case .malformed = error.reason {} else if case .unsupportedSignatureAlgorithm = error.reason {} else {
                Issue.record("\(vector.name): \(error)")
            }
        }
        _ = try certificate(try #require(vectors).wellFormed.der)
    }

    @Test("unusual but valid encodings read", arguments: vectors?.wellFormedVariants ?? [])
    func wellFormedVariant(_ vector: X509Vectors.Single) throws {
        let read = try certificate(vector.der)
        #expect(read.serialNumber.count == 20 && read.serialNumber.first == 0x80)
    }

    @Test("a policy that handles an unknown critical extension lets the chain pass, and its own rule can fail it")
    func policy() throws {
        func policy(rejectLeaf: Bool) -> X509Policy {
            X509Policy(handledCriticalExtensions: [ASN1ObjectIdentifier(arcs: [1, 3, 6, 1, 4, 1, 99999, 1])]) { (chain) throws(X509Error) in
                if rejectLeaf { throw X509Error(.policy("the policy refuses this leaf"), certificateIndex: 0, role: chain.role(of: 0)) }
            }
        }
        let vector = try #require(vectors?.chains.first { $0.name.hasPrefix("leaf with an unknown critical extension") })
        let chain = try vector.chain.map(certificate), anchors = try vector.anchors.map(certificate)
        _ = try X509ChainValidator(trustAnchors: anchors, policy: policy(rejectLeaf: false)).validate(chain, at: vector.time)
        #expect(throws: X509Error(.policy("the policy refuses this leaf"), certificateIndex: 0, role: "the leaf certificate")) {
            try X509ChainValidator(trustAnchors: anchors, policy: policy(rejectLeaf: true)).validate(chain, at: vector.time)
        }
    }

    @Test("fields read from a certificate: names, validity, extensions, PEM")
    func fields() throws {
        let vector = try #require(vectors?.chains.first)
        let leaf = try certificate(vector.chain[0]), intermediate = try certificate(vector.chain[1])
        #expect(leaf.subject.commonName == "Test Leaf" && leaf.issuer == intermediate.subject)
        #expect(leaf.subject.description == "CN=Test Leaf, O=PureJWT Test")
        #expect(leaf.version == 3 && leaf.signatureAlgorithm == .ecdsaWithSHA384)
        #expect(leaf.notBefore == 1_735_689_600)   // 2025-01-01T00:00:00Z
        let early = X509Error(.notValidAtTime(notBefore: leaf.notBefore, notAfter: leaf.notAfter, time: 951_782_400))
        #expect(early.description.contains("not valid at 2000-02-29T00:00:00Z (valid from 2025-01-01T00:00:00Z to 2034-12-30T00:00:00Z)"), "\(early)")   // T0 + 3650 days, by Python
        #expect(leaf.basicConstraints?.isCertificateAuthority == false && leaf.keyUsage?.digitalSignature == true)
        #expect(intermediate.basicConstraints?.pathLengthConstraint == 0 && intermediate.keyUsage?.keyCertSign == true)
        #expect(leaf.extension(ASN1ObjectIdentifier(arcs: [1, 2, 840, 113635, 100, 6, 11, 1]))?.value == [0x05, 0x00])
        let pem = PEM.encode(label: "CERTIFICATE", derBytes: leaf.derRepresentation)
        #expect(try Certificate(pemRepresentation: pem) == leaf)
        #expect(throws: X509Error.self) { try Certificate(pemRepresentation: PEM.encode(label: "PUBLIC KEY", derBytes: leaf.derRepresentation)) }
    }
}

// MARK: Apple's real chains

/// A file of AppStoreServerTests/Vectors.
private func appStoreVector(_ name: String) throws -> Data {
    try VectorFiles.data(name, testFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("AppStoreServerTests/SignedDataVectorTests.swift").path)
}

private struct AppStoreEntry: Decodable {
    let name: String
    let chain: String
    let jws: String
    let expected: Expected
    struct Expected: Decodable {
        let valid: Bool
        let effectiveDateMs: Int64?
        let failedChecks: [String]?
        let leafSerial: String?
    }
}

/// The x5c certificates of a compact JWS's header, or nil when it has none.
private func x5c(_ jws: String) -> [[UInt8]]? {
    guard let header = jws.split(separator: ".").first else { return nil }
    var text = header.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    while text.count % 4 != 0 { text += "=" }
    guard let data = Data(base64Encoded: text),
          let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
          let list = object["x5c"] as? [String] else { return nil }
    return list.compactMap { Data(base64Encoded: $0).map { [UInt8]($0) } }
}

@Suite("X.509 with Apple's real App Store chains")
struct AppleChainTests {
    @Test("every real entry whose chain checks pass validates [leaf, intermediate] to Apple Root CA - G3 at its date; at 2026-11-24 only the 2025 leaf does")
    func realChains() throws {
        let root = try Certificate(derRepresentation: [UInt8](try appStoreVector("AppleRootCA-G3.cer")))
        #expect(root.subject.commonName == "Apple Root CA - G3" && root.signatureAlgorithm == .ecdsaWithSHA384)
        let validator = X509ChainValidator(trustAnchors: [root])
        let entries = try JSONDecoder().decode([AppStoreEntry].self, from: try appStoreVector("appstore_signed_data.json"))
            .filter { $0.chain == "apple-real" }
        let chainChecks = ["leaf_not_issued_by_intermediate", "intermediate_not_issued_by_trusted_root", "intermediate_not_ca",
                           "leaf_not_valid_at_effective_date", "intermediate_not_valid_at_effective_date", "trusted_root_not_valid_at_effective_date"]
        var validated = 0
        for entry in entries {
            guard let certificates = x5c(entry.jws), certificates.count == 3, let date = entry.expected.effectiveDateMs else { continue }
            let chain = try certificates.prefix(2).map { try Certificate(derRepresentation: $0) }
            let failedChain = (entry.expected.failedChecks ?? []).contains { chainChecks.contains($0) }
            do {
                let result = try validator.validate(chain, at: date / 1000)
                #expect(!failedChain, "\(entry.name): validated, but the vector says \(entry.expected.failedChecks ?? [])")
                #expect(result.leaf.subject.commonName == "Prod ECC Mac App Store and iTunes Store Receipt Signing")
                validated += 1
                // Today (2026-11-24) only the 2025 leaf (valid to 2027-10-13) is still valid.
                let today: Int64 = 1_795_478_400
                let stillValid = (try? validator.validate(chain, at: today)) != nil
                #expect(stillValid == (chain[0].notAfter > today), "\(entry.name)")
            } catch {
                #expect(failedChain, "\(entry.name): \(error)")
            }
        }
        #expect(validated >= 40)
    }
}

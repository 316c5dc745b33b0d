// ECDSA P-384 verification against NIST CAVP (SigVer.rsp and SigGen.txt, the P-384 sections whose hash
// PureSHA2 has: SHA-256, SHA-384, SHA-512) and the cases of Vectors/p384_ecdsa_vectors.json, made and
// checked with Python's `cryptography` (Vectors/generate_p384_vectors.py).

import PureASN1
import PureP384
import PureSHA2
import Testing
import TestSupport

/// The message's digest under a NIST section's hash name, as `isValidSignature(_:for: digest)` takes it.
private func verify(_ key: P384.Signing.PublicKey, _ signature: P384.Signing.ECDSASignature, message: [UInt8], hash: String) -> Bool {
    switch hash {
    case "SHA-256": return key.isValidSignature(signature, for: SHA256.hash(data: message))
    case "SHA-384": return key.isValidSignature(signature, for: message)
    case "SHA-512": return key.isValidSignature(signature, for: SHA512.hash(data: message))
    default: Issue.record("no hash \(hash)"); return false
    }
}

private let nistSections = ["P-384,SHA-256", "P-384,SHA-384", "P-384,SHA-512"]

private func key(x: String, y: String) throws -> P384.Signing.PublicKey {
    try P384.Signing.PublicKey(rawRepresentation: try [UInt8](hex: x) + [UInt8](hex: y))
}

@Suite("ECDSA P-384 verification")
struct P384ECDSAVectorTests {
    @Test("NIST SigVer.rsp [P-384,SHA-256/384/512]: every P/F result")
    func nistSigVer() throws {
        let records = NISTResponseFile.records(try VectorFiles.text("SigVer.rsp")).filter { nistSections.contains($0.section) }
        #expect(records.count == 45)
        for record in records {
            let pass = try record.value("Result").hasPrefix("P")
            let hash = String(record.section.dropFirst("P-384,".count))
            let message = try [UInt8](hex: record.value("Msg"))
            let signature = try P384.Signing.ECDSASignature(rawRepresentation: try [UInt8](hex: record.value("R")) + [UInt8](hex: record.value("S")))
            // A "Q changed" record may carry a point off the curve: refusing the key is refusing the case.
            guard let publicKey = try? key(x: record.value("Qx"), y: record.value("Qy")) else {
                #expect(!pass, "line \(record.line): a key the file says is good was refused")
                continue
            }
            let result = try record.value("Result")
            #expect(verify(publicKey, signature, message: message, hash: hash) == pass, "line \(record.line): \(result)")
        }
    }

    @Test("NIST SigGen.txt [P-384,SHA-256/384/512]: every signature verifies, and not after a change")
    func nistSigGen() throws {
        let records = NISTResponseFile.records(try VectorFiles.text("SigGen.txt")).filter { nistSections.contains($0.section) }
        #expect(records.count == 45)
        for record in records {
            let hash = String(record.section.dropFirst("P-384,".count))
            let message = try [UInt8](hex: record.value("Msg"))
            let publicKey = try key(x: record.value("Qx"), y: record.value("Qy"))
            let r = try [UInt8](hex: record.value("R")), s = try [UInt8](hex: record.value("S"))
            let signature = try P384.Signing.ECDSASignature(rawRepresentation: r + s)
            #expect(verify(publicKey, signature, message: message, hash: hash), "line \(record.line)")
            #expect(!verify(publicKey, signature, message: message + [0], hash: hash), "line \(record.line), message changed")
            // DER round trip of the same signature.
            let der = try P384.Signing.ECDSASignature(derRepresentation: signature.derRepresentation)
            #expect(der.rawRepresentation == r + s)
        }
    }
}

struct GeneratedVectors: Decodable {
    let numberOfSignatureCases: Int
    let signatures: [SignatureCase]
    let invalidKeys: [InvalidKey]
    let encodings: Encodings

    struct SignatureCase: Decodable, Sendable, CustomTestStringConvertible {
        let id: Int
        let comment: String
        let key: String
        let msg: String
        let hash: String
        let der: String
        let raw: String?
        let valid: Bool
        let derMalformed: Bool?
        var testDescription: String { "\(id): \(comment)" }
    }
    struct InvalidKey: Decodable { let comment: String; let x963: String; let error: String }
    struct Encodings: Decodable {
        let x963: String, compressed: String, der: String, pem: String, p256Der: String
        let oddY: [String: String]
    }
}

private let generated = try? VectorFiles.json(GeneratedVectors.self, "p384_ecdsa_vectors.json")

@Suite("ECDSA P-384, cases checked with Python cryptography")
struct P384GeneratedVectorTests {
    @Test("the file loads with all of its cases")
    func counts() throws {
        let file = try #require(generated)
        #expect(file.signatures.count == file.numberOfSignatureCases && file.signatures.count > 100)
        #expect(file.signatures.contains { $0.valid } && file.signatures.contains { !$0.valid })
    }

    /// Where a case has both forms, they must read to the same signature (`Hashable`: the same r and s),
    /// which is then verified once: verification sees only r and s, so a second run could not differ.
    @Test("every signature case, DER and raw", arguments: generated?.signatures ?? [])
    func signature(_ vector: GeneratedVectors.SignatureCase) throws {
        let publicKey = try P384.Signing.PublicKey(x963Representation: try [UInt8](hex: vector.key))
        let message = try [UInt8](hex: vector.msg)
        if vector.derMalformed == true {
            #expect(throws: P384Error.self) { try P384.Signing.ECDSASignature(derRepresentation: try [UInt8](hex: vector.der)) }
            return
        }
        // r or s too large for 48 bytes is refused when read; otherwise verification decides.
        let der = try? P384.Signing.ECDSASignature(derRepresentation: try [UInt8](hex: vector.der))
        if der == nil { #expect(!vector.valid && vector.raw == nil) }
        let raw = try vector.raw.map { try P384.Signing.ECDSASignature(rawRepresentation: try [UInt8](hex: $0)) }
        if let der, let raw { #expect(der == raw, "DER and raw read to different signatures") }
        if let signature = der ?? raw {
            #expect(verify(publicKey, signature, message: message, hash: vector.hash) == vector.valid, der == nil ? "raw" : "DER")
        }
    }

    @Test("keys off the curve, out of range, or badly encoded are refused with the reason")
    func invalidKeys() throws {
        let file = try #require(generated)
        #expect(file.invalidKeys.count >= 4)
        for key in file.invalidKeys {
            do {
                _ = try P384.Signing.PublicKey(x963Representation: try [UInt8](hex: key.x963))
                Issue.record("accepted: \(key.comment)")
            } catch let error as P384Error {
                #expect("\(error.reason)".hasPrefix(key.error), "\(key.comment): \(error)")
            }
        }
    }

    @Test("encodings: x963, compressed (both parities), DER and PEM give the same key and round-trip")
    func encodings() throws {
        let encodings = try #require(generated).encodings
        let x963 = try [UInt8](hex: encodings.x963)
        let key = try P384.Signing.PublicKey(x963Representation: x963)
        #expect(key.x963Representation == x963 && key.rawRepresentation == Array(x963.dropFirst()))
        #expect(try P384.Signing.PublicKey(compressedRepresentation: [UInt8](hex: encodings.compressed)) == key)
        #expect(key.compressedRepresentation == (try [UInt8](hex: encodings.compressed)))
        #expect(try P384.Signing.PublicKey(derRepresentation: [UInt8](hex: encodings.der)) == key)
        #expect(key.derRepresentation == (try [UInt8](hex: encodings.der)))
        #expect(try P384.Signing.PublicKey(pemRepresentation: encodings.pem) == key)
        #expect(key.pemRepresentation.trimmingSuffixNewlines == encodings.pem.trimmingSuffixNewlines)
        let odd = try P384.Signing.PublicKey(x963Representation: [UInt8](hex: try #require(encodings.oddY["x963"])))
        let compressedOdd = try [UInt8](hex: try #require(encodings.oddY["compressed"]))
        #expect(compressedOdd.first == 0x03 && odd.compressedRepresentation == compressedOdd)
        #expect(try P384.Signing.PublicKey(compressedRepresentation: compressedOdd) == odd)
        // A P-256 key is refused, naming the curve.
        #expect(throws: P384Error.self) { try P384.Signing.PublicKey(derRepresentation: [UInt8](hex: encodings.p256Der)) }
    }
}

private extension String {
    var trimmingSuffixNewlines: Substring {
        var text = self[...]
        while text.last == "\n" { text = text.dropLast() }
        return text
    }
}

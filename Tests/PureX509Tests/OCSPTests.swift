// OCSP against Vectors/ocsp_vectors.json (Python `cryptography`, generate_ocsp_vectors.py): the request
// is byte for byte the one cryptography builds for the same certificate, issuer and nonce; each response
// gives the status or is refused by the check the file names; hostile and truncated responses are refused
// with an error, never a trap.

import Foundation
import PureASN1
import PureX509
import Testing
import TestSupport

struct OCSPVectors: Decodable {
    let root: String, intermediate: String, leaf: String
    let check_time: Int64
    let nonce: String
    let request: String
    let cases: [Case]
    struct Case: Decodable, CustomTestStringConvertible {
        let name: String
        let response: String
        let expected: String
        var testDescription: String { name }
    }
}

private let vectors = try? VectorFiles.json(OCSPVectors.self, "ocsp_vectors.json")
private func bytes(_ base64: String) throws -> [UInt8] { [UInt8](try #require(Data(base64Encoded: base64))) }

@Suite("OCSP (RFC 6960)")
struct OCSPTests {
    @Test("the request equals cryptography's for the same certificate, issuer and nonce")
    func request() throws {
        let file = try #require(vectors)
        let leaf = try Certificate(derRepresentation: bytes(file.leaf)), issuer = try Certificate(derRepresentation: bytes(file.intermediate))
        #expect(OCSP.request(for: leaf, issuer: issuer, nonce: try bytes(file.nonce)) == (try bytes(file.request)))
        #expect(file.cases.count == 18)
    }

    @Test("each response: the status, or the check that refuses it", arguments: vectors?.cases ?? [])
    func response(_ testCase: OCSPVectors.Case) throws {
        let file = try #require(vectors)
        let leaf = try Certificate(derRepresentation: bytes(file.leaf)), issuer = try Certificate(derRepresentation: bytes(file.intermediate))
        let response = try bytes(testCase.response), nonce = try bytes(file.nonce)
        let aboutIntermediate = testCase.name.hasPrefix("intermediate-")
        let root = try Certificate(derRepresentation: bytes(file.root))
        let result = Result { () throws(X509Error) in
            try OCSP.verify(response, for: aboutIntermediate ? issuer : leaf, issuer: aboutIntermediate ? root : issuer, nonce: nonce, at: file.check_time)
        }
        switch (testCase.expected, result) {
        case ("good", .success(let status)), ("intermediate-good", .success(let status)):
            #expect(status.status == .good && status.thisUpdate <= file.check_time && (status.nextUpdate ?? 0) > file.check_time)
        case ("revoked", .success(let status)), ("intermediate-revoked", .success(let status)):
            guard case .revoked(let at, let reason) = status.status else { Issue.record("\(status)"); return }
            #expect(at == 1_746_057_600 && reason == 1)   // 2025-05-01, keyCompromise
        case ("unknown", .success(let status)):
            #expect(status.status == .unknown)
        case (let expected, .failure(let error)):
            guard case .ocsp(let failure) = error.reason else { Issue.record("\(error)"); return }
            switch (expected, failure) {
            case ("signer", .signerInvalid), ("stale", .notCurrent), ("nonce", .nonceMismatch), ("certID", .certIDMismatch),
                 ("unsuccessful", .unsuccessful(status: 3)):
                break
            default:
                Issue.record("\(testCase.name): expected \(expected), got \(error)")
            }
        default:
            Issue.record("\(testCase.name): expected \(testCase.expected), got \(result)")
        }
    }

    @Test("a good answer is refused outside its window and with another nonce; accepted without one")
    func windowAndNonce() throws {
        let file = try #require(vectors)
        let leaf = try Certificate(derRepresentation: bytes(file.leaf)), issuer = try Certificate(derRepresentation: bytes(file.intermediate))
        let good = try bytes(try #require(file.cases.first { $0.name == "good" }).response)
        for time in [file.check_time - 3 * 3600, file.check_time + 8 * 86_400] {
            #expect(throws: X509Error.self) { try OCSP.verify(good, for: leaf, issuer: issuer, nonce: nil, at: time) }
        }
        #expect(throws: X509Error.self) { try OCSP.verify(good, for: leaf, issuer: issuer, nonce: Array(repeating: 7, count: 16), at: file.check_time) }
        #expect(try OCSP.verify(good, for: leaf, issuer: issuer, nonce: nil, at: file.check_time).status == .good)
        // The response is about the leaf: asking about the intermediate (issued by the root) is a mismatch.
        let root = try Certificate(derRepresentation: bytes(file.root))
        #expect(throws: X509Error.self) { try OCSP.verify(good, for: issuer, issuer: root, nonce: nil, at: file.check_time) }
    }

    @Test("hostile responses: every truncation and single-byte change is refused, never a trap")
    func hostile() throws {
        let file = try #require(vectors)
        let leaf = try Certificate(derRepresentation: bytes(file.leaf)), issuer = try Certificate(derRepresentation: bytes(file.intermediate))
        let good = try bytes(try #require(file.cases.first { $0.name == "good" }).response)
        for cut in stride(from: 0, to: good.count, by: 7) {
            #expect(throws: X509Error.self) { try OCSP.verify(Array(good.prefix(cut)), for: leaf, issuer: issuer, nonce: nil, at: file.check_time) }
        }
        var accepted = 0
        for index in stride(from: 0, to: good.count, by: 3) {
            var changed = good
            changed[index] ^= 0x41
            if (try? OCSP.verify(changed, for: leaf, issuer: issuer, nonce: nil, at: file.check_time)) != nil { accepted += 1 }
        }
        // Every byte is under the signature or its structure, except the unsigned certs field (absent here).
        #expect(accepted == 0)
    }

    @Test("AIA: the OCSP URL of the leaf and of the intermediate")
    func aia() throws {
        let file = try #require(vectors)
        #expect(try Certificate(derRepresentation: bytes(file.leaf)).ocspURLs == ["http://127.0.0.1/ocsp-intermediate"])
        #expect(try Certificate(derRepresentation: bytes(file.intermediate)).ocspURLs == ["http://127.0.0.1/ocsp-root"])
        #expect(try Certificate(derRepresentation: bytes(file.root)).ocspURLs.isEmpty)
    }
}

// PKCS#12 files made by Python cryptography and the OpenSSL command line (pkcs12.json, written by
// scripts/crosscheck/pkcs12-files.py): each gives the certificate and PKCS#8 key it was made from, or the
// error it must; the PKCS#12 key derivation against OpenSSL's, Triple DES against Python cryptography's
// and FIPS 46-3's example; hostile files end in errors, never traps.

import Foundation
@_spi(KnownAnswers) import PurePKCS12
import Testing
import TestSupport

struct PKCS12Vectors: Decodable {
    struct File: Decodable, CustomTestStringConvertible {
        let name: String
        let description: String
        let password: String
        let p12: String
        let expected: String
        let certificates: [String]
        let privateKeys: [String]
        var testDescription: String { name }
        var bytes: [UInt8] { Array(Data(base64Encoded: p12) ?? Data()) }
    }
    struct Derivation: Decodable, CustomTestStringConvertible {
        let digest: String
        let id: UInt8
        let password: String
        let salt: String
        let iterations: Int
        let output: String
        var testDescription: String { "\(digest) ID \(id), \(iterations) iterations" }
    }
    struct TripleDESCase: Decodable, CustomTestStringConvertible {
        let key: String
        let iv: String
        let plaintext: String
        let ciphertext: String
        var testDescription: String { "\(plaintext.count / 16) block(s)" }
    }
    let files: [File]
    let pkcs12KeyDerivation: [Derivation]
    let tripleDESCBC: [TripleDESCase]

    static let all: PKCS12Vectors? = try? VectorFiles.json(PKCS12Vectors.self, "pkcs12.json")
}

func hex(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var index = text.startIndex
    while let next = text.index(index, offsetBy: 2, limitedBy: text.endIndex), index < text.endIndex {
        bytes.append(UInt8(text[index..<next], radix: 16) ?? 0)
        index = next
    }
    return bytes
}

func base64(_ text: String) -> [UInt8] { Array(Data(base64Encoded: text) ?? Data()) }

func pkcs12Reason(_ body: () throws(PKCS12Error) -> Void) -> PKCS12Error.Reason? {
    do { try body(); return nil } catch { return error.reason }
}

@Suite("PKCS#12 files")
struct PKCS12Tests {
    @Test("the vector file holds every file, derivation and Triple-DES case the generator writes")
    func counts() throws {
        let vectors = try #require(PKCS12Vectors.all)
        #expect(vectors.files.count == 14)
        #expect(vectors.files.filter { $0.expected == "ok" }.count == 12)
        #expect(vectors.pkcs12KeyDerivation.count == 6)
        #expect(vectors.tripleDESCBC.count == 4)
    }

    @Test("each file gives its certificate and key, or its error", arguments: PKCS12Vectors.all?.files ?? [])
    func file(_ file: PKCS12Vectors.File) throws {
        if file.expected == "ok" {
            let contents = try PKCS12Contents(derRepresentation: file.bytes, password: file.password)
            #expect(contents.certificates.map(\.derRepresentation) == file.certificates.map(base64))
            #expect(contents.privateKeys.count == 1)
            let key = try #require(contents.privateKeys.first)
            #expect(key.derRepresentation == base64(file.privateKeys[0]), "\(file.description)")
            #expect(contents.certificates.first?.localKeyID == nil || contents.certificates.first?.localKeyID == key.localKeyID)
        } else {
            let failure = pkcs12Reason { () throws(PKCS12Error) in _ = try PKCS12Contents(derRepresentation: file.bytes, password: file.password) }
            switch (file.expected, failure) {
            case ("wrongPassword", .wrongPassword?), ("unsupportedAlgorithm", .unsupportedAlgorithm?): break
            default: Issue.record("\(file.description): expected \(file.expected), got \(String(describing: failure))")
            }
        }
    }

    @Test("a Triple-DES file whose scheme is renamed to RC2 is refused by name")
    func rc2Refused() throws {
        let file = try #require(PKCS12Vectors.all?.files.first { $0.name == "openssl-3des-nomac-ec" })
        let tripleDES: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x0C, 0x01, 0x03]
        var bytes = file.bytes
        let index = try #require((0...(bytes.count - tripleDES.count)).first { Array(bytes[$0..<($0 + tripleDES.count)]) == tripleDES })
        bytes[index + tripleDES.count - 1] = 0x06   // pbeWithSHAAnd40BitRC2-CBC
        let failure = pkcs12Reason { () throws(PKCS12Error) in _ = try PKCS12Contents(derRepresentation: bytes, password: file.password) }
        guard case .unsupportedAlgorithm(let what)? = failure else { Issue.record("got \(String(describing: failure))"); return }
        #expect(what.contains("RC2"))
    }

    @Test("the PKCS#12 key derivation matches OpenSSL's", arguments: PKCS12Vectors.all?.pkcs12KeyDerivation ?? [])
    func keyDerivation(_ vector: PKCS12Vectors.Derivation) throws {
        let digest: PKCS12KnownAnswers.Digest = vector.digest == "SHA1" ? .sha1 : vector.digest == "SHA256" ? .sha256 : .sha512
        let output = PKCS12KnownAnswers.deriveKey(digest, id: vector.id, password: vector.password, salt: hex(vector.salt),
                                                   iterations: vector.iterations, count: vector.output.count / 2)
        #expect(output == hex(vector.output))
    }

    @Test("Triple-DES CBC decryption matches Python cryptography and FIPS 46-3", arguments: PKCS12Vectors.all?.tripleDESCBC ?? [])
    func tripleDES(_ vector: PKCS12Vectors.TripleDESCase) {
        #expect(PKCS12KnownAnswers.tripleDESDecrypt(hex(vector.ciphertext), key: hex(vector.key), iv: hex(vector.iv)) == hex(vector.plaintext))
    }

    @Test("truncated, altered and hostile files end in an error")
    func hostile() throws {
        let file = try #require(PKCS12Vectors.all?.files.first { $0.name == "openssl-3des-nomac-ec" })
        let bytes = file.bytes
        for length in stride(from: 0, to: bytes.count, by: 13) {
            #expect(pkcs12Reason { () throws(PKCS12Error) in _ = try PKCS12Contents(derRepresentation: Array(bytes.prefix(length)), password: file.password) } != nil)
        }
        var flipped = 0
        for index in stride(from: 0, to: bytes.count, by: 29) {
            var altered = bytes
            altered[index] ^= 0x01
            if pkcs12Reason({ () throws(PKCS12Error) in _ = try PKCS12Contents(derRepresentation: altered, password: file.password) }) != nil { flipped += 1 }
        }
        #expect(flipped > 0)
        for junk: [UInt8] in [[], [0x30], [0x30, 0x80], [0x30, 0x03, 0x02, 0x01, 0x03], Array(repeating: 0x30, count: 5000)] {
            #expect(pkcs12Reason { () throws(PKCS12Error) in _ = try PKCS12Contents(derRepresentation: junk, password: "") } != nil)
        }
        #expect(pkcs12Reason { () throws(PKCS12Error) in _ = try PKCS12Contents(derRepresentation: [UInt8](repeating: 0, count: PKCS12Contents.maximumSize + 1), password: "") } != nil)
    }

    @Test("a private key item never prints its bytes")
    func redaction() throws {
        let file = try #require(PKCS12Vectors.all?.files.first { $0.expected == "ok" })
        let key = try #require(try PKCS12Contents(derRepresentation: file.bytes, password: file.password).privateKeys.first)
        let body = Data(key.derRepresentation).base64EncodedString()
        var dumped = ""
        dump(key, to: &dumped)
        for text in [key.description, String(reflecting: key), "\(key)", dumped] { #expect(!text.contains(body.prefix(16))) }
        // dump lists stored bytes one per line ("- 48"); the item's mirror shows its size instead.
        #expect(dumped.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("- ") }.count < 30, "\(dumped)")
        #expect(dumped.contains("redacted"))
    }
}

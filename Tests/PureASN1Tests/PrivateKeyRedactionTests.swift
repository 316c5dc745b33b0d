// The private-key containers never print the private scalar: not in `description`, interpolation,
// `String(reflecting:)` nor `dump`. The scalar is OpenSSL's reading of the same file
// (Vectors/key_files_expected.json), so the test also shows the parse really holds it.

import PureASN1
import Testing
import TestSupport

@Suite("Private key redaction")
struct PrivateKeyRedactionTests {
    private struct Expected: Decodable { let private_key_hex: String? }

    /// Every way a value turns into text, lower-cased for the hex search.
    private func renderings(_ value: some Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        return ["\(value)", String(describing: value), String(reflecting: value), dumped].map { $0.lowercased() }
    }

    /// The scalar as it could show up: hex, or the decimal bytes of an array.
    private func forms(of secret: [UInt8]) -> [String] {
        [secret.hex, secret.prefix(8).map(String.init).joined(separator: ", ")]
    }

    @Test("PKCS#8, SEC 1 and ECPrivateKeyMaterial print without the scalar", arguments: ["test.p8", "testValidKey_p256.p8"])
    func redacted(file: String) throws {
        let expected = try VectorFiles.json([String: Expected].self, "key_files_expected.json")
        let secret = try [UInt8](hex: try #require(expected[file]?.private_key_hex))
        let pem = try VectorFiles.text(file)

        guard case .pkcs8(let pkcs8) = try KeyContainer.identify(pemRepresentation: pem) else {
            Issue.record("\(file) is not read as PKCS#8")
            return
        }
        let sec1 = try SEC1ECPrivateKey(derEncoded: pkcs8.privateKey)
        let material = try ECPrivateKeyMaterial(pemRepresentation: pem, curve: .prime256v1)
        #expect(material.privateKey.suffix(32) == secret[...])

        for text in renderings(pkcs8) + renderings(sec1) + renderings(material) {
            for form in forms(of: secret) { #expect(!text.contains(form)) }
            #expect(text.contains("redacted"))
        }
    }
}

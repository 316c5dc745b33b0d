// The key files Sign in with Apple users actually have: Apple's .p8 (PKCS#8, one-line or wrapped body),
// the same keys as SEC 1 and as public keys, an RSA key where an EC key is expected, and the ways keys get
// mangled on the way to a server (CRLF, "\n" escapes in environment variables, stray whitespace).
// Expected values come from OpenSSL (Vectors/generate_expected.py), never from PureASN1 itself.

import PureASN1
import Testing
import TestSupport

private struct ExpectedKey: Decodable, Sendable {
    let algorithm: String
    let curve: String?
    let private_key_hex: String?
    let public_point_hex: String?
    let modulus_hex: String?
    let exponent_hex: String?
    let sec1_file: String?
    let public_file: String?
    let pkcs1_public_file: String?
}

private let expected = (try? VectorFiles.json([String: ExpectedKey].self, "key_files_expected.json")) ?? [:]
private let ecKeyFiles = ["test.p8", "testValidKey_p256.p8"]

/// The ways a PEM text arrives in practice, all of which must parse to the same key.
private func manglings(_ pem: String) -> [(String, String)] {
    let lines = pem.split(whereSeparator: \.isNewline).map(String.init)
    let body = lines.dropFirst().dropLast().joined()
    return [
        ("as given", pem),
        ("LF, trailing newline", lines.joined(separator: "\n") + "\n"),
        ("CRLF", lines.joined(separator: "\r\n") + "\r\n"),
        ("no final newline", lines.joined(separator: "\n")),
        ("literal \\n escapes", lines.joined(separator: "\\n")),
        ("literal \\r\\n escapes", lines.joined(separator: "\\r\\n") + "\\r\\n"),
        ("body on one line", [lines[0], body, lines[lines.count - 1]].joined(separator: "\n")),
        ("everything on one line with spaces", [lines[0], body, lines[lines.count - 1]].joined(separator: " ")),
        ("surrounding whitespace and indentation", "\n\n  " + lines.joined(separator: "\n   ") + "  \n\t\n"),
        ("explanatory text around", "Key for Sign in with Apple\n" + pem + "\nend of file\n"),
        ("rewrapped at 76", rewrap(lines, width: 76)),
    ]
}

private func rewrap(_ lines: [String], width: Int) -> String {
    let body = Array(lines.dropFirst().dropLast().joined())
    var out = [lines[0]]
    var index = 0
    while index < body.count {
        out.append(String(body[index..<min(index + width, body.count)]))
        index += width
    }
    out.append(lines[lines.count - 1])
    return out.joined(separator: "\n") + "\n"
}

@Suite("Key files: Apple .p8 and friends")
struct KeyFileTests {
    @Test("the expected values were loaded")
    func loaded() {
        #expect(expected.count == 3)
    }

    @Test("EC .p8 keys load, however the PEM arrives", arguments: ecKeyFiles)
    func ecPrivateKeys(file: String) throws {
        let want = try #require(expected[file])
        let pem = try VectorFiles.text(file)
        for (how, text) in manglings(pem) {
            let key = try ECPrivateKeyMaterial(pemRepresentation: text, curve: .prime256v1)
            #expect(key.privateKey.hex == want.private_key_hex, "\(file), \(how)")
            #expect(key.curve == .prime256v1)
            if let point = key.publicKey { #expect(point.hex == want.public_point_hex, "\(file), \(how)") }
        }
    }

    @Test("the same keys as SEC 1 'EC PRIVATE KEY' (made by openssl ec)", arguments: ecKeyFiles)
    func sec1(file: String) throws {
        let want = try #require(expected[file])
        let pem = try VectorFiles.text(try #require(want.sec1_file))
        for (how, text) in manglings(pem) {
            let key = try ECPrivateKeyMaterial(pemRepresentation: text, curve: .prime256v1)
            #expect(key.privateKey.hex == want.private_key_hex, "\(how)")
            #expect(key.publicKey?.hex == want.public_point_hex, "\(how)")
        }
        guard case .sec1(let sec1) = try KeyContainer.identify(pemRepresentation: pem) else {
            Issue.record("not identified as SEC 1"); return
        }
        #expect(sec1.curve == .prime256v1)
        // Round trip: serializing gives back OpenSSL's bytes.
        #expect(sec1.pemRepresentation == pem)
    }

    @Test("public keys (openssl -pubout) parse and round-trip", arguments: ecKeyFiles)
    func ecPublicKeys(file: String) throws {
        let want = try #require(expected[file])
        let pem = try VectorFiles.text(try #require(want.public_file))
        let key = try ECPublicKeyMaterial(pemRepresentation: pem, curve: .prime256v1)
        #expect(key.point.hex == want.public_point_hex)
        let info = try SubjectPublicKeyInfo(pemEncoded: pem)
        #expect(info.pemRepresentation == pem)
    }

    @Test("PKCS#8 round trip: parse then serialize gives back the same bytes", arguments: ecKeyFiles + ["testInvalidKey_rsa1024.p8"])
    func pkcs8RoundTrip(file: String) throws {
        let block = try PEM.parseSingle(try VectorFiles.text(file))
        #expect(block.label == "PRIVATE KEY")
        let key = try PKCS8PrivateKey(derEncoded: block.derBytes)
        #expect(key.derRepresentation == block.derBytes)
        #expect(try PEM.parseSingle(key.pemRepresentation) == block)
    }

    @Test("the RSA-1024 .p8 parses as RSA and is refused as an EC key, saying so")
    func rsaWhereECExpected() throws {
        let want = try #require(expected["testInvalidKey_rsa1024.p8"])
        let pem = try VectorFiles.text("testInvalidKey_rsa1024.p8")
        guard case .pkcs8(let key) = try KeyContainer.identify(pemRepresentation: pem) else {
            Issue.record("not identified as PKCS#8"); return
        }
        #expect(key.algorithm.algorithm == .rsaEncryption)
        let inner = try DER.parse(key.privateKey)
        #expect(inner.tag == .sequence)

        let error = try #require(throws: ASN1Error.self) {
            try ECPrivateKeyMaterial(pemRepresentation: pem, curve: .prime256v1)
        }
        #expect(error.description.contains("an RSA key"), "\(error)")
        #expect(error.description.contains("prime256v1"), "\(error)")

        // Its public halves, made by OpenSSL, give OpenSSL's modulus and exponent.
        for publicFile in [want.public_file, want.pkcs1_public_file].compactMap({ $0 }) {
            let rsa = try RSAPublicKeyMaterial(pemRepresentation: try VectorFiles.text(publicFile))
            #expect(rsa.modulus.hex == want.modulus_hex, "\(publicFile)")
            #expect(rsa.publicExponent.hex == want.exponent_hex, "\(publicFile)")
        }
        let rsaPublicPEM = try VectorFiles.text(try #require(want.pkcs1_public_file))
        guard case .pkcs1RSAPublicKey(let pkcs1) = try KeyContainer.identify(pemRepresentation: rsaPublicPEM) else {
            Issue.record("not identified as PKCS#1"); return
        }
        #expect(PEM.encode(label: "RSA PUBLIC KEY", derBytes: pkcs1.derRepresentation) == rsaPublicPEM)
    }
}

@Suite("Key files: errors a person can act on")
struct KeyFileErrorTests {
    private func error(_ text: String) -> ASN1Error? {
        do { _ = try ECPrivateKeyMaterial(pemRepresentation: text, curve: .prime256v1); return nil } catch { return error }
    }

    @Test("an encrypted key says to export it without a passphrase")
    func encrypted() throws {
        let pkcs8 = try VectorFiles.text("test.p8").replacing("PRIVATE KEY", with: "ENCRYPTED PRIVATE KEY")
        #expect(error(pkcs8)?.reason == .encryptedKey)
        #expect(error(pkcs8)?.description.contains("without a passphrase") == true)
        let legacy = "-----BEGIN EC PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,00\n\nAAAA\n-----END EC PRIVATE KEY-----\n"
        #expect(error(legacy)?.reason == .encryptedKey)
    }

    @Test("a certificate is named as one")
    func certificate() throws {
        let text = try VectorFiles.text("test.p8").replacing("PRIVATE KEY", with: "CERTIFICATE")
        #expect(error(text)?.reason == .certificateNotKey)
    }

    @Test("a public key where a private key is expected")
    func publicForPrivate() throws {
        let text = try VectorFiles.text("test.pub.pem")
        let failure = try #require(error(text))
        #expect(failure.description.contains("a public key"), "\(failure)")
    }

    @Test("a key on another curve names the curve's OID")
    func otherCurve() throws {
        // A PKCS#8 structure for secp384r1, built with the writer; the curve check comes before any
        // curve arithmetic, so the key bytes need not be real.
        var inner = DERWriter()
        inner.writeSequence { $0.writeInteger(1); $0.writeOctetString([UInt8](repeating: 1, count: 48)) }
        let key = PKCS8PrivateKey(algorithm: .ecPublicKey(curve: .secp384r1), privateKey: inner.bytes)
        let failure = try #require(error(key.pemRepresentation))
        #expect(failure.reason == .unsupportedCurve(.secp384r1))
        #expect(failure.description.contains("1.3.132.0.34"))
    }

    @Test("mismatched labels, a missing END, bad base64 and a truncated body are rejected")
    func malformedPEM() throws {
        let pem = try VectorFiles.text("testValidKey_p256.p8")
        #expect(error(pem.replacing("END PRIVATE KEY", with: "END EC PRIVATE KEY"))?.reason
                == .mismatchedPEMLabels(begin: "PRIVATE KEY", end: "EC PRIVATE KEY"))
        #expect(error(String(pem.prefix(100)))?.reason == .missingPEMEnd("PRIVATE KEY"))
        let withBang = pem.replacingFirst("M", with: "!")
        guard case .invalidPEMBody = error(withBang)?.reason else { Issue.record("bad base64 accepted"); return }
        #expect(error("no key here")?.reason == .noPEMBlock)

        // Cut the body short at a group boundary: valid base64, truncated DER, with the offset named.
        let lines = pem.split(separator: "\n")
        let cut = [lines[0], lines[1], lines[2], lines[lines.count - 1]].joined(separator: "\n")
        let failure = try #require(error(cut))
        #expect(failure.reason == .truncated, "\(failure)")
        #expect(failure.description.contains("cut short"))
    }

    @Test("two keys where one is expected")
    func twoBlocks() throws {
        let pem = try VectorFiles.text("testValidKey_p256.p8")
        #expect(error(pem + "\n" + pem)?.reason == .multiplePEMBlocks(2))
        #expect(try PEM.parse(pem + "\n" + pem).count == 2)
    }
}

extension String {
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}

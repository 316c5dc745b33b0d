// `appleauth applepay decrypt` as a subprocess, on ApplePayTests' vectors (tokens made by Python
// cryptography on a test chain; real Apple-signed tokens): the payment data printed as JSON, exit 1
// naming the check and printing no card data, exit 2 for usage, unreadable files and mismatched keys.

import Foundation
import Testing
import TestSupport

private func run(_ arguments: [String], stdin: String? = nil) async throws -> ToolRun {
    try await ToolProcess.run("appleauth", ["applepay"] + arguments, stdin: stdin)
}

struct PayVectors: Decodable {
    struct Merchant: Decodable { let certificate: String; let keyPKCS8: String; let keySEC1: String?; let keyPKCS1: String? }
    struct Case: Decodable {
        struct Expected: Decodable { let result: String; let check: String? }
        let name: String
        let token: AnyJSON
        let merchants: [String]
        let at: String
        let expected: Expected
    }
    let testRoot: String
    let merchants: [String: Merchant]
    let cases: [Case]
}

/// Any JSON, kept as Foundation objects to write back.
struct AnyJSON: Decodable {
    let text: String
    init(from decoder: any Decoder) throws {
        // Re-encode through the value's own decoding: the tokens are objects of strings and one nested object.
        let container = try decoder.singleValueContainer()
        let object = try container.decode([String: Member].self)
        let data = try JSONEncoder().encode(object)
        text = String(decoding: data, as: UTF8.self)
    }
    enum Member: Codable {
        case string(String), object([String: String])
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) { self = .string(text) } else { self = .object(try container.decode([String: String].self)) }
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let text): try container.encode(text)
            case .object(let members): try container.encode(members)
            }
        }
    }
}

/// A scratch file holding `text`, removed when the test process exits.
private func file(_ text: String, _ name: String) throws -> String {
    try ScratchFiles.write(text, name)
}

@Suite("appleauth applepay")
struct ApplePayToolTests {
    let vectors: PayVectors
    let root: String

    init() throws {
        vectors = try VectorFiles.json(PayVectors.self, "../../ApplePayTests/Vectors/apple_pay_tokens.json")
        root = try file(vectors.testRoot, "root.pem")
    }

    func pair(_ name: String, key: KeyPath<PayVectors.Merchant, String> = \.keyPKCS8) throws -> [String] {
        let merchant = try #require(vectors.merchants[name])
        return ["--certificate", try file(merchant.certificate, "\(name).crt"), "--key", try file(merchant[keyPath: key], "\(name).key")]
    }

    func token(_ name: String) throws -> (path: String, at: String) {
        let vector = try #require(vectors.cases.first { $0.name == name })
        return (try file(vector.token.text, "\(name).json"), vector.at)
    }

    @Test("decrypt prints the payment data as JSON; the paymentData wrapper and standard input work too")
    func decrypts() async throws {
        let (path, at) = try token("ec-3dsecure")
        let result = try await run(["decrypt", "--token", path, "--root", root, "--at", at] + (try pair("ec")))
        #expect(result.status == 0, "\(result.stderr)")
        let output = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(output["paymentDataType"] as? String == "3DSecure")
        #expect(output["transactionAmount"] as? Int == 1999)
        #expect(result.stderr.isEmpty)

        let wrapped = "{\"paymentData\": \(try String(contentsOfFile: path, encoding: .utf8))}"
        let fromStdin = try await run(["decrypt", "--token", "-", "--root", root, "--at", at] + (try pair("ec", key: \.keySEC1!)), stdin: wrapped)
        #expect(fromStdin.status == 0, "\(fromStdin.stderr)")
        #expect(fromStdin.stdout == result.stdout)

        let (rsaPath, rsaAt) = try token("rsa-3dsecure")
        let rsa = try await run(["decrypt", "--token", rsaPath, "--root", root, "--at", rsaAt] + (try pair("rsa", key: \.keyPKCS1!)))
        #expect(rsa.status == 0, "\(rsa.stderr)")
    }

    @Test("repeated certificate and key pairs: the token's publicKeyHash chooses")
    func rotation() async throws {
        let (path, at) = try token("ec-rotation")
        let result = try await run(["decrypt", "--token", path, "--root", root, "--at", at] + (try pair("ec")) + (try pair("ec2")))
        #expect(result.status == 0, "\(result.stderr)")
        let onlyOld = try await run(["decrypt", "--token", path, "--root", root, "--at", at] + (try pair("ec")))
        #expect(onlyOld.status == 1 && onlyOld.stderr.contains("publicKeyHash"))
    }

    @Test("a token failing a check exits 1 with one line naming it and no card data")
    func refusals() async throws {
        let (path, at) = try token("ec-3dsecure")
        let late = try await run(["decrypt", "--token", path, "--root", root, "--at", "2026-06-01T12:06:00Z"] + (try pair("ec")))
        #expect(late.status == 1 && late.stderr.contains("signed at 2026-06-01T12:00:00Z") && late.stdout.isEmpty)
        let wide = try await run(["decrypt", "--token", path, "--root", root, "--at", "2026-06-01T12:06:00Z", "--signing-window", "600"] + (try pair("ec")))
        #expect(wide.status == 0, "\(wide.stderr)")
        let appleRoot = try await run(["decrypt", "--token", path, "--at", at] + (try pair("ec")))
        #expect(appleRoot.status == 1 && appleRoot.stderr.contains("does not chain"))
        let (tampered, tamperedAt) = try token("tampered-data")
        let bad = try await run(["decrypt", "--token", tampered, "--root", root, "--at", tamperedAt] + (try pair("ec")))
        #expect(bad.status == 1 && bad.stderr.contains("signature does not verify"))
        for result in [late, appleRoot, bad] {
            #expect(!result.stderr.contains("4109370251004320"))
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test("usage, unreadable files and a key that is not the certificate's exit 2")
    func usage() async throws {
        let (path, at) = try token("ec-3dsecure")
        let ec = try #require(vectors.merchants["ec"]), ec2 = try #require(vectors.merchants["ec2"])
        let mismatched = ["--certificate", try file(ec.certificate, "a.crt"), "--key", try file(ec2.keyPKCS8, "b.key")]
        for arguments in [
            ["decrypt", "--token", path, "--root", root, "--at", at] + mismatched,
            ["decrypt", "--token", path, "--root", root, "--at", at],
            ["decrypt", "--token", path, "--root", root, "--at", at, "--certificate", try file(ec.certificate, "c.crt")],
            ["decrypt", "--token", "/nonexistent/token.json", "--root", root] + (try pair("ec")),
            ["decrypt", "--token", path, "--root", root, "--at", "yesterday"] + (try pair("ec")),
            ["decrypt", "--token", path, "--root", root, "--signing-window", "-5"] + (try pair("ec")),
            ["decrypt", "--token", path, "--root", root, "--signing-window", "1.5"] + (try pair("ec")),
            ["decrypt", "--token", path, "--root", try file("not a certificate", "bad-root.pem")] + (try pair("ec")),
            ["encrypt"],
        ] {
            let result = try await run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test("a PKCS#12 file and a password file (its trailing newline ignored) stand for the certificate and key")
    func pkcs12() async throws {
        struct Bundles: Decodable { struct File: Decodable { let name: String; let password: String; let p12: String }; let files: [File] }
        let bundles = try VectorFiles.json(Bundles.self, "../../PurePKCS12Tests/Vectors/pkcs12.json")
        let (path, at) = try token("ec-3dsecure")
        for name in ["openssl-3des-ec", "cryptography-aes-ec"] {
            let bundle = try #require(bundles.files.first { $0.name == name })
            let p12 = try ScratchFiles.write(try #require(Data(base64Encoded: bundle.p12)), "bundle.p12")
            let passwordFile = try file(bundle.password + "\n", "password")
            let result = try await run(["decrypt", "--token", path, "--root", root, "--at", at, "--pkcs12", p12, "--password-file", passwordFile])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            let wrong = try await run(["decrypt", "--token", path, "--root", root, "--at", at, "--pkcs12", p12, "--password-file", try file("nope\n", "wrong")])
            #expect(wrong.status == 2 && wrong.stderr.contains("password"), "\(wrong.stderr)")
            let unpaired = try await run(["decrypt", "--token", path, "--root", root, "--at", at, "--pkcs12", p12])
            #expect(unpaired.status == 2)
        }
    }

    @Test("a real Apple-signed token decrypts with its certificate and key at its signing time; with another certificate, exit 1 naming its publicKeyHash")
    func realToken() async throws {
        let directory = "../../ApplePayTests/Vectors/gala/"
        let decrypted = try await run(["decrypt", "--token", VectorFiles.path(directory + "token.json"),
                                       "--certificate", VectorFiles.path(directory + "certificate-2021.pem"),
                                       "--key", VectorFiles.path(directory + "private_key-2021.pem"), "--at", "2023-03-07T05:33:48Z"])
        #expect(decrypted.status == 0, "\(decrypted.stderr)")
        let output = try #require(try JSONSerialization.jsonObject(with: Data(decrypted.stdout.utf8)) as? [String: Any])
        #expect(output["applicationExpirationDate"] as? String == "260430" && output["transactionAmount"] as? Int == 100)
        let result = try await run(["decrypt", "--token", VectorFiles.path(directory + "token.json"),
                                    "--certificate", VectorFiles.path(directory + "certificate.pem"),
                                    "--key", VectorFiles.path(directory + "private_key.pem"), "--at", "2023-03-07T05:33:48Z"])
        #expect(result.status == 1 && result.stderr.contains("+9VwJrqieiPF2ZRB0xHFYhgQ6RYza5hfrVLpdB1KtKI="), "\(result.stderr)")
    }
}

// jwt encrypt and jwt decrypt: round trips through the tool with the keys its own keygen makes (P-256 and
// RSA PEM) and an oct JWK, the plaintext back byte for byte; the JSON serializations (several keys,
// --flattened, --aad, --header); exit 2 for usage mistakes (RSA1_5 among them),
// exit 1 for tokens that cannot be decrypted.

import Foundation
import Testing
import TestSupport

private func jwt(_ arguments: [String], stdin: String? = nil) async throws -> ToolRun {
    try await ToolProcess.run("jwt", arguments, stdin: stdin)
}

@Suite("jwt encrypt and decrypt", .serialized)
struct JWTEncryptionToolTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("jwt-jwe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func file(_ name: String, _ text: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A private key made by `jwt keygen --alg ALG` and its public key, as PEM files.
    func keyPair(_ alg: String) async throws -> (privateKey: String, publicKey: String) {
        let privateKey = try file("\(alg).pem", try await jwt(["keygen", "--alg", alg]).stdout)
        let publicKey = try file("\(alg).pub.pem", try await jwt(["public-key", "--key", privateKey]).stdout)
        return (privateKey, publicKey)
    }

    @Test("round trips: P-256 and RSA PEM keys, an oct JWK; the plaintext comes back exactly, nothing added")
    func roundTrips() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let plaintext = "{\"sub\":\"248289761001\",\"name\":\"Zoë\"}\n  trailing spaces and a newline  \n"
        let message = try file("message.txt", plaintext)
        let ec = try await keyPair("ES256"), rsa = try await keyPair("RS256")
        let oct = try file("kw.jwk", #"{"kty":"oct","k":"GawgguFyGrWKav7AX4VKUg","alg":"A128KW","kid":"k1"}"#)
        for (encryptKey, decryptKey, options) in [
            (ec.publicKey, ec.privateKey, ["--alg", "ECDH-ES+A256KW", "--enc", "A256GCM"]),
            (ec.publicKey, ec.privateKey, ["--alg", "ECDH-ES", "--enc", "A128CBC-HS256", "--zip"]),
            (rsa.publicKey, rsa.privateKey, ["--alg", "RSA-OAEP-256", "--enc", "A256GCM", "--cty", "JWT"]),
            (oct, oct, ["--enc", "A192CBC-HS384"]),
        ] {
            let encrypted = try await jwt(["encrypt", message, "--key", encryptKey] + options)
            #expect(encrypted.status == 0, "\(options): \(encrypted.stderr)")
            let token = encrypted.stdout.trimmingCharacters(in: .newlines)
            #expect(token.split(separator: ".", omittingEmptySubsequences: false).count == 5)
            let decrypted = try await jwt(["decrypt", "-", "--key", decryptKey], stdin: encrypted.stdout)
            #expect(decrypted.status == 0, "\(options): \(decrypted.stderr)")
            #expect(decrypted.stdout == plaintext, "\(options)")
        }
        // From standard input, and narrowed by --alg/--enc on decryption.
        let encrypted = try await jwt(["encrypt", "-", "--key", oct, "--enc", "A128GCM"], stdin: "hi")
        let token = encrypted.stdout.trimmingCharacters(in: .newlines)
        #expect(try await jwt(["decrypt", token, "--key", oct, "--alg", "A128KW", "--enc", "A128GCM"]).stdout == "hi")
        let narrowed = try await jwt(["decrypt", token, "--key", oct, "--enc", "A256GCM"])
        #expect(narrowed.status == 1 && narrowed.stderr.contains("A128GCM") && narrowed.stderr.contains("with --enc"), "\(narrowed.stderr)")
    }

    @Test("keygen for every kind of JWE key; each key encrypts (as a private key holds its public one) and decrypts")
    func keygen() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let message = try file("message.txt", "payload")
        for (keygenArguments, encryptArguments) in [
            (["--alg", "A128KW"], ["--enc", "A128GCM"]),
            (["--alg", "A256GCMKW", "--kid", "g1"], ["--enc", "A256CBC-HS512"]),
            (["--alg", "dir", "--enc", "A192CBC-HS384"], ["--enc", "A192CBC-HS384"]),
            (["--alg", "ECDH-ES+A256KW", "--crv", "P-521"], ["--alg", "ECDH-ES+A256KW", "--enc", "A256GCM"]),
            (["--alg", "ECDH-ES", "--crv", "X25519"], ["--enc", "A128GCM"]),
            (["--alg", "RSA-OAEP", "--format", "jwk"], ["--enc", "A256GCM"]),
        ] {
            let made = try await jwt(["keygen"] + keygenArguments)
            #expect(made.status == 0, "\(keygenArguments): \(made.stderr)")
            let key = try file("key-\(keygenArguments.joined()).txt", made.stdout)
            let encrypted = try await jwt(["encrypt", message, "--key", key] + encryptArguments)
            #expect(encrypted.status == 0, "\(keygenArguments): \(encrypted.stderr)")
            #expect(try await jwt(["decrypt", "-", "--key", key], stdin: encrypted.stdout).stdout == "payload", "\(keygenArguments)")
        }
        for arguments in [["keygen", "--alg", "dir"], ["keygen", "--alg", "PBES2-HS256+A128KW"], ["keygen", "--alg", "RSA1_5"],
                          ["keygen", "--alg", "ES256", "--crv", "P-384"], ["keygen", "--alg", "A128KW", "--format", "pem"],
                          ["keygen", "--alg", "ECDH-ES", "--crv", "P-224"], ["keygen", "--alg", "A128KW", "--bits", "2048"]] {
            let run = try await jwt(arguments)
            #expect(run.status == 2 && run.stdout.isEmpty, "\(arguments): \(run.stderr)")
        }
    }

    @Test("public-key of encryption keys: the public half (JWK with use enc, or PEM) encrypts, holds no private member; shared keys have none")
    func publicKeyOfEncryptionKeys() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let message = try file("message.txt", "for the recipient")
        for (keygenArguments, formats, encryptArguments) in [
            (["--alg", "ECDH-ES+A256KW", "--format", "jwk", "--kid", "e1"], ["jwk", "pem"], ["--enc", "A256GCM"]),
            (["--alg", "ECDH-ES", "--crv", "X25519"], ["jwk", "pem"], ["--enc", "A128GCM"]),
            (["--alg", "ECDH-ES+A128KW", "--crv", "X25519", "--format", "pem"], ["pem", "jwk"], ["--enc", "A128GCM"]),
            (["--alg", "RSA-OAEP-256", "--format", "jwk"], ["jwk", "pem"], ["--enc", "A256GCM"]),
        ] {
            let privateKey = try file("private-\(keygenArguments.joined()).jwk", try await jwt(["keygen"] + keygenArguments).stdout)
            for format in formats {
                let exported = try await jwt(["public-key", "--key", privateKey, "--format", format])
                #expect(exported.status == 0, "\(keygenArguments) \(format): \(exported.stderr)")
                let madeAsPEM = keygenArguments.contains("pem")
                if format == "jwk" {
                    let members = try #require(try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as? [String: Any])
                    #expect(members["use"] as? String == "enc" && members["d"] == nil && members["p"] == nil, "\(members.keys)")
                    // A PEM key serves its whole family, so its JWK names no "alg".
                    #expect(members["alg"] as? String == (madeAsPEM ? nil : keygenArguments[1]))
                    if keygenArguments.contains("--kid") { #expect(members["kid"] as? String == "e1") }
                } else {
                    #expect(exported.stdout.hasPrefix("-----BEGIN PUBLIC KEY-----"))
                }
                let publicKey = try file("public-\(keygenArguments.joined()).\(format)", exported.stdout)
                let alg = format == "pem" || madeAsPEM ? ["--alg", keygenArguments[1]] : []
                let encrypted = try await jwt(["encrypt", message, "--key", publicKey] + alg + encryptArguments)
                #expect(encrypted.status == 0, "\(keygenArguments) \(format): \(encrypted.stderr)")
                #expect(try await jwt(["decrypt", "-", "--key", privateKey], stdin: encrypted.stdout).stdout == "for the recipient")
                // The public half cannot decrypt.
                #expect(try await jwt(["decrypt", "-", "--key", publicKey], stdin: encrypted.stdout).status != 0)
            }
        }
        let shared = try file("kw.jwk", try await jwt(["keygen", "--alg", "A128KW"]).stdout)
        for arguments in [["public-key", "--key", shared], ["public-key", "--key", shared, "--format", "jwk"]] {
            let run = try await jwt(arguments)
            #expect(run.status == 2 && run.stdout.isEmpty && run.stderr.split(separator: "\n").count == 1, "\(arguments): \(run.stderr)")
        }
    }

    @Test("thumbprint of encryption keys (RFC 7638): EC, oct and X25519 JWKs, an X25519 PEM; a private key and its public half agree")
    func thumbprintsOfEncryptionKeys() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        // RFC 7520 §5.5's EC key and §5.8's A128KW key; RFC 7748 §6.1's Alice as an RFC 8037 JWK and as
        // PKCS#8 (RFC 8410). Expected thumbprints computed with joserfc's `thumbprint()`.
        let cases: [(name: String, text: String, thumbprint: String)] = [
            ("ec.jwk", #"{"kty":"EC","kid":"meriadoc.brandybuck@buckland.example","use":"enc","crv":"P-256","x":"Ze2loSV3wrroKUN_4zhwGhCqo3Xhu1td4QjeQ5wIVR0","y":"HlLtdXARY_f55A3fnzQbPcm6hgr34Mp8p-nuzQCE0Zw","d":"r_kHyZ-a06rmxM3yESK84r1otSg-aQcVStkRhA-iCM8"}"#,
             "HsSFalww3yP-dO-lWGYgFcyV5H22oScIFc4V2Y6GOto"),
            ("kw.jwk", #"{"kty":"oct","kid":"81b20965-8332-43d9-a468-82160ad91ac8","use":"enc","alg":"A128KW","k":"GZy6sIZ6wl9NJOKB-jnmVQ"}"#,
             "wLi2IZWIuukcHvhZrxIYPL8GGrdhkffpN8heZxnMP1o"),
            ("x25519.jwk", #"{"kty":"OKP","crv":"X25519","use":"enc","d":"dwdtCnMYpX08FsFyUbJmRd9ML4frwJkqsXf7pR25LCo","x":"hSDwCYkwp1R0i33ctD73Wg2_Og0mOBr066SpjqqbTmo"}"#,
             "u809Vppx5ixWMOohxWr2aM3m5bD0LQ67g_GPmubQus4"),
            ("x25519.pem", "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VuBCIEIHcHbQpzGKV9PBbBclGyZkXfTC+H68CZKrF3+6UduSwq\n-----END PRIVATE KEY-----\n",
             "u809Vppx5ixWMOohxWr2aM3m5bD0LQ67g_GPmubQus4"),
        ]
        for (name, text, thumbprint) in cases {
            let path = try file(name, text)
            let run = try await jwt(["thumbprint", "--key", path])
            #expect(run.status == 0 && run.stdout == thumbprint + "\n", "\(name): \(run.stdout) \(run.stderr)")
            // From standard input too: the text is read once, then tried as a signing key and as an
            // encryption key (a second read of standard input would find it empty).
            let piped = try await jwt(["thumbprint", "--key", "-"], stdin: text)
            #expect(piped.status == 0 && piped.stdout == thumbprint + "\n", "\(name) on standard input: \(piped.stderr)")
            guard name != "kw.jwk" else { continue }
            let pipedPublic = try await jwt(["public-key", "--key", "-", "--format", "jwk"], stdin: text)
            #expect(pipedPublic.status == 0 && pipedPublic.stdout.contains(#""use": "enc""#), "\(name) on standard input: \(pipedPublic.stderr)")
            let publicKey = try file("public-" + name, try await jwt(["public-key", "--key", path, "--format", "jwk"]).stdout)
            #expect(try await jwt(["thumbprint", "--key", publicKey]).stdout == thumbprint + "\n", "\(name)'s public half")
        }
        // A PBES2 password gets none: its thumbprint would be an unsalted, uniterated hash of the password.
        let password = try file("password.jwk", #"{"kty":"oct","alg":"PBES2-HS256+A128KW","k":"cGFzc3dvcmQ"}"#)
        let refused = try await jwt(["thumbprint", "--key", password])
        #expect(refused.status == 2 && refused.stdout.isEmpty && refused.stderr.contains("PBES2 password"), "\(refused.stderr)")
    }

    @Test("usage mistakes exit 2 with one line; undecryptable tokens exit 1 with the reason")
    func exitCodes() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let message = try file("message.txt", "secret")
        let ec = try await keyPair("ES256"), rsa = try await keyPair("RS256")
        for arguments in [
            ["encrypt", message, "--key", rsa.publicKey, "--enc", "A256GCM"],                          // a PEM key: name --alg
            ["encrypt", message, "--key", rsa.publicKey, "--alg", "RSA1_5", "--enc", "A256GCM"],       // refused by name
            ["encrypt", message, "--key", rsa.publicKey, "--alg", "RSA-OAEP-256"],                     // no --enc
            ["encrypt", message, "--key", rsa.publicKey, "--alg", "RSA-OAEP-256", "--enc", "A512GCM"],
            ["encrypt", message, "--key", rsa.publicKey, "--alg", "ECDH-ES", "--enc", "A256GCM"],      // not the key's family
            ["encrypt", "/nonexistent", "--key", rsa.publicKey, "--alg", "RSA-OAEP-256", "--enc", "A256GCM"],
            ["decrypt", "a.b.c.d.e", "--key", rsa.publicKey],                                          // a public key
            ["decrypt", "a.b.c.d.e"], ["decrypt", "a.b.c.d.e", "--key", rsa.privateKey, "--jwks", rsa.privateKey],
            ["decrypt", "a.b.c.d.e", "--key", rsa.privateKey, "--max-p2c", "nan"],
        ] {
            let run = try await jwt(arguments)
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
            #expect(run.stdout.isEmpty && run.stderr.split(separator: "\n").count == 1, "\(arguments): \(run.stderr)")
        }
        let token = try await jwt(["encrypt", message, "--key", ec.publicKey, "--alg", "ECDH-ES+A128KW", "--enc", "A128GCM"]).stdout
            .trimmingCharacters(in: .newlines)
        var parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        parts[3] = parts[3].first == "A" ? "B" + parts[3].dropFirst() : "A" + parts[3].dropFirst()
        let otherEC = try await keyPair("ES256")
        for (tokenText, key, reason) in [(parts.joined(separator: "."), ec.privateKey, "could not be decrypted"),
                                         (token, otherEC.privateKey, "could not be decrypted"),
                                         (token, rsa.privateKey, "the key decides")] {
            let run = try await jwt(["decrypt", tokenText, "--key", key])
            #expect(run.status == 1 && run.stdout.isEmpty, "\(run.stderr)")
            #expect(run.stderr.contains(reason), "\(run.stderr)")
        }
        // A PBES2 count over --max-p2c: refused before any key derivation, the message naming the flag.
        let password = try file("password.jwk", #"{"kty":"oct","alg":"PBES2-HS256+A128KW","k":"cGFzc3dvcmQ"}"#)
        let pbes2 = try await jwt(["encrypt", message, "--key", password, "--enc", "A128GCM", "--p2c", "2000"])
        #expect(pbes2.status == 0, "\(pbes2.stderr)")
        let capped = try await jwt(["decrypt", "-", "--key", password, "--max-p2c", "1000"], stdin: pbes2.stdout)
        #expect(capped.status == 1 && capped.stdout.isEmpty, "\(capped.stderr)")
        #expect(capped.stderr.contains("2000 PBKDF2 iterations") && capped.stderr.contains("raise --max-p2c"), "\(capped.stderr)")
        #expect(try await jwt(["decrypt", "-", "--key", password, "--max-p2c", "2000"], stdin: pbes2.stdout).stdout == "secret")
    }

    @Test("encrypt prints no token that decrypt would refuse: over 1 MiB (maximumTokenSize), or --zip over 250,000 bytes (maximumDecompressedSize)")
    func sizeLimits() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = try file("kw.jwk", try await jwt(["keygen", "--alg", "A256KW"]).stdout)
        func bytes(_ name: String, _ count: Int) throws -> String {
            let path = folder.appendingPathComponent(name).path
            // Letters (the tool's output is read back as text), scrambled so that nothing compresses much.
            try Data((0..<count).map { 0x61 + UInt8(($0 &* 2_654_435_761 >> 13) % 26) }).write(to: URL(fileURLWithPath: path))
            return path
        }
        // 700,000 bytes make a compact token of ~933,400 characters: printed, and decrypt takes it back.
        let fits = try bytes("fits.bin", 700_000)
        let token = try await jwt(["encrypt", fits, "--key", key, "--enc", "A256GCM"])
        #expect(token.status == 0 && token.stdout.utf8.count < 1_048_576, "\(token.stderr)")
        #expect(try await jwt(["decrypt", "-", "--key", key], stdin: token.stdout).stdout.utf8.count == 700_000)
        let refusals: [([String], String)] = [
            (["encrypt", try bytes("over.bin", 800_000), "--key", key, "--enc", "A256GCM"], "the JWE would be"),
            (["encrypt", folder.appendingPathComponent("over.bin").path, "--key", key, "--enc", "A256GCM", "--json"], "the JWE would be"),
            (["encrypt", try bytes("huge.bin", 1_100_000), "--key", key, "--enc", "A256GCM"], "a JWE of it would be over"),
            (["encrypt", try bytes("zip.bin", 250_001), "--key", key, "--enc", "A256GCM", "--zip"], "maximumDecompressedSize"),
        ]
        for (arguments, reason) in refusals {
            let run = try await jwt(arguments)
            #expect(run.status == 2 && run.stdout.isEmpty && run.stderr.contains(reason) && run.stderr.split(separator: "\n").count == 1, "\(arguments.suffix(4)): \(run.stderr)")
        }
        let zipped = try await jwt(["encrypt", try bytes("zip-fits.bin", 250_000), "--key", key, "--enc", "A256GCM", "--zip"])
        #expect(try await jwt(["decrypt", "-", "--key", key], stdin: zipped.stdout).stdout.utf8.count == 250_000)
    }

    @Test("JSON serializations: --json for several keys (each decrypts alone), --flattened, --aad, --header; decrypt reads both")
    func jsonSerializations() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let message = try file("message.txt", "one payload, three readers")
        let aad = try file("aad.txt", "context")
        let rsa = try await keyPair("RS256")
        let kw = try file("kw.jwk", try await jwt(["keygen", "--alg", "A256KW", "--kid", "kw"]).stdout)
        let x25519 = try file("x.jwk", try await jwt(["keygen", "--alg", "ECDH-ES+A128KW", "--crv", "X25519", "--kid", "x"]).stdout)
        let rsaJWK = try file("rsa-oaep.jwk", try await jwt(["keygen", "--alg", "RSA-OAEP-256", "--format", "jwk", "--kid", "r"]).stdout)

        let general = try await jwt(["encrypt", message, "--key", kw, "--key", x25519, "--key", rsaJWK, "--enc", "A256GCM",
                                     "--json", "--aad", aad, "--header", #"{"ver":2}"#, "--typ", "JWT"])
        #expect(general.status == 0, "\(general.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(general.stdout.utf8)) as? [String: Any]
        #expect((object?["recipients"] as? [Any])?.count == 3 && object?["aad"] as? String == "Y29udGV4dA")
        for key in [kw, x25519, rsaJWK] {
            let run = try await jwt(["decrypt", "-", "--key", key], stdin: general.stdout)
            #expect(run.status == 0 && run.stdout == "one payload, three readers", "\(key): \(run.stderr)")
        }
        let flattened = try await jwt(["encrypt", message, "--key", rsa.publicKey, "--alg", "RSA-OAEP", "--enc", "A128CBC-HS256", "--flattened"])
        #expect(flattened.status == 0 && flattened.stdout.hasPrefix("{"), "\(flattened.stderr)")
        #expect(try await jwt(["decrypt", "-", "--key", rsa.privateKey], stdin: flattened.stdout).stdout == "one payload, three readers")
        let withHeader = try await jwt(["encrypt", message, "--key", kw, "--enc", "A128GCM", "--header", #"{"iss":"https://issuer.example"}"#])
        #expect(try await jwt(["decrypt", "-", "--key", kw], stdin: withHeader.stdout).stdout == "one payload, three readers")
        // "typ" and "cty" in --header, as jwt sign takes them; --typ and --cty win.
        func protectedHeader(_ token: String) throws -> [String: Any] {
            var part = String(token.split(separator: ".")[0]).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            while part.count % 4 != 0 { part += "=" }
            let data = try #require(Data(base64Encoded: part))
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }
        let typed = try await jwt(["encrypt", message, "--key", kw, "--enc", "A128GCM", "--header", #"{"typ":"example+jwt","cty":"JWT"}"#])
        #expect(typed.status == 0, "\(typed.stderr)")
        let typedHeader = try protectedHeader(typed.stdout)
        #expect(typedHeader["typ"] as? String == "example+jwt" && typedHeader["cty"] as? String == "JWT", "\(typedHeader)")
        let overridden = try await jwt(["encrypt", message, "--key", kw, "--enc", "A128GCM", "--header", #"{"typ":"a","cty":"b"}"#, "--typ", "c"])
        let overriddenHeader = try protectedHeader(overridden.stdout)
        #expect(overriddenHeader["typ"] as? String == "c" && overriddenHeader["cty"] as? String == "b", "\(overriddenHeader)")

        let dir = try file("dir.jwk", try await jwt(["keygen", "--alg", "dir", "--enc", "A128GCM"]).stdout)
        for arguments in [
            ["encrypt", message, "--key", kw, "--key", x25519, "--enc", "A128GCM"],                    // several keys: --json
            ["encrypt", message, "--key", kw, "--key", dir, "--enc", "A128GCM", "--json"],             // dir shares with none
            ["encrypt", message, "--key", kw, "--key", x25519, "--enc", "A128GCM", "--flattened"],
            ["encrypt", message, "--key", kw, "--enc", "A128GCM", "--json", "--flattened"],
            ["encrypt", message, "--key", kw, "--enc", "A128GCM", "--aad", aad],                        // compact has no aad
            ["encrypt", message, "--key", kw, "--enc", "A128GCM", "--header", #"{"enc":"A256GCM"}"#],
            ["encrypt", message, "--key", kw, "--enc", "A128GCM", "--header", #"{"p2c":1}"#],
            ["encrypt", message, "--key", kw, "--enc", "A128GCM", "--header", "[1]"],
            ["encrypt", message, "--key", kw, "--enc", "A128GCM", "--header", #"{"kid":"k"}"#],            // each recipient's own
            ["encrypt", message, "--key", kw, "--enc", "A128GCM", "--header", #"{"typ":5}"#],
            ["encrypt", message, "--key", kw, "--key", x25519, "--kid", "k", "--enc", "A128GCM", "--json"],
        ] {
            let run = try await jwt(arguments)
            #expect(run.status == 2 && run.stdout.isEmpty && run.stderr.split(separator: "\n").count == 1, "\(arguments): \(run.stderr)")
        }
        for text in [#"{"ciphertext":5}"#, #"{"recipients":[]}"#, "{"] {
            let run = try await jwt(["decrypt", text, "--key", kw])
            #expect(run.status == 1 && run.stdout.isEmpty, "\(text): \(run.stderr)")
        }
    }
}

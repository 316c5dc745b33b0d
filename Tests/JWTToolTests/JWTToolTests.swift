// The built `jwt` executable, run as a subprocess: every algorithm through keygen → sign → verify with the
// private key, its public PEM and its public JWK; every key-file form of Vectors/key_files.json (keys
// written by Python `cryptography`, tokens by joserfc) through verify, public-key and sign; --help on every
// command; exit 2 with one line for usage and unreadable input, exit 1 with the reason for a rejected token.

import Foundation
import PureJWT
import Testing
import TestSupport

private func jwt(_ arguments: [String], stdin: String? = nil) async throws -> ToolRun {
    try await ToolProcess.run("jwt", arguments, stdin: stdin)
}

/// A scratch folder, removed when the test ends.
private final class Scratch: @unchecked Sendable {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("jwt-tool-\(UUID().uuidString)")
    init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(at: url) }

    func write(_ name: String, _ text: String) throws -> String {
        let path = url.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

/// The key files PureJWT's own tests read (one copy in the repository).
private func keyFiles() throws -> KeyFilesFixture {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("PureJWTTests/Vectors/key_files.json")
    return try JSONDecoder().decode(KeyFilesFixture.self, from: Data(contentsOf: path))
}

private struct KeyFilesFixture: Decodable {
    struct Entry: Decodable { let alg: String; let forms: [String: String]; let token: String; let thumbprint: String }
    let keys: [Entry]
}

private struct Printed: Decodable {
    let header: [String: JSONValue]
    let claims: [String: JSONValue]
}

private func printed(_ run: ToolRun) throws -> Printed {
    try JSONDecoder().decode(Printed.self, from: Data(run.stdout.utf8))
}

private let claims = #"{"iss":"https://tool.example","aud":["api","web"],"sub":"user-1","big":12345678901234567890,"exp":4102444800}"#

// Serialized: each case runs subprocesses (RSA key generation takes seconds in a debug build), and run
// side by side they starved the timing tests of other modules on a 2-core machine.
@Suite("jwt command-line tool", .serialized)
struct JWTToolTests {
    @Test("--help for the tool and each command", arguments: ["keygen", "public-key", "thumbprint", "sign", "verify", "decode"])
    func help(command: String) async throws {
        let result = try await jwt([command, "--help"])
        #expect(result.status == 0 && result.stdout.contains("usage: jwt \(command)"), "\(result.stderr)")
        let tool = try await jwt(["--help"])
        #expect(tool.status == 0 && tool.stdout.contains(command))
    }

    @Test("every algorithm: keygen, sign, verify with the key, its public PEM and its public JWK; decode says it did not verify",
          arguments: ["ES256", "ES384", "ES512", "ES256K", "EdDSA", "Ed25519", "HS256", "HS384", "HS512", "ML-DSA-44", "ML-DSA-65", "ML-DSA-87"])
    func everyAlgorithm(alg: String) async throws {
        let scratch = try Scratch()
        let asJWK = alg == "ES384" || alg == "ML-DSA-87" || alg == "Ed25519" || alg == "ES256K"
        let generated = try await jwt(["keygen", "--alg", alg] + (asJWK ? ["--format", "jwk", "--kid", "k-\(alg)"] : []))
        #expect(generated.status == 0, "\(generated.stderr)")
        let keyFile = try scratch.write("key", generated.stdout)
        if alg.hasPrefix("HS") || asJWK {
            let jwk = try JSONDecoder().decode([String: String].self, from: Data(generated.stdout.utf8))
            #expect(jwk["alg"] == alg && (jwk["k"] != nil || jwk["d"] != nil || jwk["priv"] != nil))
        } else {
            #expect(generated.stdout.hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
        }
        try await signAndVerify(alg: alg, keyFile: keyFile, scratch: scratch, publicForms: !alg.hasPrefix("HS"))
    }

    @Test("one RSA key (cryptography's PKCS#8) signs and verifies RS256/384/512 and PS256/384/512, named with --alg")
    func rsaFamily() async throws {
        let scratch = try Scratch()
        // The fixture's key rather than a generated one: RSA key generation takes seconds of a core in a
        // debug build, and beside the timing tests of other modules that was enough to fail them on a
        // 2-core machine. `keygen --alg RS*/PS*` itself is run by scripts/check-jwt-tool-interop.py.
        let pem = try #require(try keyFiles().keys.first { $0.alg == "RS256" }?.forms["pkcs8"])
        let keyFile = try scratch.write("rsa.pem", pem)
        let unnamed = try await jwt(["sign", claims, "--key", keyFile])
        #expect(unnamed.status == 2 && unnamed.stderr.contains("choose one with --alg"), "\(unnamed.stderr)")
        for alg in ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512"] {
            try await signAndVerify(alg: alg, keyFile: keyFile, scratch: scratch, publicForms: alg == "RS256" || alg == "PS512", extra: ["--alg", alg])
        }
    }

    private func signAndVerify(alg: String, keyFile: String, scratch: Scratch, publicForms: Bool, extra: [String] = []) async throws {
        let signed = try await jwt(["sign", claims, "--key", keyFile, "--typ", "at+jwt", "--header", #"{"ver":2,"cty":"x"}"#] + extra)
        #expect(signed.status == 0, "\(alg): \(signed.stderr)")
        #expect(signed.stdout.hasSuffix("\n") && signed.stdout.split(separator: ".").count == 3)
        let token = signed.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        var verifyingKeys = [keyFile]
        if publicForms {
            for format in ["pem", "jwk"] {
                let exported = try await jwt(["public-key", "--key", keyFile, "--format", format])
                #expect(exported.status == 0, "\(alg) \(format): \(exported.stderr)")
                #expect(!exported.stdout.contains("\"d\"") && !exported.stdout.contains("\"priv\"") && !exported.stdout.contains("PRIVATE"))
                verifyingKeys.append(try scratch.write("public-\(format)", exported.stdout))
            }
        }
        for key in verifyingKeys {
            let verified = try await jwt(["verify", token, "--key", key, "--iss", "https://tool.example", "--aud", "web"])
            #expect(verified.status == 0, "\(alg) \(key): \(verified.stderr)")
            let output = try printed(verified)
            #expect(output.header["alg"] == .string(alg) && output.header["typ"] == .string("at+jwt") && output.header["ver"] == .number(2))
            #expect(output.claims["sub"] == .string("user-1"))
            // Numbers are printed as the token has them, not rounded through a Double.
            #expect(verified.stdout.contains("\"big\": 12345678901234567890"))
        }
        let decoded = try await jwt(["decode", "-"], stdin: token + "\n")
        #expect(decoded.status == 0 && decoded.stderr.contains("NOT VERIFIED") && decoded.stdout.contains("\"sub\": \"user-1\""))
    }

    @Test("every key-file form: joserfc's token verifies, the public key is cryptography's SPKI, and the key signs")
    func keyFileForms() async throws {
        let scratch = try Scratch()
        let fixture = try keyFiles()
        #expect(fixture.keys.count == 5)
        var checked = 0
        for entry in fixture.keys {
            let publicFile = try scratch.write("\(entry.alg)-spki.pem", entry.forms["spki"]!)
            for (form, pem) in entry.forms {
                let file = try scratch.write("\(entry.alg)-\(form).pem", pem)
                let verified = try await jwt(["verify", entry.token, "--key", file, "--aud", "api"])
                #expect(verified.status == 0, "\(entry.alg) \(form): \(verified.stderr)")
                let exported = try await jwt(["public-key", "--key", file])
                #expect(exported.stdout == entry.forms["spki"], "\(entry.alg) \(form)")
                let jwk = try await jwt(["public-key", "--key", file, "--format", "jwk", "--kid", "kid-1"])
                let thumbprint = try StrictJSONDecoder().decode(JSONWebKey.self, from: jwk.stdout).thumbprint()
                #expect(thumbprint == entry.thumbprint && jwk.stdout.contains("\"kid\": \"kid-1\""), "\(entry.alg) \(form)")
                if ["pkcs8", "sec1", "pkcs1_private"].contains(form) {
                    let alg = entry.alg == "RS256" ? ["--alg", "PS256"] : []
                    let signed = try await jwt(["sign", "{\"a\":1}", "--key", file] + alg)
                    #expect(signed.status == 0, "\(entry.alg) \(form): \(signed.stderr)")
                    let again = try await jwt(["verify", signed.stdout.trimmingCharacters(in: .newlines), "--key", publicFile])
                    #expect(again.status == 0, "\(entry.alg) \(form): \(again.stderr)")
                } else {
                    let refused = try await jwt(["sign", "{\"a\":1}", "--key", file, "--alg", entry.alg])
                    #expect(refused.status == 2 && refused.stderr.contains("public key"), "\(entry.alg) \(form)")
                }
                checked += 1
            }
        }
        #expect(checked == 20)
    }

    @Test("a JWK Set: the token's kid picks the key, unusable keys are skipped, and a kid not in the set is rejected")
    func keySet() async throws {
        let scratch = try Scratch()
        var jwks: [String] = [#"{"kty":"OKP","crv":"X25519","x":"AAAA","kid":"x25519"}"#]
        var tokens: [String] = []
        for (index, alg) in ["ES256", "EdDSA", "ES512"].enumerated() {
            let key = try scratch.write("k\(index)", try await jwt(["keygen", "--alg", alg, "--format", "jwk", "--kid", "kid-\(index)"]).stdout)
            jwks.append(try await jwt(["public-key", "--key", key, "--format", "jwk"]).stdout)
            tokens.append(try await jwt(["sign", claims, "--key", key]).stdout.trimmingCharacters(in: .newlines))
        }
        let set = try scratch.write("jwks.json", "{\"keys\": [" + jwks.joined(separator: ",") + "]}")
        for (index, token) in tokens.enumerated() {
            let verified = try await jwt(["verify", token, "--jwks", set])
            #expect(verified.status == 0, "\(verified.stderr)")
            #expect(try printed(verified).header["kid"] == .string("kid-\(index)"))
        }
        let narrowed = try await jwt(["verify", tokens[0], "--jwks", set, "--alg", "EdDSA"])
        #expect(narrowed.status == 1 && narrowed.stderr.contains("rejected"), "\(narrowed.stderr)")
        let other = try scratch.write("other", try await jwt(["keygen", "--alg", "ES256", "--format", "jwk", "--kid", "elsewhere"]).stdout)
        let stranger = try await jwt(["sign", claims, "--key", other]).stdout.trimmingCharacters(in: .newlines)
        let rejected = try await jwt(["verify", stranger, "--jwks", set])
        #expect(rejected.status == 1 && rejected.stderr.contains("elsewhere"), "\(rejected.stderr)")
        let asKey = try await jwt(["verify", stranger, "--key", set])
        #expect(asKey.status == 2 && asKey.stderr.contains("--jwks"))
    }

    @Test("an Ed25519 PEM key signs EdDSA, or Ed25519 (RFC 9864) with --alg; its public key verifies both names; --alg narrows")
    func ed25519Names() async throws {
        let scratch = try Scratch()
        let generated = try await jwt(["keygen", "--alg", "EdDSA"])
        #expect(generated.status == 0, "\(generated.stderr)")
        let key = try scratch.write("ed.pem", generated.stdout)
        let publicKey = try scratch.write("ed-public.pem", try await jwt(["public-key", "--key", key]).stdout)
        let plain = try await jwt(["sign", claims, "--key", key])
        let named = try await jwt(["sign", claims, "--key", key, "--alg", "Ed25519"])
        #expect(plain.status == 0 && named.status == 0, "\(plain.stderr) \(named.stderr)")
        for (run, alg) in [(plain, "EdDSA"), (named, "Ed25519")] {
            let token = run.stdout.trimmingCharacters(in: .newlines)
            let verified = try await jwt(["verify", token, "--key", publicKey])
            #expect(verified.status == 0, "\(verified.stderr)")
            #expect(try printed(verified).header["alg"] == .string(alg))
            let other = alg == "EdDSA" ? "Ed25519" : "EdDSA"
            let narrowed = try await jwt(["verify", token, "--key", publicKey, "--alg", other])
            #expect(narrowed.status == 1 && narrowed.stderr.contains("\"\(alg)\""), "\(narrowed.stderr)")
        }
        // Its public JWK names no "alg" (the key is for both); a JWK made for one name says it.
        let jwk = try await jwt(["public-key", "--key", key, "--format", "jwk"])
        #expect(jwk.status == 0 && !jwk.stdout.contains("\"alg\""), "\(jwk.stdout)")
        let pinned = try await jwt(["keygen", "--alg", "EdDSA", "--format", "jwk"])
        #expect(pinned.status == 0 && pinned.stdout.contains("\"alg\": \"EdDSA\""), "\(pinned.stdout)")
        let pinnedFile = try scratch.write("pinned.json", pinned.stdout)
        let refused = try await jwt(["sign", claims, "--key", pinnedFile, "--alg", "Ed25519"])
        #expect(refused.status == 2 && refused.stderr.contains("the key is for EdDSA"), "\(refused.stderr)")
    }

    @Test("HMAC: an oct JWK without alg needs --alg to sign and verifies the HS algorithms its length allows")
    func hmacWithoutAlg() async throws {
        let scratch = try Scratch()
        let secret = String(repeating: "A", count: 64)   // 48 bytes of base64url
        let key = try scratch.write("oct.json", #"{"kty":"oct","k":"\#(secret)"}"#)
        let unnamed = try await jwt(["sign", claims, "--key", key])
        #expect(unnamed.status == 2 && unnamed.stderr.contains("HS256, HS384"), "\(unnamed.stderr)")
        let hs512 = try await jwt(["sign", claims, "--key", key, "--alg", "HS512"])
        #expect(hs512.status == 2, "\(hs512.stderr)")
        let hs384 = try await jwt(["sign", claims, "--key", key, "--alg", "HS384"])
        #expect(hs384.status == 0, "\(hs384.stderr)")
        let token = hs384.stdout.trimmingCharacters(in: .newlines)
        #expect(try await jwt(["verify", token, "--key", key]).status == 0)
        #expect(try await jwt(["verify", token, "--key", key, "--alg", "HS256"]).status == 1)
        let noPublic = try await jwt(["public-key", "--key", key])
        #expect(noPublic.status == 2 && noPublic.stderr.contains("no public key"))
        // A 32-byte secret allows only HS256, but without "alg" it is not tied to it: --alg is still needed.
        let thirtyTwo = try scratch.write("oct32.json", #"{"kty":"oct","k":"\#(String(repeating: "A", count: 43))"}"#)
        let untied = try await jwt(["sign", claims, "--key", thirtyTwo])
        #expect(untied.status == 2 && untied.stderr.contains("--alg") && untied.stdout.isEmpty, "\(untied.stderr)")
        #expect(try await jwt(["sign", claims, "--key", thirtyTwo, "--alg", "HS256"]).status == 0)
        let short = try scratch.write("short.json", #"{"kty":"oct","k":"AAAA","alg":"HS256"}"#)
        let refused = try await jwt(["sign", claims, "--key", short])
        #expect(refused.status == 2 && refused.stderr.contains("at least 32 bytes"), "\(refused.stderr)")
    }
}

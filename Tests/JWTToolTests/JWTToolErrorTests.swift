// The `jwt` tool's exit codes: 2 and one line on standard error (nothing on standard output) for usage
// mistakes and unreadable input; 1 and the reason for a token that is rejected; never a crash.

import Foundation
import PureBase64
import Testing
import TestSupport

private func jwt(_ arguments: [String], stdin: String? = nil) async throws -> ToolRun {
    try await ToolProcess.run("jwt", arguments, stdin: stdin)
}

/// The folder `Material` writes its files to, removed when the test process exits (the material is shared
/// by every test of the suite, so no one test can remove it; without this, each run left a folder behind).
nonisolated(unsafe) private var materialFolderPath: String?

/// An ES256 key and a token it signed, made once through the tool.
private actor Material {
    static let shared = Material()
    private var made: (folder: URL, key: String, publicKey: String, token: String)?

    func get() async throws -> (folder: URL, key: String, publicKey: String, token: String) {
        if let made { return made }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jwt-errors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        materialFolderPath = folder.path
        atexit { if let path = materialFolderPath { try? FileManager.default.removeItem(atPath: path) } }
        let key = folder.appendingPathComponent("key.pem").path, publicKey = folder.appendingPathComponent("public.pem").path
        try await jwt(["keygen", "--alg", "ES256"]).stdout.write(toFile: key, atomically: true, encoding: .utf8)
        try await jwt(["public-key", "--key", key]).stdout.write(toFile: publicKey, atomically: true, encoding: .utf8)
        let claims = #"{"iss":"https://tool.example","aud":"api","nbf":1700000000,"exp":1800000000}"#
        let token = try await jwt(["sign", claims, "--key", key]).stdout.trimmingCharacters(in: .newlines)
        made = (folder, key, publicKey, token)
        return made!
    }
}

@Suite("jwt exit codes", .serialized)
struct JWTToolErrorTests {
    @Test("usage mistakes and unreadable input: exit 2, one line, nothing printed", arguments: [
        [], ["frobnicate"], ["keygen"], ["keygen", "--alg", "none"], ["keygen", "--alg", "es256"], ["keygen", "--alg", "ES256", "--bits", "2048"],
        ["keygen", "--alg", "RS256", "--bits", "1024"], ["keygen", "--alg", "RS256", "--bits", "nan"], ["keygen", "--alg", "HS256", "--format", "pem"],
        ["keygen", "--alg", "ES256", "--format", "der"], ["keygen", "--alg", "ES256", "--kid", "a"], ["keygen", "--alg", "ES256", "extra"],
        ["keygen", "--alg"], ["keygen", "--wat", "1"],
        ["public-key"], ["public-key", "--key", "/nonexistent/key.pem"], ["public-key", "--key", "/"], ["public-key", "--key", "/dev/zero"],
        ["public-key", "--key", "@KEY", "--format", "der"], ["public-key", "--key", "@KEY", "--kid", "x"],
        ["sign"], ["sign", "{}"], ["sign", "{}", "--key", "@PUBLIC"], ["sign", "{}", "--key", "@KEY", "--alg", "ES384"],
        ["sign", "{}", "--key", "@KEY", "--alg", "RS256"], ["sign", "[1]", "--key", "@KEY"], ["sign", "{\"a\":1,\"a\":2}", "--key", "@KEY"],
        ["sign", "{\"a\":", "--key", "@KEY"], ["sign", "{\"exp\":\"soon\"}", "--key", "@KEY"], ["sign", "{\"sub\":1}", "--key", "@KEY", "--flattened"],
        ["sign", "{\"nbf\":1e999}", "--key", "@KEY", "--json"], ["sign", "{\"aud\":[\"a\",2]}", "--key", "@KEY"], ["sign", "/nonexistent/claims.json", "--key", "@KEY"],
        ["sign", "{}", "--key", "@KEY", "--header", "{\"alg\":\"none\"}"], ["sign", "{}", "--key", "@KEY", "--header", "{\"crit\":[\"x\"]}"],
        ["sign", "{}", "--key", "@KEY", "--header", "[]"], ["sign", "{}", "--key", "@KEY", "--header", "{\"kid\":1}"],
        ["sign", "{}", "{}", "--key", "@KEY"],
        ["verify", "@TOKEN"], ["verify", "@TOKEN", "--key", "@KEY", "--jwks", "@KEY"], ["verify", "@TOKEN", "--jwks", "@KEY"],
        ["verify", "@TOKEN", "--key", "@KEY", "--now", "nan"], ["verify", "@TOKEN", "--key", "@KEY", "--now", "1e300"],
        ["verify", "@TOKEN", "--key", "@KEY", "--leeway", "-1"], ["verify", "@TOKEN", "--key", "@KEY", "--leeway", "inf"],
        ["verify", "@TOKEN", "--key", "@KEY", "--alg", "HS256"], ["verify", "@TOKEN", "--key", "@KEY", "--alg", "XS256"],
        ["verify", "--key", "@KEY"], ["decode"], ["decode", "a", "b"], ["decode", ""], ["decode", " \n"],
    ])
    func usage(arguments: [String]) async throws {
        let material = try await Material.shared.get()
        let resolved = arguments.map { $0 == "@KEY" ? material.key : $0 == "@PUBLIC" ? material.publicKey : $0 == "@TOKEN" ? material.token : $0 }
        let result = try await jwt(resolved)
        #expect(result.status == 2, "\(arguments): \(result.status) \(result.stderr)")
        #expect(result.stdout.isEmpty, "\(arguments)")
        let lines = result.stderr.split(separator: "\n")
        #expect(!lines.isEmpty && (arguments.count < 1 || ["frobnicate"].contains(arguments[0]) || lines.count == 1), "\(arguments): \(result.stderr)")
    }

    @Test("rejected tokens: exit 1 and the reason", arguments: [
        ("tampered", "signature does not verify"), ("expired", "expired"), ("not yet valid", "not valid before"),
        ("issuer", "issuer"), ("audience", "audience"), ("none", "none"), ("garbage", "compact JWS"), ("other key", "signature does not verify"),
    ])
    func rejected(case name: String, reason: String) async throws {
        let material = try await Material.shared.get()
        var token = material.token, arguments: [String] = ["--key", material.publicKey]
        switch name {
        case "tampered": token = String(token.dropLast(2)) + (token.hasSuffix("AA") ? "BA" : "AA")
        case "expired": arguments += ["--now", "1900000000"]
        case "not yet valid": arguments += ["--now", "1600000000"]
        case "issuer": arguments += ["--iss", "https://other.example"]
        case "audience": arguments += ["--aud", "web", "--aud", "app"]
        case "none": token = Base64URL.encode(Array(#"{"alg":"none"}"#.utf8)) + "." + token.split(separator: ".")[1] + ".AAAA"
        case "garbage": token = "not.a-token"
        default:
            let other = material.folder.appendingPathComponent("other.pem").path
            try await jwt(["keygen", "--alg", "ES256"]).stdout.write(toFile: other, atomically: true, encoding: .utf8)
            arguments = ["--key", other]
        }
        let result = try await jwt(["verify", token] + arguments)
        #expect(result.status == 1, "\(name): \(result.stderr)")
        #expect(result.stdout.isEmpty && result.stderr.split(separator: "\n").count == 1 && result.stderr.contains(reason), "\(name): \(result.stderr)")
        if name == "garbage" || name == "none" {
            #expect(try await jwt(["decode", token]).status == (name == "garbage" ? 1 : 0))
        }
    }

    @Test("the token verifies within its window, with --leeway stretching it, and from standard input")
    func accepted() async throws {
        let material = try await Material.shared.get()
        #expect(try await jwt(["verify", material.token, "--key", material.publicKey, "--now", "1750000000", "--iss", "https://tool.example", "--aud", "api"]).status == 0)
        #expect(try await jwt(["verify", material.token, "--key", material.publicKey, "--now", "1800000030", "--leeway", "60"]).status == 0)
        #expect(try await jwt(["verify", "-", "--key", material.publicKey, "--now", "1750000000"], stdin: material.token + "\n").status == 0)
    }

    @Test("sign prints no token over the 16 KiB that verify accepts by default; one just under it verifies")
    func tokenSizeLimit() async throws {
        let material = try await Material.shared.get()
        // An ES256 token of {"pad": n letters}: header 36 + claims ⌈(10 + n)·4/3⌉ + signature 86 + 2 dots.
        let over = try await jwt(["sign", #"{"pad":""# + String(repeating: "x", count: 12_200) + #""}"#, "--key", material.key])
        #expect(over.status == 2 && over.stdout.isEmpty && over.stderr.contains("over the 16384 that jwt verify"), "\(over.stderr)")
        let under = try await jwt(["sign", #"{"pad":""# + String(repeating: "x", count: 12_100) + #""}"#, "--key", material.key])
        #expect(under.status == 0 && under.stdout.utf8.count <= 16_385, "\(under.stderr)")
        #expect(try await jwt(["verify", "-", "--key", material.publicKey], stdin: under.stdout).status == 0)
    }

    @Test("an empty token on standard input: exit 2, saying so", arguments: ["verify", "decode", "decrypt"])
    func emptyInput(command: String) async throws {
        let material = try await Material.shared.get()
        let result = try await jwt([command, "-"] + (command == "decode" ? [] : ["--key", material.key]), stdin: "\n")
        #expect(result.status == 2 && result.stdout.isEmpty && result.stderr == "jwt \(command): standard input is empty: no token to read\n", "\(result.stderr)")
    }

    @Test("the token and the key both on standard input: exit 2, saying that only one can be -", arguments: ["verify", "decrypt"])
    func standardInputTwice(command: String) async throws {
        let material = try await Material.shared.get()
        // Standard input was read for the token, and the key's read found nothing: the tool said the key was
        // neither a PEM file nor a JWK.
        let result = try await jwt([command, "-", "--key", "-"], stdin: material.token + "\n")
        #expect(result.status == 2 && result.stdout.isEmpty, "\(result.stderr)")
        #expect(result.stderr == "jwt \(command): standard input is already given for another argument; only one can be -: give this one as a file\n", "\(result.stderr)")
    }

    @Test("a file named where TOKEN goes: exit 2, saying to give - and the file on standard input", arguments: ["verify", "decode", "decrypt"])
    func tokenFile(command: String) async throws {
        let material = try await Material.shared.get()
        let path = material.folder.appendingPathComponent("token.jwt").path
        try material.token.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try await jwt([command, path] + (command == "decode" ? [] : ["--key", material.key]))
        #expect(result.status == 2, "\(command): \(result.stderr)")
        #expect(result.stdout.isEmpty && result.stderr == "jwt \(command): \(path) is a file; TOKEN is the token itself: give - in its place and the file on standard input (< \(path))\n", "\(result.stderr)")
    }
}

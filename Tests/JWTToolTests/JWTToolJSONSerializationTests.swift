// The jwt tool with JWS JSON serializations (RFC 7515 §7.2): joserfc's general and flattened JWS of JWT
// claims (PureJWTTests/Vectors/jws_json_claims_joserfc.json, by generate_jws_json_claims.py) verified with
// each signer's public JWK — the signature index printed — and refused with a key that signed none of them;
// the tool's own --flattened and --json output verified by the tool with each key, with the claims checked;
// and the option combinations the tool refuses. (scripts/check-jwt-tool-interop.py has joserfc verify the
// tool's serializations.)

import Foundation
import PureJWT
import Testing
import TestSupport

private func jwt(_ arguments: [String], stdin: String? = nil) async throws -> ToolRun {
    try await ToolProcess.run("jwt", arguments, stdin: stdin)
}

private struct ClaimsFixture: Decodable {
    let claims: [String: JSONValue]
    let public_jwks: [String: [String: String]]
    let general: JSONValue
    let general_signers: [String]
    let flattened: JSONValue
    let flattened_signer: String

    static func load() throws -> ClaimsFixture {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PureJWTTests/Vectors/jws_json_claims_joserfc.json")
        return try JSONDecoder().decode(ClaimsFixture.self, from: Data(contentsOf: path))
    }
}

private struct Printed: Decodable {
    let header: [String: JSONValue]
    let claims: [String: JSONValue]
    let signature: Int?
}

private func text(_ value: JSONValue) throws -> String { String(decoding: try JSONEncoder().encode(value), as: UTF8.self) }

private let claims = #"{"iss":"https://tool.example","aud":"api","sub":"user-9","exp":4102444800}"#

@Suite("jwt tool: JWS JSON serializations", .serialized)
struct JWTToolJSONSerializationTests {
    @Test("joserfc's general and flattened JWS verify with each signer's public JWK; another key is refused")
    func joserfcSerializations() async throws {
        let fixture = try ClaimsFixture.load()
        #expect(fixture.general_signers == ["ES256", "ES256K", "Ed25519"] && fixture.public_jwks.count == 3)
        let general = try text(fixture.general), flattened = try text(fixture.flattened)
        for (index, signer) in fixture.general_signers.enumerated() {
            let key = try ScratchFiles.write(try text(.object(fixture.public_jwks[signer]!.mapValues { .string($0) })), "\(signer).jwk")
            let verified = try await jwt(["verify", "-", "--key", key, "--aud", "api"], stdin: general)
            #expect(verified.status == 0, "\(signer): \(verified.stderr)")
            let printed = try JSONDecoder().decode(Printed.self, from: Data(verified.stdout.utf8))
            #expect(printed.signature == index && printed.header["alg"] == .string(signer) && printed.claims == fixture.claims)
            if signer == fixture.flattened_signer {
                let single = try await jwt(["verify", "-", "--key", key], stdin: flattened)
                #expect(single.status == 0 && single.stdout.contains(#""signature": 0"#), "\(single.stderr)")
            }
        }
        let stranger = try ScratchFiles.write(try await jwt(["keygen", "--alg", "ES256"]).stdout, "stranger.pem")
        let refused = try await jwt(["verify", "-", "--key", stranger], stdin: general)
        #expect(refused.status == 1 && refused.stderr.contains("rejected"), "\(refused.stderr)")
        let wrongAudience = try await jwt(["verify", "-", "--key", try ScratchFiles.write(try text(.object(fixture.public_jwks["ES256"]!.mapValues { .string($0) })), "p.jwk"),
                                           "--aud", "web"], stdin: general)
        #expect(wrongAudience.status == 1 && wrongAudience.stderr.contains("aud"), "\(wrongAudience.stderr)")
    }

    @Test("sign --flattened and --json: the tool verifies its own output with each key, kid protected in the flattened form")
    func toolSerializations() async throws {
        let es256 = try ScratchFiles.write(try await jwt(["keygen", "--alg", "ES256", "--format", "jwk", "--kid", "a"]).stdout, "a.jwk")
        let ed25519 = try ScratchFiles.write(try await jwt(["keygen", "--alg", "Ed25519"]).stdout, "b.pem")
        let flattened = try await jwt(["sign", claims, "--key", es256, "--flattened", "--typ", "at+jwt"])
        #expect(flattened.status == 0, "\(flattened.stderr)")
        let document = try JSONDecoder().decode([String: JSONValue].self, from: Data(flattened.stdout.utf8))
        #expect(document["signature"] != nil && document["signatures"] == nil && document["header"] == nil)
        let verifiedFlat = try await jwt(["verify", "-", "--key", es256], stdin: flattened.stdout)
        let flat = try JSONDecoder().decode(Printed.self, from: Data(verifiedFlat.stdout.utf8))
        #expect(flat.header["kid"] == .string("a") && flat.header["typ"] == .string("at+jwt") && flat.claims["sub"] == .string("user-9"))

        let general = try await jwt(["sign", claims, "--json", "--key", es256, "--key", ed25519])
        #expect(general.status == 0, "\(general.stderr)")
        for (index, key) in [es256, ed25519].enumerated() {
            let verified = try await jwt(["verify", "-", "--key", key], stdin: general.stdout)
            #expect(verified.status == 0, "\(verified.stderr)")
            #expect(try JSONDecoder().decode(Printed.self, from: Data(verified.stdout.utf8)).signature == index)
        }
        let expired = try await jwt(["sign", #"{"exp":1}"#, "--key", es256, "--flattened"])
        let rejected = try await jwt(["verify", "-", "--key", es256], stdin: expired.stdout)
        #expect(rejected.status == 1 && rejected.stderr.contains("expired"), "\(rejected.stderr)")
    }

    @Test("refused: several keys without --json, --kid/--typ/--header or --flattened with --json, --alg with several keys")
    func refusedCombinations() async throws {
        let a = try ScratchFiles.write(try await jwt(["keygen", "--alg", "ES256"]).stdout, "a.pem")
        let b = try ScratchFiles.write(try await jwt(["keygen", "--alg", "EdDSA"]).stdout, "b.pem")
        for (arguments, message) in [
            (["--key", a, "--key", b], "only with --json"),
            (["--json", "--key", a, "--kid", "x"], "--kid applies"),
            (["--json", "--key", a, "--typ", "x"], "--typ applies"),
            (["--json", "--key", a, "--flattened"], "not both"),
            (["--json", "--key", a, "--key", b, "--alg", "ES256"], "--alg names one key"),
            (["--json"], "missing --key"),
        ] {
            let run = try await jwt(["sign", claims] + arguments)
            #expect(run.status == 2 && run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
        let empty = try await jwt(["verify", "-", "--key", a], stdin: #"{"payload":"e30","signatures":[]}"#)
        #expect(empty.status == 1 && empty.stderr.contains("at least one signature"), "\(empty.stderr)")
    }
}

// The jwt tool with ML-DSA keys beyond keygen/sign/verify (JWTToolTests runs those for the three sizes):
// every PKCS#8 form signs (seed, expanded, both: PureMLDSATests/Vectors/mldsa_key_formats.json), the key
// files it must refuse exit 2 with the reason, and `jwt thumbprint` prints RFC 7638 thumbprints that
// match RFC 9964's kids and those of other key types.

import Foundation
import PureJWT
import Testing
import TestSupport

private func jwt(_ arguments: [String], stdin: String? = nil) async throws -> ToolRun {
    try await ToolProcess.run("jwt", arguments, stdin: stdin)
}

private func vectorPath(_ relative: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(relative)
}

private func write(_ text: String, _ name: String) throws -> String {
    try ScratchFiles.write(text, name)
}

/// DER bytes as a PEM "PRIVATE KEY".
private func pem(_ hex: String) throws -> String {
    let body = Data(try [UInt8](hex: hex)).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
    return "-----BEGIN PRIVATE KEY-----\n\(body)\n-----END PRIVATE KEY-----\n"
}

private struct KeyFormats: Decodable {
    struct Size: Decodable {
        struct Refused: Decodable { let name: String; let der: String }
        let size: Int
        let pkcs8Seed, pkcs8Expanded, pkcs8Both, spkiPEM: String
        let refused: [Refused]
    }
    let sizes: [Size]
}

@Suite("jwt tool: ML-DSA key files and thumbprints", .serialized)
struct JWTToolMLDSATests {
    @Test("a PKCS#8 key in the seed, expanded or both form signs; refused files exit 2 with the reason")
    func pkcs8Forms() async throws {
        let formats = try JSONDecoder().decode(KeyFormats.self, from: Data(contentsOf: vectorPath("PureMLDSATests/Vectors/mldsa_key_formats.json")))
        let entry = try #require(formats.sizes.first { $0.size == 65 })
        let publicFile = try write(entry.spkiPEM, "public.pem")
        for (form, der) in [("seed", entry.pkcs8Seed), ("expanded", entry.pkcs8Expanded), ("both", entry.pkcs8Both)] {
            let keyFile = try write(try pem(der), "\(form).pem")
            let signed = try await jwt(["sign", #"{"sub":"pq"}"#, "--key", keyFile])
            #expect(signed.status == 0, "\(form): \(signed.stderr)")
            let verified = try await jwt(["verify", signed.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "--key", publicFile])
            #expect(verified.status == 0 && verified.stdout.contains("ML-DSA-65"), "\(form): \(verified.stderr)")
        }
        for refused in entry.refused {
            let keyFile = try write(try pem(refused.der), "refused.pem")
            let run = try await jwt(["sign", "{}", "--key", keyFile])
            #expect(run.status == 2 && run.stderr.split(separator: "\n").count == 1, "\(refused.name): \(run.stderr)")
        }
        let mismatched = try await jwt(["sign", "{}", "--key", try write(try pem(entry.refused[0].der), "both.pem")])
        #expect(mismatched.stderr.contains("does not belong"), "\(mismatched.stderr)")
    }

    @Test("AKP JWKs it must refuse: priv not giving pub, an unknown algorithm")
    func refusedJWKs() async throws {
        let generated = try await jwt(["keygen", "--alg", "ML-DSA-44", "--format", "jwk"])
        var jwk = try JSONDecoder().decode([String: String].self, from: Data(generated.stdout.utf8))
        jwk["priv"] = "AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE"
        let mismatched = try await jwt(["sign", "{}", "--key", try write(String(decoding: try JSONEncoder().encode(jwk), as: UTF8.self), "k.jwk")])
        #expect(mismatched.status == 2 && mismatched.stderr.contains("does not give the public key"), "\(mismatched.stderr)")
        jwk["priv"] = nil
        jwk["alg"] = "ML-DSA-128"
        let unknown = try await jwt(["verify", "a.b.c", "--key", try write(String(decoding: try JSONEncoder().encode(jwk), as: UTF8.self), "u.jwk")])
        #expect(unknown.status == 2 && unknown.stderr.contains("ML-DSA-128"), "\(unknown.stderr)")
    }

    @Test("thumbprint: RFC 9964's kids, the same for a private key and its public key, every key type")
    func thumbprints() async throws {
        struct Example: Decodable { let jwk: [String: String] }
        for size in [44, 65, 87] {
            let example = try JSONDecoder().decode(Example.self, from: Data(contentsOf: vectorPath("PureJWTTests/Vectors/ML_DSA_\(size).jose.json")))
            let file = try write(String(decoding: try JSONEncoder().encode(example.jwk), as: UTF8.self), "\(size).jwk")
            let run = try await jwt(["thumbprint", "--key", file])
            #expect(run.status == 0 && run.stdout == example.jwk["kid"]! + "\n", "\(size): \(run.stdout) \(run.stderr)")
        }
        // RFC 7638 §3.1's RSA example key and thumbprint.
        let rsa = #"{"kty":"RSA","n":"0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw","e":"AQAB","alg":"RS256","kid":"2011-04-29"}"#
        let rsaRun = try await jwt(["thumbprint", "--key", try write(rsa, "rsa.jwk")])
        #expect(rsaRun.stdout == "NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs\n", "\(rsaRun.stderr)")
        for alg in ["ES256", "EdDSA", "ML-DSA-65"] {
            let key = try write((try await jwt(["keygen", "--alg", alg])).stdout, "\(alg).pem")
            let publicKey = try write((try await jwt(["public-key", "--key", key])).stdout, "\(alg).pub")
            let fromPrivate = try await jwt(["thumbprint", "--key", key]), fromPublic = try await jwt(["thumbprint", "--key", publicKey])
            #expect(fromPrivate.status == 0 && fromPrivate.stdout == fromPublic.stdout && fromPrivate.stdout.count == 44, "\(alg)")
        }
        let help = try await jwt(["thumbprint", "--help"])
        #expect(help.status == 0 && help.stdout.contains("usage: jwt thumbprint"))
        let missing = try await jwt(["thumbprint"])
        #expect(missing.status == 2)
    }
}

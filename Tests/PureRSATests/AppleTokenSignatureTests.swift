// Every real Apple identity token and server-to-server notification in the vector set, verified (signature
// only; claims belong to AppleAuth) against its key from the Apple JWKS snapshots, and refused after any
// one-byte change of header, payload or signature.

import PureBase64
import PureRSA
import Testing
import TestSupport

private struct KeysByKid: Decodable {
    struct Entry: Decodable { let jwk: [String: String] }
    let keys_by_kid: [String: Entry]
}
private struct Tokens: Decodable {
    struct Token: Decodable, Sendable { let kind: String; let kid: String; let alg: String; let jwt: String }
    let tokens: [Token]
}

func Base64URLDecode(_ text: String) throws -> [UInt8] { try Base64URL.decode(text) }

@Suite("Apple-signed tokens (RS256 signatures)")
struct AppleTokenSignatureTests {
    private func allTokens() throws -> [Tokens.Token] {
        try VectorFiles.json(Tokens.self, "apple_identity_tokens_verified.json").tokens
            + VectorFiles.json(Tokens.self, "apple_server_notifications_verified.json").tokens
    }

    private func appleKey(_ kid: String) throws -> RSA.Signing.PublicKey {
        let keys = try VectorFiles.json(KeysByKid.self, "apple_keys_by_kid.json").keys_by_kid
        let jwk = try #require(keys[kid]?.jwk)
        #expect(jwk["kty"] == "RSA" && jwk["alg"] == "RS256")
        return try RSA.Signing.PublicKey(modulus: Base64URLDecode(try #require(jwk["n"])),
                                         publicExponent: Base64URLDecode(try #require(jwk["e"])))
    }

    @Test("all 5 identity tokens and 2 notifications verify against their kid's key")
    func verify() throws {
        let tokens = try allTokens()
        #expect(tokens.count == 7)
        for token in tokens {
            #expect(token.alg == "RS256")
            let parts = token.jwt.split(separator: ".", omittingEmptySubsequences: false)
            try #require(parts.count == 3)
            let key = try appleKey(token.kid)
            #expect(key.keySizeInBits == 2048)
            let signingInput = Array(token.jwt.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))
            let signature = RSA.Signing.RSASignature(rawRepresentation: try Base64URLDecode(String(parts[2])))
            #expect(key.isValidSignature(signature, for: signingInput), "\(token.kind) \(token.kid)")
        }
    }

    @Test("any one changed byte of the signing input or signature is refused")
    func oneByteChanges() throws {
        var checked = 0
        for token in try allTokens() {
            let parts = token.jwt.split(separator: ".", omittingEmptySubsequences: false)
            let key = try appleKey(token.kid)
            let signingInput = Array(token.jwt.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))
            let signature = try Base64URLDecode(String(parts[2]))
            // Every 7th byte of the signing input (so every region of header and payload), every 13th of the signature.
            for index in stride(from: 0, to: signingInput.count, by: 7) {
                var changed = signingInput
                changed[index] ^= 0x20
                #expect(!key.isValidSignature(.init(rawRepresentation: signature), for: changed))
                checked += 1
            }
            for index in stride(from: 0, to: signature.count, by: 13) {
                var changed = signature
                changed[index] &+= 1
                #expect(!key.isValidSignature(.init(rawRepresentation: changed), for: signingInput))
                checked += 1
            }
            // Another kid's key refuses it.
            let other = try appleKey(token.kid == "AIDOPK1" ? "eXaunmL" : "AIDOPK1")
            #expect(!other.isValidSignature(.init(rawRepresentation: signature), for: signingInput))
        }
        #expect(checked > 500)
    }
}

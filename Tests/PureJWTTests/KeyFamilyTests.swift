// Keys for a family of algorithms: an RSA key without "alg" verifies joserfc's RS and PS tokens alike, an
// oct key without "alg" the HS tokens its length allows; narrowing refuses the rest before any arithmetic;
// a family key signs with any of its algorithms by the header's "alg", and is written without "alg".

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureBase64
@testable import PureJWT
import Testing
import TestSupport

private struct HMACTokenFile: Decodable {
    struct Case: Decodable { let alg: String; let jwk: [String: String]; let token: String }
    let cases: [Case]
}

private struct AnyClaims: Codable, Equatable { let iss: String }

private func jwk(_ members: [String: String]) throws -> JSONWebKey {
    try JSONDecoder().decode(JSONWebKey.self, from: JSONEncoder().encode(members))
}

private func mismatch(_ body: () throws -> Void) -> Bool {
    do { try body() } catch let error as JWTError {
        if case .algorithmMismatch = error.reason { return true }
    } catch {}
    return false
}

private let validation = JWTValidation(issuer: "https://issuer.example", audiences: ["api"],
                                       now: { Date(timeIntervalSince1970: 1_800_000_100) })

@Suite("RSA and HMAC keys for a family of algorithms")
struct KeyFamilyTests {
    @Test("an RSA JWK without alg verifies joserfc's RS256/384/512 and PS256/384/512 tokens; narrowed, only its list")
    func rsaFamily() throws {
        let file = try VectorFiles.json(RSATokens.self, "rsa_joserfc_tokens.json")
        #expect(file.cases.count == 6)
        #expect(file.jwk_public["alg"] == nil && file.jwk_private["alg"] == nil)
        let publicKey = try jwk(file.jwk_public).jwtKey()
        #expect(publicKey.algorithms == JWTKey.rsaAlgorithms)
        let rs256Only = try publicKey.restricted(to: [.rs256, .hs256])
        #expect(rs256Only.algorithms == [.rs256])
        for test in file.cases {
            #expect(try JWTVerifier(keys: [publicKey]).verify(test.token, as: RSATokens.Claims.self, validation: validation) == test.claims)
            if test.alg == "RS256" {
                #expect(try JWTVerifier(keys: [rs256Only]).verify(test.token, as: RSATokens.Claims.self, validation: validation) == test.claims)
            } else {
                // No kid in the token: no key for its algorithm; with the kid named, the key's list refuses it.
                #expect(throws: JWTError.self) { try JWTVerifier(keys: [rs256Only]).verify(test.token, as: RSATokens.Claims.self, validation: validation) }
                #expect(mismatch { _ = try JWTVerifier(keys: [rs256Only.withKeyID("k")]).verifiedPayload(relabelled(test.token, kid: "k")) })
            }
        }
        #expect(throws: JWTError.self) { try publicKey.restricted(to: [.es256, .hs256]) }
    }

    @Test("an RSA private key for a family signs each algorithm the header names, and the default is the first")
    func rsaFamilySigning() throws {
        let file = try VectorFiles.json(RSATokens.self, "rsa_joserfc_tokens.json")
        let privateKey = try jwk(file.jwk_private).jwtKey()
        let publicKey = try jwk(file.jwk_public).jwtKey()
        let claims = file.cases[0].claims
        let signer = JWTSigner(key: try privateKey.restricted(to: [.ps384, .rs512]))
        #expect(signer.key.algorithm == .ps384)
        for alg in ["PS384", "RS512"] {
            let token = try signer.sign(claims, header: JWTHeader(alg: alg))
            #expect(try JWTHeader(unverifiedFrom: token).alg == alg)
            #expect(try JWTVerifier(keys: [publicKey]).verify(token, as: RSATokens.Claims.self, validation: validation) == claims)
            let only = try publicKey.restricted(to: [JWTAlgorithm(rawValue: alg)!])
            #expect(try JWTVerifier(keys: [only]).verify(token, as: RSATokens.Claims.self, validation: validation) == claims)
        }
        #expect(try JWTHeader(unverifiedFrom: signer.sign(claims)).alg == "PS384")
        #expect(mismatch { _ = try signer.sign(claims, header: JWTHeader(alg: "RS256")) })
        #expect(mismatch { _ = try signer.sign(claims, header: JWTHeader(alg: "ES256")) })
        // The family key is written without "alg", and read back as the same family.
        let written = try JSONWebKey(privateKeyOf: privateKey)
        #expect(written.alg == nil)
        #expect(try written.jwtKey().algorithms == JWTKey.rsaAlgorithms)
        #expect(JSONWebKey(publicKeyOf: try privateKey.restricted(to: [.ps256]))?.alg == "PS256")
    }

    @Test("RSA lists: empty, or naming a non-RSA algorithm, are refused")
    func rsaLists() throws {
        let file = try VectorFiles.json(RSATokens.self, "rsa_joserfc_tokens.json")
        guard case .rsa(let key) = try jwk(file.jwk_public).jwtKey().material else {
            Issue.record("not an RSA key")
            return
        }
        #expect(throws: JWTError.self) { try JWTKey.rsa(key, algorithms: []) }
        #expect(throws: JWTError.self) { try JWTKey.rsa(key, algorithms: [.rs256, .hs256]) }
        #expect(throws: JWTError.self) { try JWTKey.rsa(key, algorithms: [.eddsa]) }
        #expect(try JWTKey.rsa(key, algorithms: [.ps256, .ps256, .rs256]).algorithms == [.ps256, .rs256])
    }

    @Test("an oct JWK without alg allows the HS algorithms its length allows (RFC 7518 §3.2); joserfc's HS tokens")
    func hmacFamily() throws {
        let file = try VectorFiles.json(HMACTokenFile.self, "more_algorithms_tokens.json")
        let hs384 = try #require(file.cases.first { $0.alg == "HS384" }), hs512 = try #require(file.cases.first { $0.alg == "HS512" })
        var members384 = hs384.jwk, members512 = hs512.jwk
        members384["alg"] = nil
        members512["alg"] = nil
        let key48 = try jwk(members384).jwtKey(), key64 = try jwk(members512).jwtKey()
        #expect(key48.algorithms == [.hs256, .hs384])
        #expect(key64.algorithms == [.hs256, .hs384, .hs512])
        #expect(try JWTVerifier(keys: [key48]).verifiedPayload(hs384.token).count > 0)
        #expect(try JWTVerifier(keys: [key64]).verifiedPayload(hs512.token).count > 0)
        // The 48-byte key named by the token's kid does not allow HS512.
        #expect(mismatch { _ = try JWTVerifier(keys: [key48.withKeyID("hs512")]).verifiedPayload(hs512.token) })
        // The family key signs HS384 by the header, and the token verifies under the JWK with "alg" HS384.
        let token = try JWTSigner(key: key48).sign(AnyClaims(iss: "x"), header: JWTHeader(alg: "HS384"))
        #expect(try JWTVerifier(keys: [jwk(hs384.jwk).jwtKey()]).verify(token, as: AnyClaims.self, validation: JWTValidation(issuer: "x", audiences: nil, requiresExpiration: false)) == AnyClaims(iss: "x"))
    }

    @Test("HMAC secrets shorter than a listed algorithm's hash output are refused with the lengths in the message")
    func hmacLengths() throws {
        #expect(try JWTKey.hmac([UInt8](repeating: 7, count: 40)).algorithms == [.hs256])
        for (length, algorithms, needed) in [(31, nil, 32), (40, [JWTAlgorithm.hs384], 48), (63, [.hs256, .hs512], 64)] as [(Int, [JWTAlgorithm]?, Int)] {
            do {
                _ = try JWTKey.hmac([UInt8](repeating: 7, count: length), algorithms: algorithms)
                Issue.record("a \(length)-byte secret was accepted")
            } catch {
                #expect(error.description.contains("at least \(needed) bytes") && error.description.contains("this one is \(length)"), "\(error)")
            }
        }
        #expect(throws: JWTError.self) { try JWTKey.hmac([UInt8](repeating: 7, count: 64), algorithms: [.rs256]) }
        #expect(throws: JWTError.self) { try JWTKey.hmac([UInt8](repeating: 7, count: 64), algorithms: []) }
    }
}

/// `token` with "kid" added to its header (the signature no longer matters: the algorithm check comes first).
private func relabelled(_ token: String, kid: String) throws -> String {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    let header = try JWTHeader(unverifiedFrom: token)
    let json = "{\"alg\":\"\(header.alg)\",\"kid\":\"\(kid)\"}"
    return ([Base64URL.encode(Array(json.utf8))] + parts[1...].map(String.init)).joined(separator: ".")
}

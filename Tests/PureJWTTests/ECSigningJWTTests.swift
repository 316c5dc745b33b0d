// ES256, ES384 and ES512 signing: RFC 6979 signatures reproduced byte for byte from Python `cryptography`'s
// deterministic ECDSA over the same signing input (Vectors/ec_signing_vectors.json, made by
// Vectors/generate_ec_signing.py), joserfc's tokens verified, and our own tokens verified after a round
// trip of the key through its JWK; JWKs of every key type written and read back.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureBase64
import PureCurve25519
@testable import PureJWT
import PureP256
import PureP384
import PureP521
import Testing
import TestSupport

struct ECSigningVectors: Decodable {
    struct Claims: Codable, Sendable, Equatable { let iss: String, sub: String, exp: Int }
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        let alg: String
        let jwk: [String: String]
        let signingInput: String
        let signature: String
        let token: String
        var testDescription: String { "\(alg) \(jwk["kid"] ?? "")" }
    }
    let claims: Claims
    let cases: [Case]
}

private let vectors = try? VectorFiles.json(ECSigningVectors.self, "ec_signing_vectors.json")

private func jwk(_ members: [String: String]) throws -> JSONWebKey {
    try JSONDecoder().decode(JSONWebKey.self, from: JSONEncoder().encode(members))
}

@Suite("ES256/384/512 signing and JWK writing")
struct ECSigningJWTTests {
    @Test("the file has three keys for each of ES256, ES384 and ES512")
    func counts() throws {
        let cases = try #require(vectors).cases
        #expect(cases.count == 9 && Set(cases.map(\.alg)) == ["ES256", "ES384", "ES512"])
    }

    @Test("our RFC 6979 signature equals cryptography's; joserfc's token verifies; ours verifies after a JWK round trip",
          arguments: vectors?.cases ?? [])
    func signing(_ vector: ECSigningVectors.Case) throws {
        let key = try jwk(vector.jwk).jwtKey()
        #expect(key.algorithm.rawValue == vector.alg && key.canSign)
        let signature = try key.sign(Array(vector.signingInput.utf8), algorithm: key.algorithm)
        #expect(Base64URL.encode(signature) == vector.signature)

        let claims = try #require(vectors).claims
        let validation = JWTValidation(issuer: claims.iss, audiences: nil, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        let publicKey = try #require(JSONWebKey(publicKeyOf: key)).jwtKey()
        #expect(!publicKey.canSign)
        #expect(try JWTVerifier(keys: [publicKey]).verify(vector.token, as: ECSigningVectors.Claims.self, validation: validation) == claims)

        let ours = try JWTSigner(key: key).sign(claims)
        let reread = try JSONWebKey(privateKeyOf: key).jwtKey()
        #expect(try JWTVerifier(keys: [reread]).verify(ours, as: ECSigningVectors.Claims.self, validation: validation) == claims)
        // A changed signature or one from another curve's key fails.
        var bytes = try Base64URL.decode(String(ours.split(separator: ".")[2]))
        bytes[bytes.count / 2] ^= 1
        let parts = ours.split(separator: ".")
        #expect(throws: JWTError.self) { try JWTVerifier(keys: [publicKey]).verifiedPayload(parts[0] + "." + parts[1] + "." + Base64URL.encode(bytes)) }
    }

    @Test("ES512 tokens: r ‖ s must be 132 bytes; DER, truncated, zero and r = n signatures are refused")
    func es512Signatures() throws {
        let vector = try #require(vectors?.cases.first { $0.alg == "ES512" })
        let key = try jwk(vector.jwk).jwtKey()
        let parts = vector.token.split(separator: ".")
        let raw = try Base64URL.decode(String(parts[2]))
        let n = try [UInt8](hex: "01fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffa51868783bf2f966b7fcc0148f709a5d03bb5c9b8899c47aebb6fb71e91386409")
        let der = try P521.Signing.ECDSASignature(rawRepresentation: raw).derRepresentation
        for signature in [der, Array(raw.dropLast()), raw + [0], [UInt8](repeating: 0, count: 132), n + raw.suffix(66), raw.prefix(66) + n] {
            #expect(throws: JWTError.self) { try JWTVerifier(keys: [key]).verifiedPayload(parts[0] + "." + parts[1] + "." + Base64URL.encode(signature)) }
        }
        #expect(try JWTVerifier(keys: [key]).verifiedPayload(vector.token).count > 0)
    }

    @Test("EC JWKs: d of the wrong length or not matching x and y, short coordinates, points off the curve are refused")
    func ecKeyRefusals() throws {
        for alg in ["ES384", "ES512"] {
            let vector = try #require(vectors?.cases.first { $0.alg == alg })
            var shortD = vector.jwk
            shortD["d"] = Base64URL.encode(try Base64URL.decode(try #require(vector.jwk["d"])).dropFirst())
            var otherD = vector.jwk
            otherD["d"] = try #require(vectors?.cases.last { $0.alg == alg }?.jwk["d"])
            var short = vector.jwk
            short["x"] = Base64URL.encode(try Base64URL.decode(try #require(vector.jwk["x"])).dropFirst())
            var offCurve = vector.jwk
            offCurve.removeValue(forKey: "d")
            var y = try Base64URL.decode(try #require(vector.jwk["y"]))
            y[y.count - 1] ^= 1
            offCurve["y"] = Base64URL.encode(y)
            var wrongCurve = vector.jwk
            wrongCurve["crv"] = alg == "ES384" ? "P-521" : "P-384"
            for members in [shortD, otherD, short, offCurve, wrongCurve] {
                #expect(throws: JWTError.self) { try jwk(members).jwtKey() }
            }
        }
    }

    @Test("every key type writes a JWK that reads back as the same key; the public form has no private member")
    func jwkRoundTrips() throws {
        // joserfc's 2048-bit key (generating one in a debug build takes seconds).
        struct RSAFile: Decodable { let jwk_private: [String: String] }
        var rsaMembers = try VectorFiles.json(RSAFile.self, "rsa_joserfc_tokens.json").jwk_private
        rsaMembers["alg"] = "RS256"
        rsaMembers["kid"] = "rs"
        let rs256 = try jwk(rsaMembers).jwtKey()
        rsaMembers["alg"] = "PS384"
        rsaMembers.removeValue(forKey: "kid")
        let ps384 = try jwk(rsaMembers).jwtKey()
        let keys: [JWTKey] = [
            .es256(P256.Signing.PrivateKey(), keyID: "p256"),
            .es384(P384.Signing.PrivateKey(), keyID: "p384"),
            .es512(P521.Signing.PrivateKey(), keyID: "p521"),
            .eddsa(Curve25519.Signing.PrivateKey(), keyID: "ed"),
            rs256, ps384,
            try .hs256([UInt8](repeating: 7, count: 32), keyID: "hs"),
            try .hs512([UInt8](repeating: 9, count: 64)),
        ]
        for key in keys {
            let full = try JSONWebKey(privateKeyOf: key)
            // "alg" is written when the key has one algorithm (an Ed25519 key has two names: none written).
            #expect(full.alg == (key.algorithms.count == 1 ? key.algorithm.rawValue : nil) && full.kid == key.keyID)
            let encoded = try JSONEncoder().encode(full)
            let reread = try JSONDecoder().decode(JSONWebKey.self, from: encoded).jwtKey()
            #expect(reread.algorithm == key.algorithm && reread.canSign)
            let signingInput = Array("header.payload".utf8)
            #expect(try key.verify(signature: reread.sign(signingInput, algorithm: key.algorithm), signingInput: signingInput[...], algorithm: key.algorithm), "\(key)")
            #expect(!"\(full)".contains(full.d ?? full.k ?? "-"), "a JWK's description hides its secret")
            if let publicForm = JSONWebKey(publicKeyOf: key) {
                #expect(publicForm.d == nil && publicForm.p == nil && publicForm.k == nil)
                let publicKey = try publicForm.jwtKey()
                #expect(!publicKey.canSign && publicKey.algorithm == key.algorithm)
                #expect(try publicKey.verify(signature: key.sign(signingInput, algorithm: key.algorithm), signingInput: signingInput[...], algorithm: key.algorithm))
                #expect(try publicForm.thumbprint() == (try full.thumbprint()))
                #expect(throws: JWTError.self) { try JSONWebKey(privateKeyOf: publicKey) }
            } else {
                #expect(key.algorithm.isSymmetric)
            }
        }
    }
}

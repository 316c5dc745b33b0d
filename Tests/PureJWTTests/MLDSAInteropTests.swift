// ML-DSA tokens signed by Python `cryptography` (OpenSSL), from scripts/crosscheck/mldsa-jose-interop.py:
// each verifies with its AKP JWK and with its SPKI PEM; each altered one (a signature bit, another payload,
// a byte short) is refused. The other direction, our tokens verified by cryptography, is the same script's
// second half (it runs the `jwt` tool).

import Foundation
import PureJWT
import Testing
import TestSupport

private struct Fixture: Decodable {
    struct Size: Decodable {
        let size: Int
        let jwk: [String: String]
        let spkiPEM: String
        let tokens: [String]
        let altered: [String]
    }
    let sizes: [Size]
}

@Suite("ML-DSA tokens from Python cryptography")
struct MLDSAInteropTests {
    @Test("every token verifies with the JWK and the PEM; every altered token is refused")
    func tokens() throws {
        let fixture = try VectorFiles.json(Fixture.self, "mldsa_cryptography_tokens.json")
        #expect(fixture.sizes.map(\.size) == [44, 65, 87])
        var verified = 0
        for entry in fixture.sizes {
            let jwk = try JSONDecoder().decode(JSONWebKey.self, from: JSONEncoder().encode(entry.jwk))
            let keys = [try jwk.jwtKey(), try JWTKey(pemRepresentation: entry.spkiPEM, keyID: entry.jwk["kid"])]
            for key in keys {
                for token in entry.tokens {
                    let payload = try JWTVerifier(keys: [key]).verifiedPayload(token)
                    #expect(String(decoding: payload, as: UTF8.self).contains("https://cryptography.example"))
                    verified += 1
                }
                for token in entry.altered {
                    #expect(throws: JWTError.self, "ML-DSA-\(entry.size)") { try JWTVerifier(keys: [key]).verifiedPayload(token) }
                }
            }
        }
        #expect(verified == 18)
    }
}

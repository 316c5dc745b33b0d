// A JWK's private members ("d", "k") never appear when the value is printed, interpolated or dumped.
// The secrets are taken from RFC 7517 Appendix A.2 (an EC private key) and RFC 7515 Appendix A.1
// (an HMAC key), copied into JWK JSON below.

import Foundation
import PureJWT
import Testing

@Suite("JSONWebKey redaction")
struct JSONWebKeyRedactionTests {
    static let ecSecret = "870MB6gfuTJ4HtUnUvYMyJpr5eUZNP4Bk43bVdj3eAE"
    static let hmacSecret = "AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow"

    static let ecJWK = """
        {"kty":"EC","crv":"P-256","x":"MKBCTNIcKUSDii11ySs3526iDZ8AiTo7Tu6KPAqv7D4",\
        "y":"4Etl6SRW2YiLUrN5vfvVHuhp7x8PxltmWWlbbM4IFyM","d":"\(ecSecret)","kid":"1"}
        """
    static let hmacJWK = #"{"kty":"oct","k":"\#(hmacSecret)","kid":"hmac"}"#

    @Test("description, debugDescription, interpolation and dump hide d and k", arguments: [
        (ecJWK, ecSecret), (hmacJWK, hmacSecret),
    ])
    func hidden(json: String, secret: String) throws {
        let key = try JSONDecoder().decode(JSONWebKey.self, from: Data(json.utf8))
        // The decode really holds the secret, so the checks below are about printing, not decoding.
        #expect(key.d == secret || key.k == secret)
        var dumped = ""
        dump(key, to: &dumped)
        for text in [key.description, key.debugDescription, "\(key)", String(reflecting: key), dumped] {
            #expect(!text.contains(secret))
            #expect(text.contains("redacted"))
            #expect(text.contains(key.kid ?? "missing kid"))
        }
    }
}

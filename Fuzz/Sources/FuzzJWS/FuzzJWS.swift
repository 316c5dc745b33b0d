// JWS parsing and verification. The first input byte picks the mode: even, the rest is a token — compact,
// or a JWS JSON serialization — verified against HS256, ES256, ES256K, RS256, EdDSA (Ed25519) and Ed448 keys
// (parsing, header rules, key choice, signature checks); odd,
// the rest is a claims payload that is HMAC-signed here and then verified, so the claim checks
// (exp, nbf, iat, iss, aud as any JSON type) are reached too.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureBase64
import PureCurve25519
import PureCurve448
import PureJWT
import PureP256
import PureSecp256k1
import PureSHA2

let secret = SymmetricKey(data: [UInt8](repeating: 0x42, count: 32))
let appleKey = #"{"kty":"RSA","kid":"AIDOPK1","use":"sig","alg":"RS256","n":"lxrwmuYSAsTfn-lUu4goZSXBD9ackM9OJuwUVQHmbZo6GW4Fu_auUdN5zI7Y1dEDfgt7m7QXWbHuMD01HLnD4eRtY-RNwCWdjNfEaY_esUPY3OVMrNDI15Ns13xspWS3q-13kdGv9jHI28P87RvMpjz_JCpQ5IM44oSyRnYtVJO-320SB8E2Bw92pmrenbp67KRUzTEVfGU4-obP5RZ09OxvCr1io4KJvEOjDJuuoClF66AT72WymtoMdwzUmhINjR0XSqK6H0MdWsjw7ysyd_JhmqX5CAaT9Pgi0J8lU_pcl215oANqjy7Ob-VMhug9eGyxAWVfu_1u6QJKePlE-w","e":"AQAB"}"#
let verifier: JWTVerifier = {
    let ec = try! P256.Signing.PrivateKey(rawRepresentation: [UInt8](repeating: 0, count: 31) + [7]).publicKey
    let k1 = try! Secp256k1.Signing.PrivateKey(rawRepresentation: [UInt8](repeating: 0, count: 31) + [7]).publicKey
    let rsa = try! JSONDecoder().decode(JSONWebKey.self, from: Data(appleKey.utf8)).jwtKey()
    let ed25519 = try! Curve25519.Signing.PrivateKey(rawRepresentation: [UInt8](repeating: 7, count: 32)).publicKey
    let ed448 = try! Curve448.Signing.PrivateKey(rawRepresentation: [UInt8](repeating: 7, count: 57)).publicKey
    return JWTVerifier(keys: [try! .hs256(secret, keyID: "h"), .es256(ec, keyID: "e"), .es256k(k1, keyID: "k"), rsa,
                              .eddsa(ed25519, keyID: "d"), .ed448(ed448, keyID: "g")])
}()
let validation = JWTValidation(issuer: "https://appleid.apple.com", audiences: ["com.example.app"],
                               now: { Date(timeIntervalSince1970: 1_800_000_000) })


@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJWS(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    if data[0] & 1 == 0 {
        guard let token = String(validating: bytes, as: UTF8.self) else { return 0 }
        _ = try? JWTHeader(unverifiedFrom: token)
        _ = try? verifier.verifiedPayload(token)
        _ = try? verifier.verify(token, as: RegisteredClaims.self, validation: validation)
        _ = try? verifier.verifiedJSONSerialization(token)
    } else {
        let input = Base64URL.encode(Array(#"{"alg":"HS256","kid":"h"}"#.utf8)) + "." + Base64URL.encode(bytes)
        let token = input + "." + Base64URL.encode(HMAC<SHA256>.authenticationCode(for: Array(input.utf8), using: secret))
        _ = try? verifier.verify(token, as: RegisteredClaims.self, validation: validation)
    }
    return 0
}

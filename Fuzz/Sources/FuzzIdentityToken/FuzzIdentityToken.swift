// Apple identity tokens: the whole verifier on arbitrary tokens (with Apple's real key), and the claims
// decoder (lenient booleans, aud forms, unknown claims kept as JSONValue) on arbitrary JSON.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AppleAuth
import PureJWT

let appleKeys = try! JSONWebKeySet(json: #"{"keys":[{"kty":"RSA","kid":"AIDOPK1","use":"sig","alg":"RS256","n":"lxrwmuYSAsTfn-lUu4goZSXBD9ackM9OJuwUVQHmbZo6GW4Fu_auUdN5zI7Y1dEDfgt7m7QXWbHuMD01HLnD4eRtY-RNwCWdjNfEaY_esUPY3OVMrNDI15Ns13xspWS3q-13kdGv9jHI28P87RvMpjz_JCpQ5IM44oSyRnYtVJO-320SB8E2Bw92pmrenbp67KRUzTEVfGU4-obP5RZ09OxvCr1io4KJvEOjDJuuoClF66AT72WymtoMdwzUmhINjR0XSqK6H0MdWsjw7ysyd_JhmqX5CAaT9Pgi0J8lU_pcl215oANqjy7Ob-VMhug9eGyxAWVfu_1u6QJKePlE-w","e":"AQAB"}]}"#)
let verifier = AppleIdentityTokenVerifier(clientIDs: ["com.example.app"], keySet: appleKeys,
                                          now: { Date(timeIntervalSince1970: 1_800_000_000) })


@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIdentityToken(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    _ = try? JSONDecoder().decode(AppleIdentityToken.self, from: bytes)
    guard let token = String(data: bytes, encoding: .utf8) else { return 0 }
    _ = try? verifier.verify(token, nonce: .raw("n"), authorizationCode: "c")
    return 0
}

// Server-to-server notification bodies: {"payload": "<JWS>"} or a bare JWS, through the whole verifier.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AppleAuth
import PureJWT

let appleKeys = try! JSONWebKeySet(json: #"{"keys":[{"kty":"RSA","kid":"AIDOPK1","use":"sig","alg":"RS256","n":"lxrwmuYSAsTfn-lUu4goZSXBD9ackM9OJuwUVQHmbZo6GW4Fu_auUdN5zI7Y1dEDfgt7m7QXWbHuMD01HLnD4eRtY-RNwCWdjNfEaY_esUPY3OVMrNDI15Ns13xspWS3q-13kdGv9jHI28P87RvMpjz_JCpQ5IM44oSyRnYtVJO-320SB8E2Bw92pmrenbp67KRUzTEVfGU4-obP5RZ09OxvCr1io4KJvEOjDJuuoClF66AT72WymtoMdwzUmhINjR0XSqK6H0MdWsjw7ysyd_JhmqX5CAaT9Pgi0J8lU_pcl215oANqjy7Ob-VMhug9eGyxAWVfu_1u6QJKePlE-w","e":"AQAB"}]}"#)
let verifier = AppleServerNotificationVerifier(clientIDs: ["com.example.app"], keySet: appleKeys,
                                               now: { Date(timeIntervalSince1970: 1_800_000_000) })


@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNotification(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = try? verifier.verify(body: Data(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

// Apple /auth/token and /auth/revoke responses (success bodies and error bodies) for every status class,
// and the same bytes as the web flow's form_post callback body (form decoding and the "user" JSON).
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AppleAuth


@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAppleResponses(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Data(UnsafeBufferPointer(start: data, count: size))
    for status in [200, 400, 401, 500] {
        _ = try? AppleResponses.token(status: status, body: body)
        _ = try? AppleResponses.revocation(status: status, body: body)
    }
    _ = try? AppleAuthorizationCallback(formBody: String(decoding: body, as: UTF8.self))
    return 0
}

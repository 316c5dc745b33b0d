// JWK and JWKS documents: parsing, key construction (RSA policy, EC point validation) for JWS and for
// JWE (JWEKeySet, jweKey()), thumbprints.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureJWT


@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJWKS(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let json = Data(UnsafeBufferPointer(start: data, count: size))
    if let set = try? JSONWebKeySet(json: json) { _ = set.keys.count }
    if let set = try? JWEKeySet(json: json) { _ = set.keys.count }
    if let key = try? JSONDecoder().decode(JSONWebKey.self, from: json) {
        _ = try? key.jwtKey()
        _ = try? key.jweKey()
        _ = try? key.thumbprint()
    }
    return 0
}

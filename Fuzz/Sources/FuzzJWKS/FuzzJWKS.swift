// JWK and JWKS documents: parsing, key construction (RSA policy, EC point validation) for JWS and for
// JWE (JWEKeySet, jweKey()), thumbprints, and the keys written back as JWKs.
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
        // Read, then written back as the public and the private JWK (ML-DSA's AKP keys among them).
        if let jwtKey = try? key.jwtKey() {
            _ = JSONWebKey(publicKeyOf: jwtKey)
            _ = try? JSONWebKey(privateKeyOf: jwtKey)
        }
        _ = try? key.jweKey()
        _ = try? key.thumbprint()
    }
    return 0
}

// The `jwt` tool's inputs, through the library entry points the tool hands them to (the tool itself is an
// executable and cannot be linked into a harness; its own code between these calls is argument handling).
// The first byte picks the input; the rest is the file or argument as the tool would read it:
//   0  a key FILE: PEM (any container, certificates included), DER, or one JWK as JSON
//   1  a --jwks FILE
//   2  CLAIMS for `jwt sign` (signed with a fixed HS256 key, and an Ed25519 key)
//   3  a --header JSON object for `jwt sign`
//   4  a TOKEN for `jwt verify` (fixed keys, every algorithm family) and `jwt decode`
import PureJWT

private let hmac = try! JWTKey.hmac([UInt8](repeating: 0x42, count: 64))
private let keys: [JWTKey] = [hmac]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJWTTool(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let text = String(decoding: bytes, as: UTF8.self)
    switch data[0] % 5 {
    case 0:
        let key = (try? JWTKey(pemRepresentation: text)) ?? (try? JWTKey(derRepresentation: bytes))
            ?? (try? StrictJSONDecoder().decode(JSONWebKey.self, from: bytes).jwtKey())
        if let key {
            _ = key.publicKeyPEMRepresentation
            _ = key.publicKey.flatMap { JSONWebKey(publicKeyOf: $0) }.map { try? $0.thumbprint() }
            _ = try? key.restricted(to: [.rs256, .ps256, .es256, .hs256])
        }
    case 1:
        if let set = try? JSONWebKeySet(json: text) { _ = set.keys.map(\.algorithms) }
    case 2:
        if let token = try? JWTSigner(key: hmac).sign(claimsJSON: bytes) {
            _ = try? JWTVerifier(keys: keys).verifiedJWT(token, as: JSONValue.self, validation: JWTValidation(issuer: nil, audiences: nil, requiresExpiration: false))
        }
    case 3:
        if let members = try? StrictJSONDecoder().decode([String: JSONValue].self, from: bytes) {
            _ = try? JWTSigner(key: hmac).sign(["sub": "fuzz"], header: JWTHeader(alg: "HS512", additionalMembers: members))
        }
    default:
        _ = try? JWTHeader(unverifiedFrom: text)
        _ = try? JWTVerifier.unverifiedClaims(of: text, as: JSONValue.self)
        _ = try? JWTVerifier(keys: keys).verifiedJWT(text, as: JSONValue.self, validation: JWTValidation(issuer: "i", audiences: ["a"]))
    }
    return 0
}

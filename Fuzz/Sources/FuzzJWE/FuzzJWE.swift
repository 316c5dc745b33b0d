// JWE inputs: any bytes as a compact JWE and as a JSON serialization (general or flattened), decrypted
// with one key of each kind (shared key for dir, A256KW
// and A256GCMKW, an RSA-OAEP key, ECDH-ES keys on P-256 and X25519, a PBES2 password under a low count
// limit) under small limits; the first byte also picks a JWK to read as a JWE key.
import PureCurve25519
import PureJWT
import PureP256
import PureRSA
import PureSHA2

/// A fixed RSA-2048 key (made by openssl for this harness): generating one in a sanitized debug build can
/// take longer than libFuzzer's per-input timeout, which the first input pays.
private let fixedRSAKey = """
-----BEGIN PRIVATE KEY-----
MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQCZZU/DUDySY0CH
4hJflji6dmd8mnoOOXq/F9mzEMMXLKIygVavq4OH9+neJvbjE+/gDTLgRkYcUZvS
lzcDyIICcGTEvIaFx7sOKzxPFoz01yENjbC7klibFDDbj432Ta3IRT2YLdQ7Btbb
zPWoOmfIjVuVx83pl6WYqQnSyZSm9jKcLaMODLuiLfhmEp4UmyDsUrBj1XmZtrbw
xnXYptefefRyLtM97V37VGvpM364dz40YcZaV2EZSA9EoV28nOhLD6/fnNJyujHl
RIaf7CsiYrmJvf3WwusOeW7CKsReUAW0lyZ32tuZjlAFQcbvl2rY/UwHC/GGmrU4
StnTAdADAgMBAAECggEAE5/VdixOripfzW02Yoo1FGMk1tkVzQ9nd7O/wzEyyZqJ
NE2TCdhhycRauXQMrn0Uzs+BdxXRJGWrD2RkbRR60CsRiTsr4/OV0mM6TPfv7Tw/
MJ0JmNrz1lXdRkmgT3wdQ9Dakhx9hAEE/eEZJdOLBtT8JuEFTowlwFkSi6gEX4j5
sZ+jvSz4kZmQCxw2YlsXaXY3Bpb3ag+xf4dc0lhqBVbiDVDbsTPkrtiVSrpdZCAn
DhdlEBM6ZLru8AVmRfWD4ZqrzSIfuyVbN9yEyVUpUTCV3Ed03dvF0fgLb2Oajphg
MbvHvcEudUWJNMXxyHgeKGe/lAKf/xyKlt10qJg+2QKBgQDM7D1mt6R2kK4+UvRf
UiHBXaLZE/xAkTixW+aS058cobE6ZRdrgTQ6gu76CEcDRHQHMajaCrJQT4DvJnSZ
OKAdn93kCMEZBqRaqd1PxyvzqjXRhy4yBEjKH3hcGNPHo28ZYglW/sVZAfd/jiY3
x5CKq7aoWoZk/CRbxaxSEHloPQKBgQC/oTiwn5/bq7+Shh5U8ziUMJXAOYI5PGKY
nLc0uZ3Hia3/katG5uwnGf1nb9wffiSkpc50VQJ+K1oNBp+f0vuv6wW+shaoS4jJ
cdyqZhcf6uwC/C5HcPR+stZyTGK0E0371xQm5LScn4Hvd6HeH24B9gi/ysiziivL
70EQBH9dPwKBgQCjWTlEtOSLgp7ynUug5CZ2Lf7OzYiJq3kmn9w3dCtkNlvA8a5u
iqqobZCzjH+W0i0vQt2XGWm0bPuZJu1Q6ftwQewthvDt0waWIsuAeYLGlAqcgAZJ
5nJjdByMRVojzFqWQDizuRh08AVrD1PVqOXGNETBBJAW1YriALtxGyK7/QKBgCUM
CCetVHxlgc3T+/00YFXV5r2Y4KIsGGuksI6S6/vtlCP6h4BXmIQetCzRJV85ReBG
5dj7rlWyD+DAzQ9a/KmP6DZru5GhuLopNx4CSqozApm5I0FQhxQPgwHp3pMtwD/V
3uF+CaTV+YrQOAz3So86f4qEq7R6G+l7QbrVA8KFAoGAODoXvhREFOQI4qgiwMwS
KxlJrzEQmqfAPi0bWqpQLUaOx95PDQ3kjxm0LWFs9rXWeDxFxxhnSx9cNuakoZ+l
Xw1Pt2oGawQsGjgs6wjGZK2obJ08z8xyq0fgeosCl5VTz78d3LDmjmlmjEG78PZC
65m3dk0Kx05zQ92or2RFUPM=
-----END PRIVATE KEY-----
"""

private let keys: [JWEKey] = {
    let shared = SymmetricKey(data: [UInt8](repeating: 7, count: 32))
    return [
        try! JWEKey.symmetric(shared, algorithm: .direct),
        try! JWEKey.symmetric(shared, algorithm: .a256KW),
        try! JWEKey.symmetric(shared, algorithm: .a256GCMKW),
        try! JWEKey.rsa(try! RSA.Encryption.PrivateKey(pemRepresentation: fixedRSAKey), algorithms: [.rsaOAEP256, .rsaOAEP]),
        try! JWEKey.ecdh(try! P256.KeyAgreement.PrivateKey(rawRepresentation: [UInt8](repeating: 3, count: 32)),
                         algorithms: [.ecdhES, .ecdhESA128KW, .ecdhESA256KW]),
        try! JWEKey.ecdh(try! Curve25519.KeyAgreement.PrivateKey(rawRepresentation: [UInt8](repeating: 5, count: 32)),
                         algorithms: [.ecdhES, .ecdhESA256KW]),
        try! JWEKey.password("fuzz", algorithm: .pbes2HS256A128KW),
    ]
}()

private let decrypter: JWEDecrypter = {
    var decrypter = JWEDecrypter(keys: keys)
    decrypter.maximumPBES2Count = 2000
    decrypter.maximumDecompressedSize = 65_536
    decrypter.maximumRecipientCount = 4
    return decrypter
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJWE(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    if let result = try? decrypter.decrypt(text) {
        precondition(result.plaintext.count <= 65_536 || !result.header.isCompressed, "decompressed past the limit")
    }
    if let result = try? decrypter.decrypt(jsonSerialization: text) {
        precondition(result.plaintext.count <= 65_536 || !result.header.isCompressed, "decompressed past the limit")
    }
    if let jwk = try? StrictJSONDecoder().decode(JSONWebKey.self, from: bytes) { _ = try? jwk.jweKey() }
    return 0
}

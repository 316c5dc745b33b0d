// JWE inputs: any bytes as a compact JWE, decrypted with one key of each kind (shared key for dir, A256KW
// and A256GCMKW, an RSA-OAEP key, ECDH-ES keys on P-256 and X25519, a PBES2 password under a low count
// limit) under small limits; the first byte also picks a JWK to read as a JWE key.
import PureCurve25519
import PureJWT
import PureP256
import PureRSA
import PureSHA2

private let keys: [JWEKey] = {
    let shared = SymmetricKey(data: [UInt8](repeating: 7, count: 32))
    return [
        try! JWEKey.symmetric(shared, algorithm: .direct),
        try! JWEKey.symmetric(shared, algorithm: .a256KW),
        try! JWEKey.symmetric(shared, algorithm: .a256GCMKW),
        try! JWEKey.rsa(RSA.Encryption.PrivateKey(try! RSA.Signing.PrivateKey(keySize: .bits2048)), algorithms: [.rsaOAEP256, .rsaOAEP]),
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
    return decrypter
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJWE(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    if let result = try? decrypter.decrypt(text) {
        precondition(result.plaintext.count <= 65_536 || !result.header.isCompressed, "decompressed past the limit")
    }
    if let jwk = try? StrictJSONDecoder().decode(JSONWebKey.self, from: bytes) { _ = try? jwk.jweKey() }
    return 0
}

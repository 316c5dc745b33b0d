// Curve448 inputs: Ed448 key files (RFC 8410's PKCS#8 and SPKI, DER and PEM), raw 57-byte public keys
// (point decoding: y below p, the square root, the sign of x), and signatures of any length and content
// against a fixed key, with a context of the input's choosing (its first byte is the context's length, up
// to 255: RFC 8032's dom4, and longer ones refused); X448 key files and an agreement of the fixed X448 key
// with any 56 bytes as the peer's key.
import PureCurve448

private let fixedKey = try! Curve448.Signing.PrivateKey(rawRepresentation: [UInt8](repeating: 0x42, count: 57)).publicKey
private let fixedAgreementKey = try! Curve448.KeyAgreement.PrivateKey(rawRepresentation: [UInt8](repeating: 0x42, count: 56))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCurve448(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? Curve448.Signing.PrivateKey(derRepresentation: bytes)
    _ = try? Curve448.Signing.PublicKey(derRepresentation: bytes)
    _ = try? Curve448.Signing.PrivateKey(rawRepresentation: bytes.prefix(57))
    if let key = try? Curve448.Signing.PublicKey(rawRepresentation: bytes.prefix(57)) {
        _ = key.isValidSignature(bytes.dropFirst(57).prefix(114), for: bytes.dropFirst(171))
    }
    _ = fixedKey.isValidSignature(bytes.prefix(114), for: bytes.dropFirst(114))
    if let length = bytes.first {
        let context = bytes.dropFirst().prefix(Int(length))
        let rest = bytes.dropFirst(1 + context.count)
        _ = fixedKey.isValidSignature(rest.prefix(114), for: rest.dropFirst(114), context: context)
    }
    _ = try? Curve448.KeyAgreement.PrivateKey(derRepresentation: bytes)
    _ = try? Curve448.KeyAgreement.PublicKey(derRepresentation: bytes)
    if let peer = try? Curve448.KeyAgreement.PublicKey(rawRepresentation: bytes.prefix(56)) {
        _ = try? fixedAgreementKey.sharedSecretFromKeyAgreement(with: peer)
    }
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    _ = try? Curve448.Signing.PrivateKey(pemRepresentation: text)
    _ = try? Curve448.Signing.PublicKey(pemRepresentation: text)
    _ = try? Curve448.KeyAgreement.PrivateKey(pemRepresentation: text)
    _ = try? Curve448.KeyAgreement.PublicKey(pemRepresentation: text)
    return 0
}

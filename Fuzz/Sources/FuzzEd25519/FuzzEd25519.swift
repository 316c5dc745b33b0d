// Curve25519 inputs: Ed25519 key files (PKCS#8 and SPKI, DER and PEM), raw 32-byte public keys (point
// decoding), and signatures of any length and content against a fixed key (S < L, R compared as bytes);
// X25519 key files (RFC 8410's PKCS#8 and SPKI, DER and PEM), which share the Ed25519 reader, and an
// agreement of the fixed X25519 key with any 32 bytes as the peer's key.
import PureCurve25519

private let fixedKey = try! Curve25519.Signing.PrivateKey(rawRepresentation: [UInt8](repeating: 0x42, count: 32)).publicKey
private let fixedAgreementKey = try! Curve25519.KeyAgreement.PrivateKey(rawRepresentation: [UInt8](repeating: 0x42, count: 32))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEd25519(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? Curve25519.Signing.PrivateKey(derRepresentation: bytes)
    _ = try? Curve25519.Signing.PublicKey(derRepresentation: bytes)
    _ = try? Curve25519.Signing.PrivateKey(rawRepresentation: bytes.prefix(32))
    if let key = try? Curve25519.Signing.PublicKey(rawRepresentation: bytes.prefix(32)) {
        _ = key.isValidSignature(bytes.dropFirst(32).prefix(64), for: bytes.dropFirst(96))
    }
    _ = fixedKey.isValidSignature(bytes.prefix(64), for: bytes.dropFirst(64))
    _ = try? Curve25519.KeyAgreement.PrivateKey(derRepresentation: bytes)
    _ = try? Curve25519.KeyAgreement.PublicKey(derRepresentation: bytes)
    if let peer = try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: bytes.prefix(32)) {
        _ = try? fixedAgreementKey.sharedSecretFromKeyAgreement(with: peer)
    }
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    _ = try? Curve25519.Signing.PrivateKey(pemRepresentation: text)
    _ = try? Curve25519.Signing.PublicKey(pemRepresentation: text)
    _ = try? Curve25519.KeyAgreement.PrivateKey(pemRepresentation: text)
    _ = try? Curve25519.KeyAgreement.PublicKey(pemRepresentation: text)
    return 0
}

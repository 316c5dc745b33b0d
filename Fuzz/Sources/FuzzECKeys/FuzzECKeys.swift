// P-384, P-521 and secp256k1 inputs (PureECDSA's key and signature cores through the three curves, a = −3 and a = 0): private and public
// key files in DER and PEM (PKCS#8, SEC 1, SPKI), raw, x963, compressed and compact points (decompression's
// square root), x963 private keys (04 ‖ x ‖ y ‖ d, the point checked against d's), and signatures of any length and content, DER or r ‖ s, checked against a fixed key and against
// a key read from the input.
import PureP384
import PureP521
import PureSecp256k1

private let fixed384 = try! P384.Signing.PrivateKey(rawRepresentation: [UInt8](repeating: 0x42, count: 48)).publicKey
private let fixed521 = try! P521.Signing.PrivateKey(rawRepresentation: [0x01] + [UInt8](repeating: 0x42, count: 65)).publicKey
private let fixedK1 = try! Secp256k1.Signing.PrivateKey(rawRepresentation: [UInt8](repeating: 0x42, count: 32)).publicKey

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzECKeys(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? P384.Signing.PrivateKey(derRepresentation: bytes)
    _ = try? P521.Signing.PrivateKey(derRepresentation: bytes)
    _ = try? P384.Signing.PublicKey(derRepresentation: bytes)
    _ = try? P521.Signing.PublicKey(derRepresentation: bytes)
    _ = try? P384.Signing.PublicKey(compressedRepresentation: bytes.prefix(49))
    _ = try? P521.Signing.PublicKey(compressedRepresentation: bytes.prefix(67))
    _ = try? Secp256k1.Signing.PrivateKey(derRepresentation: bytes)
    _ = try? Secp256k1.Signing.PublicKey(derRepresentation: bytes)
    _ = try? Secp256k1.Signing.PublicKey(compressedRepresentation: bytes.prefix(33))
    _ = try? P384.Signing.PublicKey(compactRepresentation: bytes.prefix(48))
    _ = try? P521.KeyAgreement.PublicKey(compactRepresentation: bytes.prefix(66))
    _ = try? Secp256k1.Signing.PublicKey(compactRepresentation: bytes.prefix(32))
    _ = try? P384.Signing.PrivateKey(x963Representation: bytes.prefix(145))
    _ = try? P521.KeyAgreement.PrivateKey(x963Representation: bytes.prefix(199))
    _ = try? Secp256k1.Signing.PrivateKey(x963Representation: bytes.prefix(97))
    if let key = try? Secp256k1.Signing.PublicKey(x963Representation: bytes.prefix(65)),
       let signature = try? Secp256k1.Signing.ECDSASignature(rawRepresentation: bytes.dropFirst(65).prefix(64)) {
        _ = key.isValidSignature(signature, for: bytes.dropFirst(129))
    }
    if let signature = try? Secp256k1.Signing.ECDSASignature(derRepresentation: bytes) { _ = fixedK1.isValidSignature(signature, for: bytes) }
    if let key = try? P384.Signing.PublicKey(x963Representation: bytes.prefix(97)),
       let signature = try? P384.Signing.ECDSASignature(rawRepresentation: bytes.dropFirst(97).prefix(96)) {
        _ = key.isValidSignature(signature, for: bytes.dropFirst(193))
    }
    if let key = try? P521.Signing.PublicKey(x963Representation: bytes.prefix(133)),
       let signature = try? P521.Signing.ECDSASignature(rawRepresentation: bytes.dropFirst(133).prefix(132)) {
        _ = key.isValidSignature(signature, for: bytes.dropFirst(265))
    }
    if let signature = try? P384.Signing.ECDSASignature(derRepresentation: bytes) { _ = fixed384.isValidSignature(signature, for: bytes) }
    if let signature = try? P521.Signing.ECDSASignature(derRepresentation: bytes) { _ = fixed521.isValidSignature(signature, for: bytes) }
    if let signature = try? P384.Signing.ECDSASignature(rawRepresentation: bytes.prefix(96)) { _ = fixed384.isValidSignature(signature, for: bytes) }
    if let signature = try? P521.Signing.ECDSASignature(rawRepresentation: bytes.prefix(132)) { _ = fixed521.isValidSignature(signature, for: bytes) }
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    _ = try? P384.Signing.PrivateKey(pemRepresentation: text)
    _ = try? P521.Signing.PrivateKey(pemRepresentation: text)
    _ = try? P384.Signing.PublicKey(pemRepresentation: text)
    _ = try? P521.Signing.PublicKey(pemRepresentation: text)
    _ = try? Secp256k1.Signing.PrivateKey(pemRepresentation: text)
    return 0
}

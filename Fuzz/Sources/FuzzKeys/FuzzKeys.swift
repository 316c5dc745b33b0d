// Key files: DER and PEM through every container parser and key type (PKCS#8, SEC 1, SPKI, PKCS#1),
// RSA private keys included (their consistency checks run on whatever members the input holds); P-256's
// compact points and x963 private keys from the input's first bytes.
import PureASN1
import PureP256
import PureRSA


@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeys(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? KeyContainer.identify(derRepresentation: bytes)
    _ = try? P256.Signing.PrivateKey(derRepresentation: bytes)
    _ = try? P256.Signing.PublicKey(derRepresentation: bytes)
    _ = try? P256.Signing.PublicKey(compactRepresentation: bytes.prefix(32))
    _ = try? P256.KeyAgreement.PrivateKey(x963Representation: bytes.prefix(97))
    _ = try? RSA.Signing.PublicKey(derRepresentation: bytes)
    _ = try? RSA.Signing.PrivateKey(derRepresentation: bytes)
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    _ = try? PEM.parse(text)
    _ = try? KeyContainer.identify(pemRepresentation: text)
    _ = try? P256.Signing.PrivateKey(pemRepresentation: text)
    _ = try? P256.Signing.PublicKey(pemRepresentation: text)
    _ = try? RSA.Signing.PublicKey(pemRepresentation: text)
    _ = try? RSA.Signing.PrivateKey(pemRepresentation: text)
    return 0
}

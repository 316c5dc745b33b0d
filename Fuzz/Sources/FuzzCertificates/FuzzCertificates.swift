// Certificates and P-384 inputs: DER and PEM through PureX509's certificate reader (and, for what reads,
// every accessor and a chain validation against itself), P-384 keys and signatures in every encoding.
import PureP384
import PureX509

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCertificates(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let certificate = try? Certificate(derRepresentation: bytes) {
        _ = certificate.description
        _ = certificate.extensions.count
        _ = try? X509ChainValidator(trustAnchors: [certificate]).validate([certificate], at: certificate.notBefore)
    }
    _ = try? P384.Signing.PublicKey(derRepresentation: bytes)
    _ = try? P384.Signing.PublicKey(x963Representation: bytes)
    _ = try? P384.Signing.PublicKey(compressedRepresentation: bytes)
    _ = try? P384.Signing.ECDSASignature(derRepresentation: bytes)
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    _ = try? Certificate(pemRepresentation: text)
    return 0
}

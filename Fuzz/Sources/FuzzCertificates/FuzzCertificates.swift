// Certificates and P-384 inputs: DER and PEM through PureX509's certificate reader (and, for what reads,
// every accessor and a chain validation against itself), P-384 keys and signatures in every encoding, and
// the bytes as an OCSP response about the test chain of Tests/PureX509Tests/Vectors/ocsp_vectors.json.
import Foundation
import PureP384
import PureX509

/// The OCSP test chain's leaf and intermediate (read from the repository root, where fuzz.sh runs).
private let ocspChain: (leaf: Certificate, issuer: Certificate)? = {
    struct Vectors: Decodable { let leaf: String; let intermediate: String }
    guard let data = FileManager.default.contents(atPath: "Tests/PureX509Tests/Vectors/ocsp_vectors.json"),
          let vectors = try? JSONDecoder().decode(Vectors.self, from: data),
          let leaf = Data(base64Encoded: vectors.leaf).flatMap({ try? Certificate(derRepresentation: [UInt8]($0)) }),
          let issuer = Data(base64Encoded: vectors.intermediate).flatMap({ try? Certificate(derRepresentation: [UInt8]($0)) }) else { return nil }
    return (leaf, issuer)
}()

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
    guard let ocspChain else { fatalError("run from the repository root: the harness reads ocsp_vectors.json from the test vectors") }
    _ = try? OCSP.verify(bytes, for: ocspChain.leaf, issuer: ocspChain.issuer, nonce: nil, at: 1_748_779_200)
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    _ = try? Certificate(pemRepresentation: text)
    return 0
}

// ML-DSA inputs, chosen by the first byte (even or odd):
//   0  key files: PKCS#8 (seed, expanded, both) and SPKI in DER, the same as PEM text, raw pk, seed and
//      expanded keys, for the three sizes;
//   1  a signature (the first 2420 bytes) and its message (the rest) against a fixed ML-DSA-44 key (seed
//      0x2A × 32, Wycheproof's): hint encodings, norms, lengths.
// What PureJWT makes of ML-DSA keys (key files through JWTKey, AKP JWKs of RFC 9964) is fuzzed in the debug
// harnesses FuzzJWTTool and FuzzJWKS, from the same seeds: this one is built optimized, and PureJWT's
// optimized build with the sanitizers would double its build time for inputs that run no arithmetic.
import PureMLDSA

private let fixedKey = try! MLDSA44.PrivateKey(seedRepresentation: [UInt8](repeating: 0x2A, count: 32)).publicKey

private func keys<Set: MLDSAParameterSet>(_: Set.Type, _ bytes: [UInt8], _ text: String?) {
    _ = try? MLDSAPrivateKey<Set>(derRepresentation: bytes)
    _ = try? MLDSAPublicKey<Set>(derRepresentation: bytes)
    _ = try? MLDSAPublicKey<Set>(rawRepresentation: bytes)
    _ = try? MLDSAPrivateKey<Set>(expandedRepresentation: bytes)
    _ = try? MLDSAPrivateKey<Set>(seedRepresentation: bytes.prefix(32))
    if let text {
        _ = try? MLDSAPrivateKey<Set>(pemRepresentation: text)
        _ = try? MLDSAPublicKey<Set>(pemRepresentation: text)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMLDSA(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    if data[0] % 2 == 0 {
        let text = String(validating: bytes, as: UTF8.self)
        keys(MLDSA44.self, bytes, text)
        keys(MLDSA65.self, bytes, text)
        keys(MLDSA87.self, bytes, text)
    } else {
        _ = fixedKey.isValidSignature(bytes.prefix(2420), for: bytes.dropFirst(2420))
        _ = fixedKey.isValidSignature(bytes.prefix(2420), for: bytes.dropFirst(2420), context: bytes.prefix(3))
        _ = fixedKey.isValidSignature(bytes, forMessageRepresentative: bytes.prefix(64))
    }
    return 0
}

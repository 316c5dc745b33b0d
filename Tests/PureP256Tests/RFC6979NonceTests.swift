// RFC 6979 nonces with and without the additional data k' of §3.6 (what `hedgedSignature` feeds in),
// against Python's hmac/hashlib (Vectors/rfc6979_extra_vectors.json, made by
// Vectors/generate_rfc6979_extra.py). The RFC's own vectors (ECDSAVectorTests) have no k'.

@testable import PureP256
import Testing
import TestSupport

@Suite("RFC 6979 nonces against Python")
struct RFC6979NonceTests {
    private struct Vectors: Decodable {
        struct Case: Decodable { let x, digest, extra, k: String }
        let cases: [Case]
    }

    private func u256(_ hex: String) throws -> U256 {
        try [UInt8](hex: hex).withUnsafeBytes { U256(bigEndian: $0) }
    }

    @Test("step h's first candidate equals Python's, for k' of 0 to 100 bytes")
    func nonces() throws {
        let cases = try VectorFiles.json(Vectors.self, "rfc6979_extra_vectors.json").cases
        #expect(cases.count == 9)
        for vector in cases {
            var nonces = RFC6979Nonces(privateKey: try u256(vector.x), digest: try u256(vector.digest),
                                       extra: try [UInt8](hex: vector.extra))
            #expect(nonces.next() == (try u256(vector.k)), "x = \(vector.x), k' = \(vector.extra)")
        }
    }
}

// The streaming front end: block boundaries, splits at every offset, non-contiguous input.
//
// Expected digests for lengths 0…520 (one-block and four-block paths, every tail) come from Python's hashlib (Vectors/sha256_lengths.json, made by
// Vectors/generate_sha256_lengths.py); the split tests compare streaming with one-shot, whose
// correctness the NIST files establish.

import PureSHA2
import Testing
import TestSupport

private struct LengthVectors: Decodable {
    let pattern: String
    let cases: [Case]
    struct Case: Decodable, Sendable {
        let length: Int
        let sha256: String
    }
}

/// The message of the length vectors: byte i is (i * 7 + 3) mod 256, as in the generating script.
private func patternMessage(_ length: Int) -> [UInt8] {
    (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
}

@Suite("SHA-256 streaming")
struct SHA256StreamingTests {
    @Test("lengths 0…520 around every block boundary and run of four blocks, against hashlib")
    func lengths() throws {
        let vectors = try VectorFiles.json(LengthVectors.self, "sha256_lengths.json")
        #expect(vectors.pattern == "(i * 7 + 3) mod 256")
        #expect(vectors.cases.count == 521)
        for vector in vectors.cases {
            let message = patternMessage(vector.length)
            #expect(SHA256.hash(data: message).description == vector.sha256, "length \(vector.length)")
            // Byte by byte must agree too: every possible buffer fill level is crossed.
            var hasher = SHA256()
            for byte in message { hasher.update(data: [byte]) }
            #expect(hasher.finalize().description == vector.sha256, "length \(vector.length), byte by byte")
        }
    }

    @Test("a split at every offset equals one-shot")
    func everySplit() {
        let message = patternMessage(300)
        let expected = SHA256.hash(data: message)
        for split in 0...message.count {
            var hasher = SHA256()
            hasher.update(data: message[..<split])
            hasher.update(data: message[split...])
            #expect(hasher.finalize() == expected, "split at \(split)")
        }
        // Three pieces, the middle one crossing a block.
        for first in stride(from: 0, through: 200, by: 13) {
            for middle in [0, 1, 63, 64, 65, 100] where first + middle <= message.count {
                var hasher = SHA256()
                hasher.update(data: message[..<first])
                hasher.update(data: message[first..<(first + middle)])
                hasher.update(data: message[(first + middle)...])
                #expect(hasher.finalize() == expected, "pieces at \(first), \(first + middle)")
            }
        }
    }

    @Test("finalize leaves the hasher usable")
    func finalizeIsNonDestructive() {
        var hasher = SHA256()
        hasher.update(data: Array("ab".utf8))
        let first = hasher.finalize()
        #expect(first == hasher.finalize())
        hasher.update(data: Array("c".utf8))
        #expect(hasher.finalize() == SHA256.hash(data: Array("abc".utf8)))
    }

    @Test("non-contiguous sequences hash like arrays")
    func nonContiguousInput() {
        let message = patternMessage(1000)
        let lazy = message.lazy.map { $0 }           // no contiguous storage
        let strided = stride(from: 0, to: 1000, by: 1).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
        #expect(SHA256.hash(data: lazy) == SHA256.hash(data: message))
        #expect(SHA256.hash(data: strided) == SHA256.hash(data: message))
        message.withUnsafeBytes { raw in
            #expect(SHA256.hash(data: raw) == SHA256.hash(data: message))
        }
    }

    @Test("digest value semantics")
    func digest() {
        let abc = SHA256.hash(data: Array("abc".utf8))
        // FIPS 180-4 example "abc" (also the first lines of every SHA-256 reference).
        #expect(abc.description == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Array(abc).count == SHA256Digest.byteCount)
        #expect(Array(abc) == abc.bytes)
        let other = SHA256.hash(data: Array("abd".utf8))
        #expect(abc != other)
        #expect(Set([abc, abc, other]).count == 2)
    }
}

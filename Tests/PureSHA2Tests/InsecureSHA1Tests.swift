// Insecure.SHA1: the FIPS 180-1 examples (typed from the standard: "abc", the 448-bit message, one million
// "a"), every message length 0…300 and some long ones against Python's hashlib
// (Vectors/generate_sha1_vectors.py), and streaming in every split.

import PureSHA2
import Testing
import TestSupport

private struct SHA1Vectors: Decodable {
    let cases: [Case]
    struct Case: Decodable { let message: String; let sha1: String }
}

@Suite("Insecure.SHA1")
struct InsecureSHA1Tests {
    @Test("FIPS 180-1 appendix A–C: abc, the 448-bit message, one million a")
    func fipsExamples() {
        #expect(Insecure.SHA1.hash(data: Array("abc".utf8)).description == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(Insecure.SHA1.hash(data: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)).description
                == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(Insecure.SHA1.hash(data: [UInt8](repeating: 0x61, count: 1_000_000)).description == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
        #expect(Insecure.SHA1.hash(data: []).description == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    }

    @Test("every length 0…300 and 1000, 4095–4097 bytes, one-shot and fed in two pieces at every split of the first 130")
    func lengths() throws {
        let cases = try VectorFiles.json(SHA1Vectors.self, "sha1_vectors.json").cases
        #expect(cases.count == 305)
        for testCase in cases {
            let message = try [UInt8](hex: testCase.message)
            #expect(Insecure.SHA1.hash(data: message).description == testCase.sha1, "\(message.count) bytes")
            if message.count <= 130 {
                for split in 0...message.count {
                    var hasher = Insecure.SHA1()
                    hasher.update(data: message[..<split])
                    hasher.update(data: message[split...])
                    #expect(hasher.finalize().description == testCase.sha1)
                }
            }
        }
    }

    @Test("finalize leaves the hasher usable; digests compare by every byte")
    func finalizeTwice() {
        var hasher = Insecure.SHA1()
        hasher.update(data: Array("ab".utf8))
        let partial = hasher.finalize()
        hasher.update(data: Array("c".utf8))
        #expect(hasher.finalize() == Insecure.SHA1.hash(data: Array("abc".utf8)))
        #expect(partial != hasher.finalize() && Insecure.SHA1Digest.byteCount == 20 && partial.bytes.count == 20)
    }
}

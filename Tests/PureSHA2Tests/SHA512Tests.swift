// SHA-384 and SHA-512: the FIPS 180-2 examples, every message length 0…1100 and some long ones, the
// SHAVS Monte Carlo procedure (expected values from Python's hashlib, Vectors/generate_sha512_vectors.py),
// streaming splits; HMAC-SHA-384 and HMAC-SHA-512 against NIST HMACVS ([L=48], [L=64]).

import PureSHA2
import Testing
import TestSupport

private struct SHA512FamilyVectors: Decodable {
    let pattern: String
    let lengths: [Length]
    let monte: [String: Monte]
    let fips180Examples: [Example]

    struct Length: Decodable { let length: Int; let sha384: String; let sha512: String }
    struct Monte: Decodable { let seed: String; let checkpoints: [String] }
    struct Example: Decodable { let message: String; let `repeat`: Int; let sha384: String; let sha512: String }
}

private let vectors = try? VectorFiles.json(SHA512FamilyVectors.self, "sha384_sha512_vectors.json")

private func patternMessage(_ length: Int) -> [UInt8] {
    (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
}

@Suite("SHA-384 and SHA-512")
struct SHA512Tests {
    @Test("the vector file loads with all of its cases")
    func caseCounts() throws {
        let vectors = try #require(vectors)
        #expect(vectors.pattern == "(i * 7 + 3) mod 256")
        #expect(vectors.lengths.count == 1106)
        #expect(vectors.monte["sha384"]?.checkpoints.count == 100)
        #expect(vectors.monte["sha512"]?.checkpoints.count == 100)
        #expect(vectors.fips180Examples.count == 3)
    }

    @Test("FIPS 180-2 examples: abc, the 896-bit message, one million a")
    func fipsExamples() throws {
        for example in try #require(vectors).fips180Examples {
            var sha384 = SHA384(), sha512 = SHA512()
            let piece = Array(example.message.utf8)
            for _ in 0..<example.`repeat` {
                sha384.update(data: piece)
                sha512.update(data: piece)
            }
            #expect(sha384.finalize().description == example.sha384, "\(example.message) × \(example.`repeat`)")
            #expect(sha512.finalize().description == example.sha512, "\(example.message) × \(example.`repeat`)")
        }
    }

    @Test("every length 0…1100 and long messages, one-shot and byte by byte, against hashlib")
    func lengths() throws {
        for vector in try #require(vectors).lengths {
            let message = patternMessage(vector.length)
            #expect(SHA384.hash(data: message).description == vector.sha384, "SHA-384, length \(vector.length)")
            #expect(SHA512.hash(data: message).description == vector.sha512, "SHA-512, length \(vector.length)")
            if vector.length <= 1100 {
                var hasher = SHA512()
                for byte in message { hasher.update(data: CollectionOfOne(byte)) }
                #expect(hasher.finalize().description == vector.sha512, "SHA-512, length \(vector.length), byte by byte")
            }
        }
    }

    @Test("SHAVS Monte Carlo procedure: 100 checkpoints each", arguments: ["sha384", "sha512"])
    func monteCarlo(_ name: String) throws {
        let monte = try #require(vectors?.monte[name])
        func hash(_ bytes: [UInt8]) -> [UInt8] { name == "sha384" ? SHA384.hash(data: bytes).bytes : SHA512.hash(data: bytes).bytes }
        var seed = try [UInt8](hex: monte.seed)
        for (count, checkpoint) in monte.checkpoints.enumerated() {
            var md = (seed, seed, seed)
            for _ in 0..<1000 { md = (md.1, md.2, hash(md.0 + md.1 + md.2)) }
            seed = md.2
            #expect(seed.hex == checkpoint, "\(name) checkpoint \(count)")
        }
    }

    @Test("a split at every offset equals one-shot; finalize leaves the hasher usable")
    func splits() {
        let message = patternMessage(400)
        let expected = SHA512.hash(data: message)
        for split in 0...message.count {
            var hasher = SHA512()
            hasher.update(data: message[..<split])
            let early = hasher.finalize()
            hasher.update(data: message[split...])
            #expect(hasher.finalize() == expected, "split at \(split)")
            #expect(early == SHA512.hash(data: message[..<split]))
        }
    }

    @Test("digests: sizes, equality, hex and the bytes in order")
    func digests() {
        let a = SHA384.hash(data: [UInt8]()), b = SHA384.hash(data: [0])
        #expect(SHA384Digest.byteCount == 48 && Array(a).count == 48 && SHA384.blockByteCount == 128)
        #expect(SHA512Digest.byteCount == 64 && Array(SHA512.hash(data: [UInt8]())).count == 64 && SHA512.blockByteCount == 128)
        #expect(a != b && a == SHA384.hash(data: [UInt8]()))
        #expect(Set([a, b, a]).count == 2)
        #expect(a.bytes.hex == a.description && a.description.count == 96)
    }
}

/// HMACVS records of one section: [L=48] is HMAC-SHA-384, [L=64] HMAC-SHA-512 (L is the digest length).
private func hmacRecords(_ section: String) -> [NISTRecord] {
    ((try? NISTResponseFile.records(VectorFiles.text("HMAC.rsp"))) ?? []).filter { $0.section == section }
}
private let hmac384Records = hmacRecords("L=48")
private let hmac512Records = hmacRecords("L=64")

@Suite("HMAC-SHA-384 and HMAC-SHA-512, NIST HMACVS")
struct HMACSHA512FamilyTests {
    @Test("HMAC.rsp: all 300 [L=48] and 375 [L=64] records")
    func caseCounts() {
        #expect(hmac384Records.count == 300)
        #expect(hmac512Records.count == 375)
    }

    @Test("HMAC.rsp [L=48]", arguments: hmac384Records)
    func hmac384(_ record: NISTRecord) throws {
        try check(record, HMAC<SHA384>.self)
    }

    @Test("HMAC.rsp [L=64]", arguments: hmac512Records)
    func hmac512(_ record: NISTRecord) throws {
        try check(record, HMAC<SHA512>.self)
    }

    private func check<H>(_ record: NISTRecord, _: HMAC<H>.Type) throws {
        let key = try [UInt8](hex: record.value("Key"))
        let message = try [UInt8](hex: record.value("Msg"))
        let tag = try [UInt8](hex: record.value("Mac"))
        #expect(key.count == Int(try record.value("Klen")))
        #expect(tag.count == Int(try record.value("Tlen")))
        let mac = HMAC<H>.authenticationCode(for: message, using: SymmetricKey(data: key))
        // HMACVS truncates tags to Tlen bytes.
        #expect(Array(mac.prefix(tag.count)) == tag, "line \(record.line)")
        // The full tag verifies; with any one bit flipped, or truncated, it does not.
        let full = Array(mac)
        #expect(HMAC<H>.isValidAuthenticationCode(full, authenticating: message, using: SymmetricKey(data: key)))
        let bit = record.line % (full.count * 8)
        var flipped = full
        flipped[bit / 8] ^= 1 << (bit % 8)
        #expect(!HMAC<H>.isValidAuthenticationCode(flipped, authenticating: message, using: SymmetricKey(data: key)))
        #expect(!HMAC<H>.isValidAuthenticationCode(full.dropLast(), authenticating: message, using: SymmetricKey(data: key)))
    }
}

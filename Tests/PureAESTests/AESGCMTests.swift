// AES-GCM against Wycheproof (every case of aes_gcm_test.json) and NIST CAVP's GCM response files
// (every record of gcmEncryptExtIV128/256 and gcmDecrypt128/256), plus the public API's refusals.

@testable import PureAES
import Testing
import TestSupport

/// Ciphertext and the full 16-byte tag of `plaintext` through the package core (any tag length the
/// NIST files use is a prefix of it, SP 800-38D §7.1 step 6).
private func sealFull(key: [UInt8], nonce: [UInt8], plaintext: [UInt8], aad: [UInt8]) throws -> (ciphertext: [UInt8], tag: [UInt8]) {
    let core = try AESGCMCore(key: key)
    var ciphertext = [UInt8](repeating: 0, count: plaintext.count)
    let tag = nonce.withUnsafeBytes { n in
        plaintext.withUnsafeBytes { p in
            aad.withUnsafeBytes { a in ciphertext.withUnsafeMutableBytes { core.seal(nonce: n, plaintext: p, authenticating: a, into: $0) } }
        }
    }
    return (ciphertext, tag)
}

@Suite("AES-GCM")
struct AESGCMTests {
    @Test("Wycheproof aes_gcm_test.json: every case")
    func wycheproof() throws {
        let run = try Wycheproof.run(
            "aes_gcm_test.json", groups: AEADGroup.self,
            knownFlags: ["CounterWrap", "Ktv", "LongIv", "ModifiedTag", "Pseudorandom", "SmallIv", "SpecialCase", "ZeroLengthIv"]
        ) { _, test in
            let key = SymmetricKey(data: try [UInt8](hex: test.key))
            let nonce = try AES.GCM.Nonce(data: try [UInt8](hex: test.iv))
            let message = try [UInt8](hex: test.msg), aad = try [UInt8](hex: test.aad)
            let ciphertext = try [UInt8](hex: test.ct), tag = try [UInt8](hex: test.tag)
            let box = try AES.GCM.SealedBox(nonce: nonce, ciphertext: ciphertext, tag: tag)
            let opened = try AES.GCM.open(box, using: key, authenticating: aad)
            #expect(opened == message, "tcId \(test.tcId): opened to other bytes")
            // The same nonce seals the message to the same box.
            let sealed = try AES.GCM.seal(message, using: key, nonce: nonce, authenticating: aad)
            #expect(sealed == box, "tcId \(test.tcId): sealing gave another box")
            return opened == message
        }
        #expect(run == 316)
    }

    /// Every record of a CAVP GCM file, checked by `check`; returns the number of records.
    private func eachRecord(_ name: String, _ check: (NISTRecord) throws -> Void) throws -> Int {
        let records = NISTResponseFile.records(try VectorFiles.text(name)).filter { $0.has("Key") }
        for record in records {
            do { try check(record) } catch { Issue.record("\(name) line \(record.line): \(error)") }
        }
        return records.count
    }

    @Test("NIST gcmEncryptExtIV128.rsp and 256: every record (tags of every length are prefixes of ours)",
          arguments: ["gcmEncryptExtIV128.rsp", "gcmEncryptExtIV256.rsp"])
    func nistEncrypt(_ name: String) throws {
        let count = try eachRecord(name) { record in
            let key = try [UInt8](hex: record.value("Key")), iv = try [UInt8](hex: record.value("IV"))
            let plaintext = try [UInt8](hex: record.value("PT")), aad = try [UInt8](hex: record.value("AAD"))
            let expected = try [UInt8](hex: record.value("CT")), tag = try [UInt8](hex: record.value("Tag"))
            let (ciphertext, fullTag) = try sealFull(key: key, nonce: iv, plaintext: plaintext, aad: aad)
            #expect(ciphertext == expected, "\(name) line \(record.line)")
            #expect(Array(fullTag.prefix(tag.count)) == tag, "\(name) line \(record.line)")
            if tag.count == 16 {
                let box = try AES.GCM.SealedBox(nonce: try AES.GCM.Nonce(data: iv), ciphertext: expected, tag: tag)
                #expect(try AES.GCM.open(box, using: SymmetricKey(data: key), authenticating: aad) == plaintext)
            }
        }
        #expect(count == 7875)
    }

    @Test("NIST gcmDecrypt128.rsp and 256: every record, PASS opens to PT, FAIL is refused",
          arguments: ["gcmDecrypt128.rsp", "gcmDecrypt256.rsp"])
    func nistDecrypt(_ name: String) throws {
        var failures = 0
        let count = try eachRecord(name) { record in
            let key = try [UInt8](hex: record.value("Key")), iv = try [UInt8](hex: record.value("IV"))
            let ciphertext = try [UInt8](hex: record.value("CT")), aad = try [UInt8](hex: record.value("AAD"))
            let tag = try [UInt8](hex: record.value("Tag"))
            let passes = record.has("PT")   // the reader skips the bare "FAIL" line
            if !passes { failures += 1 }
            if tag.count == 16 {
                let box = try AES.GCM.SealedBox(nonce: try AES.GCM.Nonce(data: iv), ciphertext: ciphertext, tag: tag)
                let opened = try? AES.GCM.open(box, using: SymmetricKey(data: key), authenticating: aad)
                if passes {
                    #expect(opened == (try [UInt8](hex: record.value("PT"))), "\(name) line \(record.line)")
                } else {
                    #expect(opened == nil, "\(name) line \(record.line): a FAIL record opened")
                }
            } else {
                // Truncated tags: decrypt by running CTR over the ciphertext, then seal that plaintext,
                // which gives back the ciphertext and the full tag over it.
                let candidate = try sealFull(key: key, nonce: iv, plaintext: ciphertext, aad: aad).ciphertext
                let (again, fullTag) = try sealFull(key: key, nonce: iv, plaintext: candidate, aad: aad)
                #expect(again == ciphertext)
                #expect((Array(fullTag.prefix(tag.count)) == tag) == passes, "\(name) line \(record.line)")
                if passes { #expect(candidate == (try [UInt8](hex: record.value("PT")))) }
            }
        }
        #expect(count == 7875)
        #expect(failures > 0)
    }

    @Test("seal and open round-trip every length around the eight-block passes, 12- and 16-byte nonces")
    func roundTrip() throws {
        var generator = SplitMix64(seed: 3)
        for keySize in [16, 24, 32] {
            let key = SymmetricKey(data: generator.bytes(keySize))
            for length in [0, 1, 15, 16, 17, 95, 96, 97, 111, 112, 113, 127, 128, 129, 223, 224, 225, 1000, 4099] {
                for nonceSize in [12, 16] {
                    let message = generator.bytes(length), aad = generator.bytes(length % 37)
                    let nonce = try AES.GCM.Nonce(data: generator.bytes(nonceSize))
                    let box = try AES.GCM.seal(message, using: key, nonce: nonce, authenticating: aad)
                    #expect(box.ciphertext.count == length && box.tag.count == 16)
                    #expect(try AES.GCM.open(box, using: key, authenticating: aad) == message)
                    if nonceSize == 12 {
                        let combined = try #require(box.combined)
                        #expect(try AES.GCM.SealedBox(combined: combined) == box)
                    } else {
                        #expect(box.combined == nil)
                    }
                }
            }
        }
    }

    @Test("every single-bit change of ciphertext, tag, nonce or additional data is refused")
    func tampering() throws {
        var generator = SplitMix64(seed: 5)
        let key = SymmetricKey(data: generator.bytes(32))
        let message = generator.bytes(40), aad = generator.bytes(9)
        let box = try AES.GCM.seal(message, using: key, authenticating: aad)
        let nonce = Array(box.nonce)
        for bit in 0..<(8 * 40) {
            var ciphertext = box.ciphertext
            ciphertext[bit / 8] ^= 1 << (bit % 8)
            let bad = try AES.GCM.SealedBox(nonce: box.nonce, ciphertext: ciphertext, tag: box.tag)
            #expect(throws: AESError(.authenticationFailure)) { try AES.GCM.open(bad, using: key, authenticating: aad) }
        }
        for bit in 0..<128 {
            var tag = box.tag
            tag[bit / 8] ^= 1 << (bit % 8)
            let bad = try AES.GCM.SealedBox(nonce: box.nonce, ciphertext: box.ciphertext, tag: tag)
            #expect(throws: AESError(.authenticationFailure)) { try AES.GCM.open(bad, using: key, authenticating: aad) }
        }
        for bit in 0..<96 {
            var changed = nonce
            changed[bit / 8] ^= 1 << (bit % 8)
            let bad = try AES.GCM.SealedBox(nonce: try AES.GCM.Nonce(data: changed), ciphertext: box.ciphertext, tag: box.tag)
            #expect(throws: AESError(.authenticationFailure)) { try AES.GCM.open(bad, using: key, authenticating: aad) }
        }
        for bit in 0..<72 {
            var changed = aad
            changed[bit / 8] ^= 1 << (bit % 8)
            #expect(throws: AESError(.authenticationFailure)) { try AES.GCM.open(box, using: key, authenticating: changed) }
        }
        #expect(throws: AESError(.authenticationFailure)) { try AES.GCM.open(box, using: key) }
        #expect(throws: AESError(.authenticationFailure)) {
            try AES.GCM.open(box, using: SymmetricKey(data: generator.bytes(32)), authenticating: aad)
        }
    }

    @Test("refusals: empty nonce, short or long tags, short combined boxes, wrong key sizes")
    func refusals() throws {
        #expect(throws: AESError(.emptyNonce)) { try AES.GCM.Nonce(data: []) }
        for size in [0, 4, 8, 12, 15, 17, 32] {
            #expect(throws: AESError(.incorrectTagSize(found: size))) {
                try AES.GCM.SealedBox(nonce: AES.GCM.Nonce(), ciphertext: [1, 2, 3], tag: [UInt8](repeating: 0, count: size))
            }
        }
        #expect(throws: AESError(.combinedTooShort(found: 27))) { try AES.GCM.SealedBox(combined: [UInt8](repeating: 0, count: 27)) }
        #expect(try AES.GCM.SealedBox(combined: [UInt8](repeating: 0, count: 28)).ciphertext.isEmpty)
        for size in [0, 1, 8, 20, 31, 33, 64] {
            #expect(throws: AESError(.incorrectKeySize(expected: [16, 24, 32], found: size))) {
                try AES.GCM.seal([1, 2, 3], using: SymmetricKey(data: [UInt8](repeating: 7, count: size)))
            }
        }
        #expect(AES.GCM.Nonce().map { $0 }.count == 12)
        #expect(AES.GCM.Nonce() != AES.GCM.Nonce())
    }
}

// JWE's A128CBC-HS256, A192CBC-HS384 and A256CBC-HS512 (RFC 7518 §5.2) against every case of Wycheproof's
// three files and RFC 7518 Appendix B's three test cases, and the padding refusals that only a holder of
// the key can reach.

@testable import PureAES
import Foundation
import PureSHA2
import Testing
import TestSupport

private struct AppendixB: Decodable {
    struct Case: Decodable { let name, enc, K, P, IV, A, E, T: String }
    let cases: [Case]
}

@Suite("AES-CBC-HMAC-SHA2 (JWE)")
struct AESCBCHMACTests {
    @Test("Wycheproof a128cbc_hs256, a192cbc_hs384, a256cbc_hs512: every case",
          arguments: [("a128cbc_hs256_test.json", AESCBCHMAC.Variant.a128cbcHS256),
                      ("a192cbc_hs384_test.json", .a192cbcHS384), ("a256cbc_hs512_test.json", .a256cbcHS512)])
    func wycheproof(_ name: String, _ variant: AESCBCHMAC.Variant) throws {
        let run = try Wycheproof.run(
            name, groups: AEADGroup.self, knownFlags: ["Ktv", "ModifiedTag", "Pseudorandom", "SpecialCaseIv"]
        ) { _, test in
            let key = try [UInt8](hex: test.key), iv = try [UInt8](hex: test.iv), aad = try [UInt8](hex: test.aad)
            let message = try [UInt8](hex: test.msg), ciphertext = try [UInt8](hex: test.ct), tag = try [UInt8](hex: test.tag)
            let opened = try AESCBCHMAC.open(ciphertext, key: key, iv: iv, tag: tag, authenticating: aad, variant: variant)
            let sealed = try AESCBCHMAC.seal(message, key: key, iv: iv, authenticating: aad, variant: variant)
            #expect(sealed.ciphertext == ciphertext && sealed.tag == tag, "\(name) tcId \(test.tcId): sealing differs")
            return opened == message
        }
        #expect(run == 94)
    }

    @Test("RFC 7518 Appendix B.1-B.3: the RFC's ciphertext and tag, and back")
    func rfc7518AppendixB() throws {
        let file = try VectorFiles.json(AppendixB.self, "rfc7518_appendix_b.json")
        let variants: [String: AESCBCHMAC.Variant] = ["A128CBC-HS256": .a128cbcHS256, "A192CBC-HS384": .a192cbcHS384, "A256CBC-HS512": .a256cbcHS512]
        #expect(file.cases.count == 3)
        for test in file.cases {
            let variant = try #require(variants[test.enc])
            let key = try [UInt8](hex: test.K), iv = try [UInt8](hex: test.IV), aad = try [UInt8](hex: test.A)
            let message = try [UInt8](hex: test.P), expectedCiphertext = try [UInt8](hex: test.E), expectedTag = try [UInt8](hex: test.T)
            let sealed = try AESCBCHMAC.seal(message, key: key, iv: iv, authenticating: aad, variant: variant)
            #expect(sealed.ciphertext == expectedCiphertext && sealed.tag == expectedTag, "\(test.name)")
            let opened = try AESCBCHMAC.open(sealed.ciphertext, key: key, iv: iv, tag: sealed.tag, authenticating: aad, variant: variant)
            #expect(opened == message, "\(test.name)")
        }
    }

    @Test("bad padding under a valid tag is refused; lengths of every remainder round-trip")
    func padding() throws {
        var generator = SplitMix64(seed: 9)
        for variant in [AESCBCHMAC.Variant.a128cbcHS256, .a192cbcHS384, .a256cbcHS512] {
            let key = generator.bytes(variant.keyByteCount), iv = generator.bytes(16), aad = generator.bytes(5)
            for length in 0...40 {
                let message = generator.bytes(length)
                let (ciphertext, tag) = try AESCBCHMAC.seal(message, key: key, iv: iv, authenticating: aad, variant: variant)
                #expect(ciphertext.count == (length / 16 + 1) * 16)
                #expect(try AESCBCHMAC.open(ciphertext, key: key, iv: iv, tag: tag, authenticating: aad, variant: variant) == message)
            }
            // A ciphertext whose last block decrypts to a bad pad, with a tag computed over it (what only
            // the key's holder could make): refused after the tag check.
            let half = variant.keyByteCount / 2
            let schedule = try AESExpandedKey(key: key[half...])
            for lastByte: UInt8 in [0, 17, 255] {
                var block = [UInt8](repeating: 3, count: 15) + [lastByte]
                for index in 0..<16 { block[index] ^= iv[index] }
                let ciphertext = schedule.encrypt(block: block)
                let tag = AESCBCHMAC.tag(variant, macKey: key[..<half], aad: aad, iv: iv, ciphertext: ciphertext)
                #expect(throws: AESError(.authenticationFailure)) {
                    try AESCBCHMAC.open(ciphertext, key: key, iv: iv, tag: tag, authenticating: aad, variant: variant)
                }
            }
            #expect(throws: AESError(.incorrectKeySize(expected: [variant.keyByteCount], found: 16))) {
                try AESCBCHMAC.seal([1], key: generator.bytes(16), iv: iv, authenticating: [], variant: variant)
            }
            #expect(throws: AESError(.incorrectIVSize(expected: 16, found: 12))) {
                try AESCBCHMAC.seal([1], key: key, iv: generator.bytes(12), authenticating: [], variant: variant)
            }
        }
    }
}

// The key policy of ../shared/DESIGN.md: modulus ≥ 2048 bits and odd, exponent odd, > 1, < n, ≤ 33 bits.

import PureBase64
import PureBigInt
import PureRSA
import Testing
import TestSupport

@Suite("RSA key policy")
struct RSAKeyPolicyTests {
    private let modulus2048: [UInt8] = [0xC0] + [UInt8](repeating: 0x5A, count: 254) + [0x01]

    private func reason(_ modulus: [UInt8], _ exponent: [UInt8]) -> RSAError.Reason? {
        do { _ = try RSA.Signing.PublicKey(modulus: modulus, publicExponent: exponent); return nil } catch { return error.reason }
    }

    @Test("accepted: 2048-bit odd modulus with e = 65537 or 3, leading zeros ignored")
    func accepted() {
        #expect(reason(modulus2048, [0x01, 0x00, 0x01]) == nil)
        #expect(reason(modulus2048, [0x03]) == nil)
        #expect(reason([0, 0] + modulus2048, [0, 0x01, 0x00, 0x01]) == nil)
    }

    @Test("refused, each with its reason")
    func refused() {
        #expect(reason(Array(modulus2048.dropFirst()), [1, 0, 1]) == .modulusTooSmall(bits: 2039))
        #expect(reason(modulus2048.dropLast() + [0x02], [1, 0, 1]) == .evenModulus)
        #expect(reason(modulus2048, [1, 0, 0]) == .invalidExponent)
        #expect(reason(modulus2048, [1]) == .invalidExponent)
        #expect(reason(modulus2048, []) == .invalidExponent)
        #expect(reason(modulus2048, [1, 0, 0, 0, 0, 1]) == .exponentTooLarge(bits: 41))
        #expect(reason([0x80] + [UInt8](repeating: 0, count: 2048) + [1], [1, 0, 1]) == .modulusTooLarge(bits: 16400))
        #expect(reason([], [1, 0, 1]) == .modulusTooSmall(bits: 0))
    }

    /// The modulus of Wycheproof's `jws_rsa_roca_key` (json_web_key_test.json, kid "kid-rsa-roca-sign"; a
    /// key from the generator that ROCA broke). That file's JWS case only says a signature under it is
    /// invalid; this checks that the fingerprint is what refuses the key.
    private let rocaModulus = "AanFpofbj7KjD4Lf-N2hVMKR7yewSyXhhbirIMTGpfYEhZ_lnt5UoK98DnKIgArXGTu3MaW_HhFw16HGaTDUHqPrId7fe4r11CqRw09yBFuW79V8sYIwHdzCaWflUI6auImYbVfoN9_nD5n8N8SY9DwXw7mwZM9wREPXoDPgOoIWl6q_MPsp7n0zs3Z5ZaiQWOOzl1S9OhwAfSiiOwz6efnXEaxuTEtPd7BjSx7NaFka8Dx9U7YqXy2RFj1O9PjyaDGuRh7YXsX3iMUSP_wSyHQg_c_qHRtKUsNSGCT7OZg0hzm2KphtjnayKJvC64vAbROBR4Ubg6Bxg9IQVZ-QYyE"

    @Test("refused: a modulus with the ROCA fingerprint (CVE-2017-15361)")
    func rocaFingerprint() throws {
        let modulus = try Base64URL.decode(rocaModulus)
        #expect(reason(modulus, [1, 0, 1]) == .weakKeyROCA)
        // The same size with its last bit-pair changed is an ordinary modulus again.
        var changed = modulus
        changed[changed.count - 1] ^= 0x02
        #expect(reason(changed, [1, 0, 1]) == nil)
    }

    @Test("a 1024-bit key in a PEM says why it is refused")
    func smallKeyMessage() throws {
        let material = try RSA.Signing.PublicKey(
            modulus: BigUInt(1) << 1023 + 1, publicExponent: 65537, minimumBits: 1024)
        let error = try #require(throws: RSAError.self) {
            try RSA.Signing.PublicKey(pemRepresentation: material.pemRepresentation)
        }
        #expect(error.description.contains("1024 bits"))
    }
}

// The block cipher itself: the S-box circuits over every input, FIPS 197 Appendix C, and eight blocks at
// once against one at a time.

@testable import PureAES
import Testing
import TestSupport

private struct AppendixC: Decodable {
    struct Case: Decodable { let key: String; let plaintext: String; let ciphertext: String }
    let cases: [Case]
}

/// Multiplication in GF(2^8) mod x^8 + x^4 + x^3 + x + 1, bit by bit (FIPS 197 §4.2): the test's own
/// definition of the field, independent of the circuits.
private func fieldMultiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
    var a = a, b = b, product: UInt8 = 0
    while b != 0 {
        if b & 1 != 0 { product ^= a }
        a = (a << 1) ^ (a & 0x80 != 0 ? 0x1B : 0)
        b >>= 1
    }
    return product
}

/// The S-box from its definition (FIPS 197 §5.1.1): the multiplicative inverse (0 for 0), then the
/// affine map b ⊕ rotl(b,1) ⊕ rotl(b,2) ⊕ rotl(b,3) ⊕ rotl(b,4) ⊕ 0x63.
private func sBoxFromDefinition(_ x: UInt8) -> UInt8 {
    let inverse = x == 0 ? 0 : (1...255).map(UInt8.init).first { fieldMultiply(x, $0) == 1 }!
    var result = inverse ^ 0x63
    for k in 1...4 { result ^= (inverse << k) | (inverse >> (8 - k)) }
    return result
}

/// The circuit applied to 128 bytes at once: byte i of the input block list goes through the planes.
private func circuit(_ bytes: [UInt8], inverse: Bool) -> [UInt8] {
    precondition(bytes.count == 128)
    var slices = bytes.withUnsafeBytes { AESSlices(loading: $0.baseAddress!, count: 8) }
    if inverse { slices.substituteBytesInverse() } else { slices.substituteBytes() }
    var out = [UInt8](repeating: 0, count: 128)
    out.withUnsafeMutableBytes { slices.store(to: $0.baseAddress!, count: 8) }
    return out
}

@Suite("AES block cipher")
struct AESBlockTests {
    @Test("S-box and inverse circuits: all 256 inputs against the definition")
    func sBoxCircuits() {
        let table = (0...255).map { sBoxFromDefinition(UInt8($0)) }
        let inputs = (0...255).map { UInt8($0) }
        let forward = circuit(Array(inputs[0..<128]), inverse: false) + circuit(Array(inputs[128...]), inverse: false)
        #expect(forward == table)
        let backward = circuit(Array(table[0..<128]), inverse: true) + circuit(Array(table[128...]), inverse: true)
        #expect(backward == inputs)
    }

    @Test("planes round-trip every block position")
    func transposeRoundTrip() {
        var generator = SplitMix64(seed: 7)
        for count in 1...8 {
            let bytes = (0..<(16 * count)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let slices = bytes.withUnsafeBytes { AESSlices(loading: $0.baseAddress!, count: count) }
            var out = [UInt8](repeating: 0, count: 16 * count)
            out.withUnsafeMutableBytes { slices.store(to: $0.baseAddress!, count: count) }
            #expect(out == bytes, "count \(count)")
        }
    }

    @Test("FIPS 197 Appendix C: AES-128, AES-192, AES-256, both directions")
    func appendixC() throws {
        let file = try VectorFiles.json(AppendixC.self, "fips197_appendix_c.json")
        #expect(file.cases.count == 3)
        for vector in file.cases {
            let schedule = try AESExpandedKey(key: try [UInt8](hex: vector.key))
            let plaintext = try [UInt8](hex: vector.plaintext), ciphertext = try [UInt8](hex: vector.ciphertext)
            #expect(schedule.encrypt(block: plaintext) == ciphertext, "key \(vector.key)")
            var back = [UInt8](repeating: 0, count: 16)
            ciphertext.withUnsafeBytes { input in
                back.withUnsafeMutableBytes { schedule.decryptBlocks(input.baseAddress!, count: 1, into: $0.baseAddress!) }
            }
            #expect(back == plaintext, "key \(vector.key)")
        }
    }

    @Test("eight blocks at once equal one at a time, for every count and key size")
    func batchesMatchSingleBlocks() throws {
        var generator = SplitMix64(seed: 11)
        for keySize in [16, 24, 32] {
            let key = (0..<keySize).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let schedule = try AESExpandedKey(key: key)
            for count in 1...8 {
                let blocks = (0..<(16 * count)).map { _ in UInt8.random(in: 0...255, using: &generator) }
                var batch = [UInt8](repeating: 0, count: 16 * count)
                blocks.withUnsafeBytes { input in
                    batch.withUnsafeMutableBytes { schedule.encryptBlocks(input.baseAddress!, count: count, into: $0.baseAddress!) }
                }
                for index in 0..<count {
                    let single = schedule.encrypt(block: Array(blocks[(16 * index)..<(16 * index + 16)]))
                    #expect(Array(batch[(16 * index)..<(16 * index + 16)]) == single, "key \(keySize), count \(count), block \(index)")
                }
                var back = [UInt8](repeating: 0, count: 16 * count)
                batch.withUnsafeBytes { input in
                    back.withUnsafeMutableBytes { schedule.decryptBlocks(input.baseAddress!, count: count, into: $0.baseAddress!) }
                }
                #expect(back == blocks, "key \(keySize), count \(count)")
            }
        }
    }

    @Test("keys of other sizes are refused")
    func keySizes() {
        for size in [0, 8, 15, 17, 31, 33, 64] {
            #expect(throws: AESError(.incorrectKeySize(expected: [16, 24, 32], found: size))) {
                _ = try AESExpandedKey(key: [UInt8](repeating: 1, count: size))
            }
        }
    }
}

// The six-limb Montgomery arithmetic modulo p and n against Python's integers
// (Vectors/p384_arithmetic.json, Vectors/generate_p384_arithmetic.py): products, sums, differences and
// inverses of extreme operands — 0, 1, m − 1, powers of two and their neighbours, all-ones limbs, long
// runs of equal bits — whose carry chains random signatures rarely reach.

@testable import PureP384
import Foundation
import Testing
import TestSupport

private struct ArithmeticVectors: Decodable {
    struct Value: Decodable { let a: String; let inverse: String? }
    struct Pair: Decodable { let a: String; let b: String; let product: String; let sum: String?; let difference: String? }
    struct Modulus: Decodable { let values: [Value]; let pairs: [Pair] }
    let p: Modulus
    let n: Modulus
}

private func u384(_ hex: String) throws -> U384 {
    let padded = String(repeating: "0", count: 96 - hex.count) + hex
    return try #require(U384(bigEndianBytes: try [UInt8](hex: padded)))
}

@Suite("P-384 arithmetic against Python integers")
struct P384ArithmeticVectorTests {
    @Test("mod p and mod n: every product, sum, difference and inverse", arguments: ["p", "n"])
    func arithmetic(_ name: String) throws {
        let file = try VectorFiles.json(ArithmeticVectors.self, "p384_arithmetic.json")
        let vectors = name == "p" ? file.p : file.n
        let modulus = name == "p" ? Modulus384.p : Modulus384.n
        #expect(vectors.pairs.count == 340 && vectors.values.count == 85)
        for pair in vectors.pairs {
            let a = try u384(pair.a), b = try u384(pair.b)
            #expect(modulus.multiplyCanonical(a, b) == (try u384(pair.product)), "\(name): \(pair.a) × \(pair.b)")
            let montgomery = modulus.multiply(modulus.toMontgomery(a), modulus.toMontgomery(b))
            #expect(modulus.fromMontgomery(montgomery) == (try u384(pair.product)), "\(name): Montgomery \(pair.a) × \(pair.b)")
            if let sum = pair.sum, let difference = pair.difference {
                #expect(modulus.add(a, b) == (try u384(sum)), "\(name): \(pair.a) + \(pair.b)")
                #expect(modulus.subtract(a, b) == (try u384(difference)), "\(name): \(pair.a) − \(pair.b)")
            }
        }
        for value in vectors.values {
            guard let inverse = value.inverse else { continue }
            let a = try u384(value.a)
            #expect(modulus.inverseVartime(a) == (try u384(inverse)), "\(name): \(value.a)⁻¹ (binary GCD)")
            if name == "p", let element = FieldElement(canonical: a) {
                #expect(element.inverted.canonical == (try u384(inverse)), "p: \(value.a)⁻¹ (Fermat)")
            }
        }
    }
}

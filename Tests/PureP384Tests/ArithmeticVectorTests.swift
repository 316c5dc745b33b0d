// The six-limb Montgomery arithmetic modulo p and n against Python's integers
// (Vectors/p384_arithmetic.json, Vectors/generate_p384_arithmetic.py): products, sums, differences and
// inverses of extreme operands — 0, 1, m − 1, powers of two and their neighbours, all-ones limbs, long
// runs of equal bits — whose carry chains random signatures rarely reach.

@testable import PureP384
import PureECDSA
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
            if name == "p", let x = FieldElement(canonical: a), let y = FieldElement(canonical: b) {
                // The field's own product (separated scanning, p-specific reduction) and its squaring.
                #expect((x * y).canonical == (try u384(pair.product)), "p: field \(pair.a) × \(pair.b)")
                #expect(x.squared.canonical == (x * x).canonical, "p: \(pair.a)²")
            }
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

    /// `invertAll` (PureECDSA's Montgomery's trick, which every curve's affine tables go through) against
    /// Python's inverses of the same values, one batch of all of them, with both inversions it is given.
    @Test("invertAll inverts a batch of field elements to Python's inverses, constant-time and variable-time")
    func batchInversion() throws {
        let vectors = try VectorFiles.json(ArithmeticVectors.self, "p384_arithmetic.json").p
        var values: [FieldElement] = [], expected: [U384] = []
        for value in vectors.values {
            guard let inverse = value.inverse, let element = FieldElement(canonical: try u384(value.a)) else { continue }
            values.append(element)
            expected.append(try u384(inverse))
        }
        #expect(values.count > 40)
        var batches = 0
        for invert in [{ (x: FieldElement) in x.inverted }, { (x: FieldElement) in x.invertedVartime }] {
            // The whole list, both ways round, and its first one and two values from each end (the list
            // starts with 1, whose inverse would hide a wrong first output).
            for (batch, inverses) in [(values, expected), (values.reversed(), expected.reversed())] {
                for count in [1, 2, batch.count] {
                    let result = [FieldElement](unsafeUninitializedCapacity: count) { buffer, initialized in
                        batch.withUnsafeBufferPointer { invertAll(UnsafeBufferPointer(rebasing: $0[..<count]), into: buffer, invert: invert) }
                        initialized = count
                    }
                    #expect(result.map(\.canonical) == Array(inverses[..<count]), "a batch of \(count)")
                    batches += 1
                }
            }
        }
        #expect(batches == 12)
    }

    /// The multiplication and the squaring have two forms each (FieldMultiplication.swift): `UInt128` sums
    /// where the system has them (this one, on Linux and macOS 15+) and two words before; all are checked here.
    @Test("the field's multiplication and squaring (both forms of each) agree with the generic CIOS product on random and extreme operands")
    func fieldMultiplicationAgainstCIOS() throws {
        var generator = SplitMix64(seed: 384)
        let p = Modulus384.p.m
        let extremes: [U384] = [.zero, .one, U384(p.w0 &- 1, p.w1, p.w2, p.w3, p.w4, p.w5), U384(.max, .max, .max, .max, .max, 0),
                                U384(0, 0, 0, 0, 0, 1 << 63), U384(1, 0, 0, 0, 0, 1 << 63), U384(.max, 0, .max, 0, .max, 0)]
        var operands = extremes
        for _ in 0..<2000 {
            let value = U384(generator.next(), generator.next(), generator.next(), generator.next(), generator.next(), generator.next())
            operands.append(Modulus384.p.reduceOnce(value))
        }
        var checked = 0
        for (index, a) in operands.enumerated() {
            let b = operands[(index &* 7 &+ 3) % operands.count]
            let x = FieldElement(montgomery: a), y = FieldElement(montgomery: b)
            #expect((x * y).value == Modulus384.p.multiply(a, b), "\(a) × \(b)")
            #expect(FieldElement.montgomeryMultiplyInTwoWords(a, b) == Modulus384.p.multiply(a, b), "\(a) × \(b), two words")
            #expect(x.squared.value == Modulus384.p.multiply(a, a), "\(a)²")
            #expect(FieldElement.montgomerySquareInTwoWords(a) == Modulus384.p.multiply(a, a), "\(a)², two words")
            checked += 1
        }
        #expect(checked == 2007)
    }
}

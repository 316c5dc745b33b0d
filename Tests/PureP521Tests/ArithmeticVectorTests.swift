// The P-521 field (mod p = 2^521 − 1) and scalar (mod n, Montgomery form) arithmetic against Python
// integers (Vectors/p521_arithmetic.json, written by Vectors/generate_p521_arithmetic.py): every sum,
// difference, product and inverse of operands chosen to stress the carries and the folds.

@testable import PureP521
import Testing
import TestSupport

private struct ArithmeticFile: Decodable {
    struct Pair: Decodable { let a: String; let b: String; let sum: String; let difference: String; let product: String }
    struct Inverse: Decodable { let a: String; let inverse: String }
    struct Modulus: Decodable { let pairs: [Pair]; let inverses: [Inverse] }
    let moduli: [String: Modulus]
}

private func field(_ hex: String) throws -> FieldElement {
    let bytes = try [UInt8](hex: hex)
    return try #require(bytes.withUnsafeBytes { FieldElement(canonicalBigEndian: $0) })
}

private func scalar(_ hex: String) throws -> Scalar {
    try #require(Scalar(canonicalBigEndian: try [UInt8](hex: hex)))
}

@Suite("P-521 arithmetic against Python integers")
struct P521ArithmeticVectorTests {
    @Test("mod p: every sum, difference, product, negation, inverse and square root")
    func fieldArithmetic() throws {
        let file = try VectorFiles.json(ArithmeticFile.self, "p521_arithmetic.json")
        let modulus = try #require(file.moduli["p"])
        #expect(modulus.pairs.count == 256 && modulus.inverses.count > 40)
        for pair in modulus.pairs {
            let a = try field(pair.a), b = try field(pair.b)
            #expect((a + b).canonicalBigEndianBytes.hex == pair.sum, "\(pair.a) + \(pair.b)")
            #expect((a - b).canonicalBigEndianBytes.hex == pair.difference, "\(pair.a) − \(pair.b)")
            #expect((a * b).canonicalBigEndianBytes.hex == pair.product, "\(pair.a) × \(pair.b)")
            #expect((a + (-a)).isZeroMask == .max)
        }
        for inverse in modulus.inverses {
            let a = try field(inverse.a)
            #expect(a.inverted.canonicalBigEndianBytes.hex == inverse.inverse, "\(inverse.a)⁻¹")
            let (root, exists) = a.squared.squareRoot()
            #expect(exists && (root == a || root == -a), "√(\(inverse.a)²)")
        }
        #expect(FieldElement.zero.inverted == .zero)
        // p itself and 2^521 are not field elements.
        #expect([UInt8](repeating: 0xff, count: 66).withUnsafeBytes { FieldElement(canonicalBigEndian: $0) } == nil)
        #expect(([0x01, 0xff] + [UInt8](repeating: 0xff, count: 64)).withUnsafeBytes { FieldElement(canonicalBigEndian: $0) } == nil)
        #expect(([0x02] + [UInt8](repeating: 0, count: 65)).withUnsafeBytes { FieldElement(canonicalBigEndian: $0) } == nil)
    }

    @Test("mod n: every sum, product and inverse (constant-time and variable-time)")
    func scalarArithmetic() throws {
        let file = try VectorFiles.json(ArithmeticFile.self, "p521_arithmetic.json")
        let modulus = try #require(file.moduli["n"])
        #expect(modulus.pairs.count == 256 && modulus.inverses.count > 40)
        for pair in modulus.pairs {
            let a = try scalar(pair.a), b = try scalar(pair.b)
            #expect((a + b).canonicalBigEndianBytes.hex == pair.sum, "\(pair.a) + \(pair.b)")
            #expect((a * b).canonicalBigEndianBytes.hex == pair.product, "\(pair.a) × \(pair.b)")
        }
        for inverse in modulus.inverses {
            let a = try scalar(inverse.a)
            #expect(a.inverted.canonicalBigEndianBytes.hex == inverse.inverse, "\(inverse.a)⁻¹")
            #expect(a.invertedVartime.canonicalBigEndianBytes.hex == inverse.inverse, "\(inverse.a)⁻¹ (binary GCD)")
        }
        #expect(Scalar(canonicalBigEndian: Scalar.n.bigEndian66) == nil)
    }
}

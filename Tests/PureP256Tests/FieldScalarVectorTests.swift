// Field (mod p) and scalar (mod n) arithmetic against Python's integers (Vectors/field_scalar_vectors.json,
// made by Vectors/generate_field_vectors.py).

@testable import PureP256
import Testing
import TestSupport

private struct Vectors: Decodable {
    struct Case: Decodable, Sendable {
        let a, b, sum, difference, product, inverse, half: String
        let sqrt: String?
    }
    let field: [Case]
    let scalar: [Case]
}

private func u256(_ hex: String) throws -> U256 {
    try [UInt8](hex: hex).withUnsafeBytes { U256(bigEndian: $0) }
}

@Suite("P-256 field and scalar arithmetic against Python")
struct FieldScalarVectorTests {
    @Test("field: +, −, ×, halving, inverse, square root")
    func field() throws {
        let vectors = try VectorFiles.json(Vectors.self, "field_scalar_vectors.json").field
        #expect(vectors.count == 47)
        for v in vectors {
            let a = try #require(FieldElement(canonical: try u256(v.a))), b = try #require(FieldElement(canonical: try u256(v.b)))
            #expect((a + b).canonical == (try u256(v.sum)))
            #expect((a - b).canonical == (try u256(v.difference)))
            #expect((a * b).canonical == (try u256(v.product)))
            #expect(a.halved.canonical == (try u256(v.half)), "\(v.a)")
            #expect(a.inverted.canonical == (try u256(v.inverse)))
            let (root, isSquare) = a.squareRoot()
            if let expected = v.sqrt {
                let want = try u256(expected)
                #expect(isSquare)
                #expect(root.canonical == want, "\(v.a)")
            } else {
                #expect(!isSquare, "\(v.a)")
            }
        }
        #expect(FieldElement(canonical: FieldElement.modulus.m) == nil)
    }

    /// The two forms of the 512-bit product (U256.swift): `UInt128` sums where the system has them, rows
    /// in two words before macOS 15. Limbs of all ones make every carry run through; the rest are from a
    /// fixed-seed generator, so a failure repeats.
    @Test("the UInt128 product and the two-word product agree")
    func productForms() throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        var state: UInt64 = 0x9e37_79b9_7f4a_7c15
        func next() -> UInt64 {                                  // splitmix64
            state &+= 0x9e37_79b9_7f4a_7c15
            var z = state
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return z ^ (z >> 31)
        }
        let edges: [U256] = [.zero, U256(1, 0, 0, 0), U256(.max, .max, .max, .max), U256(0, 0, 0, .max),
                             U256(.max, 0, .max, 0), FieldElement.modulus.m, Scalar.order]
        var pairs = edges.flatMap { a in edges.map { (a, $0) } }
        for _ in 0..<2000 { pairs.append((U256(next(), next(), next(), next()), U256(next(), next(), next(), next()))) }
        var mismatches = 0
        for (a, b) in pairs {
            let wide = productWide(a, b), rows = productInRows(a, b)
            if [wide.0, wide.1, wide.2, wide.3, wide.4, wide.5, wide.6, wide.7] != [rows.0, rows.1, rows.2, rows.3, rows.4, rows.5, rows.6, rows.7] {
                mismatches += 1
            }
        }
        #expect(pairs.count == 2049)
        #expect(mismatches == 0)
        // And against an independent value: (2^256 − 1)² = 2^512 − 2^257 + 1.
        let ones = productInRows(U256(.max, .max, .max, .max), U256(.max, .max, .max, .max))
        #expect([ones.0, ones.1, ones.2, ones.3, ones.4, ones.5, ones.6, ones.7] == [1, 0, 0, 0, .max - 1, .max, .max, .max])
    }

    @Test("scalars: +, ×, inverse")
    func scalar() throws {
        let vectors = try VectorFiles.json(Vectors.self, "field_scalar_vectors.json").scalar
        #expect(vectors.count == 47)
        for v in vectors {
            let a = try #require(Scalar(canonical: try u256(v.a))), b = try #require(Scalar(canonical: try u256(v.b)))
            #expect((a + b).canonical == (try u256(v.sum)))
            #expect((a * b).canonical == (try u256(v.product)))
            #expect(a.inverted.canonical == (try u256(v.inverse)))
        }
        #expect(Scalar(canonical: Scalar.order) == nil)
    }
}

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

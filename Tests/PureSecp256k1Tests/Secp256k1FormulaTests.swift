// PureECDSA's a = 0 formulas, specialised to secp256k1, on the cases signatures and key agreement rarely
// reach: the complete projective addition, mixed addition and doubling (RCB Algorithms 7–9) with the
// identity, P + P and P + (−P); the Jacobian doubling dbl-2009-l in its checked and constant-time forms;
// and the group order. The reference is the Jacobian addition, whose formulas do not involve a, and the
// points' coordinates come from Python `cryptography` (Vectors/secp256k1_cryptography_vectors.json).

import PureECDSA
@testable import PureSecp256k1
import Testing
import TestSupport

private typealias Affine = PureECDSA.AffinePoint<Secp256k1Curve>
private typealias Jacobian = PureECDSA.JacobianPoint<Secp256k1Curve>
private typealias Projective = PureECDSA.ProjectivePoint<Secp256k1Curve>

private struct KeyFile: Decodable {
    struct Key: Decodable { let d, x, y: String }
    let keys: [Key]
}

private func element(_ hex: String) throws -> FieldElement {
    try #require(try [UInt8](hex: hex).withUnsafeBytes { FieldElement(canonicalBigEndian: $0) })
}

/// (x, y) of a Jacobian point, nil at infinity.
private func coordinates(_ point: Jacobian) -> [FieldElement]? {
    guard !point.isInfinity else { return nil }
    let affine = Jacobian.normalize([point])[0]
    return [affine.x, affine.y]
}

private func coordinates(_ point: Projective) -> [FieldElement]? {
    point.affine().map { [$0.x, $0.y] }
}

@Suite("secp256k1 point formulas (a = 0)")
struct Secp256k1FormulaTests {
    /// The public points of the file's keys (d = 1, 2, 3, n − 2, n − 1, … and random ones).
    private func points() throws -> [Affine] {
        let file = try VectorFiles.json(KeyFile.self, "secp256k1_cryptography_vectors.json")
        #expect(file.keys.count == 16)
        return try file.keys.map { Affine(x: try element($0.x), y: try element($0.y)) }
    }

    @Test("complete projective formulas agree with the Jacobian ones, identity, P + P and P + (−P) included")
    func completeFormulas() throws {
        let points = try points()
        for (index, p) in points.enumerated() {
            let q = points[(index + 1) % points.count]
            let jp = Jacobian(p), jq = Jacobian(q)
            let pp = Projective(p), pq = Projective(q)
            let sum = coordinates(jp.adding(jq)), double = coordinates(jp.doubled())
            #expect(sum != nil && double != nil)
            #expect(coordinates(pp.adding(pq)) == sum, "key \(index)")
            #expect(coordinates(pp.adding(q)) == sum, "key \(index)")
            #expect(coordinates(pp.adding(pp)) == double && coordinates(pp.adding(p)) == double, "key \(index)")
            #expect(coordinates(pp.doubled()) == double, "key \(index)")
            #expect(coordinates(Projective.identity.adding(pp)) == [p.x, p.y])
            #expect(coordinates(pp.adding(.identity)) == [p.x, p.y])
            #expect(coordinates(Projective.identity.adding(p)) == [p.x, p.y])
            #expect(coordinates(pp.adding(Projective(p.negated))) == nil)
            #expect(coordinates(pp.adding(p.negated)) == nil)
            #expect(coordinates(Projective.identity.doubled()) == nil)
            // A projective point with Z ≠ 1: the same point scaled.
            let scaled = Projective(x: p.x * q.x, y: p.y * q.x, z: q.x)
            #expect(coordinates(scaled.doubled()) == double && coordinates(scaled.adding(q)) == sum)
        }
    }

    @Test("the Jacobian doubling, checked and constant-time, against the addition's own doubling case")
    func jacobianDoubling() throws {
        for p in try points() {
            let jp = Jacobian(p)
            let viaAddition = coordinates(jp.adding(Jacobian(p)))       // h = 0, r = 0: add-2007-bl doubles
            #expect(coordinates(jp.doubled()) == viaAddition)
            #expect(coordinates(jp.doubledConstantTime()) == viaAddition)
            let twice = jp.doubled()
            #expect(coordinates(twice.doubledConstantTime()) == coordinates(twice.doubled()))
            #expect(Jacobian.infinity.doubledConstantTime().isInfinity)
        }
    }

    @Test("n·G is the point at infinity; (n − 1)·G = −G through the comb, the ladder and the verifier's tables")
    func order() throws {
        let g = Secp256k1Curve.generator
        let n = Scalar.n.bigEndianBytes
        let nMinusOne = U256.subtract(Scalar.n, .one).0.bigEndianBytes
        let zero = [UInt8](repeating: 0, count: 32)
        #expect(coordinates(Jacobian.doubleScalarMultiplyVartime(u1: n, u2: zero, q: g)) == nil)
        let minusG = [g.x, -g.y]
        #expect(coordinates(Secp256k1Curve.generatorComb.multiply(bigEndianScalar: nMinusOne)) == minusG)
        #expect(coordinates(Jacobian(g).multipliedConstantTime(bigEndianScalar: nMinusOne)) == minusG)
        #expect(coordinates(Jacobian.doubleScalarMultiplyVartime(u1: nMinusOne, u2: zero, q: g)) == minusG)
        #expect(coordinates(Jacobian.doubleScalarMultiplyVartime(u1: zero, u2: nMinusOne, q: g)) == minusG)
    }
}

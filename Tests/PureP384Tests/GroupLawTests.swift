// The P-384 point arithmetic on internal types (via @testable: `swift test` builds with testing enabled):
// scalar multiples against NIST's key pairs (SigGen.txt: Q = d·G), the group law, the order n, and the
// scalar inversion, on deterministic random values.

@testable import PureP384
import Testing
import TestSupport

private func affine(_ point: JacobianPoint) -> AffinePoint? {
    guard !point.isInfinity else { return nil }
    return JacobianPoint.normalize([point])[0]
}

private func same(_ p: JacobianPoint, _ q: JacobianPoint) -> Bool {
    guard let a = affine(p), let b = affine(q) else { return p.isInfinity && q.isInfinity }
    return a.x == b.x && a.y == b.y
}

/// k·P by plain double-and-add over k's bits, most significant first: a reference that uses only
/// `doubled()` and the Jacobian `adding(_:)`, none of the tables or digit recodings.
private func reference(_ k: U384, _ point: JacobianPoint) -> JacobianPoint {
    var result = JacobianPoint.infinity
    for bit in stride(from: 383, through: 0, by: -1) {
        result = result.doubled()
        if k.bit(bit) == 1 { result = result.adding(point) }
    }
    return result
}

private func randomScalar(_ generator: inout SplitMix64) -> U384 {
    Modulus384.n.reduceOnce(U384(generator.next(), generator.next(), generator.next(),
                                 generator.next(), generator.next(), generator.next()))
}

private func u384(_ hex: String) throws -> U384 { try #require(U384(bigEndianBytes: try [UInt8](hex: hex))) }

@Suite("P-384 points and scalars")
struct P384GroupLawTests {
    @Test("d·G equals NIST's Q for every P-384 key pair of SigGen.txt, through both tables")
    func nistKeyPairs() throws {
        let records = NISTResponseFile.records(try VectorFiles.text("SigGen.txt")).filter { $0.section.hasPrefix("P-384,") }
        #expect(records.count == 75)
        let g = AffinePoint.generator
        for record in records {
            let d = try u384(record.value("d"))
            let q = AffinePoint(x: try #require(FieldElement(canonical: try u384(record.value("Qx")))),
                                y: try #require(FieldElement(canonical: try u384(record.value("Qy")))))
            // u1 = d through G's width-7 table; u2 = d through the per-call width-5 table of G.
            let viaG = try #require(affine(JacobianPoint.doubleScalarMultiplyVartime(u1: d, u2: .zero, q: g)))
            let viaQ = try #require(affine(JacobianPoint.doubleScalarMultiplyVartime(u1: .zero, u2: d, q: g)))
            #expect(viaG.x == q.x && viaG.y == q.y, "line \(record.line)")
            #expect(viaQ.x == q.x && viaQ.y == q.y, "line \(record.line)")
        }
    }

    @Test("the group law and u1·G + u2·Q against double-and-add")
    func laws() {
        var generator = SplitMix64(seed: 0x384)
        let g = JacobianPoint(AffinePoint.generator)
        for _ in 0..<6 {
            let a = randomScalar(&generator), b = randomScalar(&generator)
            let p = reference(a, g), q = reference(b, g)
            #expect(same(p.adding(q), q.adding(p)))
            #expect(same(p.doubled(), p.adding(p)))
            #expect(same(p.adding(p.negated), .infinity))
            #expect(same(p.adding(.infinity), p) && same(JacobianPoint.infinity.adding(p), p))
            let qAffine = affine(q)!
            #expect(same(p.adding(qAffine), p.adding(q)))
            #expect(same(q.adding(qAffine), q.doubled()))
            #expect(same(q.negated.adding(qAffine), .infinity))
            let expected = reference(a, g).adding(reference(b, q))
            #expect(same(JacobianPoint.doubleScalarMultiplyVartime(u1: a, u2: b, q: qAffine), expected))
        }
    }

    @Test("n·G is the point at infinity and (n − 1)·G = −G")
    func order() {
        let g = JacobianPoint(AffinePoint.generator)
        #expect(reference(Modulus384.n.m, g).isInfinity)
        let nMinusOne = U384.subtract(Modulus384.n.m, .one).0
        #expect(same(reference(nMinusOne, g), g.negated))
        #expect(same(JacobianPoint.doubleScalarMultiplyVartime(u1: nMinusOne, u2: .zero, q: AffinePoint.generator), g.negated))
        #expect(same(JacobianPoint.doubleScalarMultiplyVartime(u1: .zero, u2: nMinusOne, q: AffinePoint.generator), g.negated))
    }

    @Test("s·s⁻¹ = 1 mod n, and field inverses and square roots")
    func inverses() {
        var generator = SplitMix64(seed: 0x3841)
        let n = Modulus384.n
        for value in [U384.one, U384.subtract(n.m, .one).0, U384(2, 0, 0, 0, 0, 0)] + (0..<20).map({ _ in randomScalar(&generator) }) where !value.isZero {
            #expect(n.multiplyCanonical(value, n.inverseVartime(value)) == .one)
        }
        for _ in 0..<5 {
            let x = FieldElement(montgomery: Modulus384.p.toMontgomery(Modulus384.p.reduceOnce(randomScalar(&generator))))
            #expect(x * x.inverted == .one)
            let (root, isSquare) = x.squared.squareRoot()
            #expect(isSquare && (root == x || root == -x))
        }
    }
}

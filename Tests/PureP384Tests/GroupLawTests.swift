// The P-384 point arithmetic on internal types (via @testable: `swift test` builds with testing enabled),
// PureECDSA's generic code specialised to P-384: scalar multiples against NIST's key pairs (SigGen.txt:
// Q = d·G) through the verification tables and the signing comb, the group law of both point
// representations, the order n, and the scalar inversions, on deterministic random values.

import PureECDSA
@testable import PureP384
import Testing
import TestSupport

private func affine(_ point: JacobianPoint) -> AffinePoint? {
    guard !point.isInfinity else { return nil }
    return JacobianPoint.normalize([point])[0]
}

private typealias AffinePoint = PureECDSA.AffinePoint<P384Curve>
private typealias JacobianPoint = PureECDSA.JacobianPoint<P384Curve>
private typealias ProjectivePoint = PureECDSA.ProjectivePoint<P384Curve>
private let zero = U384.zero.bigEndianBytes

private func same(projective p: ProjectivePoint, _ q: JacobianPoint) -> Bool {
    guard let a = p.affine(), let b = affine(q) else { return p.affine() == nil && q.isInfinity }
    return a.x == b.x && a.y == b.y
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
    /// Every pair, by the public key's comb and the key-agreement ladder, on the release build instead:
    /// scripts/known-answer-loops.sh (`nist-key-pairs`), which CI runs; here every fifth, through the three
    /// internal entry points (three scalar multiplications on the debug arithmetic each).
    @Test("d·G equals NIST's Q for every fifth P-384 key pair of SigGen.txt, through both tables and the comb (every pair by the comb and the ladder: release run)")
    func nistKeyPairs() throws {
        let records = NISTResponseFile.records(try VectorFiles.text("SigGen.txt")).filter { $0.section.hasPrefix("P-384,") }
        #expect(records.count == 75)
        let g = P384Curve.generator
        for record in records.enumerated().filter({ $0.offset % 5 == 0 }).map(\.element) {
            let d = try u384(record.value("d"))
            let q = AffinePoint(x: try #require(FieldElement(canonical: try u384(record.value("Qx")))),
                                y: try #require(FieldElement(canonical: try u384(record.value("Qy")))))
            // u1 = d through G's width-7 table; u2 = d through the per-call width-5 table of G.
            let viaG = try #require(affine(JacobianPoint.doubleScalarMultiplyVartime(u1: d.bigEndianBytes, u2: zero, q: g)))
            let viaQ = try #require(affine(JacobianPoint.doubleScalarMultiplyVartime(u1: zero, u2: d.bigEndianBytes, q: g)))
            let viaComb = try #require(P384Curve.generatorComb.multiply(bigEndianScalar: d.bigEndianBytes).affine())
            #expect(viaG.x == q.x && viaG.y == q.y, "line \(record.line)")
            #expect(viaQ.x == q.x && viaQ.y == q.y, "line \(record.line)")
            #expect(viaComb.x == q.x && viaComb.y == q.y, "line \(record.line)")
        }
    }

    @Test("the group law and u1·G + u2·Q against double-and-add")
    func laws() {
        var generator = SplitMix64(seed: 0x384)
        let g = JacobianPoint(P384Curve.generator)
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
            #expect(same(JacobianPoint.doubleScalarMultiplyVartime(u1: a.bigEndianBytes, u2: b.bigEndianBytes, q: qAffine), expected))
            // The complete projective formulas agree with the Jacobian ones, the identity and P + P included.
            let pp = ProjectivePoint(affine(p)!), qp = ProjectivePoint(qAffine)
            #expect(same(projective: pp.adding(qp), p.adding(q)))
            #expect(same(projective: pp.adding(qAffine), p.adding(q)))
            #expect(same(projective: qp.adding(qAffine), q.doubled()))
            #expect(same(projective: qp.adding(qp), q.doubled()) && same(projective: qp.doubled(), q.doubled()))
            #expect(same(projective: ProjectivePoint.identity.adding(qAffine), q))
            #expect(same(projective: ProjectivePoint.identity.adding(qp), q) && same(projective: qp.adding(.identity), q))
            #expect(ProjectivePoint.identity.doubled().affine() == nil)
            #expect(pp.adding(ProjectivePoint(affine(p.negated)!)).affine() == nil)
            #expect(pp.adding(affine(p.negated)!).affine() == nil)
        }
    }

    @Test("n·G is the point at infinity and (n − 1)·G = −G")
    func order() {
        let g = JacobianPoint(P384Curve.generator)
        #expect(reference(Modulus384.n.m, g).isInfinity)
        let nMinusOne = U384.subtract(Modulus384.n.m, .one).0
        #expect(same(reference(nMinusOne, g), g.negated))
        #expect(same(JacobianPoint.doubleScalarMultiplyVartime(u1: nMinusOne.bigEndianBytes, u2: zero, q: P384Curve.generator), g.negated))
        #expect(same(JacobianPoint.doubleScalarMultiplyVartime(u1: zero, u2: nMinusOne.bigEndianBytes, q: P384Curve.generator), g.negated))
        #expect(same(projective: P384Curve.generatorComb.multiply(bigEndianScalar: nMinusOne.bigEndianBytes), g.negated))
    }

    @Test("the signing comb against double-and-add, on scalars whose signed digits carry")
    func comb() {
        var generator = SplitMix64(seed: 0x3842)
        let g = JacobianPoint(P384Curve.generator)
        // Nibbles of 8 (no carry), 9…15 (negative digits and carries), runs of f (a carry rippling through
        // every window) and of 0 (zero digits whose additions are discarded).
        let patterns = [U384.one, U384(8, 0, 0, 0, 0, 0), U384(9, 0, 0, 0, 0, 0), U384(0xffff_ffff_ffff_ffff, 0, 0, 0, 0, 0),
                        U384(0x8888_8888_8888_8888, 0x9999_9999_9999_9999, 0, 0, 0, 1 << 60),
                        U384.subtract(Modulus384.n.m, U384(2, 0, 0, 0, 0, 0)).0]
        for k in patterns + (0..<8).map({ _ in randomScalar(&generator) }) {
            #expect(same(projective: P384Curve.generatorComb.multiply(bigEndianScalar: k.bigEndianBytes), reference(k, g)))
        }
        #expect(P384Curve.generatorComb.multiply(bigEndianScalar: U384.zero.bigEndianBytes).affine() == nil)
    }

    @Test("s·s⁻¹ = 1 mod n, and field inverses and square roots")
    func inverses() {
        var generator = SplitMix64(seed: 0x3841)
        let n = Modulus384.n
        for value in [U384.one, U384.subtract(n.m, .one).0, U384(2, 0, 0, 0, 0, 0)] + (0..<20).map({ _ in randomScalar(&generator) }) where !value.isZero {
            let scalar = Scalar(canonicalBigEndian: value.bigEndianBytes)!
            #expect((scalar * scalar.invertedVartime).canonicalBigEndianBytes == U384.one.bigEndianBytes)
            #expect((scalar * scalar.inverted).canonicalBigEndianBytes == U384.one.bigEndianBytes)
        }
        for _ in 0..<5 {
            let x = FieldElement(montgomery: Modulus384.p.toMontgomery(Modulus384.p.reduceOnce(randomScalar(&generator))))
            #expect(x * x.inverted == .one)
            let (root, isSquare) = x.squared.squareRoot()
            #expect(isSquare && (root == x || root == -x))
        }
    }
}

// The P-521 point arithmetic (PureECDSA's generic code specialised to P-521, via @testable): scalar
// multiples against NIST's key pairs (SigGen.txt: Q = d·G) through the verification tables and the
// signing comb, the group law of both point representations, and the order n, on deterministic random
// values.

import PureECDSA
@testable import PureP521
import Testing
import TestSupport

private typealias AffinePoint = PureECDSA.AffinePoint<P521Curve>
private typealias JacobianPoint = PureECDSA.JacobianPoint<P521Curve>
private typealias ProjectivePoint = PureECDSA.ProjectivePoint<P521Curve>
private let zero = [UInt8](repeating: 0, count: 66)
private let groupOrder = Scalar.n.bigEndian66

private func affine(_ point: JacobianPoint) -> AffinePoint? {
    guard !point.isInfinity else { return nil }
    return JacobianPoint.normalize([point])[0]
}

private func same(projective p: ProjectivePoint, _ q: JacobianPoint) -> Bool {
    guard let a = p.affine(), let b = affine(q) else { return p.affine() == nil && q.isInfinity }
    return a.x == b.x && a.y == b.y
}

private func same(_ p: JacobianPoint, _ q: JacobianPoint) -> Bool {
    guard let a = affine(p), let b = affine(q) else { return p.isInfinity && q.isInfinity }
    return a.x == b.x && a.y == b.y
}

/// k·P by plain double-and-add over k's bits (66 big-endian bytes), most significant first: a reference
/// that uses only `doubled()` and the Jacobian `adding(_:)`, none of the tables or digit recodings.
private func reference(_ k: [UInt8], _ point: JacobianPoint) -> JacobianPoint {
    var result = JacobianPoint.infinity
    for byte in k {
        for shift in stride(from: 7, through: 0, by: -1) {
            result = result.doubled()
            if (byte >> UInt8(shift)) & 1 == 1 { result = result.adding(point) }
        }
    }
    return result
}

/// A scalar below n: 521 random bits, the top one cleared (2^520 < n).
private func randomScalar(_ generator: inout SplitMix64) -> [UInt8] {
    var bytes = (0..<66).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    bytes[0] = 0
    return bytes
}

private func minus(_ a: [UInt8], _ small: UInt8) -> [UInt8] {
    var result = a
    var borrow = Int(small)
    for index in result.indices.reversed() where borrow > 0 {
        let value = Int(result[index]) - borrow
        result[index] = UInt8((value + 256) % 256)
        borrow = value < 0 ? 1 : 0
    }
    return result
}

private func bytes66(_ hex: String) throws -> [UInt8] {
    let bytes = try [UInt8](hex: hex.count % 2 == 0 ? hex : "0" + hex)
    return [UInt8](repeating: 0, count: 66 - bytes.count) + bytes
}

@Suite("P-521 points and scalars")
struct P521GroupLawTests {
    /// Every pair, by the public key's comb and the key-agreement ladder, on the release build instead:
    /// scripts/known-answer-loops.sh (`nist-key-pairs`), which CI runs; here every fifth, through the three
    /// internal entry points (three scalar multiplications on the debug arithmetic each).
    @Test("d·G equals NIST's Q for every fifth P-521 key pair of SigGen.txt, through both tables and the comb (every pair by the comb and the ladder: release run)")
    func nistKeyPairs() throws {
        let records = NISTResponseFile.records(try VectorFiles.text("SigGen.txt")).filter { $0.section.hasPrefix("P-521,") }
        #expect(records.count == 75)
        let g = P521Curve.generator
        for record in records.enumerated().filter({ $0.offset % 5 == 0 }).map(\.element) {
            let d = try bytes66(record.value("d"))
            let qx = try bytes66(record.value("Qx")), qy = try bytes66(record.value("Qy"))
            let viaG = try #require(affine(JacobianPoint.doubleScalarMultiplyVartime(u1: d, u2: zero, q: g)))
            let viaQ = try #require(affine(JacobianPoint.doubleScalarMultiplyVartime(u1: zero, u2: d, q: g)))
            let viaComb = try #require(P521Curve.generatorComb.multiply(bigEndianScalar: d).affine())
            for point in [viaG, viaQ, viaComb] {
                #expect(point.x.canonicalBigEndianBytes == qx && point.y.canonicalBigEndianBytes == qy, "line \(record.line)")
            }
        }
    }

    @Test("the group law, u1·G + u2·Q, and the complete formulas against double-and-add")
    func laws() throws {
        var generator = SplitMix64(seed: 0x521)
        let g = JacobianPoint(P521Curve.generator)
        for _ in 0..<4 {
            let a = randomScalar(&generator), b = randomScalar(&generator)
            let p = reference(a, g), q = reference(b, g)
            #expect(same(p.adding(q), q.adding(p)))
            #expect(same(p.doubled(), p.adding(p)))
            #expect(same(p.adding(p.negated), .infinity))
            let qAffine = try #require(affine(q)), pAffine = try #require(affine(p))
            #expect(same(p.adding(qAffine), p.adding(q)))
            #expect(same(q.adding(qAffine), q.doubled()))
            let expected = reference(a, g).adding(reference(b, q))
            #expect(same(JacobianPoint.doubleScalarMultiplyVartime(u1: a, u2: b, q: qAffine), expected))
            let pp = ProjectivePoint(pAffine), qp = ProjectivePoint(qAffine)
            #expect(same(projective: pp.adding(qp), p.adding(q)))
            #expect(same(projective: pp.adding(qAffine), p.adding(q)))
            #expect(same(projective: qp.adding(qAffine), q.doubled()) && same(projective: qp.doubled(), q.doubled()))
            #expect(same(projective: ProjectivePoint.identity.adding(qAffine), q))
            #expect(pp.adding(pAffine.negated).affine() == nil)
        }
    }

    @Test("n·G is the point at infinity and (n − 1)·G = −G through every path")
    func order() {
        let g = JacobianPoint(P521Curve.generator)
        #expect(reference(groupOrder, g).isInfinity)
        let nMinusOne = minus(groupOrder, 1)
        #expect(same(reference(nMinusOne, g), g.negated))
        #expect(same(JacobianPoint.doubleScalarMultiplyVartime(u1: nMinusOne, u2: zero, q: P521Curve.generator), g.negated))
        #expect(same(JacobianPoint.doubleScalarMultiplyVartime(u1: zero, u2: nMinusOne, q: P521Curve.generator), g.negated))
        #expect(same(projective: P521Curve.generatorComb.multiply(bigEndianScalar: nMinusOne), g.negated))
    }

    @Test("the signing comb against double-and-add, on scalars whose signed digits carry")
    func comb() {
        var generator = SplitMix64(seed: 0x5212)
        let g = JacobianPoint(P521Curve.generator)
        var patterns: [[UInt8]] = [minus(zero, 0), minus(groupOrder, 2)]
        for fill: UInt8 in [0x08, 0x09, 0xff, 0x88, 0x99, 0xf0] {
            var k = [UInt8](repeating: fill, count: 66)
            k[0] = 0x01
            patterns.append(k)
        }
        patterns[0][65] = 1
        for k in patterns + (0..<6).map({ _ in randomScalar(&generator) }) {
            #expect(same(projective: P521Curve.generatorComb.multiply(bigEndianScalar: k), reference(k, g)))
        }
        #expect(P521Curve.generatorComb.multiply(bigEndianScalar: zero).affine() == nil)
    }
}

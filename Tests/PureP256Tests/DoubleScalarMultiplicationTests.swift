// The variable-time verification path (Jacobian formulas, wNAF, Shamir's trick) against the constant-time
// signing path (complete projective formulas, fixed windows): two independent algorithms and formula sets
// must give the same points, including where the Jacobian formulas hit their exceptional cases.

@testable import PureP256
import Testing
import TestSupport

private func randomScalar(_ generator: inout SplitMix64) -> U256 {
    Scalar.modulus.reduceOnce(U256(generator.next(), generator.next(), generator.next(), generator.next()))
}

/// Whether a Jacobian point equals a projective one: X1/Z1² = X2/Z2 and Y1/Z1³ = Y2/Z2.
private func same(_ j: JacobianPoint, _ p: ProjectivePoint) -> Bool {
    if j.isInfinityVartime || p.isIdentityMask != 0 { return j.isInfinityVartime && p.isIdentityMask != 0 }
    let zz = j.z.squared
    return FieldElement.equalMask(j.x * p.z, p.x * zz) != 0
        && FieldElement.equalMask(j.y * p.z, p.y * zz * j.z) != 0
}

private func affine(_ p: ProjectivePoint) -> AffinePoint {
    let (x, y) = p.affine()!
    return AffinePoint(x: x, y: y)
}

private func negate(_ k: U256) -> U256 { Scalar.modulus.negate(k) }

@Suite("P-256 verification arithmetic (variable-time)")
struct DoubleScalarMultiplicationTests {
    @Test("width-w NAF digits: odd or zero, below 2^(w−1) in size, w − 1 zeros after each non-zero, sum to k")
    func wNAFDigits() {
        var generator = SplitMix64(seed: 0xaf)
        var scalars = (0..<50).map { _ in randomScalar(&generator) }
        let (nMinus1, _) = U256.subtract(Scalar.order, U256(1, 0, 0, 0))
        scalars += [.zero, U256(1, 0, 0, 0), U256(0x7f, 0, 0, 0), U256(0xffff_ffff_ffff_ffff, 0, 0, 0), nMinus1]
        // Long runs of zeros (whole zero limbs, a run ending at a limb boundary) and of ones.
        scalars += [U256(0, 0, 0, 1 << 62), U256(0, 1, 0, 0), U256(1 << 63, 0, 0, 0), U256(0, 0, 1 << 63, 1),
                    U256(0, 0, 0, 0xffff_ffff), U256(1, 0, 0, 0xffff_ffff_0000_0000), U256(0x8000_0000_0000_0001, .max, 0, 0x10)]
        for width in [2, 5, 7, 10] {
            for k in scalars {
                let digits = [Int16](unsafeUninitializedCapacity: 257) { buffer, count in
                    count = wNAFVartime(k, width: width, into: buffer)
                }
                // Σ d_i·2^i, from the top, in the scalar field (k < n, so equality there is equality).
                var sum = Scalar(reducing: .zero)
                let two = Scalar(reducing: U256(2, 0, 0, 0))
                for digit in digits.reversed() {
                    sum = sum * two
                    let magnitude = Scalar(reducing: U256(UInt64(abs(Int(digit))), 0, 0, 0))
                    sum = digit < 0 ? Scalar(montgomery: Scalar.modulus.subtract(sum.montgomery, magnitude.montgomery)) : sum + magnitude
                }
                #expect(sum.canonical == k)
                var sinceNonZero = width
                for digit in digits {
                    if digit != 0 {
                        #expect(digit % 2 != 0 && abs(Int(digit)) < 1 << (width - 1))
                        #expect(sinceNonZero >= width)
                        sinceNonZero = 1
                    } else {
                        sinceNonZero += 1
                    }
                }
                #expect(digits.count <= 257)
            }
        }
    }

    @Test("u1·G + u2·Q equals the constant-time a·G + b·Q on random scalars and points")
    func randomCombinations() {
        var generator = SplitMix64(seed: 0xd5)
        let g = ProjectivePoint.generator
        for _ in 0..<16 {
            let d = randomScalar(&generator), u1 = randomScalar(&generator), u2 = randomScalar(&generator)
            let q = g.multiplied(by: d)
            let expected = ProjectivePoint.generatorMultiplied(by: u1).adding(q.multiplied(by: u2))
            #expect(same(JacobianPoint.doubleScalarMultipliedVartime(u1: u1, u2: u2, q: affine(q)), expected))
        }
    }

    @Test("exceptional cases: zero scalars, Q = G (additions that are doublings), u1·G = −u2·Q (infinity)")
    func exceptionalCases() {
        var generator = SplitMix64(seed: 0xe0)
        let g = ProjectivePoint.generator
        let gAffine = affine(g)
        let a = randomScalar(&generator)
        let one = U256(1, 0, 0, 0)
        // 0·G + 0·G = O; a·G + 0·G; 0·G + a·G.
        #expect(JacobianPoint.doubleScalarMultipliedVartime(u1: .zero, u2: .zero, q: gAffine).isInfinityVartime)
        #expect(same(JacobianPoint.doubleScalarMultipliedVartime(u1: a, u2: .zero, q: gAffine), g.multiplied(by: a)))
        #expect(same(JacobianPoint.doubleScalarMultipliedVartime(u1: .zero, u2: a, q: gAffine), g.multiplied(by: a)))
        // 1·G + 1·G: the first addition meets the same point and must double.
        #expect(same(JacobianPoint.doubleScalarMultipliedVartime(u1: one, u2: one, q: gAffine), g.doubled()))
        // a·G + a·G = 2a·G, every step adds equal points.
        let twoA = (Scalar(reducing: a) + Scalar(reducing: a)).canonical
        #expect(same(JacobianPoint.doubleScalarMultipliedVartime(u1: a, u2: a, q: gAffine), g.multiplied(by: twoA)))
        // a·G + (−a)·G = O.
        #expect(JacobianPoint.doubleScalarMultipliedVartime(u1: a, u2: negate(a), q: gAffine).isInfinityVartime)
        // With Q = d·G: u1 = −u2·d gives O.
        let d = randomScalar(&generator), u2 = randomScalar(&generator)
        let q = affine(g.multiplied(by: d))
        let u1 = negate((Scalar(reducing: u2) * Scalar(reducing: d)).canonical)
        #expect(JacobianPoint.doubleScalarMultipliedVartime(u1: u1, u2: u2, q: q).isInfinityVartime)
    }

    @Test("Verification's affine table of Q's odd multiples equals 1·Q, 3·Q, …, 15·Q by the complete formulas")
    func oddMultiplesTable() {
        var generator = SplitMix64(seed: 0x2b)
        for _ in 0..<4 {
            let q = ProjectivePoint.generator.multiplied(by: randomScalar(&generator))
            let qAffine = affine(q)
            let twoQ = q.doubled()
            qAffine.withOddMultiplesVartime(count: 8) { table in
                #expect(table.count == 8)
                var expected = q
                for entry in table {
                    #expect(same(JacobianPoint(entry), expected))
                    expected = expected.adding(twoQ)
                }
            }
        }
    }

    @Test("Jacobian doubling and additions (affine, Jacobian and Chudnovsky operands) agree with the complete projective formulas")
    func formulas() {
        var generator = SplitMix64(seed: 0x1a)
        let g = ProjectivePoint.generator
        for _ in 0..<8 {
            let p = g.multiplied(by: randomScalar(&generator)), q = g.multiplied(by: randomScalar(&generator))
            let jp = JacobianPoint(affine(p)).doubledVartime()     // 2P with Z ≠ 1
            let jq = JacobianPoint(affine(q)).doubledVartime()     // 2Q with Z ≠ 1
            #expect(same(jp, p.doubled()))
            #expect(same(jp.addingVartime(jq), p.doubled().adding(q.doubled())))
            #expect(same(jp.addingVartime(affine(q)), p.doubled().adding(q)))
            let cq = ChudnovskyPoint(jq)                            // 2Q with Z² and Z³ kept
            #expect(same(jp.addingVartime(cq), p.doubled().adding(q.doubled())))
            #expect(same(jp.addingVartime(cq.negatedVartime()), p.doubled().adding(q.doubled().negated())))
            #expect(same(jq.addingVartime(cq), q.doubled().doubled()))
            #expect(jq.addingVartime(cq.negatedVartime()).isInfinityVartime)
            #expect(same(JacobianPoint.infinity.addingVartime(cq), q.doubled()))
            #expect(same(jp.addingVartime(jp), p.doubled().doubled()))
            #expect(jp.addingVartime(jp.negatedVartime()).isInfinityVartime)
            #expect(same(JacobianPoint.infinity.addingVartime(jq), q.doubled()))
            #expect(same(jq.addingVartime(JacobianPoint.infinity), q.doubled()))
            #expect(same(JacobianPoint.infinity.addingVartime(affine(q)), q))
            let pAffine = affine(p)
            #expect(same(JacobianPoint(pAffine).doubledVartime().addingVartime(pAffine.negatedVartime()), p))
            let back = jp.affineVartime()!
            #expect(same(JacobianPoint(back), p.doubled()))
        }
    }
}

// The group law on internal points (via @testable: `swift test` builds with testing enabled): commutativity,
// doubling, the order n, and linearity of scalar multiplication, on deterministic random scalars.

@testable import PureP256
import Testing
import TestSupport

private func equal(_ p: ProjectivePoint, _ q: ProjectivePoint) -> Bool {
    // (X1 : Y1 : Z1) = (X2 : Y2 : Z2) iff X1·Z2 = X2·Z1 and Y1·Z2 = Y2·Z1 — for valid points: (0, 0, 0) is
    // none, and would pass both checks against anything.
    func isValid(_ p: ProjectivePoint) -> Bool { (p.x.isZeroMask & p.y.isZeroMask & p.z.isZeroMask) == 0 }
    return isValid(p) && isValid(q)
        && FieldElement.equalMask(p.x * q.z, q.x * p.z) != 0 && FieldElement.equalMask(p.y * q.z, q.y * p.z) != 0
}

private func randomScalar(_ generator: inout SplitMix64) -> U256 {
    Scalar.modulus.reduceOnce(U256(generator.next(), generator.next(), generator.next(), generator.next()))
}

@Suite("P-256 group law")
struct GroupLawTests {
    @Test("P + Q = Q + P, 2P = P + P, P + O = P, P + (−P) = O, (a + b)·G = a·G + b·G")
    func laws() {
        var generator = SplitMix64(seed: 0x9256)
        let g = ProjectivePoint.generator
        for _ in 0..<12 {
            let a = randomScalar(&generator), b = randomScalar(&generator)
            let p = g.multiplied(by: a), q = g.multiplied(by: b)
            #expect(equal(p.adding(q), q.adding(p)))
            #expect(equal(p.doubled(), p.adding(p)))
            #expect(equal(p.adding(.identity), p))
            #expect(p.adding(p.negated()).isIdentityMask != 0)
            let sum = Scalar(reducing: a) + Scalar(reducing: b)
            #expect(equal(g.multiplied(by: sum.canonical), p.adding(q)))
            let product = (Scalar(reducing: a) * Scalar(reducing: b)).canonical
            #expect(equal(p.multiplied(by: b), g.multiplied(by: product)))
        }
    }

    @Test("k·G from the precomputed table agrees with the plain multiplication, at the recoding and last-window edges")
    func generatorTable() {
        var generator = SplitMix64(seed: 0x6e6)
        let g = ProjectivePoint.generator
        var scalars = (0..<10).map { _ in randomScalar(&generator) }
        scalars += [.zero, U256(1, 0, 0, 0), U256(0xF, 0, 0, 0), U256(0, 0, 0, 0xF000_0000_0000_0000)]
        // Signed-digit recoding edges: a digit of exactly 16 (stays positive), 17 and 31 (become −15 and −1
        // with a carry), carries rippling through every window, windows straddling limbs, k ≥ n.
        let allOnes = U256(~0, ~0, ~0, ~0)
        scalars += [U256(0x10, 0, 0, 0), U256(0x11, 0, 0, 0), U256(0x1F, 0, 0, 0), U256(0x3FF, 0, 0, 0),
                    U256(0x8000_0000_0000_0000, 0x7, 0, 0), U256(~0, 0, 0, 0), allOnes,
                    U256(0x8421_0842_1084_2108, 0x4210_8421_0842_1084, 0x2108_4210_8421_0842, 0x1084_2108_4210_8421)]
        // The last window (bit 255 plus the carry) and the exclusions argued in generatorMultiplied: k near
        // n, 2^255 and 2^256, and k whose low 255 bits are 2^256 − n (the one value of the earlier windows'
        // sum that could have met the last entry).
        let n = Scalar.order
        let (twoTo256MinusN, _) = U256.subtract(.zero, n)
        let twoTo255 = U256(0, 0, 0, 1 << 63)
        func plus(_ a: U256, _ b: UInt64) -> U256 { U256.add(a, U256(b, 0, 0, 0)).0 }
        func minus(_ a: U256, _ b: UInt64) -> U256 { U256.subtract(a, U256(b, 0, 0, 0)).0 }
        scalars += [minus(n, 1), minus(n, 2), minus(n, 17), plus(n, 1), plus(n, 16), minus(twoTo255, 1),
                    twoTo255, plus(twoTo255, 1), minus(.zero, 1), minus(.zero, 16), minus(.zero, 17),
                    twoTo256MinusN, U256.add(twoTo256MinusN, twoTo255).0, minus(twoTo256MinusN, 1)]
        for k in scalars {
            #expect(equal(ProjectivePoint.generatorMultiplied(by: k), g.multiplied(by: k)))
        }
        #expect(ProjectivePoint.generatorMultiplied(by: n).isIdentityMask != 0)
        #expect(ProjectivePoint.generatorMultiplied(by: .zero).isIdentityMask != 0)
    }

    @Test("the incomplete mixed addition agrees with the complete addition on distinct points")
    func distinctAddition() {
        var generator = SplitMix64(seed: 0xadd)
        let g = ProjectivePoint.generator
        for _ in 0..<10 {
            let p = g.multiplied(by: randomScalar(&generator)), q = g.multiplied(by: randomScalar(&generator))
            let pAffine = p.affine()!, qAffine = q.affine()!
            // P as a Jacobian point with a Z other than 1: (x·z², y·z³, z).
            let z = FieldElement(canonical: U256(generator.next(), generator.next(), 0, 0))!
            let pJacobian = JacobianPoint(x: pAffine.x * z.squared, y: pAffine.y * z.squared * z, z: z)
            let sum = pJacobian.addingDistinct(AffinePoint(x: qAffine.x, y: qAffine.y))
            let expected = p.adding(q).affine()!
            let actual = sum.affineVartime()!
            #expect(FieldElement.equalMask(actual.x, expected.x) != 0 && FieldElement.equalMask(actual.y, expected.y) != 0)
        }
    }

    @Test("n·G = O and (n − 1)·G = −G")
    func order() {
        let g = ProjectivePoint.generator
        #expect(g.multiplied(by: Scalar.order).isIdentityMask != 0)
        let (nMinus1, _) = U256.subtract(Scalar.order, U256(1, 0, 0, 0))
        #expect(equal(g.multiplied(by: nMinus1), g.negated()))
        #expect(g.multiplied(by: .zero).isIdentityMask != 0)
    }

    @Test("field and scalar inverses: a · a⁻¹ = 1")
    func inverses() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<20 {
            let raw = U256(generator.next(), generator.next(), generator.next(), generator.next() >> 1)
            let f = FieldElement(canonical: raw)!
            #expect(FieldElement.equalMask(f * f.inverted, .one) != 0)
            let s = Scalar(reducing: raw)
            #expect((s * s.inverted).canonical == U256(1, 0, 0, 0))
        }
    }
}

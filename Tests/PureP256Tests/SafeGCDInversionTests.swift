// The safegcd inversion against Fermat's little theorem (x^(m−2) by the generic square-and-multiply of
// ModularArithmetic.swift, a different algorithm with no code in common) on random and edge inputs, for
// both moduli; the variable-time inversion against x·x⁻¹ ≡ 1. The Python vectors of FieldScalarVectorTests
// check `inverted` itself.

import PureBigInt
@testable import PureP256
import Testing

@Suite("safegcd inversion")
struct SafeGCDInversionTests {
    /// A small deterministic generator (SplitMix64), so a failure names a reproducible input.
    private struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9e37_79b9_7f4a_7c15
            var z = state
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return z ^ (z >> 31)
        }
    }

    /// Inputs: edge values, values with long runs of ones or zeros (the divsteps' worst shapes are
    /// not known in closed form, so runs stand in for them), and random values below m.
    private func inputs(below m: U256) -> [U256] {
        var generator = SplitMix64(state: 0x5afe_6cd0)
        let (mMinus1, _) = U256.subtract(m, U256(1, 0, 0, 0))
        let (mMinus2, _) = U256.subtract(m, U256(2, 0, 0, 0))
        var values: [U256] = [.zero, U256(1, 0, 0, 0), U256(2, 0, 0, 0), U256(3, 0, 0, 0), mMinus1, mMinus2,
                              U256(0, 0, 0, 1 << 63), U256(.max, .max, .max, 0), U256(.max, 0, .max, 0),
                              U256(0, 0, 0, 1), U256(1, 0, 0, 1 << 62)]
        for shift in stride(from: 1, to: 64, by: 7) {
            values.append(U256(.max >> shift, .max, 0, .max >> (shift + 1)))
        }
        while values.count < 2_000 {
            let candidate = U256(generator.next(), generator.next(), generator.next(), generator.next())
            if U256.lessThanMask(candidate, m) != 0 { values.append(candidate) }
        }
        return values.filter { U256.lessThanMask($0, m) != 0 }
    }

    /// The two moduli, each with its `inverted` on Montgomery representations.
    enum Modulus: String, CaseIterable, CustomTestStringConvertible {
        case field = "p (field)", scalar = "n (scalars)"
        var testDescription: String { rawValue }
        var constants: PureP256.Modulus { self == .field ? FieldElement.modulus : Scalar.modulus }
        func inverted(_ x: U256) -> U256 {
            self == .field ? FieldElement(montgomery: x).inverted.montgomery : Scalar(montgomery: x).inverted.montgomery
        }
    }

    @Test("equals x^(m−2) for 2,000 inputs, 0 ↦ 0 and 1 ↦ 1", arguments: Modulus.allCases)
    func againstFermat(_ modulus: Modulus) {
        let constants = modulus.constants
        let (exponent, _) = U256.subtract(constants.m, U256(2, 0, 0, 0))
        var checked = 0
        for x in inputs(below: constants.m) {    // any value below m is a valid Montgomery representation
            #expect(modulus.inverted(x) == constants.power(x, exponent), "x = \(x)")
            checked += 1
        }
        #expect(checked == 2_000)
        // On plain integers (as ECDSA verification calls it for s⁻¹): x·x⁻¹ ≡ 1.
        let safeGCD = modulus == .field ? FieldElement.safeGCDModulus : Scalar.safeGCDModulus
        for x in inputs(below: constants.m).prefix(200) where x.isZeroMask == 0 {
            let xR = constants.multiply(x, constants.rSquared), inverseR = constants.multiply(safeGCD.inverse(x), constants.rSquared)
            #expect(constants.multiply(xR, inverseR) == constants.one, "x = \(x)")
        }
        #expect(modulus.inverted(.zero) == .zero)
        #expect(modulus.inverted(constants.one) == constants.one)
    }

    @Test("the variable-time inversion: x·x⁻¹ ≡ 1 and equal to the constant-time one, 2,000 inputs",
          arguments: Modulus.allCases)
    func variableTime(_ modulus: Modulus) {
        let constants = modulus.constants
        let safeGCD = modulus == .field ? FieldElement.safeGCDModulus : Scalar.safeGCDModulus
        var checked = 0
        for x in inputs(below: constants.m) {
            let inverse = safeGCD.inverseVartime(x)
            #expect(inverse == safeGCD.inverse(x), "x = \(x)")
            if x.isZeroMask == 0 {
                // Plain integers: (x·R)·(x⁻¹·R)·R⁻¹ = R, the Montgomery form of 1.
                let xR = constants.multiply(x, constants.rSquared), inverseR = constants.multiply(inverse, constants.rSquared)
                #expect(constants.multiply(xR, inverseR) == constants.one, "x = \(x)")
            }
            checked += 1
        }
        #expect(checked == 2_000)
        #expect(safeGCD.inverseVartime(.zero) == .zero)
        #expect(safeGCD.inverseVartime(U256(1, 0, 0, 0)) == U256(1, 0, 0, 0))
    }
}

@Suite("safegcd accumulators")
struct SafeGCDAccumulatorTests {
    /// Both 128-bit accumulators give the same inverses, constant-time and variable-time, for both moduli:
    /// the two-word one is what systems without Int128 (macOS 13–14, iOS 16–17) run, and Linux, which
    /// always has Int128, runs it only here.
    @Test("the two-word accumulator and Int128 agree on every inversion")
    func accumulatorsAgree() {
        var state: UInt64 = 0x1234_5678
        func next() -> UInt64 {
            state &+= 0x9e37_79b9_7f4a_7c15
            var z = state
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return z ^ (z >> 31)
        }
        var compared = 0
        for (modulus, m) in [(FieldElement.safeGCDModulus, FieldElement.modulus.m), (Scalar.safeGCDModulus, Scalar.modulus.m)] {
            var values: [U256] = [.zero, U256(1, 0, 0, 0), U256.subtract(m, U256(1, 0, 0, 0)).0]
            while values.count < 3_000 {
                let candidate = U256(next(), next(), next(), next())
                if U256.lessThanMask(candidate, m) != 0 { values.append(candidate) }
            }
            for x in values {
                let native = modulus.inverse(x)                 // Int128 on Linux
                #expect(U256(modulus.inverseWithTwoWordSums(x.words)) == native)
                #expect(U256(modulus.inverseVartimeWithTwoWordSums(x.words)) == native)
                #expect(modulus.inverseVartime(x) == native)
                compared += 1
            }
        }
        #expect(compared == 6_000)
    }
}

// The pieces under the signatures: the fixed-base table and the verification combination against plain
// double-and-add, scalar reduction on extreme 512-bit values (expected values from Python integers), the
// field's canonical encoding at the edges, and the signed-digit recodings.

@testable import PureCurve25519
import Testing
import TestSupport

/// k·P by double-and-add over the bits of k, most significant first, with the complete formulas only.
private func reference(_ k: [UInt8], _ point: EdwardsPoint) -> EdwardsPoint {
    var sum = EdwardsPoint.identity
    for bit in (0..<256).reversed() {
        sum = sum.doubled()
        if (k[bit / 8] >> (bit % 8)) & 1 == 1 { sum = sum.adding(point.cached) }
    }
    return sum
}

private func scalarBytes(_ seed: Int) -> [UInt8] {
    var generator = SplitMix64(seed: UInt64(seed))
    var bytes = (0..<32).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    bytes[31] &= 0x0f    // below 2^252 < L
    return bytes
}

@Suite("Ed25519 arithmetic")
struct Ed25519ArithmeticTests {
    @Test("a·B from the table equals double-and-add, for edge and random scalars")
    func baseMultiple() {
        var scalars: [[UInt8]] = [[UInt8](repeating: 0, count: 32), [1] + [UInt8](repeating: 0, count: 31),
                                  [UInt8](repeating: 0xff, count: 31) + [0x7f], [UInt8](repeating: 0x88, count: 31) + [0x08]]
        scalars += (0..<24).map(scalarBytes)
        for scalar in scalars {
            #expect(EdwardsPoint.baseMultiple(scalar).encoded == reference(scalar, .base).encoded, "\(scalar)")
        }
    }

    @Test("[s]B − [k]A equals double-and-add")
    func verificationCombination() {
        for seed in 0..<12 {
            let s = scalarBytes(100 + seed), k = scalarBytes(200 + seed), a = reference(scalarBytes(300 + seed), .base)
            let expected = reference(s, .base).subtracting(reference(k, a).cached)
            #expect(EdwardsPoint.verificationCombinationVartime(s: s, k: k, a: a).encoded == expected.encoded)
        }
    }

    @Test("the signed digits sum back to the scalar and stay in range")
    func recodings() {
        // |d|·B for each digit magnitude, by the reference multiplication, once per magnitude (72 of them
        // for the two widths, instead of one per nonzero digit).
        var multiples: [Int: EdwardsPoint] = [:]
        func multiple(_ magnitude: Int) -> EdwardsPoint {
            if let point = multiples[magnitude] { return point }
            let point = reference([UInt8(magnitude)] + [UInt8](repeating: 0, count: 31), .base)
            multiples[magnitude] = point
            return point
        }
        for seed in 0..<32 {
            let scalar = scalarBytes(seed)
            let radix16 = EdwardsPoint.signedRadix16(scalar)
            #expect(radix16.allSatisfy { (-8...8).contains($0) })
            for width in [5, 8] {
                let naf = EdwardsPoint.nonAdjacentForm(scalar, width: width)
                #expect(naf.allSatisfy { $0 == 0 || ($0 & 1 == 1 && abs(Int($0)) < 1 << (width - 1)) })
                // Σ d_i·2^i evaluated on the curve: the same point as the scalar's.
                var sum = EdwardsPoint.identity
                for digit in naf.reversed() {
                    sum = sum.doubled()
                    if digit > 0 { sum = sum.adding(multiple(Int(digit)).cached) }
                    if digit < 0 { sum = sum.subtracting(multiple(-Int(digit)).cached) }
                }
                #expect(sum.encoded == reference(scalar, .base).encoded, "width \(width)")
            }
        }
    }

    @Test("512-bit values mod L (expected from Python integers)", arguments: [
        ("ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
         "000f9c44e31106a447938568a71b0ed065bef517d273ecce3d9a307c1b419903"),
        ("edd3f55c1a631258d69cf7a2def9de14000000000000000000000000000000100000000000000000000000000000000000000000000000000000000000000000",
         "0000000000000000000000000000000000000000000000000000000000000000"),
        ("ecd3f55c1a631258d69cf7a2def9de14000000000000000000000000000000100000000000000000000000000000000000000000000000000000000000000000",
         "ecd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010"),
        ("688912ab85f6ede21da3982276920368bef517d273ecce3d9a307c1b4199b3a17dba9e4b634c02cb9af35ed43bdf9b0200000000000000000000000000000001",
         "ecd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010"),
        ("ecd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010ecd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010",
         "cf3e5dcfa531268165cd792fea9def4d01000000000000000000000000000000"),
        ("00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000080",
         "77f1c8d07e3a0cfe0e98be05c38a76f232dffa0be93976e71e4d18be8da0cc09"),
    ])
    func scalarReduction(wide: String, expected: String) throws {
        #expect(Scalar.reducing(wide: try [UInt8](hex: wide)).bytes == (try [UInt8](hex: expected)))
    }

    @Test("S < L: L − 1 is canonical, L and above are not")
    func canonicalS() throws {
        let lMinusOne = try [UInt8](hex: "ecd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010")
        let l = try [UInt8](hex: "edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010")
        #expect(Scalar.isCanonicalVartime(lMinusOne[...]))
        #expect(!Scalar.isCanonicalVartime(l[...]))
        #expect(!Scalar.isCanonicalVartime([UInt8](repeating: 0xff, count: 32)[...]))
    }

    @Test("the two-word fallback multiplies and squares exactly as UInt128 does, on loose limbs up to 2^52")
    func columnSums() throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        var generator = SplitMix64(seed: 25519)
        func element(_ bound: UInt64) -> FieldElement {
            FieldElement(generator.next() % bound, generator.next() % bound, generator.next() % bound, generator.next() % bound,
                         generator.next() % bound)
        }
        let extremes = [FieldElement((1 << 52) - 1, (1 << 52) - 1, (1 << 52) - 1, (1 << 52) - 1, (1 << 52) - 1), .zero, .one]
        var pairs = [(FieldElement, FieldElement)]()
        for a in extremes { for b in extremes { pairs.append((a, b)) } }
        for _ in 0..<2000 { pairs.append((element(1 << 52), element(1 << 52))) }
        func limbs(_ x: FieldElement) -> [UInt64] { [x.l0, x.l1, x.l2, x.l3, x.l4] }
        for (a, b) in pairs {
            #expect(limbs(FieldElement.product(a, b, NativeSum.self)) == limbs(FieldElement.product(a, b, TwoWordSum.self)))
            #expect(limbs(FieldElement.square(a, NativeSum.self)) == limbs(FieldElement.square(a, TwoWordSum.self)))
            // The squaring formula against the general product (the same value; limbs may differ by carries).
            #expect(FieldElement.square(a, TwoWordSum.self).encoded == FieldElement.product(a, a, TwoWordSum.self).encoded)
        }
    }

    @Test("field encoding is canonical: p encodes as 0, p + 1 as 1; 2^255 − 1 reduces")
    func fieldEncoding() throws {
        let p = try [UInt8](hex: "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")
        let pPlusOne = try [UInt8](hex: "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")
        #expect(p.withUnsafeBytes { FieldElement(bytes: $0) }.encoded == [UInt8](repeating: 0, count: 32))
        #expect(pPlusOne.withUnsafeBytes { FieldElement(bytes: $0) }.encoded == [1] + [UInt8](repeating: 0, count: 31))
        let top = [UInt8](repeating: 0xff, count: 31) + [0x7f]
        #expect(top.withUnsafeBytes { FieldElement(bytes: $0) }.encoded == [18] + [UInt8](repeating: 0, count: 31))
        let x = pPlusOne.withUnsafeBytes { FieldElement(bytes: $0) } + .sqrtMinusOne
        #expect((x * x.inverted).encoded == FieldElement.one.encoded)
    }

    @Test("field inversion (safegcd) equals Fermat's x^(p − 2) for 2,000 inputs and the edge values; 0 ↦ 0")
    func fieldInversion() {
        // x^(p − 2) = (x^((p − 5)/8))^8 · x³: the square root's addition chain, an algorithm with no code in
        // common with safegcd.
        func fermat(_ x: FieldElement) -> FieldElement { x.powerPMinus5Over8.squared(times: 3) * x.squared * x }
        var generator = SplitMix64(seed: 0x2551_9f1e)
        let mask51: UInt64 = (1 << 51) - 1
        var inputs: [FieldElement] = [.zero, .one, .sqrtMinusOne, .d, -.one, -FieldElement(2, 0, 0, 0, 0),
                                      FieldElement(mask51, mask51, mask51, mask51, mask51),          // 2^255 − 1 ≡ 18
                                      FieldElement(mask51 - 18, mask51, mask51, mask51, mask51),     // p ≡ 0
                                      FieldElement(0, 0, 0, 0, 1 << 50), FieldElement(1, 0, 0, 0, 1 << 50)]
        while inputs.count < 2_000 {
            inputs.append(FieldElement(generator.next() & mask51, generator.next() & mask51, generator.next() & mask51,
                                       generator.next() & mask51, generator.next() & mask51))
        }
        var checked = 0
        for x in inputs {
            let inverse = x.inverted
            #expect(inverse.encoded == fermat(x).encoded, "x = \(x.encoded)")
            #expect((x * inverse).encoded == (x.encoded == FieldElement.zero.encoded ? FieldElement.zero : FieldElement.one).encoded)
            checked += 1
        }
        #expect(checked == 2_000)
    }

    @Test("the point formulas, which skip carry passes, equal the same formulas with every sum carried, at the largest limbs")
    func uncarriedFormulas() {
        // Coordinates with limbs up to 2^51 + 2^15 − 1, the most `*` returns: not points of the curve, but
        // the formulas are field arithmetic, and these inputs make every uncarried sum as large as it gets.
        var generator = SplitMix64(seed: 0x00ca_3c1e)
        let top: UInt64 = (1 << 51) + (1 << 15) - 1
        func element() -> FieldElement {
            func limb() -> UInt64 {
                switch generator.next() % 4 {
                case 0: return top
                case 1: return (1 << 51) - 1
                default: return generator.next() % (top + 1)
                }
            }
            return FieldElement(limb(), limb(), limb(), limb(), limb())
        }
        func equal(_ p: EdwardsPoint, _ q: EdwardsPoint) -> Bool {
            p.x.encoded == q.x.encoded && p.y.encoded == q.y.encoded && p.z.encoded == q.z.encoded && p.t.encoded == q.t.encoded
        }
        func completed(_ e: FieldElement, _ f: FieldElement, _ g: FieldElement, _ h: FieldElement) -> EdwardsPoint {
            EdwardsPoint(x: e * f, y: g * h, z: f * g, t: e * h)
        }
        var checked = 0
        for _ in 0..<500 {
            let p = EdwardsPoint(x: element(), y: element(), z: element(), t: element())
            let niels = AffineNielsPoint(yPlusX: element(), yMinusX: element(), xy2d: element())
            let cached = CachedPoint(yPlusX: element(), yMinusX: element(), z2: element(), t2d: element())
            do {    // P + Q, affine Q
                let a = (p.y - p.x) * niels.yMinusX, b = (p.y + p.x) * niels.yPlusX, c = p.t * niels.xy2d, d = p.z + p.z
                #expect(equal(p.adding(niels), completed(b - a, d - c, d + c, b + a)))
                let a2 = (p.y - p.x) * niels.yPlusX, b2 = (p.y + p.x) * niels.yMinusX
                #expect(equal(p.subtracting(niels), completed(b2 - a2, d + c, d - c, b2 + a2)))
            }
            do {    // P + Q, cached Q
                let a = (p.y - p.x) * cached.yMinusX, b = (p.y + p.x) * cached.yPlusX, c = p.t * cached.t2d, d = p.z * cached.z2
                #expect(equal(p.adding(cached), completed(b - a, d - c, d + c, b + a)))
                let a2 = (p.y - p.x) * cached.yPlusX, b2 = (p.y + p.x) * cached.yMinusX
                #expect(equal(p.subtracting(cached), completed(b2 - a2, d + c, d - c, b2 + a2)))
            }
            do {    // 2P
                let a = p.x.squared, b = p.y.squared, c = p.z.squared + p.z.squared
                let g = b - a
                #expect(equal(p.doubled(), completed((p.x + p.y).squared - a - b, g - c, g, -(a + b))))
            }
            checked += 1
        }
        #expect(checked == 500)
    }
}

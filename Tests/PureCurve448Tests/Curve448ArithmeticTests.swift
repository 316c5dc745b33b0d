// The field GF(2^448 − 2^224 − 1) and the scalars mod L against Python's integers
// (scripts/crosscheck/curve448-vectors.py): extreme operands (0, 1, p − 1, p, 2^448 − 1, 2^224 ± 1, full
// limbs…) whose carries random keys rarely reach, and the bounds the ladder relies on: products of
// uncarried sums and differences.

@testable import PureCurve448
import Testing
import TestSupport

private func element(_ hex: String) throws -> FieldElement { FieldElement(bytes: try [UInt8](hex: hex)[...]) }

@Suite("Curve448 field and scalar arithmetic")
struct Curve448ArithmeticTests {
    @Test("products, sums and differences mod p, canonical bytes out")
    func pairs() throws {
        let vectors = try Curve448Vectors.load()
        #expect(vectors.field.count == 225)
        for (index, pair) in vectors.field.enumerated() {
            let a = try element(pair.a), b = try element(pair.b)
            #expect((a * b).canonicalBytes == (try [UInt8](hex: pair.product)), "case \(index)")
            #expect((a + b).canonicalBytes == (try [UInt8](hex: pair.sum)), "case \(index)")
            #expect((a - b).canonicalBytes == (try [UInt8](hex: pair.difference)), "case \(index)")
            // The two-word column sums (systems before macOS 15) give what UInt128's do.
            #expect(FieldElement.product(a, b, TwoWordColumn.self).canonicalBytes == (a * b).canonicalBytes, "case \(index)")
            #expect(FieldElement.square(a, TwoWordColumn.self).canonicalBytes == a.squared.canonicalBytes, "case \(index)")
            // The uncarried forms the ladder feeds to a product: (a + b)·(a − b) = a² − b².
            let product = FieldElement.uncarriedSum(a, b) * FieldElement.uncarriedDifference(a, b)
            #expect(product.canonicalBytes == (a.squared - b.squared).canonicalBytes, "case \(index)")
        }
    }

    @Test("products and squares of operands at the documented limb bound, 3·2^56 + 2^10 − 1, do not overflow")
    func limbBound() throws {
        // The same values carried to limbs below 2^56 + 2^9 first are well inside every bound; a column that
        // overflowed at the loose bound would give another residue.
        let top: UInt64 = 3 << 56 + 1 << 10 - 1
        let loose = [FieldElement(top, top, top, top, top, top, top, top),
                     FieldElement(top, 0, top, 0, top, 0, top, 0), FieldElement(0, top, 0, top, 0, top, 0, top),
                     FieldElement(top, top, top, top, 0, 0, 0, 0), FieldElement(0, 0, 0, 0, top, top, top, top)]
        for a in loose {
            for b in loose {
                let expected = (a.carried() * b.carried()).canonicalBytes
                #expect((a * b).canonicalBytes == expected)
                #expect(FieldElement.product(a, b, TwoWordColumn.self).canonicalBytes == expected)
            }
            #expect(a.squared.canonicalBytes == (a.carried() * a.carried()).canonicalBytes)
            #expect(FieldElement.square(a, TwoWordColumn.self).canonicalBytes == (a.carried() * a.carried()).canonicalBytes)
        }
    }

    @Test("squares and inverses mod p; the square root of a ratio")
    func values() throws {
        let vectors = try Curve448Vectors.load()
        #expect(vectors.fieldInverses.count == 25)
        for (index, value) in vectors.fieldInverses.enumerated() {
            let a = try element(value.a)
            #expect(a.squared.canonicalBytes == (try [UInt8](hex: value.square)), "case \(index)")
            #expect(a.inverted.canonicalBytes == (try [UInt8](hex: value.inverse)), "case \(index)")
            // a²/1 always has a root, ±a.
            let (root, isSquare) = FieldElement.squareRootOfRatio(a.squared, .one)
            #expect(isSquare == .max, "case \(index)")
            #expect(root.squared.canonicalBytes == a.squared.canonicalBytes, "case \(index)")
        }
        // −1 is not a square mod p (p ≡ 3 mod 4).
        #expect(FieldElement.squareRootOfRatio(-FieldElement.one, .one).isSquareMask == 0)
    }

    @Test("114-byte values reduced mod L")
    func reductions() throws {
        let vectors = try Curve448Vectors.load()
        #expect(vectors.scalarReductions.count == 21)
        for (index, vector) in vectors.scalarReductions.enumerated() {
            #expect(Scalar.reducing(wide: try [UInt8](hex: vector.wide)).bytes == (try [UInt8](hex: vector.reduced)), "case \(index)")
        }
    }

    @Test("r + k·s mod L with s up to 2^448 − 1")
    func multiplyAdd() throws {
        let vectors = try Curve448Vectors.load()
        #expect(vectors.scalarMultiplyAdd.count == 13)
        for (index, vector) in vectors.scalarMultiplyAdd.enumerated() {
            let k = Scalar(limbs: Scalar.limbs(littleEndian: try [UInt8](hex: vector.k)[...]))
            let r = Scalar(limbs: Scalar.limbs(littleEndian: try [UInt8](hex: vector.r)[...]))
            #expect(Scalar.multiplyAdd(k, try [UInt8](hex: vector.s), r).bytes == (try [UInt8](hex: vector.result)), "case \(index)")
        }
    }

    @Test("[a]B by the signed-digit table equals plain double-and-add, for edge and random scalars below L")
    func baseMultiple() throws {
        var scalars: [[UInt64]] = [[0, 0, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0], [8, 0, 0, 0, 0, 0, 0], [9, 0, 0, 0, 0, 0, 0]]
        var lMinusOne = Scalar.order
        lMinusOne[0] -= 1
        scalars.append(lMinusOne)
        // Every nibble 8 (each digit carries) and every nibble 7, below 2^446.
        scalars.append([UInt64](repeating: 0x8888_8888_8888_8888, count: 6) + [0x0888_8888_8888_8888])
        scalars.append([UInt64](repeating: 0x7777_7777_7777_7777, count: 6) + [0x3777_7777_7777_7777])
        var generator = SplitMix64(seed: 448)
        for _ in 0..<8 {
            var limbs = (0..<7).map { _ in generator.next() }
            limbs[6] &= 0x3fff_ffff_ffff_ffff
            scalars.append(Scalar.reducing(wide: Scalar(limbs: limbs).bytes + [UInt8](repeating: 0, count: 57)).limbs)
        }
        for limbs in scalars {
            let scalar = Scalar(limbs: limbs)
            let expected = plainMultiple(.base, Array(scalar.bytes.prefix(56)))
            #expect(EdwardsPoint.baseMultiple(scalar).encoded == expected.encoded, "\(limbs)")
        }
    }

    @Test("[s]B + [k]A by wNAF (verification) agrees with bit-by-bit double-and-add")
    func doubleMultiply() throws {
        var generator = SplitMix64(seed: 8032)
        func randomScalar() -> [UInt8] {
            var limbs = (0..<7).map { _ in generator.next() }
            limbs[6] &= 0x3fff_ffff_ffff_ffff
            return Array(Scalar.reducing(wide: Scalar(limbs: limbs).bytes + [UInt8](repeating: 0, count: 57)).bytes.prefix(56))
        }
        let zero = [UInt8](repeating: 0, count: 56)
        var lMinusOne = Scalar(limbs: Scalar.order).bytes
        lMinusOne[0] -= 1
        // Extremes (zero, L − 1, all ones below 2^446: long carry runs), then random pairs and points.
        var cases: [([UInt8], [UInt8])] = [(zero, zero), (Array(lMinusOne.prefix(56)), Array(lMinusOne.prefix(56))),
                                           ([UInt8](repeating: 0xff, count: 55) + [0x3f], [UInt8](repeating: 0xff, count: 55) + [0x3f])]
        for _ in 0..<6 { cases.append((randomScalar(), randomScalar())) }
        for (s, k) in cases {
            let a = plainMultiple(.base, randomScalar())
            let expected = plainMultiple(.base, s).adding(plainMultiple(a, k))
            #expect(EdwardsPoint.doubleMultiplyVartime(s: s, k: k, a: a).encoded == expected.encoded)
        }
    }

    @Test("S ≥ L is not canonical; L − 1 is")
    func canonicalScalars() throws {
        let order = Scalar(limbs: Scalar.order).bytes
        #expect(!Scalar.isCanonicalVartime(order[...]))
        var belowOrder = order
        belowOrder[0] -= 1
        #expect(Scalar.isCanonicalVartime(belowOrder[...]))
        var topByte = belowOrder
        topByte[56] = 1
        #expect(!Scalar.isCanonicalVartime(topByte[...]))
    }
}

/// [scalar]point by the plainest method, the tests' reference: one doubling and, for a set bit, one
/// addition per bit of the 56 little-endian bytes, from the top.
private func plainMultiple(_ point: EdwardsPoint, _ scalar: [UInt8]) -> EdwardsPoint {
    var result = EdwardsPoint.identity
    for bit in stride(from: 447, through: 0, by: -1) {
        result = result.doubled()
        if (scalar[bit >> 3] >> UInt8(bit & 7)) & 1 == 1 { result = result.adding(point) }
    }
    return result
}

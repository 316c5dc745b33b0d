// Fixed-base scalar multiplication [a]B for signing and key generation, constant-time.
//
// The scalar (reduced mod L, so below 2^446) is recoded into 112 signed radix-16 digits e_i ∈ [−8, 8],
// a = Σ e_i·16^i, and the table holds j·256^k·B for k = 0…55 and j = 1…8 as affine points. Then
//   [a]B = 16·Σ_{i odd} e_i·256^((i−1)/2)·B + Σ_{i even} e_i·256^(i/2)·B,
// 112 mixed additions and 4 doublings, against 448 doublings and 112 additions for the plain 4-bit windows
// (the layout of ref10's ge_scalarmult_base, as PureCurve25519's BasepointTable.swift has it for Ed25519).
//
// The table (448 points, 57,344 bytes) is built once, at first use, and kept in a global: 448 additions,
// 280 doublings and one batched inversion, a few milliseconds; the tests check [a]B against the variable-time
// double-and-add. Swift initialises globals once, thread-safely.
//
// Constant-time: the recoding is arithmetic on the digits; each lookup reads all 8 entries of its row and
// keeps one by mask (the identity for a zero digit), the sign is a masked select of the negated entry; the
// additions are the complete formulas. Nothing branches on, or indexes by, the scalar.

import PureECDSA

/// A point in affine coordinates (x, y), a table entry.
struct AffinePoint: Sendable {
    var x, y: FieldElement

    static let identity = AffinePoint(x: .zero, y: .one)

    /// `a` where `mask` is all ones, `b` where it is zero.
    @inline(__always)
    static func select(_ mask: UInt64, _ a: AffinePoint, _ b: AffinePoint) -> AffinePoint {
        AffinePoint(x: .select(mask, a.x, b.x), y: .select(mask, a.y, b.y))
    }
}

extension EdwardsPoint {
    /// self + q for an affine q: RFC 8032 §5.2.4's addition with Z2 = 1 (still complete), one
    /// multiplication fewer than `adding`.
    @inline(__always)
    func adding(_ q: AffinePoint) -> EdwardsPoint {
        let b = z.squared
        let c = x * q.x
        let d = y * q.y
        let minusE = (c * d).times39081
        let f = b + minusE
        let g = b - minusE
        let h = FieldElement.uncarriedSum(x, y) * FieldElement.uncarriedSum(q.x, q.y)
        return EdwardsPoint(x: z * f * (h - c - d), y: z * g * (d - c), z: f * g)
    }

    /// [a]B for a scalar below L (below 2^446, so its top signed digit takes no carry out).
    static func baseMultiple(_ scalar: Scalar) -> EdwardsPoint {
        let digits = signedRadix16(scalar)
        return basepointTable.withUnsafeBufferPointer { table in
            digits.withUnsafeBufferPointer { digits in
                var sum = EdwardsPoint.identity
                for i in stride(from: 1, to: 112, by: 2) { sum = sum.adding(lookup(table, row: i >> 1, digit: digits[i])) }
                sum = sum.doubled().doubled().doubled().doubled()
                for i in stride(from: 0, to: 112, by: 2) { sum = sum.adding(lookup(table, row: i >> 1, digit: digits[i])) }
                return sum
            }
        }
    }

    /// The 112 digits e_i ∈ [−8, 8] with Σ e_i·16^i = the scalar (below 2^446): nibbles, then each above 7
    /// carried into the next as e − 16, by arithmetic shifts rather than comparisons.
    static func signedRadix16(_ scalar: Scalar) -> [Int8] {
        var digits = [Int8](repeating: 0, count: 112)
        for index in 0..<112 {
            digits[index] = Int8(truncatingIfNeeded: (scalar.limbs[index >> 4] >> UInt64(4 * (index & 15))) & 15)
        }
        var carry: Int8 = 0
        for index in 0..<111 {
            digits[index] &+= carry
            carry = (digits[index] &+ 8) >> 4
            digits[index] &-= carry << 4
        }
        digits[111] &+= carry
        return digits
    }

    /// digit·256^row·B, for digit ∈ [−8, 8]: all 8 entries of the row read, each kept by mask, starting
    /// from the identity kept when the digit is zero; then the sign by a masked select of the negation.
    @inline(__always)
    static func lookup(_ table: UnsafeBufferPointer<UInt64>, row: Int, digit: Int8) -> AffinePoint {
        let bits = UInt64(bitPattern: Int64(digit))
        let negative = valueBarrier(0 &- (bits >> 63))            // all ones when digit < 0
        let magnitude = (bits ^ negative) &- negative             // |digit|
        var point = AffinePoint.select(valueBarrier(equalityMask(0, magnitude)), .identity,
                                       AffinePoint(x: .zero, y: .zero))
        var entry = row &* 8 &* 16
        for j in 0..<8 {
            let mask = valueBarrier(equalityMask(UInt64(j &+ 1), magnitude))
            let candidate = AffinePoint(
                x: FieldElement(table[entry], table[entry + 1], table[entry + 2], table[entry + 3],
                                table[entry + 4], table[entry + 5], table[entry + 6], table[entry + 7]),
                y: FieldElement(table[entry + 8], table[entry + 9], table[entry + 10], table[entry + 11],
                                table[entry + 12], table[entry + 13], table[entry + 14], table[entry + 15]))
            point = AffinePoint.select(mask, candidate, point)
            entry &+= 16
        }
        return AffinePoint.select(negative, AffinePoint(x: -point.x, y: point.y), point)
    }
}

/// All ones when a == b, zero otherwise.
@inline(__always)
func equalityMask(_ a: UInt64, _ b: UInt64) -> UInt64 {
    let difference = a ^ b
    return ((difference | (0 &- difference)) >> 63) &- 1
}

/// Entry 8·k + (j − 1) = j·256^k·B, as the 16 limbs of x then y, canonical.
let basepointTable: [UInt64] = {
    var points: [EdwardsPoint] = []
    points.reserveCapacity(448)
    var rowBase = EdwardsPoint.base                           // 256^k·B
    for _ in 0..<56 {
        var multiple = rowBase
        for j in 1...8 {
            points.append(multiple)
            if j < 8 { multiple = multiple.adding(rowBase) }
        }
        rowBase = multiple.doubled().doubled().doubled().doubled().doubled()   // 8·256^k·B·32 = 256^(k+1)·B
    }
    var words = [UInt64](repeating: 0, count: 448 * 16)
    for (index, point) in EdwardsPoint.batchAffine(points).enumerated() {
        let x = point.x, y = point.y
        let limbs = [x.l0, x.l1, x.l2, x.l3, x.l4, x.l5, x.l6, x.l7, y.l0, y.l1, y.l2, y.l3, y.l4, y.l5, y.l6, y.l7]
        for (offset, limb) in limbs.enumerated() { words[16 * index + offset] = limb }
    }
    return words
}()

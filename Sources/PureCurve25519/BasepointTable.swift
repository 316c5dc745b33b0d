// Fixed-base scalar multiplication a·B for signing and key generation, constant-time.
//
// The scalar (below 2^255) is recoded into 64 signed radix-16 digits e_i ∈ [−8, 8], a = Σ e_i·16^i, and
// the table holds j·256^k·B for k = 0…31 and j = 1…8 in affine Niels form. Then
//   a·B = 16·Σ_{i odd} e_i·16^(i−1)·B + Σ_{i even} e_i·16^i·B,
// 64 mixed additions and 4 doublings (the layout of ref10's ge_scalarmult_base, used by Go and BoringSSL).
//
// The table (256 points, 32,768 bytes) is built once, at first use, and kept in a global: building takes
// about a millisecond (255 additions, one batched inversion), cheaper than committing a generated source
// file, and the tests check it against plain double-and-add. Swift initialises globals once,
// thread-safely.
//
// Constant-time: the recoding is arithmetic on the digits; each lookup reads all 8 entries of its row and
// keeps one by mask (the identity for a zero digit), the sign is applied by a masked select of the negated
// entry; the additions are the complete formulas. Nothing branches on, or indexes by, the scalar.

extension EdwardsPoint {
    /// a·B for the scalar of 32 little-endian bytes, whose top bit must be clear (a clamped secret scalar
    /// or a value reduced mod L).
    static func baseMultiple(_ scalar: [UInt8]) -> EdwardsPoint {
        baseMultiple(Scalar(littleEndian: scalar[...]))
    }

    /// a·B for a scalar held as limbs (below 2^255, as above).
    static func baseMultiple(_ scalar: Scalar) -> EdwardsPoint {
        let digits = signedRadix16(scalar)
        return basepointTable.withUnsafeBytes { table in
            let table = table.baseAddress!
            var sum = EdwardsPoint.identity
            for i in stride(from: 1, to: 64, by: 2) {
                sum = sum.adding(AffineNielsPoint.lookup(table, row: i / 2, digit: digits[i]))
            }
            sum = sum.doubled().doubled().doubled().doubled()
            for i in stride(from: 0, to: 64, by: 2) {
                sum = sum.adding(AffineNielsPoint.lookup(table, row: i / 2, digit: digits[i]))
            }
            return sum
        }
    }

    /// The 64 digits e_i ∈ [−8, 8] with Σ e_i·16^i = the scalar (below 2^255): nibbles, then each above 7
    /// carried into the next as e − 16, by arithmetic shifts rather than comparisons.
    static func signedRadix16(_ scalar: [UInt8]) -> [Int8] {
        signedRadix16(Scalar(littleEndian: scalar[...]))
    }

    static func signedRadix16(_ scalar: Scalar) -> [Int8] {
        var digits = [Int8](repeating: 0, count: 64)
        let limbs = scalar.limbs
        for i in 0..<16 {
            let shift = UInt64(4 * i)
            digits[i] = Int8(truncatingIfNeeded: (limbs.0 >> shift) & 15)
            digits[i + 16] = Int8(truncatingIfNeeded: (limbs.1 >> shift) & 15)
            digits[i + 32] = Int8(truncatingIfNeeded: (limbs.2 >> shift) & 15)
            digits[i + 48] = Int8(truncatingIfNeeded: (limbs.3 >> shift) & 15)
        }
        var carry: Int8 = 0
        for i in 0..<63 {
            digits[i] &+= carry
            carry = (digits[i] &+ 8) >> 4
            digits[i] &-= carry << 4
        }
        digits[63] &+= carry
        return digits
    }
}

extension AffineNielsPoint {
    /// digit·256^row·B, for digit ∈ [−8, 8]. Reads all 8 entries of the row, each ANDed with its mask
    /// and ORed into the result as two 8-word vectors (SSE2 does each in four instructions), starting from
    /// the identity masked by "digit is zero"; then the sign by a masked select of the negated point.
    @inline(__always)
    static func lookup(_ table: UnsafeRawPointer, row: Int, digit: Int8) -> AffineNielsPoint {
        let bits = UInt64(bitPattern: Int64(digit))
        let negative = valueBarrier(0 &- (bits >> 63))            // all ones when digit < 0
        let magnitude = (bits ^ negative) &- negative             // |digit|
        let isZero = SIMD8<UInt64>(repeating: valueBarrier(equalityMask(0, magnitude)))
        var low = SIMD8<UInt64>(1, 0, 0, 0, 0, 1, 0, 0) & isZero // the identity (1, 1, 0)
        var high = SIMD8<UInt64>()
        let rowStart = table + row &* 8 &* basepointEntryBytes
        for j in 0..<8 {
            let mask = SIMD8<UInt64>(repeating: valueBarrier(equalityMask(UInt64(j &+ 1), magnitude)))
            let entry = rowStart + j &* basepointEntryBytes
            low |= entry.loadUnaligned(as: SIMD8<UInt64>.self) & mask
            high |= entry.loadUnaligned(fromByteOffset: 64, as: SIMD8<UInt64>.self) & mask
        }
        let point = AffineNielsPoint(yPlusX: FieldElement(low[0], low[1], low[2], low[3], low[4]),
                                     yMinusX: FieldElement(low[5], low[6], low[7], high[0], high[1]),
                                     xy2d: FieldElement(high[2], high[3], high[4], high[5], high[6]))
        return .select(negative, point.negated, point)
    }
}

/// All ones when a == b, zero otherwise.
@inline(__always)
func equalityMask(_ a: UInt64, _ b: UInt64) -> UInt64 {
    let difference = a ^ b
    return ((difference | (0 &- difference)) >> 63) &- 1
}

/// Bytes per table entry: 15 limbs and one word of padding, so an entry is two 8-word vectors.
let basepointEntryBytes = 128

/// Entry 8·k + (j − 1) = j·256^k·B, as the 16 words y+x, y−x, 2d·x·y, 0.
let basepointTable: [UInt64] = {
    var points: [EdwardsPoint] = []
    points.reserveCapacity(256)
    var rowBase = EdwardsPoint.base                           // 256^k·B
    for _ in 0..<32 {
        let cached = rowBase.cached
        var multiple = rowBase
        for j in 1...8 {
            points.append(multiple)
            if j < 8 { multiple = multiple.adding(cached) }
        }
        rowBase = multiple.doubled(times: 5)                  // 8·256^k·B·32 = 256^(k+1)·B
    }
    var words: [UInt64] = []
    words.reserveCapacity(256 * 16)
    for entry in EdwardsPoint.batchAffineNiels(points) {
        for element in [entry.yPlusX, entry.yMinusX, entry.xy2d] { words += [element.l0, element.l1, element.l2, element.l3, element.l4] }
        words.append(0)
    }
    return words
}()

extension EdwardsPoint {
    /// The points in affine Niels form with one inversion (Montgomery's trick).
    static func batchAffineNiels(_ points: [EdwardsPoint]) -> [AffineNielsPoint] {
        var prefix = [FieldElement](repeating: .one, count: points.count)
        var running = FieldElement.one
        for (index, point) in points.enumerated() {
            prefix[index] = running
            running = running * point.z
        }
        var inverse = running.inverted                        // 1 / (z_0 ⋯ z_{n−1})
        var result = [AffineNielsPoint](repeating: .identity, count: points.count)
        for index in points.indices.reversed() {
            let zInverse = inverse * prefix[index]
            inverse = inverse * points[index].z
            let x = points[index].x * zInverse, y = points[index].y * zInverse
            result[index] = AffineNielsPoint(yPlusX: y + x, yMinusX: y - x, xy2d: x * y * .d2)
        }
        return result
    }
}

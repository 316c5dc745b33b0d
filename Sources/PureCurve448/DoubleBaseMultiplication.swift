// [s]B + [k]A for verification, variable-time (every input is public: the signature, the message's hash,
// the public key). Straus's method over width-w non-adjacent forms, as PureCurve25519's verification: one
// shared chain of about 446 doublings, with an addition wherever a digit of s (width 8, from a table of 64
// odd multiples of B built once, affine) or of k (width 5, 8 odd multiples of A made per call) is non-zero —
// about 446 doublings and 50 + 75 additions, against 448 doublings and 2 × 112 additions for two 4-bit
// window chains.

import PureECDSA

extension EdwardsPoint {
    /// [s]B + [k]A for s and k below 2^447 (56 little-endian bytes each). Variable-time.
    static func doubleMultiplyVartime(s: [UInt8], k: [UInt8], a: EdwardsPoint) -> EdwardsPoint {
        // 449 digits each (PureECDSA's width-w NAF of the big-endian bytes), 7 words of scratch.
        var sDigits = [Int16](repeating: 0, count: 449), kDigits = [Int16](repeating: 0, count: 449)
        var words = [UInt64](repeating: 0, count: 7)
        let sCount = nonAdjacentForm(s, width: 8, words: &words, into: &sDigits)
        let kCount = nonAdjacentForm(k, width: 5, words: &words, into: &kDigits)

        // A, 3A, 5A, …, 15A.
        var oddMultiplesOfA = [a]
        oddMultiplesOfA.reserveCapacity(8)
        let twoA = a.doubled()
        for _ in 1..<8 { oddMultiplesOfA.append(oddMultiplesOfA[oddMultiplesOfA.count - 1].adding(twoA)) }

        var sum = EdwardsPoint.identity
        var index = max(sCount, kCount) - 1
        while index >= 0 {
            sum = sum.doubled()
            let sDigit = Int(sDigits[index]), kDigit = Int(kDigits[index])
            if sDigit > 0 {
                sum = sum.adding(oddMultiplesOfBase[sDigit / 2])
            } else if sDigit < 0 {
                let entry = oddMultiplesOfBase[-sDigit / 2]
                sum = sum.adding(AffinePoint(x: -entry.x, y: entry.y))
            }
            if kDigit > 0 {
                sum = sum.adding(oddMultiplesOfA[kDigit / 2])
            } else if kDigit < 0 {
                sum = sum.adding(oddMultiplesOfA[-kDigit / 2].negated)
            }
            index -= 1
        }
        return sum
    }

    /// The width-`width` non-adjacent form of 56 little-endian bytes; returns one past the top non-zero digit.
    private static func nonAdjacentForm(_ scalar: [UInt8], width: Int, words: inout [UInt64], into digits: inout [Int16]) -> Int {
        let bigEndian = [UInt8](scalar.prefix(56).reversed())
        return bigEndian.withUnsafeBytes { bytes in
            words.withUnsafeMutableBufferPointer { words in
                digits.withUnsafeMutableBufferPointer { wNAFVartime(bigEndian: bytes, width: width, words: words, into: $0) }
            }
        }
    }

    /// The points in affine coordinates, with one inversion (Montgomery's trick). Public points only: the
    /// inversion is constant-time, the rest is a fixed sequence anyway.
    static func batchAffine(_ points: [EdwardsPoint]) -> [AffinePoint] {
        var prefix = [FieldElement](repeating: .one, count: points.count)
        var running = FieldElement.one
        for (index, point) in points.enumerated() {
            prefix[index] = running
            running = running * point.z
        }
        var inverse = running.inverted                            // 1 / (z_0 ⋯ z_(n−1))
        var result = [AffinePoint](repeating: .identity, count: points.count)
        for index in points.indices.reversed() {
            let zInverse = inverse * prefix[index]
            inverse = inverse * points[index].z
            result[index] = AffinePoint(x: (points[index].x * zInverse).canonical, y: (points[index].y * zInverse).canonical)
        }
        return result
    }
}

/// B, 3B, 5B, …, 127B in affine coordinates, for the width-8 digits of s.
let oddMultiplesOfBase: [AffinePoint] = {
    var points = [EdwardsPoint.base]
    let twoB = EdwardsPoint.base.doubled()
    for _ in 1..<64 { points.append(points[points.count - 1].adding(twoB)) }
    return EdwardsPoint.batchAffine(points)
}()

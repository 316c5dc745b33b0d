// [s]B + [k]A for verification, variable-time (every input is public: the signature, the message's hash,
// the public key). Straus's method over width-w non-adjacent forms, as PureCurve25519's verification: one
// shared chain of about 446 doublings, with an addition wherever a digit of s (width 8, from a table of 64
// odd multiples of B built once, affine) or of k (width 5, 8 odd multiples of A made per call) is non-zero —
// about 446 doublings and 50 + 75 additions, against 448 doublings and 2 × 112 additions for two 4-bit
// window chains.

extension EdwardsPoint {
    /// [s]B + [k]A for s and k below 2^447 (56 little-endian bytes each). Variable-time.
    static func doubleMultiplyVartime(s: [UInt8], k: [UInt8], a: EdwardsPoint) -> EdwardsPoint {
        let sDigits = nonAdjacentForm(s, width: 8), kDigits = nonAdjacentForm(k, width: 5)

        // A, 3A, 5A, …, 15A.
        var oddMultiplesOfA = [a]
        oddMultiplesOfA.reserveCapacity(8)
        let twoA = a.doubled()
        for _ in 1..<8 { oddMultiplesOfA.append(oddMultiplesOfA[oddMultiplesOfA.count - 1].adding(twoA)) }

        var top = 447
        while top >= 0 && sDigits[top] == 0 && kDigits[top] == 0 { top -= 1 }
        var sum = EdwardsPoint.identity
        var index = top
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

    /// The width-`width` non-adjacent form of a value below 2^447 (56 little-endian bytes): 448 digits,
    /// each zero or odd with |d| < 2^(width−1), any two non-zero digits at least `width` positions apart.
    /// The value's top bit below 2^447 leaves room for the final carry.
    static func nonAdjacentForm(_ scalar: [UInt8], width: Int) -> [Int8] {
        // Eight words, the eighth zero, for windows that run past bit 447.
        var words = [UInt64](repeating: 0, count: 8)
        for (index, byte) in scalar.prefix(56).enumerated() { words[index >> 3] |= UInt64(byte) << UInt64(8 * (index & 7)) }
        var digits = [Int8](repeating: 0, count: 448)
        let windowSize = 1 << width, windowMask = UInt64(windowSize - 1)
        var position = 0, carry = 0
        while position < 448 {
            let word = position / 64, bit = position % 64
            var bits = words[word] >> UInt64(bit)
            if bit > 64 - width && word < 7 { bits |= words[word + 1] << UInt64(64 - bit) }
            let window = carry + Int(bits & windowMask)
            if window & 1 == 0 {
                position += 1
                continue
            }
            if window < windowSize / 2 {
                carry = 0
                digits[position] = Int8(window)
            } else {
                carry = 1
                digits[position] = Int8(window - windowSize)
            }
            position += width
        }
        return digits
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

// [s]B − [k]A for verification, variable-time (every input is public: the signature, the message's hash,
// the public key). Straus's method over width-w non-adjacent forms: one shared chain of 253 doublings,
// with an addition wherever a digit of s (width 8, from a table of 64 odd multiples of B built once) or of
// k (width 5, 8 odd multiples of A made per call) is non-zero — about 253 doublings and 70 additions in
// all, against 253 doublings and 2 × 64 additions for two separate windowed multiplications.

extension EdwardsPoint {
    /// [s]B − [k]A for s and k below 2^255 (32 little-endian bytes each). Variable-time.
    static func verificationCombinationVartime(s: [UInt8], k: [UInt8], a: EdwardsPoint) -> EdwardsPoint {
        let sDigits = nonAdjacentForm(s, width: 8)
        let kDigits = nonAdjacentForm(k, width: 5)

        // A, 3A, 5A, …, 15A.
        var oddMultiplesOfA = [a.cached]
        let twoA = a.doubled().cached
        var current = a
        for _ in 1..<8 {
            current = current.adding(twoA)
            oddMultiplesOfA.append(current.cached)
        }

        var top = 255
        while top >= 0 && sDigits[top] == 0 && kDigits[top] == 0 { top -= 1 }
        var sum = EdwardsPoint.identity
        var index = top
        while index >= 0 {
            sum = sum.doubled()
            let sDigit = Int(sDigits[index]), kDigit = Int(kDigits[index])
            if sDigit > 0 {
                sum = sum.adding(oddMultiplesOfBase[sDigit / 2])
            } else if sDigit < 0 {
                sum = sum.subtracting(oddMultiplesOfBase[-sDigit / 2])
            }
            // −[k]A: a positive digit of k subtracts.
            if kDigit > 0 {
                sum = sum.subtracting(oddMultiplesOfA[kDigit / 2])
            } else if kDigit < 0 {
                sum = sum.adding(oddMultiplesOfA[-kDigit / 2])
            }
            index -= 1
        }
        return sum
    }

    /// The width-`width` non-adjacent form of a 256-bit value below 2^255: 256 digits, each zero or odd
    /// with |d| < 2^(width−1), any two non-zero digits at least `width` positions apart.
    static func nonAdjacentForm(_ scalar: [UInt8], width: Int) -> [Int8] {
        var words = [UInt64](repeating: 0, count: 5)
        for (index, byte) in scalar.prefix(32).enumerated() { words[index / 8] |= UInt64(byte) << (8 * (index % 8)) }
        var digits = [Int8](repeating: 0, count: 256)
        let windowSize = 1 << width, windowMask = UInt64(windowSize - 1)
        var position = 0, carry = 0
        while position < 256 {
            let word = position / 64, bit = position % 64
            let bits = bit < 64 - width ? words[word] >> bit : (words[word] >> bit) | (words[word + 1] << (64 - bit))
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
}

/// B, 3B, 5B, …, 127B in affine Niels form, for the width-8 digits of s.
let oddMultiplesOfBase: [AffineNielsPoint] = {
    var points = [EdwardsPoint.base]
    let twoB = EdwardsPoint.base.doubled().cached
    for _ in 1..<64 { points.append(points[points.count - 1].adding(twoB)) }
    return EdwardsPoint.batchAffineNiels(points)
}()

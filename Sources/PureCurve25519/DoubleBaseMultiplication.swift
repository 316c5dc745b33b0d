// [s]B − [k]A for verification, variable-time (every input is public: the signature, the message's hash,
// the public key). Straus's method over width-w non-adjacent forms: one shared chain of 253 doublings,
// with an addition wherever a digit of s (width 8, from a table of 64 odd multiples of B built once) or of
// k (width 5, 8 odd multiples of A made per call) is non-zero — about 253 doublings and 70 additions in
// all, against 253 doublings and 2 × 64 additions for two separate windowed multiplications.

import PureECDSA

extension EdwardsPoint {
    /// [s]B − [k]A for s and k below 2^255 (32 little-endian bytes each). Variable-time.
    static func verificationCombinationVartime(s: [UInt8], k: [UInt8], a: EdwardsPoint) -> EdwardsPoint {
        verificationCombinationVartime(s: Scalar(littleEndian: s[...]), k: Scalar(littleEndian: k[...]), a: a)
    }

    /// The same for scalars held as limbs (no byte arrays: verification's path).
    static func verificationCombinationVartime(s: Scalar, k: Scalar, a: EdwardsPoint) -> EdwardsPoint {
        // Both digit strings in one array: s's in the first 256, k's in the second.
        // The scan initialises every place it is given, so the array starts uninitialised.
        let digits = [Int16](unsafeUninitializedCapacity: 512) { buffer, initializedCount in
            nonAdjacentForm(s, width: 8, into: UnsafeMutableBufferPointer(rebasing: buffer[0..<256]))
            nonAdjacentForm(k, width: 5, into: UnsafeMutableBufferPointer(rebasing: buffer[256..<512]))
            initializedCount = 512
        }
        let sDigits = digits[0..<256], kDigits = digits[256..<512]

        // A, 3A, 5A, …, 15A.
        var oddMultiplesOfA: [CachedPoint] = []
        oddMultiplesOfA.reserveCapacity(8)
        oddMultiplesOfA.append(a.cached)
        let twoA = a.doubled().cached
        var current = a
        for _ in 1..<8 {
            current = current.adding(twoA)
            oddMultiplesOfA.append(current.cached)
        }

        var top = 255
        while top >= 0 && sDigits[top] == 0 && kDigits[256 + top] == 0 { top -= 1 }
        var sum = EdwardsPoint.identity
        var index = top
        while index >= 0 {
            sum = sum.doubled()
            let sDigit = Int(sDigits[index]), kDigit = Int(kDigits[256 + index])
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
    static func nonAdjacentForm(_ scalar: [UInt8], width: Int) -> [Int16] {
        var digits = [Int16](repeating: 0, count: 256)
        digits.withUnsafeMutableBufferPointer { nonAdjacentForm(Scalar(littleEndian: scalar[...]), width: width, into: $0) }
        return digits
    }

    /// Writes the digits into `digits` (256 entries), by PureECDSA's `wNAFVartime`.
    static func nonAdjacentForm(_ scalar: Scalar, width: Int, into digits: UnsafeMutableBufferPointer<Int16>) {
        var words = scalar.limbs
        _ = withUnsafePointer(to: &words) { tuple in
            tuple.withMemoryRebound(to: UInt64.self, capacity: 4) {
                wNAFVartime(littleEndian: UnsafeBufferPointer(start: $0, count: 4), width: width, into: digits)
            }
        }
    }
}

/// B, 3B, 5B, …, 127B in affine Niels form, for the width-8 digits of s.
let oddMultiplesOfBase: [AffineNielsPoint] = {
    var points = [EdwardsPoint.base]
    let twoB = EdwardsPoint.base.doubled().cached
    for _ in 1..<64 { points.append(points[points.count - 1].adding(twoB)) }
    return EdwardsPoint.batchAffineNiels(points)
}()

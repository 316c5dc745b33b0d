// Division, Knuth's Algorithm D (TAOCP vol. 2, §4.3.1), with 128-by-64-bit steps from
// `dividingFullWidth`. Division by zero traps, as it does for `UInt`.

extension BigUInt {
    /// The quotient and remainder of `self / divisor`. Traps if `divisor` is zero.
    public func quotientAndRemainder(dividingBy divisor: BigUInt) -> (quotient: BigUInt, remainder: BigUInt) {
        precondition(!divisor.isZero, "BigUInt division by zero")
        if self < divisor { return (BigUInt(), self) }
        if divisor.limbs.count == 1 {
            let (q, r) = quotientAndRemainder(dividingByLimb: divisor.limbs[0])
            return (q, BigUInt(r))
        }
        return knuthDivide(by: divisor)
    }

    /// Division by a single limb.
    func quotientAndRemainder(dividingByLimb divisor: UInt64) -> (quotient: BigUInt, remainder: UInt64) {
        var quotient = [UInt64](repeating: 0, count: limbs.count)
        var remainder: UInt64 = 0
        var i = limbs.count - 1
        while i >= 0 {
            (quotient[i], remainder) = divisor.dividingFullWidth((remainder, limbs[i]))
            i -= 1
        }
        return (BigUInt(limbs: quotient), remainder)
    }

    private func knuthDivide(by divisor: BigUInt) -> (quotient: BigUInt, remainder: BigUInt) {
        let n = divisor.limbs.count
        let m = limbs.count - n
        let shift = divisor.limbs[n - 1].leadingZeroBitCount
        var q = [UInt64](repeating: 0, count: m + 1)
        let remainder = q.withUnsafeMutableBufferPointer { quotient in
            Self.normalizedDivision(dividendLimbs: limbs.count, divisor: divisor, shift: shift, quotient: quotient.baseAddress) { u in
                Self.shiftLeft(limbs, by: shift, into: u)
            }
        }
        return (BigUInt(limbs: q), remainder)
    }

    /// `self mod divisor`, without building the quotient (one working buffer and the result: the
    /// allocations a Montgomery context's constants and RSA key construction pay per key). Traps if
    /// `divisor` is zero.
    package func remainder(dividingBy divisor: BigUInt) -> BigUInt {
        precondition(!divisor.isZero, "BigUInt division by zero")
        if self < divisor { return self }
        if divisor.limbs.count == 1 { return BigUInt(quotientAndRemainder(dividingByLimb: divisor.limbs[0]).remainder) }
        let n = divisor.limbs.count
        let shift = divisor.limbs[n - 1].leadingZeroBitCount
        return Self.normalizedDivision(dividendLimbs: limbs.count, divisor: divisor, shift: shift, quotient: nil) { u in
            Self.shiftLeft(limbs, by: shift, into: u)
        }
    }

    /// 2^exponent mod `modulus`, for a modulus above 1 with at least two limbs and 0 ≤ exponent; the
    /// dividend is written straight into the working buffer (no 2^exponent is built first).
    package static func powerOfTwo(_ exponent: Int, modulo modulus: BigUInt) -> BigUInt {
        let n = modulus.limbs.count
        precondition(n >= 2 && exponent >= 0, "powerOfTwo(_:modulo:) needs a modulus of two limbs or more")
        let dividendLimbs = exponent / 64 + 1
        if dividendLimbs < n { return BigUInt(1) << exponent }   // below 2^(64(n−1)) ≤ modulus
        let shift = modulus.limbs[n - 1].leadingZeroBitCount
        return normalizedDivision(dividendLimbs: dividendLimbs, divisor: modulus, shift: shift, quotient: nil) { u in
            let bit = exponent + shift
            u[bit / 64] = 1 << UInt64(bit % 64)
        }
    }

    /// `source` shifted left by `shift` (0…63) bits into `destination`, which has room for one more limb
    /// and is zero-filled.
    private static func shiftLeft(_ source: [UInt64], by shift: Int, into destination: UnsafeMutablePointer<UInt64>) {
        source.withUnsafeBufferPointer { limbs in
            if shift == 0 {
                destination.update(from: limbs.baseAddress!, count: limbs.count)
                return
            }
            var carry: UInt64 = 0
            for index in 0..<limbs.count {
                destination[index] = limbs[index] << UInt64(shift) | carry
                carry = limbs[index] >> UInt64(64 - shift)
            }
            destination[limbs.count] = carry
        }
    }

    /// Knuth's D2–D8 for a dividend of `dividendLimbs` limbs (at least the divisor's count) and a divisor
    /// of two limbs or more: `fill` writes the dividend shifted left by `shift` (D1, which sets the
    /// divisor's top bit) into a zeroed buffer of dividendLimbs + 1 limbs; the quotient digits go to
    /// `quotient` (dividendLimbs − n + 1 limbs) when it is not nil. Returns the
    /// remainder. One allocation for the buffer, one for the remainder, and one for the shifted divisor
    /// when `shift` is not zero.
    private static func normalizedDivision(dividendLimbs: Int, divisor: BigUInt, shift: Int,
                                           quotient: UnsafeMutablePointer<UInt64>?,
                                           fill: (UnsafeMutablePointer<UInt64>) -> Void) -> BigUInt {
        let n = divisor.limbs.count
        let m = dividendLimbs - n
        let v = shift == 0 ? divisor.limbs : (divisor << shift).limbs
        var u = [UInt64](repeating: 0, count: dividendLimbs + 1)
        u.withUnsafeMutableBufferPointer { ub in
            let up = ub.baseAddress!
            fill(up)
            v.withUnsafeBufferPointer { vb in divide(up, by: vb.baseAddress!, n: n, m: m, quotient: quotient) }
        }
        // D8: unnormalize the remainder, u's low n limbs.
        var remainder = [UInt64](repeating: 0, count: n)
        for index in 0..<n {
            remainder[index] = shift == 0 ? u[index]
                : u[index] >> UInt64(shift) | u[index + 1] << UInt64(64 - shift)
        }
        return BigUInt(limbs: remainder)
    }

    /// D2–D7 on a normalized dividend `up` (m + n + 1 limbs) and divisor `vp` (n limbs, top bit set): the
    /// remainder is left in up's low n limbs, and the quotient digits written to `quotient` when given.
    private static func divide(_ up: UnsafeMutablePointer<UInt64>, by vp: UnsafePointer<UInt64>, n: Int, m: Int,
                               quotient: UnsafeMutablePointer<UInt64>?) {
        let vTop = vp[n - 1], vNext = vp[n - 2]
        var j = m
        while j >= 0 {
            // D3: estimate q̂ from the top two limbs of the current remainder.
            let uTop = up[j + n], uNext = up[j + n - 1], uThird = up[j + n - 2]
            var qHat: UInt64
            var rHat: UInt64
            var rHatOverflow = false
            if uTop >= vTop {
                // q̂ would be ≥ 2^64: start from 2^64 − 1.
                qHat = .max
                let (r, o) = uNext.addingReportingOverflow(vTop)
                rHat = r
                rHatOverflow = o
                // rHat = uTop·B + uNext − qHat·vTop = uNext + vTop (when uTop == vTop)
            } else {
                (qHat, rHat) = vTop.dividingFullWidth((uTop, uNext))
            }
            // Refine: while q̂·v[n−2] > r̂·B + u[j+n−2], decrease q̂.
            while !rHatOverflow {
                let (ph, pl) = qHat.multipliedFullWidth(by: vNext)
                if ph > rHat || (ph == rHat && pl > uThird) {
                    qHat -= 1
                    let (r, o) = rHat.addingReportingOverflow(vTop)
                    rHat = r
                    rHatOverflow = o
                } else {
                    break
                }
            }
            // D4: multiply and subtract.
            let borrowHigh = multiplySubtractLimbs(up + j, vp, qHat, count: n)
            let (top, o) = up[j + n].subtractingReportingOverflow(borrowHigh)
            up[j + n] = top
            if o {
                // D6: q̂ was one too large; add back.
                qHat -= 1
                let carry = addLimbs(up + j, vp, count: n)
                up[j + n] = up[j + n] &+ carry
            }
            quotient?[j] = qHat
            j -= 1
        }
    }

    /// The quotient, rounded down. Traps if `rhs` is zero, like `UInt`.
    public static func / (lhs: BigUInt, rhs: BigUInt) -> BigUInt { lhs.quotientAndRemainder(dividingBy: rhs).quotient }
    /// The remainder. Traps if `rhs` is zero, like `UInt`.
    public static func % (lhs: BigUInt, rhs: BigUInt) -> BigUInt { lhs.remainder(dividingBy: rhs) }
    /// Divides `lhs` by `rhs`, rounding down. Traps if `rhs` is zero.
    public static func /= (lhs: inout BigUInt, rhs: BigUInt) { lhs = lhs / rhs }
    /// Replaces `lhs` with its remainder modulo `rhs`. Traps if `rhs` is zero.
    public static func %= (lhs: inout BigUInt, rhs: BigUInt) { lhs = lhs % rhs }
}

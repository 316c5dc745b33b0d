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
        // D1: normalize so the divisor's top bit is set.
        let shift = divisor.limbs[n - 1].leadingZeroBitCount
        let v = (divisor << shift).limbs
        var u = (self << shift).limbs
        if u.count == limbs.count { u.append(0) }   // u has m + n + 1 limbs
        var q = [UInt64](repeating: 0, count: m + 1)

        u.withUnsafeMutableBufferPointer { ub in
            v.withUnsafeBufferPointer { vb in
                let up = ub.baseAddress!, vp = vb.baseAddress!
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
                    q[j] = qHat
                    j -= 1
                }
            }
        }
        // D8: unnormalize the remainder.
        let remainder = BigUInt(limbs: Array(u.prefix(n))) >> shift
        return (BigUInt(limbs: q), remainder)
    }

    /// The quotient, rounded down. Traps if `rhs` is zero, like `UInt`.
    public static func / (lhs: BigUInt, rhs: BigUInt) -> BigUInt { lhs.quotientAndRemainder(dividingBy: rhs).quotient }
    /// The remainder. Traps if `rhs` is zero, like `UInt`.
    public static func % (lhs: BigUInt, rhs: BigUInt) -> BigUInt { lhs.quotientAndRemainder(dividingBy: rhs).remainder }
    /// Divides `lhs` by `rhs`, rounding down. Traps if `rhs` is zero.
    public static func /= (lhs: inout BigUInt, rhs: BigUInt) { lhs = lhs / rhs }
    /// Replaces `lhs` with its remainder modulo `rhs`. Traps if `rhs` is zero.
    public static func %= (lhs: inout BigUInt, rhs: BigUInt) { lhs = lhs % rhs }
}

// Products of two operands of the same even limb count by subtractive Karatsuba (Knuth, TAOCP vol. 2,
// §4.3.3 A): with a = a1·B + a0 and b = b1·B + b0 (B = 2^(64·h), h = n/2),
//
//   a·b = a1b1·B² + (a0b0 + a1b1 − (a0 − a1)(b0 − b1))·B + a0b0,
//
// three h×h products instead of four. The differences are taken as |a0 − a1| and |b0 − b1| with their
// signs, so the middle product stays h×h (the additive form, (a0 + a1)(b0 + b1), needs h + 1 limbs
// a side, and its carries). All memory is the caller's: no allocation inside.
//
// Variable-time: it branches on the signs of the differences (as all of BigUInt's general arithmetic
// branches on values; see BigUInt.swift).

/// Scratch limbs `multiplyKaratsubaEven` needs for `count` limbs: 2·count at this level plus what the
/// level below needs (a geometric series, below 4·count).
func karatsubaScratchCount(_ count: Int, threshold: Int) -> Int {
    count < threshold || count & 1 != 0 ? 0 : 2 &* count &+ karatsubaScratchCount(count / 2, threshold: threshold)
}

/// `r[0..<2·count] = a[0..<count] · b[0..<count]`: subtractive Karatsuba while `count` is even and at
/// least `threshold`, the two-row schoolbook product below that. `r` must not overlap `a`, `b` or
/// `scratch`; `scratch` has `karatsubaScratchCount(count, threshold:)` limbs.
func multiplyKaratsubaEven(_ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>,
                           count n: Int, threshold: Int, scratch: UnsafeMutablePointer<UInt64>) {
    guard n >= threshold, n & 1 == 0 else {
        if n == 16 { multiplyLimbs16(r, a, b) } else { multiplyLimbs(r, a, aCount: n, b, bCount: n) }
        return
    }
    let h = n / 2
    let a0 = a, a1 = a + h, b0 = b, b1 = b + h
    // scratch: |a0 − a1| (h limbs), |b0 − b1| (h), their product P (n); then the level below's.
    let da = scratch, db = scratch + h, product = scratch + n, below = scratch + 2 &* n
    // The outer products straight into r: L = a0b0 in the low n limbs, H = a1b1 in the high n.
    multiplyKaratsubaEven(r, a0, b0, count: h, threshold: threshold, scratch: below)
    multiplyKaratsubaEven(r + n, a1, b1, count: h, threshold: threshold, scratch: below)
    let aNegative = absoluteDifference(da, a0, a1, count: h)
    let bNegative = absoluteDifference(db, b0, b1, count: h)
    multiplyKaratsubaEven(product, da, db, count: h, threshold: threshold, scratch: below)
    // (a0 − a1)(b0 − b1) = ±P: the middle term L + H ∓ P = a0b1 + a1b0 goes in at limb h.
    addMiddleTerm(r, product, subtract: aNegative == bNegative, half: h)
}

/// Adds (L + H ∓ P)·B to r = H·B² + L, where B = 2^(64·half) and L, H, P have 2·half limbs, in one pass
/// over the quarters of r (the arrangement of GMP's Toom-2 product). With r = [Q3 Q2 Q1 Q0] (quarters of
/// `half` limbs, L = Q1·B + Q0, H = Q3·B + Q2) and P = P1·B + P0, the middle term changes two quarters:
///
///   Q1 ← Q1 + Q0 + Q2 ∓ P0,   Q2 ← Q2 + Q1 + Q3 ∓ P1   (old Q1, Q2 on the right),
///
/// which share S = Q1 + Q2. Position j of both is computed from position j of every quarter, so each
/// limb is read before it is overwritten; the carries (signed: −1 to 3) go in above the quarters after.
@inline(__always)
func addMiddleTerm(_ r: UnsafeMutablePointer<UInt64>, _ p: UnsafePointer<UInt64>, subtract: Bool, half h: Int) {
    let q0 = r, q1 = r + h, q2 = r + 2 &* h, q3 = r + 3 &* h
    var carryS: UInt64 = 0, carryX: UInt64 = 0, carryY: UInt64 = 0, carryP0: UInt64 = 0, carryP1: UInt64 = 0
    @inline(__always) func sums(_ j: Int) -> (x: UInt64, y: UInt64) {
        let (s1, o1) = q1[j].addingReportingOverflow(q2[j])
        let (s, o2) = s1.addingReportingOverflow(carryS)
        carryS = (o1 ? 1 : 0) &+ (o2 ? 1 : 0)
        let (x1, o3) = s.addingReportingOverflow(q0[j])
        let (x, o4) = x1.addingReportingOverflow(carryX)
        carryX = (o3 ? 1 : 0) &+ (o4 ? 1 : 0)
        let (y1, o5) = s.addingReportingOverflow(q3[j])
        let (y, o6) = y1.addingReportingOverflow(carryY)
        carryY = (o5 ? 1 : 0) &+ (o6 ? 1 : 0)
        return (x, y)
    }
    var j = 0
    if subtract {
        while j < h {
            let (x, y) = sums(j)
            let (d1, b1) = x.subtractingReportingOverflow(p[j])
            let (d2, b2) = d1.subtractingReportingOverflow(carryP0)
            carryP0 = (b1 ? 1 : 0) &+ (b2 ? 1 : 0)
            let (e1, b3) = y.subtractingReportingOverflow(p[h &+ j])
            let (e2, b4) = e1.subtractingReportingOverflow(carryP1)
            carryP1 = (b3 ? 1 : 0) &+ (b4 ? 1 : 0)
            q1[j] = d2
            q2[j] = e2
            j &+= 1
        }
    } else {
        while j < h {
            let (x, y) = sums(j)
            let (d1, c1) = x.addingReportingOverflow(p[j])
            let (d2, c2) = d1.addingReportingOverflow(carryP0)
            carryP0 = (c1 ? 1 : 0) &+ (c2 ? 1 : 0)
            let (e1, c3) = y.addingReportingOverflow(p[h &+ j])
            let (e2, c4) = e1.addingReportingOverflow(carryP1)
            carryP1 = (c3 ? 1 : 0) &+ (c4 ? 1 : 0)
            q1[j] = d2
            q2[j] = e2
            j &+= 1
        }
    }
    // What Q1's sum owes at Q2 (S's carry, its own, P0's), and Q2's at Q3 (S's again, its own, P1's).
    let sign = subtract ? -1 : 1
    addSignedCarry(q2, Int(carryS) &+ Int(carryX) &+ sign &* Int(carryP0), count: 2 &* h)
    addSignedCarry(q3, Int(carryS) &+ Int(carryY) &+ sign &* Int(carryP1), count: h)
}

/// `r[0..<count] += carry` for a small signed carry, propagating; the caller knows the true result fits.
@inline(__always)
private func addSignedCarry(_ r: UnsafeMutablePointer<UInt64>, _ carry: Int, count: Int) {
    if carry > 0 {
        _ = addCarry(r, UInt64(carry), count: count)
    } else if carry < 0 {
        _ = subtractBorrow(r, UInt64(-carry), count: count)
    }
}

/// `d = |x − y|` over `count` limbs; returns whether x < y. The subtraction loop writes d directly rather
/// than copying the larger operand and calling `subtractLimbs` in place: the copy cost 2% of a 2048-bit
/// product.
@inline(__always)
func absoluteDifference(_ d: UnsafeMutablePointer<UInt64>, _ x: UnsafePointer<UInt64>, _ y: UnsafePointer<UInt64>,
                                count: Int) -> Bool {
    let negative = compareLimbs(x, y, count: count) < 0
    let (larger, smaller) = negative ? (y, x) : (x, y)
    var borrow: UInt64 = 0
    var i = 0
    while i < count {
        let (d1, o1) = larger[i].subtractingReportingOverflow(smaller[i])
        let (d2, o2) = d1.subtractingReportingOverflow(borrow)
        d[i] = d2
        borrow = (o1 ? 1 : 0) &+ (o2 ? 1 : 0)
        i &+= 1
    }
    return negative
}

/// `r[0..<2·count] = a[0..<count]²` for public a (RSA verification at 4096 bits and above): Karatsuba
/// squaring while `count` is even and at least `threshold`, a² = a1²·B² + (a0² + a1² − (a0 − a1)²)·B + a0²
/// (the middle product is a square, so no sign to track), `squareLimbsVartime` below. `scratch` has
/// `karatsubaScratchCount(count, threshold:)` limbs; `r` overlaps neither `a` nor `scratch`.
func squareKaratsubaVartime(_ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, count n: Int, threshold: Int,
                            scratch: UnsafeMutablePointer<UInt64>) {
    guard n >= threshold, n & 1 == 0 else {
        squareLimbsVartime(r, a, count: n)
        return
    }
    let h = n / 2
    let difference = scratch, square = scratch + n, below = scratch + 2 &* n
    squareKaratsubaVartime(r, a, count: h, threshold: threshold, scratch: below)
    squareKaratsubaVartime(r + n, a + h, count: h, threshold: threshold, scratch: below)
    _ = absoluteDifference(difference, a, a + h, count: h)
    squareKaratsubaVartime(square, difference, count: h, threshold: threshold, scratch: below)
    addMiddleTerm(r, square, subtract: true, half: h)
}

// The limb-level loops every operation is built on. Limbs are UInt64, least significant first. These work
// on raw pointers so that the loops carry no bounds checks and allocate nothing; callers own the memory
// and guarantee the sizes stated in each comment.

/// `a[0..<count] += b[0..<count]`; returns the carry out (0 or 1).
@inline(__always)
func addLimbs(_ a: UnsafeMutablePointer<UInt64>, _ b: UnsafePointer<UInt64>, count: Int) -> UInt64 {
    var carry: UInt64 = 0
    var i = 0
    while i < count {
        let (s1, o1) = a[i].addingReportingOverflow(b[i])
        let (s2, o2) = s1.addingReportingOverflow(carry)
        a[i] = s2
        carry = (o1 ? 1 : 0) &+ (o2 ? 1 : 0)
        i &+= 1
    }
    return carry
}

/// `a[0..<count] += carry`, propagating; returns the carry out.
@inline(__always)
func addCarry(_ a: UnsafeMutablePointer<UInt64>, _ carryIn: UInt64, count: Int) -> UInt64 {
    var carry = carryIn
    var i = 0
    while carry != 0 && i < count {
        let (s, o) = a[i].addingReportingOverflow(carry)
        a[i] = s
        carry = o ? 1 : 0
        i &+= 1
    }
    return carry
}

/// `a[0..<count] -= b[0..<count]`; returns the borrow out (0 or 1).
@inline(__always)
func subtractLimbs(_ a: UnsafeMutablePointer<UInt64>, _ b: UnsafePointer<UInt64>, count: Int) -> UInt64 {
    var borrow: UInt64 = 0
    var i = 0
    while i < count {
        let (d1, o1) = a[i].subtractingReportingOverflow(b[i])
        let (d2, o2) = d1.subtractingReportingOverflow(borrow)
        a[i] = d2
        borrow = (o1 ? 1 : 0) &+ (o2 ? 1 : 0)
        i &+= 1
    }
    return borrow
}

/// `a[0..<count] -= borrow`, propagating; returns the borrow out.
@inline(__always)
func subtractBorrow(_ a: UnsafeMutablePointer<UInt64>, _ borrowIn: UInt64, count: Int) -> UInt64 {
    var borrow = borrowIn
    var i = 0
    while borrow != 0 && i < count {
        let (d, o) = a[i].subtractingReportingOverflow(borrow)
        a[i] = d
        borrow = o ? 1 : 0
        i &+= 1
    }
    return borrow
}

/// `r[0..<count] += a[0..<count] * m`; returns the high limb (the carry out, to be added at r[count]).
@inline(__always)
func multiplyAddLimbs(_ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, _ m: UInt64, count: Int) -> UInt64 {
    var carry: UInt64 = 0
    var i = 0
    while i < count {
        let (high, low) = a[i].multipliedFullWidth(by: m)
        let (s1, o1) = low.addingReportingOverflow(r[i])
        let (s2, o2) = s1.addingReportingOverflow(carry)
        r[i] = s2
        carry = high &+ (o1 ? 1 : 0) &+ (o2 ? 1 : 0)   // cannot overflow: a·m + r + c < 2^128
        i &+= 1
    }
    return carry
}

/// `r[0..<count] -= a[0..<count] * m`; returns the high limb to subtract at r[count].
@inline(__always)
func multiplySubtractLimbs(_ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, _ m: UInt64, count: Int) -> UInt64 {
    var carry: UInt64 = 0
    var i = 0
    while i < count {
        let (high, low) = a[i].multipliedFullWidth(by: m)
        let (p, o1) = low.addingReportingOverflow(carry)
        let (d, o2) = r[i].subtractingReportingOverflow(p)
        r[i] = d
        carry = high &+ (o1 ? 1 : 0) &+ (o2 ? 1 : 0)
        i &+= 1
    }
    return carry
}

/// `r[0..<count] += a[0..<count]·m0 + a[0..<count − 1]·m1·2^64 + carryIn` over positions 0..<count,
/// returning what is owed at position `count`: row 0's carry and row 1's carry (row 1's last product,
/// a[count − 1]·m1, is the caller's). Two rows at once give the processor two independent carry chains;
/// one row's chain alone leaves it waiting on each carry. `count` ≥ 1. Shared by the schoolbook product
/// and the squaring, which differ only in what they do at the ends. (`carryIn` joins row 0 at position 0:
/// a[0]·m0 + r[0] + carryIn < 2^128, so it cannot overflow.)
@inline(__always)
func multiplyAddTwoRowsBody(_ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, _ m0: UInt64, _ m1: UInt64,
                            count: Int, carryIn: UInt64 = 0, accumulate: Bool = true) -> (carry0: UInt64, carry1: UInt64) {
    // Row 0 at position 0.
    var (carry0, low) = a[0].multipliedFullWidth(by: m0)
    let (sum, o1) = low.addingReportingOverflow(accumulate ? r[0] : 0)
    let (first, o2) = sum.addingReportingOverflow(carryIn)
    r[0] = first
    carry0 &+= (o1 ? 1 : 0) &+ (o2 ? 1 : 0)
    return multiplyAddTwoRowsFromPosition1(r, a, m0, m1, count: count, carry0: carry0, accumulate: accumulate)
}

/// Positions 1..<count of `multiplyAddTwoRowsBody`, given row 0's carry out of position 0 (row 1 starts
/// at position 1 with no carry). The REDC (MontgomerySquaring.swift) does position 0 itself, where it
/// knows the sum's low limb is zero. With `accumulate` false (a literal at every call site, so the
/// compiler drops the loads), r is written rather than added to: the first rows of a product.
@inline(__always)
func multiplyAddTwoRowsFromPosition1(_ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, _ m0: UInt64,
                                     _ m1: UInt64, count: Int, carry0 carry0In: UInt64,
                                     accumulate: Bool = true) -> (carry0: UInt64, carry1: UInt64) {
    var carry0 = carry0In
    var carry1: UInt64 = 0
    // Row 0 at position i, row 1 at position i (it multiplies a[i−1]).
    @inline(__always) func step(_ i: Int) {
        let (h0, l0) = a[i].multipliedFullWidth(by: m0)
        let (s1, o1) = l0.addingReportingOverflow(accumulate ? r[i] : 0)
        let (s2, o2) = s1.addingReportingOverflow(carry0)
        carry0 = h0 &+ (o1 ? 1 : 0) &+ (o2 ? 1 : 0)
        let (h1, l1) = a[i &- 1].multipliedFullWidth(by: m1)
        let (s3, o3) = l1.addingReportingOverflow(s2)
        let (s4, o4) = s3.addingReportingOverflow(carry1)
        carry1 = h1 &+ (o3 ? 1 : 0) &+ (o4 ? 1 : 0)
        r[i] = s4
    }
    // Two positions per iteration: less loop bookkeeping between the multiplications.
    var i = 1
    while i &+ 1 < count {
        step(i)
        step(i &+ 1)
        i &+= 2
    }
    if i < count { step(i) }
    return (carry0, carry1)
}

/// `r[0…count+1] += a[0..<count]·m0 + a[0..<count]·m1·2^64 + carryIn`, where `r[count]` and `r[count+1]`
/// are written, not added to (they receive the top limbs); with `accumulate` false, r[0..<count] is
/// written too (`r = …`). `count` ≥ 1.
@inline(__always)
func multiplyAddTwoRows(_ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, _ m0: UInt64, _ m1: UInt64, count: Int,
                        carryIn: UInt64 = 0, accumulate: Bool = true) {
    let (carry0, carry1) = multiplyAddTwoRowsBody(r, a, m0, m1, count: count, carryIn: carryIn, accumulate: accumulate)
    // Position count: row 0's carry and row 1's last product.
    let (h1, l1) = a[count &- 1].multipliedFullWidth(by: m1)
    let (s1, o1) = l1.addingReportingOverflow(carry0)
    let (s2, o2) = s1.addingReportingOverflow(carry1)
    r[count] = s2
    r[count &+ 1] = h1 &+ (o1 ? 1 : 0) &+ (o2 ? 1 : 0)
}

/// Schoolbook product: `r[0..<aCount+bCount] = a * b`, two rows of b at a time. `r` must not overlap `a`
/// or `b`.
func multiplyLimbs(_ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, aCount: Int,
                   _ b: UnsafePointer<UInt64>, bCount: Int) {
    multiplyLimbsInlined(r, a, aCount: aCount, b, bCount: bCount)
}

/// `multiplyLimbs` for 16 × 16 limbs, the base of the Karatsuba product at 32 limbs
/// (KaratsubaMultiplication.swift): with the counts known, the compiler unrolls the rows' inner loops.
func multiplyLimbs16(_ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>) {
    multiplyLimbsInlined(r, a, aCount: 16, b, bCount: 16)
}

@inline(__always)
func multiplyLimbsInlined(_ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, aCount: Int,
                          _ b: UnsafePointer<UInt64>, bCount: Int) {
    var j = 0
    if bCount >= 2 {
        // The first two rows write r[0..<aCount+2] instead of adding to zeros (no zero fill, no loads).
        multiplyAddTwoRows(r, a, b[0], b[1], count: aCount, accumulate: false)
        j = 2
    } else {
        r.update(repeating: 0, count: aCount)
    }
    while j &+ 1 < bCount {
        // Rows j and j+1 add to r[j..<j+aCount], which earlier rows wrote, and write r[j+aCount] and
        // r[j+aCount+1], which no earlier row reached.
        multiplyAddTwoRows(r + j, a, b[j], b[j &+ 1], count: aCount)
        j &+= 2
    }
    if j < bCount {
        r[aCount &+ j] = multiplyAddLimbs(r + j, a, b[j], count: aCount)
    }
}

/// Compares `a[0..<count]` with `b[0..<count]`: -1, 0 or 1. Variable-time.
@inline(__always)
func compareLimbs(_ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>, count: Int) -> Int {
    var i = count &- 1
    while i >= 0 {
        if a[i] != b[i] { return a[i] < b[i] ? -1 : 1 }
        i &-= 1
    }
    return 0
}

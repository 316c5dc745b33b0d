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

/// Schoolbook product: `r[0..<aCount+bCount] = a * b`. `r` must not overlap `a` or `b`.
func multiplyLimbs(_ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, aCount: Int,
                   _ b: UnsafePointer<UInt64>, bCount: Int) {
    r.update(repeating: 0, count: aCount &+ bCount)
    var j = 0
    while j < bCount {
        r[aCount &+ j] = multiplyAddLimbs(r + j, a, b[j], count: aCount)
        j &+= 1
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

// Montgomery multiplication for public operands only (`powerVartime`, i.e. RSA signature verification).
//
// The same CIOS loop as `montgomeryMultiplyLimbs`, with carries taken from the processor's overflow flags.
// LLVM compiles some of those into conditional jumps on the data (`add; jae; inc`), so the timing depends on
// the operands: harmless for public data, and about twice as fast as the branch-free carries the
// constant-time kernel must use. Never call this with secret operands.

extension MontgomeryContext {
    /// r = a·b·R⁻¹ mod n, for a, b < n, variable-time (public operands). Same contract as `montgomeryMultiply`.
    func montgomeryMultiplyVartime(_ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>,
                                   _ t: UnsafeMutablePointer<UInt64>) {
        n.withUnsafeBufferPointer { nb in
            montgomeryMultiplyLimbsVartime(r, a, b, nb.baseAddress!, n0Inverse, count, t)
        }
    }
}

/// The variable-time twin of `montgomeryMultiplyLimbs` (see the top of this file).
@inline(__always)
func montgomeryMultiplyLimbsVartime(_ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>,
                                    _ n: UnsafePointer<UInt64>, _ n0Inverse: UInt64, _ k: Int,
                                    _ t: UnsafeMutablePointer<UInt64>) {
    t.update(repeating: 0, count: k &+ 1)
    var i = 0
    while i < k {
        let bi = b[i]
        // j = 0: choose m so that t[0] + a[0]·bi + m·n[0] ≡ 0 (mod 2^64).
        var (carryA, low) = a[0].multipliedFullWidth(by: bi)
        let (u0, o0) = low.addingReportingOverflow(t[0])
        carryA &+= o0 ? 1 : 0
        let m = u0 &* n0Inverse
        var (carryN, lowN) = n[0].multipliedFullWidth(by: m)
        let (_, oN) = lowN.addingReportingOverflow(u0)   // the sum is 0 mod 2^64 by the choice of m
        carryN &+= oN ? 1 : 0
        var j = 1
        while j < k {
            let (ha, la) = a[j].multipliedFullWidth(by: bi)
            let (s1, o1) = la.addingReportingOverflow(t[j])
            let (s2, o2) = s1.addingReportingOverflow(carryA)
            carryA = ha &+ (o1 ? 1 : 0) &+ (o2 ? 1 : 0)
            let (hn, ln) = n[j].multipliedFullWidth(by: m)
            let (s3, o3) = ln.addingReportingOverflow(s2)
            let (s4, o4) = s3.addingReportingOverflow(carryN)
            carryN = hn &+ (o3 ? 1 : 0) &+ (o4 ? 1 : 0)
            t[j &- 1] = s4
            j &+= 1
        }
        // The top: t[k] + carryA + carryN, which may carry into a (k+1)-th limb.
        let (s1, o1) = t[k].addingReportingOverflow(carryA)
        let (s2, o2) = s1.addingReportingOverflow(carryN)
        t[k &- 1] = s2
        t[k] = (o1 ? 1 : 0) &+ (o2 ? 1 : 0)
        i &+= 1
    }
    // t < 2n: subtract n, and keep the difference unless it borrowed (selected by mask, not branch).
    var borrow: UInt64 = 0
    var j = 0
    while j < k {
        let (d1, o1) = t[j].subtractingReportingOverflow(n[j])
        let (d2, o2) = d1.subtractingReportingOverflow(borrow)
        r[j] = d2
        borrow = (o1 ? 1 : 0) &+ (o2 ? 1 : 0)
        j &+= 1
    }
    // Keep t when t[k] == 0 and the subtraction borrowed.
    let keepT = 0 &- (borrow & (1 &- t[k]))
    j = 0
    while j < k {
        r[j] = (t[j] & keepT) | (r[j] & ~keepT)
        j &+= 1
    }
}

// Squaring in Montgomery form for public operands (RSA verification): the square first, then a separate
// REDC ("separated operand scanning", Koç, Acar and Kaliski 1996). The square needs only the k(k−1)/2
// cross products a_i·a_j, i < j, doubled, plus the k squares a_i², so a Montgomery squaring costs about
// 1.5k² multiplications against 2k² for a Montgomery multiplication. RSA verification with e = 65537 is
// sixteen squarings and one multiplication, so this is where its time goes.
//
// VARIABLE-TIME only in name: the loops are fixed for a given k, but carries come from the overflow flags
// without the constant-time policy of MontgomeryCarries.swift, and nothing here has been checked for
// timing. Use it for public operands only.

/// `r[0..<2·count] = a[0..<count]²`. `r` must not overlap `a`. `count` ≥ 1.
func squareLimbsVartime(_ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, count k: Int) {
    r.update(repeating: 0, count: 2 &* k)
    // Cross products: row i adds a_i·a_j for j > i at limb i + j; its carry lands on r[i + k], which no
    // earlier row has reached (row i − 1 ends at r[i + k − 1]).
    var i = 0
    while i < k &- 1 {
        r[i &+ k] = multiplyAddLimbs(r + (2 &* i &+ 1), a + (i &+ 1), a[i], count: k &- i &- 1)
        i &+= 1
    }
    // Double them: their sum is below a²/2, so no bit leaves the top limb. (r[0] holds no cross product
    // and stays zero.)
    var j = 2 &* k &- 1
    while j > 0 {
        r[j] = r[j] << 1 | r[j &- 1] >> 63
        j &-= 1
    }
    // Add the squares a_i² at limb 2i.
    var carry: UInt64 = 0
    i = 0
    while i < k {
        let (high, low) = a[i].multipliedFullWidth(by: a[i])
        let (s1, o1) = r[2 &* i].addingReportingOverflow(low)
        let (s2, o2) = s1.addingReportingOverflow(carry)
        r[2 &* i] = s2
        let (s3, o3) = r[2 &* i &+ 1].addingReportingOverflow(high)
        let (s4, o4) = s3.addingReportingOverflow((o1 ? 1 : 0) &+ (o2 ? 1 : 0))
        r[2 &* i &+ 1] = s4
        carry = (o3 ? 1 : 0) &+ (o4 ? 1 : 0)
        i &+= 1
    }
}

/// REDC of `t[0..<2·count]` (a value below n·R) into `r[0..<count]` = t·R⁻¹ mod n. Destroys `t`.
/// Preconditions: n odd, `n0Inverse` = −n⁻¹ mod 2^64, `r` overlaps neither `t` nor `n`.
func montgomeryReduceVartime(_ r: UnsafeMutablePointer<UInt64>, _ t: UnsafeMutablePointer<UInt64>,
                             _ n: UnsafePointer<UInt64>, _ n0Inverse: UInt64, count k: Int) {
    // Round i clears t[i] by adding m·n·2^(64i); its carry out of t[i + k] is held in `pending` and added
    // by the next round, one limb higher.
    var pending: UInt64 = 0
    var i = 0
    while i < k {
        let m = t[i] &* n0Inverse
        let high = multiplyAddLimbs(t + i, n, m, count: k)
        let (s1, o1) = t[i &+ k].addingReportingOverflow(high)
        let (s2, o2) = s1.addingReportingOverflow(pending)
        t[i &+ k] = s2
        pending = (o1 ? 1 : 0) &+ (o2 ? 1 : 0)
        i &+= 1
    }
    // (t[k..<2k] + pending·R) < 2n: subtract n once if it is at least n.
    let upper = t + k
    if pending != 0 || compareLimbs(upper, n, count: k) >= 0 {
        _ = subtractLimbs(upper, n, count: k)
    }
    r.update(from: upper, count: k)
}

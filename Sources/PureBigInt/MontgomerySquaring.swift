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
    // Cross products: row i adds a_i·a_j for j > i at limb i + j and ends at r[i + k], which no earlier
    // row has reached. Rows go in pairs (i, i + 1), two carry chains in one pass: row i from j = i + 2 and
    // row i + 1 from j = i + 2, one limb up, both written by `multiplyAddTwoRows` over a[i + 2…], which
    // sets r[i + k] and r[i + k + 1]. Row i's first product a_i·a_(i+1) goes in first: its low limb at
    // r[2i + 1], and its high limb with that addition's carry (at most 2^64 − 1 together) as the pass's
    // carry into r[2i + 2]. (A separate carry-propagation loop there cost a mispredicted branch on about
    // every other row pair.)
    var i = 0
    while i &+ 2 < k {
        let (high, low) = a[i].multipliedFullWidth(by: a[i &+ 1])
        let (s1, o1) = r[2 &* i &+ 1].addingReportingOverflow(low)
        r[2 &* i &+ 1] = s1
        multiplyAddTwoRows(r + (2 &* i &+ 2), a + (i &+ 2), a[i], a[i &+ 1], count: k &- i &- 2,
                           carryIn: high &+ (o1 ? 1 : 0))
        i &+= 2
    }
    if i &+ 1 < k {
        // One row left, with the single product a_i·a_(k−1).
        r[i &+ k] = multiplyAddLimbs(r + (2 &* i &+ 1), a + (i &+ 1), a[i], count: k &- i &- 1)
    }
    // Double the cross products (their sum is below a²/2, so no bit leaves the top limb) and add the
    // squares a_i² at limb 2i, in one pass over limb pairs.
    var shiftedOut: UInt64 = 0      // the top bit of the previous limb, shifted into this one
    var carry: UInt64 = 0
    i = 0
    while i < k {
        let low = r[2 &* i], high = r[2 &* i &+ 1]
        let doubledLow = low << 1 | shiftedOut
        let doubledHigh = high << 1 | low >> 63
        shiftedOut = high >> 63
        let (squareHigh, squareLow) = a[i].multipliedFullWidth(by: a[i])
        let (s1, o1) = doubledLow.addingReportingOverflow(squareLow)
        let (s2, o2) = s1.addingReportingOverflow(carry)
        let (s3, o3) = doubledHigh.addingReportingOverflow(squareHigh)
        let (s4, o4) = s3.addingReportingOverflow((o1 ? 1 : 0) &+ (o2 ? 1 : 0))
        r[2 &* i] = s2
        r[2 &* i &+ 1] = s4
        carry = (o3 ? 1 : 0) &+ (o4 ? 1 : 0)
        i &+= 1
    }
}

/// REDC of `t[0..<2·count]` (a value below n·R) into `r[0..<count]` = t·R⁻¹ mod n. Destroys `t`.
/// Preconditions: n odd, `n0Inverse` = −n⁻¹ mod 2^64, `r` overlaps neither `t` nor `n`, `count` ≥ 1.
///
/// Rounds go in pairs: round i clears t[i] by adding m0·n·2^(64i), round i + 1 clears t[i + 1] by adding
/// m1·n·2^(64(i+1)). m1 depends only on the low limbs of round i's sum, so it is computed first, and then
/// both rows run in one pass with two independent carry chains, which the processor overlaps.
func montgomeryReduceVartime(_ r: UnsafeMutablePointer<UInt64>, _ t: UnsafeMutablePointer<UInt64>,
                             _ n: UnsafePointer<UInt64>, _ n0Inverse: UInt64, count k: Int) {
    // The carry out of the top position of the previous round(s), owed one limb higher.
    var pending: UInt64 = 0
    var i = 0
    while i &+ 1 < k {
        let u = t + i
        let m0 = u[0] &* n0Inverse
        // Position 0: u[0] + low(n[0]·m0) ≡ 0 (mod 2^64) by the choice of m0, so the limb becomes zero
        // (and is not read again) and carries 1 unless u[0] = 0.
        let carryOfLimb0: UInt64 = u[0] == 0 ? 0 : 1
        let (h00, _) = n[0].multipliedFullWidth(by: m0)
        // Limb 1 after round i: u[1] + n[1]·m0 (low) + n[0]·m0 (high) + the carry of limb 0.
        let limb1 = u[1] &+ (n[1] &* m0) &+ h00 &+ carryOfLimb0
        let m1 = limb1 &* n0Inverse
        // Positions 1..<k: row 0 adds n[j]·m0 at j, row 1 adds n[j − 1]·m1 at j.
        let (carry0, carry1) = multiplyAddTwoRowsFromPosition1(u, n, m0, m1, count: k, carry0: h00 &+ carryOfLimb0)
        // Position k, shaped like a step of the loop: row 0 (no product) adds carry0 and what the previous
        // pair owes here (two carries at most), row 1 adds n[k − 1]·m1 and its carry. (Summed as four
        // overflow flags into one count, as before, LLVM compiled this into branches on the data,
        // mispredicted about half the time when the operands change: RSA verification of changing
        // signatures was 5% slower than of one signature again and again.)
        let (h1, l1) = n[k &- 1].multipliedFullWidth(by: m1)
        let (p1, q1) = u[k].addingReportingOverflow(carry0)
        let (p2, q2) = p1.addingReportingOverflow(pending)
        let top0: UInt64 = (q1 ? 1 : 0) &+ (q2 ? 1 : 0)
        let (p3, q3) = l1.addingReportingOverflow(p2)
        let (p4, q4) = p3.addingReportingOverflow(carry1)
        let top1 = h1 &+ (q3 ? 1 : 0) &+ (q4 ? 1 : 0)   // cannot overflow: n[k − 1]·m1 + p2 + carry1 < 2^128
        u[k] = p4
        // Position k + 1: both rows' carries.
        let (s1, o1) = u[k &+ 1].addingReportingOverflow(top0)
        let (s2, o2) = s1.addingReportingOverflow(top1)
        u[k &+ 1] = s2
        pending = (o1 ? 1 : 0) &+ (o2 ? 1 : 0)
        i &+= 2
    }
    if i < k {
        // An odd count leaves one round, on the top limb pair.
        let m = t[i] &* n0Inverse
        let high = multiplyAddLimbs(t + i, n, m, count: k)
        let (s1, o1) = t[i &+ k].addingReportingOverflow(high)
        let (s2, o2) = s1.addingReportingOverflow(pending)
        t[i &+ k] = s2
        pending = (o1 ? 1 : 0) &+ (o2 ? 1 : 0)
    }
    // (t[k..<2k] + pending·R) < 2n: subtract n once if it is at least n.
    let upper = t + k
    if pending != 0 || compareLimbs(upper, n, count: k) >= 0 {
        _ = subtractLimbs(upper, n, count: k)
    }
    r.update(from: upper, count: k)
}
